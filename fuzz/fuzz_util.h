/*
 * Helpers shared by the fuzz harnesses (fuzz/fuzz_*.c): checks that abort
 * with a message, whole-text getters for the calls that fill
 * caller-provided buffers, the record text an undo must give, and the
 * invariants of every game state.
 *
 * The harnesses use the public API only, so that the same source builds as
 * a libFuzzer target (clang, CITY_FUZZ) and, with fuzz/replay_main.c, as a
 * plain corpus replayer in the sanitized test build (gcc or clang).
 */
#ifndef CITY_FUZZ_UTIL_H
#define CITY_FUZZ_UTIL_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#if defined(__GNUC__) || defined(__clang__)
#define FUZZ_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define FUZZ_NORETURN __attribute__((noreturn))
#else
#define FUZZ_PRINTF(f, a)
#define FUZZ_NORETURN
#endif

/* The entry point every harness defines (libFuzzer's contract). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

FUZZ_PRINTF(1, 2) FUZZ_NORETURN
static inline void fuzz_fail(const char *fmt, ...)
{
	va_list ap;
	fputs("fuzz: invariant violated: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fflush(stderr);
	abort();
}

/* FUZZ_CHECK(cond, fmt, ...): abort with a message when cond is false. */
#define FUZZ_CHECK(cond, ...)                                              \
	do {                                                               \
		if (!(cond))                                               \
			fuzz_fail(__VA_ARGS__);                            \
	} while (0)

static inline void *fuzz_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p) {
		fputs("fuzz: out of memory\n", stderr);
		abort();
	}
	return p;
}

/* The game as record text (heap, NUL-terminated; *len without the NUL),
 * checking the buffer contract of city_game_save() on the way: a buffer
 * too small gives CITY_ERANGE and the exact size, which then succeeds and
 * writes that many bytes. One save call when the last size still fits (a
 * buffer kept between calls). */
static inline char *fuzz_save(const city_game *g, size_t *len)
{
	static char *buf;
	static size_t cap;
	size_t need = 0, need2 = 0;
	char *out;
	int rc = city_game_save(g, buf, cap, &need);
	if (rc == CITY_ERANGE) {
		FUZZ_CHECK(need > cap, "save into %zu bytes: CITY_ERANGE, needs %zu",
		           cap, need);
		free(buf);
		cap = need + need / 2;
		buf = fuzz_xmalloc(cap);
		rc = city_game_save(g, buf, cap, &need2);
		FUZZ_CHECK(need2 == need, "save needed %zu then %zu", need, need2);
	}
	FUZZ_CHECK(rc == CITY_OK, "save gave %s", city_status_str(rc));
	FUZZ_CHECK(need > 1 && strlen(buf) == need - 1,
	           "save wrote %zu bytes, said %zu", strlen(buf), need - 1);
	out = fuzz_xmalloc(need);
	memcpy(out, buf, need);
	if (len)
		*len = need - 1;
	return out;
}

/* A tile set as `.tiles` text (heap), with the same buffer checks. */
static inline char *fuzz_tileset_text(const city_tileset *ts, size_t *len)
{
	size_t need = 0, need2 = 0;
	char *buf;
	int rc = city_tileset_text(ts, NULL, 0, &need);
	FUZZ_CHECK(rc == CITY_ERANGE, "tileset_text(NULL, 0) gave %s",
	           city_status_str(rc));
	FUZZ_CHECK(need > 1, "tileset_text needs %zu bytes", need);
	buf = fuzz_xmalloc(need);
	if (need > 1) {
		rc = city_tileset_text(ts, buf, need - 1, &need2);
		FUZZ_CHECK(rc == CITY_ERANGE && need2 == need,
		           "tileset_text one byte short gave %s, needed %zu",
		           city_status_str(rc), need2);
	}
	rc = city_tileset_text(ts, buf, need, &need2);
	FUZZ_CHECK(rc == CITY_OK && need2 == need,
	           "tileset_text gave %s, needed %zu then %zu",
	           city_status_str(rc), need, need2);
	FUZZ_CHECK(strlen(buf) == need - 1, "tileset_text length");
	if (len)
		*len = need - 1;
	return buf;
}

/* The game of the record `text` (len bytes, as fuzz_save gave it), which
 * must load and save again byte for byte; the caller frees it. */
static inline city_game *fuzz_reload(const char *text, size_t len)
{
	city_game *g = NULL;
	char err[256], *again;
	size_t len2;
	int rc = city_game_load(&g, text, len, err, sizeof err);
	FUZZ_CHECK(rc == CITY_OK, "saved record does not load: %s: %s\n%s",
	           city_status_str(rc), err, text);
	again = fuzz_save(g, &len2);
	FUZZ_CHECK(len2 == len && memcmp(text, again, len) == 0,
	           "save -> load -> save differs:\n%s\n---\n%s", text, again);
	free(again);
	return g;
}

/* The record text `text` (len bytes) without its last move line: what undo
 * must give (heap; *out_len without the NUL). The text ends
 * "...\n<move>\nend\n", or "...\n<move>\nscored\nend\n" once final
 * scoring is done, which undo takes back too. */
static inline char *fuzz_drop_last_move(const char *text, size_t len,
                                        size_t *out_len)
{
	size_t k;
	char *r;
	FUZZ_CHECK(len >= 5 && memcmp(text + len - 5, "\nend\n", 5) == 0,
	           "saved record does not end with end");
	k = len - 5; /* the newline before "end" */
	if (k >= 7 && memcmp(text + k - 7, "\nscored", 7) == 0)
		k -= 7; /* the newline ending the last move */
	while (k > 0 && text[k - 1] != '\n')
		k--;
	r = fuzz_xmalloc(len + 1);
	memcpy(r, text, k);
	memcpy(r + k, "end\n", 5);
	*out_len = k + 4;
	return r;
}

/* The invariants of every game state (issue "Robustness"):
 * - followers are conserved: supply + followers on the board = 7 per
 *   player (R-SET-2; in Carcassonne, C-SET-2, prisoners held by others
 *   count too, T-CAP-3);
 * - wall pieces are conserved: pieces in the wall (gate excluded) + pieces
 *   left = 70 (R-SET-3; Carcassonne has none);
 * - a score is the sum of its game's categories, none negative (but The
 *   Tower's ransom), and the sum of the points of its score events;
 * - the decision and the deciding player are in range;
 * - The Tower (fuzz_check_tower): floors are conserved (floors in supply +
 *   floors on the towers = T-SET-1's count x players); a tower's top
 *   follower is a follower of role tower-top on that cell and owner, and
 *   every such follower stands on a tower; nobody holds their own
 *   follower (T-CAP-2) and no two players hold each other's (T-CAP-4,
 *   the automatic exchange); the ransom categories sum to 0 (T-CAP-5:
 *   +3 to one, -3 to another); a score is negative only when T-OPT-3 is
 *   `no`. Without the expansion: no tower, no floor, no prisoner. */
/* T-SET-1: floors per player for 2..5 players. */
static inline int fuzz_floors_dealt(int players)
{
	static const int per[4] = {10, 9, 7, 6};
	return players >= 2 && players <= 5 ? per[players - 2] : 0;
}

/* The Tower's invariants (see fuzz_check_state), also run on games
 * without the expansion, where every Tower query answers "none". */
static inline void fuzz_check_tower(const city_game *g)
{
	int players = city_game_players(g), p, q, i, rc;
	int tower = city_game_kind(g) == CITY_GAME_CARCASSONNE &&
	            (city_game_expansions(g) & CITY_EXPANSION_TOWER) != 0;
	int tiles = city_game_tile_count(g), heights = 0, tops = 0, floors = 0;
	int n = city_game_follower_count(g), on_tops = 0, ransom = 0;
	int ransom_min = tower ? city_game_rule(g, CITY_RULE_RANSOM_MIN) : 1;
	FUZZ_CHECK(ransom_min == 0 || ransom_min == 1, "rule ransom_min %d",
	           ransom_min);
	for (i = 0; i < tiles; i++) {
		int32_t x = 0, y = 0;
		int h = -1, top = -9;
		FUZZ_CHECK(city_game_placed_tile(g, (size_t)i, &x, &y, NULL,
		                                 NULL) == CITY_OK,
		           "placed tile %d of %d", i, tiles);
		rc = city_game_tower(g, x, y, &h, &top);
		FUZZ_CHECK(rc == CITY_OK || rc == CITY_ENOTFOUND,
		           "tower (%ld,%ld): %s", (long)x, (long)y,
		           city_status_str(rc));
		if (rc != CITY_OK)
			continue;
		FUZZ_CHECK(tower, "a tower at (%ld,%ld) without the expansion",
		           (long)x, (long)y);
		FUZZ_CHECK(h >= 0 && top >= -1 && top < players &&
		               (top < 0 || h >= 1),
		           "tower (%ld,%ld): height %d, top %d", (long)x, (long)y,
		           h, top);
		heights += h;
		tops += top >= 0;
	}
	for (i = 0; i < n; i++) {
		int owner = -1, role = -1, h = -1, top = -9;
		int32_t x = 0, y = 0;
		char part = 0;
		FUZZ_CHECK(city_game_follower(g, (size_t)i, &owner, &role, &x, &y,
		                              &part) == CITY_OK,
		           "follower %d", i);
		if (role != CITY_ROLE_TOWER_TOP)
			continue;
		on_tops++;
		FUZZ_CHECK(tower && city_game_tower(g, x, y, &h, &top) == CITY_OK &&
		               top == owner,
		           "a tower-top follower of player %d at (%ld,%ld) part %d, "
		           "the tower's top: %d",
		           owner, (long)x, (long)y, part, top);
	}
	FUZZ_CHECK(on_tops == tops, "%d tower-top followers, %d closed towers",
	           on_tops, tops);
	for (p = 0; p < players; p++) {
		int f = city_game_floors(g, p);
		FUZZ_CHECK(f >= 0 && (tower || f == 0), "player %d floors %d", p,
		           f);
		floors += f;
		for (q = 0; q < players; q++) {
			int held = city_game_prisoners(g, p, q);
			int back = city_game_prisoners(g, q, p);
			FUZZ_CHECK(held >= 0 && held <= 7 && (tower || held == 0),
			           "player %d holds %d of player %d", p, held, q);
			FUZZ_CHECK(p != q || held == 0,
			           "player %d holds %d own followers (T-CAP-2)", p,
			           held);
			FUZZ_CHECK(held == 0 || back == 0,
			           "players %d and %d hold %d and %d of each other "
			           "(T-CAP-4: no exchange)",
			           p, q, held, back);
		}
		if (tower)
			ransom += city_game_score_detail(g, p, CITY_CAT_RANSOM);
		if (ransom_min)
			FUZZ_CHECK(city_game_score(g, p) >= 0,
			           "player %d score %d with ransom_min=yes", p,
			           city_game_score(g, p));
	}
	FUZZ_CHECK(floors + heights ==
	               (tower ? players * fuzz_floors_dealt(players) : 0),
	           "floors: %d in supply + %d on towers != %d x %d", floors,
	           heights, players, fuzz_floors_dealt(players));
	FUZZ_CHECK(ransom == 0, "ransom categories sum to %d, not 0 (T-CAP-5)",
	           ransom);
}

/* The event log: kinds of the game, points only in score events, none
 * negative but the payer's side of a ransom (-3, T-CAP-5; the holder's
 * +3), and each player's score the sum of their score events. */
static inline void fuzz_check_events(const city_game *g)
{
	int players = city_game_players(g), n = city_game_event_count(g), i;
	int carc = city_game_kind(g) == CITY_GAME_CARCASSONNE;
	long sum[5] = {0, 0, 0, 0, 0};
	FUZZ_CHECK(n >= 0, "event count %d", n);
	for (i = 0; i < n; i++) {
		city_event e;
		FUZZ_CHECK(city_game_event(g, (size_t)i, &e) == CITY_OK,
		           "event %d of %d", i, n);
		FUZZ_CHECK(e.kind >= CITY_EVENT_SCORE &&
		               e.kind <= (carc ? CITY_EVENT_EXCHANGE
		                               : CITY_EVENT_RETURN),
		           "event %d kind %d", i, e.kind);
		FUZZ_CHECK(e.move <= (uint32_t)city_game_move_count(g),
		           "event %d of move %u after %d moves", i,
		           (unsigned)e.move, city_game_move_count(g));
		if (e.kind != CITY_EVENT_SCORE) {
			FUZZ_CHECK(e.points == 0, "event %d kind %d with %d points",
			           i, e.kind, (int)e.points);
			continue;
		}
		FUZZ_CHECK(e.player >= 0 && e.player < players,
		           "score event %d of player %d", i, (int)e.player);
		if (carc && e.reason == CITY_REASON_RANSOM)
			FUZZ_CHECK((e.points == 3 || e.points == -3) &&
			               e.reserved1 >= 1 &&
			               e.reserved1 <= (uint32_t)players &&
			               e.reserved1 != (uint32_t)e.player + 1u,
			           "ransom event %d: %d points, other player %u", i,
			           (int)e.points, (unsigned)e.reserved1);
		else
			FUZZ_CHECK(e.points >= 0 &&
			               (carc ? e.reason >= CITY_REASON_ROAD
			                     : e.reason < CITY_REASON_ROAD),
			           "score event %d: %d points, reason %d", i,
			           (int)e.points, (int)e.reason);
		sum[e.player] += e.points;
	}
	for (i = 0; i < players; i++)
		FUZZ_CHECK(sum[i] == city_game_score(g, i),
		           "player %d: score events sum to %ld, score %d", i,
		           sum[i], city_game_score(g, i));
}

static inline void fuzz_check_state(const city_game *g)
{
	int players = city_game_players(g), p, n, i, len, left;
	int on_board[5] = {0, 0, 0, 0, 0};
	int decision = city_game_decision(g);
	int carc = city_game_kind(g) == CITY_GAME_CARCASSONNE;
	FUZZ_CHECK(players >= 2 && players <= (carc ? 5 : 4), "players %d",
	           players);
	FUZZ_CHECK(decision >= CITY_DECISION_TILE &&
	               decision <= (carc ? CITY_DECISION_RANSOM
	                                 : CITY_DECISION_END),
	           "decision %d", decision);
	p = city_game_player(g);
	FUZZ_CHECK(p >= 0 && p < players, "player %d of %d", p, players);
	n = city_game_follower_count(g);
	FUZZ_CHECK(n >= 0 && n <= 7 * players, "follower count %d", n);
	for (i = 0; i < n; i++) {
		int owner = -1, role = -1, rc;
		rc = city_game_follower(g, (size_t)i, &owner, &role, NULL, NULL,
		                        NULL);
		FUZZ_CHECK(rc == CITY_OK, "follower %d of %d: %s", i, n,
		           city_status_str(rc));
		FUZZ_CHECK(owner >= 0 && owner < players, "follower owner %d",
		           owner);
		FUZZ_CHECK(carc ? role >= CITY_ROLE_HIGHWAYMAN &&
		                      role <= CITY_ROLE_TOWER_TOP
		                : role >= CITY_ROLE_CITIZEN &&
		                      role <= CITY_ROLE_GUARD,
		           "follower role %d", role);
		on_board[owner]++;
	}
	FUZZ_CHECK(city_game_follower(g, (size_t)n, NULL, NULL, NULL, NULL,
	                              NULL) == CITY_EINVAL,
	           "follower index %d past the count answered", n);
	for (p = 0; p < players; p++) {
		int fol = -1, tow = -1, c, sum = 0, score, held = 0, q;
		int first = carc ? CITY_CAT_ROADS : 0;
		int last = carc ? CITY_CAT_RANSOM : CITY_CAT_COUNT - 1;
		FUZZ_CHECK(city_game_supply(g, p, &fol, &tow) == CITY_OK,
		           "supply of player %d", p);
		for (q = 0; carc && q < players; q++)
			held += city_game_prisoners(g, q, p);
		FUZZ_CHECK(fol + on_board[p] + held == 7,
		           "player %d: %d followers in supply + %d on the board "
		           "+ %d prisoners != 7",
		           p, fol, on_board[p], held);
		FUZZ_CHECK(tow >= 0 && tow <= (carc ? 0 : 12 / players),
		           "player %d towers %d", p, tow);
		for (c = first; c <= last; c++) {
			int d = city_game_score_detail(g, p, c);
			FUZZ_CHECK(d >= 0 || (carc && c == CITY_CAT_RANSOM),
			           "player %d category %d: %d", p, c, d);
			sum += d;
		}
		score = city_game_score(g, p);
		FUZZ_CHECK(score == sum, "player %d score %d != categories %d",
		           p, score, sum);
	}
	len = city_wall_length(g);
	left = city_game_walls_left(g);
	FUZZ_CHECK(len >= 0 && left >= 0 && left <= 70, "wall %d, left %d",
	           len, left);
	fuzz_check_events(g);
	fuzz_check_tower(g);
	if (carc)
		FUZZ_CHECK(len == 0 && left == 0, "Carcassonne has a wall");
	else if (len > 0)
		FUZZ_CHECK(len - 1 + left == 70,
		           "wall of %d pieces (gate included) + %d left != 71",
		           len, left);
	else
		FUZZ_CHECK(left == 70, "no gate but %d wall pieces left", left);
}

#endif /* CITY_FUZZ_UTIL_H */
