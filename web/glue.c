/*
 * glue.c: the thin JS-facing API of the WASM build (scripts/wasm.sh,
 * web/worker.js wraps it). A handle holds one game and one text buffer; every
 * call that returns text returns a pointer into that buffer, valid until the
 * next call on the handle. Moves travel as record text (`place 1 0 3`).
 *
 * Compiled natively too (scripts/wasm.sh --bench), so that wc_bench_game()
 * runs the same loop beside native code.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "city/city.h"
#include "city/render.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define WC_API EMSCRIPTEN_KEEPALIVE
#else
#define WC_API
#endif

typedef struct wc {
	city_game *g;
	char *text;
	size_t cap, len;
	char err[512];
} wc;

/* ---- the text buffer ------------------------------------------------- */

static int reserve(wc *h, size_t need)
{
	char *nb;
	size_t cap;
	if (need <= h->cap)
		return 0;
	cap = h->cap ? h->cap : 4096;
	while (cap < need)
		cap *= 2;
	nb = realloc(h->text, cap);
	if (!nb)
		return -1;
	h->text = nb;
	h->cap = cap;
	return 0;
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
static void put(wc *h, const char *fmt, ...)
{
	va_list ap;
	int n;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || reserve(h, h->len + (size_t)n + 1) != 0)
		return;
	va_start(ap, fmt);
	vsnprintf(h->text + h->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	h->len += (size_t)n;
}

static const char *begin(wc *h)
{
	h->len = 0;
	if (reserve(h, 1) != 0)
		return "";
	h->text[0] = '\0';
	return h->text;
}

/* ---- handles --------------------------------------------------------- */

/* A new game: `game` is "the-city", "carcassonne" or "carcassonne-tower"
 * (the base game with The Tower), optionally followed by "+river" (The
 * River) and "+farmers" (the farmers of Carcassonne, C-OPT-1), in that
 * order, for the last two; players 2..4 (2..5 in Carcassonne),
 * the 64-bit seed as two halves. On failure the handle has no game and
 * wc_error() tells why. */
WC_API wc *wc_new(const char *game, int players, uint32_t seed_lo,
                  uint32_t seed_hi)
{
	wc *h = calloc(1, sizeof *h);
	city_options *o = NULL;
	char name[32];
	const char *plus;
	size_t len;
	int rc, kind = -1, tower = 0, farmers = 0, river = 0;
	if (!h)
		return NULL;
	plus = game ? strchr(game, '+') : NULL;
	len = game ? (plus ? (size_t)(plus - game) : strlen(game)) : 0;
	if (game && len < sizeof name) {
		memcpy(name, game, len);
		name[len] = '\0';
		if (strcmp(name, "the-city") == 0)
			kind = CITY_GAME_THE_CITY;
		else if (strcmp(name, "carcassonne") == 0)
			kind = CITY_GAME_CARCASSONNE;
		else if (strcmp(name, "carcassonne-tower") == 0)
			kind = CITY_GAME_CARCASSONNE, tower = 1;
		if (plus && strncmp(plus, "+river", 6) == 0 &&
		    kind == CITY_GAME_CARCASSONNE) {
			river = 1;
			plus = plus[6] ? plus + 6 : NULL;
		}
		if (plus && strcmp(plus, "+farmers") == 0 &&
		    kind == CITY_GAME_CARCASSONNE)
			farmers = 1;
		else if (plus)
			kind = -1;
	}
	if (kind < 0) {
		snprintf(h->err, sizeof h->err,
		         "game \"%s\" is unknown (the-city, carcassonne, "
		         "carcassonne-tower; +river, +farmers for the last "
		         "two)",
		         game ? game : "");
		return h;
	}
	rc = city_options_new(&o);
	if (rc == CITY_OK)
		rc = city_options_set_game(o, kind);
	if (rc == CITY_OK && tower)
		rc = city_options_set_expansion(o, CITY_EXPANSION_TOWER, 1);
	if (rc == CITY_OK && river)
		rc = city_options_set_expansion(o, CITY_EXPANSION_RIVER, 1);
	if (rc == CITY_OK && farmers)
		rc = city_options_set_rule(o, CITY_RULE_FARMERS, 1);
	if (rc == CITY_OK)
		rc = city_options_set_players(o, players);
	if (rc == CITY_OK)
		rc = city_options_set_seed(o, ((uint64_t)seed_hi << 32) | seed_lo);
	if (rc == CITY_OK)
		rc = city_game_new(&h->g, o);
	if (rc != CITY_OK)
		snprintf(h->err, sizeof h->err, "cannot start the game: %s",
		         city_status_str(rc));
	city_options_free(o);
	return h;
}

/* A game from a `.city` record (the whole record must be valid). */
WC_API wc *wc_load(const char *text)
{
	wc *h = calloc(1, sizeof *h);
	int rc;
	if (!h)
		return NULL;
	rc = city_game_load(&h->g, text, strlen(text), h->err, sizeof h->err);
	if (rc != CITY_OK && h->err[0] == '\0')
		snprintf(h->err, sizeof h->err, "%s", city_status_str(rc));
	return h;
}

WC_API void wc_free(wc *h)
{
	if (!h)
		return;
	city_game_free(h->g);
	free(h->text);
	free(h);
}

WC_API int wc_ok(const wc *h)
{
	return h && h->g;
}

WC_API const char *wc_error(const wc *h)
{
	return h ? h->err : "no handle";
}

/* ---- play ------------------------------------------------------------ */

/* Apply one move given as record text. Returns a CITY_* status; on
 * failure wc_error() names the rule. */
WC_API int wc_apply(wc *h, const char *text)
{
	city_move m;
	int rc;
	if (!wc_ok(h))
		return CITY_EINVAL;
	rc = city_move_parse(&m, text);
	if (rc != CITY_OK) {
		snprintf(h->err, sizeof h->err, "cannot read the move \"%s\"", text);
		return rc;
	}
	rc = city_apply_move(h->g, &m);
	if (rc != CITY_OK)
		snprintf(h->err, sizeof h->err, "%s", city_game_last_error(h->g));
	else if (city_game_decision(h->g) == CITY_DECISION_END)
		city_score_final(h->g);
	return rc;
}

WC_API int wc_undo(wc *h)
{
	if (!wc_ok(h))
		return CITY_EINVAL;
	return city_game_undo(h->g);
}

/* The SVG of game `g` in the handle's buffer ("" on failure). */
static const char *svg_of(wc *h, const city_game *g, unsigned flags)
{
	size_t need = 0;
	begin(h);
	if (city_game_svg(g, flags, NULL, 0, &need) != CITY_ERANGE ||
	    reserve(h, need) != 0 ||
	    city_game_svg(g, flags, h->text, h->cap, &need) != CITY_OK)
		return begin(h);
	h->len = need - 1;
	return h->text;
}

/* The board as SVG (flags: CITY_SVG_LEGAL). */
WC_API const char *wc_svg(wc *h, unsigned flags)
{
	return wc_ok(h) ? svg_of(h, h->g, flags) : begin(h);
}

/* The SVG of the game after one more move (a preview, e.g. of a tile at a
 * rotation), or "" when the move is refused. */
WC_API const char *wc_svg_after(wc *h, const char *text, unsigned flags)
{
	city_game *copy = NULL;
	city_move m;
	const char *t = begin(h);
	if (!wc_ok(h) || city_move_parse(&m, text) != CITY_OK ||
	    city_game_clone(&copy, h->g) != CITY_OK)
		return t;
	if (city_apply_move(copy, &m) == CITY_OK)
		t = svg_of(h, copy, flags);
	city_game_free(copy);
	return t;
}

/* The record text. */
WC_API const char *wc_save(wc *h)
{
	size_t need = 0;
	const char *t = begin(h);
	if (!wc_ok(h))
		return t;
	if (city_game_save(h->g, NULL, 0, &need) != CITY_ERANGE ||
	    reserve(h, need) != 0 ||
	    city_game_save(h->g, h->text, h->cap, &need) != CITY_OK)
		return begin(h);
	h->len = need - 1;
	return h->text;
}

static void put_str(wc *h, const char *s)
{
	put(h, "\"");
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			put(h, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			put(h, "\\u%04x", (unsigned)(unsigned char)*s);
		else
			put(h, "%c", *s);
	}
	put(h, "\"");
}

/* Everything the page shows besides the board, as JSON: decision, player,
 * scores by category, supplies, tiles left, the legal moves as text, the
 * moves made and the event log. */
WC_API const char *wc_state(wc *h)
{
	static const char *const decisions[] = {
	    "tile", "follower", "gate",    "wall",  "guard",
	    "tower", "end",     "capture", "ransom"};
	city_move *mv = NULL;
	size_t n = 0, i;
	int np, p, c, d, design = -1, stack = 0;
	char buf[64];
	begin(h);
	if (!wc_ok(h))
		return h->text;
	d = city_game_decision(h->g);
	np = city_game_players(h->g);
	city_game_current_tile(h->g, &design, &stack);
	put(h,
	    "{\"decision\":\"%s\",\"player\":%d,\"players\":%d,\"moves\":%d,"
	    "\"tiles\":%d,\"walls\":%d,\"left\":[%d,%d,%d],\"tile\":%d,"
	    "\"final\":%d,\"ended\":%d,\"gap\":%d,\"game\":%d,"
	    "\"tower\":%d,\"river\":%d,\"farmers\":%d,\"scores\":[",
	    d >= 0 && d <= 8 ? decisions[d] : "?", city_game_player(h->g), np,
	    city_game_move_count(h->g), city_game_tile_count(h->g),
	    city_game_walls_left(h->g), city_game_tiles_left(h->g, 1),
	    city_game_tiles_left(h->g, 2), city_game_tiles_left(h->g, 3),
	    design, city_game_final_scored(h->g), city_game_end_reasons(h->g),
	    city_wall_gap(h->g), city_game_kind(h->g),
	    (city_game_expansions(h->g) & CITY_EXPANSION_TOWER) != 0,
	    (city_game_expansions(h->g) & CITY_EXPANSION_RIVER) != 0,
	    city_game_kind(h->g) == CITY_GAME_CARCASSONNE &&
	        city_game_rule(h->g, CITY_RULE_FARMERS) == 1);
	for (p = 0; p < np; p++) {
		int f = 0, t = 0, o;
		city_game_supply(h->g, p, &f, &t);
		put(h, "%s{\"total\":%d,\"followers\":%d,\"towers\":%d,"
		       "\"floors\":%d,\"prisoners\":[",
		    p ? "," : "", city_game_score(h->g, p), f, t,
		    city_game_floors(h->g, p));
		for (o = 0; o < np; o++)
			put(h, "%s%d", o ? "," : "", city_game_prisoners(h->g, p, o));
		/* CITY_CAT_STREETS .. CITY_CAT_RANSOM */
		put(h, "],\"cat\":[");
		for (c = 0; c <= CITY_CAT_RANSOM; c++)
			put(h, "%s%d", c ? "," : "", city_game_score_detail(h->g, p, c));
		put(h, "]}");
	}
	put(h, "],\"winners\":");
	{
		unsigned mask = 0;
		put(h, "%d", city_game_winners(h->g, &mask) == CITY_OK ? (int)mask
		                                                        : -1);
	}
	put(h, ",\"legal\":[");
	if (city_legal_moves(h->g, NULL, 0, &n) == CITY_OK && n > 0 &&
	    (mv = malloc(n * sizeof *mv)) != NULL &&
	    city_legal_moves(h->g, mv, n, &n) == CITY_OK)
		for (i = 0; i < n; i++) {
			city_move_to_string(&mv[i], buf, sizeof buf, NULL);
			put(h, "%s", i ? "," : "");
			put_str(h, buf);
		}
	free(mv);
	put(h, "],\"history\":[");
	n = (size_t)city_game_move_count(h->g);
	for (i = 0; i < n; i++) {
		city_move m;
		city_game_move(h->g, i, &m);
		city_move_to_string(&m, buf, sizeof buf, NULL);
		put(h, "%s", i ? "," : "");
		put_str(h, buf);
	}
	put(h, "],\"events\":[");
	n = (size_t)city_game_event_count(h->g);
	for (i = 0; i < n; i++) {
		city_event e;
		city_game_event(h->g, i, &e);
		put(h,
		    "%s{\"kind\":%d,\"player\":%d,\"points\":%d,\"reason\":%d,"
		    "\"x\":%d,\"y\":%d,\"part\":\"%c\",\"design\":%d,\"move\":%u}",
		    i ? "," : "", e.kind, e.player, e.points, e.reason, e.x, e.y,
		    e.part >= 0x21 && e.part < 0x7f && e.part != '"' &&
		            e.part != '\\'
		        ? e.part
		        : '-',
		    e.design, e.move);
	}
	put(h, "]}");
	return h->text;
}

/* ---- pictures and the end ------------------------------------------- */

/* A new game of the same kind, expansions, farmers and tile set as the
 * handle's; NULL when it cannot be made. The caller frees it. */
static city_game *fresh_game(const wc *h)
{
	city_options *o = NULL;
	city_game *g = NULL;
	int kind = city_game_kind(h->g);
	int rc = city_options_new(&o);
	if (rc == CITY_OK)
		rc = city_options_set_game(o, kind);
	if (rc == CITY_OK && (city_game_expansions(h->g) & CITY_EXPANSION_TOWER))
		rc = city_options_set_expansion(o, CITY_EXPANSION_TOWER, 1);
	if (rc == CITY_OK && (city_game_expansions(h->g) & CITY_EXPANSION_RIVER))
		rc = city_options_set_expansion(o, CITY_EXPANSION_RIVER, 1);
	if (rc == CITY_OK && kind == CITY_GAME_CARCASSONNE)
		rc = city_options_set_rule(o, CITY_RULE_FARMERS,
		                           city_game_rule(h->g, CITY_RULE_FARMERS));
	if (rc == CITY_OK)
		rc = city_options_set_tileset(o, city_game_tileset(h->g));
	if (rc == CITY_OK && city_game_new(&g, o) != CITY_OK)
		g = NULL;
	city_options_free(o);
	return g;
}

/* The library's picture of a design of the game's tile set at rotation 0
 * (city_tileset_svg: its `g.design`), for the page's tile preview and
 * remaining-tiles grid; "" for a design the set does not have. */
WC_API const char *wc_design_svg(wc *h, int design)
{
	const city_tileset *ts;
	size_t need = 0;
	begin(h);
	if (!wc_ok(h) || (ts = city_game_tileset(h->g)) == NULL ||
	    city_tileset_svg(ts, design, 0, NULL, 0, &need) != CITY_ERANGE ||
	    reserve(h, need) != 0 ||
	    city_tileset_svg(ts, design, 0, h->text, h->cap, &need) != CITY_OK)
		return begin(h);
	h->len = need - 1;
	return h->text;
}

/* The SVG of a new game like the handle's with the library's legend
 * (`g.legend`, CITY_SVG_LEGEND, libcity 1.1.0); "" from a library without
 * it. A new game's board is narrow, so the legend is laid out narrow. */
WC_API const char *wc_legend_svg(wc *h)
{
	const char *t = begin(h);
#ifdef CITY_SVG_LEGEND
	city_game *g;
	if (!wc_ok(h) || (g = fresh_game(h)) == NULL)
		return t;
	t = svg_of(h, g, CITY_SVG_LEGEND);
	city_game_free(g);
#else
	(void)h;
#endif
	return t;
}

/* The ended game as it stood before final scoring (its last move undone
 * and made again, without city_score_final()): the followers final
 * scoring sends home are still on its board. NULL when the game has not
 * ended. The caller frees it. */
static city_game *before_final(const wc *h)
{
	city_game *pre = NULL;
	city_move m;
	int n = city_game_move_count(h->g);
	if (city_game_decision(h->g) != CITY_DECISION_END || n < 1 ||
	    city_game_move(h->g, (size_t)n - 1, &m) != CITY_OK ||
	    city_game_clone(&pre, h->g) != CITY_OK)
		return NULL;
	if (city_game_undo(pre) != CITY_OK || city_apply_move(pre, &m) != CITY_OK) {
		city_game_free(pre);
		return NULL;
	}
	return pre;
}

/* The board SVG of the ended game before final scoring (flags as wc_svg),
 * or "" when the game has not ended. */
WC_API const char *wc_svg_before_final(wc *h, unsigned flags)
{
	city_game *pre;
	const char *t = begin(h);
	if (!wc_ok(h) || (pre = before_final(h)) == NULL)
		return t;
	t = svg_of(h, pre, flags);
	city_game_free(pre);
	return t;
}

/* The followers on the board before final scoring, in city_game_follower()
 * order, each with the points final scoring gave its player for the
 * feature (or wall piece) it stood on, as JSON
 * [{"player","role","x","y","part","points"}...]; "[]" when the game has
 * not ended. */
WC_API const char *wc_final_followers(wc *h)
{
	city_game *pre;
	int nf, ne, e0, i, k;
	begin(h);
	if (!wc_ok(h) || (pre = before_final(h)) == NULL) {
		put(h, "[]");
		return h->text;
	}
	nf = city_game_follower_count(pre);
	e0 = city_game_event_count(pre);
	ne = city_game_event_count(h->g);
	put(h, "[");
	for (i = 0; i < nf; i++) {
		int player = -1, role = -1, points = 0;
		int32_t x = 0, y = 0;
		char part = 0;
		city_game_follower(pre, (size_t)i, &player, &role, &x, &y, &part);
		/* final scoring's events come after those of the state before it */
		for (k = e0; k < ne; k++) {
			city_event e;
			if (city_game_event(h->g, (size_t)k, &e) != CITY_OK ||
			    e.kind != CITY_EVENT_SCORE || e.player != player)
				continue;
			if ((e.x == x && e.y == y && e.part == part) ||
			    city_feature_same(pre, e.x, e.y, e.part, x, y, part) == 1)
				points += e.points;
		}
		put(h,
		    "%s{\"player\":%d,\"role\":%d,\"x\":%d,\"y\":%d,\"part\":\"%c\","
		    "\"points\":%d}",
		    i ? "," : "", player, role, (int)x, (int)y,
		    part >= 0x21 && part < 0x7f && part != '"' && part != '\\' ? part
		                                                              : '-',
		    points);
	}
	put(h, "]");
	city_game_free(pre);
	return h->text;
}

#ifdef WC_WITH_REMAINING
/* The designs still to come in `stack` (0: every stack) with their counts,
 * ascending (city_game_tiles_remaining: the current tile not counted), as
 * JSON [[design,count]...]. */
WC_API const char *wc_remaining(wc *h, int stack)
{
	int designs[100], counts[100], n, i;
	begin(h);
	n = wc_ok(h) ? city_game_tiles_remaining(h->g, stack, designs, counts, 100)
	             : -1;
	put(h, "[");
	for (i = 0; i < n && i < 100; i++)
		put(h, "%s[%d,%d]", i ? "," : "", designs[i], counts[i]);
	put(h, "]");
	return h->text;
}
#endif

/* ---- the AI (built with -DWC_WITH_AI when the library has city/ai.h) -- */

#ifdef WC_WITH_AI
#include "city/ai.h"

/* The AI of `level` ("easy", "medium", "hard") chooses a move for the
 * current decision (one thread: WASM has none here). Returns the move as
 * record text, then one line per move of its analysis, best first, up to
 * 5: "MOVE visits mean"; "" on error (wc_error() tells). */
WC_API const char *wc_ai_choose(wc *h, const char *level, uint32_t seed_lo,
                                uint32_t seed_hi)
{
	city_ai *ai = NULL;
	city_ai_stat stats[5];
	size_t n = 0, i;
	int rc;
	char mv[64];
	begin(h);
	if (!wc_ok(h))
		return h->text;
	rc = city_ai_new_level(&ai, level, ((uint64_t)seed_hi << 32) | seed_lo);
	if (rc == CITY_OK)
		rc = city_ai_set_param(ai, CITY_AI_THREADS, 1);
	if (rc == CITY_OK) {
		rc = city_ai_analyse(ai, h->g, stats, 5, &n, NULL, 0, NULL);
		if (rc == CITY_ERANGE) {
			rc = CITY_OK;
			n = 5;
		}
	}
	city_ai_free(ai);
	if (rc != CITY_OK || n == 0) {
		snprintf(h->err, sizeof h->err, "AI %s: %s", level,
		         city_status_str(rc));
		return h->text;
	}
	city_move_to_string(&stats[0].move, mv, sizeof mv, NULL);
	put(h, "%s", mv);
	for (i = 0; i < n && i < 5; i++) {
		city_move_to_string(&stats[i].move, mv, sizeof mv, NULL);
		put(h, "\n%s %u %.3f", mv, (unsigned)stats[i].visits, stats[i].mean);
	}
	return h->text;
}
#endif

/* ---- speed ----------------------------------------------------------- */

static uint64_t splitmix64(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* Play `games` random games of `players` of a game: 0 The City, 1 the
 * base game of Carcassonne, 2 the base game with The Tower (farmers off,
 * as city-bench's sections). A new game per seed, every decision a
 * uniform pick among the legal moves, final scoring, as city-bench's "new"
 * mode. Returns the number of moves made, or a negative status
 * (CITY_EINVAL for another game number). */
WC_API double wc_bench_game(int game, int players, int games, uint32_t seed)
{
	static city_move mv[4096];
	city_options *o = NULL;
	uint64_t rng = seed ^ 0xB5u;
	double moves = 0;
	int i, rc;
	if (game < 0 || game > 2)
		return CITY_EINVAL;
	rc = city_options_new(&o);
	if (rc == CITY_OK && game > 0)
		rc = city_options_set_game(o, CITY_GAME_CARCASSONNE);
	if (rc == CITY_OK && game > 0)
		rc = city_options_set_rule(o, CITY_RULE_FARMERS, 0);
	if (rc == CITY_OK && game == 2)
		rc = city_options_set_expansion(o, CITY_EXPANSION_TOWER, 1);
	if (rc == CITY_OK)
		rc = city_options_set_players(o, players);
	for (i = 0; rc == CITY_OK && i < games; i++) {
		city_game *g = NULL;
		size_t n;
		rc = city_options_set_seed(o, (uint64_t)seed + (uint64_t)i);
		if (rc == CITY_OK)
			rc = city_game_new(&g, o);
		while (rc == CITY_OK &&
		       city_game_decision(g) != CITY_DECISION_END) {
			rc = city_legal_moves(g, mv, 4096, &n);
			if (rc == CITY_OK)
				rc = city_apply_move(g, &mv[splitmix64(&rng) % n]);
			moves++;
		}
		if (rc == CITY_OK)
			rc = city_score_final(g);
		city_game_free(g);
	}
	city_options_free(o);
	return rc == CITY_OK ? moves : rc;
}

#ifdef WC_NATIVE_MAIN
#include <time.h>
/* Native driver of wc_bench_game: `glue-bench PLAYERS GAMES SEED [GAME]`
 * (GAME: 0 The City, 1 the base game, 2 with The Tower). */
int main(int argc, char **argv)
{
	int players = argc > 1 ? atoi(argv[1]) : 4;
	int games = argc > 2 ? atoi(argv[2]) : 2000;
	uint32_t seed = argc > 3 ? (uint32_t)strtoul(argv[3], NULL, 10) : 1;
	int game = argc > 4 ? atoi(argv[4]) : 0;
	struct timespec a, b, ca, cb;
	double moves, s, cpu;
	clock_gettime(CLOCK_MONOTONIC, &a);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ca);
	moves = wc_bench_game(game, players, games, seed);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cb);
	clock_gettime(CLOCK_MONOTONIC, &b);
	s = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
	cpu = (double)(cb.tv_sec - ca.tv_sec) +
	      (double)(cb.tv_nsec - ca.tv_nsec) / 1e9;
	printf("{\"game\":%d,\"players\":%d,\"games\":%d,\"moves\":%.0f,"
	       "\"seconds\":%.4f,\"games_per_s\":%.1f,\"cpu_seconds\":%.4f,"
	       "\"games_per_cpu_s\":%.1f}\n",
	       game, players, games, moves, s, games / s, cpu, games / cpu);
	return moves < 0;
}
#endif
