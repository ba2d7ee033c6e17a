/*
 * The public queries of The City's own pieces (api.md "the wall"): the
 * wall supply, the chain of the gate and wall pieces, its ends and gap,
 * the towers. Another game has none of them.
 */
#include "game_internal.h"
#include "wall_internal.h"

/* Whether a game has no wall (st_city is not the union's member in
 * use). */
static inline int no_wall(const city_game *g)
{
	return !game_facts_of(g)->wall;
}

int city_game_walls_left(const city_game *g)
{
	if (g && no_wall(g))
		return 0;
	return g ? g->st.city.walls_left : CITY_EINVAL;
}

int city_wall_length(const city_game *g)
{
	if (!g)
		return CITY_EINVAL;
	if (no_wall(g))
		return 0;
	return wall_length(&g->st);
}

int city_wall_piece(const city_game *g, size_t index, int32_t *x, int32_t *y,
                    int *side, int *is_gate, int *guard)
{
	const state *s;
	const wpiece *w;
	bside b;
	if (!g || index >= (size_t)city_wall_length(g))
		return CITY_EINVAL;
	s = &g->st;
	w = &s->city.chain[s->city.chain_lo + index];
	b = wall_piece_side(s, (int)(s->city.chain_lo + index));
	if (x)
		*x = b.x;
	if (y)
		*y = b.y;
	if (side)
		*side = b.s;
	if (is_gate)
		*is_gate = wp_gate(w);
	if (guard)
		*guard = wp_guard(w);
	return CITY_OK;
}

int city_wall_end(const city_game *g, int end)
{
	if (!g || (end != CITY_END_CW && end != CITY_END_CCW))
		return CITY_EINVAL;
	if (no_wall(g))
		return CITY_ENOTFOUND;
	if (!g->st.city.gate_placed)
		return CITY_ENOTFOUND;
	return end == CITY_END_CW ? g->st.city.chain_hi - g->st.city.chain_lo : 0;
}

int city_wall_gap(const city_game *g)
{
	if (!g)
		return CITY_EINVAL;
	if (no_wall(g))
		return CITY_ENOTFOUND;
	if (!g->st.city.gate_placed)
		return CITY_ENOTFOUND;
	return wall_gap(&g->st, 4 * TS_MAX_TILES + 8);
}

int city_tower_count(const city_game *g)
{
	if (g && no_wall(g))
		return 0;
	return g ? g->st.city.n_wall_towers : CITY_EINVAL;
}

int city_tower(const city_game *g, size_t index, int *player, int *end,
               int *piece, int *points)
{
	if (g && no_wall(g))
		return CITY_EINVAL;
	const wall_tower *t;
	if (!g || index >= g->st.city.n_wall_towers)
		return CITY_EINVAL;
	t = &g->st.city.wall_towers[index];
	if (player)
		*player = t->owner;
	if (end)
		*end = t->end;
	if (piece)
		*piece = t->chain - g->st.city.chain_lo;
	if (points)
		*points = t->points;
	return CITY_OK;
}
