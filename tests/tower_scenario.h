/*
 * Scenario helpers for the rule tests of Carcassonne with The Tower
 * (carcassonne.md T-SET, T-ACT, T-CAP, T-OPT), on top of scenario.h:
 * a game on a hand-made `game=carcassonne` set of fixed designs with an
 * explicit draw order, moves played from their record text, the legal
 * moves as record text, and refusals checked for their exact message and
 * an unchanged game (the snapshot of scenario.h, which includes the saved
 * record, plus the tower state: floors, prisoners and every tower).
 *
 * Every function is `static inline`. x grows east, y grows SOUTH.
 */
#ifndef CITY_TEST_TOWER_SCENARIO_H
#define CITY_TEST_TOWER_SCENARIO_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <city/city.h>

#include "scenario.h"

/* The designs of every Tower scenario, by id (the order and the start tile
 * name these ids). Sides N E S W; fields take no follower (farmers off). */
enum {
	TW_ROAD = 1,   /* straight road west-east; a north of it, b south */
	TW_TOWER = 2,  /* all field, tower foundation */
	TW_BLANK = 3,  /* all field */
	TW_RTOWER = 4, /* straight road west-east, tower foundation */
	TW_CAP = 5,    /* city cap on the north side, field elsewhere */
	TW_MON = 6,    /* monastery, all field */
	TW_CAPTOW = 7, /* city cap on the north side, tower foundation */
	TW_BLANK2 = 8, /* BLANK again (a design has at most 9 tiles) */
	TW_BLANK3 = 9,
	TW_BLANK4 = 10,
	TW_DEAD = 11,  /* a road from the east side ending on the tile */
	TW_DESIGNS = 11
};

static const char *const tw_bodies[TW_DESIGNS + 1] = {
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

/* A Carcassonne game with `players`, the start design `start` at (0,0),
 * then the designs of `order[0..n)` drawn in that order (each design's
 * count is derived from the order), The Tower on when `tower`, the rules
 * `rules` ("name=value" texts, NULL-terminated, or NULL). */
static inline city_game *tw_game(int start, const int *order, size_t n,
                                 int players, int tower,
                                 const char *const *rules)
{
	int count[TW_DESIGNS + 1] = {0};
	char text[2048];
	size_t len, i;
	int d;
	ck_assert(start >= 1 && start <= TW_DESIGNS);
	count[start]++;
	for (i = 0; i < n; i++) {
		ck_assert(order[i] >= 1 && order[i] <= TW_DESIGNS);
		count[order[i]]++;
	}
	len = (size_t)snprintf(text, sizeof text, "tileset t game=carcassonne\n");
	for (d = 1; d <= TW_DESIGNS; d++)
		if (count[d])
			len += (size_t)snprintf(text + len, sizeof text - len,
			                        "%d %d %s%s\n", d, count[d],
			                        tw_bodies[d],
			                        d == start ? " start" : "");
	ck_assert_uint_lt(len, sizeof text);
	return scn_carc_game_text(text, players, tower, order, n, rules);
}

/* Play moves given as record text separated by ';' (e.g. "place 0 1 0;
 * floor 0 1"), each through city_apply_move; fails on the first refusal
 * with the library's message. */
#define tw_play(g, moves) tw_play_at((g), (moves), __LINE__)
static inline void tw_play_at(city_game *g, const char *moves, int line)
{
	char one[64];
	const char *p = moves;
	while (*p) {
		size_t k = strcspn(p, ";");
		city_move m;
		int rc;
		ck_assert_uint_lt(k, sizeof one);
		memcpy(one, p, k);
		one[k] = '\0';
		p += k + (p[k] == ';');
		rc = city_move_parse(&m, one);
		ck_assert_msg(rc == CITY_OK, "line %d: \"%s\" does not parse",
		              line, one);
		rc = city_apply_move(g, &m);
		ck_assert_msg(rc == CITY_OK, "line %d: \"%s\" -> %s: %s", line,
		              one, city_status_str(rc), city_game_last_error(g));
	}
}

/* The legal moves of the current decision as record text joined by
 * ", " (e.g. "floor 0 1, top 0 1, pass"). */
static inline void tw_legal_text(const city_game *g, char *buf, size_t cap)
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

/* Assert the decision, its player and its exact legal moves. */
#define tw_expect_legal(g, decision, player, text)                           \
	tw_expect_legal_at((g), (decision), (player), (text), __LINE__)
static inline void tw_expect_legal_at(const city_game *g, int decision,
                                      int player, const char *expected,
                                      int line)
{
	char buf[1024];
	scn_expect_at(g, decision, player, line);
	tw_legal_text(g, buf, sizeof buf);
	ck_assert_msg(strcmp(buf, expected) == 0,
	              "line %d: legal moves \"%s\", expected \"%s\"", line, buf,
	              expected);
}

/* The tower state as text: floors and followers in supply per player,
 * prisoners (holder<-owner), every placed tile's tower (height/top). */
static inline void tw_state(const city_game *g, char *buf, size_t cap)
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

/* Assert that `rc` is `status`, that the last error is exactly `message`
 * and that nothing observable changed since the snapshot `before` and the
 * tower state `state_before` (R-ERR-1). */
#define tw_refused(g, before, state_before, rc, status, message)             \
	tw_refused_at((g), (before), (state_before), (rc), (status),         \
	              (message), __LINE__)
static inline void tw_refused_at(const city_game *g,
                                 const scn_snapshot *before,
                                 const char *state_before, int rc,
                                 int status, const char *message, int line)
{
	char state[1024];
	const char *e = city_game_last_error(g);
	scn_rejected_at(g, before, rc, status, NULL, line);
	ck_assert_ptr_nonnull(e);
	ck_assert_msg(strcmp(e, message) == 0,
	              "line %d: last error \"%s\", expected \"%s\"", line, e,
	              message);
	tw_state(g, state, sizeof state);
	ck_assert_msg(strcmp(state, state_before) == 0,
	              "line %d: tower state \"%s\", was \"%s\"", line, state,
	              state_before);
}

/* Tower height and top player at (x, y). */
#define tw_expect_tower(g, x, y, h, top)                                     \
	tw_expect_tower_at((g), (x), (y), (h), (top), __LINE__)
static inline void tw_expect_tower_at(const city_game *g, int32_t x,
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

/* T-CAP conservation: supply + on the board + held by others = 7. */
#define tw_expect_conservation(g) tw_expect_conservation_at((g), __LINE__)
static inline void tw_expect_conservation_at(const city_game *g, int line)
{
	int p, q, np = city_game_players(g);
	for (p = 0; p < np; p++) {
		int held = 0;
		for (q = 0; q < np; q++)
			held += city_game_prisoners(g, q, p);
		ck_assert_msg(scn_supply(g, p) + scn_on_board(g, p) + held == 7,
		              "line %d: player %d: %d + %d + %d != 7", line, p,
		              scn_supply(g, p), scn_on_board(g, p), held);
	}
}

#endif /* CITY_TEST_TOWER_SCENARIO_H */
