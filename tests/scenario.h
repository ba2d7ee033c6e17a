/*
 * The one way tests write a hand-built position and its moves (issue 26):
 * a game from an inline tile set with an explicit draw order, moves given
 * as their record text, refusals checked for their exact status and
 * message and for an unchanged game, exact scores and legal moves.
 * Used by the rule tests of every game (test_city_place/score/wall*.c,
 * test_carc_rules.c, test_carc_river.c, test_tower_rules/sets.c).
 *
 * Building (every builder fails the test when the set or an option is
 * refused):
 *   scn_game(tiles, players, order, n)         The City, every tile in
 *                                              stack 1 (no wall round)
 *   scn_city_game(tiles, players, order, n, a, b, c, rules)
 *                                              The City, stacks a b c
 *   scn_carc_game(designs, players, tower, order, n, rules)
 *   scn_carc_game_text(tileset, ...)           the base game of
 *                                              Carcassonne (+ The Tower)
 *   scn_tower_game(start, order, n, players, tower, rules)
 *                                              Carcassonne on the fixed
 *                                              designs SCN_TW_*
 * `rules` are record texts "name=value" (record.md), NULL-terminated, or
 * NULL for the defaults.
 *
 * Moves: scn_play(g, "place 1 0 0; follower a; pass") plays steps separated
 * by ';' or newlines (printf-style: scn_play(g, "place %d 0 0", x)); steps
 * that start with '?' are expectations ("?legal = 16", "?score 0 = 4", see
 * "Scripts" at the end of this file, which also runs scenarios written as
 * rows of data, scn_case); scn_play_steps
 * plays a NULL-terminated array of steps. A step is, like a trace line
 * (record.md), `[p<player>] [<decision>] <move>`:
 *   - <move> is the record text of a move (`place X Y R`, `follower P`,
 *     `gate X Y S`, `wall cw`, `guard`, `tower ccw`, `pass`, `floor X Y`,
 *     `top X Y`, `capture X Y P`, `ransom Q`), applied by city_apply_move;
 *   - `p<player>`, when given, must be the deciding player;
 *   - <decision> (tile follower gate wall guard tower capture ransom), when
 *     given, must be the decision asked; without it the decision the move
 *     answers is asserted (a `pass` then asserts none). So "p1 guard pass"
 *     declines a guard and fails if p1 is asked anything else.
 * Before a wall or guard decision of The City the step asserts its 2 legal
 * moves, before a gate decision one per contour side (record.md); after
 * every step the invariants hold (scn_expect_invariants).
 *
 * Refusals: SCN_REFUSED(g, call, status, message) snapshots the game, makes
 * the call and asserts the status, the exact last error and that nothing
 * observable changed (R-ERR-1): decision, player, current tile, counts,
 * scores, supplies, stacks, the legal moves, the wall, The Tower's floors,
 * prisoners and towers, and the saved record text. With several refusals
 * in a row: scn_snap(g, &s); scn_refused(g, &s, call, status, message)...;
 * scn_snap_free(&s).
 *
 * Every function is `static inline`, so a test file that does not use one
 * gets no unused-function warning; every assertion names the caller's
 * line. Only the public API is used: these tests check the rules from the
 * outside.
 *
 * Geometry reminders (rules.md R-GEO, tileset.md):
 *   - x grows east, y grows SOUTH; north of (x,y) is (x,y-1);
 *   - a side is written `L M R` in clockwise order (north side west->east,
 *     east side north->south, south side east->west, west side
 *     south->north);
 *   - rotation r turns the design clockwise: design side d faces board side
 *     (d + r) mod 4;
 *   - a tile's side s left half faces the neighbour's side (s+2) right half.
 */
#ifndef CITY_TEST_SCENARIO_H
#define CITY_TEST_SCENARIO_H

#include <check.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#if defined(__GNUC__) || defined(__clang__)
#define SCN_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SCN_PRINTF(f, a)
#endif

/* ------------------------------------------------------------------------
 * Standard design bodies of The City (the part of a `.tiles` line after
 * ID COUNT). Sides in the order N E S W. Pictures show rotation 0.
 * ---------------------------------------------------------------------- */

/* Residential everywhere, no street. */
#define SCN_BLANK "a-a a-a a-a a-a a=R"
/* Dead-end street: one segment on the east side, ending on the tile. */
#define SCN_DEAD "a-a a1a a-a a-a a=R"
/* Straight street west-east; a north of it, b south of it. */
#define SCN_STRAIGHT "a-a a1b b-b b1a a=R b=R"
/* Curve north-east; b is the NE wedge inside the curve, a the rest. */
#define SCN_CURVE "a1b b1a a-a a-a a=R b=R"
/* Two curves: segment 1 north-west (a = NW wedge), segment 2 east-south
 * (c = SE wedge), b the diagonal band between them. */
#define SCN_TWIN "a1b b2c c2b b1a a=R b=R c=R"
/* Crossing: four segments ending at the crossing, 1 N, 2 E, 3 S, 4 W;
 * quadrants a NW, b NE, c SE, d SW. */
#define SCN_CROSS "a1b b2c c3d d4a a=R b=R c=R d=R"
/* Market (b) along the north side, residential a elsewhere. */
#define SCN_MKT_F "b-b a-a a-a a-a a=R b=F"
#define SCN_MKT_G "b-b a-a a-a a-a a=R b=G"
#define SCN_MKT_L "b-b a-a a-a a-a a=R b=L"
/* Grain market band west-east; a north, c south (residential). */
#define SCN_BAND_G "a-a b-b c-c b-b a=R b=G c=R"
/* Fish market on N, E and W; residential a on the south side. */
#define SCN_TRI_F "b-b b-b a-a b-b a=R b=F"
/* Grain market on E and S; residential a on N and W. */
#define SCN_CORNER_G "a-a b-b b-b a-a a=R b=G"
/* Residential everywhere with an interior fish+grain market b. */
#define SCN_INNER "a-a a-a a-a a-a a=R b=FG adj=ab"

/* The designs of the Tower scenarios (scn_tower_game), by id (the order
 * and the start tile name these ids). Sides N E S W; fields take no
 * follower (farmers off). */
enum {
	SCN_TW_ROAD = 1,   /* straight road west-east; a north of it, b south */
	SCN_TW_TOWER = 2,  /* all field, tower foundation */
	SCN_TW_BLANK = 3,  /* all field */
	SCN_TW_RTOWER = 4, /* straight road west-east, tower foundation */
	SCN_TW_CAP = 5,    /* city cap on the north side, field elsewhere */
	SCN_TW_MON = 6,    /* monastery, all field */
	SCN_TW_CAPTOW = 7, /* city cap on the north side, tower foundation */
	SCN_TW_BLANK2 = 8, /* BLANK again (a design has at most 9 tiles) */
	SCN_TW_BLANK3 = 9,
	SCN_TW_BLANK4 = 10,
	SCN_TW_DEAD = 11, /* a road from the east side ending on the tile */
	SCN_TW_DESIGNS = 11
};

static const char *const scn_tw_bodies[SCN_TW_DESIGNS + 1] = {
	NULL,
	"a-a a1b b-b b1a a=F b=F",
	"a-a a-a a-a a-a a=F tow",
	"a-a a-a a-a a-a a=F",
	"a-a a1b b-b b1a a=F b=F tow",
	"a-a b-b b-b b-b a=C b=F",
	"a-a a-a a-a a-a a=F mon",
	"a-a b-b b-b b-b a=C b=F tow",
	"a-a a-a a-a a-a a=F",
	"a-a a-a a-a a-a a=F",
	"a-a a-a a-a a-a a=F",
	"a-a a1a a-a a-a a=F",
};

/* ------------------------------------------------------------------------
 * Building a game
 * ---------------------------------------------------------------------- */

/* Parse a tile set; fails the test on error. */
static inline city_tileset *scn_tileset(const char *text)
{
	city_tileset *ts = NULL;
	char err[256];
	int rc = city_tileset_parse(&ts, text, strlen(text), err, sizeof err);
	ck_assert_msg(rc == CITY_OK, "tile set does not parse (%s): %s",
	              city_status_str(rc), err);
	ck_assert_ptr_nonnull(ts);
	return ts;
}

/* Options of The City: players, the tile set `tiles_text` (NULL: the
 * default set), the explicit draw order `order[0..n)`, stacks (a, b, c)
 * (all 0: the proportional default). The caller frees the options. */
static inline city_options *scn_options(const char *tiles_text, int players,
                                        const int *order, size_t n,
                                        unsigned a, unsigned b, unsigned c)
{
	city_options *o = NULL;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, players), CITY_OK);
	if (tiles_text) {
		city_tileset *ts = scn_tileset(tiles_text);
		ck_assert_int_eq(city_options_set_tileset(o, ts), CITY_OK);
		city_tileset_free(ts); /* the options keep their reference */
	}
	if (order && n)
		ck_assert_int_eq(city_options_set_order(o, order, n), CITY_OK);
	ck_assert_int_eq(city_options_set_stacks(o, a, b, c), CITY_OK);
	return o;
}

/* Set the rule texts ("name=value", NULL-terminated or NULL). */
static inline void scn_rules(city_options *o, const char *const *rules)
{
	for (; rules && *rules; rules++) {
		int rc = city_options_parse_rule(o, *rules);
		ck_assert_msg(rc == CITY_OK, "rule %s: %s", *rules,
		              city_status_str(rc));
	}
}

/* The game of the options (freed here). */
static inline city_game *scn_new(city_options *o)
{
	city_game *g = NULL;
	int rc = city_game_new(&g, o);
	city_options_free(o);
	ck_assert_msg(rc == CITY_OK, "city_game_new: %s", city_status_str(rc));
	ck_assert_ptr_nonnull(g);
	return g;
}

/* The City on an inline tile set with an explicit order, stacks (a, b, c)
 * and rules. */
static inline city_game *scn_city_game(const char *tiles_text, int players,
                                       const int *order, size_t n,
                                       unsigned a, unsigned b, unsigned c,
                                       const char *const *rules)
{
	city_options *o =
	        scn_options(tiles_text, players, order, n, a, b, c);
	scn_rules(o, rules);
	return scn_new(o);
}

/* The same with every tile in stack 1 (stacks n 0 0), so that no wall
 * round can interfere. */
static inline city_game *scn_game(const char *tiles_text, int players,
                                  const int *order, size_t n)
{
	return scn_city_game(tiles_text, players, order, n, (unsigned)n, 0, 0,
	                     NULL);
}

/* A game of the base game of Carcassonne on the whole tile-set text
 * `tileset` (header line included), with The Tower when `tower`, an
 * explicit draw order (the start tile excluded; n 0: seeded) and rules. */
static inline city_game *scn_carc_game_text(const char *tileset, int players,
                                            int tower, const int *order,
                                            size_t n,
                                            const char *const *rules)
{
	city_options *o = NULL;
	city_tileset *ts = scn_tileset(tileset);
	city_game *g;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_game(o, CITY_GAME_CARCASSONNE),
	                 CITY_OK);
	if (tower)
		ck_assert_int_eq(
		        city_options_set_expansion(o, CITY_EXPANSION_TOWER, 1),
		        CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, players), CITY_OK);
	ck_assert_int_eq(city_options_set_tileset(o, ts), CITY_OK);
	city_tileset_free(ts);
	if (n)
		ck_assert_int_eq(city_options_set_order(o, order, n), CITY_OK);
	scn_rules(o, rules);
	g = scn_new(o);
	ck_assert_int_eq(city_game_kind(g), CITY_GAME_CARCASSONNE);
	ck_assert_int_eq(city_game_expansions(g),
	                 tower ? CITY_EXPANSION_TOWER : 0);
	return g;
}

/* The same on the design lines `designs` (the text after the tileset
 * line). */
static inline city_game *scn_carc_game(const char *designs, int players,
                                       int tower, const int *order, size_t n,
                                       const char *const *rules)
{
	char text[2048];
	int len = snprintf(text, sizeof text, "tileset t game=carcassonne\n%s",
	                   designs);
	ck_assert(len > 0 && (size_t)len < sizeof text);
	return scn_carc_game_text(text, players, tower, order, n, rules);
}

/* Carcassonne on the SCN_TW_* designs: the start design `start` at (0,0),
 * then the designs of `order[0..n)` drawn in that order (each design's
 * count is derived from the order), The Tower on when `tower`. */
static inline city_game *scn_tower_game(int start, const int *order,
                                        size_t n, int players, int tower,
                                        const char *const *rules)
{
	int count[SCN_TW_DESIGNS + 1] = {0};
	char text[2048];
	size_t len, i;
	int d;
	ck_assert(start >= 1 && start <= SCN_TW_DESIGNS);
	count[start]++;
	for (i = 0; i < n; i++) {
		ck_assert(order[i] >= 1 && order[i] <= SCN_TW_DESIGNS);
		count[order[i]]++;
	}
	len = (size_t)snprintf(text, sizeof text, "tileset t game=carcassonne\n");
	for (d = 1; d <= SCN_TW_DESIGNS; d++)
		if (count[d])
			len += (size_t)snprintf(text + len, sizeof text - len,
			                        "%d %d %s%s\n", d, count[d],
			                        scn_tw_bodies[d],
			                        d == start ? " start" : "");
	ck_assert_uint_lt(len, sizeof text);
	return scn_carc_game_text(text, players, tower, order, n, rules);
}

/* ------------------------------------------------------------------------
 * Followers, supplies, events, invariants
 * ---------------------------------------------------------------------- */

/* Followers of `player` on the board (any role). */
static inline int scn_on_board(const city_game *g, int player)
{
	int i, n = city_game_follower_count(g), k = 0;
	ck_assert_int_ge(n, 0);
	for (i = 0; i < n; i++) {
		int p = -1;
		ck_assert_int_eq(city_game_follower(g, (size_t)i, &p, NULL, NULL,
		                                    NULL, NULL),
		                 CITY_OK);
		if (p == player)
			k++;
	}
	return k;
}

static inline int scn_supply(const city_game *g, int player)
{
	int f = -1;
	ck_assert_int_eq(city_game_supply(g, player, &f, NULL), CITY_OK);
	return f;
}

/* R-SET-2 / R-SCORE-4 / C-SET-2 / T-CAP: a player's followers in supply,
 * on the board and held by others as prisoners are 7 (no prisoner without
 * The Tower). */
#define scn_expect_conservation(g) scn_expect_conservation_at((g), __LINE__)
static inline void scn_expect_conservation_at(const city_game *g, int line)
{
	int p, q, np = city_game_players(g);
	for (p = 0; p < np; p++) {
		int s = scn_supply(g, p), b = scn_on_board(g, p), held = 0;
		for (q = 0; q < np; q++)
			held += city_game_prisoners(g, q, p);
		ck_assert_msg(s + b + held == 7,
		              "line %d: player %d has %d in supply + %d placed + "
		              "%d held",
		              line, p, s, b, held);
	}
}

/* Conservation of The City's pieces: wall pieces built + wall supply = 70
 * (the gate is not a wall piece, R-WALL-3); per player followers in supply
 * + on the board (guards included) = 7; towers in supply + placed = 12 /
 * players. Of any game: scn_expect_conservation. */
#define scn_expect_invariants(g) scn_expect_invariants_at((g), __LINE__)
static inline void scn_expect_invariants_at(const city_game *g, int line)
{
	int players = city_game_players(g);
	int len, gates = 0, i;
	int on_board[4] = {0, 0, 0, 0};
	int towers[4] = {0, 0, 0, 0};
	scn_expect_conservation_at(g, line);
	if (city_game_kind(g) != CITY_GAME_THE_CITY)
		return;
	len = city_wall_length(g);
	ck_assert_int_ge(players, 2);
	ck_assert_int_le(players, 4);
	ck_assert_int_ge(len, 0);
	for (i = 0; i < len; i++) {
		int is_gate = -1;
		ck_assert_int_eq(city_wall_piece(g, (size_t)i, NULL, NULL, NULL,
		                                 &is_gate, NULL),
		                 CITY_OK);
		gates += is_gate;
	}
	ck_assert_int_le(gates, 1);
	ck_assert_msg(city_game_walls_left(g) + len - gates == 70,
	              "line %d: wall pieces %d + supply %d != 70", line,
	              len - gates, city_game_walls_left(g));
	for (i = 0; i < city_game_follower_count(g); i++) {
		int p = -1;
		ck_assert_int_eq(city_game_follower(g, (size_t)i, &p, NULL, NULL,
		                                    NULL, NULL),
		                 CITY_OK);
		ck_assert(p >= 0 && p < players);
		on_board[p]++;
	}
	for (i = 0; i < city_tower_count(g); i++) {
		int p = -1;
		ck_assert_int_eq(
		        city_tower(g, (size_t)i, &p, NULL, NULL, NULL), CITY_OK);
		ck_assert(p >= 0 && p < players);
		towers[p]++;
	}
	for (i = 0; i < players; i++) {
		int f = -1, t = -1;
		ck_assert_int_eq(city_game_supply(g, i, &f, &t), CITY_OK);
		ck_assert_msg(f + on_board[i] == 7,
		              "line %d: player %d: %d followers in supply + %d "
		              "on board != 7",
		              line, i, f, on_board[i]);
		ck_assert_msg(t + towers[i] == 12 / players,
		              "line %d: player %d: %d towers in supply + %d "
		              "placed != %d",
		              line, i, t, towers[i], 12 / players);
	}
}

/* Number of events of `kind` (player < -1: any player). */
static inline int scn_count_events(const city_game *g, int kind, int player)
{
	int i, n = city_game_event_count(g), k = 0;
	ck_assert_int_ge(n, 0);
	for (i = 0; i < n; i++) {
		city_event e;
		ck_assert_int_eq(city_game_event(g, (size_t)i, &e), CITY_OK);
		if (e.kind == kind && (player < -1 || e.player == player))
			k++;
	}
	return k;
}

/* Sum of the points of SCORE events of `player` with `reason` (0: any). */
static inline int scn_event_points(const city_game *g, int player, int reason)
{
	int i, n = city_game_event_count(g), k = 0;
	for (i = 0; i < n; i++) {
		city_event e;
		ck_assert_int_eq(city_game_event(g, (size_t)i, &e), CITY_OK);
		if (e.kind == CITY_EVENT_SCORE && e.player == player &&
		    (reason == 0 || e.reason == reason))
			k += e.points;
	}
	return k;
}

/* The i-th event, which must be a SCORE event of `player` for `points`
 * with `reason`. */
#define scn_expect_score_event(g, i, p, pts, why)                            \
	scn_expect_score_event_at((g), (i), (p), (pts), (why), __LINE__)
static inline void scn_expect_score_event_at(const city_game *g, int i,
                                             int player, int points,
                                             int reason, int line)
{
	city_event e;
	ck_assert_int_eq(city_game_event(g, (size_t)i, &e), CITY_OK);
	ck_assert_msg(e.kind == CITY_EVENT_SCORE && e.player == player &&
	                      e.points == points && e.reason == reason,
	              "line %d: event %d is kind %d player %d points %d "
	              "reason %d, expected a score of %d for player %d "
	              "(reason %d)",
	              line, i, e.kind, e.player, e.points, e.reason, points,
	              player, reason);
}

/* Assert all players' totals, e.g. scn_expect_scores(g, 3, (int[]){3,0,0}). */
#define scn_expect_scores(g, n, arr)                                         \
	scn_expect_scores_at((g), (n), (arr), __LINE__)
static inline void scn_expect_scores_at(const city_game *g, int n,
                                        const int *expected, int line)
{
	int p;
	for (p = 0; p < n; p++) {
		int s = city_game_score(g, p);
		ck_assert_msg(s == expected[p],
		              "line %d: player %d scores %d, expected %d", line, p,
		              s, expected[p]);
	}
}

/* Final scoring succeeds, then the scores are `arr`. */
#define scn_expect_final_scores(g, n, arr)                                   \
	scn_expect_final_scores_at((g), (n), (arr), __LINE__)
static inline void scn_expect_final_scores_at(city_game *g, int n,
                                              const int *expected, int line)
{
	int rc = city_score_final(g);
	ck_assert_msg(rc == CITY_OK, "line %d: city_score_final returned %d",
	              line, rc);
	scn_expect_scores_at(g, n, expected, line);
}

/* ------------------------------------------------------------------------
 * Decisions and legal moves
 * ---------------------------------------------------------------------- */

/* Assert the decision and the deciding player (player < 0: any). */
#define scn_expect(g, d, p) scn_expect_at((g), (d), (p), __LINE__)
static inline void scn_expect_at(const city_game *g, int decision, int player,
                                 int line)
{
	int d = city_game_decision(g);
	ck_assert_msg(d == decision, "line %d: decision %d, expected %d", line,
	              d, decision);
	if (player >= 0) {
		int p = city_game_player(g);
		ck_assert_msg(p == player, "line %d: player %d, expected %d",
		              line, p, player);
	}
}

/* Assert the game has ended for exactly `reasons`, a set of CITY_ENDED_*
 * bits (R-END-1). */
#define scn_expect_ended(g, reasons)                                         \
	scn_expect_ended_at((g), (int)(reasons), __LINE__)
static inline void scn_expect_ended_at(const city_game *g, int reasons,
                                       int line)
{
	int r;
	scn_expect_at(g, CITY_DECISION_END, -1, line);
	r = city_game_end_reasons(g);
	ck_assert_msg(r == reasons, "line %d: end reasons %#x, expected %#x",
	              line, (unsigned)r, (unsigned)reasons);
}

/* Assert the winners after final scoring: the bit set of the players
 * with the most points (R-END-6). */
#define scn_expect_winners(g, mask)                                          \
	scn_expect_winners_at((g), (mask), __LINE__)
static inline void scn_expect_winners_at(const city_game *g, unsigned want,
                                         int line)
{
	unsigned mask = 0;
	int rc = city_game_winners(g, &mask);
	ck_assert_msg(rc == CITY_OK, "line %d: city_game_winners returned %d",
	              line, rc);
	ck_assert_msg(mask == want, "line %d: winners %#x, expected %#x", line,
	              mask, want);
}

/* Number of legal moves of the current decision. */
static inline size_t scn_legal_count(const city_game *g)
{
	size_t n = 12345;
	ck_assert_int_eq(city_legal_moves(g, NULL, 0, &n), CITY_OK);
	return n;
}

#define scn_expect_legal(g, n) scn_expect_legal_at((g), (n), __LINE__)
static inline void scn_expect_legal_at(const city_game *g, size_t expected,
                                       int line)
{
	size_t n = scn_legal_count(g);
	ck_assert_msg(n == expected, "line %d: %zu legal moves, expected %zu",
	              line, n, expected);
}

/* The follower decision's legal moves as text: the parts in order, then
 * 'P' for pass, e.g. "ab1P". Fails the test when a move is not a follower
 * or pass move. */
static inline void scn_follower_moves(const city_game *g, char *buf,
                                      size_t cap)
{
	city_move mv[32];
	size_t n = 0, i, k = 0;
	ck_assert_int_eq(city_legal_moves(g, mv, 32, &n), CITY_OK);
	ck_assert_uint_lt(n + 1, cap);
	for (i = 0; i < n; i++) {
		if (mv[i].kind == CITY_MOVE_FOLLOWER)
			buf[k++] = mv[i].part;
		else if (mv[i].kind == CITY_MOVE_PASS)
			buf[k++] = 'P';
		else
			ck_abort_msg("unexpected move kind %d", mv[i].kind);
	}
	buf[k] = '\0';
}

#define scn_expect_followers(g, s) scn_expect_followers_at((g), (s), __LINE__)
static inline void scn_expect_followers_at(const city_game *g,
                                           const char *expected, int line)
{
	char buf[40];
	scn_follower_moves(g, buf, sizeof buf);
	ck_assert_msg(strcmp(buf, expected) == 0,
	              "line %d: follower moves \"%s\", expected \"%s\"", line, buf,
	              expected);
}

/* The legal moves of the current decision as record text joined by
 * ", " (e.g. "floor 0 1, top 0 1, pass"). */
static inline void scn_legal_text(const city_game *g, char *buf, size_t cap)
{
	city_move mv[64];
	size_t n = 0, i, len = 0;
	ck_assert_int_eq(city_legal_moves(g, mv, 64, &n), CITY_OK);
	ck_assert_uint_le(n, 64);
	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		char one[64];
		ck_assert_int_eq(city_move_to_string(&mv[i], one, sizeof one,
		                                     NULL),
		                 CITY_OK);
		len += (size_t)snprintf(buf + len, cap - len, "%s%s",
		                        i ? ", " : "", one);
		ck_assert_uint_lt(len, cap);
	}
}

/* Assert the decision, its player and its exact legal moves as text. */
#define scn_expect_moves(g, decision, player, text)                          \
	scn_expect_moves_at((g), (decision), (player), (text), __LINE__)
static inline void scn_expect_moves_at(const city_game *g, int decision,
                                       int player, const char *expected,
                                       int line)
{
	char buf[1024];
	scn_expect_at(g, decision, player, line);
	scn_legal_text(g, buf, sizeof buf);
	ck_assert_msg(strcmp(buf, expected) == 0,
	              "line %d: legal moves \"%s\", expected \"%s\"", line, buf,
	              expected);
}

/* ------------------------------------------------------------------------
 * Moves as record text
 * ---------------------------------------------------------------------- */

/* The decision a step names (record.md's trace words), or -1. */
static inline int scn_decision_word(const char *w, size_t n)
{
	static const struct {
		const char *word;
		int decision;
	} words[] = {{"tile", CITY_DECISION_TILE},
	             {"follower", CITY_DECISION_FOLLOWER},
	             {"gate", CITY_DECISION_GATE},
	             {"wall", CITY_DECISION_WALL},
	             {"guard", CITY_DECISION_GUARD},
	             {"tower", CITY_DECISION_TOWER},
	             {"capture", CITY_DECISION_CAPTURE},
	             {"ransom", CITY_DECISION_RANSOM}};
	size_t i;
	for (i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strlen(words[i].word) == n &&
		    strncmp(w, words[i].word, n) == 0)
			return words[i].decision;
	return -1;
}

/* The decision a move answers (-1 for a pass: any optional decision). */
static inline int scn_move_decision(int kind)
{
	switch (kind) {
	case CITY_MOVE_PLACE: return CITY_DECISION_TILE;
	case CITY_MOVE_FOLLOWER:
	case CITY_MOVE_FLOOR:
	case CITY_MOVE_TOP: return CITY_DECISION_FOLLOWER;
	case CITY_MOVE_GATE: return CITY_DECISION_GATE;
	case CITY_MOVE_WALL: return CITY_DECISION_WALL;
	case CITY_MOVE_GUARD: return CITY_DECISION_GUARD;
	case CITY_MOVE_TOWER: return CITY_DECISION_TOWER;
	case CITY_MOVE_CAPTURE: return CITY_DECISION_CAPTURE;
	case CITY_MOVE_RANSOM: return CITY_DECISION_RANSOM;
	default: return -1;
	}
}

/* Play one step `[p<player>] [<decision>] <move>` (see the file comment). */
static inline void scn_step_at(city_game *g, const char *step, int line)
{
	const char *p = step + strspn(step, " ");
	int player = -1, want, d, rc, off = 0;
	size_t w;
	city_move m;
	if (p[0] == 'p' && sscanf(p, "p%d%n", &player, &off) == 1 &&
	    (p[off] == ' ' || p[off] == '\0'))
		p += (size_t)off + strspn(p + off, " ");
	else
		player = -1;
	w = strcspn(p, " ");
	d = scn_decision_word(p, w);
	if (d >= 0 && p[w] == ' ' &&
	    city_move_parse(&m, p + w + strspn(p + w, " ")) == CITY_OK)
		p += w + strspn(p + w, " ");
	else
		d = -1;
	rc = city_move_parse(&m, p);
	ck_assert_msg(rc == CITY_OK, "line %d: \"%s\" does not parse", line,
	              step);
	want = d >= 0 ? d : scn_move_decision(m.kind);
	if (want >= 0)
		ck_assert_msg(city_game_decision(g) == want,
		              "line %d: \"%s\": the game waits for decision %d, "
		              "not %d",
		              line, step, city_game_decision(g), want);
	if (player >= 0)
		ck_assert_msg(city_game_player(g) == player,
		              "line %d: \"%s\": player %d decides, not %d", line,
		              step, city_game_player(g), player);
	/* Legal-move counts that do not depend on the board (record.md). */
	d = city_game_decision(g);
	if (city_game_kind(g) == CITY_GAME_THE_CITY &&
	    (d == CITY_DECISION_WALL || d == CITY_DECISION_GUARD))
		ck_assert_msg(scn_legal_count(g) == 2,
		              "line %d: \"%s\": %zu legal moves, not 2", line,
		              step, scn_legal_count(g));
	if (city_game_kind(g) == CITY_GAME_THE_CITY &&
	    d == CITY_DECISION_GATE)
		ck_assert_msg(scn_legal_count(g) ==
		                      (size_t)city_contour_length(g),
		              "line %d: \"%s\": %zu gate moves, contour %d", line,
		              step, scn_legal_count(g), city_contour_length(g));
	rc = city_apply_move(g, &m);
	ck_assert_msg(rc == CITY_OK, "line %d: \"%s\" -> %s: %s", line, step,
	              city_status_str(rc), city_game_last_error(g));
	scn_expect_invariants_at(g, line);
}

/* ------------------------------------------------------------------------
 * Snapshots of the observable state and refusals (R-ERR-1)
 * ---------------------------------------------------------------------- */

/* The Tower's state as text: floors and followers in supply per player,
 * prisoners (holder<-owner), every placed tile's tower (height/top). */
static inline void scn_tower_state(const city_game *g, char *buf, size_t cap)
{
	int np = city_game_players(g), nt = city_game_tile_count(g), p, q, i;
	size_t len = 0;
	buf[0] = '\0';
	for (p = 0; p < np; p++) {
		len += (size_t)snprintf(buf + len, cap - len, "p%d f%d s%d:", p,
		                        city_game_floors(g, p), scn_supply(g, p));
		for (q = 0; q < np; q++)
			len += (size_t)snprintf(buf + len, cap - len, " %d",
			                        city_game_prisoners(g, p, q));
		len += (size_t)snprintf(buf + len, cap - len, "; ");
		ck_assert_uint_lt(len, cap);
	}
	for (i = 0; i < nt; i++) {
		int32_t x = 0, y = 0;
		int h = -9, top = -9;
		ck_assert_int_eq(city_game_placed_tile(g, (size_t)i, &x, &y, NULL,
		                                       NULL),
		                 CITY_OK);
		if (city_game_tower(g, x, y, &h, &top) == CITY_OK)
			len += (size_t)snprintf(buf + len, cap - len,
			                        "(%d,%d)h%d/%d ", (int)x, (int)y, h,
			                        top);
		ck_assert_uint_lt(len, cap);
	}
}

typedef struct scn_snapshot {
	int decision, player, cur_rc, cur_design, cur_stack;
	int tiles, moves, events, followers, walls_left, final_scored, ended;
	int wall_len;
	int score[5][CITY_CAT_COUNT + 1];
	int supply[5], towers[5];
	int left[3];
	size_t nlegal;
	city_move legal[64];
	char tower[1024]; /* scn_tower_state */
	char *save;       /* malloc'd record text, or NULL */
} scn_snapshot;

static inline void scn_snap(const city_game *g, scn_snapshot *s)
{
	int p, c, np = city_game_players(g);
	size_t need = 0;
	memset(s, 0, sizeof *s);
	s->decision = city_game_decision(g);
	s->player = city_game_player(g);
	s->cur_rc = city_game_current_tile(g, &s->cur_design, &s->cur_stack);
	s->tiles = city_game_tile_count(g);
	s->moves = city_game_move_count(g);
	s->events = city_game_event_count(g);
	s->followers = city_game_follower_count(g);
	s->walls_left = city_game_walls_left(g);
	s->final_scored = city_game_final_scored(g);
	s->ended = city_game_end_reasons(g);
	s->wall_len = city_wall_length(g);
	for (p = 0; p < np && p < 5; p++) {
		s->score[p][CITY_CAT_COUNT] = city_game_score(g, p);
		for (c = 0; c < CITY_CAT_COUNT; c++)
			s->score[p][c] = city_game_score_detail(g, p, c);
		city_game_supply(g, p, &s->supply[p], &s->towers[p]);
	}
	for (c = 0; c < 3; c++)
		s->left[c] = city_game_tiles_left(g, c + 1);
	city_legal_moves(g, s->legal, 64, &s->nlegal);
	scn_tower_state(g, s->tower, sizeof s->tower);
	if (city_game_save(g, NULL, 0, &need) == CITY_ERANGE && need > 0) {
		s->save = malloc(need);
		if (s->save &&
		    city_game_save(g, s->save, need, NULL) != CITY_OK) {
			free(s->save);
			s->save = NULL;
		}
	}
}

static inline void scn_snap_free(scn_snapshot *s)
{
	free(s->save);
	s->save = NULL;
}

#define scn_snap_same(a, b) scn_snap_same_at((a), (b), __LINE__)
static inline void scn_snap_same_at(const scn_snapshot *a,
                                    const scn_snapshot *b, int line)
{
	size_t i, n;
	ck_assert_msg(a->decision == b->decision && a->player == b->player,
	              "line %d: decision/player changed", line);
	ck_assert_msg(a->cur_rc == b->cur_rc && a->cur_design == b->cur_design &&
	                      a->cur_stack == b->cur_stack,
	              "line %d: current tile changed", line);
	ck_assert_msg(a->tiles == b->tiles && a->moves == b->moves &&
	                      a->events == b->events &&
	                      a->followers == b->followers,
	              "line %d: tiles/moves/events/followers changed", line);
	ck_assert_msg(a->walls_left == b->walls_left &&
	                      a->wall_len == b->wall_len &&
	                      a->final_scored == b->final_scored &&
	                      a->ended == b->ended,
	              "line %d: walls/final/end changed", line);
	ck_assert_msg(memcmp(a->score, b->score, sizeof a->score) == 0,
	              "line %d: scores changed", line);
	ck_assert_msg(memcmp(a->supply, b->supply, sizeof a->supply) == 0 &&
	                      memcmp(a->towers, b->towers, sizeof a->towers) ==
	                              0,
	              "line %d: supplies changed", line);
	ck_assert_msg(memcmp(a->left, b->left, sizeof a->left) == 0,
	              "line %d: stacks changed", line);
	ck_assert_msg(a->nlegal == b->nlegal, "line %d: legal count changed",
	              line);
	n = a->nlegal < 64 ? a->nlegal : 64;
	for (i = 0; i < n; i++)
		ck_assert_msg(a->legal[i].kind == b->legal[i].kind &&
		                      a->legal[i].x == b->legal[i].x &&
		                      a->legal[i].y == b->legal[i].y &&
		                      a->legal[i].rotation ==
		                              b->legal[i].rotation &&
		                      a->legal[i].part == b->legal[i].part &&
		                      a->legal[i].side == b->legal[i].side &&
		                      a->legal[i].end == b->legal[i].end,
		              "line %d: legal move %zu changed", line, i);
	ck_assert_msg(strcmp(a->tower, b->tower) == 0,
	              "line %d: tower state \"%s\", was \"%s\"", line, b->tower,
	              a->tower);
	if (a->save || b->save)
		ck_assert_msg(a->save && b->save && strcmp(a->save, b->save) == 0,
		              "line %d: saved record changed", line);
}

/* Assert that a call returned `status`, that the last error is exactly
 * `message` and that the game is unchanged since `before`. */
#define scn_refused(g, before, call, status, message)                        \
	scn_refused_at((g), (before), (call), (status), (message), __LINE__)
static inline void scn_refused_at(const city_game *g,
                                  const scn_snapshot *before, int rc,
                                  int status, const char *message, int line)
{
	scn_snapshot after;
	const char *e = city_game_last_error(g);
	ck_assert_msg(rc == status, "line %d: status %s, expected %s", line,
	              city_status_str(rc), city_status_str(status));
	ck_assert_ptr_nonnull(e);
	ck_assert_msg(strcmp(e, message) == 0,
	              "line %d: last error \"%s\", expected \"%s\"", line, e,
	              message);
	scn_snap(g, &after);
	scn_snap_same_at(before, &after, line);
	scn_snap_free(&after);
}

/* The same around one call: snapshot, call, checks. */
#define SCN_REFUSED(g, call, status, message)                                \
	do {                                                                 \
		scn_snapshot scn_s_;                                         \
		scn_snap((g), &scn_s_);                                      \
		scn_refused((g), &scn_s_, (call), (status), (message));      \
		scn_snap_free(&scn_s_);                                      \
	} while (0)

/* A move given as record text is refused (parsed, then applied). */
#define scn_refuse_move(g, text, status, message)                            \
	do {                                                                 \
		city_move scn_m_;                                            \
		ck_assert_int_eq(city_move_parse(&scn_m_, (text)), CITY_OK); \
		SCN_REFUSED((g), city_apply_move((g), &scn_m_), (status),    \
		            (message));                                      \
	} while (0)

/* ------------------------------------------------------------------------
 * Towers of The Tower, The City's wall
 * ---------------------------------------------------------------------- */

/* Tower height and top player at (x, y) (The Tower). */
#define scn_expect_tower(g, x, y, h, top)                                    \
	scn_expect_tower_at((g), (x), (y), (h), (top), __LINE__)
static inline void scn_expect_tower_at(const city_game *g, int32_t x,
                                       int32_t y, int height, int top,
                                       int line)
{
	int h = -9, t = -9;
	int rc = city_game_tower(g, x, y, &h, &t);
	ck_assert_msg(rc == CITY_OK, "line %d: tower (%d,%d): %s", line,
	              (int)x, (int)y, city_status_str(rc));
	ck_assert_msg(h == height && t == top,
	              "line %d: tower (%d,%d) height %d top %d, expected %d %d",
	              line, (int)x, (int)y, h, t, height, top);
}

/* CITY_SIDE_* of 'N', 'E', 'S', 'W' (-1 otherwise). */
static inline int scn_side(char c)
{
	switch (c) {
	case 'N': return CITY_SIDE_N;
	case 'E': return CITY_SIDE_E;
	case 'S': return CITY_SIDE_S;
	case 'W': return CITY_SIDE_W;
	default: return -1;
	}
}

/* Assert the wall piece at chain index `index` (ccw end = 0). `guard` is
 * the guard's owner or -1. */
#define scn_expect_piece(g, index, x, y, side, is_gate, guard)               \
	scn_expect_piece_at((g), (index), (x), (y), (side), (is_gate),       \
	                    (guard), __LINE__)
static inline void scn_expect_piece_at(const city_game *g, int index, int x,
                                       int y, char side, int is_gate,
                                       int guard, int line)
{
	int32_t px = -999, py = -999;
	int ps = -1, pg = -1, pgu = -2;
	int rc = city_wall_piece(g, (size_t)index, &px, &py, &ps, &pg, &pgu);
	ck_assert_msg(rc == CITY_OK, "line %d: wall piece %d: %s", line, index,
	              city_status_str(rc));
	ck_assert_msg(px == x && py == y && ps == scn_side(side),
	              "line %d: wall piece %d is (%d,%d) side %d, expected "
	              "(%d,%d) %c",
	              line, index, (int)px, (int)py, ps, x, y, side);
	ck_assert_msg(pg == is_gate,
	              "line %d: wall piece %d: is_gate %d, expected %d", line,
	              index, pg, is_gate);
	ck_assert_msg(pgu == guard,
	              "line %d: wall piece %d: guard %d, expected %d", line,
	              index, pgu, guard);
}

/* Assert the piece at one end of the wall. */
#define scn_expect_end(g, end, index, x, y, side)                            \
	scn_expect_end_at((g), (end), (index), (x), (y), (side), __LINE__)
static inline void scn_expect_end_at(const city_game *g, int end, int index,
                                     int x, int y, char side, int line)
{
	int32_t px = -999, py = -999;
	int ps = -1;
	ck_assert_msg(city_wall_end(g, end) == index,
	              "line %d: %s end is piece %d, expected %d", line,
	              end == CITY_END_CW ? "cw" : "ccw", city_wall_end(g, end),
	              index);
	ck_assert_int_eq(city_wall_piece(g, (size_t)index, &px, &py, &ps, NULL,
	                                 NULL),
	                 CITY_OK);
	ck_assert_msg(px == x && py == y && ps == scn_side(side),
	              "line %d: %s end piece is (%d,%d) side %d, expected "
	              "(%d,%d) %c",
	              line, end == CITY_END_CW ? "cw" : "ccw", (int)px, (int)py,
	              ps, x, y, side);
}

/* ------------------------------------------------------------------------
 * Scripts: moves and expectations as one text, and scenarios as data
 *
 * A script is steps separated by ';' or a newline (not inside "..."). A
 * step is a move (scn_step_at above) or an expectation, which starts with
 * '?':
 *   ?ask tile 1            the decision asked (tile follower gate wall
 *                          guard tower capture ransom end) and, when
 *                          given, the deciding player
 *   ?followers = a1P       the follower decision's moves (parts, P: pass)
 *   ?moves = top 0 1, pass the legal moves as record text, joined by ", "
 *   ?scores = 4 0          every player's total
 *   ?final = 4 2           final scoring succeeds, then every total
 *   ?final_again = 4 2     final scoring once more succeeds with these
 *                          totals and adds no event (it is idempotent)
 *   ?piece I = X Y S G U   wall piece I: cell, side NESW, is-gate, guard
 *                          owner (-1: none)
 *   ?end cw = I X Y S      the wall's cw (or ccw) end
 *   ?refuse MOVE = STATUS "message"
 *                          the move is refused with CITY_<STATUS> and
 *                          exactly that last error; nothing observable
 *                          changes (SCN_REFUSED)
 *   ?call MOVE = STATUS "message"
 *                          the same through the move's own call
 *                          (city_place_tile, city_place_follower, ...,
 *                          city_pass: scn_call) instead of
 *                          city_apply_move
 *   ?NAME ARGS = V...      a query of scn_queries below and its values,
 *                          e.g. ?legal = 16, ?score 0 = 4, ?detail 1
 *                          cities = 8, ?points 0 steward = 4, ?same 0 1
 *                          a 0 0 a = 0, ?ffollowers 0 0 1 0 = 1 (street
 *                          '1'), ?tower 1 1 = 1 0, ?tower 2 2 =
 *                          ENOTFOUND, ?winners = ENOTENDED, ?event 3 =
 *                          score 1 4 street (the first values of an
 *                          event; ?event -1 is the last one), ?bounds =
 *                          -1 0 1 2, ?tower_count = 1, ?wall_tower 0 =
 *                          1 cw 7 4, ?wall_end ccw = ENOTFOUND
 *   !MOVE                  the move made through its own call (scn_call:
 *                          city_place_floor, city_capture, ...), which
 *                          must succeed
 * Arguments are integers, part letters and digits ('a', '1'), sides, or
 * the names the query's kinds list (categories, reasons, event kinds,
 * roles; '*' is any player); a value may be such a name too (?fkind 0 0
 * 1 = street, ?cell 0 1 = hole, ?follower 0 = 1 steward), a status
 * name (ENOTFOUND), or '*' for a value that is not compared (?event -1 =
 * capture 0 0 0 * * * * * 1: the kind, player, points, reason and other
 * player only).
 * Every failure names the step.
 *
 * A scenario as one row of data (scn_case), run by scn_run_case:
 *   {"R-TILE-1: must touch a side", "city players=2 order=1,1",
 *    "tileset t\n1 2 " SCN_BLANK "\n", "place 0 0 0; pass; ?legal = 16"}
 * The game spec is the builder and its words: `city` (The City; stacks
 * default to every tile in stack 1, `stacks=A,B,C` sets them), `carc`
 * (the base game; its tiles are design lines, or a whole tile set when
 * they start with "tileset"), `tw` (the SCN_TW_* designs, `start=D`),
 * then `players=N` (default 2), `order=D,D,...`, `tower` (The Tower on)
 * and any rule text `name=value` (record.md).
 * ---------------------------------------------------------------------- */

#define SCN_N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* One argument kind of a query, and the names it accepts. */
typedef struct scn_name {
	const char *name;
	int value;
} scn_name;

static const scn_name scn_categories[] = {
        {"streets", CITY_CAT_STREETS},
        {"markets", CITY_CAT_MARKETS},
        {"towers", CITY_CAT_TOWERS},
        {"stewards", CITY_CAT_STEWARDS},
        {"guards", CITY_CAT_GUARDS},
        {"roads", CITY_CAT_ROADS},
        {"cities", CITY_CAT_CITIES},
        {"monasteries", CITY_CAT_MONASTERIES},
        {"farms", CITY_CAT_FARMS},
        {"ransom", CITY_CAT_RANSOM},
        {NULL, 0}};

static const scn_name scn_reasons[] = {
        {"any", 0},
        {"street", CITY_REASON_STREET},
        {"market", CITY_REASON_MARKET},
        {"wall_street", CITY_REASON_WALL_STREET},
        {"wall_market", CITY_REASON_WALL_MARKET},
        {"tower", CITY_REASON_TOWER},
        {"final_street", CITY_REASON_FINAL_STREET},
        {"final_market", CITY_REASON_FINAL_MARKET},
        {"steward", CITY_REASON_STEWARD},
        {"guard", CITY_REASON_GUARD},
        {"road", CITY_REASON_ROAD},
        {"city", CITY_REASON_CITY},
        {"monastery", CITY_REASON_MONASTERY},
        {"final_road", CITY_REASON_FINAL_ROAD},
        {"final_city", CITY_REASON_FINAL_CITY},
        {"final_monastery", CITY_REASON_FINAL_MONASTERY},
        {"farm", CITY_REASON_FARM},
        {"ransom", CITY_REASON_RANSOM},
        {NULL, 0}};

static const scn_name scn_event_kinds[] = {
        {"score", CITY_EVENT_SCORE},
        {"discard", CITY_EVENT_DISCARD},
        {"return", CITY_EVENT_RETURN},
        {"capture", CITY_EVENT_CAPTURE},
        {"exchange", CITY_EVENT_EXCHANGE},
        {NULL, 0}};

static const scn_name scn_sides[] = {
        {"N", CITY_SIDE_N},
        {"E", CITY_SIDE_E},
        {"S", CITY_SIDE_S},
        {"W", CITY_SIDE_W},
        {NULL, 0}};

static const scn_name scn_players[] = {{"*", -2}, {NULL, 0}};

static const scn_name scn_features[] = {
        {"street", CITY_FEATURE_STREET},
        {"market", CITY_FEATURE_MARKET},
        {"residential", CITY_FEATURE_RESIDENTIAL},
        {"road", CITY_FEATURE_ROAD},
        {"city", CITY_FEATURE_CITY},
        {"field", CITY_FEATURE_FIELD},
        {"monastery", CITY_FEATURE_MONASTERY},
        {NULL, 0}};

static const scn_name scn_cells[] = {
        {"tile", CITY_CELL_TILE},
        {"exterior", CITY_CELL_EXTERIOR},
        {"hole", CITY_CELL_HOLE},
        {NULL, 0}};

static const scn_name scn_ends[] = {
        {"cw", CITY_END_CW},
        {"ccw", CITY_END_CCW},
        {NULL, 0}};

static const scn_name scn_roles[] = {
        {"citizen", CITY_ROLE_CITIZEN},
        {"seller", CITY_ROLE_SELLER},
        {"steward", CITY_ROLE_STEWARD},
        {"guard", CITY_ROLE_GUARD},
        {"highwayman", CITY_ROLE_HIGHWAYMAN},
        {"knight", CITY_ROLE_KNIGHT},
        {"monk", CITY_ROLE_MONK},
        {"farmer", CITY_ROLE_FARMER},
        {"top", CITY_ROLE_TOWER_TOP},
        {NULL, 0}};

/* Status names a value may be instead of a number (?winners = ENOTENDED). */
static const scn_name scn_statuses[] = {
        {"OK", CITY_OK},
        {"EINVAL", CITY_EINVAL},
        {"ENOMEM", CITY_ENOMEM},
        {"ERANGE", CITY_ERANGE},
        {"EILLEGAL", CITY_EILLEGAL},
        {"EDECISION", CITY_EDECISION},
        {"EPARSE", CITY_EPARSE},
        {"ENOTFOUND", CITY_ENOTFOUND},
        {"EENDED", CITY_EENDED},
        {"ENOTENDED", CITY_ENOTENDED},
        {"ELIMIT", CITY_ELIMIT},
        {NULL, 0}};

/* The names an argument or value kind accepts: i integer, c part letter
 * or digit (a single character is the character: '1' is street 1), s
 * side N E S W, C category, R reason, K event kind, P player or '*', O
 * role, E wall end cw ccw, F feature kind (street ... monastery), L
 * cell (tile exterior hole), M market kinds as letters (FG: fish and
 * grain). */
static inline const scn_name *scn_kind_names(char kind)
{
	switch (kind) {
	case 'C': return scn_categories;
	case 'R': return scn_reasons;
	case 'K': return scn_event_kinds;
	case 'P': return scn_players;
	case 's': return scn_sides;
	case 'O': return scn_roles;
	case 'E': return scn_ends;
	case 'F': return scn_features;
	case 'L': return scn_cells;
	default: return NULL;
	}
}

/* A word as an argument or value of `kind`: a name of its kind or a
 * status name, a character (kind c), or an integer. Returns 0 when it is
 * none of these. */
static inline int scn_arg(const char *w, char kind, int *out)
{
	const scn_name *lists[2], *names;
	char *end;
	long v;
	int i;
	lists[0] = scn_kind_names(kind);
	lists[1] = scn_statuses;
	for (i = 0; i < 2; i++)
		for (names = lists[i]; names && names->name; names++)
			if (strcmp(w, names->name) == 0) {
				*out = names->value;
				return 1;
			}
	if (kind == 'M' && w[0] && strspn(w, "FGL") == strlen(w)) {
		*out = (strchr(w, 'F') ? CITY_MARKET_FISH : 0) |
		       (strchr(w, 'G') ? CITY_MARKET_GRAIN : 0) |
		       (strchr(w, 'L') ? CITY_MARKET_LIVESTOCK : 0);
		return 1;
	}
	if (kind == 'c' && w[0] && !w[1]) {
		*out = (unsigned char)w[0];
		return 1;
	}
	v = strtol(w, &end, 10);
	if (end != w && *end == '\0') {
		*out = (int)v;
		return 1;
	}
	return 0;
}

/* The queries a script may assert: `kinds` names each argument, `outs`
 * each value (scn_kind_names); get() writes the values and returns how
 * many (a query that fails writes its status alone). A script's "= ..."
 * may give fewer values than `outs`: the first ones are compared. A
 * query of the game alone is a public function (`number`). */
typedef struct scn_query {
	const char *name, *kinds, *outs;
	int (*get)(const city_game *g, const int *a, int *v);
	int (*number)(const city_game *g); /* instead of get: one value */
} scn_query;

/* A query of one value. */
#define SCN_Q1(fn, expr)                                                     \
	static inline int fn(const city_game *g, const int *a, int *v)       \
	{                                                                    \
		(void)g;                                                     \
		(void)a;                                                     \
		v[0] = (expr);                                               \
		return 1;                                                    \
	}
/* A query's values, or its status alone when it fails. */
static inline int scn_or_status(int rc, int n, int *v)
{
	if (rc == CITY_OK)
		return n;
	v[0] = rc;
	return 1;
}
/* A query of several values written by `call` (or its status). */
#define SCN_QN(fn, n, call)                                                  \
	static inline int fn(const city_game *g, const int *a, int *v)       \
	{                                                                    \
		(void)a;                                                     \
		return scn_or_status((call), (n), v);                        \
	}
SCN_Q1(scn_q_legal, (int)scn_legal_count(g))
SCN_Q1(scn_q_score, city_game_score(g, a[0]))
SCN_Q1(scn_q_detail, city_game_score_detail(g, a[0], a[1]))
SCN_Q1(scn_q_supply, scn_supply(g, a[0]))
SCN_Q1(scn_q_onboard, scn_on_board(g, a[0]))
SCN_Q1(scn_q_points, scn_event_points(g, a[0], a[1]))
SCN_Q1(scn_q_events, scn_count_events(g, a[0], a[1]))
SCN_Q1(scn_q_same, city_feature_same(g, a[0], a[1], (char)a[2], a[3], a[4],
                                     (char)a[5]))
SCN_Q1(scn_q_complete, city_feature_complete(g, a[0], a[1], (char)a[2]))
SCN_Q1(scn_q_ftiles, city_feature_tiles(g, a[0], a[1], (char)a[2]))
SCN_Q1(scn_q_ffollowers,
       city_feature_followers(g, a[0], a[1], (char)a[2], a[3]))
SCN_Q1(scn_q_fkind, city_feature_kind(g, a[0], a[1], (char)a[2]))
SCN_Q1(scn_q_prisoners, city_game_prisoners(g, a[0], a[1]))
SCN_Q1(scn_q_floors, city_game_floors(g, a[0]))
SCN_Q1(scn_q_left, city_game_tiles_left(g, a[0]))
SCN_Q1(scn_q_cell, city_game_cell(g, a[0], a[1]))
SCN_Q1(scn_q_market, city_feature_market_kinds(g, a[0], a[1], (char)a[2]))

SCN_QN(scn_q_towers, 1, city_game_supply(g, a[0], NULL, &v[0]))
static inline int scn_q_winners(const city_game *g, const int *a, int *v)
{
	unsigned mask = 0;
	int rc = city_game_winners(g, &mask);
	(void)a;
	v[0] = rc == CITY_OK ? (int)mask : rc;
	return 1;
}
/* The tile in hand: design and stack. */
SCN_QN(scn_q_current, 2, city_game_current_tile(g, &v[0], &v[1]))
/* The tile at (x, y): design and rotation. */
SCN_QN(scn_q_tile_at, 2, city_game_tile_at(g, a[0], a[1], &v[0], &v[1]))
/* The Tower's tower at (x, y): height and top player. */
SCN_QN(scn_q_tower, 2, city_game_tower(g, a[0], a[1], &v[0], &v[1]))
/* The board's bounds: min x, min y, max x, max y (ENOTFOUND: empty). */
static inline int scn_q_bounds(const city_game *g, const int *a, int *v)
{
	int32_t b[4] = {0, 0, 0, 0};
	int rc = city_game_bounds(g, &b[0], &b[1], &b[2], &b[3]), i;
	(void)a;
	for (i = 0; i < 4; i++)
		v[i] = b[i];
	return scn_or_status(rc, 4, v);
}
/* The City's tower i: owner, wall end, wall piece, points. */
SCN_QN(scn_q_wall_tower, 4,
       city_tower(g, (size_t)a[0], &v[0], &v[1], &v[2], &v[3]))
/* The wall's cw or ccw end: a piece index or a status. */
SCN_Q1(scn_q_wall_end, city_wall_end(g, a[0]))
/* Event i (i < 0: counted from the last, -1 the last): kind player
 * points reason x y part design move, and the other player + 1 of The
 * Tower's capture, exchange and ransom events (reserved1). */
static inline int scn_q_event(const city_game *g, const int *a, int *v)
{
	city_event e;
	int i = a[0] < 0 ? city_game_event_count(g) + a[0] : a[0];
	int rc = i < 0 ? CITY_EINVAL : city_game_event(g, (size_t)i, &e);
	if (rc != CITY_OK)
		return scn_or_status(rc, 0, v);
	v[0] = e.kind;
	v[1] = e.player;
	v[2] = e.points;
	v[3] = e.reason;
	v[4] = e.x;
	v[5] = e.y;
	v[6] = (unsigned char)e.part;
	v[7] = e.design;
	v[8] = (int)e.move;
	v[9] = (int)e.reserved1;
	return 10;
}
/* Follower i: player role x y part. */
static inline int scn_q_follower(const city_game *g, const int *a, int *v)
{
	int32_t x = 0, y = 0;
	char part = 0;
	int rc = city_game_follower(g, (size_t)a[0], &v[0], &v[1], &x, &y,
	                            &part);
	if (rc != CITY_OK)
		return scn_or_status(rc, 0, v);
	v[2] = x;
	v[3] = y;
	v[4] = (unsigned char)part;
	return 5;
}
/* Final scoring's status (a second call scores nothing again). */
static inline int scn_q_score_final(const city_game *g, const int *a, int *v)
{
	(void)a;
	v[0] = city_score_final((city_game *)(uintptr_t)g);
	return 1;
}

static const scn_query scn_queries[] = {
        {"legal", "", "i", scn_q_legal, NULL},
        {"score", "i", "i", scn_q_score, NULL},
        {"detail", "iC", "i", scn_q_detail, NULL},
        {"supply", "i", "i", scn_q_supply, NULL},
        {"towers", "i", "i", scn_q_towers, NULL},
        {"onboard", "i", "i", scn_q_onboard, NULL},
        {"points", "iR", "i", scn_q_points, NULL},
        {"events", "KP", "i", scn_q_events, NULL},
        {"same", "iiciic", "i", scn_q_same, NULL},
        {"complete", "iic", "i", scn_q_complete, NULL},
        {"ftiles", "iic", "i", scn_q_ftiles, NULL},
        {"ffollowers", "iici", "i", scn_q_ffollowers, NULL},
        {"fkind", "iic", "F", scn_q_fkind, NULL},
        {"market", "iic", "M", scn_q_market, NULL},
        {"prisoners", "ii", "i", scn_q_prisoners, NULL},
        {"floors", "i", "i", scn_q_floors, NULL},
        {"left", "i", "i", scn_q_left, NULL},
        {"cell", "ii", "L", scn_q_cell, NULL},
        {"walls_left", "", "i", NULL, city_game_walls_left},
        {"wall_length", "", "i", NULL, city_wall_length},
        {"contour", "", "i", NULL, city_contour_length},
        {"gap", "", "i", NULL, city_wall_gap},
        {"ended", "", "i", NULL, city_game_end_reasons},
        {"winners", "", "i", scn_q_winners, NULL},
        {"final_scored", "", "i", NULL, city_game_final_scored},
        {"score_final", "", "i", scn_q_score_final, NULL},
        {"follower_count", "", "i", NULL, city_game_follower_count},
        {"tile_count", "", "i", NULL, city_game_tile_count},
        {"move_count", "", "i", NULL, city_game_move_count},
        {"event_count", "", "i", NULL, city_game_event_count},
        {"player", "", "i", NULL, city_game_player},
        {"decision", "", "i", NULL, city_game_decision},
        {"current", "", "ii", scn_q_current, NULL},
        {"tile_at", "ii", "ii", scn_q_tile_at, NULL},
        {"tower", "ii", "ii", scn_q_tower, NULL},
        {"event", "i", "KiiRiiciii", scn_q_event, NULL},
        {"bounds", "", "iiii", scn_q_bounds, NULL},
        {"tower_count", "", "i", NULL, city_tower_count},
        {"wall_tower", "i", "iEii", scn_q_wall_tower, NULL},
        {"wall_end", "E", "i", scn_q_wall_end, NULL},
        {"follower", "i", "iOiic", scn_q_follower, NULL},
};

/* Split `text` at blanks into at most `cap` words of `buf` (a copy). */
static inline int scn_words(const char *text, char *buf, size_t size,
                            char **w, int cap)
{
	int n = 0;
	char *p = buf;
	ck_assert_uint_lt(strlen(text), size);
	strcpy(buf, text);
	while (*p) {
		p += strspn(p, " \t");
		if (!*p)
			break;
		ck_assert_int_lt(n, cap);
		w[n++] = p;
		p += strcspn(p, " \t");
		if (*p)
			*p++ = '\0';
	}
	return n;
}

/* A value that is not compared ('*'). */
#define SCN_ANY INT_MIN

/* The values of `rhs`, the i-th of kind kinds[i] (the last kind
 * repeats; '*' is SCN_ANY); returns how many (at most cap). */
static inline int scn_values(const char *rhs, int *v, int cap,
                             const char *kinds, const char *step, int line)
{
	char buf[256], *w[16];
	int n = scn_words(rhs, buf, sizeof buf, w, 16), i;
	size_t nk = strlen(kinds);
	ck_assert_int_le(n, cap);
	for (i = 0; i < n; i++) {
		char kind = nk ? kinds[(size_t)i < nk ? (size_t)i : nk - 1] : 'i';
		if (strcmp(w[i], "*") == 0)
			v[i] = SCN_ANY;
		else
			ck_assert_msg(scn_arg(w[i], kind, &v[i]),
			              "line %d: \"%s\": \"%s\" is not a value",
			              line, step, w[i]);
	}
	return n;
}

/* A move made through its own call (city_place_tile, city_pass, ...)
 * rather than city_apply_move. */
static inline int scn_call(city_game *g, const city_move *m)
{
	switch (m->kind) {
	case CITY_MOVE_PLACE: return city_place_tile(g, m->x, m->y, m->rotation);
	case CITY_MOVE_FOLLOWER: return city_place_follower(g, m->part);
	case CITY_MOVE_GATE: return city_build_gate(g, m->x, m->y, m->side);
	case CITY_MOVE_WALL: return city_build_wall(g, m->end);
	case CITY_MOVE_GUARD: return city_place_guard(g);
	case CITY_MOVE_TOWER: return city_place_tower(g, m->end);
	case CITY_MOVE_FLOOR: return city_place_floor(g, m->x, m->y);
	case CITY_MOVE_TOP: return city_place_top(g, m->x, m->y);
	case CITY_MOVE_CAPTURE: return city_capture(g, m->x, m->y, m->part);
	case CITY_MOVE_RANSOM: return city_pay_ransom(g, m->x);
	default: return city_pass(g);
	}
}

/* ?refuse MOVE = STATUS "message" (through city_apply_move) and ?call
 * MOVE = ... (through the move's own call, scn_call). */
static inline void scn_expect_refusal(city_game *g, const char *lhs,
                                      const char *rhs, int direct,
                                      const char *step, int line)
{
	char status[32], name[40], message[512];
	const char *q = strchr(rhs, '"'), *qe = q ? strrchr(q + 1, '"') : NULL;
	size_t k;
	int s, found = 0;
	city_move m;
	ck_assert_msg(q && qe && sscanf(rhs, "%31s", status) == 1,
	              "line %d: \"%s\": want ?refuse MOVE = STATUS \"message\"",
	              line, step);
	k = (size_t)(qe - q - 1);
	ck_assert_uint_lt(k, sizeof message);
	memcpy(message, q + 1, k);
	message[k] = '\0';
	snprintf(name, sizeof name, "CITY_%s", status);
	for (s = CITY_OK; s >= CITY_ELIMIT; s--)
		if (strcmp(city_status_str(s), name) == 0) {
			found = 1;
			break;
		}
	ck_assert_msg(found, "line %d: \"%s\": no status %s", line, step, name);
	ck_assert_msg(city_move_parse(&m, lhs) == CITY_OK,
	              "line %d: \"%s\": the move does not parse", line, step);
	{
		scn_snapshot before;
		scn_snap(g, &before);
		scn_refused_at(g, &before,
		               direct ? scn_call(g, &m) : city_apply_move(g, &m),
		               s, message, line);
		scn_snap_free(&before);
	}
}

/* An expectation step (after its '?'). */
static inline void scn_expect_step(city_game *g, const char *step, int line)
{
	char lhs[256], buf[256], *w[16];
	const char *eq = strstr(step, " = ");
	const char *rhs = eq ? eq + 3 : "";
	int n, v[16], want[16], have[16], k, i, got;
	size_t q, len = eq ? (size_t)(eq - step) : strlen(step);
	ck_assert_uint_lt(len, sizeof lhs);
	memcpy(lhs, step, len);
	lhs[len] = '\0';
	n = scn_words(lhs, buf, sizeof buf, w, 16);
	ck_assert_msg(n >= 1, "line %d: empty expectation", line);
	if (strcmp(w[0], "ask") == 0) {
		int d = n >= 2 ? scn_decision_word(w[1], strlen(w[1])) : -1;
		if (n >= 2 && strcmp(w[1], "end") == 0)
			d = CITY_DECISION_END;
		ck_assert_msg(d >= 0 && n <= 3, "line %d: \"%s\": ?ask DECISION [P]",
		              line, step);
		scn_expect_at(g, d, n == 3 ? atoi(w[2]) : -1, line);
	} else if (strcmp(w[0], "followers") == 0) {
		scn_expect_followers_at(g, rhs, line);
	} else if (strcmp(w[0], "moves") == 0) {
		scn_expect_moves_at(g, city_game_decision(g), -1, rhs, line);
	} else if (strcmp(w[0], "scores") == 0 || strcmp(w[0], "final") == 0) {
		k = scn_values(rhs, want, 16, "i", step, line);
		ck_assert_msg(k == city_game_players(g),
		              "line %d: \"%s\": %d scores for %d players", line,
		              step, k, city_game_players(g));
		if (w[0][0] == 'f') {
			int rc = city_score_final(g);
			ck_assert_msg(rc == CITY_OK, "line %d: \"%s\": %s", line,
			              step, city_status_str(rc));
		}
		for (i = 0; i < k; i++)
			ck_assert_msg(city_game_score(g, i) == want[i],
			              "line %d: \"%s\": player %d scores %d, "
			              "expected %d",
			              line, step, i, city_game_score(g, i), want[i]);
	} else if (strcmp(w[0], "final_again") == 0) {
		int events = city_game_event_count(g), rc = city_score_final(g);
		k = scn_values(rhs, want, 16, "i", step, line);
		ck_assert_msg(k == city_game_players(g),
		              "line %d: \"%s\": %d scores for %d players", line,
		              step, k, city_game_players(g));
		ck_assert_msg(rc == CITY_OK, "line %d: \"%s\": %s", line, step,
		              city_status_str(rc));
		for (i = 0; i < k; i++)
			ck_assert_msg(city_game_score(g, i) == want[i],
			              "line %d: \"%s\": player %d scores %d, "
			              "expected %d",
			              line, step, i, city_game_score(g, i),
			              want[i]);
		ck_assert_msg(city_game_event_count(g) == events,
		              "line %d: \"%s\": %d events, were %d", line, step,
		              city_game_event_count(g), events);
	} else if (strcmp(w[0], "piece") == 0 && n == 2) {
		ck_assert_int_eq(scn_values(rhs, want, 5, "iisii", step, line), 5);
		scn_expect_piece_at(g, atoi(w[1]), want[0], want[1],
		                    "NESW"[want[2] & 3], want[3], want[4], line);
	} else if (strcmp(w[0], "end") == 0 && n == 2) {
		ck_assert_int_eq(scn_values(rhs, want, 4, "iiis", step, line), 4);
		scn_expect_end_at(g,
		                  strcmp(w[1], "cw") == 0 ? CITY_END_CW
		                                          : CITY_END_CCW,
		                  want[0], want[1], want[2], "NESW"[want[3] & 3],
		                  line);
	} else if (strcmp(w[0], "refuse") == 0 || strcmp(w[0], "call") == 0) {
		ck_assert_msg(n >= 2, "line %d: \"%s\": no move", line, step);
		scn_expect_refusal(g, lhs + (size_t)(w[1] - buf), rhs,
		                   w[0][0] == 'c', step, line);
	} else if (strcmp(w[0], "invariants") == 0) {
		scn_expect_invariants_at(g, line);
	} else {
		for (q = 0; q < SCN_N_OF(scn_queries); q++)
			if (strcmp(w[0], scn_queries[q].name) == 0)
				break;
		ck_assert_msg(q < SCN_N_OF(scn_queries),
		              "line %d: \"%s\": no query %s", line, step, w[0]);
		ck_assert_msg((size_t)(n - 1) == strlen(scn_queries[q].kinds) &&
		                      eq,
		              "line %d: \"%s\": ?%s takes %zu arguments and "
		              "\"= N\"",
		              line, step, w[0], strlen(scn_queries[q].kinds));
		for (i = 1; i < n; i++)
			ck_assert_msg(scn_arg(w[i], scn_queries[q].kinds[i - 1],
			                      &v[i - 1]),
			              "line %d: \"%s\": bad argument \"%s\"", line,
			              step, w[i]);
		k = scn_values(rhs, want, 16, scn_queries[q].outs, step, line);
		ck_assert_msg(k >= 1 && (size_t)k <= strlen(scn_queries[q].outs),
		              "line %d: \"%s\": %d values, ?%s has %zu", line,
		              step, k, w[0], strlen(scn_queries[q].outs));
		if (scn_queries[q].number) {
			have[0] = scn_queries[q].number(g);
			got = 1;
		} else {
			got = scn_queries[q].get(g, v, have);
		}
		for (i = 0; i < k; i++) {
			ck_assert_msg(i < got, "line %d: \"%s\": returned %d",
			              line, step, have[0]);
			if (want[i] == SCN_ANY)
				continue;
			if (k == 1)
				ck_assert_msg(have[0] == want[0],
				              "line %d: \"%s\": %d, expected %d",
				              line, step, have[0], want[0]);
			ck_assert_msg(have[i] == want[i],
			              "line %d: \"%s\": value %d is %d, expected %d",
			              line, step, i + 1, have[i], want[i]);
		}
	}
}

/* A move made through its own call (scn_call), which must succeed. */
static inline void scn_call_step(city_game *g, const char *step, int line)
{
	city_move m;
	int rc;
	ck_assert_msg(city_move_parse(&m, step) == CITY_OK,
	              "line %d: \"!%s\" does not parse", line, step);
	rc = scn_call(g, &m);
	ck_assert_msg(rc == CITY_OK, "line %d: \"!%s\" -> %s: %s", line, step,
	              city_status_str(rc), city_game_last_error(g));
	scn_expect_invariants_at(g, line);
}

/* Run the steps of a script (see the section comment). */
static inline void scn_script_at(city_game *g, const char *script, int line)
{
	char one[640];
	const char *p = script;
	while (*p) {
		size_t k = 0;
		int quoted = 0;
		while (p[k] && (quoted || (p[k] != ';' && p[k] != '\n'))) {
			quoted ^= p[k] == '"';
			k++;
		}
		ck_assert_uint_lt(k, sizeof one);
		memcpy(one, p, k);
		one[k] = '\0';
		p += k + (p[k] != '\0');
		{
			const char *s = one + strspn(one, " \t");
			if (*s == '?')
				scn_expect_step(g, s + 1, line);
			else if (*s == '!')
				scn_call_step(g, s + 1, line);
			else if (*s)
				scn_step_at(g, s, line);
		}
	}
}

/* Play the steps of `fmt` (printf-style): moves and expectations. */
#define scn_play(g, ...) scn_play_at((g), __LINE__, __VA_ARGS__)
SCN_PRINTF(3, 4)
static inline void scn_play_at(city_game *g, int line, const char *fmt, ...)
{
	char text[4096];
	va_list ap;
	int len;
	va_start(ap, fmt);
	len = vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	ck_assert(len >= 0 && (size_t)len < sizeof text);
	scn_script_at(g, text, line);
}

/* Play a NULL-terminated array of steps. */
#define scn_play_steps(g, steps) scn_play_steps_at((g), (steps), __LINE__)
static inline void scn_play_steps_at(city_game *g, const char *const *steps,
                                     int line)
{
	for (; *steps; steps++)
		scn_script_at(g, *steps, line);
}

/* A scenario as data: its name (the rule id and what it shows), the game
 * spec, the tiles and the script (see the section comment). */
typedef struct scn_case {
	const char *name, *game, *tiles, *script;
} scn_case;

/* The game a case's spec describes. */
static inline city_game *scn_case_game(const scn_case *c)
{
	char buf[512], *w[32];
	const char *rules[32];
	int order[160], n = scn_words(c->game, buf, sizeof buf, w, 32), i;
	int players = 2, tower = 0, start = 0, nrules = 0;
	unsigned st[3] = {0, 0, 0};
	size_t norder = 0;
	for (i = 1; i < n; i++) {
		char *e = strchr(w[i], '=');
		if (strcmp(w[i], "tower") == 0) {
			tower = 1;
		} else if (strncmp(w[i], "players=", 8) == 0) {
			players = atoi(e + 1);
		} else if (strncmp(w[i], "start=", 6) == 0) {
			start = atoi(e + 1);
		} else if (strncmp(w[i], "order=", 6) == 0 ||
		           strncmp(w[i], "stacks=", 7) == 0) {
			int is_order = w[i][0] == 'o';
			char *p = e + 1;
			size_t k = 0;
			while (*p) {
				long v = strtol(p, &p, 10);
				if (is_order) {
					ck_assert_uint_lt(k, SCN_N_OF(order));
					order[k] = (int)v;
				} else {
					ck_assert_uint_lt(k, 3);
					st[k] = (unsigned)v;
				}
				k++;
				p += *p == ',';
			}
			if (is_order)
				norder = k;
		} else {
			ck_assert_msg(e != NULL, "%s: unknown game word \"%s\"",
			              c->name, w[i]);
			rules[nrules++] = w[i];
		}
	}
	rules[nrules] = NULL;
	if (strcmp(w[0], "city") == 0) {
		if (!st[0] && !st[1] && !st[2])
			st[0] = (unsigned)norder;
		return scn_city_game(c->tiles, players, order, norder, st[0],
		                     st[1], st[2], rules);
	}
	if (strcmp(w[0], "carc") == 0)
		return strncmp(c->tiles, "tileset", 7) == 0
		               ? scn_carc_game_text(c->tiles, players, tower,
		                                    order, norder, rules)
		               : scn_carc_game(c->tiles, players, tower, order,
		                               norder, rules);
	ck_assert_msg(strcmp(w[0], "tw") == 0, "%s: unknown game \"%s\"",
	              c->name, w[0]);
	return scn_tower_game(start, order, norder, players, tower, rules);
}

/* A case's game after its script, for a test that goes on in C (the
 * caller frees it). */
#define scn_case_played(c) scn_case_played_at((c), __LINE__)
static inline city_game *scn_case_played_at(const scn_case *c, int line)
{
	city_game *g = scn_case_game(c);
	scn_script_at(g, c->script, line);
	return g;
}

/* Build a case's game, run its script, free the game. */
#define scn_run_case(c) scn_run_case_at((c), __LINE__)
static inline void scn_run_case_at(const scn_case *c, int line)
{
	city_game_free(scn_case_played_at(c, line));
}

#endif /* CITY_TEST_SCENARIO_H */
