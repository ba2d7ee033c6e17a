/*
 * R-TILE-4's verdicts kept in the frontier flags (FC_WALL_KNOWN,
 * FC_WALL_OK; lib/wall_internal.h says why a verdict holds until the
 * cell's ring changes, the gate is built or a wall piece turns the corner
 * next to it).
 *
 * Seeded random games of The City, checked after every placement and wall
 * piece and at every tile decision:
 * - every known verdict equals the explicit rule (wall_check_surround:
 *   the contour walked with the cell occupied); a verdict is kept only at
 *   a cell that may split and is not blocked, and at a tile decision every
 *   such cell has one;
 * - a cell's explicit verdict changes only when its ring changes or the
 *   wall grows, and only from allowed to refused (what the cache relies
 *   on);
 * - in one game in eight every tile decision's listing equals the
 *   explicit rule-by-rule check (check_listing_explicit).
 * The games meet a verdict made stale by the wall a few times; one made
 * stale by a neighbour only about once in a thousand games, so both are
 * also built by hand: dropping either forgetting (board.c front_set_ring,
 * wall.c wall_add's corner_verdict) fails them. After the gate, every
 * known verdict is checked after every wall piece too (wall_add keeps
 * them right).
 */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include <city/city.h>

#include "board.h"
#include "common.h"
#include "game_internal.h"
#include "internal_checks.h"
#include "scenario.h"
#include "wall_internal.h"

#define GAMES_QUICK 40 /* per player count (2, 3, 4) */
#define GAMES_LONG 2000
#define SEEN_CAP (2 * 255 + 2) /* frontier cells, at most */

/* A split, unblocked frontier cell as the previous check saw it. */
typedef struct seen_cell {
	uint32_t key;
	uint8_t ring, known, ok;
} seen_cell;

typedef struct seen_board {
	seen_cell cell[SEEN_CAP];
	int n, wall_len;
} seen_board;

/* Verdicts checked, and known ones the rule changed since the previous
 * check (a kept verdict that the engine must have dropped). */
typedef struct tally {
	long checked, stale;
} tally;

/* The previous check's entry for key (the frontier and the snapshot are
 * both sorted by key; *j walks the snapshot), or NULL. */
static const seen_cell *seen_find(const seen_board *sb, int *j, uint32_t key)
{
	while (*j < sb->n && sb->cell[*j].key < key)
		(*j)++;
	return *j < sb->n && sb->cell[*j].key == key ? &sb->cell[*j] : NULL;
}

/* One split, unblocked cell: its kept verdict against the explicit one
 * (the contour walked with the cell occupied). Returns the explicit
 * verdict (1: allowed). */
static int check_cell(const state *s, const fcell *f)
{
	/* after the gate, until the draw, every verdict is old */
	unsigned bits = s->city.know_all ? 0u : f->flags;
	int x = fc_x(f), y = fc_y(f);
	int ok = !wall_check_surround(s, x, y, NULL, 0);
	if (bits & FC_WALL_KNOWN)
		ck_assert_msg(!(bits & FC_WALL_OK) == !ok,
		              "R-TILE-4: the verdict kept at (%d,%d) is %d, the "
		              "contour walk says %d",
		              x, y, !!(bits & FC_WALL_OK), ok);
	else
		ck_assert_msg(s->turn.decision != CITY_DECISION_TILE,
		              "R-TILE-4: no verdict at (%d,%d) at a tile decision",
		              x, y);
	return ok;
}

/* A cell's verdict against the previous check's: refused stays refused
 * (occupying more cells frees no wall piece); allowed becomes refused only
 * with a new neighbour or a longer wall. */
static void check_change(const fcell *f, const seen_cell *was, int ok,
                         int wall_grew, tally *t)
{
	ck_assert_msg(was->ok || !ok, "R-TILE-4: (%d,%d) refused, then allowed",
	              fc_x(f), fc_y(f));
	if (was->ok == ok)
		return;
	ck_assert_msg(was->ring != f->ring || wall_grew,
	              "R-TILE-4: the verdict at (%d,%d) changed with its ring "
	              "and the wall the same",
	              fc_x(f), fc_y(f));
	t->stale += was->known;
}

/* The checks of the file comment at one point of a game; the snapshot
 * becomes this point's. */
static void check_verdicts(const city_game *g, seen_board *sb, tally *t)
{
	const state *s = &g->st;
	const fcell *f = st_front(s);
	static seen_board now;
	int i, j = 0, wall_len = wall_length(s);
	now.n = 0;
	now.wall_len = wall_len;
	for (i = 0; i < s->board.n_front; i++) {
		/* after the gate, until the draw, every verdict is old */
		unsigned bits = f[i].flags,
		         known = s->city.know_all ? 0u : bits & FC_WALL_KNOWN;
		const seen_cell *was;
		seen_cell *c;
		int ok;
		if ((bits & (FC_BLOCKED | FC_SPLITS)) != FC_SPLITS ||
		    !s->city.gate_placed) {
			/* no verdict to keep: the wall's rules decide alone */
			ck_assert_msg(!known,
			              "R-TILE-4: a verdict at (%d,%d), flags %#x",
			              fc_x(&f[i]), fc_y(&f[i]), bits);
			continue;
		}
		ok = check_cell(s, &f[i]);
		t->checked++;
		was = seen_find(sb, &j, f[i].key);
		if (was)
			check_change(&f[i], was, ok, wall_len != sb->wall_len,
			             t);
		c = &now.cell[now.n++];
		c->key = f[i].key;
		c->ring = f[i].ring;
		c->known = (uint8_t)!!known;
		c->ok = (uint8_t)ok;
	}
	memcpy(sb, &now, sizeof now);
}

/* One seeded random game: the checks after every placement and wall piece
 * (what may make a verdict stale) and at every tile decision (where the
 * verdicts are read); with `explicit`, also every tile decision's listing
 * against the rule-by-rule check. */
static void play_checked(int players, uint64_t seed, int explicit,
                         tally *t)
{
	static city_move moves[TEST_MOVES_CAP];
	static seen_board sb;
	city_game *g = test_new_game(CITY_GAME_THE_CITY, 0, -1, players, seed);
	uint64_t rng = seed * 31u + 7u;
	sb.n = 0;
	sb.wall_len = 0;
	while (city_game_decision(g) != CITY_DECISION_END) {
		size_t n = 0;
		city_move m;
		ck_assert_int_eq(city_legal_moves(g, moves, TEST_MOVES_CAP, &n),
		                 CITY_OK);
		ck_assert_uint_gt(n, 0);
		m = moves[test_rand(&rng) % n];
		ck_assert_msg(city_apply_move(g, &m) == CITY_OK, "%s",
		              city_game_last_error(g));
		if (m.kind == CITY_MOVE_PLACE || m.kind == CITY_MOVE_GATE ||
		    m.kind == CITY_MOVE_WALL ||
		    city_game_decision(g) == CITY_DECISION_TILE)
			check_verdicts(g, &sb, t);
		if (explicit)
			check_listing_explicit(g);
	}
	city_game_free(g);
}

/* Random games of 2, 3 and 4 players (the long run: more), the checks of
 * play_checked at every step; some kept verdict was made stale (by the
 * wall, in these games), so that the first check can fail. */
START_TEST(test_rtile4_random_games)
{
	tally t = {0, 0};
	int i, players, n = test_property_games(GAMES_QUICK, GAMES_LONG);
	for (players = 2; players <= 4; players++)
		for (i = 0; i < n; i++)
			play_checked(players, (uint64_t)(players * 100000 + i),
			             i % 8 == 0, &t);
	ck_assert_int_gt(t.checked, 10000);
	ck_assert_int_ge(t.stale, 1);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Both ways a kept verdict goes stale, built by hand (random games meet
 * a neighbour's case about once in a thousand games).
 *
 *        x=0   x=1   x=2   x=3   x=4
 *  y=-1   .     .     d    [ K ] [ M ]
 *  y=0   [ A ]  c     b     r    [ H ]
 *  y=1   [ B ]  p    [ F ] [ G ] [ L ]
 *  y=2   [ C ] [ D ] [ E ]
 *
 * Plain tiles (designs 1 and 3) but M, a market facing west (rotation
 * 3) with a seller, completed by K (stack 2): the first wall round. The
 * contour, clockwise, runs ... A.E (facing c), B.E, D.N, F.W (facing p),
 * F.N (b), G.N, H.W, K.S (r), K.W (d) ...; the gate goes on G.N.
 *
 * c may split the empty cells around it: p, whose only way out is c, and
 * the bay b r (which also leaves through d, and through c to the north),
 * so its R-TILE-4 verdict is kept. Tiles at c are allowed while the bay
 * still leaves through d and p holds no wall piece; they are refused
 * (a) once d is placed (a ring change: board.c forgets the verdict), or
 * (b) once a wall piece faces p (wall_add forgets it). */
#define BAY_TILES(markets)                                                   \
	"tileset rtile4\n"                                                   \
	"1 9 a-a a-a a-a a-a a=R\n"                                          \
	"2 " markets " b-b a-a a-a a-a a=R b=F\n"                            \
	"3 3 a-a a-a a-a a-a a=R\n"
#define BAY_BUILD                                                            \
	"place 0 0 0; follower pass; place 0 1 0; follower pass\n"           \
	"place 0 2 0; follower pass; place 1 2 0; follower pass\n"           \
	"place 2 2 0; follower pass; place 2 1 0; follower pass\n"           \
	"place 3 1 0; follower pass; place 4 1 0; follower pass\n"           \
	"place 4 0 0; follower pass; place 4 -1 3; follower b\n"
#define BAY_C_REFUSED(k, n)                                                  \
	"?call place 1 0 0 = EILLEGAL \"R-TILE-4: a tile at (1,0) would "    \
	"surround the wall (" k " of " n " pieces would no longer face the " \
	"exterior)\""

/* c is listed (R-TILE-4 allows it), or not; either way the listing is the
 * explicit rule check's. */
static void expect_c_listed(const city_game *g, int listed)
{
	city_move m;
	memset(&m, 0, sizeof m);
	m.kind = CITY_MOVE_PLACE;
	m.x = 1;
	m.y = 0;
	ck_assert_int_eq(city_game_decision(g), CITY_DECISION_TILE);
	ck_assert_msg(test_is_legal(g, &m) == listed,
	              "R-TILE-4: a tile at c (1,0) %s, expected %s",
	              listed ? "not listed" : "listed",
	              listed ? "listed" : "refused");
	check_listing_explicit(g);
	check_state(g);
}

/* The copy of g with `flags` toggled at frontier cell (x, y): state_check
 * reports `why`. */
static void expect_caught(const city_game *g, int x, int y, unsigned flags,
                          const char *why)
{
	city_game *c;
	char msg[160] = "";
	fcell *f;
	ck_assert_int_eq(city_game_clone(&c, g), CITY_OK);
	ck_assert_ptr_nonnull(board_front_at(&c->st, x, y));
	f = &st_front_w(&c->st)[board_front_at(&c->st, x, y) - st_front(&c->st)];
	f->flags = (uint8_t)(f->flags ^ flags);
	ck_assert_int_eq(state_check(c, msg, sizeof msg), 1);
	ck_assert_str_eq(msg, why);
	city_game_free(c);
}

/* The copy of g with its verdicts marked old at a tile decision:
 * state_check reports it. */
static void expect_old(const city_game *g)
{
	city_game *c;
	char msg[160] = "";
	ck_assert_int_eq(city_game_clone(&c, g), CITY_OK);
	c->st.city.know_all = 1;
	ck_assert_int_eq(state_check(c, msg, sizeof msg), 1);
	ck_assert_str_eq(msg, "wall: R-TILE-4 verdicts old at a tile decision");
	city_game_free(c);
}

/* (a): 2 players; the round (2 pieces each, the gate first) builds
 * G.N, H.W, K.S and F.N, all facing the bay. d, placed next, leaves the
 * bay only c's way out. */
START_TEST(test_rtile4_neighbour_placed)
{
	static const int order[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 3, 3};
	city_game *g = scn_city_game(BAY_TILES("1"), 2, order,
	                             N_OF(order), 10, 3, 0, NULL);
	scn_play(g, BAY_BUILD
	         "p0 place 3 -1 0; p0 follower pass; ?score 1 = 1\n"
	         "p0 gate 3 1 N; p1 wall cw; p1 guard pass\n"
	         "p0 wall cw; p0 guard pass; p1 wall ccw; p1 guard pass\n"
	         "p0 tower pass; ?wall_length = 4\n"
	         "?piece 0 = 2 1 N 0 -1; ?piece 3 = 3 -1 S 0 -1");
	expect_c_listed(g, 1);
	/* tc_check_state sees a wrong verdict, a missing one, and one kept
	 * where none is asked ((-1,0) cannot split) */
	expect_caught(g, 1, 0, FC_WALL_OK,
	              "wall: R-TILE-4 verdict at (1,0) wrong");
	expect_caught(g, 1, 0, FC_WALL_KNOWN | FC_WALL_OK,
	              "wall: R-TILE-4 verdict at (1,0) not known");
	expect_caught(g, -1, 0, FC_WALL_KNOWN | FC_WALL_OK,
	              "wall: R-TILE-4 verdict at (-1,0) wrong");
	expect_old(g);
	scn_play(g, "p1 place 2 -1 0; p1 follower pass");
	expect_c_listed(g, 0);
	scn_play(g, BAY_C_REFUSED("4", "4"));
	city_game_free(g);
}
END_TEST

/* (b): 3 players; the first round (1 piece each) builds G.N, H.W and
 * K.S; two tiles far west (Q, a market facing west, and R completing it)
 * start a second round at the ccw end: F.N, F.W and D.N (facing p). */
START_TEST(test_rtile4_wall_grown)
{
	static const int order[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 2,
	                            3, 2, 3, 3};
	city_game *g = scn_city_game(BAY_TILES("2"), 3, order,
	                             N_OF(order), 10, 4, 0, NULL);
	scn_play(g, BAY_BUILD
	         "p1 place 3 -1 0; p1 follower pass; ?score 0 = 1\n"
	         "p1 gate 3 1 N; p2 wall cw; p2 guard pass\n"
	         "p0 wall cw; p0 guard pass; p1 tower pass; ?wall_length = 3");
	expect_c_listed(g, 1);
	scn_play(g, "p2 place -1 0 3; p2 follower b");
	expect_c_listed(g, 1);
	scn_play(g, "p0 place -2 0 0; p0 follower pass; ?score 2 = 1\n"
	         "p0 wall ccw; p0 guard pass; p1 wall ccw; p1 guard pass\n"
	         "p2 wall ccw; p2 guard pass; p0 tower pass; ?wall_length = 6\n"
	         "?piece 0 = 1 2 N 0 -1; ?piece 1 = 2 1 W 0 -1");
	expect_c_listed(g, 0);
	scn_play(g, BAY_C_REFUSED("2", "6"));
	city_game_free(g);
}
END_TEST

static Suite *suite(void)
{
	const test_row built[] = {{test_rtile4_neighbour_placed, 0, 1},
	                          {test_rtile4_wall_grown, 0, 1}};
	const test_row games[] = {{test_rtile4_random_games, 0, 1}};
	Suite *s = test_suite("R-TILE-4", "stale verdicts", 0, built,
	                      N_OF(built));
	test_add_case(s, "random games", 120, games, N_OF(games));
	return s;
}

TEST_MAIN(suite)
