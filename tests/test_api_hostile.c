/*
 * Hostile input (issue "Robustness"): every public function of the
 * headers in include/city/ called with NULL handles, NULL out-pointers,
 * cells out of any reachable city (INT32_MIN/INT32_MAX, the coordinate limit, values
 * that a 16-bit truncation would fold onto the origin), rotations, sides,
 * ends, players, categories, rules, stacks and indices out of range (up to
 * SIZE_MAX), calls that answer another decision, calls after the end, and
 * buffers too small. Each call returns the exact status its documentation
 * names, never crashes, and a failed call that could change a game leaves
 * city_game_save() output byte-identical.
 *
 * The calls are rows of tables run against games at every decision (tile,
 * follower, gate, wall, guard, tower, ended, finally scored). A last test
 * reads the public headers and fails when a CITY_EXPORT function is in no
 * table: a new function needs its hostile rows.
 *
 * Also the resource limits, each at the boundary: record size, line length
 * and move count (lib/record.c), tile-set size (99 designs, 255 tiles) and
 * line length, coordinates, allocation failure, and integer overflow in
 * every parser (seed, players, coordinates, ids, counts, pub=, stacks,
 * end_gap).
 */
#include <check.h>
#include <dirent.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"

/* The coordinate bound of placed tiles (lib/state.h COORD_LIMIT). */
#define COORD_LIMIT 1024
/* Record limits (lib/record.c). */
#define RECORD_MAX_BYTES (4u * 1024u * 1024u)
#define RECORD_MAX_LINE 4096u
#define RECORD_MAX_MOVES 100000u

/* ------------------------------------------------------------------------ */
/* Helpers                                                                   */

/* The record of a game (heap); "(null)" for a NULL game. */
static char *save_text(const city_game *g)
{
	char *buf;
	if (g)
		return test_save(g);
	buf = malloc(8);
	ck_assert_ptr_nonnull(buf);
	strcpy(buf, "(null)");
	return buf;
}

/* A game of `players` players waiting for `decision` (for the tile
 * decision: with a few tiles down), found by random play over seeds. */
static city_game *game_at(int decision, int players)
{
	uint64_t seed;
	for (seed = 1; seed < 2000; seed++) {
		city_options *o = NULL;
		city_game *g = NULL;
		uint64_t st = seed * 7919u;
		ck_assert_int_eq(city_options_new(&o), CITY_OK);
		ck_assert_int_eq(city_options_set_players(o, players), CITY_OK);
		ck_assert_int_eq(city_options_set_seed(o, seed), CITY_OK);
		ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
		city_options_free(o);
		for (;;) {
			int d = city_game_decision(g);
			if (d == decision &&
			    (d != CITY_DECISION_TILE || city_game_tile_count(g) >= 4))
				return g;
			if (!test_play_random(g, 1, &st))
				break;
		}
		city_game_free(g);
	}
	ck_abort_msg("no game reaches decision %d", decision);
	return NULL;
}

/* ------------------------------------------------------------------------ */
/* Rows: one call of a public function with its arguments                    */

/* Arguments of a row; each adapter takes what its function needs. */
typedef struct args {
	int nullg;   /* pass NULL as the handle */
	int nullout; /* 1: NULL for the required out-pointer / buffer */
	int32_t x, y, x2, y2;
	int i, j;  /* rotation, side, end, player, category, rule, stack, kind */
	char c, c2; /* parts */
	size_t idx; /* index or capacity */
} args;

/* Game functions. Functions that do not return a status are mapped onto
 * one: a pointer gives CITY_OK or CITY_EINVAL (NULL), a count or kind is
 * returned as is. */
typedef int (*game_fn)(city_game *g, const args *a);

typedef struct row {
	const char *name; /* the public function */
	game_fn fn;
	args a;
	int want;
} row;

static int a_place_tile(city_game *g, const args *a)
{
	return city_place_tile(g, a->x, a->y, a->i);
}
static int a_place_follower(city_game *g, const args *a)
{
	return city_place_follower(g, a->c);
}
static int a_build_gate(city_game *g, const args *a)
{
	return city_build_gate(g, a->x, a->y, a->i);
}
static int a_build_wall(city_game *g, const args *a)
{
	return city_build_wall(g, a->i);
}
static int a_place_guard(city_game *g, const args *a)
{
	(void)a;
	return city_place_guard(g);
}
static int a_place_tower(city_game *g, const args *a)
{
	return city_place_tower(g, a->i);
}
static int a_pass(city_game *g, const args *a)
{
	(void)a;
	return city_pass(g);
}
/* apply_move: j is the kind; i fills rotation, side and end. */
static int a_apply_move(city_game *g, const args *a)
{
	city_move m;
	memset(&m, 0, sizeof m);
	m.kind = (uint8_t)a->j;
	m.rotation = m.side = m.end = (uint8_t)a->i;
	m.part = a->c;
	m.x = a->x;
	m.y = a->y;
	return city_apply_move(g, a->nullout ? NULL : &m);
}
/* legal_moves: nullout 1: out NULL (capacity idx); 2: count NULL. */
static int a_legal_moves(city_game *g, const args *a)
{
	city_move buf[4];
	size_t n = 0;
	ck_assert_uint_le(a->idx, 4);
	return city_legal_moves(g, a->nullout == 1 ? NULL : buf, a->idx,
	                        a->nullout == 2 ? NULL : &n);
}
static int a_game_undo(city_game *g, const args *a)
{
	(void)a;
	return city_game_undo(g);
}
static int a_game_reset(city_game *g, const args *a)
{
	(void)a;
	return city_game_reset(g);
}
static int a_score_final(city_game *g, const args *a)
{
	(void)a;
	return city_score_final(g);
}
static int a_game_clone(city_game *g, const args *a)
{
	city_game *c = NULL;
	int rc = city_game_clone(a->nullout ? NULL : &c, g);
	city_game_free(c);
	return rc;
}
/* copy(dst, src): nullout: dst NULL; i: src NULL. */
static int a_game_copy(city_game *g, const args *a)
{
	return city_game_copy(a->nullout ? NULL : g, a->i ? NULL : g);
}
static int a_game_save(city_game *g, const args *a)
{
	char buf[16];
	size_t n = 0;
	ck_assert_uint_le(a->idx, sizeof buf);
	return city_game_save(g, a->nullout ? NULL : buf, a->idx, &n);
}
/* svg (city/render.h): idx is the capacity, i the flags. */
static int a_game_svg(city_game *g, const args *a)
{
	char buf[16];
	size_t n = 0;
	ck_assert_uint_le(a->idx, sizeof buf);
	return city_game_svg(g, (unsigned)a->i, a->nullout ? NULL : buf, a->idx,
	                     &n);
}
static int a_game_last_error(city_game *g, const args *a)
{
	(void)a;
	return city_game_last_error(g) != NULL ? CITY_OK : CITY_EINVAL;
}
static int a_game_decision(city_game *g, const args *a)
{
	(void)a;
	return city_game_decision(g);
}
static int a_game_player(city_game *g, const args *a)
{
	(void)a;
	return city_game_player(g);
}
static int a_game_players(city_game *g, const args *a)
{
	(void)a;
	return city_game_players(g);
}
static int a_game_tileset(city_game *g, const args *a)
{
	(void)a;
	return city_game_tileset(g) ? CITY_OK : CITY_EINVAL;
}
static int a_game_rule(city_game *g, const args *a)
{
	return city_game_rule(g, a->i);
}
static int a_game_current_tile(city_game *g, const args *a)
{
	int d = 0, s = 0;
	return city_game_current_tile(g, a->nullout ? NULL : &d, &s);
}
static int a_game_tiles_left(city_game *g, const args *a)
{
	return city_game_tiles_left(g, a->i);
}
/* tiles_remaining: nullout passes NULL arrays with cap idx. */
static int a_game_tiles_remaining(city_game *g, const args *a)
{
	int designs[4], counts[4];
	size_t cap = a->idx < 4 ? a->idx : 4;
	if (a->nullout)
		return city_game_tiles_remaining(g, a->i, NULL, NULL, a->idx);
	return city_game_tiles_remaining(g, a->i, designs, counts, cap);
}
static int a_game_tile_count(city_game *g, const args *a)
{
	(void)a;
	return city_game_tile_count(g);
}
static int a_game_placed_tile(city_game *g, const args *a)
{
	int32_t x, y;
	int d, r;
	return city_game_placed_tile(g, a->idx, &x, &y, &d, &r);
}
static int a_game_tile_at(city_game *g, const args *a)
{
	int d, r;
	return city_game_tile_at(g, a->x, a->y, &d, &r);
}
static int a_game_cell(city_game *g, const args *a)
{
	return city_game_cell(g, a->x, a->y);
}
static int a_game_bounds(city_game *g, const args *a)
{
	int32_t v[4];
	if (a->nullout)
		return city_game_bounds(g, NULL, NULL, NULL, NULL);
	return city_game_bounds(g, &v[0], &v[1], &v[2], &v[3]);
}
static int a_feature_kind(city_game *g, const args *a)
{
	return city_feature_kind(g, a->x, a->y, a->c);
}
static int a_feature_tiles(city_game *g, const args *a)
{
	return city_feature_tiles(g, a->x, a->y, a->c);
}
static int a_feature_market_kinds(city_game *g, const args *a)
{
	return city_feature_market_kinds(g, a->x, a->y, a->c);
}
static int a_feature_complete(city_game *g, const args *a)
{
	return city_feature_complete(g, a->x, a->y, a->c);
}
static int a_feature_followers(city_game *g, const args *a)
{
	return city_feature_followers(g, a->x, a->y, a->c, a->i);
}
static int a_game_kind(city_game *g, const args *a)
{
	(void)a;
	return city_game_kind(g);
}
static int a_game_expansions(city_game *g, const args *a)
{
	(void)a;
	return city_game_expansions(g);
}
static int a_feature_coats(city_game *g, const args *a)
{
	return city_feature_coats(g, a->x, a->y, a->c);
}
static int a_game_tower(city_game *g, const args *a)
{
	int h, t;
	return city_game_tower(g, a->x, a->y, &h, &t);
}
static int a_game_prisoners(city_game *g, const args *a)
{
	return city_game_prisoners(g, a->i, a->j);
}
static int a_game_floors(city_game *g, const args *a)
{
	return city_game_floors(g, a->i);
}
static int a_place_floor(city_game *g, const args *a)
{
	return city_place_floor(g, a->x, a->y);
}
static int a_place_top(city_game *g, const args *a)
{
	return city_place_top(g, a->x, a->y);
}
static int a_capture(city_game *g, const args *a)
{
	return city_capture(g, a->x, a->y, a->c);
}
static int a_pay_ransom(city_game *g, const args *a)
{
	return city_pay_ransom(g, a->i);
}
static int a_feature_same(city_game *g, const args *a)
{
	return city_feature_same(g, a->x, a->y, a->c, a->x2, a->y2, a->c2);
}
static int a_game_follower_count(city_game *g, const args *a)
{
	(void)a;
	return city_game_follower_count(g);
}
static int a_game_follower(city_game *g, const args *a)
{
	int p, r;
	int32_t x, y;
	char part;
	return city_game_follower(g, a->idx, &p, &r, &x, &y, &part);
}
static int a_game_supply(city_game *g, const args *a)
{
	int f, t;
	return city_game_supply(g, a->i, &f, &t);
}
static int a_game_walls_left(city_game *g, const args *a)
{
	(void)a;
	return city_game_walls_left(g);
}
static int a_game_score(city_game *g, const args *a)
{
	return city_game_score(g, a->i);
}
static int a_game_score_detail(city_game *g, const args *a)
{
	return city_game_score_detail(g, a->i, a->j);
}
static int a_game_score_get(city_game *g, const args *a)
{
	int v;
	return city_game_score_get(g, a->i, a->nullout ? NULL : &v);
}
static int a_game_score_detail_get(city_game *g, const args *a)
{
	int v;
	return city_game_score_detail_get(g, a->i, a->j, a->nullout ? NULL : &v);
}
static int a_game_winners(city_game *g, const args *a)
{
	unsigned m;
	return city_game_winners(g, a->nullout ? NULL : &m);
}
static int a_game_end_reasons(city_game *g, const args *a)
{
	(void)a;
	return city_game_end_reasons(g);
}
static int a_game_final_scored(city_game *g, const args *a)
{
	(void)a;
	return city_game_final_scored(g);
}
static int a_game_event_count(city_game *g, const args *a)
{
	(void)a;
	return city_game_event_count(g);
}
static int a_game_event(city_game *g, const args *a)
{
	city_event e;
	return city_game_event(g, a->idx, a->nullout ? NULL : &e);
}
static int a_game_move_count(city_game *g, const args *a)
{
	(void)a;
	return city_game_move_count(g);
}
static int a_game_move(city_game *g, const args *a)
{
	city_move m;
	return city_game_move(g, a->idx, a->nullout ? NULL : &m);
}
static int a_wall_length(city_game *g, const args *a)
{
	(void)a;
	return city_wall_length(g);
}
static int a_wall_piece(city_game *g, const args *a)
{
	int32_t x, y;
	int s, gate, guard;
	return city_wall_piece(g, a->idx, &x, &y, &s, &gate, &guard);
}
static int a_wall_end(city_game *g, const args *a)
{
	return city_wall_end(g, a->i);
}
static int a_wall_gap(city_game *g, const args *a)
{
	(void)a;
	return city_wall_gap(g);
}
static int a_tower_count(city_game *g, const args *a)
{
	(void)a;
	return city_tower_count(g);
}
static int a_tower(city_game *g, const args *a)
{
	int p, e, pc, pts;
	return city_tower(g, a->idx, &p, &e, &pc, &pts);
}
static int a_contour_length(city_game *g, const args *a)
{
	(void)a;
	return city_contour_length(g);
}

#define R(fn, want, ...) {"city_" #fn, a_##fn, {__VA_ARGS__}, want}
#define NULLG .nullg = 1
#define NULLOUT .nullout = 1

/* Every game function with a NULL handle (the fixture's game is passed to
 * nothing; it must not change either). */
static const row null_handle_rows[] = {
    R(place_tile, CITY_EINVAL, NULLG),
    R(place_follower, CITY_EINVAL, NULLG, .c = 'a'),
    R(build_gate, CITY_EINVAL, NULLG),
    R(build_wall, CITY_EINVAL, NULLG),
    R(place_guard, CITY_EINVAL, NULLG),
    R(place_tower, CITY_EINVAL, NULLG),
    R(pass, CITY_EINVAL, NULLG),
    R(apply_move, CITY_EINVAL, NULLG, .j = CITY_MOVE_PASS),
    R(legal_moves, CITY_EINVAL, NULLG),
    R(game_undo, CITY_EINVAL, NULLG),
    R(game_reset, CITY_EINVAL, NULLG),
    R(score_final, CITY_EINVAL, NULLG),
    R(game_clone, CITY_EINVAL, NULLG),
    R(game_copy, CITY_EINVAL, NULLG),
    R(game_save, CITY_EINVAL, NULLG),
    R(game_svg, CITY_EINVAL, NULLG),
    R(game_last_error, CITY_OK, NULLG), /* a fixed message, never NULL */
    R(game_decision, CITY_EINVAL, NULLG),
    R(game_player, CITY_EINVAL, NULLG),
    R(game_players, CITY_EINVAL, NULLG),
    R(game_tileset, CITY_EINVAL, NULLG),
    R(game_rule, CITY_EINVAL, NULLG, .i = CITY_RULE_END_GAP),
    R(game_current_tile, CITY_EINVAL, NULLG),
    R(game_tiles_left, CITY_EINVAL, NULLG, .i = 1),
    R(game_tiles_remaining, CITY_EINVAL, NULLG, .i = 0, .idx = 4),
    R(game_tile_count, CITY_EINVAL, NULLG),
    R(game_placed_tile, CITY_EINVAL, NULLG),
    R(game_tile_at, CITY_EINVAL, NULLG),
    R(game_cell, CITY_EINVAL, NULLG),
    R(game_bounds, CITY_EINVAL, NULLG),
    R(feature_kind, CITY_EINVAL, NULLG, .c = 'a'),
    R(feature_tiles, CITY_EINVAL, NULLG, .c = 'a'),
    R(feature_market_kinds, CITY_EINVAL, NULLG, .c = 'a'),
    R(feature_complete, CITY_EINVAL, NULLG, .c = 'a'),
    R(feature_followers, CITY_EINVAL, NULLG, .c = 'a'),
    R(feature_same, CITY_EINVAL, NULLG, .c = 'a', .c2 = 'a'),
    R(feature_coats, CITY_EINVAL, NULLG, .c = 'a'),
    R(game_kind, CITY_EINVAL, NULLG),
    R(game_expansions, CITY_EINVAL, NULLG),
    R(game_tower, CITY_EINVAL, NULLG),
    R(game_prisoners, CITY_EINVAL, NULLG),
    R(game_floors, CITY_EINVAL, NULLG),
    R(place_floor, CITY_EINVAL, NULLG),
    R(place_top, CITY_EINVAL, NULLG),
    R(capture, CITY_EINVAL, NULLG, .c = 'a'),
    R(pay_ransom, CITY_EINVAL, NULLG, .i = 1),
    R(game_follower_count, CITY_EINVAL, NULLG),
    R(game_follower, CITY_EINVAL, NULLG),
    R(game_supply, CITY_EINVAL, NULLG),
    R(game_walls_left, CITY_EINVAL, NULLG),
    R(game_score, CITY_EINVAL, NULLG),
    R(game_score_detail, CITY_EINVAL, NULLG),
    R(game_score_get, CITY_EINVAL, NULLG),
    R(game_score_detail_get, CITY_EINVAL, NULLG),
    R(game_winners, CITY_EINVAL, NULLG),
    R(game_end_reasons, CITY_EINVAL, NULLG),
    R(game_final_scored, CITY_EINVAL, NULLG),
    R(game_event_count, CITY_EINVAL, NULLG),
    R(game_event, CITY_EINVAL, NULLG),
    R(game_move_count, CITY_EINVAL, NULLG),
    R(game_move, CITY_EINVAL, NULLG),
    R(wall_length, CITY_EINVAL, NULLG),
    R(wall_piece, CITY_EINVAL, NULLG),
    R(wall_end, CITY_EINVAL, NULLG),
    R(wall_gap, CITY_EINVAL, NULLG),
    R(tower_count, CITY_EINVAL, NULLG),
    R(tower, CITY_EINVAL, NULLG),
    R(contour_length, CITY_EINVAL, NULLG),
};

/* Arguments out of range and NULL out-pointers, whose status does not
 * depend on the state of the game (2-player fixtures). */
static const row bad_arg_rows[] = {
    R(apply_move, CITY_EINVAL, NULLOUT),
    R(apply_move, CITY_EINVAL, .j = 0),   /* unknown kinds */
    R(apply_move, CITY_EINVAL, .j = CITY_MOVE_RANSOM + 1), /* past every game's kinds */
    R(apply_move, CITY_EINVAL, .j = 255),
    R(legal_moves, CITY_EINVAL, NULLOUT, .idx = 3), /* out NULL, cap > 0 */
    R(legal_moves, CITY_EINVAL, .nullout = 2, .idx = 4), /* count NULL */
    R(legal_moves, CITY_EINVAL, .nullout = 2, .idx = 0),
    R(game_clone, CITY_EINVAL, NULLOUT),
    R(game_copy, CITY_EINVAL, NULLOUT),     /* dst NULL */
    R(game_copy, CITY_EINVAL, .i = 1),      /* src NULL */
    R(game_copy, CITY_OK, .i = 0),          /* dst == src: nothing to do */
    R(game_save, CITY_EINVAL, NULLOUT, .idx = 5), /* buf NULL, cap > 0 */
    R(game_svg, CITY_EINVAL, NULLOUT, .idx = 5),  /* buf NULL, cap > 0 */
    R(game_svg, CITY_EINVAL, .i = 8, .idx = 16),  /* unknown flag (1, 2, 4 known) */
    R(game_svg, CITY_EINVAL, .i = -1, .idx = 16),
    R(game_svg, CITY_ERANGE, .i = 1, .idx = 16),  /* too small: size told */
    R(game_rule, CITY_EINVAL, .i = 0),
    R(game_rule, CITY_EINVAL, .i = 6),
    R(game_rule, CITY_EINVAL, .i = -1),
    R(game_rule, CITY_EINVAL, .i = INT_MIN),
    R(game_rule, CITY_EINVAL, .i = INT_MAX),
    R(game_current_tile, CITY_EINVAL, NULLOUT),
    R(game_tiles_left, CITY_EINVAL, .i = 0),
    R(game_tiles_left, CITY_EINVAL, .i = 4),
    R(game_tiles_left, CITY_EINVAL, .i = -1),
    R(game_tiles_left, CITY_EINVAL, .i = INT_MIN),
    R(game_tiles_left, CITY_EINVAL, .i = INT_MAX),
    R(game_tiles_remaining, CITY_EINVAL, .i = 4, .idx = 4),
    R(game_tiles_remaining, CITY_EINVAL, .i = -1, .idx = 4),
    R(game_tiles_remaining, CITY_EINVAL, .i = INT_MIN, .idx = 4),
    R(game_tiles_remaining, CITY_EINVAL, .i = INT_MAX, .idx = 0),
    R(game_tiles_remaining, CITY_EINVAL, NULLOUT, .i = 0, .idx = 1),
    R(game_tiles_remaining, CITY_EINVAL, NULLOUT, .i = 1, .idx = SIZE_MAX),
    R(game_placed_tile, CITY_EINVAL, .idx = 300),
    R(game_placed_tile, CITY_EINVAL, .idx = SIZE_MAX),
    R(game_placed_tile, CITY_EINVAL, .idx = (size_t)1 << 31),
    R(game_placed_tile, CITY_EINVAL, .idx = (size_t)UINT32_MAX + 1u),
    R(game_tile_at, CITY_ENOTFOUND, .x = INT32_MIN, .y = INT32_MIN),
    R(game_tile_at, CITY_ENOTFOUND, .x = INT32_MAX, .y = INT32_MAX),
    R(game_tile_at, CITY_ENOTFOUND, .x = 65536, .y = 0), /* not (0,0) */
    R(game_tile_at, CITY_ENOTFOUND, .x = 0, .y = -65536),
    R(game_tile_at, CITY_ENOTFOUND, .x = COORD_LIMIT + 1, .y = 0),
    R(game_cell, CITY_CELL_EXTERIOR, .x = INT32_MIN, .y = INT32_MIN),
    R(game_cell, CITY_CELL_EXTERIOR, .x = INT32_MAX, .y = 0),
    R(game_cell, CITY_CELL_EXTERIOR, .x = 65536, .y = 65536),
    R(game_cell, CITY_CELL_EXTERIOR, .x = 0, .y = -COORD_LIMIT - 1),
    R(feature_kind, CITY_ENOTFOUND, .x = INT32_MIN, .y = INT32_MAX, .c = 'a'),
    R(feature_kind, CITY_ENOTFOUND, .x = 65536, .y = 0, .c = 'a'),
    R(feature_kind, CITY_ENOTFOUND, .x = 0, .y = 0, .c = 'z'),
    R(feature_kind, CITY_ENOTFOUND, .x = 0, .y = 0, .c = '\0'),
    R(feature_kind, CITY_ENOTFOUND, .x = 0, .y = 0, .c = (char)0xFF),
    R(feature_kind, CITY_ENOTFOUND, .x = 0, .y = 0, .c = '0'),
    R(feature_tiles, CITY_ENOTFOUND, .x = INT32_MAX, .c = 'a'),
    R(feature_tiles, CITY_ENOTFOUND, .x = 0, .y = 0, .c = 'i'),
    R(feature_market_kinds, CITY_ENOTFOUND, .x = INT32_MIN, .c = 'a'),
    R(feature_market_kinds, CITY_ENOTFOUND, .c = (char)0x80),
    R(feature_complete, CITY_ENOTFOUND, .y = INT32_MIN, .c = 'a'),
    R(feature_complete, CITY_ENOTFOUND, .c = ':'),
    R(feature_followers, CITY_ENOTFOUND, .x = INT32_MAX, .c = 'a'),
    R(feature_followers, CITY_ENOTFOUND, .c = 'z', .i = 0),
    R(feature_same, CITY_ENOTFOUND, .x = INT32_MIN, .c = 'a', .c2 = 'a'),
    R(feature_same, CITY_ENOTFOUND, .c = 'z', .c2 = 'a'),
    R(feature_coats, CITY_ENOTFOUND, .x = INT32_MIN, .c = 'a'),
    R(feature_coats, CITY_ENOTFOUND, .x = 0, .y = 0, .c = 'z'),
    R(feature_coats, CITY_ENOTFOUND, .x = 0, .y = 0, .c = 'm'),
    R(game_kind, CITY_GAME_THE_CITY, .i = 0),
    R(game_expansions, 0, .i = 0),
    /* The Tower's queries and calls in a game of The City */
    R(game_tower, CITY_ENOTFOUND, .x = 0, .y = 0),
    R(game_tower, CITY_ENOTFOUND, .x = INT32_MIN, .y = INT32_MAX),
    R(game_prisoners, 0, .i = 0, .j = 1),
    R(game_prisoners, CITY_EINVAL, .i = -1, .j = 0),
    R(game_prisoners, CITY_EINVAL, .i = 0, .j = 2),
    R(game_prisoners, CITY_EINVAL, .i = INT_MAX, .j = INT_MIN),
    R(game_floors, 0, .i = 1),
    R(game_floors, CITY_EINVAL, .i = 2),
    R(game_floors, CITY_EINVAL, .i = INT_MIN),
    R(game_follower, CITY_EINVAL, .idx = 100),
    R(game_follower, CITY_EINVAL, .idx = SIZE_MAX),
    R(game_follower, CITY_EINVAL, .idx = (size_t)UINT32_MAX + 1u),
    R(game_supply, CITY_EINVAL, .i = -1),
    R(game_supply, CITY_EINVAL, .i = 2),
    R(game_supply, CITY_EINVAL, .i = 4),
    R(game_supply, CITY_EINVAL, .i = INT_MIN),
    R(game_supply, CITY_EINVAL, .i = INT_MAX),
    R(game_score, CITY_EINVAL, .i = -1),
    R(game_score, CITY_EINVAL, .i = 2),
    R(game_score, CITY_EINVAL, .i = INT_MAX),
    R(game_score_detail, CITY_EINVAL, .i = 0, .j = -1),
    R(game_score_detail, CITY_EINVAL, .i = 0, .j = CITY_CAT_COUNT),
    R(game_score_detail, CITY_EINVAL, .i = 0, .j = INT_MIN),
    R(game_score_detail, CITY_EINVAL, .i = -1, .j = 0),
    R(game_score_detail, CITY_EINVAL, .i = 2, .j = 0),
    R(game_score_get, CITY_EINVAL, NULLOUT),
    R(game_score_get, CITY_EINVAL, .i = -1),
    R(game_score_get, CITY_EINVAL, .i = 2),
    R(game_score_get, CITY_EINVAL, .i = INT_MAX),
    R(game_score_get, CITY_OK, .i = 0),
    R(game_score_detail_get, CITY_EINVAL, NULLOUT),
    R(game_score_detail_get, CITY_EINVAL, .i = 0, .j = -1),
    R(game_score_detail_get, CITY_EINVAL, .i = 0, .j = CITY_CAT_COUNT),
    R(game_score_detail_get, CITY_EINVAL, .i = 0, .j = CITY_CAT_ROADS),
    R(game_score_detail_get, CITY_EINVAL, .i = 2, .j = 0),
    R(game_score_detail_get, CITY_OK, .i = 0, .j = CITY_CAT_STREETS),
    R(game_winners, CITY_EINVAL, NULLOUT),
    R(game_event, CITY_EINVAL, .idx = SIZE_MAX),
    R(game_event, CITY_EINVAL, .idx = (size_t)UINT32_MAX + 1u),
    R(game_event, CITY_EINVAL, NULLOUT),
    R(game_move, CITY_EINVAL, .idx = SIZE_MAX),
    R(game_move, CITY_EINVAL, .idx = (size_t)UINT32_MAX + 1u),
    R(game_move, CITY_EINVAL, NULLOUT),
    R(wall_piece, CITY_EINVAL, .idx = 200),
    R(wall_piece, CITY_EINVAL, .idx = SIZE_MAX),
    R(wall_piece, CITY_EINVAL, .idx = (size_t)1 << 31),
    R(wall_piece, CITY_EINVAL, .idx = (size_t)UINT32_MAX + 1u),
    R(wall_end, CITY_EINVAL, .i = -1),
    R(wall_end, CITY_EINVAL, .i = 2),
    R(wall_end, CITY_EINVAL, .i = INT_MIN),
    R(wall_end, CITY_EINVAL, .i = INT_MAX),
    R(tower, CITY_EINVAL, .idx = 12),
    R(tower, CITY_EINVAL, .idx = SIZE_MAX),
    R(tower, CITY_EINVAL, .idx = (size_t)UINT32_MAX + 1u),
};

/* Decision calls. `want` is the status when the call answers the decision
 * the game waits for; otherwise the status is CITY_EDECISION, and after the
 * end CITY_EENDED (docs: every decision call lists both). ANY: the call
 * might be legal there, so it is only run where it does not answer. */
#define ANY 1
typedef struct dcall {
	row r;
	int kind; /* CITY_MOVE_* the call answers with */
} dcall;

#define D(kind, fn, want, ...) {R(fn, want, __VA_ARGS__), CITY_MOVE_##kind}
static const dcall decision_rows[] = {
    D(PLACE, place_tile, CITY_EILLEGAL, .x = INT32_MIN, .y = INT32_MIN),
    D(PLACE, place_tile, CITY_EILLEGAL, .x = INT32_MAX, .y = INT32_MAX,
      .i = 3),
    D(PLACE, place_tile, CITY_EILLEGAL, .x = INT32_MIN, .y = 0),
    D(PLACE, place_tile, CITY_EILLEGAL, .x = 0, .y = INT32_MAX),
    D(PLACE, place_tile, CITY_EILLEGAL, .x = COORD_LIMIT + 1, .y = 0),
    D(PLACE, place_tile, CITY_EILLEGAL, .x = -COORD_LIMIT - 1, .y = 0),
    D(PLACE, place_tile, CITY_EILLEGAL, .x = 0, .y = COORD_LIMIT),
    D(PLACE, place_tile, CITY_EILLEGAL, .x = 65536, .y = 1),
    D(PLACE, place_tile, CITY_EILLEGAL, .x = 1, .y = -65536),
    D(PLACE, place_tile, CITY_EILLEGAL, .x = 300, .y = 300),
    D(PLACE, place_tile, CITY_EINVAL, .i = -1),
    D(PLACE, place_tile, CITY_EINVAL, .i = 4),
    D(PLACE, place_tile, CITY_EINVAL, .i = INT_MIN),
    D(PLACE, place_tile, CITY_EINVAL, .i = INT_MAX),
    D(PLACE, place_tile, CITY_EINVAL, .x = INT32_MIN, .i = 4),
    D(PLACE, apply_move, CITY_EINVAL, .j = CITY_MOVE_PLACE, .i = 4),
    D(PLACE, apply_move, CITY_EINVAL, .j = CITY_MOVE_PLACE, .i = 255),
    D(PLACE, apply_move, CITY_EILLEGAL, .j = CITY_MOVE_PLACE,
      .x = INT32_MIN, .y = INT32_MAX),
    D(FOLLOWER, place_follower, CITY_EILLEGAL, .c = 'z'),
    D(FOLLOWER, place_follower, CITY_EILLEGAL, .c = 'i'),
    D(FOLLOWER, place_follower, CITY_EILLEGAL, .c = '\0'),
    D(FOLLOWER, place_follower, CITY_EILLEGAL, .c = '0'),
    D(FOLLOWER, place_follower, CITY_EILLEGAL, .c = ':'),
    D(FOLLOWER, place_follower, CITY_EILLEGAL, .c = (char)0xFF),
    D(FOLLOWER, place_follower, CITY_EILLEGAL, .c = (char)0x80),
    D(FOLLOWER, place_follower, ANY, .c = 'a'),
    D(FOLLOWER, apply_move, CITY_EILLEGAL, .j = CITY_MOVE_FOLLOWER,
      .c = 'Z'),
    D(GATE, build_gate, CITY_EILLEGAL, .x = INT32_MIN, .y = INT32_MIN),
    D(GATE, build_gate, CITY_EILLEGAL, .x = INT32_MAX, .y = 0, .i = 1),
    D(GATE, build_gate, CITY_EILLEGAL, .x = 65536, .y = 0, .i = 0),
    D(GATE, build_gate, CITY_EILLEGAL, .x = 0, .y = 65536, .i = 2),
    D(GATE, build_gate, CITY_EILLEGAL, .x = COORD_LIMIT + 1, .y = 0),
    D(GATE, build_gate, CITY_EILLEGAL, .x = 300, .y = -300, .i = 3),
    D(GATE, build_gate, CITY_EINVAL, .i = -1),
    D(GATE, build_gate, CITY_EINVAL, .i = 4),
    D(GATE, build_gate, CITY_EINVAL, .i = INT_MAX),
    D(GATE, build_gate, CITY_EINVAL, .x = INT32_MIN, .i = INT_MIN),
    D(GATE, build_gate, ANY, .i = 0),
    D(GATE, apply_move, CITY_EINVAL, .j = CITY_MOVE_GATE, .i = 4),
    D(GATE, apply_move, CITY_EILLEGAL, .j = CITY_MOVE_GATE,
      .x = INT32_MAX, .y = INT32_MIN),
    D(WALL, build_wall, CITY_EINVAL, .i = -1),
    D(WALL, build_wall, CITY_EINVAL, .i = 2),
    D(WALL, build_wall, CITY_EINVAL, .i = INT_MIN),
    D(WALL, build_wall, CITY_EINVAL, .i = INT_MAX),
    D(WALL, build_wall, ANY, .i = CITY_END_CW),
    D(WALL, apply_move, CITY_EINVAL, .j = CITY_MOVE_WALL, .i = 2),
    D(GUARD, place_guard, ANY, .i = 0),
    D(GUARD, apply_move, ANY, .j = CITY_MOVE_GUARD),
    D(TOWER, place_tower, CITY_EINVAL, .i = -1),
    D(TOWER, place_tower, CITY_EINVAL, .i = 2),
    D(TOWER, place_tower, CITY_EINVAL, .i = INT_MAX),
    D(TOWER, place_tower, ANY, .i = CITY_END_CCW),
    D(TOWER, apply_move, CITY_EINVAL, .j = CITY_MOVE_TOWER, .i = 7),
    D(PASS, pass, ANY, .i = 0),
    D(PASS, apply_move, ANY, .j = CITY_MOVE_PASS),
};

static int answers(int kind, int decision)
{
	switch (kind) {
	case CITY_MOVE_PLACE:
		return decision == CITY_DECISION_TILE;
	case CITY_MOVE_FOLLOWER:
		return decision == CITY_DECISION_FOLLOWER;
	case CITY_MOVE_GATE:
		return decision == CITY_DECISION_GATE;
	case CITY_MOVE_WALL:
		return decision == CITY_DECISION_WALL;
	case CITY_MOVE_GUARD:
		return decision == CITY_DECISION_GUARD;
	case CITY_MOVE_TOWER:
		return decision == CITY_DECISION_TOWER;
	default:
		return decision == CITY_DECISION_FOLLOWER ||
		       decision == CITY_DECISION_GUARD ||
		       decision == CITY_DECISION_TOWER;
	}
}

/* Run one row on g: the exact status, and the record unchanged unless the
 * call succeeded and may change the game. */
static void run_row(city_game *g, const row *r, int want, const char *where,
                    size_t i)
{
	char *before = save_text(g), *after;
	int rc = r->fn(r->a.nullg ? NULL : g, &r->a);
	ck_assert_msg(rc == want, "%s row %zu: %s gave %d (%s), want %d (%s)",
	              where, i, r->name, rc, city_status_str(rc), want,
	              city_status_str(want));
	after = save_text(g);
	ck_assert_msg(strcmp(before, after) == 0,
	              "%s row %zu: %s (%s) changed the record", where, i,
	              r->name, city_status_str(rc));
	free(before);
	free(after);
}

static void run_table(city_game *g, const row *rows, size_t n,
                      const char *where)
{
	size_t i;
	for (i = 0; i < n; i++)
		run_row(g, &rows[i], rows[i].want, where, i);
}

/* Every decision row against g, with the status for g's decision. */
static void run_decisions(city_game *g, const char *where)
{
	int decision = city_game_decision(g);
	size_t i;
	for (i = 0; i < sizeof decision_rows / sizeof *decision_rows; i++) {
		const dcall *d = &decision_rows[i];
		int want;
		if (d->r.fn == a_apply_move &&
		    (d->r.a.j < CITY_MOVE_PLACE || d->r.a.j > CITY_MOVE_PASS))
			want = CITY_EINVAL;
		else if (decision == CITY_DECISION_END)
			want = CITY_EENDED;
		else if (!answers(d->kind, decision))
			want = CITY_EDECISION;
		else if (d->r.want == ANY)
			continue;
		else
			want = d->r.want;
		run_row(g, &d->r, want, where, i);
		if (want != CITY_OK)
			ck_assert_msg(city_game_last_error(g)[0] != '\0',
			              "%s row %zu: %s failed without a reason",
			              where, i, d->r.name);
	}
}

/* The Tower's calls in The City: a decision it never asks, or, after the
 * end, CITY_EENDED like every call. */
static const row city_tower_rows[] = {
    R(place_floor, CITY_EDECISION, .x = 0, .y = 0),
    R(place_top, CITY_EDECISION, .x = INT32_MAX, .y = 0),
    R(capture, CITY_EDECISION, .x = 0, .y = 0, .c = 't'),
    R(pay_ransom, CITY_EDECISION, .i = 1),
    R(apply_move, CITY_EDECISION, .j = CITY_MOVE_FLOOR),
    R(apply_move, CITY_EDECISION, .j = CITY_MOVE_RANSOM, .i = 1),
};
static const row city_tower_end_rows[] = {
    R(place_floor, CITY_EENDED, .x = 0, .y = 0),
    R(place_top, CITY_EENDED, .x = INT32_MAX, .y = 0),
    R(capture, CITY_EENDED, .x = 0, .y = 0, .c = 't'),
    R(pay_ransom, CITY_EENDED, .i = 1),
    R(apply_move, CITY_EENDED, .j = CITY_MOVE_FLOOR),
    R(apply_move, CITY_EENDED, .j = CITY_MOVE_RANSOM, .i = 1),
};

/* The tables at one fixture. */
static void run_all(city_game *g, const char *where)
{
	run_table(g, null_handle_rows,
	          sizeof null_handle_rows / sizeof *null_handle_rows, where);
	run_table(g, bad_arg_rows, sizeof bad_arg_rows / sizeof *bad_arg_rows,
	          where);
	run_table(g,
	          city_game_decision(g) == CITY_DECISION_END ? city_tower_end_rows
	                                                     : city_tower_rows,
	          sizeof city_tower_rows / sizeof *city_tower_rows, where);
	run_decisions(g, where);
}

/* ------------------------------------------------------------------------ */
/* The fixtures                                                              */

START_TEST(hostile_new_game)
{
	city_game *g = NULL;
	ck_assert_int_eq(city_game_new(&g, NULL), CITY_OK);
	run_all(g, "new game");
	{
		static const row rows[] = {
		    R(place_tile, CITY_EILLEGAL, .x = 1, .y = 0),
		    R(place_tile, CITY_EILLEGAL, .x = 0, .y = 65536),
		    R(place_tile, CITY_EILLEGAL, .x = 65536, .y = 65536),
		    R(game_undo, CITY_ENOTFOUND, .i = 0),
		    R(score_final, CITY_ENOTENDED, .i = 0),
		    R(game_winners, CITY_ENOTENDED, .i = 0),
		    R(game_bounds, CITY_ENOTFOUND, .i = 0),
		    R(game_bounds, CITY_ENOTFOUND, NULLOUT), /* outs optional */
		    R(wall_end, CITY_ENOTFOUND, .i = CITY_END_CW),
		    R(wall_gap, CITY_ENOTFOUND, .i = 0),
		    R(wall_piece, CITY_EINVAL, .idx = 0),
		    R(game_placed_tile, CITY_EINVAL, .idx = 0),
		    R(game_tile_at, CITY_ENOTFOUND, .i = 0),
		    R(game_cell, CITY_CELL_EXTERIOR, .i = 0),
		    R(feature_kind, CITY_ENOTFOUND, .c = 'a'),
		    R(game_follower, CITY_EINVAL, .idx = 0),
		    R(game_event, CITY_EINVAL, .idx = 0),
		    R(game_move, CITY_EINVAL, .idx = 0),
		    R(tower, CITY_EINVAL, .idx = 0),
		    R(legal_moves, CITY_ERANGE, .idx = 1), /* 4 start moves */
		    R(game_save, CITY_ERANGE, .idx = 16),
		    R(game_save, CITY_ERANGE, .idx = 0),
		    R(game_tile_count, 0, .i = 0),
		    R(contour_length, 0, .i = 0),
		    R(wall_length, 0, .i = 0),
		    R(game_walls_left, 70, .i = 0),
		    R(game_end_reasons, 0, .i = 0),
		    R(game_final_scored, 0, .i = 0),
		};
		run_table(g, rows, sizeof rows / sizeof *rows, "new game");
	}
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Carcassonne (docs/carcassonne.md): the same calls on a base-game and a
 * Tower game, at every decision they reach.                                 */

/* Rows whose answer does not depend on the decision of a 5-player
 * Carcassonne game. */
static const row carc_rows[] = {
    R(game_kind, CITY_GAME_CARCASSONNE, .i = 0),
    R(game_players, 5, .i = 0),
    R(game_score_detail, CITY_EINVAL, .i = 0, .j = CITY_CAT_STREETS),
    R(game_score_detail, CITY_EINVAL, .i = 0, .j = CITY_CAT_GUARDS),
    R(game_score_detail, CITY_EINVAL, .i = 0, .j = CITY_CAT_RANSOM + 1),
    R(game_score_detail, CITY_EINVAL, .i = 5, .j = CITY_CAT_ROADS),
    R(game_score_detail, CITY_EINVAL, .i = -1, .j = CITY_CAT_ROADS),
    R(game_score, CITY_EINVAL, .i = 5),
    R(game_score_get, CITY_EINVAL, .i = 5),
    R(game_score_get, CITY_OK, .i = 4),
    R(game_score_detail_get, CITY_EINVAL, .i = 0, .j = CITY_CAT_STREETS),
    R(game_score_detail_get, CITY_EINVAL, .i = 0, .j = CITY_CAT_RANSOM + 1),
    R(game_score_detail_get, CITY_OK, .i = 4, .j = CITY_CAT_RANSOM),
    R(game_supply, CITY_EINVAL, .i = 5),
    R(game_supply, CITY_EINVAL, .i = INT_MIN),
    R(game_rule, CITY_EINVAL, .i = CITY_RULE_END_GAP),
    R(game_rule, 1, .i = CITY_RULE_FARMERS),
    R(game_tiles_left, 0, .i = 2),
    R(game_tiles_left, CITY_EINVAL, .i = 4),
    R(wall_length, 0, .i = 0),
    R(wall_end, CITY_ENOTFOUND, .i = CITY_END_CW),
    R(wall_gap, CITY_ENOTFOUND, .i = 0),
    R(wall_piece, CITY_EINVAL, .idx = 0),
    R(tower_count, 0, .i = 0),
    R(tower, CITY_EINVAL, .idx = 0),
    R(contour_length, CITY_ENOTFOUND, .i = 0),
    R(game_walls_left, 0, .i = 0),
    R(game_tile_at, CITY_OK, .x = 0, .y = 0), /* the start tile */
    R(game_tile_at, CITY_ENOTFOUND, .x = INT32_MIN, .y = INT32_MAX),
    R(game_tile_at, CITY_ENOTFOUND, .x = 65536, .y = 0),
    R(feature_kind, CITY_FEATURE_CITY, .x = 0, .y = 0, .c = 'a'),
    R(feature_kind, CITY_FEATURE_ROAD, .x = 0, .y = 0, .c = '1'),
    R(feature_kind, CITY_ENOTFOUND, .x = 0, .y = 0, .c = 'm'),
    R(feature_kind, CITY_ENOTFOUND, .x = 0, .y = 0, .c = 'z'),
    R(feature_kind, CITY_ENOTFOUND, .x = 0, .y = 0, .c = (char)0xFF),
    R(feature_coats, CITY_ENOTFOUND, .x = 0, .y = 0, .c = 'q'),
    R(feature_market_kinds, 0, .x = 0, .y = 0, .c = 'a'),
    R(feature_followers, CITY_EINVAL, .x = 0, .y = 0, .c = 'a', .i = 5),
    R(feature_followers, CITY_ENOTFOUND, .x = 0, .y = 1000, .c = 'a'),
    R(feature_same, CITY_ENOTFOUND, .c = 'a', .x2 = INT32_MAX, .c2 = 'a'),
    R(game_follower, CITY_EINVAL, .idx = 35),
    R(game_follower, CITY_EINVAL, .idx = SIZE_MAX),
    R(game_prisoners, CITY_EINVAL, .i = 5, .j = 0),
    R(game_prisoners, CITY_EINVAL, .i = 0, .j = -1),
    R(game_floors, CITY_EINVAL, .i = 5),
    R(game_tower, CITY_ENOTFOUND, .x = INT32_MIN, .y = 0),
};

/* The City's decisions in a Carcassonne game (before its end). */
static const row carc_city_calls[] = {
    R(build_gate, CITY_EDECISION, .x = 0, .y = 0),
    R(build_wall, CITY_EDECISION, .i = CITY_END_CW),
    R(place_guard, CITY_EDECISION, .i = 0),
    R(place_tower, CITY_EDECISION, .i = CITY_END_CW),
};

START_TEST(hostile_carcassonne)
{
	int tower;
	for (tower = 0; tower <= 1; tower++) {
		city_game *g =
		        test_new_game(CITY_GAME_CARCASSONNE, tower, 1, 5, 11);
		uint64_t st = 99;
		int seen[9] = {0};
		/* The Tower is in play exactly in the second game */
		ck_assert_int_eq(
		        (city_game_expansions(g) & CITY_EXPANSION_TOWER) != 0,
		        tower);
		for (;;) {
			int d = city_game_decision(g);
			char where[48];
			snprintf(where, sizeof where, "carcassonne%s decision %d",
			         tower ? "+tower" : "", d);
			run_table(g, null_handle_rows,
			          sizeof null_handle_rows / sizeof *null_handle_rows,
			          where);
			if (!seen[d]++) {
				run_table(g, carc_rows,
				          sizeof carc_rows / sizeof *carc_rows, where);
				if (d != CITY_DECISION_END)
					run_table(g, carc_city_calls,
					          sizeof carc_city_calls /
					              sizeof *carc_city_calls,
					          where);
			}
			if (!test_play_random(g, 1, &st))
				break;
		}
		{
			static const row end_rows[] = {
			    R(place_tile, CITY_EENDED, .x = 0, .y = 0),
			    R(place_follower, CITY_EENDED, .c = 'a'),
			    R(pass, CITY_EENDED, .i = 0),
			    R(place_floor, CITY_EENDED, .x = 0, .y = 0),
			    R(capture, CITY_EENDED, .c = 'a'),
			    R(pay_ransom, CITY_EENDED, .i = 1),
			    R(game_winners, CITY_ENOTENDED, .i = 0),
			    R(game_end_reasons, (int)CITY_ENDED_TILES, .i = 0),
			    R(game_final_scored, 0, .i = 0),
			};
			if (!tower) /* without the expansion: EILLEGAL first */
				run_table(g, end_rows, 3, "carcassonne ended");
			else
				run_table(g, end_rows, 6, "carcassonne ended");
			run_table(g, end_rows + 6, 3, "carcassonne ended");
			ck_assert_int_eq(city_score_final(g), CITY_OK);
			ck_assert_int_eq(city_score_final(g), CITY_OK);
			ck_assert_int_eq(city_game_follower_count(g), 0);
		}
		city_game_free(g);
	}
}
END_TEST

START_TEST(hostile_tile_decision)
{
	city_game *g = game_at(CITY_DECISION_TILE, 2);
	static const row rows[] = {
	    R(place_tile, CITY_EILLEGAL, .x = 0, .y = 0), /* occupied */
	    R(score_final, CITY_ENOTENDED, .i = 0),
	    R(game_winners, CITY_ENOTENDED, .i = 0),
	    R(feature_followers, CITY_EINVAL, .c = 'a', .i = -1),
	    R(feature_followers, CITY_EINVAL, .c = 'a', .i = 2),
	    R(feature_followers, CITY_EINVAL, .c = 'a', .i = INT_MIN),
	    R(feature_same, CITY_ENOTFOUND, .c = 'a', .x2 = INT32_MIN,
	      .c2 = 'a'),
	    R(feature_same, CITY_ENOTFOUND, .c = 'a', .x2 = 0, .c2 = 'z'),
	    R(feature_same, 1, .c = 'a', .c2 = 'a'),
	    R(game_cell, CITY_CELL_TILE, .i = 0),
	    R(game_bounds, CITY_OK, NULLOUT), /* outs optional */
	};
	run_all(g, "tile decision");
	run_table(g, rows, sizeof rows / sizeof *rows, "tile decision");
	city_game_free(g);
}
END_TEST

START_TEST(hostile_follower_decision)
{
	city_game *g = game_at(CITY_DECISION_FOLLOWER, 2);
	run_all(g, "follower decision");
	city_game_free(g);
}
END_TEST

/* A gate on a side that faces another tile, and on a side of an empty
 * cell, are illegal. */
START_TEST(hostile_gate_decision)
{
	city_game *g = game_at(CITY_DECISION_GATE, 2);
	int n = city_game_tile_count(g), i, s, found = 0;
	run_all(g, "gate decision");
	for (i = 0; i < n && !found; i++) {
		int32_t x, y;
		ck_assert_int_eq(city_game_placed_tile(g, (size_t)i, &x, &y, NULL,
		                                       NULL),
		                 CITY_OK);
		for (s = 0; s < 4; s++) {
			int32_t nx = x + (s == 1) - (s == 3);
			int32_t ny = y + (s == 2) - (s == 0);
			if (city_game_cell(g, nx, ny) != CITY_CELL_TILE)
				continue;
			{
				const row r = R(build_gate, CITY_EILLEGAL, .x = x,
				                .y = y, .i = s);
				run_row(g, &r, CITY_EILLEGAL, "gate facing a tile",
				        0);
				found = 1;
				break;
			}
		}
	}
	ck_assert(found);
	city_game_free(g);
}
END_TEST

START_TEST(hostile_wall_decision)
{
	city_game *g = game_at(CITY_DECISION_WALL, 2);
	run_all(g, "wall decision");
	city_game_free(g);
}
END_TEST

START_TEST(hostile_guard_decision)
{
	city_game *g = game_at(CITY_DECISION_GUARD, 2);
	run_all(g, "guard decision");
	city_game_free(g);
}
END_TEST

/* A tower at an end not eligible is illegal; ends out of range invalid. */
START_TEST(hostile_tower_decision)
{
	city_game *g = game_at(CITY_DECISION_TOWER, 2);
	city_move moves[3];
	size_t n = 0, i;
	int end, eligible[2] = {0, 0};
	run_all(g, "tower decision");
	ck_assert_int_eq(city_legal_moves(g, moves, 3, &n), CITY_OK);
	for (i = 0; i < n; i++)
		if (moves[i].kind == CITY_MOVE_TOWER)
			eligible[moves[i].end] = 1;
	for (end = 0; end < 2; end++)
		if (!eligible[end]) {
			const row r = R(place_tower, CITY_EILLEGAL, .i = end);
			run_row(g, &r, CITY_EILLEGAL, "ineligible end", 0);
		}
	city_game_free(g);
}
END_TEST

/* After the end: every decision call is CITY_EENDED whatever its
 * arguments; final scoring is idempotent; winners only after it. */
START_TEST(hostile_after_the_end)
{
	int players;
	for (players = 2; players <= 4; players++) {
		city_game *g = game_at(CITY_DECISION_END, players);
		char *before, *after;
		size_t n = 9;
		static const row rows[] = {
		    R(game_winners, CITY_ENOTENDED, .i = 0),
		    R(legal_moves, CITY_OK, .idx = 4), /* none, count 0 */
		    R(legal_moves, CITY_OK, .nullout = 1, .idx = 0),
		};
		if (players == 2)
			run_all(g, "ended");
		run_table(g, rows, sizeof rows / sizeof *rows, "ended");
		ck_assert_int_eq(city_legal_moves(g, NULL, 0, &n), CITY_OK);
		ck_assert_uint_eq(n, 0);
		ck_assert_int_ne(city_game_end_reasons(g), 0);
		before = save_text(g);
		ck_assert_int_eq(city_score_final(g), CITY_OK);
		ck_assert_int_eq(city_score_final(g), CITY_OK);
		after = save_text(g);
		/* final scoring is no move: the record only gains its
		 * `scored` line (record.md) */
		{
			size_t nb = strlen(before);
			ck_assert_uint_eq(strlen(after), nb + 7);
			ck_assert_int_eq(memcmp(before, after, nb - 4), 0);
			ck_assert_str_eq(after + nb - 4, "scored\nend\n");
		}
		ck_assert_int_eq(city_game_final_scored(g), 1);
		{
			unsigned mask = 0;
			ck_assert_int_eq(city_game_winners(g, &mask), CITY_OK);
			ck_assert_uint_ne(mask, 0);
			ck_assert_uint_lt(mask, 1u << players);
		}
		if (players == 2)
			run_all(g, "finally scored");
		free(before);
		free(after);
		city_game_free(g);
	}
}
END_TEST

/* city_game_copy() between games of different shapes fails and changes
 * nothing. */
START_TEST(hostile_copy_shapes)
{
	city_game *a = game_at(CITY_DECISION_TILE, 2), *b = NULL;
	city_tileset *ts = NULL;
	city_options *o = NULL;
	const char *tiny = "tileset tiny\n1 5  a-a a-a a-a a-a  a=R\n";
	char *before;
	ck_assert_int_eq(city_tileset_parse(&ts, tiny, strlen(tiny), NULL, 0),
	                 CITY_OK);
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_tileset(o, ts), CITY_OK);
	ck_assert_int_eq(city_game_new(&b, o), CITY_OK);
	before = save_text(a);
	ck_assert_int_eq(city_game_copy(a, b), CITY_EINVAL);
	{
		char *after = save_text(a);
		ck_assert_str_eq(before, after);
		free(after);
	}
	free(before);
	before = save_text(b);
	ck_assert_int_eq(city_game_copy(b, a), CITY_EINVAL);
	{
		char *after = save_text(b);
		ck_assert_str_eq(before, after);
		free(after);
	}
	free(before);
	city_game_free(a);
	city_game_free(b);
	city_options_free(o);
	city_tileset_free(ts);
}
END_TEST

/* Issue 16: city_game_copy() between games of the same tile set but
 * different player counts is refused as documented (CITY_EINVAL, a
 * reason), and neither game changes. */
START_TEST(hostile_copy_players)
{
	city_game *a = game_at(CITY_DECISION_TILE, 2);
	city_game *b = game_at(CITY_DECISION_TILE, 3);
	char *before_a = save_text(a), *before_b = save_text(b), *after;
	ck_assert_int_eq(city_game_copy(a, b), CITY_EINVAL);
	ck_assert_str_eq(city_game_last_error(a),
	                 "R-ERR-1: cannot copy a game of 3 players on tile set "
	                 "\"the-city\" into one of 2 players on \"the-city\"");
	ck_assert_int_eq(city_game_copy(b, a), CITY_EINVAL);
	after = save_text(a);
	ck_assert_str_eq(before_a, after);
	free(after);
	after = save_text(b);
	ck_assert_str_eq(before_b, after);
	free(after);
	ck_assert_int_eq(city_game_players(a), 2);
	ck_assert_int_eq(city_game_players(b), 3);
	free(before_a);
	free(before_b);
	city_game_free(a);
	city_game_free(b);
}
END_TEST

/* Issue 16: city_apply_move() refuses a move whose reserved fields are not
 * zero (CITY_EINVAL, naming the field), even when the move is otherwise
 * legal, and the game does not change; the same move with zeros applies. */
START_TEST(hostile_reserved_fields)
{
	city_game *g = game_at(CITY_DECISION_TILE, 2);
	city_move moves[256], m;
	size_t n;
	char *before = save_text(g), *after;
	int moves_before = city_game_move_count(g);
	ck_assert_int_eq(city_legal_moves(g, moves, 256, &n), CITY_OK);
	ck_assert_uint_gt(n, 0);
	m = moves[0];
	m.reserved0[1] = 7;
	ck_assert_int_eq(city_apply_move(g, &m), CITY_EINVAL);
	ck_assert_str_eq(city_game_last_error(g),
	                 "R-ERR-1: move field reserved0[1] is 7, not 0");
	m = moves[0];
	m.reserved1[1] = 123456;
	ck_assert_int_eq(city_apply_move(g, &m), CITY_EINVAL);
	ck_assert_str_eq(city_game_last_error(g),
	                 "R-ERR-1: move field reserved1[1] is 123456, not 0");
	ck_assert_int_eq(city_game_move_count(g), moves_before);
	after = save_text(g);
	ck_assert_str_eq(before, after);
	free(after);
	ck_assert_int_eq(city_apply_move(g, &moves[0]), CITY_OK);
	ck_assert_int_eq(city_game_move_count(g), moves_before + 1);
	free(before);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Buffers too small: CITY_ERANGE with `needed` exact, nothing written past */
/* the capacity                                                              */

#define CANARY 0x5A

static void assert_canary(const char *buf, size_t from, size_t to)
{
	size_t i;
	for (i = from; i < to; i++)
		ck_assert_msg((unsigned char)buf[i] == CANARY,
		              "byte %zu written past the capacity %zu", i, from);
}

START_TEST(buffers_save)
{
	city_game *g = game_at(CITY_DECISION_WALL, 3);
	size_t need = 0, need2 = 0, cap;
	char *full, *buf;
	ck_assert_int_eq(city_game_save(g, NULL, 0, &need), CITY_ERANGE);
	full = malloc(need);
	ck_assert_int_eq(city_game_save(g, full, need, &need2), CITY_OK);
	ck_assert_uint_eq(need2, need);
	ck_assert_uint_eq(strlen(full), need - 1);
	buf = malloc(need + 64);
	for (cap = 1; cap < need; cap = cap < 64 ? cap + 1 : cap * 3 / 2) {
		memset(buf, CANARY, need + 64);
		need2 = 0;
		ck_assert_int_eq(city_game_save(g, buf, cap, &need2), CITY_ERANGE);
		ck_assert_uint_eq(need2, need);
		assert_canary(buf, cap, need + 64);
	}
	memset(buf, CANARY, need + 64);
	ck_assert_int_eq(city_game_save(g, buf, need - 1, &need2), CITY_ERANGE);
	ck_assert_uint_eq(need2, need);
	assert_canary(buf, need - 1, need + 64);
	/* `needed` may be NULL. */
	ck_assert_int_eq(city_game_save(g, buf, 1, NULL), CITY_ERANGE);
	ck_assert_int_eq(city_game_save(g, buf, need, NULL), CITY_OK);
	ck_assert_str_eq(buf, full);
	free(buf);
	free(full);
	city_game_free(g);
}
END_TEST

START_TEST(buffers_move_text)
{
	city_move moves[] = {
	    {.kind = CITY_MOVE_PLACE, .x = INT32_MIN, .y = INT32_MAX, .rotation = 3},
	    {.kind = CITY_MOVE_FOLLOWER, .part = 'h'},
	    {.kind = CITY_MOVE_GATE, .x = -1, .y = 2, .side = CITY_SIDE_W},
	    {.kind = CITY_MOVE_WALL, .end = CITY_END_CCW},
	    {.kind = CITY_MOVE_GUARD},
	    {.kind = CITY_MOVE_TOWER, .end = CITY_END_CW},
	    {.kind = CITY_MOVE_PASS},
	};
	size_t i;
	for (i = 0; i < sizeof moves / sizeof *moves; i++) {
		char buf[80], full[80];
		size_t need = 0, need2 = 0, cap;
		ck_assert_int_eq(city_move_to_string(&moves[i], NULL, 0, &need),
		                 CITY_ERANGE);
		ck_assert_int_eq(city_move_to_string(&moves[i], full, sizeof full,
		                                     &need2),
		                 CITY_OK);
		ck_assert_uint_eq(need, need2);
		ck_assert_uint_eq(strlen(full), need - 1);
		for (cap = 1; cap < need; cap++) {
			memset(buf, CANARY, sizeof buf);
			need2 = 0;
			ck_assert_int_eq(city_move_to_string(&moves[i], buf, cap,
			                                     &need2),
			                 CITY_ERANGE);
			ck_assert_uint_eq(need2, need);
			assert_canary(buf, 0, sizeof buf); /* untouched */
		}
		ck_assert_int_eq(city_move_to_string(&moves[i], buf, need, NULL),
		                 CITY_OK);
		ck_assert_str_eq(buf, full);
	}
	{
		char buf[80];
		ck_assert_int_eq(city_move_to_string(&moves[0], buf, sizeof buf,
		                                     NULL),
		                 CITY_OK);
		ck_assert_str_eq(buf, "place -2147483648 2147483647 3");
	}
}
END_TEST

START_TEST(buffers_tileset_text)
{
	const city_tileset *ts = city_tileset_default();
	size_t need = 0, need2 = 0, cap;
	char *buf, *full;
	unsigned i;
	ck_assert_int_eq(city_tileset_text(ts, NULL, 0, &need), CITY_ERANGE);
	full = malloc(need);
	ck_assert_int_eq(city_tileset_text(ts, full, need, &need2), CITY_OK);
	ck_assert_uint_eq(need2, need);
	ck_assert_uint_eq(strlen(full), need - 1);
	buf = malloc(need + 16);
	for (cap = 1; cap < need; cap = cap * 2 + 1) {
		memset(buf, CANARY, need + 16);
		ck_assert_int_eq(city_tileset_text(ts, buf, cap, &need2),
		                 CITY_ERANGE);
		ck_assert_uint_eq(need2, need);
		assert_canary(buf, 0, need + 16); /* documented: untouched */
	}
	memset(buf, CANARY, need + 16);
	ck_assert_int_eq(city_tileset_text(ts, buf, need - 1, &need2),
	                 CITY_ERANGE);
	assert_canary(buf, 0, need + 16);
	free(buf);
	free(full);
	/* Adjacency text of every design. */
	for (i = 0; i < city_tileset_design_count(ts); i++) {
		char a[128], b[128];
		size_t n = 0, n2 = 0;
		ck_assert_int_eq(city_tileset_adjacency(ts, i, NULL, 0, &n),
		                 CITY_ERANGE);
		ck_assert_int_eq(city_tileset_adjacency(ts, i, a, sizeof a, &n2),
		                 CITY_OK);
		ck_assert_uint_eq(n, n2);
		ck_assert_uint_eq(strlen(a), n - 1);
		for (cap = 1; cap < n; cap++) {
			memset(b, CANARY, sizeof b);
			ck_assert_int_eq(city_tileset_adjacency(ts, i, b, cap, &n2),
			                 CITY_ERANGE);
			ck_assert_uint_eq(n2, n);
			assert_canary(b, 0, sizeof b);
		}
	}
}
END_TEST

START_TEST(buffers_legal_moves)
{
	city_game *g = game_at(CITY_DECISION_TILE, 4);
	size_t n = 0, n2 = 0, cap;
	city_move *all, *buf;
	ck_assert_int_eq(city_legal_moves(g, NULL, 0, &n), CITY_OK);
	ck_assert_uint_gt(n, 1);
	all = malloc(n * sizeof *all);
	buf = malloc((n + 4) * sizeof *buf);
	ck_assert_int_eq(city_legal_moves(g, all, n, &n2), CITY_OK);
	ck_assert_uint_eq(n2, n);
	for (cap = 1; cap < n; cap++) {
		memset(buf, CANARY, (n + 4) * sizeof *buf);
		n2 = 0;
		ck_assert_int_eq(city_legal_moves(g, buf, cap, &n2), CITY_ERANGE);
		ck_assert_uint_eq(n2, n);
		ck_assert_int_eq(memcmp(buf, all, cap * sizeof *buf), 0);
		assert_canary((const char *)buf, cap * sizeof *buf,
		              (n + 4) * sizeof *buf);
	}
	/* Larger than needed is fine. */
	ck_assert_int_eq(city_legal_moves(g, buf, n + 4, &n2), CITY_OK);
	ck_assert_uint_eq(n2, n);
	free(all);
	free(buf);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Tile sets, options, moves, records, status and version                    */

typedef int (*ts_fn)(const city_tileset *ts, const args *a);

typedef struct ts_row {
	const char *name;
	ts_fn fn;
	args a;
	int want;
} ts_row;

static int t_name(const city_tileset *ts, const args *a)
{
	(void)a;
	return city_tileset_name(ts) ? CITY_OK : CITY_EINVAL;
}
static int t_design_count(const city_tileset *ts, const args *a)
{
	(void)a;
	return (int)city_tileset_design_count(ts);
}
static int t_tile_count(const city_tileset *ts, const args *a)
{
	(void)a;
	return (int)city_tileset_tile_count(ts);
}
static int t_find_design(const city_tileset *ts, const args *a)
{
	return city_tileset_find_design(ts, a->i);
}
static int t_design_id(const city_tileset *ts, const args *a)
{
	return city_tileset_design_id(ts, (unsigned)a->idx);
}
static int t_design_count_of(const city_tileset *ts, const args *a)
{
	return city_tileset_design_count_of(ts, (unsigned)a->idx);
}
static int t_public_buildings(const city_tileset *ts, const args *a)
{
	return city_tileset_public_buildings(ts, (unsigned)a->idx);
}
static int t_historic_name(const city_tileset *ts, const args *a)
{
	return city_tileset_historic_name(ts, (unsigned)a->idx) ? CITY_OK
	                                                         : CITY_EINVAL;
}
/* side: nullout: every out-pointer NULL. */
static int t_side(const city_tileset *ts, const args *a)
{
	char l = '?', m = '?', r = '?';
	int rc = a->nullout ? city_tileset_side(ts, (unsigned)a->idx, a->i,
	                                        a->j, NULL, NULL, NULL)
	                    : city_tileset_side(ts, (unsigned)a->idx, a->i,
	                                        a->j, &l, &m, &r);
	if (rc != CITY_OK)
		ck_assert(l == '?' && m == '?' && r == '?'); /* nothing written */
	return rc;
}
static int t_region_kind(const city_tileset *ts, const args *a)
{
	unsigned m = 77;
	int rc = city_tileset_region_kind(ts, (unsigned)a->idx, a->c,
	                                  a->nullout ? NULL : &m);
	return rc;
}
static int t_adjacent(const city_tileset *ts, const args *a)
{
	return city_tileset_adjacent(ts, (unsigned)a->idx, a->c, a->c2);
}
/* adjacency / text: i is the capacity; nullout: buffer NULL. */
static int t_adjacency(const city_tileset *ts, const args *a)
{
	char buf[8];
	size_t n = 0;
	return city_tileset_adjacency(ts, (unsigned)a->idx,
	                              a->nullout ? NULL : buf, (size_t)a->i, &n);
}
static int t_text(const city_tileset *ts, const args *a)
{
	char buf[8];
	size_t n = 0;
	return city_tileset_text(ts, a->nullout ? NULL : buf, (size_t)a->i, &n);
}

static int t_game(const city_tileset *ts, const args *a)
{
	(void)a;
	return city_tileset_game(ts);
}
static int t_coat_of_arms(const city_tileset *ts, const args *a)
{
	return city_tileset_coat_of_arms(ts, (unsigned)a->idx, a->c);
}
static int t_monastery(const city_tileset *ts, const args *a)
{
	return city_tileset_monastery(ts, (unsigned)a->idx);
}
static int t_tower_foundation(const city_tileset *ts, const args *a)
{
	return city_tileset_tower_foundation(ts, (unsigned)a->idx);
}
static int t_start_design(const city_tileset *ts, const args *a)
{
	(void)a;
	return city_tileset_start_design(ts);
}

#define T(fn, want, ...) {"city_tileset_" #fn, t_##fn, {__VA_ARGS__}, want}

START_TEST(hostile_tileset_queries)
{
	const city_tileset *def = city_tileset_default();
	static const ts_row null_rows[] = {
	    T(name, CITY_EINVAL, .i = 0),           T(design_count, 0, .i = 0),
	    T(tile_count, 0, .i = 0),               T(find_design, CITY_EINVAL, .i = 1),
	    T(design_id, CITY_EINVAL, .i = 0),      T(design_count_of, CITY_EINVAL, .i = 0),
	    T(public_buildings, CITY_EINVAL, .i = 0), T(historic_name, CITY_EINVAL, .i = 0),
	    T(side, CITY_EINVAL, .i = 0),           T(region_kind, CITY_EINVAL, .c = 'a'),
	    T(adjacent, CITY_EINVAL, .c = 'a', .c2 = 'b'),
	    T(adjacency, CITY_EINVAL, .i = 8), T(text, CITY_EINVAL, .i = 8),
	    T(game, CITY_EINVAL, .i = 0),
	    T(coat_of_arms, CITY_EINVAL, .c = 'a'),
	    T(monastery, CITY_EINVAL, .i = 0),
	    T(tower_foundation, CITY_EINVAL, .i = 0),
	    T(start_design, CITY_EINVAL, .i = 0),
	};
	static const ts_row rows[] = {
	    T(find_design, CITY_ENOTFOUND, .i = 0),
	    T(find_design, CITY_ENOTFOUND, .i = 100),
	    T(find_design, CITY_ENOTFOUND, .i = -1),
	    T(find_design, CITY_ENOTFOUND, .i = INT_MIN),
	    T(find_design, CITY_ENOTFOUND, .i = INT_MAX),
	    T(find_design, CITY_ENOTFOUND, .i = 256 + 1), /* not id 1 */
	    T(find_design, 0, .i = 1),
	    T(design_id, CITY_EINVAL, .idx = 64),
	    T(design_id, CITY_EINVAL, .idx = UINT_MAX),
	    T(design_id, 1, .idx = 0),
	    T(design_count_of, CITY_EINVAL, .idx = 64),
	    T(design_count_of, CITY_EINVAL, .idx = UINT_MAX),
	    T(public_buildings, CITY_EINVAL, .idx = 64),
	    T(public_buildings, CITY_EINVAL, .idx = (size_t)INT_MAX + 1u),
	    T(historic_name, CITY_EINVAL, .idx = 64),
	    T(historic_name, CITY_EINVAL, .idx = UINT_MAX),
	    T(historic_name, CITY_OK, .idx = 0), /* "" */
	    T(side, CITY_EINVAL, .idx = 64),
	    T(side, CITY_EINVAL, .i = -1),
	    T(side, CITY_EINVAL, .i = 4),
	    T(side, CITY_EINVAL, .i = INT_MIN),
	    T(side, CITY_EINVAL, .j = -1),
	    T(side, CITY_EINVAL, .j = 4),
	    T(side, CITY_EINVAL, .j = INT_MAX),
	    T(side, CITY_OK, .nullout = 1, .i = 3, .j = 3), /* outs may be NULL */
	    T(region_kind, CITY_EINVAL, .idx = 64, .c = 'a'),
	    T(region_kind, CITY_EINVAL, .idx = UINT_MAX, .c = 'a'),
	    T(region_kind, CITY_ENOTFOUND, .c = 'z'),
	    T(region_kind, CITY_ENOTFOUND, .c = '\0'),
	    T(region_kind, CITY_ENOTFOUND, .c = '1'), /* a street is no region */
	    T(region_kind, CITY_ENOTFOUND, .c = (char)0xE1),
	    T(region_kind, CITY_REGION_RESIDENTIAL, .nullout = 1, .c = 'a'),
	    T(adjacent, CITY_EINVAL, .idx = 64, .c = 'a', .c2 = 'b'),
	    T(adjacent, CITY_ENOTFOUND, .c = 'a', .c2 = 'z'),
	    T(adjacent, CITY_ENOTFOUND, .c = (char)0x80, .c2 = 'a'),
	    T(adjacent, 0, .c = 'a', .c2 = 'a'),
	    T(adjacency, CITY_EINVAL, .idx = 64, .i = 8),
	    T(adjacency, CITY_EINVAL, .nullout = 1, .i = 5),
	    T(adjacency, CITY_ERANGE, .nullout = 1, .i = 0),
	    T(text, CITY_EINVAL, .nullout = 1, .i = 5),
	    T(text, CITY_ERANGE, .nullout = 1, .i = 0),
	    T(text, CITY_ERANGE, .i = 8),
	    T(design_count, 64, .i = 0),
	    T(tile_count, 75, .i = 0),
	    T(game, CITY_GAME_THE_CITY, .i = 0),
	    T(coat_of_arms, CITY_EINVAL, .idx = 64, .c = 'a'),
	    T(coat_of_arms, CITY_EINVAL, .idx = UINT_MAX, .c = 'a'),
	    T(coat_of_arms, CITY_ENOTFOUND, .c = 'z'),
	    T(coat_of_arms, CITY_ENOTFOUND, .c = '1'),
	    T(coat_of_arms, CITY_ENOTFOUND, .c = (char)0x80),
	    T(coat_of_arms, 0, .c = 'a'),
	    T(monastery, CITY_EINVAL, .idx = 64),
	    T(monastery, CITY_EINVAL, .idx = UINT_MAX),
	    T(monastery, 0, .idx = 0),
	    T(tower_foundation, CITY_EINVAL, .idx = 64),
	    T(tower_foundation, CITY_EINVAL, .idx = (size_t)INT_MAX + 1u),
	    T(tower_foundation, 0, .idx = 63),
	    T(start_design, -1, .i = 0), /* The City has no start design */
	};
	size_t i;
	for (i = 0; i < sizeof null_rows / sizeof *null_rows; i++) {
		int rc = null_rows[i].fn(NULL, &null_rows[i].a);
		ck_assert_msg(rc == null_rows[i].want, "NULL set: %s gave %d",
		              null_rows[i].name, rc);
	}
	for (i = 0; i < sizeof rows / sizeof *rows; i++) {
		int rc = rows[i].fn(def, &rows[i].a);
		ck_assert_msg(rc == rows[i].want, "row %zu: %s gave %d (%s), want %d",
		              i, rows[i].name, rc, city_status_str(rc),
		              rows[i].want);
	}
	/* Freeing NULL or the built-in set is a no-op. */
	city_tileset_free(NULL);
	city_tileset_free((city_tileset *)(uintptr_t)def);
	ck_assert_uint_eq(city_tileset_tile_count(city_tileset_default()), 75);
}
END_TEST

START_TEST(hostile_tileset_parse)
{
	city_tileset *sentinel = (city_tileset *)(uintptr_t)0x10, *ts = sentinel;
	const char *one = "tileset t\n1 1 a-a a-a a-a a-a a=R\n";
	char err[64];
	ck_assert_int_eq(city_tileset_parse(NULL, one, strlen(one), err,
	                                    sizeof err),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_tileset_parse(&ts, NULL, 5, err, sizeof err),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_tileset_parse(&ts, NULL, 0, NULL, 0), CITY_EINVAL);
	ck_assert_ptr_eq(ts, sentinel);
	ck_assert_int_eq(city_tileset_parse(&ts, "", 0, err, sizeof err),
	                 CITY_EPARSE);
	ck_assert_ptr_eq(ts, sentinel);
	/* No reason buffer, or a 1-byte one: still the status, NUL kept. */
	ck_assert_int_eq(city_tileset_parse(&ts, "x", 1, NULL, 0), CITY_EPARSE);
	err[0] = 'Q';
	ck_assert_int_eq(city_tileset_parse(&ts, "x", 1, err, 1), CITY_EPARSE);
	ck_assert_int_eq(err[0], '\0');
	ck_assert_int_eq(city_tileset_parse(&ts, "x", 1, err, 0), CITY_EPARSE);
	ck_assert_ptr_eq(ts, sentinel);
	/* Only `len` bytes are read: the text need not be NUL-terminated. */
	{
		char *exact = malloc(strlen(one));
		memcpy(exact, one, strlen(one));
		ck_assert_int_eq(city_tileset_parse(&ts, exact, strlen(one), err,
		                                    sizeof err),
		                 CITY_OK);
		ck_assert_str_eq(err, "");
		city_tileset_free(ts);
		free(exact);
	}
}
END_TEST

typedef int (*opt_fn)(city_options *o, const args *a);
typedef struct opt_row {
	const char *name;
	opt_fn fn;
	args a;
	const char *text; /* parse_rule's argument */
	int want;
} opt_row;

static const int ids_bad_low[3] = {1, 0, 2};
static const int ids_bad_high[3] = {1, 100, 2};
static const int ids_neg[3] = {INT_MIN, -1, 1};
static int ids_many[300];

static int o_set_players(city_options *o, const args *a)
{
	return city_options_set_players(o, a->i);
}
static int o_set_seed(city_options *o, const args *a)
{
	(void)a;
	return city_options_set_seed(o, UINT64_MAX);
}
/* set_order: j picks the ids, idx is the count; nullout: ids NULL. */
static int o_set_order(city_options *o, const args *a)
{
	const int *ids = a->nullout ? NULL
	                 : a->j == 0 ? ids_bad_low
	                 : a->j == 1 ? ids_bad_high
	                 : a->j == 2 ? ids_neg
	                             : ids_many;
	return city_options_set_order(o, ids, a->idx);
}
/* set_stacks: x, y, i as the three sizes (as unsigned). */
static int o_set_stacks(city_options *o, const args *a)
{
	return city_options_set_stacks(o, (unsigned)a->x, (unsigned)a->y,
	                               (unsigned)a->i);
}
static int o_set_tileset(city_options *o, const args *a)
{
	(void)a;
	return city_options_set_tileset(o, NULL); /* NULL set: the built-in */
}
static int o_set_rule(city_options *o, const args *a)
{
	return city_options_set_rule(o, a->i, a->j);
}
static void *never_alloc(size_t n, void *u)
{
	(void)n;
	(void)u;
	return NULL;
}
static void *never_realloc(void *p, size_t n, void *u)
{
	(void)p;
	(void)n;
	(void)u;
	return NULL;
}
static void never_free(void *p, void *u)
{
	(void)p;
	(void)u;
}
/* set_allocator: i is a mask of the functions given (1 alloc, 2 realloc,
 * 4 free). */
static int o_set_allocator(city_options *o, const args *a)
{
	return city_options_set_allocator(o, a->i & 1 ? never_alloc : NULL,
	                                  a->i & 2 ? never_realloc : NULL,
	                                  a->i & 4 ? never_free : NULL, NULL);
}
/* check: nullout passes a NULL reason with capacity idx. */
static int o_check(city_options *o, const args *a)
{
	char reason[8];
	return city_options_check(o, a->nullout ? NULL : reason,
	                          a->nullout ? a->idx : sizeof reason);
}
static int o_get_rule(city_options *o, const args *a)
{
	return city_options_get_rule(o, a->i);
}

#define O(fn, want, ...) {"city_options_" #fn, o_##fn, {__VA_ARGS__}, NULL, want}
#define OP(text, want) {"city_options_parse_rule", NULL, {0}, text, want}

/* What a set of options makes: the record of a new game (or the status
 * of city_game_new()). */
static char *options_fingerprint(const city_options *o)
{
	city_game *g = NULL;
	char *t;
	int rc = city_game_new(&g, o);
	if (rc != CITY_OK) {
		t = malloc(32);
		snprintf(t, 32, "game_new: %d", rc);
		return t;
	}
	t = save_text(g);
	city_game_free(g);
	return t;
}

/* Built-in sets by name, games and expansions: refused calls change
 * nothing (the game of the options stays as it was). */
START_TEST(hostile_games_and_builtin_sets)
{
	static const char *const bad_names[] = {
	    "", "The-City", "the-city ", "carcassonne-", "tower", "inline",
	    "carcassonne\n", "\xff", "river", "the-river",
	    "carcassonne-tower-river", "carcassonne-river ", "Carcassonne-River"};
	city_options *o = NULL;
	char *before, *after;
	size_t i;
	ck_assert_ptr_null(city_tileset_builtin(NULL));
	for (i = 0; i < sizeof bad_names / sizeof *bad_names; i++)
		ck_assert_ptr_null(city_tileset_builtin(bad_names[i]));
	ck_assert_ptr_eq(city_tileset_builtin("the-city"),
	                 city_tileset_default());
	ck_assert_int_eq(city_options_set_game(NULL, 0), CITY_EINVAL);
	ck_assert_int_eq(city_options_parse_game(NULL, "carcassonne"),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_options_set_expansion(NULL, 1, 1), CITY_EINVAL);
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, 3), CITY_OK);
	before = options_fingerprint(o);
	ck_assert_int_eq(city_options_parse_game(o, NULL), CITY_EINVAL);
	for (i = 0; i < sizeof bad_names / sizeof *bad_names; i++)
		ck_assert_int_eq(city_options_parse_game(o, bad_names[i]),
		                 CITY_EPARSE);
	ck_assert_int_eq(city_options_set_game(o, -1), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_game(o, 2), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_game(o, INT_MIN), CITY_EINVAL);
	/* The Tower is an expansion of the base game only */
	ck_assert_int_eq(city_options_set_expansion(o, CITY_EXPANSION_TOWER, 1),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_options_set_expansion(o, 0, 1), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_expansion(o, 4, 0), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_expansion(o, 3, 0), CITY_EINVAL);
	/* The River too (V-SET-1: an expansion of the base game) */
	ck_assert_int_eq(city_options_set_expansion(o, CITY_EXPANSION_RIVER, 1),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_options_set_expansion(o, CITY_EXPANSION_TOWER, 2),
	                 CITY_EINVAL);
	ck_assert_int_eq(
	        city_options_set_expansion(o, CITY_EXPANSION_TOWER, -1),
	        CITY_EINVAL);
	after = options_fingerprint(o);
	ck_assert_str_eq(before, after);
	free(before);
	free(after);
	/* 5 players only in Carcassonne; back to The City then refused */
	ck_assert_int_eq(city_options_set_players(o, 5), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_game(o, CITY_GAME_CARCASSONNE),
	                 CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, 5), CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, 6), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_game(o, CITY_GAME_THE_CITY),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_options_set_players(o, 4), CITY_OK);
	ck_assert_int_eq(city_options_set_expansion(o, CITY_EXPANSION_TOWER, 1),
	                 CITY_OK);
	ck_assert_int_eq(city_options_set_game(o, CITY_GAME_THE_CITY),
	                 CITY_EINVAL);
	city_options_free(o);
}
END_TEST

START_TEST(hostile_options)
{
	static const opt_row rows[] = {
	    O(set_players, CITY_EINVAL, .i = 1),
	    O(set_players, CITY_EINVAL, .i = 5),
	    O(set_players, CITY_EINVAL, .i = 0),
	    O(set_players, CITY_EINVAL, .i = -2),
	    O(set_players, CITY_EINVAL, .i = INT_MIN),
	    O(set_players, CITY_EINVAL, .i = INT_MAX),
	    O(set_order, CITY_EINVAL, NULLOUT, .idx = 3),
	    O(set_order, CITY_EINVAL, .j = 0, .idx = 3),
	    O(set_order, CITY_EINVAL, .j = 1, .idx = 3),
	    O(set_order, CITY_EINVAL, .j = 2, .idx = 3),
	    O(set_order, CITY_ELIMIT, .j = 3, .idx = 256),
	    O(set_order, CITY_ELIMIT, .j = 3, .idx = SIZE_MAX),
	    O(set_order, CITY_EINVAL, NULLOUT, .idx = SIZE_MAX),
	    O(set_stacks, CITY_EINVAL, .x = 0, .y = 1, .i = 0),
	    O(set_stacks, CITY_EINVAL, .x = 0, .y = 0, .i = 75),
	    O(set_stacks, CITY_EINVAL, .x = 256, .y = 0, .i = 0),
	    O(set_stacks, CITY_EINVAL, .x = 1, .y = 256, .i = 0),
	    O(set_stacks, CITY_EINVAL, .x = 1, .y = 0, .i = 256),
	    O(set_stacks, CITY_EINVAL, .x = -1, .y = 0, .i = 0), /* UINT_MAX */
	    O(set_stacks, CITY_EINVAL, .x = 1, .y = -1, .i = -1),
	    O(set_rule, CITY_EINVAL, .i = 0, .j = 0),
	    O(set_rule, CITY_EINVAL, .i = 15, .j = 0), /* past CITY_RULE_RIVER_START */
	    O(set_rule, CITY_EINVAL, .i = CITY_RULE_RIVER_START, .j = 2),
	    O(set_rule, CITY_EINVAL, .i = CITY_RULE_RIVER_START, .j = -1),
	    O(set_rule, CITY_EINVAL, .i = CITY_RULE_RIVER_START, .j = INT_MAX),
	    O(set_rule, CITY_EINVAL, .i = -1, .j = 0),
	    O(set_rule, CITY_EINVAL, .i = INT_MIN, .j = 0),
	    O(set_rule, CITY_EINVAL, .i = CITY_RULE_WALL_TRIGGER, .j = 2),
	    O(set_rule, CITY_EINVAL, .i = CITY_RULE_WALL_TRIGGER, .j = -1),
	    O(set_rule, CITY_EINVAL, .i = CITY_RULE_FIRST_ROUND_GUARDS, .j = 2),
	    O(set_rule, CITY_EINVAL, .i = CITY_RULE_RETURNED_GUARD, .j = INT_MAX),
	    O(set_rule, CITY_EINVAL, .i = CITY_RULE_CLOSING_TOWER, .j = INT_MIN),
	    O(set_rule, CITY_EINVAL, .i = CITY_RULE_END_GAP, .j = 21),
	    O(set_rule, CITY_EINVAL, .i = CITY_RULE_END_GAP, .j = -1),
	    O(set_rule, CITY_EINVAL, .i = CITY_RULE_END_GAP, .j = INT_MAX),
	    O(set_allocator, CITY_EINVAL, .i = 1),
	    O(set_allocator, CITY_EINVAL, .i = 3),
	    O(set_allocator, CITY_EINVAL, .i = 6),
	    O(set_allocator, CITY_EINVAL, .i = 4),
	    O(get_rule, CITY_EINVAL, .i = 0),
	    O(get_rule, CITY_EINVAL, .i = 15),
	    O(get_rule, CITY_EINVAL, .i = INT_MIN),
	    O(get_rule, 7, .i = CITY_RULE_END_GAP),
	    O(check, CITY_EINVAL, NULLOUT, .idx = 1),
	    O(check, CITY_EINVAL, NULLOUT, .idx = SIZE_MAX),
	    OP("", CITY_EPARSE),
	    OP("=", CITY_EPARSE),
	    OP("end_gap", CITY_EPARSE),
	    OP("end_gap=", CITY_EPARSE),
	    OP("end_gap=21", CITY_EPARSE),
	    OP("end_gap=-1", CITY_EPARSE),
	    OP("end_gap=+1", CITY_EPARSE),
	    OP("end_gap=001", CITY_EPARSE),
	    OP("end_gap=4294967301", CITY_EPARSE), /* 2^32 + 5 */
	    OP("end_gap=18446744073709551621", CITY_EPARSE),
	    OP("end_gap=99999999999999999999999999", CITY_EPARSE),
	    OP("end_gap=5 ", CITY_EPARSE),
	    OP("wall_trigger=ANY", CITY_EPARSE),
	    OP("wall_trigger=any=any", CITY_EPARSE),
	    OP("first_round_guards=1", CITY_EPARSE),
	    OP("closing_tower=", CITY_EPARSE),
	    OP("no_such_rule=yes", CITY_EPARSE),
	    OP("river_start=", CITY_EPARSE), /* V-OPT-1: shuffle | remove */
	    OP("river_start", CITY_EPARSE),
	    OP("river_start=Remove", CITY_EPARSE),
	    OP("river_start=yes", CITY_EPARSE),
	    OP("river_start=1", CITY_EPARSE),
	    OP("river_start=remove ", CITY_EPARSE),
	    OP("river_start=shuffle=remove", CITY_EPARSE),
	    OP("=yes", CITY_EPARSE),
	};
	city_options *o = NULL;
	char *before, *after;
	size_t i;
	for (i = 0; i < 300; i++)
		ids_many[i] = 1;
	/* NULL builders. */
	ck_assert_int_eq(city_options_new(NULL), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_players(NULL, 2), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_seed(NULL, 0), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_order(NULL, ids_many, 1), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_stacks(NULL, 25, 25, 25), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_tileset(NULL, NULL), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_rule(NULL, CITY_RULE_END_GAP, 1),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_options_parse_rule(NULL, "end_gap=1"),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_options_set_allocator(NULL, NULL, NULL, NULL,
	                                            NULL),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_options_get_rule(NULL, CITY_RULE_END_GAP),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_options_check(NULL, NULL, 0), CITY_EINVAL);
	city_options_free(NULL);

	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_parse_rule(o, NULL), CITY_EINVAL);
	/* Non-default options, so that a change would show. */
	ck_assert_int_eq(city_options_set_players(o, 3), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, 99), CITY_OK);
	ck_assert_int_eq(city_options_set_stacks(o, 30, 30, 15), CITY_OK);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_END_GAP, 7),
	                 CITY_OK);
	for (i = 0; i < sizeof rows / sizeof *rows; i++) {
		int rc;
		before = options_fingerprint(o);
		rc = rows[i].fn ? rows[i].fn(o, &rows[i].a)
		                : city_options_parse_rule(o, rows[i].text);
		ck_assert_msg(rc == rows[i].want,
		              "row %zu: %s (%s) gave %d (%s), want %d", i,
		              rows[i].name, rows[i].text ? rows[i].text : "", rc,
		              city_status_str(rc), rows[i].want);
		after = options_fingerprint(o);
		ck_assert_msg(strcmp(before, after) == 0,
		              "row %zu: %s changed the options", i, rows[i].name);
		free(before);
		free(after);
	}
	/* Still usable; NULL set means the built-in one. */
	ck_assert_int_eq(o_set_tileset(o, NULL), CITY_OK);
	ck_assert_int_eq(o_set_seed(o, NULL), CITY_OK);
	city_options_free(o);
}
END_TEST

/* city_game_new() refuses options it cannot play: an order that is no
 * permutation of the set, stacks that do not sum to it. */
START_TEST(hostile_game_new)
{
	city_options *o = NULL;
	city_game *sentinel = (city_game *)(uintptr_t)0x10, *g = sentinel;
	city_tileset *ts = NULL;
	const char *tiny = "tileset tiny\n1 5  a-a a-a a-a a-a  a=R\n";
	int order[75], i;
	ck_assert_int_eq(city_game_new(NULL, NULL), CITY_EINVAL);
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	for (i = 0; i < 75; i++)
		order[i] = 1; /* design 1 has 1 copy */
	ck_assert_int_eq(city_options_set_order(o, order, 75), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_order(o, order, 1), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_EINVAL); /* too short */
	ck_assert_int_eq(city_options_set_order(o, order, 0), CITY_OK);
	ck_assert_int_eq(city_options_set_stacks(o, 1, 1, 1), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_stacks(o, 255, 255, 255), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_stacks(o, 75, 0, 0), CITY_OK);
	/* A custom set of 5 tiles: stacks of 75 no longer fit. */
	ck_assert_int_eq(city_tileset_parse(&ts, tiny, strlen(tiny), NULL, 0),
	                 CITY_OK);
	ck_assert_int_eq(city_options_set_tileset(o, ts), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_EINVAL);
	ck_assert_int_eq(city_options_set_stacks(o, 0, 0, 0), CITY_OK);
	for (i = 0; i < 5; i++)
		order[i] = 2; /* not in the set */
	ck_assert_int_eq(city_options_set_order(o, order, 5), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_EINVAL);
	ck_assert_ptr_eq(g, sentinel);
	city_options_free(o);
	city_tileset_free(ts);
}
END_TEST

/* Allocation failure: city_game_new() and city_game_clone() report
 * CITY_ENOMEM and leave everything as it was. */
typedef struct budget {
	int left;
	int calls;
} budget;
static void *b_alloc(size_t n, void *u)
{
	budget *b = u;
	b->calls++;
	if (b->left <= 0)
		return NULL;
	b->left--;
	return malloc(n);
}
static void *b_realloc(void *p, size_t n, void *u)
{
	budget *b = u;
	b->calls++;
	if (b->left <= 0)
		return NULL;
	b->left--;
	return realloc(p, n);
}
static void b_free(void *p, void *u)
{
	(void)u;
	free(p);
}

START_TEST(hostile_out_of_memory)
{
	city_options *o = NULL;
	budget b = {0, 0};
	city_game *sentinel = (city_game *)(uintptr_t)0x10, *g = sentinel, *c;
	char *before, *after;
	uint64_t st = 3;
	int k;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_allocator(o, b_alloc, b_realloc,
	                                            b_free, &b),
	                 CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_ENOMEM);
	ck_assert_ptr_eq(g, sentinel);
	ck_assert_int_gt(b.calls, 0);
	{
		const char *rec = "citygame 1\nplayers 3\nmoves\nplace 0 0 0\n"
		                  "end\n";
		char err[64];
		size_t applied = 9;
		ck_assert_int_eq(city_game_load_opts(&g, &applied, o, rec,
		                                     strlen(rec), 0, err,
		                                     sizeof err),
		                 CITY_ENOMEM);
		ck_assert_ptr_eq(g, sentinel);
		ck_assert_uint_eq(applied, 0);
		ck_assert_str_eq(err, "out of memory");
		b.left = 1;
		ck_assert_int_eq(city_game_load_opts(&g, &applied, o, rec,
		                                     strlen(rec), 0, err,
		                                     sizeof err),
		                 CITY_OK);
		ck_assert_uint_eq(applied, 1);
		city_game_free(g);
		g = sentinel;
	}
	b.left = 1;
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	for (k = 0; k < 30; k++)
		test_play_random(g, 1, &st);
	before = save_text(g);
	c = sentinel;
	ck_assert_int_eq(city_game_clone(&c, g), CITY_ENOMEM);
	ck_assert_ptr_eq(c, sentinel);
	after = save_text(g);
	ck_assert_str_eq(before, after);
	free(after);
	/* Play goes on without allocating. */
	b.calls = 0;
	for (k = 0; k < 60; k++)
		test_play_random(g, 1, &st);
	ck_assert_int_eq(city_game_undo(g), CITY_OK);
	ck_assert_int_eq(b.calls, 0);
	city_game_free(g);
	free(before);
	city_options_free(o);
}
END_TEST

START_TEST(hostile_moves_text)
{
	static const struct {
		const char *text;
		int want;
	} parse_rows[] = {
	    {"", CITY_EPARSE},
	    {"   ", CITY_EPARSE},
	    {"# only a comment", CITY_EPARSE},
	    {"place", CITY_EPARSE},
	    {"place 1 2", CITY_EPARSE},
	    {"place 1 2 3 4", CITY_EPARSE},
	    {"place 0 0 4", CITY_EPARSE},
	    {"place 0 0 -1", CITY_EPARSE},
	    {"place 0 0 00000000", CITY_EPARSE},
	    {"place 9999999 -9999999 3", CITY_OK}, /* 7 digits: read */
	    {"place 10000000 0 0", CITY_EPARSE},  /* 8 digits: refused */
	    {"place 2147483648 0 0", CITY_EPARSE},
	    {"place 4294967296 0 0", CITY_EPARSE}, /* would wrap to 0 */
	    {"place -2147483649 0 0", CITY_EPARSE},
	    {"place 99999999999999999999 0 0", CITY_EPARSE},
	    {"place 0 18446744073709551616 0", CITY_EPARSE},
	    {"place - 0 0", CITY_EPARSE},
	    {"place 1x 0 0", CITY_EPARSE},
	    {"place 0x10 0 0", CITY_EPARSE},
	    {"PLACE 0 0 0", CITY_EPARSE},
	    {"follower", CITY_EPARSE},
	    {"follower z", CITY_EPARSE},
	    {"follower 0", CITY_EPARSE},
	    {"follower ab", CITY_EPARSE},
	    {"follower a b", CITY_EPARSE},
	    {"gate 0 0", CITY_EPARSE},
	    {"gate 0 0 n", CITY_EPARSE},
	    {"gate 0 0 NE", CITY_EPARSE},
	    {"gate 0 0 X", CITY_EPARSE},
	    {"gate 4294967296 0 N", CITY_EPARSE},
	    {"wall", CITY_EPARSE},
	    {"wall up", CITY_EPARSE},
	    {"wall cw ccw", CITY_EPARSE},
	    {"tower", CITY_EPARSE},
	    {"guard guard", CITY_EPARSE},
	    {"pass now", CITY_EPARSE},
	    {"pass\x01", CITY_EPARSE},
	    {"  pass  # a comment", CITY_OK},
	    {"\tgate -1 -1 W\r\n", CITY_OK},
	};
	city_move m, untouched;
	size_t i;
	ck_assert_int_eq(city_move_parse(NULL, "pass"), CITY_EINVAL);
	ck_assert_int_eq(city_move_parse(&m, NULL), CITY_EINVAL);
	for (i = 0; i < sizeof parse_rows / sizeof *parse_rows; i++) {
		int rc;
		memset(&m, 0xA5, sizeof m);
		untouched = m;
		rc = city_move_parse(&m, parse_rows[i].text);
		ck_assert_msg(rc == parse_rows[i].want, "\"%s\" gave %s",
		              parse_rows[i].text, city_status_str(rc));
		if (rc != CITY_OK)
			ck_assert_msg(memcmp(&m, &untouched, sizeof m) == 0,
			              "\"%s\" wrote *out on failure",
			              parse_rows[i].text);
	}
	/* Moves that have no text. */
	{
		static const city_move bad[] = {
		    {.kind = 0},
		    {.kind = 12}, /* past CITY_MOVE_RANSOM */
		    {.kind = 255},
		    {.kind = CITY_MOVE_PLACE, .rotation = 4},
		    {.kind = CITY_MOVE_PLACE, .rotation = 255},
		    {.kind = CITY_MOVE_FOLLOWER, .part = 'z'},
		    {.kind = CITY_MOVE_FOLLOWER, .part = '\0'},
		    {.kind = CITY_MOVE_FOLLOWER, .part = '0'},
		    {.kind = CITY_MOVE_GATE, .side = 4},
		    {.kind = CITY_MOVE_WALL, .end = 2},
		    {.kind = CITY_MOVE_TOWER, .end = 255},
		};
		char buf[64];
		size_t need = 12345;
		for (i = 0; i < sizeof bad / sizeof *bad; i++) {
			memset(buf, CANARY, sizeof buf);
			ck_assert_int_eq(city_move_to_string(&bad[i], buf, sizeof buf,
			                                     &need),
			                 CITY_EINVAL);
			assert_canary(buf, 0, sizeof buf);
		}
		ck_assert_int_eq(city_move_to_string(NULL, buf, sizeof buf, &need),
		                 CITY_EINVAL);
		m.kind = CITY_MOVE_PASS;
		ck_assert_int_eq(city_move_to_string(&m, NULL, 4, &need),
		                 CITY_EINVAL);
	}
}
END_TEST

START_TEST(hostile_load)
{
	city_game *sentinel = (city_game *)(uintptr_t)0x10, *g = sentinel;
	const char *rec = "citygame 1\nplayers 2\nmoves\nend\n";
	size_t applied = 77;
	char err[64];
	ck_assert_int_eq(city_game_load(NULL, rec, strlen(rec), err, sizeof err),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_game_load(&g, NULL, 5, err, sizeof err),
	                 CITY_EINVAL);
	ck_assert_str_eq(err, "invalid argument");
	ck_assert_int_eq(city_game_load(&g, NULL, 0, err, sizeof err),
	                 CITY_EPARSE);
	ck_assert_int_eq(city_game_load(&g, "", 0, NULL, 0), CITY_EPARSE);
	ck_assert_int_eq(city_game_load_ex(&g, &applied, rec, strlen(rec), 2,
	                                   err, sizeof err),
	                 CITY_EINVAL);
	ck_assert_uint_eq(applied, 0);
	ck_assert_int_eq(city_game_load_ex(&g, NULL, rec, strlen(rec), ~0u, err,
	                                   sizeof err),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_game_load_ex(NULL, &applied, rec, strlen(rec), 0,
	                                   err, sizeof err),
	                 CITY_EINVAL);
	ck_assert_ptr_eq(g, sentinel);
	/* city_game_load_opts(): the same checks; NULL options are malloc. */
	applied = 77;
	ck_assert_int_eq(city_game_load_opts(NULL, &applied, NULL, rec,
	                                     strlen(rec), 0, err, sizeof err),
	                 CITY_EINVAL);
	ck_assert_uint_eq(applied, 0);
	ck_assert_int_eq(city_game_load_opts(&g, NULL, NULL, NULL, 3, 0, err,
	                                     sizeof err),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_game_load_opts(&g, NULL, NULL, rec, strlen(rec), 4,
	                                     err, sizeof err),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_game_load_opts(&g, NULL, NULL, "x", 1, 0, NULL, 0),
	                 CITY_EPARSE);
	ck_assert_ptr_eq(g, sentinel);
	ck_assert_int_eq(city_game_load_opts(&g, &applied, NULL, rec,
	                                     strlen(rec), CITY_LOAD_PREFIX, err,
	                                     sizeof err),
	                 CITY_OK);
	city_game_free(g);
	g = sentinel;
	/* A 1-byte reason buffer holds the NUL only. */
	err[0] = 'Q';
	ck_assert_int_eq(city_game_load(&g, "x", 1, err, 1), CITY_EPARSE);
	ck_assert_int_eq(err[0], '\0');
	ck_assert_ptr_eq(g, sentinel);
	/* Not NUL-terminated: only len bytes are read. */
	{
		size_t n = strlen(rec);
		char *exact = malloc(n);
		memcpy(exact, rec, n);
		ck_assert_int_eq(city_game_load(&g, exact, n, NULL, 0), CITY_OK);
		city_game_free(g);
		free(exact);
	}
}
END_TEST

/* The AI calls (<city/ai.h>; their behaviour is in tests/test_api_ai.c):
 * NULLs, unknown kinds, levels and parameters, out-of-range and non-finite
 * values, an ended game, short buffers; the game asked about is never
 * changed. */
START_TEST(hostile_ai)
{
	city_ai_stat st[2];
	city_move m;
	double v = 0;
	size_t count = 0, nl = 0;
	char *before, *after;
	city_game *g = NULL;
	city_ai *ai = NULL;
	ck_assert_int_eq(city_game_new(&g, NULL), CITY_OK);
	ck_assert_int_eq(city_ai_new(NULL, CITY_AI_MCTS, 0), CITY_EINVAL);
	ck_assert_int_eq(city_ai_new(&ai, -1, 0), CITY_EINVAL);
	ck_assert_int_eq(city_ai_new(&ai, INT_MAX, 0), CITY_EINVAL);
	ck_assert_int_eq(city_ai_new_level(NULL, "easy", 0), CITY_EINVAL);
	ck_assert_int_eq(city_ai_new_level(&ai, NULL, 0), CITY_EINVAL);
	ck_assert_int_eq(city_ai_new_level(&ai, "", 0), CITY_EINVAL);
	ck_assert_int_eq(city_ai_new_level(&ai, "EASY", 0), CITY_EINVAL);
	ck_assert_ptr_null(ai);
	ck_assert_int_eq(city_ai_set_param(NULL, CITY_AI_ITERATIONS, 1),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_ai_get_param(NULL, CITY_AI_ITERATIONS, &v),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_ai_kind(NULL), CITY_EINVAL);
	ck_assert_int_eq(city_ai_choose(NULL, g, &m), CITY_EINVAL);
	ck_assert_int_eq(city_ai_analyse(NULL, g, st, 2, &count, NULL, 0, NULL),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_game_reshuffle(NULL, 0), CITY_EINVAL);
	ck_assert_int_eq(city_ai_cancel(NULL), CITY_EINVAL);
	city_ai_free(NULL);

	ck_assert_int_eq(city_ai_new_level(&ai, "easy", 0), CITY_OK);
	ck_assert_int_eq(city_ai_kind(ai), CITY_AI_MCTS);
	ck_assert_int_eq(city_ai_set_param(ai, INT_MIN, 1), CITY_EINVAL);
	ck_assert_int_eq(city_ai_set_param(ai, INT_MAX, 1), CITY_EINVAL);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_ITERATIONS, 1e300),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_TIME_MS, -1e-300),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_THREADS, 1.5),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_EXPLORATION, -0.1),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_ai_set_param(ai, CITY_AI_PLAYOUT, -2),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_ai_get_param(ai, 0, &v), CITY_EINVAL);
	ck_assert_int_eq(city_ai_get_param(ai, CITY_AI_PLAYOUT, NULL),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_ai_choose(ai, NULL, &m), CITY_EINVAL);
	ck_assert_int_eq(city_ai_choose(ai, g, NULL), CITY_EINVAL);
	ck_assert_int_eq(city_ai_analyse(ai, g, NULL, 1, &count, NULL, 0, NULL),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_ai_analyse(ai, g, st, 2, &count, NULL, 1, &nl),
	                 CITY_EINVAL);
	/* the start tile's rotations: more moves than the buffer holds */
	before = save_text(g);
	ck_assert_int_eq(city_ai_analyse(ai, g, st, 1, &count, st + 1, 1, &nl),
	                 count > 1 ? CITY_ERANGE : CITY_OK);
	ck_assert_uint_ge(count, 1);
	ck_assert_uint_eq(nl, 1);
	ck_assert_int_eq(city_ai_choose(ai, g, &m), CITY_OK);
	after = save_text(g);
	ck_assert_str_eq(before, after);
	free(before);
	free(after);
	/* an ended game */
	while (city_game_decision(g) != CITY_DECISION_END) {
		ck_assert_int_eq(city_legal_moves(g, &m, 1, &count) == CITY_OK ||
		                         count > 1,
		                 1);
		ck_assert_int_eq(city_apply_move(g, &m), CITY_OK);
	}
	ck_assert_int_eq(city_ai_choose(ai, g, &m), CITY_EENDED);
	ck_assert_int_eq(city_ai_analyse(ai, g, st, 2, &count, NULL, 0, NULL),
	                 CITY_EENDED);
	city_ai_free(ai);
	city_game_free(g);
}
END_TEST

/* city_tileset_svg: a NULL set, designs the set does not have, rotations
 * outside 0..3, a NULL buffer with room; a buffer too small keeps a
 * NUL-terminated prefix and tells the size. */
START_TEST(hostile_tileset_svg)
{
	static const int bad_designs[] = {0, -1, 25, 100, 256, INT_MIN, INT_MAX};
	static const int bad_rotations[] = {-1, 4, INT_MIN, INT_MAX};
	const city_tileset *ts = city_tileset_builtin("carcassonne");
	size_t needed = 0, n2 = 0, i;
	char small[16];
	int id;
	ck_assert_ptr_nonnull(ts);
	id = city_tileset_design_id(ts, 0);
	ck_assert_int_eq(city_tileset_svg(NULL, id, 0, NULL, 0, &needed),
	                 CITY_EINVAL);
	for (i = 0; i < N_OF(bad_designs); i++)
		ck_assert_int_eq(city_tileset_svg(ts, bad_designs[i], 0, NULL, 0,
		                                  &needed),
		                 CITY_EINVAL);
	for (i = 0; i < N_OF(bad_rotations); i++)
		ck_assert_int_eq(city_tileset_svg(ts, id, bad_rotations[i], NULL,
		                                  0, &needed),
		                 CITY_EINVAL);
	ck_assert_int_eq(city_tileset_svg(ts, id, 0, NULL, 5, &needed),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_tileset_svg(ts, id, 0, NULL, 0, NULL), CITY_ERANGE);
	ck_assert_int_eq(city_tileset_svg(ts, id, 3, NULL, 0, &needed),
	                 CITY_ERANGE);
	memset(small, 'x', sizeof small);
	ck_assert_int_eq(city_tileset_svg(ts, id, 3, small, sizeof small, &n2),
	                 CITY_ERANGE);
	ck_assert_uint_eq(n2, needed);
	ck_assert_uint_eq(strlen(small), sizeof small - 1);
}
END_TEST

START_TEST(hostile_status_and_version)
{
	static const int unknown[] = {1, -11, -100, INT_MIN, INT_MAX};
	size_t i;
	for (i = 0; i < sizeof unknown / sizeof *unknown; i++)
		ck_assert_str_eq(city_status_str(unknown[i]), "CITY_E?");
	for (i = 0; i <= 10; i++)
		ck_assert_str_ne(city_status_str(-(int)i), "CITY_E?");
	ck_assert_uint_eq(city_version_number(), CITY_VERSION_NUMBER);
	ck_assert_str_eq(city_version_string(), CITY_VERSION_STRING);
	city_game_free(NULL);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Limits                                                                    */

static int load_status(const char *text, size_t len, char *err, size_t cap)
{
	city_game *g = NULL;
	int rc = city_game_load(&g, text, len, err, cap);
	if (rc == CITY_OK)
		city_game_free(g);
	return rc;
}

static int load_str(const char *text)
{
	char err[256];
	return load_status(text, strlen(text), err, sizeof err);
}

/* A valid record padded with comment lines to exactly `size` bytes. */
static char *padded_record(size_t size)
{
	const char *head = "citygame 1\nplayers 2\nmoves\nplace 0 0 0\n";
	const char *tail = "end\n";
	size_t n = strlen(head), t = strlen(tail);
	char *text = malloc(size + 1);
	ck_assert_ptr_nonnull(text);
	memcpy(text, head, n);
	while (n + t < size) {
		size_t line = size - n - t; /* bytes of this comment line */
		if (line > 2048)
			line = 2048;
		if (line == 1) { /* a blank line */
			text[n++] = '\n';
			continue;
		}
		text[n] = '#';
		memset(text + n + 1, 'c', line - 2);
		text[n + line - 1] = '\n';
		n += line;
	}
	memcpy(text + n, tail, t);
	text[size] = '\0';
	return text;
}

START_TEST(limit_record_bytes)
{
	char *text = padded_record(RECORD_MAX_BYTES);
	char err[128];
	ck_assert_uint_eq(strlen(text), RECORD_MAX_BYTES);
	ck_assert_int_eq(load_status(text, RECORD_MAX_BYTES, err, sizeof err),
	                 CITY_OK);
	free(text);
	text = padded_record(RECORD_MAX_BYTES + 1);
	ck_assert_int_eq(load_status(text, RECORD_MAX_BYTES + 1, err,
	                             sizeof err),
	                 CITY_ELIMIT);
	ck_assert_ptr_nonnull(strstr(err, "record longer than 4194304 bytes"));
	free(text);
}
END_TEST

/* A record whose line `which` (0: comment in the header, 1: a header
 * line, 2: a move line, 3: an inline tile-set line) holds `len` bytes. */
static char *long_line_record(int which, size_t len)
{
	char *text = malloc(len + 512), *p = text;
	size_t pad;
	p += sprintf(p, "citygame 1\n");
	switch (which) {
	case 0:
		*p++ = '#';
		memset(p, 'x', len - 1);
		p += len - 1;
		p += sprintf(p, "\nplayers 2\nmoves\nend\n");
		break;
	case 1: /* "players 2" padded with blanks */
		pad = len - strlen("players 2");
		p += sprintf(p, "players 2");
		memset(p, ' ', pad);
		p += pad;
		p += sprintf(p, "\nmoves\nend\n");
		break;
	case 2:
		p += sprintf(p, "players 2\nmoves\n");
		pad = len - strlen("place 0 0 0");
		p += sprintf(p, "place 0 0 0");
		memset(p, '\t', pad);
		p += pad;
		p += sprintf(p, "\nend\n");
		break;
	default:
		p += sprintf(p, "players 2\ntileset inline\ntileset t\n");
		pad = len - strlen("1 1 a-a a-a a-a a-a a=R");
		p += sprintf(p, "1 1 a-a a-a a-a a-a a=R");
		memset(p, ' ', pad);
		p += pad;
		p += sprintf(p, "\nend\nmoves\nend\n");
		break;
	}
	*p = '\0';
	return text;
}

START_TEST(limit_line_length)
{
	int which;
	for (which = 0; which < 4; which++) {
		char *ok = long_line_record(which, RECORD_MAX_LINE);
		char *over = long_line_record(which, RECORD_MAX_LINE + 1);
		char err[128];
		ck_assert_msg(load_status(ok, strlen(ok), err, sizeof err) ==
		                  CITY_OK,
		              "line kind %d of 4096 bytes: %s", which, err);
		ck_assert_msg(load_status(over, strlen(over), err, sizeof err) ==
		                  CITY_ELIMIT,
		              "line kind %d of 4097 bytes: %s", which, err);
		ck_assert_ptr_nonnull(strstr(err, "line longer than 4096"));
		free(ok);
		free(over);
	}
}
END_TEST

static char *moves_record(size_t moves)
{
	const char *head = "citygame 1\nplayers 2\nmoves\n";
	size_t n = strlen(head), i;
	char *text = malloc(n + moves * 5 + 8);
	memcpy(text, head, n);
	for (i = 0; i < moves; i++, n += 5)
		memcpy(text + n, "pass\n", 5);
	memcpy(text + n, "end\n", 5);
	return text;
}

START_TEST(limit_move_count)
{
	char *text = moves_record(RECORD_MAX_MOVES), err[128];
	/* 100000 move lines are read (and the first is rejected by the
	 * game)... */
	ck_assert_int_eq(load_status(text, strlen(text), err, sizeof err),
	                 CITY_EDECISION);
	free(text);
	/* ...100001 are not. */
	text = moves_record(RECORD_MAX_MOVES + 1);
	ck_assert_int_eq(load_status(text, strlen(text), err, sizeof err),
	                 CITY_ELIMIT);
	ck_assert_str_eq(err, "line 100004: more than 100000 moves");
	free(text);
}
END_TEST

/* Play a whole random game with a set, checking the conservation laws. */
static void play_out(const city_tileset *ts, int players, uint64_t seed)
{
	city_game *g = test_new_game_on(ts, players, seed), *h = NULL;
	uint64_t st = seed;
	char *t1, *t2;
	int p;
	while (test_play_random(g, 1, &st))
		;
	ck_assert_int_eq(city_score_final(g), CITY_OK);
	for (p = 0; p < players; p++) {
		int f = 0, n = city_game_follower_count(g), i, mine = 0;
		ck_assert_int_eq(city_game_supply(g, p, &f, NULL), CITY_OK);
		for (i = 0; i < n; i++) {
			int owner;
			ck_assert_int_eq(city_game_follower(g, (size_t)i, &owner, NULL,
			                                    NULL, NULL, NULL),
			                 CITY_OK);
			mine += owner == p;
		}
		ck_assert_int_eq(f + mine, 7);
	}
	t1 = save_text(g);
	ck_assert_int_eq(city_game_load(&h, t1, strlen(t1), NULL, 0), CITY_OK);
	t2 = save_text(h);
	ck_assert_str_eq(t1, t2);
	free(t1);
	free(t2);
	city_game_free(h);
	city_game_free(g);
}

START_TEST(limit_tileset_size)
{
	static const char *const templates[] = {
	    "a-a a-a a-a a-a  a=R",
	    "a1b b-b b1a a-a  a=R b=R",
	    "a1b b2c c-c c3a  a=R b=R c=R",
	    "a-b b-b b-a a-a  a=R b=FG",
	    "a1b b1a a-a a-a  a=R b=R  pub=1",
	};
	char text[16384], err[128];
	city_tileset *ts = NULL;
	size_t n;
	unsigned id;
	int players;

	/* 99 designs (ids 1..99): fine; id 100: refused. */
	n = (size_t)sprintf(text, "tileset ninetynine\n");
	for (id = 1; id <= 99; id++)
		n += (size_t)sprintf(text + n, "%u 1  %s\n", id,
		                     templates[id % 5]);
	ck_assert_int_eq(city_tileset_parse(&ts, text, n, err, sizeof err),
	                 CITY_OK);
	ck_assert_uint_eq(city_tileset_design_count(ts), 99);
	play_out(ts, 4, 1);
	city_tileset_free(ts);
	sprintf(text + n, "100 1  %s\n", templates[0]);
	ck_assert_int_eq(city_tileset_parse(&ts, text, strlen(text), err,
	                                    sizeof err),
	                 CITY_EPARSE);
	ck_assert_str_eq(err, "101:1: bad ID (expected a number 1-99)");

	/* 255 tiles: fine, and a game plays to its end with them; one more:
	 * refused. */
	n = (size_t)sprintf(text, "tileset big\n");
	for (id = 1; id <= 28; id++)
		n += (size_t)sprintf(text + n, "%u 9  %s\n", id, templates[id % 5]);
	n += (size_t)sprintf(text + n, "29 3  %s\n", templates[3]);
	ck_assert_int_eq(city_tileset_parse(&ts, text, n, err, sizeof err),
	                 CITY_OK);
	ck_assert_uint_eq(city_tileset_tile_count(ts), 255);
	for (players = 2; players <= 4; players++)
		play_out(ts, players, (uint64_t)players * 31u);
	city_tileset_free(ts);
	sprintf(text + n, "30 1  %s\n", templates[0]);
	ck_assert_int_eq(city_tileset_parse(&ts, text, strlen(text), err,
	                                    sizeof err),
	                 CITY_EPARSE);
	ck_assert_str_eq(err, "31:4: more than 255 tiles in the set");

	/* A tile-set line of 4096 characters is read, 4097 is not. */
	{
		char *line = malloc(5000);
		size_t k = (size_t)sprintf(line, "tileset t\n1 1 a-a a-a a-a a-a "
		                                 "a=R");
		size_t start = strlen("tileset t\n");
		memset(line + k, ' ', start + 4096 - k);
		k = start + 4096;
		line[k++] = '\n';
		ck_assert_int_eq(city_tileset_parse(&ts, line, k, err, sizeof err),
		                 CITY_OK);
		city_tileset_free(ts);
		memmove(line + k, line + k - 1, 1);
		line[k - 1] = ' ';
		ck_assert_int_eq(city_tileset_parse(&ts, line, k + 1, err,
		                                    sizeof err),
		                 CITY_ELIMIT);
		ck_assert_str_eq(err, "2:4097: line longer than 4096 characters");
		free(line);
	}
}
END_TEST

/* Huge numbers in every parser: refused, never wrapped onto a valid
 * value. */
START_TEST(limit_integer_overflow)
{
	static const struct {
		const char *text;
		int want;
	} records[] = {
	    /* seed: 0 .. 2^64-1 */
	    {"citygame 1\nplayers 2\nseed 18446744073709551615\nmoves\nend\n",
	     CITY_OK},
	    {"citygame 1\nplayers 2\nseed 18446744073709551616\nmoves\nend\n",
	     CITY_EPARSE},
	    {"citygame 1\nplayers 2\nseed 36893488147419103232\nmoves\nend\n",
	     CITY_EPARSE}, /* 2^65 */
	    {"citygame 1\nplayers 2\nseed 99999999999999999999999999999999\n"
	     "moves\nend\n",
	     CITY_EPARSE},
	    {"citygame 1\nplayers 2\nseed -1\nmoves\nend\n", CITY_EPARSE},
	    {"citygame 1\nplayers 2\nseed 0x10\nmoves\nend\n", CITY_EPARSE},
	    /* players: 2^32 + 2 and 2^64 + 2 must not read as 2 */
	    {"citygame 1\nplayers 4294967298\nmoves\nend\n", CITY_EPARSE},
	    {"citygame 1\nplayers 18446744073709551618\nmoves\nend\n",
	     CITY_EPARSE},
	    {"citygame 1\nplayers 0000000000000000000002\nmoves\nend\n",
	     CITY_OK}, /* leading zeros keep the value */
	    /* version */
	    {"citygame 4294967297\nplayers 2\nmoves\nend\n", CITY_EPARSE},
	    {"citygame 01\nplayers 2\nmoves\nend\n", CITY_EPARSE},
	    /* order ids: 2^32 + 1 is not design 1 */
	    {"citygame 1\nplayers 2\norder 4294967297\nmoves\nend\n",
	     CITY_EPARSE},
	    {"citygame 1\nplayers 2\norder 18446744073709551617\nmoves\nend\n",
	     CITY_EPARSE},
	    /* stacks: 2^32 + 1 is not 1 */
	    {"citygame 1\nplayers 2\nstacks 4294967297 0 74\nmoves\nend\n",
	     CITY_EPARSE},
	    {"citygame 1\nplayers 2\nstacks 1 18446744073709551616 74\n"
	     "moves\nend\n",
	     CITY_EPARSE},
	    {"citygame 1\nplayers 2\nstacks 1 0 74\nmoves\nend\n", CITY_OK},
	    {"citygame 1\nplayers 2\nstacks 256 0 0\nmoves\nend\n", CITY_EPARSE},
	    /* end_gap */
	    {"citygame 1\nplayers 2\nrule end_gap=4294967301\nmoves\nend\n",
	     CITY_EPARSE},
	    {"citygame 1\nplayers 2\nrule end_gap=20\nmoves\nend\n", CITY_OK},
	    {"citygame 1\nplayers 2\nrule end_gap=21\nmoves\nend\n",
	     CITY_EPARSE},
	    /* coordinates of moves */
	    {"citygame 1\nplayers 2\nmoves\nplace 4294967296 0 0\nend\n",
	     CITY_EPARSE},
	    {"citygame 1\nplayers 2\nmoves\nplace 0 0 0\npass\n"
	     "place 9999999 0 0\nend\n",
	     CITY_EILLEGAL},
	    {"citygame 1\nplayers 2\nmoves\nplace 0 0 0\npass\n"
	     "place 65536 1 0\nend\n",
	     CITY_EILLEGAL},
	    {"citygame 1\nplayers 2\nmoves\nplace 65536 0 0\nend\n",
	     CITY_EILLEGAL},
	    /* an inline set's ID, COUNT and pub= */
	    {"citygame 1\nplayers 2\ntileset inline\ntileset t\n"
	     "4294967297 1 a-a a-a a-a a-a a=R\nend\nmoves\nend\n",
	     CITY_EPARSE},
	    {"citygame 1\nplayers 2\ntileset inline\ntileset t\n"
	     "1 4294967297 a-a a-a a-a a-a a=R\nend\nmoves\nend\n",
	     CITY_EPARSE},
	    {"citygame 1\nplayers 2\ntileset inline\ntileset t\n"
	     "1 1 a-a a-a a-a a-a a=R pub=4294967296\nend\nmoves\nend\n",
	     CITY_EPARSE},
	};
	static const struct {
		const char *text;
		int want;
		int id; /* expected id of the single design when it parses */
	} sets[] = {
	    {"tileset t\n4294967297 1 a-a a-a a-a a-a a=R\n", CITY_EPARSE, 0},
	    {"tileset t\n18446744073709551617 1 a-a a-a a-a a-a a=R\n",
	     CITY_EPARSE, 0},
	    {"tileset t\n0000000000000000000000000000000000000001 1 "
	     "a-a a-a a-a a-a a=R\n",
	     CITY_OK, 1},
	    {"tileset t\n1000000000000000000000000000000000000000 1 "
	     "a-a a-a a-a a-a a=R\n",
	     CITY_EPARSE, 0},
	    {"tileset t\n1 4294967297 a-a a-a a-a a-a a=R\n", CITY_EPARSE, 0},
	    {"tileset t\n1 10 a-a a-a a-a a-a a=R\n", CITY_EPARSE, 0},
	    {"tileset t\n1 000000000000000000000009 a-a a-a a-a a-a a=R\n",
	     CITY_OK, 1},
	    {"tileset t\n1 1 a-a a-a a-a a-a a=R pub=4294967296\n", CITY_EPARSE,
	     0},
	    {"tileset t\n1 1 a-a a-a a-a a-a a=R pub=18446744073709551620\n",
	     CITY_EPARSE, 0},
	    {"tileset t\n1 1 a-a a-a a-a a-a a=R pub=00000000000000000004\n",
	     CITY_OK, 1},
	    {"tileset t\n1 1 a-a a-a a-a a-a a=R pub=5\n", CITY_EPARSE, 0},
	    {"tileset t\n1 1 a-a a-a a-a a-a a=R pub=-1\n", CITY_EPARSE, 0},
	};
	size_t i;
	for (i = 0; i < sizeof records / sizeof *records; i++) {
		char err[256] = "";
		int rc = load_status(records[i].text, strlen(records[i].text), err,
		                     sizeof err);
		ck_assert_msg(rc == records[i].want,
		              "record %zu gave %s (%s), want %s", i,
		              city_status_str(rc), err,
		              city_status_str(records[i].want));
	}
	for (i = 0; i < sizeof sets / sizeof *sets; i++) {
		city_tileset *ts = NULL;
		char err[128] = "";
		int rc = city_tileset_parse(&ts, sets[i].text, strlen(sets[i].text),
		                            err, sizeof err);
		ck_assert_msg(rc == sets[i].want, "set %zu gave %s (%s)", i,
		              city_status_str(rc), err);
		if (rc == CITY_OK) {
			ck_assert_int_eq(city_tileset_design_id(ts, 0), sets[i].id);
			city_tileset_free(ts);
		}
	}
	ck_assert_int_eq(load_str("citygame 1\nplayers 2\nmoves\nend\n"),
	                 CITY_OK);
}
END_TEST

/* Coordinates far outside any reachable city: the city cannot grow beyond
 * 255 cells from the origin, so anything past the coordinate limit is
 * refused before it reaches the board (and never truncated onto it). */
START_TEST(limit_coordinates)
{
	city_game *g = game_at(CITY_DECISION_TILE, 2);
	static const int32_t far[] = {INT32_MIN, INT32_MIN + 1, -65536, -65535,
	                              -COORD_LIMIT - 1, COORD_LIMIT + 1, 65535,
	                              65536, 65537, INT32_MAX};
	size_t i, j;
	char *before = save_text(g);
	for (i = 0; i < sizeof far / sizeof *far; i++)
		for (j = 0; j < sizeof far / sizeof *far; j++) {
			int r;
			ck_assert_int_eq(city_game_cell(g, far[i], far[j]),
			                 CITY_CELL_EXTERIOR);
			ck_assert_int_eq(city_game_cell(g, far[i], 0),
			                 CITY_CELL_EXTERIOR);
			ck_assert_int_eq(city_game_cell(g, 0, far[j]),
			                 CITY_CELL_EXTERIOR);
			ck_assert_int_eq(city_game_tile_at(g, far[i], 0, NULL, NULL),
			                 CITY_ENOTFOUND);
			for (r = 0; r < 4; r++) {
				ck_assert_int_eq(city_place_tile(g, far[i], far[j], r),
				                 CITY_EILLEGAL);
				ck_assert_int_eq(city_place_tile(g, far[i], 0, r),
				                 CITY_EILLEGAL);
				ck_assert_int_eq(city_place_tile(g, 0, far[j], r),
				                 CITY_EILLEGAL);
			}
		}
	{
		char *after = save_text(g);
		ck_assert_str_eq(before, after);
		free(after);
	}
	free(before);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Every public function has hostile rows                                   */

/* Functions exercised outside the tables above (by name). */
static const char *const covered_by_hand[] = {
    "city_status_str",         "city_version_number",
    "city_version_string",     "city_tileset_parse",
    "city_tileset_free",       "city_tileset_default",
    "city_options_new",        "city_options_free",
    "city_options_set_seed",   "city_options_set_tileset",
    "city_options_parse_rule", "city_game_new",
    "city_game_free",          "city_game_load",
    "city_game_load_ex",       "city_game_load_opts",
    "city_move_to_string",
    "city_move_parse",         "city_tileset_builtin",
    "city_options_set_game",   "city_options_parse_game",
    "city_options_set_expansion",
    /* hostile_ai */
    "city_ai_new",             "city_ai_new_level",
    "city_ai_free",            "city_ai_set_param",
    "city_ai_get_param",       "city_ai_kind",
    "city_ai_choose",          "city_ai_analyse",
    "city_game_reshuffle",     "city_ai_cancel",
    /* hostile_tileset_svg */
    "city_tileset_svg",
};

static int is_covered(const char *name)
{
	size_t i;
	for (i = 0; i < sizeof null_handle_rows / sizeof *null_handle_rows; i++)
		if (strcmp(null_handle_rows[i].name, name) == 0)
			return 1;
	for (i = 0; i < sizeof bad_arg_rows / sizeof *bad_arg_rows; i++)
		if (strcmp(bad_arg_rows[i].name, name) == 0)
			return 1;
	for (i = 0; i < sizeof decision_rows / sizeof *decision_rows; i++)
		if (strcmp(decision_rows[i].r.name, name) == 0)
			return 1;
	for (i = 0; i < sizeof covered_by_hand / sizeof *covered_by_hand; i++)
		if (strcmp(covered_by_hand[i], name) == 0)
			return 1;
	/* The tile-set and options tables are named by prefix + function. */
	{
		static const char *const ts_fns[] = {
		    "name", "design_count", "tile_count", "find_design",
		    "design_id", "design_count_of", "public_buildings",
		    "historic_name", "side", "region_kind", "adjacent",
		    "adjacency", "text", "game", "coat_of_arms", "monastery",
		    "tower_foundation", "start_design"};
		static const char *const opt_fns[] = {
		    "set_players", "set_order", "set_stacks", "set_rule",
		    "set_allocator", "get_rule", "check"};
		char full[64];
		for (i = 0; i < sizeof ts_fns / sizeof *ts_fns; i++) {
			snprintf(full, sizeof full, "city_tileset_%s", ts_fns[i]);
			if (strcmp(full, name) == 0)
				return 1;
		}
		for (i = 0; i < sizeof opt_fns / sizeof *opt_fns; i++) {
			snprintf(full, sizeof full, "city_options_%s", opt_fns[i]);
			if (strcmp(full, name) == 0)
				return 1;
		}
	}
	return 0;
}

START_TEST(every_public_function_is_covered)
{
	/* Every public header, so that a new header is covered the day it
	 * is added. */
	char dir[512];
	DIR *d;
	struct dirent *e;
	size_t found = 0, nheaders = 0;
	snprintf(dir, sizeof dir, "%s/include/city", CITY_SOURCE_DIR);
	d = opendir(dir);
	ck_assert_msg(d != NULL, "cannot list %s", dir);
	while ((e = readdir(d)) != NULL) {
		char path[1024], line[512];
		FILE *f;
		int pending = 0; /* CITY_EXPORT seen, name not yet */
		size_t len = strlen(e->d_name);
		if (len < 3 || strcmp(e->d_name + len - 2, ".h") != 0)
			continue;
		nheaders++;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		f = fopen(path, "r");
		ck_assert_msg(f != NULL, "cannot read %s", path);
		while (fgets(line, sizeof line, f)) {
			char *p = strstr(line, "CITY_EXPORT");
			if (p)
				pending = 1;
			else
				p = line;
			if (!pending)
				continue;
			p = strstr(p, "city_");
			while (p) {
				char name[64];
				size_t n = 0;
				while (n < sizeof name - 1 &&
				       ((p[n] >= 'a' && p[n] <= 'z') ||
				        (p[n] >= '0' && p[n] <= '9') || p[n] == '_'))
					n++;
				memcpy(name, p, n);
				name[n] = '\0';
				if (p[n] == '(') {
					ck_assert_msg(is_covered(name),
					              "%s has no hostile rows in "
					              "tests/test_api_hostile.c",
					              name);
					found++;
					pending = 0;
					break;
				}
				p = strstr(p + n, "city_");
			}
		}
		fclose(f);
	}
	closedir(d);
	ck_assert_uint_ge(nheaders, 9);
	ck_assert_uint_ge(found, 80);
}
END_TEST

static Suite *hostile_suite(void)
{
	const test_row games[] = {
	    {hostile_new_game, 0, 1},
	    {hostile_tile_decision, 0, 1},
	    {hostile_follower_decision, 0, 1},
	    {hostile_gate_decision, 0, 1},
	    {hostile_wall_decision, 0, 1},
	    {hostile_guard_decision, 0, 1},
	    {hostile_tower_decision, 0, 1},
	    {hostile_after_the_end, 0, 1},
	    {hostile_copy_shapes, 0, 1},
	    {hostile_copy_players, 0, 1},
	    {hostile_reserved_fields, 0, 1},
	    {hostile_carcassonne, 0, 1},
	};
	const test_row buffers[] = {
	    {buffers_save, 0, 1},
	    {buffers_move_text, 0, 1},
	    {buffers_tileset_text, 0, 1},
	    {buffers_legal_moves, 0, 1},
	};
	const test_row other[] = {
	    {hostile_tileset_queries, 0, 1},
	    {hostile_games_and_builtin_sets, 0, 1},
	    {hostile_tileset_parse, 0, 1},
	    {hostile_options, 0, 1},
	    {hostile_game_new, 0, 1},
	    {hostile_out_of_memory, 0, 1},
	    {hostile_moves_text, 0, 1},
	    {hostile_load, 0, 1},
	    {hostile_status_and_version, 0, 1},
	    {hostile_ai, 0, 1},
	    {hostile_tileset_svg, 0, 1},
	    {every_public_function_is_covered, 0, 1},
	};
	const test_row limits[] = {
	    {limit_record_bytes, 0, 1},
	    {limit_line_length, 0, 1},
	    {limit_move_count, 0, 1},
	    {limit_tileset_size, 0, 1},
	    {limit_integer_overflow, 0, 1},
	    {limit_coordinates, 0, 1},
	};
	Suite *s = suite_create("hostile");
	test_add_case(s, "games", 120, games, N_OF(games));
	test_add_case(s, "buffers", 60, buffers, N_OF(buffers));
	test_add_case(s, "other", 60, other, N_OF(other));
	test_add_case(s, "limits", 180, limits, N_OF(limits));
	return s;
}

TEST_MAIN(hostile_suite)
