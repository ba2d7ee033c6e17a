/*
 * Checks of the engine's incremental structures against the same things
 * computed from scratch (tests that include the private headers): the
 * frontier, the outer contour's labels, and the legal tile moves against
 * the explicit, rule-by-rule placement check. Each fails the test on the
 * first difference.
 */
#ifndef CITY_TEST_INTERNAL_CHECKS_H
#define CITY_TEST_INTERNAL_CHECKS_H

#include <check.h>
#include <string.h>

#include <city/city.h>

#include "board.h"
#include "game_internal.h"
#include "state_check.h"

/* The whole state is consistent (lib/state_check.c). */
static inline void check_state(const city_game *g)
{
	char why[160] = "";
	ck_assert_msg(state_check(g, why, sizeof why) == 0,
	              "state_check: %s", why);
}

/* The frontier kept incrementally (lib/board.c) equals the one computed
 * from scratch: every empty cell beside a tile, sorted by (y, x), with its
 * neighbours, streets and flags. */
static inline void check_frontier(const city_game *g)
{
	const state *s = &g->st;
	const city_tileset *ts = g->opts.ts;
	const fcell *f = st_front(s);
	static const int rx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
	static const int ry[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
	int x, y, k, i = 0;
	for (y = s->board.min_y - 1; y <= s->board.max_y + 1; y++)
		for (x = s->board.min_x - 1; x <= s->board.max_x + 1; x++) {
			unsigned ring = 0, present = 0, streets = 0, flags = 0;
			if (board_tile_at(s, x, y) >= 0)
				continue;
			for (k = 0; k < 8; k++)
				if (board_tile_at(s, x + rx[k], y + ry[k]) >= 0)
					ring |= 1u << k;
			for (k = 0; k < 4; k++) {
				int t = board_tile_at(s, x + DX[k], y + DY[k]);
				int back = (k + 2) & 3;
				if (t < 0)
					continue;
				present |= 1u << k;
				if (board_tile_side(ts, s, t, back)->mid != TS_NONE)
					streets |= 1u << k;
				if (pt_sealed(&st_tiles(s)[t], back))
					flags |= FC_BLOCKED;
			}
			if (!present)
				continue;
			ck_assert_int_lt(i, s->board.n_front);
			ck_assert_int_eq(fc_x(&f[i]), x);
			ck_assert_int_eq(fc_y(&f[i]), y);
			ck_assert_uint_eq(f[i].ring, ring);
			ck_assert_uint_eq(f[i].present, present);
			ck_assert_uint_eq(f[i].streets, streets);
			ck_assert_uint_eq(f[i].flags & FC_BLOCKED, flags);
			i++;
		}
	ck_assert_int_eq(i, s->board.n_front);
}

/* Once the gate is built, the contour labels (lib/board.c) increase
 * strictly around the outer contour, one turn in all, and only sides of
 * the outer contour have one. */
static inline void check_contour_labels(const city_game *g)
{
	const state *s = &g->st;
	const uint16_t *pos = st_walk(s);
	bextra none = {0, 0, 0};
	bside start, b;
	unsigned turn = 0;
	int n = 0, labelled = 0, i;
	if (!s->city.gate_placed)
		return;
	start = b = board_contour_start(s, none);
	do {
		bside next = board_contour_next(s, b, none);
		unsigned l0 = pos[board_tile_at(s, b.x, b.y) * 4 + b.s];
		unsigned l1 = pos[board_tile_at(s, next.x, next.y) * 4 + next.s];
		ck_assert_uint_lt(l0, 32768u);
		ck_assert_uint_ne(l0, l1);
		turn += (l1 - l0) & 32767u;
		b = next;
		n++;
	} while (!bside_eq(b, start));
	ck_assert_uint_eq(turn, 32768u);
	for (i = 0; i < 4 * s->board.n_tiles; i++)
		labelled += pos[i] != 0xFFFF;
	ck_assert_int_eq(labelled, n);
	ck_assert_int_eq(s->board.walk_len, n);
}

/* At a tile decision: a placement is listed by city_legal_moves exactly when
 * the explicit check (the rules' check_placement: R-TILE-1..4 one by one, the
 * contour walked for R-TILE-4) accepts it, for every rotation of every
 * frontier cell, and nothing else is listed. */
static inline void check_listing_explicit(const city_game *g)
{
	const state *s = &g->st;
	const fcell *f = st_front(s);
	city_move moves[4096];
	size_t n, i, listed = 0;
	int design, k, r;
	if (s->turn.decision != CITY_DECISION_TILE || s->board.n_tiles == 0)
		return;
	design = st_order(s)[s->turn.cur];
	ck_assert_int_eq(city_legal_moves(g, moves, 4096, &n), CITY_OK);
	for (k = 0; k < s->board.n_front; k++)
		for (r = 0; r < 4; r++) {
			int x = fc_x(&f[k]), y = fc_y(&f[k]), found = 0;
			int legal = !g->rules->check_placement(
			    g->opts.ts, s, x, y, design, r, NULL, 0);
			for (i = 0; i < n; i++)
				found |= moves[i].x == x && moves[i].y == y &&
				         moves[i].rotation == r;
			ck_assert_msg(found == legal,
			              "place %d %d %d: listed %d, explicit check %d", x,
			              y, r, found, legal);
			listed += (size_t)found;
		}
	ck_assert_uint_eq(listed, n); /* only frontier cells are listed */
}

#endif /* CITY_TEST_INTERNAL_CHECKS_H */
