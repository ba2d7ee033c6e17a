/*
 * fuzz_api: the whole public game API driven by bytes.
 *
 * The first bytes choose the game and its options: The City (players,
 * tile set, rules, seed or draw order, stacks), or the base game of
 * Carcassonne (players 2..5, farmers on or off, the built-in set
 * `carcassonne` or `carcassonne-tower`, seeded or explicit draw orders,
 * settings city_game_new() must refuse), or the base game with The Tower
 * (each T-OPT rule on either value, by constant or by record text); see
 * setup() and setup_carc(). Every following byte starts one operation:
 *
 *   - a legal move chosen by index from city_legal_moves(), or a burst of
 *     legal moves chosen by a seeded generator (to reach walls and the end);
 *   - a move of any kind with arbitrary fields, through city_apply_move()
 *     or through the named call (city_place_tile(), city_build_gate(), ...,
 *     city_place_floor(), city_place_top(), city_capture(),
 *     city_pay_ransom()), with coordinates from the city's neighbourhood,
 *     the coordinate limit, INT32_MIN/INT32_MAX or raw 32-bit values;
 *   - queries with arbitrary arguments (cells, parts, players, categories,
 *     indices up to SIZE_MAX; The Tower's towers, prisoners and floors);
 *   - clone, copy (also refused: between games of different kinds), undo,
 *     reset, save (with short buffers), load of the saved text (and of a
 *     corrupted copy), final scoring, legal moves into short buffers, move
 *     text round trips.
 *
 * Checked after every call (abort() on a violation):
 *   - a call that fails leaves city_game_save() output byte-identical, keeps
 *     the decision, returns the status its documentation names (CITY_EENDED
 *     after the end, CITY_EDECISION for a call that answers another
 *     decision, else CITY_EINVAL/CITY_EILLEGAL) and leaves a reason;
 *   - a move is accepted exactly when city_legal_moves() lists it;
 *   - followers and wall pieces are conserved, scores are the sums of their
 *     categories and of their score events (fuzz_util.h) and never
 *     decrease, nor does any category, except across undo, reset and load,
 *     which restart the comparison;
 *   - queries change nothing; undo drops exactly the last move line of the
 *     record; reset leaves the header alone; clone and load give games that
 *     save identically.
 *
 * Adapted for Carcassonne, where the rules differ (carcassonne.md):
 *   - followers conserved counting those on tower tops and those held as
 *     prisoners by other players (T-ACT-2, T-CAP-3): a follower leaves a
 *     player's hands only to the board or to a holder;
 *   - a score goes down only by a ransom paid (T-CAP-5, T-CAP-6): exactly
 *     3 points of the payer's ransom category go to the holder's, every
 *     other category never falls, the ransom categories sum to 0; a score
 *     is negative only with T-OPT-3 `no` (there a score of -1 reads like
 *     CITY_EINVAL: query.h documents scores >= 0, reported);
 *   - floors are conserved (T-SET-1: supply + the heights of the towers =
 *     10/9/7/6 x players) and a player's supply never grows;
 *   - The Tower's moves have their effect: a floor raises that tower by
 *     one from the player's supply, a top closes it with the player's
 *     follower, a capture makes at most one more prisoner (or returns an
 *     own follower, or exchanges, T-CAP-4) and takes one follower off the
 *     board, a ransom frees one prisoner; the turn's scoring after them
 *     (T-CAP-1b) may return more followers, so supplies are bounds there;
 *   - no player holds their own follower, no two hold each other's
 *     (T-CAP-4: the exchange is automatic);
 *   - the listing: a follower, capture or ransom decision has `pass` and at
 *     least one more move (a pass-only decision is skipped); each `floor`,
 *     `top`, `capture`, `ransom` listed names an open tower, a follower
 *     on the board (capturable under T-OPT-1/2), a holder of the player's
 *     followers (T-OPT-3/7);
 *   - Carcassonne's start tile is on the board from the start, so a new or
 *     reset game has one tile; Carcassonne has no contour (CITY_ENOTFOUND,
 *     a status wall.h does not list, reported);
 *   - The River (V-*): the same checks on river games (alone and with
 *     The Tower, river_start shuffle and remove, seeded and V-SET-2
 *     explicit orders; the expansions and the rule read back as set up),
 *     the river `~` among the follower parts tried;
 *   - The City answers The Tower's kinds, named or through
 *     city_apply_move(), with CITY_EDECISION (game.h; CITY_EENDED after
 *     the end); without the expansion a base game finds them well-formed
 *     but illegal (carcassonne.md: CITY_EILLEGAL).
 */
#include "fuzz_util.h"

/* FUZZ_STRICT=1 (the default since they were fixed): also drive the inputs of the findings of
 * fuzz/findings/README.md that the harness steers around by default (so
 * that a fuzzing session goes past them): extreme coordinates of a tile in
 * Carcassonne (signed overflow in lib/cc_rules.c), stacks in Carcassonne
 * (accepted and saved, the record does not load), and The Tower's moves
 * after the end of a base game without it (CITY_EILLEGAL, not
 * CITY_EENDED). */
#ifndef FUZZ_STRICT
#define FUZZ_STRICT 1
#endif

/* ------------------------------------------------------------------------
 * Input reader: past the end every read gives zeros.
 */
typedef struct reader {
	const uint8_t *p;
	size_t n;
} reader;

static unsigned u8(reader *r)
{
	if (!r->n)
		return 0;
	r->n--;
	return *r->p++;
}

static unsigned u16(reader *r)
{
	unsigned lo = u8(r);
	return lo | u8(r) << 8;
}

static uint32_t u32(reader *r)
{
	uint32_t lo = u16(r);
	return lo | (uint32_t)u16(r) << 16;
}

static uint64_t u64(reader *r)
{
	uint64_t lo = u32(r);
	return lo | (uint64_t)u32(r) << 32;
}

static uint64_t rng_next(uint64_t *st)
{
	uint64_t z = (*st += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

/* ------------------------------------------------------------------------
 * Tile sets: the built-in one and a few custom ones, the last at the
 * 255-tile limit.
 */
static const char *const small_sets[] = {
    ("tileset tiny\n"
     "1 9  a1b b-b b1a a-a  a=R b=FG\n"
     "2 9  a-a a-a a-a a-a  a=R  pub=2\n"),
    ("tileset markets\n"
     "1 3  a1b b2c c3d d4a  a=R b=F c=G d=L\n"
     "2 4  a-a a-b b-b b-a  a=FL b=R\n"
     "3 2  a1b b1a a-a a-a  a=R b=G  adj=ab\n"
     "4 5  a-b b-c c-d d-a  a=F b=G c=L d=R\n"
     "5 1  a-a a1a a-a a1a  a=R  hist=Tower-Hall\n"
     "6 3  a-a a-a a-a a-a  a=FGL e=R  adj=ae\n"),
    ("tileset one\n"
     "7 1  a-a a-a a-a a-a  a=R\n"),
};

static const char *const big_templates[] = {
    "a-a a-a a-a a-a  a=R",
    "a1b b-b b1a a-a  a=R b=R",
    "a1b b2c c-c c3a  a=R b=R c=R",
    "a-b b-b b-a a-a  a=R b=FG",
    "a1b b1a a-a a-a  a=R b=R  pub=1",
    "a1b b2c c3d d4a  a=R b=L c=R d=F",
    "a-a a1b b-b b1a  a=F b=R",
};

static const city_tileset *fuzz_sets[5];

static const city_tileset *make_set(const char *text)
{
	city_tileset *ts = NULL;
	char err[200];
	int rc = city_tileset_parse(&ts, text, strlen(text), err, sizeof err);
	FUZZ_CHECK(rc == CITY_OK, "built-in fuzz set: %s", err);
	return ts;
}

static void init_sets(void)
{
	static char big[8192];
	size_t n = 0, i;
	unsigned id, tiles = 0;
	if (fuzz_sets[0])
		return;
	fuzz_sets[0] = city_tileset_default();
	for (i = 0; i < 3; i++)
		fuzz_sets[1 + i] = make_set(small_sets[i]);
	/* 99 designs would need ids 1..99; 255 tiles: 28 designs of 9 and one
	 * of 3. */
	n += (size_t)snprintf(big + n, sizeof big - n, "tileset big\n");
	for (id = 1; tiles < 255; id++) {
		unsigned count = 255 - tiles < 9 ? 255 - tiles : 9;
		n += (size_t)snprintf(big + n, sizeof big - n, "%u %u  %s\n", id,
		                      count,
		                      big_templates[id % (sizeof big_templates /
		                                          sizeof *big_templates)]);
		tiles += count;
	}
	fuzz_sets[4] = make_set(big);
	FUZZ_CHECK(city_tileset_tile_count(fuzz_sets[4]) == 255, "big set");
}

/* ------------------------------------------------------------------------
 * The driver's state
 */
typedef struct fz {
	reader in;
	city_game *g;
	int carc;    /* a game of Carcassonne (CITY_GAME_CARCASSONNE) */
	int tower;   /* ... with The Tower */
	int river;   /* ... with The River */
	int base[5]; /* score of each player at the last comparison */
	int cat[5][CITY_CAT_RANSOM + 1]; /* and of each category */
	int floors[5];                   /* floors in supply (T-SET-1) */
	int payer, payee; /* a ransom just paid (T-CAP-5), else -1 */
	city_move *legal;
	size_t n_legal, cap_legal;
	uint64_t rng;
	char *saved; /* the game's record, NULL when not known */
	size_t saved_len;
} fz;

/* The record of the game as it is now, kept until the game changes (so
 * that a run of failed calls costs one save each). */
static const char *saved(fz *f, size_t *len)
{
	if (!f->saved)
		f->saved = fuzz_save(f->g, &f->saved_len);
	if (len)
		*len = f->saved_len;
	return f->saved;
}

/* The game changed (or was replaced): forget its record. */
static void changed(fz *f)
{
	free(f->saved);
	f->saved = NULL;
}

/* After a call that must not change the game: the record is the same, byte
 * for byte, as saved() gave before it. */
static void expect_unchanged(fz *f, const char *what)
{
	size_t len;
	char *now = fuzz_save(f->g, &len);
	FUZZ_CHECK(f->saved != NULL, "no record saved before %s", what);
	FUZZ_CHECK(len == f->saved_len && memcmp(now, f->saved, len) == 0,
	           "%s changed the record:\n%s\n---\n%s", what, f->saved, now);
	free(now);
}

/* The categories of the game's score breakdown. */
static int cat_first(const fz *f)
{
	return f->carc ? CITY_CAT_ROADS : CITY_CAT_STREETS;
}

static int cat_last(const fz *f)
{
	return f->carc ? CITY_CAT_RANSOM : CITY_CAT_COUNT - 1;
}

static void reset_baseline(fz *f)
{
	int p, c, players = city_game_players(f->g);
	memset(f->base, 0, sizeof f->base);
	memset(f->cat, 0, sizeof f->cat);
	memset(f->floors, 0, sizeof f->floors);
	for (p = 0; p < players; p++) {
		f->base[p] = city_game_score(f->g, p);
		for (c = cat_first(f); c <= cat_last(f); c++)
			f->cat[p][c] = city_game_score_detail(f->g, p, c);
		f->floors[p] = city_game_floors(f->g, p);
	}
	f->payer = f->payee = -1;
}

/* Scores never decrease between two comparisons, nor does any category;
 * in The Tower, the exception: a ransom just paid moves exactly 3 points
 * of the ransom category from the payer to the holder (T-CAP-5), the one
 * way a score goes down (T-CAP-6). A player's floors in supply never grow
 * (T-SET-1; floors placed stay). */
static void check_scores(fz *f)
{
	int p, c, players = city_game_players(f->g);
	for (p = 0; p < players; p++) {
		int s = city_game_score(f->g, p), fl = city_game_floors(f->g, p);
		for (c = cat_first(f); c <= cat_last(f); c++) {
			int d = city_game_score_detail(f->g, p, c);
			if (c == CITY_CAT_RANSOM && p == f->payer)
				FUZZ_CHECK(d == f->cat[p][c] - 3,
				           "player %d paid a ransom: ransom %d -> %d",
				           p, f->cat[p][c], d);
			else if (c == CITY_CAT_RANSOM && p == f->payee)
				FUZZ_CHECK(d == f->cat[p][c] + 3,
				           "player %d got a ransom: ransom %d -> %d", p,
				           f->cat[p][c], d);
			else
				FUZZ_CHECK(d >= f->cat[p][c],
				           "player %d category %d fell from %d to %d", p,
				           c, f->cat[p][c], d);
			f->cat[p][c] = d;
		}
		if (p == f->payer)
			FUZZ_CHECK(s == f->base[p] - 3,
			           "player %d paid a ransom: score %d -> %d", p,
			           f->base[p], s);
		else
			FUZZ_CHECK(s >= f->base[p], "player %d score fell from %d to %d",
			           p, f->base[p], s);
		f->base[p] = s;
		FUZZ_CHECK(fl <= f->floors[p], "player %d floors grew from %d to %d",
		           p, f->floors[p], fl);
		f->floors[p] = fl;
	}
	f->payer = f->payee = -1;
}

/* Carcassonne's listing against the queries (carcassonne.md, "Records,
 * moves and traces"): a decision whose only move is `pass` is skipped, so
 * every follower, capture and ransom decision lists two moves or more,
 * `pass` last; each move is of the decision's kinds; a `capture` names a
 * follower on the board (not the player's own with T-OPT-1 `no`, not a
 * tower top with T-OPT-2 `no`); a `ransom` names a player holding the
 * player's followers (and ransom is allowed, T-OPT-7, with 3 points or
 * more under T-OPT-3); a `floor` needs a floor in supply and names an open
 * tower, a `top` an open tower of height 1 or more (T-ACT-1..3). */
static void check_carc_listing(fz *f)
{
	const city_game *g = f->g;
	int d = city_game_decision(g), me = city_game_player(g);
	size_t i;
	if (d == CITY_DECISION_TILE || d == CITY_DECISION_END)
		return;
	FUZZ_CHECK(f->n_legal >= 2 &&
	               f->legal[f->n_legal - 1].kind == CITY_MOVE_PASS,
	           "decision %d lists %zu moves, the last of kind %d", d,
	           f->n_legal, f->n_legal ? f->legal[f->n_legal - 1].kind : -1);
	FUZZ_CHECK(f->tower || d == CITY_DECISION_FOLLOWER,
	           "decision %d without The Tower", d);
	for (i = 0; i + 1 < f->n_legal; i++) {
		const city_move *m = &f->legal[i];
		int h = -1, top = -9, k, n, found = 0;
		switch (d) {
		case CITY_DECISION_FOLLOWER:
			FUZZ_CHECK(m->kind == CITY_MOVE_FOLLOWER ||
			               (f->tower && (m->kind == CITY_MOVE_FLOOR ||
			                             m->kind == CITY_MOVE_TOP)),
			           "kind %d at the follower decision", m->kind);
			if (m->kind == CITY_MOVE_FOLLOWER)
				break;
			FUZZ_CHECK(city_game_tower(g, m->x, m->y, &h, &top) ==
			                   CITY_OK &&
			               top == -1 &&
			               (m->kind == CITY_MOVE_FLOOR
			                    ? city_game_floors(g, me) > 0
			                    : h >= 1),
			           "%s (%ld,%ld) listed: height %d, top %d, floors %d",
			           m->kind == CITY_MOVE_FLOOR ? "floor" : "top",
			           (long)m->x, (long)m->y, h, top,
			           city_game_floors(g, me));
			break;
		case CITY_DECISION_CAPTURE:
			FUZZ_CHECK(m->kind == CITY_MOVE_CAPTURE,
			           "kind %d at the capture decision", m->kind);
			n = city_game_follower_count(g);
			for (k = 0; k < n && !found; k++) {
				int owner = -1, role = -1;
				int32_t x = 0, y = 0;
				char part = 0;
				city_game_follower(g, (size_t)k, &owner, &role, &x, &y,
				                   &part);
				if (x != m->x || y != m->y ||
				    (role == CITY_ROLE_TOWER_TOP ? 't' : part) != m->part)
					continue;
				found = 1;
				FUZZ_CHECK(owner != me ||
				               city_game_rule(g, CITY_RULE_CAPTURE_OWN),
				           "own follower capturable with capture_own=no");
				FUZZ_CHECK(role != CITY_ROLE_TOWER_TOP ||
				               city_game_rule(g, CITY_RULE_CAPTURE_TOP),
				           "tower top capturable with capture_top=no");
			}
			FUZZ_CHECK(found, "capture (%ld,%ld) %c listed: no follower",
			           (long)m->x, (long)m->y, m->part);
			break;
		case CITY_DECISION_RANSOM:
			FUZZ_CHECK(m->kind == CITY_MOVE_RANSOM && m->x >= 0 &&
			               m->x < city_game_players(g) &&
			               city_game_prisoners(g, m->x, me) > 0 &&
			               city_game_rule(g, CITY_RULE_RANSOM) == 1 &&
			               (city_game_rule(g, CITY_RULE_RANSOM_MIN) == 0 ||
			                city_game_score(g, me) >= 3),
			           "ransom %ld listed for player %d (kind %d)",
			           (long)m->x, me, m->kind);
			break;
		default:
			fuzz_fail("decision %d in Carcassonne", d);
		}
	}
}

/* Refresh f->legal with the current decision's legal moves. */
static void list_legal(fz *f)
{
	size_t n = 0, n2 = 0;
	int rc = city_legal_moves(f->g, NULL, 0, &n);
	FUZZ_CHECK(rc == CITY_OK, "legal_moves count: %s", city_status_str(rc));
	if (n > f->cap_legal) {
		free(f->legal);
		f->cap_legal = n;
		f->legal = fuzz_xmalloc(n * sizeof *f->legal);
	}
	if (n) {
		rc = city_legal_moves(f->g, f->legal, n, &n2);
		FUZZ_CHECK(rc == CITY_OK && n2 == n, "legal_moves: %s, %zu of %zu",
		           city_status_str(rc), n2, n);
	}
	f->n_legal = n;
	if (city_game_decision(f->g) == CITY_DECISION_END)
		FUZZ_CHECK(n == 0, "%zu legal moves after the end", n);
	else
		FUZZ_CHECK(n > 0, "no legal move at decision %d",
		           city_game_decision(f->g));
	if (f->carc)
		check_carc_listing(f);
}

/* Whether two moves are the same answer (the fields their kind uses). */
static int same_move(const city_move *a, const city_move *b)
{
	if (a->kind != b->kind)
		return 0;
	switch (a->kind) {
	case CITY_MOVE_PLACE:
		return a->x == b->x && a->y == b->y && a->rotation == b->rotation;
	case CITY_MOVE_FOLLOWER:
		return a->part == b->part;
	case CITY_MOVE_GATE:
		return a->x == b->x && a->y == b->y && a->side == b->side;
	case CITY_MOVE_WALL:
	case CITY_MOVE_TOWER:
		return a->end == b->end;
	case CITY_MOVE_FLOOR:
	case CITY_MOVE_TOP:
		return a->x == b->x && a->y == b->y;
	case CITY_MOVE_CAPTURE:
		return a->x == b->x && a->y == b->y && a->part == b->part;
	case CITY_MOVE_RANSOM:
		return a->x == b->x;
	default:
		return 1;
	}
}

static int is_listed(const fz *f, const city_move *m)
{
	size_t i;
	for (i = 0; i < f->n_legal; i++)
		if (same_move(&f->legal[i], m))
			return 1;
	return 0;
}

/* The decision a move kind answers, or -1 (pass answers three in The
 * City, three in Carcassonne). */
static int decision_of(int kind)
{
	switch (kind) {
	case CITY_MOVE_FLOOR:
	case CITY_MOVE_TOP:
		return CITY_DECISION_FOLLOWER;
	case CITY_MOVE_CAPTURE:
		return CITY_DECISION_CAPTURE;
	case CITY_MOVE_RANSOM:
		return CITY_DECISION_RANSOM;
	case CITY_MOVE_PLACE:
		return CITY_DECISION_TILE;
	case CITY_MOVE_FOLLOWER:
		return CITY_DECISION_FOLLOWER;
	case CITY_MOVE_GATE:
		return CITY_DECISION_GATE;
	case CITY_MOVE_WALL:
		return CITY_DECISION_WALL;
	case CITY_MOVE_GUARD:
		return CITY_DECISION_GUARD;
	case CITY_MOVE_TOWER:
		return CITY_DECISION_TOWER;
	default:
		return -1;
	}
}

static int answers(int kind, int decision)
{
	if (kind == CITY_MOVE_PASS)
		return decision == CITY_DECISION_FOLLOWER ||
		       decision == CITY_DECISION_GUARD ||
		       decision == CITY_DECISION_TOWER ||
		       decision == CITY_DECISION_CAPTURE ||
		       decision == CITY_DECISION_RANSOM;
	return decision_of(kind) == decision;
}

/* A coordinate: near the city most of the time, else an extreme. */
static int32_t coord(fz *f, int axis)
{
	static const int32_t edges[] = {-1025, -1024, -1023, 1023,   1024,
	                                1025,  32767, 32768, -32768, -32769,
	                                65536, -65536, 65537, 256,   -256};
	int32_t lo = 0, hi = 0, a, b;
	unsigned mode = u8(&f->in) % 10;
	switch (mode) {
	case 0:
		return f->carc && !FUZZ_STRICT ? INT32_MIN + 1 : INT32_MIN;
	case 1:
		return f->carc && !FUZZ_STRICT ? INT32_MAX - 1 : INT32_MAX;
	case 2: {
		int32_t v = (int32_t)u32(&f->in);
		if (f->carc && !FUZZ_STRICT && (v == INT32_MIN || v == INT32_MAX))
			v /= 2;
		return v;
	}
	case 3:
		return edges[u8(&f->in) % (sizeof edges / sizeof *edges)];
	default:
		if (city_game_bounds(f->g, &lo, &a, &hi, &b) == CITY_OK &&
		    axis == 1) {
			lo = a;
			hi = b;
		}
		return lo - 2 + (int32_t)(u8(&f->in) % (unsigned)(hi - lo + 5));
	}
}

/* An arbitrary move of a known or unknown kind. */
static void fuzz_move(fz *f, city_move *m)
{
	unsigned i, k = u8(&f->in);
	memset(m, 0, sizeof *m);
	/* 0 and 12: unknown kinds; The City's kinds (1..7) stay where the
	 * committed corpus has them, The Tower's (8..11) as often in its
	 * games. */
	m->kind = (uint8_t)(f->carc ? k % 13 : k % 10);
	m->rotation = (uint8_t)(u8(&f->in) % 6);
	m->side = (uint8_t)(u8(&f->in) % 6);
	m->end = (uint8_t)(u8(&f->in) % 3);
	{
		unsigned c = u8(&f->in);
		/* Mostly parts that exist somewhere ('m' monastery, 't' top of
		 * a tower), sometimes any byte or the river. */
		m->part = c < 128 ? "abcdefgh123456789mt"[c % 19]
		          : c == 255 ? '~' /* the river (V-FOL-1) */
		                     : (char)c;
	}
	m->x = coord(f, 0);
	m->y = coord(f, 1);
	if (m->kind == CITY_MOVE_RANSOM && k >= 128) /* a seat, mostly */
		m->x = (int32_t)(u8(&f->in) % 8) - 1;
	if (u8(&f->in) % 8 == 0) {
		for (i = 0; i < 3; i++)
			m->reserved0[i] = (uint8_t)u8(&f->in);
		m->reserved1[0] = u32(&f->in);
		m->reserved1[1] = u32(&f->in);
	}
}

/* What a Tower move is checked against: the counts before it. */
typedef struct pre_move {
	int player, decision, supply, floors, height, top, on_board;
	int held[5][5];
} pre_move;

static void take_pre(const fz *f, const city_move *m, pre_move *pre)
{
	int p, q, players = city_game_players(f->g);
	memset(pre, 0, sizeof *pre);
	pre->player = city_game_player(f->g);
	pre->decision = city_game_decision(f->g);
	pre->height = pre->top = -9;
	pre->on_board = city_game_follower_count(f->g);
	if (!f->tower)
		return;
	city_game_supply(f->g, pre->player, &pre->supply, NULL);
	pre->floors = city_game_floors(f->g, pre->player);
	if (m->kind == CITY_MOVE_FLOOR || m->kind == CITY_MOVE_TOP)
		city_game_tower(f->g, m->x, m->y, &pre->height, &pre->top);
	for (p = 0; p < players; p++)
		for (q = 0; q < players; q++)
			pre->held[p][q] = city_game_prisoners(f->g, p, q);
}

/* After an accepted move: the state invariants, the scores, and for The
 * Tower's moves their effect on the counts (T-ACT-1/2: one floor from
 * supply onto that tower, then the capture decision; one follower from
 * supply onto the top, closing it; T-CAP-3/4: a capture returns an own
 * follower to supply or makes one more prisoner, less one exchange;
 * T-CAP-5: a ransom frees one prisoner for 3 points). */
static void after_move(fz *f, const city_move *m, const pre_move *pre)
{
	int me = pre->player, sup = -1, h = -1, top = -9, q;
	FUZZ_CHECK(m->kind == CITY_MOVE_PASS ? answers(m->kind, pre->decision)
	                                     : decision_of(m->kind) ==
	                                           pre->decision,
	           "a move of kind %d accepted at decision %d", m->kind,
	           pre->decision);
	if (m->kind == CITY_MOVE_FLOOR || m->kind == CITY_MOVE_TOP)
		FUZZ_CHECK(pre->top == -1 &&
		               pre->height >= (m->kind == CITY_MOVE_TOP ? 1 : 0),
		           "%s accepted on a tower of height %d, top %d",
		           m->kind == CITY_MOVE_TOP ? "top" : "floor", pre->height,
		           pre->top);
	if (f->tower && m->kind == CITY_MOVE_RANSOM) {
		f->payer = me;
		f->payee = m->x;
	}
	changed(f);
	fuzz_check_state(f->g);
	check_scores(f);
	if (!f->tower)
		return;
	city_game_supply(f->g, me, &sup, NULL);
	switch (m->kind) {
	case CITY_MOVE_FLOOR:
		FUZZ_CHECK(city_game_tower(f->g, m->x, m->y, &h, &top) == CITY_OK &&
		               h == pre->height + 1 && top == -1 &&
		               city_game_floors(f->g, me) == pre->floors - 1 &&
		               (city_game_decision(f->g) == CITY_DECISION_CAPTURE
		                    ? sup == pre->supply &&
		                          city_game_player(f->g) == me
		                    : sup >= pre->supply),
		           "floor (%ld,%ld): height %d -> %d, floors %d -> %d",
		           (long)m->x, (long)m->y, pre->height, h, pre->floors,
		           city_game_floors(f->g, me));
		break;
	case CITY_MOVE_TOP:
		/* (the turn's scoring may return followers to supply) */
		FUZZ_CHECK(city_game_tower(f->g, m->x, m->y, &h, &top) == CITY_OK &&
		               h == pre->height && top == me &&
		               sup >= pre->supply - 1 &&
		               city_game_floors(f->g, me) == pre->floors,
		           "top (%ld,%ld) by %d: height %d -> %d, top %d, supply "
		           "%d -> %d",
		           (long)m->x, (long)m->y, me, pre->height, h, top,
		           pre->supply, sup);
		break;
	case CITY_MOVE_CAPTURE: {
		int gained = 0, freed = 0, p, players = city_game_players(f->g);
		for (p = 0; p < players; p++)
			for (q = 0; q < players; q++) {
				int d = city_game_prisoners(f->g, p, q) - pre->held[p][q];
				FUZZ_CHECK(d >= -1 && d <= 1, "capture moved %d prisoners",
				           d);
				if (d > 0) {
					FUZZ_CHECK(p == me, "capture by %d: %d now holds more",
					           me, p);
					gained++;
				} else if (d < 0) {
					FUZZ_CHECK(q == me, "capture by %d freed a follower of "
					           "%d", me, q);
					freed++;
				}
			}
		/* One of: a prisoner more; an own follower back to supply; a
		 * prisoner taken and at once exchanged (T-CAP-4), so one of the
		 * capturer's followers back from its holder. Then the turn's
		 * scoring (T-CAP-1b) may return more followers to supply. */
		FUZZ_CHECK(gained + freed <= 1 &&
		               sup >= pre->supply + (gained ? 0 : 1) &&
		               city_game_follower_count(f->g) <= pre->on_board - 1,
		           "capture by %d: %d prisoners more, %d fewer, supply %d "
		           "-> %d, on the board %d -> %d",
		           me, gained, freed, pre->supply, sup, pre->on_board,
		           city_game_follower_count(f->g));
		break;
	}
	case CITY_MOVE_RANSOM:
		FUZZ_CHECK(city_game_prisoners(f->g, m->x, me) ==
		                   pre->held[m->x][me] - 1 &&
		               sup == pre->supply + 1,
		           "ransom %ld by %d: held %d -> %d, supply %d -> %d",
		           (long)m->x, me, pre->held[m->x][me],
		           city_game_prisoners(f->g, m->x, me), pre->supply, sup);
		break;
	default:
		break;
	}
}

/* Check the outcome of one decision call. `m` describes the call (kind and
 * the fields it uses); `in_range` is 0 when the call's arguments do not
 * fit a city_move (e.g. a rotation of -1), so that it cannot be listed;
 * `via_apply` when it went through city_apply_move(). */
static void check_decision_call(fz *f, const city_move *m, int in_range,
                                int via_apply, int rc, int decision,
                                const pre_move *pre)
{
	/* A move with non-zero reserved fields is not the listed move (those
	 * list zeros) and must be refused (R-ERR-1), whatever its other fields. */
	int reserved = via_apply && (m->reserved0[0] || m->reserved0[1] ||
	                             m->reserved0[2] || m->reserved1[0] ||
	                             m->reserved1[1]);
	int listed = in_range && !reserved && is_listed(f, m);
	int tower_kind = m->kind >= CITY_MOVE_FLOOR &&
	                 m->kind <= CITY_MOVE_RANSOM;
	if (rc == CITY_OK) {
		FUZZ_CHECK(listed,
		           "accepted a move that is not listed: kind %d (%ld,%ld) "
		           "rot %u side %u end %u part %d at decision %d",
		           m->kind, (long)m->x, (long)m->y, m->rotation, m->side,
		           m->end, m->part, decision);
		after_move(f, m, pre);
		return;
	}
	FUZZ_CHECK(!listed, "rejected a listed move (kind %d, %s: %s)", m->kind,
	           city_status_str(rc), city_game_last_error(f->g));
	expect_unchanged(f, city_status_str(rc));
	FUZZ_CHECK(city_game_decision(f->g) == decision,
	           "a failed call changed the decision");
	FUZZ_CHECK(city_game_last_error(f->g)[0] != '\0',
	           "no reason for a failed call (%s)", city_status_str(rc));
	if (reserved) {
		FUZZ_CHECK(rc == CITY_EINVAL, "non-zero reserved fields gave %s",
		           city_status_str(rc));
		return;
	}
	/* Kinds no game knows are bad arguments (R-ERR-1). The Tower's kinds
	 * in The City, named or through city_apply_move(), answer "no such
	 * decision" (game.h: CITY_EDECISION for a game of The City), and
	 * CITY_EENDED after the end like every call. */
	if (via_apply &&
	    (m->kind < CITY_MOVE_PLACE || m->kind > CITY_MOVE_RANSOM)) {
		FUZZ_CHECK(rc == CITY_EINVAL, "unknown kind %d gave %s", m->kind,
		           city_status_str(rc));
		return;
	}
	if (!f->carc && tower_kind) {
		FUZZ_CHECK(rc == (decision == CITY_DECISION_END ? CITY_EENDED
		                                                : CITY_EDECISION),
		           "The Tower's call of kind %d in The City gave %s",
		           m->kind, city_status_str(rc));
		return;
	}
	if (decision == CITY_DECISION_END) {
		/* (the open finding: without The Tower, its moves answer
		 * CITY_EILLEGAL after the end too) */
		int known = !FUZZ_STRICT && f->carc && tower_kind && !f->tower;
		FUZZ_CHECK(rc == CITY_EENDED ||
		               (known && (rc == CITY_EDECISION || rc == CITY_EILLEGAL)),
		           "a call of kind %d after the end gave %s", m->kind,
		           city_status_str(rc));
		return;
	}
	if (f->carc && !f->tower && tower_kind) {
		/* carcassonne.md: well-formed but illegal without the
		 * expansion; at another decision, that decision's error will
		 * do as well. */
		FUZZ_CHECK(rc == CITY_EILLEGAL ||
		               (rc == CITY_EDECISION && !answers(m->kind, decision)),
		           "kind %d without The Tower gave %s", m->kind,
		           city_status_str(rc));
		return;
	}
	if (!answers(m->kind, decision)) {
		FUZZ_CHECK(rc == CITY_EDECISION,
		           "kind %d at decision %d gave %s", m->kind, decision,
		           city_status_str(rc));
		return;
	}
	if (m->kind == CITY_MOVE_WALL)
		FUZZ_CHECK(rc == CITY_EINVAL, "wall gave %s", city_status_str(rc));
	else
		FUZZ_CHECK(rc == CITY_EINVAL || rc == CITY_EILLEGAL,
		           "kind %d gave %s", m->kind, city_status_str(rc));
}

/* ------------------------------------------------------------------------
 * Operations
 */

static void op_legal(fz *f, size_t k)
{
	int rc;
	pre_move pre;
	city_move m;
	list_legal(f);
	if (f->n_legal == 0)
		return;
	k %= f->n_legal;
	m = f->legal[k];
	take_pre(f, &m, &pre);
	rc = city_apply_move(f->g, &m);
	FUZZ_CHECK(rc == CITY_OK, "listed move %zu rejected: %s (%s)", k,
	           city_status_str(rc), city_game_last_error(f->g));
	after_move(f, &m, &pre);
}

static void op_autoplay(fz *f)
{
	unsigned n = 1 + u8(&f->in) % 128, i;
	f->rng ^= u8(&f->in);
	for (i = 0; i < n && city_game_decision(f->g) != CITY_DECISION_END; i++)
		op_legal(f, (size_t)rng_next(&f->rng));
}

static void op_move(fz *f, int named)
{
	city_move m;
	int decision = city_game_decision(f->g), rc, in_range = 1;
	pre_move pre;
	list_legal(f);
	fuzz_move(f, &m);
	take_pre(f, &m, &pre);
	saved(f, NULL);
	if (!named) {
		rc = city_apply_move(f->g, &m);
	} else {
		/* Named calls take ints: stretch the fields beyond a byte. */
		int wide = (int)u8(&f->in) - 128;
		switch (m.kind) {
		case CITY_MOVE_PLACE:
			rc = city_place_tile(f->g, m.x, m.y,
			                     wide < -100 ? INT32_MIN : m.rotation);
			in_range = wide >= -100;
			break;
		case CITY_MOVE_FOLLOWER:
			rc = city_place_follower(f->g, m.part);
			break;
		case CITY_MOVE_GATE:
			rc = city_build_gate(f->g, m.x, m.y,
			                     wide < -100 ? wide : m.side);
			in_range = wide >= -100;
			break;
		case CITY_MOVE_WALL:
			rc = city_build_wall(f->g, wide < -100 ? wide : m.end);
			in_range = wide >= -100;
			break;
		case CITY_MOVE_GUARD:
			rc = city_place_guard(f->g);
			break;
		case CITY_MOVE_TOWER:
			rc = city_place_tower(f->g, wide < -100 ? INT32_MAX : m.end);
			in_range = wide >= -100;
			break;
		case CITY_MOVE_FLOOR:
			rc = city_place_floor(f->g, m.x, m.y);
			break;
		case CITY_MOVE_TOP:
			rc = city_place_top(f->g, m.x, m.y);
			break;
		case CITY_MOVE_CAPTURE:
			rc = city_capture(f->g, m.x, m.y, m.part);
			break;
		case CITY_MOVE_RANSOM:
			/* a seat beyond a move's field now and then */
			if (wide < -100)
				m.x = wide < -120 ? INT32_MIN : wide * 1000;
			rc = city_pay_ransom(f->g, (int)m.x);
			break;
		default:
			m.kind = CITY_MOVE_PASS;
			rc = city_pass(f->g);
			break;
		}
	}
	check_decision_call(f, &m, in_range, !named, rc, decision, &pre);
}

/* An indexed query answered rc for index, its count n: CITY_OK exactly
 * below the count. */
static void expect_indexed(const char *what, size_t index, int n, int rc)
{
	FUZZ_CHECK((rc == CITY_OK) == (index < (size_t)n), "%s(%zu) of %d: %s",
	           what, index, n, city_status_str(rc));
}

/* Queries with arbitrary arguments: each answers within its documented
 * statuses and agrees with the others; none changes the game. */
static void op_query(fz *f)
{
	const city_game *g = f->g;
	int32_t x = coord(f, 0), y = coord(f, 1), qx, qy;
	unsigned pc = u8(&f->in);
	/* mostly a part that exists somewhere, else any byte */
	char part = pc < 96 ? "abcdefgh123456789mt"[pc % 19] : (char)pc;
	int player = (int)u8(&f->in) % 8 - 1, rc, d, r, v;
	int players = city_game_players(g);
	size_t index;
	unsigned w = u8(&f->in);
	switch (w % 6) {
	case 0:
		index = SIZE_MAX;
		break;
	case 1:
		index = (size_t)1 << 31;
		break;
	case 2:
		index = (size_t)UINT32_MAX + 1u;
		break;
	default:
		index = u8(&f->in);
		break;
	}
	saved(f, NULL);

	rc = city_game_tile_at(g, x, y, &d, &r);
	v = city_game_cell(g, x, y);
	FUZZ_CHECK(rc == CITY_OK || rc == CITY_ENOTFOUND, "tile_at %s",
	           city_status_str(rc));
	FUZZ_CHECK((rc == CITY_OK) == (v == CITY_CELL_TILE),
	           "tile_at (%ld,%ld) %s but cell kind %d", (long)x, (long)y,
	           city_status_str(rc), v);
	FUZZ_CHECK(v == CITY_CELL_TILE || v == CITY_CELL_EXTERIOR ||
	               v == CITY_CELL_HOLE,
	           "cell kind %d", v);

	rc = city_feature_kind(g, x, y, part);
	FUZZ_CHECK(rc == CITY_ENOTFOUND ||
	               (f->carc ? rc >= CITY_FEATURE_ROAD &&
	                              rc <= CITY_FEATURE_MONASTERY
	                        : rc >= CITY_FEATURE_STREET &&
	                              rc <= CITY_FEATURE_RESIDENTIAL),
	           "feature_kind %d", rc);
	if (rc >= 0) {
		int t = city_feature_tiles(g, x, y, part);
		int mk = city_feature_market_kinds(g, x, y, part);
		int c = city_feature_complete(g, x, y, part);
		int fo = city_feature_followers(g, x, y, part, player);
		int co = city_feature_coats(g, x, y, part);
		FUZZ_CHECK(t >= 1 && t <= city_game_tile_count(g), "tiles %d", t);
		FUZZ_CHECK(mk >= 0 && mk <= 7 &&
		               (mk == 0) == (rc != CITY_FEATURE_MARKET),
		           "market kinds %d of a kind %d", mk, rc);
		FUZZ_CHECK(co >= 0 && (co == 0 || rc == CITY_FEATURE_CITY),
		           "%d coats of arms on a feature of kind %d", co, rc);
		if (rc == CITY_FEATURE_MONASTERY)
			FUZZ_CHECK(t == 1 && part == 'm',
			           "a monastery of %d tiles, part %d", t, part);
		FUZZ_CHECK(c == 0 || c == 1, "complete %d", c);
		if (player >= 0 && player < city_game_players(g))
			FUZZ_CHECK(fo >= 0 && fo <= 7, "followers %d", fo);
		else
			FUZZ_CHECK(fo == CITY_EINVAL, "followers of player %d: %d",
			           player, fo);
		FUZZ_CHECK(city_feature_same(g, x, y, part, x, y, part) == 1,
		           "a part is not its own feature");
	} else {
		FUZZ_CHECK(city_feature_tiles(g, x, y, part) == rc &&
		               city_feature_market_kinds(g, x, y, part) == rc &&
		               city_feature_complete(g, x, y, part) == rc &&
		               city_feature_coats(g, x, y, part) == rc &&
		               city_feature_same(g, x, y, part, 0, 0, 'a') == rc,
		           "feature queries disagree on a missing part");
	}

	/* Indexed queries: OK exactly below their counts. */
	{
		int n = city_game_tile_count(g), dd = 0, rr = 0;
		rc = city_game_placed_tile(g, index, &qx, &qy, &dd, &rr);
		expect_indexed("placed_tile", index, n, rc);
		FUZZ_CHECK(rc == CITY_OK || rc == CITY_EINVAL, "placed_tile: %s",
		           city_status_str(rc));
		if (rc == CITY_OK) {
			int d2 = 0, r2 = 0;
			FUZZ_CHECK(city_game_tile_at(g, qx, qy, &d2, &r2) == CITY_OK &&
			               d2 == dd && r2 == rr,
			           "placed tile not found at its cell");
		}
		n = city_game_follower_count(g);
		rc = city_game_follower(g, index, NULL, NULL, NULL, NULL, NULL);
		expect_indexed("follower", index, n, rc);
		n = city_game_event_count(g);
		{
			city_event e;
			rc = city_game_event(g, index, &e);
			expect_indexed("event", index, n, rc);
			/* (each event's fields: fuzz_check_events) */
			if (rc == CITY_OK)
				FUZZ_CHECK(e.kind >= CITY_EVENT_SCORE &&
				               e.kind <= (f->carc ? CITY_EVENT_EXCHANGE
				                                  : CITY_EVENT_RETURN) &&
				               (e.points >= 0 ||
				                (f->tower &&
				                 e.reason == CITY_REASON_RANSOM)),
				           "event kind %d points %d", e.kind,
				           e.points);
		}
		n = city_game_move_count(g);
		{
			city_move m;
			rc = city_game_move(g, index, &m);
			expect_indexed("move", index, n, rc);
		}
		n = city_tower_count(g);
		rc = city_tower(g, index, NULL, NULL, NULL, NULL);
		expect_indexed("tower", index, n, rc);
		n = city_wall_length(g);
		{
			int side = -1, gate = -1, guard = -9;
			rc = city_wall_piece(g, index, &qx, &qy, &side, &gate, &guard);
			expect_indexed("wall_piece", index, n, rc);
			if (rc == CITY_OK) {
				FUZZ_CHECK(side >= 0 && side <= 3 && (gate == 0 || gate == 1) &&
				               guard >= -1 && guard < city_game_players(g),
				           "wall piece fields");
				FUZZ_CHECK(city_game_cell(g, qx, qy) == CITY_CELL_TILE,
				           "wall piece borders no tile");
				FUZZ_CHECK(city_game_cell(g, qx + (side == 1) - (side == 3),
				                          qy + (side == 2) - (side == 0)) ==
				               CITY_CELL_EXTERIOR,
				           "wall piece does not face the exterior");
			}
		}
	}

	/* The scalar queries with arbitrary arguments. */
	rc = city_game_supply(g, player, &d, &r);
	FUZZ_CHECK((rc == CITY_OK) ==
	               (player >= 0 && player < city_game_players(g)),
	           "supply of %d: %s", player, city_status_str(rc));
	{
		/* A category of the game: its points (The Tower's ransom may
		 * be negative); of the other game: 0 or EINVAL; else EINVAL. */
		int cat = (int)(w % 13) - 1;
		int own = f->carc ? cat >= CITY_CAT_ROADS && cat <= CITY_CAT_RANSOM
		                  : cat >= 0 && cat < CITY_CAT_COUNT;
		rc = city_game_score_detail(g, player, cat);
		if (player < 0 || player >= players || cat < 0 ||
		    cat > CITY_CAT_RANSOM)
			FUZZ_CHECK(rc == CITY_EINVAL,
			           "score_detail(%d, %d) gave %d", player, cat, rc);
		else if (!own)
			FUZZ_CHECK(rc == 0 || rc == CITY_EINVAL,
			           "score_detail(%d, %d) of the other game: %d",
			           player, cat, rc);
		else if (cat != CITY_CAT_RANSOM)
			FUZZ_CHECK(rc >= 0, "score_detail(%d, %d) gave %d", player,
			           cat, rc);
	}
	rc = city_game_rule(g, (int)(w % 16) - 1);
	FUZZ_CHECK(rc >= 0 || rc == CITY_EINVAL, "rule %d", rc);
	FUZZ_CHECK(city_game_kind(g) ==
	                   (f->carc ? CITY_GAME_CARCASSONNE : CITY_GAME_THE_CITY) &&
	               city_game_expansions(g) ==
	                   ((f->tower ? CITY_EXPANSION_TOWER : 0) |
	                    (f->river ? CITY_EXPANSION_RIVER : 0)),
	           "kind %d, expansions %d", city_game_kind(g),
	           city_game_expansions(g));
	/* The Tower's queries with any arguments. */
	{
		int h = -7, top = -7, q = (int)(w / 16 % 8) - 1;
		int ok_p = player >= 0 && player < players;
		int ok_q = q >= 0 && q < players;
		rc = city_game_tower(g, x, y, &h, &top);
		FUZZ_CHECK(rc == CITY_ENOTFOUND ||
		               (rc == CITY_OK && f->tower &&
		                city_game_cell(g, x, y) == CITY_CELL_TILE &&
		                h >= 0 && top >= -1 && top < players &&
		                (top == -1 || h >= 1)),
		           "tower (%ld,%ld): %s, height %d, top %d", (long)x,
		           (long)y, city_status_str(rc), h, top);
		FUZZ_CHECK(city_game_tower(g, x, y, NULL, NULL) == rc,
		           "tower without outputs answers differently");
		rc = city_game_prisoners(g, player, q);
		FUZZ_CHECK(ok_p && ok_q ? rc >= 0 && (f->tower || rc == 0)
		                        : rc == CITY_EINVAL,
		           "prisoners(%d, %d) gave %d", player, q, rc);
		rc = city_game_floors(g, player);
		FUZZ_CHECK(ok_p ? rc >= 0 && (f->tower || rc == 0)
		                : rc == CITY_EINVAL,
		           "floors(%d) gave %d", player, rc);
		if (ok_p && players > 0) {
			rc = city_game_score(g, player);
			FUZZ_CHECK(rc >= 0 || (f->tower && city_game_rule(
			                           g, CITY_RULE_RANSOM_MIN) == 0),
			           "score of player %d: %d", player, rc);
		} else {
			FUZZ_CHECK(city_game_score(g, player) == CITY_EINVAL,
			           "score of player %d", player);
		}
	}
	rc = city_game_tiles_left(g, (int)(w % 6) - 1);
	FUZZ_CHECK(rc >= 0 || rc == CITY_EINVAL, "tiles_left %d", rc);
	rc = city_wall_end(g, (int)(w % 4) - 1);
	FUZZ_CHECK(rc >= 0 || rc == CITY_EINVAL || rc == CITY_ENOTFOUND,
	           "wall_end %d", rc);
	rc = city_wall_gap(g);
	FUZZ_CHECK((rc >= 0) == (city_wall_length(g) > 0) &&
	               (rc >= 0 || rc == CITY_ENOTFOUND),
	           "wall_gap %d", rc);
	rc = city_contour_length(g);
	/* Carcassonne has no wall and no contour: CITY_ENOTFOUND (not among
	 * the statuses wall.h documents; reported, see the header). */
	if (f->carc)
		FUZZ_CHECK(rc == CITY_ENOTFOUND, "contour length %d", rc);
	else
		FUZZ_CHECK(rc >= 0 && (rc == 0) == (city_game_tile_count(g) == 0),
		           "contour length %d", rc);
	rc = city_game_current_tile(g, &d, NULL);
	FUZZ_CHECK(rc == CITY_OK || rc == CITY_ENOTFOUND, "current_tile %s",
	           city_status_str(rc));
	{
		unsigned mask = 0;
		rc = city_game_winners(g, &mask);
		FUZZ_CHECK(rc == (city_game_final_scored(g) ? CITY_OK
		                                            : CITY_ENOTENDED),
		           "winners %s", city_status_str(rc));
	}
	FUZZ_CHECK(city_game_end_reasons(g) >= 0 && city_game_end_reasons(g) <= 7,
	           "end reasons");
	FUZZ_CHECK((city_game_end_reasons(g) != 0) ==
	               (city_game_decision(g) == CITY_DECISION_END),
	           "end reasons %d at decision %d", city_game_end_reasons(g),
	           city_game_decision(g));
	FUZZ_CHECK(city_game_last_error(g) != NULL, "last_error NULL");
	FUZZ_CHECK(city_game_tileset(g) != NULL, "tileset NULL");

	expect_unchanged(f, "a query");
}

/* Replace the driver's game (the old one is freed). */
static void adopt(fz *f, city_game *g)
{
	city_game_free(f->g);
	f->g = g;
	changed(f);
	reset_baseline(f);
}

static void op_clone(fz *f)
{
	city_game *c = NULL;
	char *t1, *t2;
	size_t l1, l2;
	unsigned how = u8(&f->in) % 4;
	FUZZ_CHECK(city_game_clone(&c, f->g) == CITY_OK, "clone");
	t1 = fuzz_save(f->g, &l1); /* owned: the game may be replaced below */
	t2 = fuzz_save(c, &l2);
	FUZZ_CHECK(l1 == l2 && memcmp(t1, t2, l1) == 0, "clone differs");
	free(t2);
	FUZZ_CHECK(city_game_decision(c) == city_game_decision(f->g) &&
	               city_game_final_scored(c) == city_game_final_scored(f->g) &&
	               city_game_event_count(c) == city_game_event_count(f->g),
	           "clone answers differently");
	if (how == 1 && city_game_decision(c) != CITY_DECISION_END) {
		/* Play on the clone, then copy the original over it. */
		city_move moves[8];
		size_t n = 0;
		int rc = city_legal_moves(c, moves, 8, &n);
		FUZZ_CHECK(rc == CITY_OK || rc == CITY_ERANGE, "legal_moves");
		FUZZ_CHECK(city_apply_move(c, &moves[0]) == CITY_OK, "clone move");
		t2 = fuzz_save(f->g, &l2);
		FUZZ_CHECK(l1 == l2 && memcmp(t1, t2, l1) == 0,
		           "playing a clone changed the original");
		free(t2);
		FUZZ_CHECK(city_game_copy(c, f->g) == CITY_OK, "copy");
		t2 = fuzz_save(c, &l2);
		FUZZ_CHECK(l1 == l2 && memcmp(t1, t2, l1) == 0, "copy differs");
		free(t2);
	}
	if (how == 0) {
		/* A copy between games of different kinds or player counts is
		 * refused and leaves the destination alone. */
		city_game *other = NULL;
		city_options *o = NULL;
		char *t3;
		size_t l3;
		FUZZ_CHECK(city_options_new(&o) == CITY_OK, "options_new");
		if (!f->carc)
			city_options_set_game(o, CITY_GAME_CARCASSONNE);
		FUZZ_CHECK(city_game_new(&other, o) == CITY_OK, "other game");
		city_options_free(o);
		t2 = fuzz_save(other, &l2);
		FUZZ_CHECK(city_game_copy(other, f->g) == CITY_EINVAL &&
		               city_game_copy(c, other) == CITY_EINVAL,
		           "a copy between The City and Carcassonne was taken");
		t3 = fuzz_save(other, &l3);
		FUZZ_CHECK(l2 == l3 && memcmp(t2, t3, l2) == 0,
		           "a refused copy changed its destination");
		free(t3);
		free(t2);
		t2 = fuzz_save(c, &l2);
		FUZZ_CHECK(l1 == l2 && memcmp(t1, t2, l1) == 0,
		           "a refused copy changed the clone");
		free(t2);
		city_game_free(other);
	}
	free(t1);
	if (how >= 2) {
		/* Go on with the clone; scores, categories and floors carry
		 * over (the baseline stays). */
		city_game_free(f->g);
		f->g = c;
		changed(f);
		check_scores(f);
	} else {
		city_game_free(c);
	}
}

/* Undo and reset took the game back: its record is now `after` (the
 * driver's from here) and the score comparisons restart. */
static void restarted(fz *f, char *after, size_t len)
{
	changed(f);
	f->saved = after;
	f->saved_len = len;
	fuzz_check_state(f->g);
	reset_baseline(f);
}

static void op_undo(fz *f)
{
	const char *before;
	char *after, *want;
	size_t bl, al, wl;
	int moves = city_game_move_count(f->g), rc;
	before = saved(f, &bl);
	rc = city_game_undo(f->g);
	after = fuzz_save(f->g, &al);
	if (moves == 0) {
		FUZZ_CHECK(rc == CITY_ENOTFOUND, "undo of nothing gave %s",
		           city_status_str(rc));
		FUZZ_CHECK(al == bl && memcmp(after, before, al) == 0,
		           "failed undo changed the record");
	} else {
		FUZZ_CHECK(rc == CITY_OK, "undo gave %s", city_status_str(rc));
		FUZZ_CHECK(city_game_move_count(f->g) == moves - 1, "undo count");
		FUZZ_CHECK(city_game_final_scored(f->g) == 0,
		           "final scoring survived undo");
		want = fuzz_drop_last_move(before, bl, &wl);
		FUZZ_CHECK(al == wl && memcmp(after, want, al) == 0,
		           "undo did not drop the last move");
		free(want);
	}
	restarted(f, after, al);
}

static void op_reset(fz *f)
{
	const char *before, *mv;
	char *after;
	size_t bl, al;
	int p;
	before = saved(f, &bl);
	FUZZ_CHECK(city_game_reset(f->g) == CITY_OK, "reset");
	after = fuzz_save(f->g, &al);
	mv = strstr(before, "\nmoves\n");
	FUZZ_CHECK(mv != NULL, "no moves line");
	mv += 7;
	FUZZ_CHECK(al == (size_t)(mv - before) + 4 &&
	               memcmp(after, before, (size_t)(mv - before)) == 0 &&
	               strcmp(after + (mv - before), "end\n") == 0,
	           "reset changed the header");
	/* (Carcassonne's start tile is in play before the first turn) */
	FUZZ_CHECK(city_game_move_count(f->g) == 0 &&
	               city_game_tile_count(f->g) == (f->carc ? 1 : 0) &&
	               city_game_final_scored(f->g) == 0,
	           "reset game is not new");
	for (p = 0; p < city_game_players(f->g); p++)
		FUZZ_CHECK(city_game_score(f->g, p) == 0, "score after reset");
	restarted(f, after, al);
}

static void op_save_short(fz *f)
{
	size_t len, need = 0, cap;
	char *buf;
	int rc;
	saved(f, &len);
	cap = u16(&f->in) % (len + 1); /* 0 .. len: always one short at least */
	buf = cap ? fuzz_xmalloc(cap) : NULL;
	rc = city_game_save(f->g, buf, cap, &need);
	FUZZ_CHECK(rc == CITY_ERANGE && need == len + 1,
	           "save into %zu bytes gave %s, needed %zu (want %zu)", cap,
	           city_status_str(rc), need, len + 1);
	free(buf);
}

static void op_load(fz *f)
{
	size_t len;
	char *text = fuzz_save(f->g, &len), err[256];
	unsigned how = u8(&f->in);
	city_game *g2 = fuzz_reload(text, len);
	int rc;
	if (!city_game_final_scored(f->g)) {
		int p;
		FUZZ_CHECK(city_game_decision(g2) == city_game_decision(f->g) &&
		               city_game_player(g2) == city_game_player(f->g) &&
		               city_game_follower_count(g2) ==
		                   city_game_follower_count(f->g) &&
		               city_wall_length(g2) == city_wall_length(f->g) &&
		               city_game_event_count(g2) ==
		                   city_game_event_count(f->g),
		           "loaded game answers differently");
		for (p = 0; p < city_game_players(g2); p++)
			FUZZ_CHECK(city_game_score(g2, p) == city_game_score(f->g, p),
			           "loaded score differs");
	}
	if (how % 2)
		adopt(f, g2);
	else
		city_game_free(g2);
	if (how % 3 == 0 && len > 0) {
		/* A corrupted copy: any documented status, no crash. */
		city_game *g3 = NULL;
		size_t at = u16(&f->in) % len;
		text[at] = (char)u8(&f->in);
		rc = city_game_load(&g3, text, len, err, sizeof err);
		FUZZ_CHECK(rc == CITY_OK || rc == CITY_EPARSE ||
		               rc == CITY_EILLEGAL || rc == CITY_EDECISION ||
		               rc == CITY_EENDED || rc == CITY_ELIMIT ||
		               rc == CITY_ENOTENDED, /* `scored` too early */
		           "corrupted record gave %s", city_status_str(rc));
		if (rc == CITY_OK) {
			fuzz_check_state(g3);
			city_game_free(g3);
		}
	}
	free(text);
}

/* Final scoring is no move: the record only gains its `scored` line
 * before `end` (record.md), the first time. */
static void expect_scored_line(fz *f)
{
	size_t len;
	char *now = fuzz_save(f->g, &len);
	FUZZ_CHECK(f->saved_len >= 4 && len == f->saved_len + 7 &&
	                   memcmp(now, f->saved, f->saved_len - 4) == 0 &&
	                   memcmp(now + len - 11, "scored\nend\n", 11) == 0,
	           "final scoring changed more than its scored line:\n%s\n---"
	           "\n%s",
	           f->saved, now);
	free(now);
}

static void op_final(fz *f)
{
	int ended = city_game_decision(f->g) == CITY_DECISION_END, rc;
	int was_scored = city_game_final_scored(f->g) == 1;
	saved(f, NULL);
	rc = city_score_final(f->g);
	if (ended && !was_scored && rc == CITY_OK)
		expect_scored_line(f);
	else
		expect_unchanged(f, "final scoring");
	if (!ended) {
		FUZZ_CHECK(rc == CITY_ENOTENDED, "score_final before the end: %s",
		           city_status_str(rc));
		FUZZ_CHECK(city_game_final_scored(f->g) == 0, "final_scored");
	} else {
		int scores[5], p;
		unsigned mask = 0;
		FUZZ_CHECK(rc == CITY_OK, "score_final: %s", city_status_str(rc));
		changed(f);
		fuzz_check_state(f->g);
		check_scores(f);
		for (p = 0; p < city_game_players(f->g); p++)
			scores[p] = city_game_score(f->g, p);
		FUZZ_CHECK(city_score_final(f->g) == CITY_OK, "second score_final");
		for (p = 0; p < city_game_players(f->g); p++)
			FUZZ_CHECK(scores[p] == city_game_score(f->g, p),
			           "score_final is not idempotent");
		FUZZ_CHECK(city_game_winners(f->g, &mask) == CITY_OK && mask != 0 &&
		               mask < (1u << city_game_players(f->g)),
		           "winners %u", mask);
		/* Nothing but undo, reset and load goes back from here. */
		FUZZ_CHECK(city_game_final_scored(f->g) == 1, "final_scored");
	}
}

static void op_legal_short(fz *f)
{
	size_t cap, n = 0;
	city_move *buf;
	int rc;
	list_legal(f);
	if (f->n_legal == 0)
		return;
	cap = u8(&f->in) % f->n_legal;
	buf = cap ? fuzz_xmalloc(cap * sizeof *buf) : NULL;
	rc = city_legal_moves(f->g, buf, cap, &n);
	FUZZ_CHECK(n == f->n_legal, "count %zu into %zu, want %zu", n, cap,
	           f->n_legal);
	FUZZ_CHECK(rc == (buf ? CITY_ERANGE : CITY_OK),
	           "legal_moves into %zu: %s", cap, city_status_str(rc));
	if (cap)
		FUZZ_CHECK(memcmp(buf, f->legal, cap * sizeof *buf) == 0,
		           "the first moves differ");
	free(buf);
}

static void op_text(fz *f)
{
	city_move m, back;
	char text[80], raw[65];
	size_t need = 0, i, n;
	int rc;
	list_legal(f);
	if (f->n_legal) {
		/* A listed move reads back as itself. */
		m = f->legal[u8(&f->in) % f->n_legal];
		rc = city_move_to_string(&m, text, sizeof text, &need);
		FUZZ_CHECK(rc == CITY_OK && need == strlen(text) + 1,
		           "move_to_string %s", city_status_str(rc));
		rc = city_move_to_string(&m, text, need - 1, NULL);
		FUZZ_CHECK(rc == CITY_ERANGE, "move_to_string one byte short: %s",
		           city_status_str(rc));
		rc = city_move_to_string(&m, text, need, NULL);
		FUZZ_CHECK(rc == CITY_OK, "move_to_string exact");
		rc = city_move_parse(&back, text);
		FUZZ_CHECK(rc == CITY_OK && memcmp(&back, &m, sizeof m) == 0,
		           "\"%s\" does not parse back", text);
	}
	/* Any struct: text or EINVAL; text parses back to the same move. */
	fuzz_move(f, &m);
	rc = city_move_to_string(&m, text, sizeof text, &need);
	FUZZ_CHECK(rc == CITY_OK || rc == CITY_EINVAL, "move_to_string: %s",
	           city_status_str(rc));
	if (rc == CITY_OK) {
		rc = city_move_parse(&back, text);
		if (rc == CITY_OK)
			FUZZ_CHECK(same_move(&back, &m), "\"%s\" parses differently",
			           text);
		else
			/* Coordinates beyond what the parser reads. */
			FUZZ_CHECK(rc == CITY_EPARSE &&
			               (m.kind == CITY_MOVE_PLACE ||
			                m.kind == CITY_MOVE_GATE ||
			                m.kind == CITY_MOVE_FLOOR ||
			                m.kind == CITY_MOVE_TOP ||
			                m.kind == CITY_MOVE_CAPTURE),
			           "\"%s\" does not parse: %s", text,
			           city_status_str(rc));
	}
	/* Any text. */
	n = u8(&f->in) % 64;
	for (i = 0; i < n; i++)
		raw[i] = (char)u8(&f->in);
	raw[n] = '\0';
	memset(&back, 0xA5, sizeof back);
	rc = city_move_parse(&back, raw);
	FUZZ_CHECK(rc == CITY_OK || rc == CITY_EPARSE, "move_parse: %s",
	           city_status_str(rc));
	if (rc == CITY_OK) {
		rc = city_move_to_string(&back, text, sizeof text, NULL);
		FUZZ_CHECK(rc == CITY_OK, "parsed move has no text");
		rc = city_move_parse(&m, text);
		FUZZ_CHECK(rc == CITY_OK && memcmp(&m, &back, sizeof m) == 0,
		           "parse -> text -> parse differs");
	}
}

static void op_legal_any(fz *f)
{
	op_legal(f, u16(&f->in));
}

static void op_move_struct(fz *f)
{
	op_move(f, 0);
}

static void op_move_named(fz *f)
{
	op_move(f, 1);
}

/* A legal move, then final scoring if the game reached its end. */
static void op_legal_then_final(fz *f)
{
	op_legal_any(f);
	if (city_game_decision(f->g) == CITY_DECISION_END &&
	    !city_game_final_scored(f->g))
		op_final(f);
}

/* The mix of operations: a byte picks one, each op taking `share` of the
 * byte's values (modulo their sum), in this order; an op with one_in > 1
 * runs only when a further byte is a multiple of it (undo, reset and load
 * replay the whole game: not too often). */
static const struct op_kind {
	void (*run)(fz *f);
	unsigned share, one_in;
} op_kinds[] = {
    {op_legal_any, 6, 1},   {op_autoplay, 2, 1},
    {op_move_struct, 2, 1}, {op_move_named, 2, 1},
    {op_query, 2, 1},       {op_clone, 1, 1},
    {op_undo, 1, 2},        {op_reset, 1, 4},
    {op_save_short, 1, 1},  {op_load, 1, 4},
    {op_final, 1, 1},       {op_legal_short, 1, 1},
    {op_text, 1, 1},        {op_legal_then_final, 2, 1},
};
#define OP_KINDS (sizeof op_kinds / sizeof op_kinds[0])

static void run_op(fz *f, unsigned byte)
{
	unsigned shares = 0, op;
	size_t i;
	for (i = 0; i < OP_KINDS; i++)
		shares += op_kinds[i].share;
	op = byte % shares;
	for (i = 0; op >= op_kinds[i].share; i++)
		op -= op_kinds[i].share;
	if (op_kinds[i].one_in == 1 || u8(&f->in) % op_kinds[i].one_in == 0)
		op_kinds[i].run(f);
}

/* ------------------------------------------------------------------------
 * Set-up and the loop
 */

/* The Tower's seven rules (T-OPT-1..7) by constant and by record text
 * (value 0, value 1), and their defaults. */
static const int tower_rules[7] = {
    CITY_RULE_CAPTURE_OWN,  CITY_RULE_CAPTURE_TOP,      CITY_RULE_RANSOM_MIN,
    CITY_RULE_CAPTURE_GAPS, CITY_RULE_TOWER_RANGE,      CITY_RULE_CAPTURE_DIAGONAL,
    CITY_RULE_RANSOM};
static const char *const tower_rule_text[7][2] = {
    {"capture_own=no", "capture_own=yes"},
    {"capture_top=no", "capture_top=yes"},
    {"ransom_min=no", "ransom_min=yes"},
    {"capture_gaps=no", "capture_gaps=yes"},
    {"tower_range=height", "tower_range=short"},
    {"capture_diagonal=no", "capture_diagonal=yes"},
    {"ransom=no", "ransom=yes"}};
static const int tower_rule_default[7] = {1, 1, 1, 1, CITY_RANGE_HEIGHT, 0,
                                          1};

/* Shuffles order[0..k-1] by R-RNG's Fisher-Yates from the generator st. */
static void shuffle_order(int *order, unsigned k, uint64_t *st)
{
	unsigned i;
	for (i = k - 1; i >= 1 && k; i--) {
		unsigned j = (unsigned)(rng_next(st) % (i + 1u));
		int t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
}

/* An arbitrary draw order: up to 299 ids from -5 to span - 6, which
 * city_options_set_order() takes or refuses (CITY_EINVAL; CITY_ELIMIT
 * exactly when longer than 255). */
static void arbitrary_order(fz *f, city_options *o, int span)
{
	int order[300] = {0}, rc; /* zeroed: gcc cannot see n bounds the reads */
	size_t i, n = u16(&f->in) % 300;
	for (i = 0; i < n; i++)
		order[i] = (int)u8(&f->in) % span - 5;
	rc = city_options_set_order(o, order, n);
	FUZZ_CHECK(n > 255 ? rc == CITY_ELIMIT
	                   : rc == CITY_OK || rc == CITY_EINVAL,
	           "set_order of %zu: %s", n, city_status_str(rc));
}

/* The game of the options `o` (freed here), or NULL when refused: always
 * when `must_fail`, never when `must_work`, and only with CITY_EINVAL. */
static city_game *new_game(city_options *o, int must_work, int must_fail)
{
	city_game *g = NULL;
	int rc = city_game_new(&g, o);
	city_options_free(o);
	if (must_fail) {
		FUZZ_CHECK(rc == CITY_EINVAL, "game_new of a refused setting: %s",
		           city_status_str(rc));
		city_game_free(g);
		return NULL;
	}
	if (rc != CITY_OK) {
		FUZZ_CHECK(!must_work && rc == CITY_EINVAL, "game_new: %s",
		           city_status_str(rc));
		return NULL;
	}
	return g;
}

/* How many river sides design i has (The River: 0, 1 for the spring and
 * the lake, 2). */
static int river_sides(const city_tileset *ts, unsigned i)
{
	int side, n = 0;
	char mid = 0;
	for (side = 0; side < 4; side++)
		if (city_tileset_side(ts, i, side, 0, NULL, &mid, NULL) == CITY_OK &&
		    mid == '~')
			n++;
	return n;
}

/* Every instance of a set but one of its start design (C-SET-4), or with
 * it (`with_start`), shuffled by `st`; returns the count. With The River
 * (V-SET-2): the river tiles shuffled, the lake, the land tiles shuffled,
 * without the spring (the first design with one river side in the
 * built-in sets, the lake the second) and with river_start=remove
 * (`remove`) without one start instance; `with_start` then puts the spring
 * first (refused). */
static unsigned carc_order(const city_tileset *ts, int *order, int with_start,
                           int river, int remove, uint64_t st)
{
	unsigned i, k = 0, c, n = city_tileset_design_count(ts), nr = 0;
	int start = city_tileset_start_design(ts), ends = 0, lake = -1;
	int land[255];
	if (river && with_start)
		order[nr++] = -1; /* the spring, below */
	for (i = 0; i < n; i++) {
		unsigned count = (unsigned)city_tileset_design_count_of(ts, i);
		int id = city_tileset_design_id(ts, i), rs = river_sides(ts, i);
		if (!river) {
			if ((int)i == start && !with_start)
				count--;
			for (c = 0; c < count; c++)
				order[k++] = id;
			continue;
		}
		if (rs == 1) {
			if (ends++ == 0 && with_start)
				order[0] = id;
			else if (ends == 2)
				lake = id;
			continue;
		}
		if ((int)i == start && remove)
			count--;
		for (c = 0; c < count; c++) {
			if (rs)
				order[nr++] = id;
			else
				land[k++] = id;
		}
	}
	if (!river) {
		shuffle_order(order, k, &st);
		return k;
	}
	shuffle_order(order + with_start, nr - (unsigned)with_start, &st);
	order[nr++] = lake;
	shuffle_order(land, k, &st);
	memcpy(order + nr, land, k * sizeof *land);
	return nr + k;
}

/* A game of Carcassonne, b1 >> 5 = 2..4 the base game, 5..7 with The
 * Tower (setup()):
 *   b0 % 4: players 2..5; b0 & 4: the game by name, else by constant;
 *   b0 & 8: The Tower's switch set explicitly (on, or off for the base
 *           game); b0 & 16: the game's built-in set named explicitly;
 *   b1 & 1: farmers chosen (C-OPT-1), value b1 >> 1 & 1, by record text
 *           when b1 & 4; b1 & 8: The Tower's rules chosen, values the bits
 *           of the next byte, by record text when b1 & 16;
 *   b2 % 16 == 15: a rule of The City set, 14: stacks set, 13 in the base
 *           game: a Tower rule set (all refused by city_game_new());
 *   b3 % 4: 0 a seeded order, 1 an order with the start instance
 *           (refused), 2 an explicit permutation, 3 any order;
 *   b3 / 4 % 4: 2 the other built-in set (the base game with the 90
 *           tiles, whose foundations do nothing, T-SET-3; The Tower with
 *           the 72, which has none), 3 a set of The City (refused);
 *   b0 & 32: The River (V-*), its set `carcassonne-river[-tower]` (the
 *           other built-in set: the other of those two); b0 & 64:
 *           river_start=remove (V-OPT-1), b0 & 128: river_start set (by
 *           record text when b1 & 4); b2 % 16 == 12: with The River a set
 *           without it, without The River river_start set (refused). */
static city_game *setup_carc(fz *f, unsigned b0, unsigned b1, unsigned b2,
                             unsigned b3, uint64_t seed)
{
	city_options *o = NULL;
	city_game *g = NULL;
	const city_tileset *ts;
	int tower = (b1 >> 5) >= 5, players = 2 + (int)(b0 % 4), rc, i;
	int river = (b0 & 32) != 0, remove = river && (b0 & 64);
	int must_work = 1, must_fail = 0, farmers = 0;
	int topt[7];
	unsigned tbits = tower && (b1 & 8) ? u8(&f->in) : 0;
	FUZZ_CHECK(city_options_new(&o) == CITY_OK, "options_new");
	rc = b0 & 4 ? city_options_parse_game(o, "carcassonne")
	            : city_options_set_game(o, CITY_GAME_CARCASSONNE);
	FUZZ_CHECK(rc == CITY_OK, "set_game: %s", city_status_str(rc));
	if (tower || (b0 & 8))
		FUZZ_CHECK(city_options_set_expansion(o, CITY_EXPANSION_TOWER,
		                                      tower) == CITY_OK,
		           "set_expansion");
	if (river)
		FUZZ_CHECK(city_options_set_expansion(o, CITY_EXPANSION_RIVER, 1) ==
		               CITY_OK,
		           "set_expansion river");
	if (river && (b0 & 192)) {
		rc = b1 & 4 ? city_options_parse_rule(o, remove
		                                             ? "river_start=remove"
		                                             : "river_start=shuffle")
		            : city_options_set_rule(o, CITY_RULE_RIVER_START,
		                                    remove ? CITY_RIVER_REMOVE
		                                           : CITY_RIVER_SHUFFLE);
		FUZZ_CHECK(rc == CITY_OK, "river_start: %s", city_status_str(rc));
	}
	FUZZ_CHECK(city_options_set_players(o, players) == CITY_OK,
	           "set_players %d", players);
	if (b1 & 1) {
		farmers = (int)(b1 >> 1 & 1);
		rc = b1 & 4 ? city_options_parse_rule(o, farmers ? "farmers=yes"
		                                                 : "farmers=no")
		            : city_options_set_rule(o, CITY_RULE_FARMERS, farmers);
		FUZZ_CHECK(rc == CITY_OK, "farmers: %s", city_status_str(rc));
	}
	for (i = 0; i < 7; i++) {
		topt[i] = tower_rule_default[i];
		if (!(tower && (b1 & 8)))
			continue;
		topt[i] = (int)(tbits >> i & 1);
		rc = b1 & 16 ? city_options_parse_rule(o, tower_rule_text[i][topt[i]])
		             : city_options_set_rule(o, tower_rules[i], topt[i]);
		FUZZ_CHECK(rc == CITY_OK, "%s: %s", tower_rule_text[i][topt[i]],
		           city_status_str(rc));
	}
	switch (b3 / 4 % 4) {
	case 2:
		if (river)
			ts = city_tileset_builtin(tower ? "carcassonne-river"
			                                : "carcassonne-river-tower");
		else
			ts = city_tileset_builtin(tower ? "carcassonne"
			                                : "carcassonne-tower");
		break;
	case 3:
		ts = fuzz_sets[b3 / 16 % 5];
		must_fail = 1;
		break;
	default:
		ts = city_tileset_builtin(
		    river ? (tower ? "carcassonne-river-tower" : "carcassonne-river")
		          : (tower ? "carcassonne-tower" : "carcassonne"));
		break;
	}
	FUZZ_CHECK(ts != NULL, "built-in set");
	if ((b0 & 16) || b3 / 4 % 4 >= 2)
		FUZZ_CHECK(city_options_set_tileset(o, ts) == CITY_OK,
		           "set_tileset");
	switch (b2 % 16) {
	case 12: /* V-SET-1: the river's tiles and the expansion go together;
	          * a rule of an expansion not in play */
		if (river)
			FUZZ_CHECK(city_options_set_tileset(
			               o, city_tileset_builtin(tower
			                                           ? "carcassonne-tower"
			                                           : "carcassonne")) ==
			               CITY_OK,
			           "set_tileset without the river");
		else
			FUZZ_CHECK(city_options_set_rule(o, CITY_RULE_RIVER_START,
			                                 CITY_RIVER_REMOVE) == CITY_OK,
			           "set_rule river_start");
		must_fail = 1;
		break;
	case 15:
		FUZZ_CHECK(city_options_set_rule(o, CITY_RULE_END_GAP, 3) ==
		               CITY_OK,
		           "set_rule end_gap");
		must_fail = 1;
		break;
	case 14:
		if (!FUZZ_STRICT)
			break;
		FUZZ_CHECK(city_options_set_stacks(o, 1, 0, 70) == CITY_OK,
		           "set_stacks");
		must_fail = 1;
		break;
	case 13:
		if (!tower) {
			FUZZ_CHECK(city_options_set_rule(o, CITY_RULE_RANSOM, 0) ==
			               CITY_OK,
			           "set_rule ransom");
			must_fail = 1;
		}
		break;
	default:
		break;
	}
	city_options_set_seed(o, seed);
	f->rng = seed ^ b2;
	switch (b3 % 4) {
	case 1:
	case 2: {
		int order[255];
		unsigned k;
		if (must_fail) /* a set of The City: no start design */
			break;
		k = carc_order(ts, order, b3 % 4 == 1, river, remove, seed);
		FUZZ_CHECK(city_options_set_order(o, order, k) == CITY_OK,
		           "set_order");
		if (b3 % 4 == 1)
			must_fail = 1;
		break;
	}
	case 3:
		arbitrary_order(f, o, 60);
		must_work = 0;
		break;
	default:
		break;
	}
	g = new_game(o, must_work, must_fail);
	if (!g)
		return NULL;
	FUZZ_CHECK(city_game_kind(g) == CITY_GAME_CARCASSONNE &&
	               city_game_expansions(g) ==
	                   ((tower ? CITY_EXPANSION_TOWER : 0) |
	                    (river ? CITY_EXPANSION_RIVER : 0)) &&
	               city_game_rule(g, CITY_RULE_RIVER_START) ==
	                   (river ? (remove ? CITY_RIVER_REMOVE : CITY_RIVER_SHUFFLE)
	                          : CITY_EINVAL) &&
	               city_game_players(g) == players &&
	               city_game_rule(g, CITY_RULE_FARMERS) == farmers &&
	               city_game_rule(g, CITY_RULE_END_GAP) == CITY_EINVAL,
	           "the game is not the one asked for");
	for (i = 0; i < 7; i++)
		FUZZ_CHECK(city_game_rule(g, tower_rules[i]) ==
		               (tower ? topt[i] : CITY_EINVAL),
		           "rule %s reads %d", tower_rule_text[i][topt[i]],
		           city_game_rule(g, tower_rules[i]));
	for (i = 0; i < players; i++)
		FUZZ_CHECK(city_game_floors(g, i) ==
		               (tower ? fuzz_floors_dealt(players) : 0),
		           "player %d starts with %d floors", i,
		           city_game_floors(g, i));
	f->carc = 1;
	f->tower = tower;
	f->river = river;
	return g;
}

/* A new game from the first bytes, or NULL when the options are refused
 * (with the documented status). */
static city_game *setup(fz *f)
{
	city_options *o = NULL;
	const city_tileset *ts;
	unsigned b0 = u8(&f->in), b1 = u8(&f->in), b2 = u8(&f->in);
	unsigned b3 = u8(&f->in), sel, tiles;
	uint64_t seed = u64(&f->in);
	int rc, must_work = 1;
	init_sets();
	/* b1 >> 5: 0, 1 The City (the committed corpus of The City has 0);
	 * 2..7 Carcassonne. */
	if (b1 >> 5 >= 2)
		return setup_carc(f, b0, b1, b2, b3, seed);
	FUZZ_CHECK(city_options_new(&o) == CITY_OK, "options_new");
	sel = (b0 >> 2) % 8;
	ts = fuzz_sets[sel < 4 ? 0 : sel - 3];
	tiles = city_tileset_tile_count(ts);
	FUZZ_CHECK(city_options_set_tileset(o, ts) == CITY_OK, "set_tileset");
	FUZZ_CHECK(city_options_set_players(o, 2 + (int)(b0 % 3)) == CITY_OK,
	           "set_players");
	city_options_set_rule(o, CITY_RULE_WALL_TRIGGER, (int)(b1 & 1));
	city_options_set_rule(o, CITY_RULE_FIRST_ROUND_GUARDS,
	                      (int)(b1 >> 1 & 1));
	city_options_set_rule(o, CITY_RULE_RETURNED_GUARD, (int)(b1 >> 2 & 1));
	city_options_set_rule(o, CITY_RULE_CLOSING_TOWER, (int)(b1 >> 3 & 1));
	if (b1 & 0x10)
		city_options_set_rule(o, CITY_RULE_END_GAP, (int)(b2 % 21));
	city_options_set_seed(o, seed);
	f->rng = seed ^ b2;
	switch (b3 % 4) {
	case 2: { /* an explicit order: a permutation of the set */
		int order[255];
		unsigned i, k = 0, c, n = city_tileset_design_count(ts);
		uint64_t st = seed;
		for (i = 0; i < n; i++)
			for (c = 0; c < (unsigned)city_tileset_design_count_of(ts, i);
			     c++)
				order[k++] = city_tileset_design_id(ts, i);
		shuffle_order(order, k, &st);
		FUZZ_CHECK(city_options_set_order(o, order, k) == CITY_OK,
		           "set_order");
		break;
	}
	case 3:
		arbitrary_order(f, o, 110);
		must_work = 0;
		break;
	default:
		break;
	}
	switch (b3 / 4 % 4) {
	case 2: { /* valid stacks */
		unsigned a = 1 + (unsigned)(seed >> 8) % tiles;
		unsigned b = (unsigned)(seed >> 20) % (tiles - a + 1);
		FUZZ_CHECK(city_options_set_stacks(o, a, b, tiles - a - b) ==
		               CITY_OK,
		           "set_stacks");
		break;
	}
	case 3: { /* arbitrary stacks */
		unsigned a = u8(&f->in) * 2u, b = u8(&f->in), c = u8(&f->in);
		rc = city_options_set_stacks(o, a, b, c);
		FUZZ_CHECK(rc == CITY_OK || rc == CITY_EINVAL, "set_stacks: %s",
		           city_status_str(rc));
		must_work = 0;
		break;
	}
	default:
		break;
	}
	return new_game(o, must_work, 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fz f;
	unsigned ops = 0;
	memset(&f, 0, sizeof f);
	f.in.p = data;
	f.in.n = size;
	f.g = setup(&f);
	if (!f.g)
		return 0;
	fuzz_check_state(f.g);
	reset_baseline(&f);
	while (f.in.n > 0 && ops++ < 2000) {
		run_op(&f, u8(&f.in));
	}
#ifdef FUZZ_API_STATS
	/* -DFUZZ_API_STATS: how far each input got (to judge a corpus). */
	{
		/* and in Carcassonne, the Tower's moves among the game's */
		int kinds[13] = {0}, i, n = city_game_move_count(f.g);
		for (i = 0; i < n; i++) {
			city_move m;
			if (city_game_move(f.g, (size_t)i, &m) == CITY_OK &&
			    m.kind < 13)
				kinds[m.kind]++;
		}
		fprintf(stderr,
		        "fuzz_api: game %d/%d, %u ops, %d moves, %d tiles, wall %d, "
		        "decision %d, final %d; floor %d top %d capture %d "
		        "ransom %d\n",
		        city_game_kind(f.g), city_game_expansions(f.g), ops,
		        city_game_move_count(f.g), city_game_tile_count(f.g),
		        city_wall_length(f.g), city_game_decision(f.g),
		        city_game_final_scored(f.g), kinds[CITY_MOVE_FLOOR],
		        kinds[CITY_MOVE_TOP], kinds[CITY_MOVE_CAPTURE],
		        kinds[CITY_MOVE_RANSOM]);
	}
#endif
	city_game_free(f.g);
	free(f.legal);
	free(f.saved);
	return 0;
}
