/*
 * The public calls that the base game of Carcassonne and The Tower added
 * to ABI 1 (include/city/query.h, include/city/game.h): what game a game
 * plays, coats of arms, towers, prisoners, floors, and the named calls of
 * the tower decisions. In a game of The City they answer "none" or
 * CITY_EDECISION.
 */
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "cc_score.h"
#include "feature.h"
#include "game_internal.h"
#include "tower.h"

/* Whether The Tower is in play (its part of the state is in use). */
static inline int towers_in_play(const city_game *g)
{
	return (g->st.setup.expansions & CITY_EXPANSION_TOWER) != 0;
}

int city_game_kind(const city_game *g)
{
	if (!g)
		return CITY_EINVAL;
	return g->rules->game;
}

int city_game_expansions(const city_game *g)
{
	if (!g)
		return CITY_EINVAL;
	return g->st.setup.expansions;
}

int city_feature_coats(const city_game *g, int32_t x, int32_t y, char part)
{
	int k, t, coats = 0;
	const ts_design *d;
	if (!g)
		return CITY_EINVAL;
	k = city_feature_kind(g, x, y, part); /* also checks the cell, part */
	if (k != CITY_FEATURE_CITY)
		return k < 0 ? k : 0; /* only a city region has coats */
	t = board_tile_at(&g->st, (int)x, (int)y);
	d = &game_ts(g)->designs[st_tiles(&g->st)[t].design];
	ccs_measure(game_ts(g), &g->st,
	           feat_root(&g->st, feat_node(&g->st, t, ts_part_index(d, part))),
	           &coats);
	return coats;
}

int city_game_tower(const city_game *g, int32_t x, int32_t y, int *height,
                    int *top)
{
	const state *s;
	int t, slot;
	if (!g)
		return CITY_EINVAL;
	s = &g->st;
	t = towers_in_play(g) && coord_in_range(x, y)
	        ? board_tile_at(s, (int)x, (int)y)
	        : -1;
	if (t < 0 || !tw_has(game_ts(g), s, t))
		return CITY_ENOTFOUND;
	if (height)
		*height = st_height(s)[t];
	if (top) {
		slot = tw_top(s, t);
		*top = slot < 0 ? -1 : s->pl.fol[slot].owner;
	}
	return CITY_OK;
}

int city_game_prisoners(const city_game *g, int holder, int owner)
{
	int n;
	if (!g)
		return CITY_EINVAL;
	n = g->st.setup.n_players;
	if (holder < 0 || holder >= n || owner < 0 || owner >= n)
		return CITY_EINVAL;
	return towers_in_play(g) ? g->st.cc.tw.held[holder][owner] : 0;
}

int city_game_floors(const city_game *g, int player)
{
	if (!g)
		return CITY_EINVAL;
	if (player < 0 || player >= g->st.setup.n_players)
		return CITY_EINVAL;
	return towers_in_play(g) ? g->st.cc.tw.floors[player] : 0;
}

/* The named calls of The Tower's decisions: city_apply_move() with the
 * move they name. */
static int tower_call(city_game *g, int kind, int32_t x, int32_t y, char part)
{
	city_move m;
	if (!g)
		return CITY_EINVAL;
	memset(&m, 0, sizeof m);
	m.kind = (uint8_t)kind;
	m.x = x;
	m.y = y;
	m.part = part;
	return city_apply_move(g, &m);
}

int city_place_floor(city_game *g, int32_t x, int32_t y)
{
	return tower_call(g, CITY_MOVE_FLOOR, x, y, 0);
}

int city_place_top(city_game *g, int32_t x, int32_t y)
{
	return tower_call(g, CITY_MOVE_TOP, x, y, 0);
}

int city_capture(city_game *g, int32_t x, int32_t y, char part)
{
	return tower_call(g, CITY_MOVE_CAPTURE, x, y, part);
}

int city_pay_ransom(city_game *g, int opponent)
{
	return tower_call(g, CITY_MOVE_RANSOM, opponent, 0, 0);
}
