/*
 * Helpers of the wall-ring tests (tests/test_city_wall*.c): build a game from an
 * inline tile set with an explicit draw order and explicit stacks, play a
 * scripted sequence of decisions, and check the conservation invariants.
 *
 * A script is an array of strings, one decision each, written as the player
 * expected to decide followed by the move:
 *
 *   "p0 place X Y R"   tile decision            city_place_tile
 *   "p0 follower b"    follower decision        city_place_follower
 *   "p0 follower -"    follower decision, pass  city_pass
 *   "p1 gate X Y S"    gate decision (N/E/S/W)  city_build_gate
 *   "p1 wall cw|ccw"   wall decision            city_build_wall
 *   "p1 guard"         guard decision           city_place_guard
 *   "p1 noguard"       guard decision, pass     city_pass
 *   "p0 tower cw|ccw"  tower decision           city_place_tower
 *   "p0 notower"       tower decision, pass     city_pass
 *
 * Before each step the runner asserts that the game waits for exactly that
 * kind of decision from exactly that player, so a decision the engine skips
 * or asks for unexpectedly fails the test at that step. After each step it
 * checks the invariants (wall pieces + supply = 70, followers supply + on
 * board = 7, towers supply + placed = 12 / players).
 *
 * Everything here is `static inline` so that a test file may use any subset
 * without unused-function warnings. Only the public API is used: these
 * tests check the rules from the outside.
 */
#ifndef CITY_TESTS_WALL_SCRIPT_H
#define CITY_TESTS_WALL_SCRIPT_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

/** A rule option to set: {CITY_RULE_*, value}; a list ends with {0, 0}. */
typedef struct w_rule {
	int rule;
	int value;
} w_rule;

/* Make a game: inline tile set, players, explicit order and stacks, rules.
 */
static inline city_game *w_new_game(const char *tiles, int players,
                                    const int *order, size_t n, unsigned a,
                                    unsigned b, unsigned c,
                                    const w_rule *rules)
{
	char err[256] = "";
	city_tileset *ts = NULL;
	city_options *opts = NULL;
	city_game *g = NULL;
	int rc = city_tileset_parse(&ts, tiles, strlen(tiles), err, sizeof err);
	ck_assert_msg(rc == CITY_OK, "tile set rejected: %s (%s)", err,
	              city_status_str(rc));
	ck_assert_int_eq(city_options_new(&opts), CITY_OK);
	ck_assert_int_eq(city_options_set_players(opts, players), CITY_OK);
	ck_assert_int_eq(city_options_set_tileset(opts, ts), CITY_OK);
	ck_assert_int_eq(city_options_set_order(opts, order, n), CITY_OK);
	ck_assert_int_eq(city_options_set_stacks(opts, a, b, c), CITY_OK);
	for (; rules && rules->rule; rules++)
		ck_assert_int_eq(
		        city_options_set_rule(opts, rules->rule, rules->value),
		        CITY_OK);
	rc = city_game_new(&g, opts);
	ck_assert_msg(rc == CITY_OK, "city_game_new: %s", city_status_str(rc));
	city_options_free(opts);
	city_tileset_free(ts);
	return g;
}

static inline int w_side_index(char c)
{
	switch (c) {
	case 'N': return CITY_SIDE_N;
	case 'E': return CITY_SIDE_E;
	case 'S': return CITY_SIDE_S;
	case 'W': return CITY_SIDE_W;
	default: return -1;
	}
}

static inline size_t w_legal(const city_game *g)
{
	size_t n = 12345;
	ck_assert_int_eq(city_legal_moves(g, NULL, 0, &n), CITY_OK);
	return n;
}

/* Conservation: wall pieces built + wall supply = 70 (the gate is not a
 * wall piece, R-WALL-3); per player followers in supply + on the board
 * (guards included) = 7; towers in supply + placed = 12 / players. */
static inline void w_invariants(const city_game *g)
{
	int players = city_game_players(g);
	int len = city_wall_length(g);
	int gates = 0, i;
	int on_board[4] = {0, 0, 0, 0};
	int towers[4] = {0, 0, 0, 0};
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
	              "wall pieces %d + supply %d != 70", len - gates,
	              city_game_walls_left(g));
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
		              "player %d: %d followers in supply + %d on board "
		              "!= 7",
		              i, f, on_board[i]);
		ck_assert_msg(t + towers[i] == 12 / players,
		              "player %d: %d towers in supply + %d placed != %d", i,
		              t, towers[i], 12 / players);
	}
}

/* Play one scripted decision (see the file comment). */
static inline void w_step(city_game *g, const char *step)
{
	int player = -1, off = 0, rc, want, x = 0, y = 0, r = 0;
	char verb[16] = "", arg[16] = "", c = 0;
	const char *rest;
	ck_assert_msg(sscanf(step, "p%d %15s%n", &player, verb, &off) == 2,
	              "bad script step '%s'", step);
	rest = step + off;
	if (strcmp(verb, "place") == 0)
		want = CITY_DECISION_TILE;
	else if (strcmp(verb, "follower") == 0)
		want = CITY_DECISION_FOLLOWER;
	else if (strcmp(verb, "gate") == 0)
		want = CITY_DECISION_GATE;
	else if (strcmp(verb, "wall") == 0)
		want = CITY_DECISION_WALL;
	else if (strcmp(verb, "guard") == 0 || strcmp(verb, "noguard") == 0)
		want = CITY_DECISION_GUARD;
	else if (strcmp(verb, "tower") == 0 || strcmp(verb, "notower") == 0)
		want = CITY_DECISION_TOWER;
	else {
		ck_abort_msg("bad script verb in '%s'", step);
		return;
	}
	ck_assert_msg(city_game_decision(g) == want,
	              "step '%s': the game waits for decision %d, not %d", step,
	              city_game_decision(g), want);
	ck_assert_msg(city_game_player(g) == player,
	              "step '%s': player %d decides, not %d", step,
	              city_game_player(g), player);
	/* Legal-move counts that do not depend on the board (record.md). */
	if (want == CITY_DECISION_WALL || want == CITY_DECISION_GUARD)
		ck_assert_msg(w_legal(g) == 2, "step '%s': %zu legal moves, not 2",
		              step, w_legal(g));
	if (want == CITY_DECISION_GATE)
		ck_assert_msg(w_legal(g) == (size_t)city_contour_length(g),
		              "step '%s': %zu gate moves, contour %d", step,
		              w_legal(g), city_contour_length(g));
	switch (want) {
	case CITY_DECISION_TILE:
		ck_assert_msg(sscanf(rest, "%d %d %d", &x, &y, &r) == 3,
		              "bad step '%s'", step);
		rc = city_place_tile(g, x, y, r);
		break;
	case CITY_DECISION_FOLLOWER:
		ck_assert_msg(sscanf(rest, " %c", &c) == 1, "bad step '%s'", step);
		rc = c == '-' ? city_pass(g) : city_place_follower(g, c);
		break;
	case CITY_DECISION_GATE:
		ck_assert_msg(sscanf(rest, "%d %d %c", &x, &y, &c) == 3,
		              "bad step '%s'", step);
		rc = city_build_gate(g, x, y, w_side_index(c));
		break;
	case CITY_DECISION_WALL:
	case CITY_DECISION_TOWER:
		if (verb[0] == 'n') {
			rc = city_pass(g);
			break;
		}
		ck_assert_msg(sscanf(rest, "%15s", arg) == 1, "bad step '%s'",
		              step);
		ck_assert_msg(strcmp(arg, "cw") == 0 || strcmp(arg, "ccw") == 0,
		              "bad end in '%s'", step);
		if (want == CITY_DECISION_WALL)
			rc = city_build_wall(g, strcmp(arg, "cw") == 0
			                                ? CITY_END_CW
			                                : CITY_END_CCW);
		else
			rc = city_place_tower(g, strcmp(arg, "cw") == 0
			                                 ? CITY_END_CW
			                                 : CITY_END_CCW);
		break;
	default: /* guard */
		rc = verb[0] == 'n' ? city_pass(g) : city_place_guard(g);
		break;
	}
	ck_assert_msg(rc == CITY_OK, "step '%s' failed: %s: %s", step,
	              city_status_str(rc), city_game_last_error(g));
	w_invariants(g);
}

/* Play a NULL-terminated script. */
static inline void w_play(city_game *g, const char *const *script)
{
	for (; *script; script++)
		w_step(g, *script);
}

/* Assert the piece at chain index `index` (ccw end = 0). `guard` is the
 * guard's owner or -1. */
static inline void w_piece_is(const city_game *g, int index, int x, int y,
                              char side, int is_gate, int guard)
{
	int32_t px = -999, py = -999;
	int ps = -1, pg = -1, pgu = -2;
	int rc = city_wall_piece(g, (size_t)index, &px, &py, &ps, &pg, &pgu);
	ck_assert_msg(rc == CITY_OK, "wall piece %d: %s", index,
	              city_status_str(rc));
	ck_assert_msg(px == x && py == y && ps == w_side_index(side),
	              "wall piece %d is (%d,%d) side %d, expected (%d,%d) %c",
	              index, (int)px, (int)py, ps, x, y, side);
	ck_assert_msg(pg == is_gate, "wall piece %d: is_gate %d, expected %d",
	              index, pg, is_gate);
	ck_assert_msg(pgu == guard, "wall piece %d: guard %d, expected %d",
	              index, pgu, guard);
}

/* Assert the piece at one end of the wall. */
static inline void w_end_is(const city_game *g, int end, int index, int x,
                            int y, char side)
{
	int32_t px = -999, py = -999;
	int ps = -1;
	ck_assert_int_eq(city_wall_end(g, end), index);
	ck_assert_int_eq(city_wall_piece(g, (size_t)index, &px, &py, &ps, NULL,
	                                 NULL),
	                 CITY_OK);
	ck_assert_msg(px == x && py == y && ps == w_side_index(side),
	              "%s end piece is (%d,%d) side %d, expected (%d,%d) %c",
	              end == CITY_END_CW ? "cw" : "ccw", (int)px, (int)py, ps, x,
	              y, side);
}

/* Assert the last error names a rule id. */
static inline void w_error_names(const city_game *g, const char *rule)
{
	const char *e = city_game_last_error(g);
	ck_assert_ptr_nonnull(e);
	ck_assert_msg(strstr(e, rule) != NULL,
	              "last error \"%s\" does not name %s", e, rule);
}

/* A snapshot of what an illegal call must leave unchanged (R-ERR-1). */
typedef struct w_snap {
	int decision, player, tiles, wall_len, walls_left, events, moves;
	int score[4];
	int followers[4];
} w_snap;

static inline w_snap w_snapshot(const city_game *g)
{
	w_snap s;
	int i;
	memset(&s, 0, sizeof s);
	s.decision = city_game_decision(g);
	s.player = city_game_player(g);
	s.tiles = city_game_tile_count(g);
	s.wall_len = city_wall_length(g);
	s.walls_left = city_game_walls_left(g);
	s.events = city_game_event_count(g);
	s.moves = city_game_move_count(g);
	for (i = 0; i < city_game_players(g); i++) {
		s.score[i] = city_game_score(g, i);
		ck_assert_int_eq(city_game_supply(g, i, &s.followers[i], NULL),
		                 CITY_OK);
	}
	return s;
}

static inline void w_unchanged(const city_game *g, const w_snap *before)
{
	w_snap now = w_snapshot(g);
	ck_assert_msg(memcmp(&now, before, sizeof now) == 0,
	              "a refused call changed the game (R-ERR-1)");
}

/* The score of player p in category cat. */
static inline int w_detail(const city_game *g, int p, int cat)
{
	return city_game_score_detail(g, p, cat);
}

/* Sum of event points of one reason for one player. */
static inline int w_event_points(const city_game *g, int player, int reason)
{
	int i, sum = 0;
	for (i = 0; i < city_game_event_count(g); i++) {
		city_event ev;
		ck_assert_int_eq(city_game_event(g, (size_t)i, &ev), CITY_OK);
		if (ev.kind == CITY_EVENT_SCORE && ev.player == player &&
		    ev.reason == reason)
			sum += ev.points;
	}
	return sum;
}

#endif /* CITY_TESTS_WALL_SCRIPT_H */
