/*
 * Scenario helpers shared by the rule tests (tests/test_city_place.c,
 * tests/test_city_score.c) and the wall tests: build a game from an inline
 * tile set and an explicit draw order, play moves with checked results,
 * count legal moves, snapshot the observable state to prove that a
 * rejected call changed nothing (R-ERR-1).
 *
 * Every function is `static inline` so that a test file that does not use
 * one gets no unused-function warning. Coordinate by ADDING functions only;
 * never change the behaviour of an existing one.
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

/* ------------------------------------------------------------------------
 * Standard design bodies (the part of a `.tiles` line after ID COUNT).
 * Sides in the order N E S W.  Pictures show the design at rotation 0.
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

/* The design ids the rule tests use for the bodies above. */
enum {
	SCN_ID_BLANK = 1,
	SCN_ID_DEAD = 2,
	SCN_ID_STRAIGHT = 3,
	SCN_ID_CURVE = 4,
	SCN_ID_TWIN = 5,
	SCN_ID_CROSS = 6,
	SCN_ID_MKT_F = 7,
	SCN_ID_MKT_G = 8,
	SCN_ID_MKT_L = 9,
	SCN_ID_BAND_G = 10,
	SCN_ID_TRI_F = 11,
	SCN_ID_CORNER_G = 12,
	SCN_ID_INNER = 13
};

/* ------------------------------------------------------------------------
 * Game construction
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

/* Options: players, the tile set `tiles_text`, the explicit draw order
 * `order[0..n)`, stacks (a, b, c) (all 0: the proportional default).
 * The caller frees the options. */
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

/* A game on an inline tile set with an explicit order, every tile in
 * stack 1 (stacks n 0 0), so that no wall round can interfere. */
static inline city_game *scn_game(const char *tiles_text, int players,
                                  const int *order, size_t n)
{
	city_game *g = NULL;
	city_options *o = scn_options(tiles_text, players, order, n,
	                              (unsigned)n, 0, 0);
	int rc = city_game_new(&g, o);
	city_options_free(o);
	ck_assert_msg(rc == CITY_OK, "city_game_new: %s", city_status_str(rc));
	ck_assert_ptr_nonnull(g);
	return g;
}

/* ------------------------------------------------------------------------
 * Moves with checked results
 * ---------------------------------------------------------------------- */

#define scn_place(g, x, y, r) scn_place_at((g), (x), (y), (r), __LINE__)
/* A game of the base game of Carcassonne on the whole tile-set text
 * `tileset` (header line included), with The Tower when `tower`, an
 * explicit draw order (the start tile excluded; n 0: seeded) and rule
 * texts (`name=value`, NULL-terminated; NULL for the defaults). The one
 * builder of the Carcassonne scenario tests. */
static inline city_game *scn_carc_game_text(const char *tileset, int players,
                                            int tower, const int *order,
                                            size_t n,
                                            const char *const *rules)
{
	city_options *o = NULL;
	city_tileset *ts = scn_tileset(tileset);
	city_game *g = NULL;
	int rc;
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
	for (; rules && *rules; rules++) {
		rc = city_options_parse_rule(o, *rules);
		ck_assert_msg(rc == CITY_OK, "rule %s: %s", *rules,
		              city_status_str(rc));
	}
	rc = city_game_new(&g, o);
	city_options_free(o);
	ck_assert_msg(rc == CITY_OK, "city_game_new: %s", city_status_str(rc));
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

static inline void scn_place_at(city_game *g, int32_t x, int32_t y, int r,
                                int line)
{
	int rc = city_place_tile(g, x, y, r);
	ck_assert_msg(rc == CITY_OK, "line %d: place %d %d %d -> %s: %s", line,
	              (int)x, (int)y, r, city_status_str(rc),
	              city_game_last_error(g));
}

#define scn_follower(g, p) scn_follower_at((g), (p), __LINE__)
static inline void scn_follower_at(city_game *g, char part, int line)
{
	int rc = city_place_follower(g, part);
	ck_assert_msg(rc == CITY_OK, "line %d: follower %c -> %s: %s", line,
	              part, city_status_str(rc), city_game_last_error(g));
}

#define scn_pass(g) scn_pass_at((g), __LINE__)
static inline void scn_pass_at(city_game *g, int line)
{
	int rc = city_pass(g);
	ck_assert_msg(rc == CITY_OK, "line %d: pass -> %s: %s", line,
	              city_status_str(rc), city_game_last_error(g));
}

/* Assert the decision and the deciding player. */
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

/* ------------------------------------------------------------------------
 * Snapshots of the observable state (R-ERR-1)
 * ---------------------------------------------------------------------- */

typedef struct scn_snapshot {
	int decision, player, cur_rc, cur_design, cur_stack;
	int tiles, moves, events, followers, walls_left, final_scored, ended;
	int score[4][CITY_CAT_COUNT + 1];
	int supply[4], towers[4];
	int left[3];
	size_t nlegal;
	city_move legal[64];
	char *save; /* malloc'd record text, or NULL */
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
	for (p = 0; p < np && p < 4; p++) {
		s->score[p][CITY_CAT_COUNT] = city_game_score(g, p);
		for (c = 0; c < CITY_CAT_COUNT; c++)
			s->score[p][c] = city_game_score_detail(g, p, c);
		city_game_supply(g, p, &s->supply[p], &s->towers[p]);
	}
	for (c = 0; c < 3; c++)
		s->left[c] = city_game_tiles_left(g, c + 1);
	city_legal_moves(g, s->legal, 64, &s->nlegal);
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
	if (a->save || b->save)
		ck_assert_msg(a->save && b->save && strcmp(a->save, b->save) == 0,
		              "line %d: saved record changed", line);
}

/* Assert that a call returned `status`, that the last error names `rule`
 * (when not NULL) and that the game is unchanged. Use as:
 *   scn_snapshot s; scn_snap(g, &s);
 *   scn_rejected(g, &s, city_place_tile(g, 5, 5, 0), CITY_EILLEGAL,
 *                "R-TILE-1");
 */
#define scn_rejected(g, before, call, status, rule)                          \
	scn_rejected_at((g), (before), (call), (status), (rule), __LINE__)
static inline void scn_rejected_at(const city_game *g,
                                   const scn_snapshot *before, int rc,
                                   int status, const char *rule, int line)
{
	scn_snapshot after;
	ck_assert_msg(rc == status, "line %d: status %s, expected %s", line,
	              city_status_str(rc), city_status_str(status));
	if (rule) {
		const char *e = city_game_last_error(g);
		ck_assert_ptr_nonnull(e);
		ck_assert_msg(strstr(e, rule) != NULL,
		              "line %d: last error \"%s\" does not name %s", line,
		              e, rule);
	}
	scn_snap(g, &after);
	scn_snap_same_at(before, &after, line);
	scn_snap_free(&after);
}

/* ------------------------------------------------------------------------
 * Followers, events
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

/* R-SET-2 / R-SCORE-4: supply + followers on the board = 7 for everyone. */
#define scn_expect_conservation(g) scn_expect_conservation_at((g), __LINE__)
static inline void scn_expect_conservation_at(const city_game *g, int line)
{
	int p, np = city_game_players(g);
	for (p = 0; p < np; p++) {
		int s = scn_supply(g, p), b = scn_on_board(g, p);
		ck_assert_msg(s + b == 7,
		              "line %d: player %d has %d in supply + %d placed",
		              line, p, s, b);
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

/* Assert all players' totals, e.g. scn_expect_scores(g, 3, (int[]){3,0,0}). */
#define scn_expect_scores(g, n, arr) scn_expect_scores_at((g), (n), (arr), __LINE__)
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

#endif /* CITY_TEST_SCENARIO_H */
