/*
 * Property tests over seeded random games (issues "Rules engine" and "The
 * wall ring"): every listed legal move applies; candidates that are not
 * listed are rejected with the state unchanged (R-ERR-1); followers,
 * towers and wall pieces are conserved; scores never decrease; the wall
 * chain stays one run of consecutive contour sides with every outside cell
 * exterior (R-WALL-4, R-TILE-3/4); clone and undo are exact; every game
 * ends (R-END-1).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "board.h"
#include "common.h"
#include "feature.h"
#include "game_internal.h"
#include "internal_checks.h"
#include "wall_internal.h"

/* Games per player count, and on the 255-tile set: by default, and in
 * the long run (CITY_PROPERTY_GAMES=long, common.h) */
#define PROPERTY_GAMES_QUICK 75
#define PROPERTY_GAMES 600
#define LARGE_GAMES_QUICK 4
#define LARGE_GAMES 12

static int same_state(const city_game *a, const city_game *b)
{
	return a->st.lay.size == b->st.lay.size &&
	       memcmp(&a->st, &b->st, a->st.lay.size) == 0;
}

static int listed(const city_move *moves, size_t n, const city_move *m)
{
	size_t i;
	for (i = 0; i < n; i++)
		if (memcmp(&moves[i], m, sizeof *m) == 0)
			return 1;
	return 0;
}

/* Try a move that is not listed on a copy: it must fail and change
 * nothing. */
static void expect_rejected(city_game *scratch, const city_game *g,
                            const city_move *m)
{
	int rc;
	ck_assert_int_eq(city_game_copy(scratch, g), CITY_OK);
	rc = city_apply_move(scratch, m);
	ck_assert_msg(rc != CITY_OK, "unlisted move accepted (kind %d)",
	              m->kind);
	ck_assert_msg(strlen(city_game_last_error(scratch)) > 0,
	              "no reason for a rejected move");
	/* the error text lives outside the state: the state is untouched */
	ck_assert(same_state(scratch, g));
}

static void check_invariants(const city_game *g, const int *prev_scores)
{
	int p, players = city_game_players(g), n, i;
	int on_board[4] = {0, 0, 0, 0};
	const state *s = &g->st;
	n = city_game_follower_count(g);
	for (i = 0; i < n; i++) {
		int owner;
		ck_assert_int_eq(
		    city_game_follower(g, (size_t)i, &owner, NULL, NULL, NULL, NULL),
		    CITY_OK);
		on_board[owner]++;
	}
	for (p = 0; p < players; p++) {
		int fol, tow;
		ck_assert_int_eq(city_game_supply(g, p, &fol, &tow), CITY_OK);
		ck_assert_int_eq(fol + on_board[p], 7); /* R-SET-2 */
		ck_assert_int_ge(city_game_score(g, p), prev_scores[p]);
	}
	/* the bounds the flat state is laid out with (lib/game.c layout())
	 * hold: the logs never fill up */
	ck_assert_int_lt(s->log.n_events, s->lay.cap_events);
	ck_assert_int_lt(s->log.n_moves, s->lay.cap_moves);
	/* R-SET-3: pieces + supply = 70 (the gate is not a wall piece) */
	if (s->city.gate_placed)
		ck_assert_int_eq(city_wall_length(g) - 1 + city_game_walls_left(g),
		                 70);
	else
		ck_assert_int_eq(city_game_walls_left(g), 70);
	if (s->city.gate_placed) {
		bextra none = {0, 0, 0};
		for (i = s->city.chain_lo; i <= s->city.chain_hi; i++) {
			bside b = wall_piece_side(s, i);
			/* every piece on the outer contour, its outside cell
			 * exterior (R-TILE-3/4) */
			ck_assert(board_contour_contains(s, b));
			ck_assert_int_eq(city_game_cell(g, b.x + DX[b.s],
			                                b.y + DY[b.s]),
			                 CITY_CELL_EXTERIOR);
			if (i < s->city.chain_hi)
				ck_assert(bside_eq(board_contour_next(s, b, none),
				                   wall_piece_side(s, i + 1)));
		}
	}
}

/* m, unless g lists it, is refused with nothing changed (R-ERR-1). */
static void refused_unless_listed(city_game *scratch, const city_game *g,
                                  const city_move *moves, size_t n,
                                  const city_move *m)
{
	if (!listed(moves, n, m))
		expect_rejected(scratch, g, m);
}

/* Every move of `kind` (a tile or a gate) on the cells x0..x1, y0..y1
 * with each of its four values (the tile's rotation, the gate's side):
 * refused unless listed; for a tile also the explicit rule check agrees
 * with the listing (the fast one). */
static void probe_cells(city_game *scratch, const city_game *g,
                        const city_move *moves, size_t n, uint8_t kind,
                        int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
	int32_t x, y;
	uint8_t v;
	for (y = y0; y <= y1; y++)
		for (x = x0; x <= x1; x++)
			for (v = 0; v < 4; v++) {
				city_move m;
				memset(&m, 0, sizeof m);
				m.kind = kind;
				m.x = x;
				m.y = y;
				if (kind == CITY_MOVE_PLACE)
					m.rotation = v;
				else
					m.side = v;
				refused_unless_listed(scratch, g, moves, n, &m);
				if (kind == CITY_MOVE_PLACE)
					ck_assert_int_eq(
					    !g->rules->check_placement(
					        g->opts.ts, &g->st, x, y,
					        st_order(&g->st)[g->st.turn.cur], v,
					        NULL, 0),
					    listed(moves, n, &m));
			}
}

/* Play one random game on tile set ts (NULL: the built-in set), checking
 * properties at each decision; with `deep` 1 also the frontier and the
 * contour labels against their from-scratch forms after each placement,
 * with 2 also every tile decision's list against the explicit check. */
/* After the end, city_feature_complete (R-DONE-1/2) against its slow
 * twin: a clone whose open outer sides are all closed as R-END-2's final
 * walls close them (feat_close_side over the contour walk), then each
 * part's open count. Once the gate stands the final walls close no open
 * count (tcs_part_complete counts what they would close): the twin
 * closes them; without the gate they were closed, and it closes none. */
static void check_complete_after_end(const city_game *g)
{
	const city_tileset *ts = game_ts(g);
	city_game *c;
	contour_it it;
	int t, k, nodes[3];
	uint8_t kinds[3];
	ck_assert_int_eq(city_game_clone(&c, g), CITY_OK);
	if (c->st.board.labelled)
		for (board_contour_first(&c->st, &it); it.left;
		     board_contour_advance(&c->st, &it))
			if (!pt_sealed(&st_tiles(&c->st)[it.t], it.side))
				feat_close_side(ts, &c->st, it.t, it.side, nodes,
				                kinds);
	for (t = 0; t < c->st.board.n_tiles; t++) {
		const ptile *p = &st_tiles(&c->st)[t];
		const ts_design *d = &ts->designs[p->design];
		for (k = 0; k < d->n_parts; k++) {
			int want = feat_complete(
			    &c->st, feat_root(&c->st, feat_node(&c->st, t, k)));
			ck_assert_int_eq(city_feature_complete(g, p->x, p->y,
			                                       d->parts[k].name),
			                 (want != 0));
		}
	}
	city_game_free(c);
}

static void play_checked_on(const city_tileset *ts, int players,
                            uint64_t seed, int exhaustive, int deep)
{
	city_game *g = test_new_game_on(ts, players, seed), *scratch;
	city_game *twin = NULL;
	city_move moves[4096];
	size_t n;
	uint64_t rng = seed * 7919u + 1;
	int scores[4] = {0, 0, 0, 0}, step = 0, clone_at;
	ck_assert_int_eq(city_game_clone(&scratch, g), CITY_OK);
	clone_at = (int)(test_rand(&rng) % 200);
	while (city_game_decision(g) != CITY_DECISION_END) {
		city_move m;
		int d = city_game_decision(g), p;
		int32_t x0, y0, x1, y1;
		ck_assert_int_eq(city_legal_moves(g, moves, 4096, &n), CITY_OK);
		ck_assert_uint_gt(n, 0);
		if (exhaustive && d == CITY_DECISION_TILE) {
			/* the cells around the board (an empty board: 0,0) */
			if (city_game_bounds(g, &x0, &y0, &x1, &y1) != CITY_OK)
				x0 = y0 = x1 = y1 = 0;
			probe_cells(scratch, g, moves, n, CITY_MOVE_PLACE, x0 - 1,
			            y0 - 1, x1 + 1, y1 + 1);
		} else if (d == CITY_DECISION_FOLLOWER) {
			const char *parts = "abcdefgh123456789";
			for (p = 0; parts[p]; p++) {
				memset(&m, 0, sizeof m);
				m.kind = CITY_MOVE_FOLLOWER;
				m.part = parts[p];
				refused_unless_listed(scratch, g, moves, n, &m);
			}
		} else if (d == CITY_DECISION_TOWER) {
			for (p = 0; p < 2; p++) {
				memset(&m, 0, sizeof m);
				m.kind = CITY_MOVE_TOWER;
				m.end = (uint8_t)p;
				refused_unless_listed(scratch, g, moves, n, &m);
			}
		} else if (d == CITY_DECISION_GATE && exhaustive) {
			ck_assert_int_eq(city_game_bounds(g, &x0, &y0, &x1, &y1),
			                 CITY_OK);
			probe_cells(scratch, g, moves, n, CITY_MOVE_GATE, x0, y0,
			            x1, y1);
		}
		/* a move of the wrong kind is refused (R-ERR-1) */
		memset(&m, 0, sizeof m);
		m.kind = d == CITY_DECISION_WALL ? CITY_MOVE_GUARD : CITY_MOVE_WALL;
		expect_rejected(scratch, g, &m);

		m = moves[test_rand(&rng) % n];
		ck_assert_int_eq(city_game_copy(scratch, g), CITY_OK);
		ck_assert_msg(city_apply_move(g, &m) == CITY_OK, "%s",
		              city_game_last_error(g));
		/* undo then redo gives the same state */
		if (step % 17 == 3) {
			city_game *back;
			ck_assert_int_eq(city_game_clone(&back, g), CITY_OK);
			ck_assert_int_eq(city_game_undo(back), CITY_OK);
			ck_assert(same_state(back, scratch));
			ck_assert_int_eq(city_apply_move(back, &m), CITY_OK);
			ck_assert(same_state(back, g));
			city_game_free(back);
		}
		if (twin)
			ck_assert_int_eq(city_apply_move(twin, &m), CITY_OK);
		if (step == clone_at)
			ck_assert_int_eq(city_game_clone(&twin, g), CITY_OK);
		check_invariants(g, scores);
		check_state(g); /* every owner's part, after every move */
		if (deep &&
		    (m.kind == CITY_MOVE_PLACE || m.kind == CITY_MOVE_GATE)) {
			check_frontier(g);
			check_contour_labels(g);
		}
		if (deep > 1)
			check_listing_explicit(g);
		for (p = 0; p < players; p++)
			scores[p] = city_game_score(g, p);
		step++;
		ck_assert_int_lt(step, 4000);
	}
	ck_assert_int_ne(city_game_end_reasons(g), 0);
	/* save -> load gives the same game, byte for byte */
	{
		static char text[65536];
		char err[256];
		size_t need;
		city_game *back;
		ck_assert_int_eq(city_game_save(g, text, sizeof text, &need), CITY_OK);
		ck_assert_int_eq(city_game_load(&back, text, need - 1, err, sizeof err),
		                 CITY_OK);
		ck_assert(same_state(back, g));
		city_game_free(back);
	}
	ck_assert_int_eq(city_score_final(g), CITY_OK);
	ck_assert_int_eq(city_score_final(g), CITY_OK); /* idempotent */
	check_complete_after_end(g);
	if (twin) {
		ck_assert_int_eq(city_score_final(twin), CITY_OK);
		ck_assert(same_state(twin, g));
		city_game_free(twin);
	}
	{
		int p, sum;
		unsigned mask;
		for (p = 0; p < players; p++) {
			int c;
			for (c = 0, sum = 0; c < CITY_CAT_COUNT; c++)
				sum += city_game_score_detail(g, p, c);
			ck_assert_int_eq(sum, city_game_score(g, p));
			ck_assert_int_ge(city_game_score(g, p), scores[p]);
		}
		ck_assert_int_eq(city_game_winners(g, &mask), CITY_OK);
		ck_assert_uint_ne(mask, 0);
	}
	city_game_free(scratch);
	city_game_free(g);
}

static void play_checked(int players, uint64_t seed, int exhaustive)
{
	/* the from-scratch frontier and label checks are slow: one game in
	 * ten */
	play_checked_on(NULL, players, seed, exhaustive, seed % 10 == 1);
}

START_TEST(test_random_games_2p)
{
	int i, n = test_property_games(PROPERTY_GAMES_QUICK, PROPERTY_GAMES);
	for (i = 0; i < n; i++)
		play_checked(2, (uint64_t)i, i % 50 == 0);
}
END_TEST

START_TEST(test_random_games_3p)
{
	int i, n = test_property_games(PROPERTY_GAMES_QUICK, PROPERTY_GAMES);
	for (i = 0; i < n; i++)
		play_checked(3, (uint64_t)i + 100000u, i % 50 == 0);
}
END_TEST

START_TEST(test_random_games_4p)
{
	int i, n = test_property_games(PROPERTY_GAMES_QUICK, PROPERTY_GAMES);
	for (i = 0; i < n; i++)
		play_checked(4, (uint64_t)i + 200000u, i % 50 == 0);
}
END_TEST

/* A large custom set (255 tiles, city-bench's): longer walls and contours,
 * so the contour labels are renumbered when they run out of room; in one
 * game in four every tile decision's list is held against the explicit
 * rule check (R-TILE-4 by walking the contour). */
START_TEST(test_random_games_large)
{
	static char text[32768];
	char err[256];
	city_tileset *ts;
	size_t len;
	int i, n = test_property_games(LARGE_GAMES_QUICK, LARGE_GAMES);
	FILE *fp = fopen(CITY_TEST_DATA_DIR "/bench-255.tiles", "rb");
	ck_assert_ptr_nonnull(fp);
	len = fread(text, 1, sizeof text, fp);
	fclose(fp);
	ck_assert_int_eq(city_tileset_parse(&ts, text, len, err, sizeof err),
	                 CITY_OK);
	for (i = 0; i < n; i++)
		play_checked_on(ts, 2 + i % 3, (uint64_t)i + 300000u, 0,
		                i % 4 == 0 ? 2 : 1);
	city_tileset_free(ts);
}
END_TEST

/* state_check can fail: each owner's part, corrupted on a copy of a game
 * past its gate, is reported (and the uncorrupted game passes). */
static void expect_caught(const city_game *g, void (*corrupt)(state *),
                          const char *prefix)
{
	city_game *c;
	char why[160] = "";
	ck_assert_int_eq(city_game_clone(&c, g), CITY_OK);
	corrupt(&c->st);
	ck_assert_int_eq(state_check(c, why, sizeof why), 1);
	ck_assert_msg(strncmp(why, prefix, strlen(prefix)) == 0,
	              "expected \"%s...\", got \"%s\"", prefix, why);
	city_game_free(c);
}

static void bad_ring(state *s) { st_front_w(s)[0].ring ^= 0x10; }
static void bad_corner(state *s) { st_corner_w(s)[1] ^= 1; }
static void bad_parent(state *s) { st_nparent_w(s)[s->feat.n_nodes - 1] ^= 1; }
static void bad_supply(state *s) { s->pl.supply[0]++; }
static void bad_seal(state *s)
{
	const wpiece *w = &s->city.chain[s->city.chain_hi];
	st_tiles_w(s)[w->tile].rw &= (uint8_t)~(1u << (2 + wp_side(w)));
}
static void bad_walls(state *s) { s->city.walls_left--; }
/* the frontier's row index (board.h): a cell's bit, a row's first index */
static void bad_frow(state *s) { st_frow_w(s)[FROW_BIAS] ^= 8; }
static void bad_frow_start(state *s) { st_frow_start_w(s)[FROW_BIAS]++; }

START_TEST(test_state_check_fails)
{
	city_game *g;
	city_move moves[4096];
	size_t n;
	uint64_t rng = 99;
	char why[160] = "";
	ck_assert_int_eq(city_game_new(&g, NULL), CITY_OK);
	while (city_wall_length(g) < 3 &&
	       city_game_decision(g) != CITY_DECISION_END) {
		ck_assert_int_eq(city_legal_moves(g, moves, 4096, &n), CITY_OK);
		ck_assert_int_eq(city_apply_move(g, &moves[test_rand(&rng) % n]),
		                 CITY_OK);
	}
	ck_assert_int_ge(city_wall_length(g), 3);
	ck_assert_int_eq(state_check(g, why, sizeof why), 0);
	expect_caught(g, bad_ring, "frontier:");
	expect_caught(g, bad_corner, "board:");
	expect_caught(g, bad_parent, "features:");
	expect_caught(g, bad_supply, "players:");
	expect_caught(g, bad_seal, "frontier:"); /* its outside cell's flag */
	expect_caught(g, bad_walls, "wall:");
	ck_assert_int_eq(g->st.board.wide, 0); /* the row index in use */
	expect_caught(g, bad_frow, "frontier rows: row 0's bits wrong");
	expect_caught(g, bad_frow_start, "frontier rows: row 0 starts at");
	city_game_free(g);
}
END_TEST

static Suite *suite(void)
{
	const test_row games[] = {
	    {test_random_games_2p, 0, 1},
	    {test_random_games_3p, 0, 1},
	    {test_random_games_4p, 0, 1},
	    {test_random_games_large, 0, 1},
	};
	const test_row state_check[] = {{test_state_check_fails, 0, 1}};
	Suite *s = test_suite("properties", "random games", 600, games,
	                      N_OF(games));
	test_add_case(s, "state check", 0, state_check, N_OF(state_check));
	return s;
}

TEST_MAIN(suite)
