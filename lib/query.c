/* Read-only queries of a game (api.md "state queries"). */
#include <string.h>

#include "board.h"
#include "feature.h"
#include "carc_api.h"
#include "game_internal.h"
#include "wall.h"

static const char side_letter[4] = {'N', 'E', 'S', 'W'};

int city_game_decision(const city_game *g)
{
	if (g && game_carc(g))
		return carc_api_decision(g);
	return g ? g->st.decision : CITY_EINVAL;
}

int city_game_player(const city_game *g)
{
	if (g && game_carc(g))
		return carc_api_player(g);
	return g ? g->st.actor : CITY_EINVAL;
}

int city_game_players(const city_game *g)
{
	if (g && game_carc(g))
		return carc_api_players(g);
	return g ? g->st.n_players : CITY_EINVAL;
}

const city_tileset *city_game_tileset(const city_game *g)
{
	return g ? g->opts.ts : NULL;
}

int city_game_rule(const city_game *g, int rule)
{
	if (g && game_carc(g))
		return carc_api_rule(g, rule);
	if (!g || rule < 1 || rule >= OPT_RULES)
		return CITY_EINVAL;
	return g->st.rules[rule];
}

int city_game_current_tile(const city_game *g, int *design, int *stack)
{
	const state *s;
	if (!g || !design)
		return CITY_EINVAL;
	if (game_carc(g))
		return carc_api_current_tile(g, design, stack);
	s = &g->st;
	if (s->cur == NO_TILE)
		return CITY_ENOTFOUND;
	*design = game_ts(g)->designs[st_corder(s)[s->cur]].id;
	if (stack)
		*stack = game_stack_of(s, s->cur);
	return CITY_OK;
}

int city_game_tiles_left(const city_game *g, int stack)
{
	const state *s;
	int lo, hi, from;
	if (!g || stack < 1 || stack > 3)
		return CITY_EINVAL;
	if (game_carc(g))
		return carc_api_tiles_left(g, stack);
	s = &g->st;
	lo = stack == 1 ? 0 : s->stack_end[stack - 2];
	hi = s->stack_end[stack - 1];
	from = s->draw_pos > lo ? s->draw_pos : lo;
	return hi > from ? hi - from : 0;
}

int city_game_tile_count(const city_game *g)
{
	if (g && game_carc(g))
		return carc_api_tile_count(g);
	return g ? g->st.n_tiles : CITY_EINVAL;
}

int city_game_placed_tile(const city_game *g, size_t index, int32_t *x,
                          int32_t *y, int *design, int *rotation)
{
	const ptile *t;
	if (g && game_carc(g))
		return carc_api_placed_tile(g, index, x, y, design, rotation);
	if (!g || index >= g->st.n_tiles)
		return CITY_EINVAL;
	t = &st_ctiles(&g->st)[index];
	if (x)
		*x = t->x;
	if (y)
		*y = t->y;
	if (design)
		*design = game_ts(g)->designs[t->design].id;
	if (rotation)
		*rotation = pt_rot(t);
	return CITY_OK;
}

static int in_range(int32_t x, int32_t y)
{
	return x >= -COORD_LIMIT && x <= COORD_LIMIT && y >= -COORD_LIMIT &&
	       y <= COORD_LIMIT;
}

int city_game_tile_at(const city_game *g, int32_t x, int32_t y, int *design,
                      int *rotation)
{
	int t;
	if (!g)
		return CITY_EINVAL;
	if (game_carc(g))
		return carc_api_tile_at(g, x, y, design, rotation);
	t = in_range(x, y) ? board_tile_at(&g->st, (int)x, (int)y) : -1;
	if (t < 0)
		return CITY_ENOTFOUND;
	return city_game_placed_tile(g, (size_t)t, NULL, NULL, design,
	                             rotation);
}

int city_game_cell(const city_game *g, int32_t x, int32_t y)
{
	if (!g)
		return CITY_EINVAL;
	if (game_carc(g))
		return carc_api_cell(g, x, y);
	if (!in_range(x, y))
		return CITY_CELL_EXTERIOR;
	return board_cell_kind(&g->st, (int)x, (int)y);
}

int city_game_bounds(const city_game *g, int32_t *min_x, int32_t *min_y,
                     int32_t *max_x, int32_t *max_y)
{
	if (!g)
		return CITY_EINVAL;
	if (game_carc(g))
		return carc_api_bounds(g, min_x, min_y, max_x, max_y);
	if (g->st.n_tiles == 0)
		return CITY_ENOTFOUND;
	if (min_x)
		*min_x = g->st.min_x;
	if (min_y)
		*min_y = g->st.min_y;
	if (max_x)
		*max_x = g->st.max_x;
	if (max_y)
		*max_y = g->st.max_y;
	return CITY_OK;
}

int game_locate_part(const city_game *g, int32_t x, int32_t y, char part,
                     int *tile, int *pidx)
{
	int t, i;
	if (!g)
		return CITY_EINVAL;
	t = in_range(x, y) ? board_tile_at(&g->st, (int)x, (int)y) : -1;
	if (t < 0)
		return CITY_ENOTFOUND;
	i = ts_part_index(&game_ts(g)->designs[st_ctiles(&g->st)[t].design],
	                  part);
	if (i < 0)
		return CITY_ENOTFOUND;
	*tile = t;
	*pidx = i;
	return CITY_OK;
}

/* Root of the feature at (x, y, part), or a negative status. */
static int root_at(const city_game *g, int32_t x, int32_t y, char part)
{
	int t, i, rc = game_locate_part(g, x, y, part, &t, &i);
	if (rc != CITY_OK)
		return rc;
	return feat_root(&g->st, feat_node(&g->st, t, i));
}

int city_feature_kind(const city_game *g, int32_t x, int32_t y, char part)
{
	int r;
	if (g && game_carc(g))
		return carc_api_feature_kind(g, x, y, part);
	r = root_at(g, x, y, part);
	if (r < 0)
		return r;
	switch (feat_part(game_ts(g), &g->st, r)->kind) {
	case TS_STREET:
		return CITY_FEATURE_STREET;
	case TS_MARKET:
		return CITY_FEATURE_MARKET;
	default:
		return CITY_FEATURE_RESIDENTIAL;
	}
}

int city_feature_tiles(const city_game *g, int32_t x, int32_t y, char part)
{
	int r, tiles;
	if (g && game_carc(g))
		return carc_api_feature_tiles(g, x, y, part);
	r = root_at(g, x, y, part);
	if (r < 0)
		return r;
	feat_measure(game_ts(g), &g->st, r, &tiles, NULL);
	return tiles;
}

int city_feature_market_kinds(const city_game *g, int32_t x, int32_t y,
                              char part)
{
	int r;
	unsigned kinds;
	if (g && game_carc(g))
		return carc_api_feature_market_kinds(g, x, y, part);
	r = root_at(g, x, y, part);
	if (r < 0)
		return r;
	feat_measure(game_ts(g), &g->st, r, NULL, &kinds);
	return (int)kinds;
}

int city_feature_complete(const city_game *g, int32_t x, int32_t y, char part)
{
	int r;
	if (g && game_carc(g))
		return carc_api_feature_complete(g, x, y, part);
	r = root_at(g, x, y, part);
	if (r < 0)
		return r;
	return feat_complete(&g->st, r);
}

int city_feature_followers(const city_game *g, int32_t x, int32_t y,
                           char part, int player)
{
	int r, counts[MAX_PLAYERS];
	if (g && game_carc(g))
		return carc_api_feature_followers(g, x, y, part, player);
	r = root_at(g, x, y, part);
	if (r < 0)
		return r;
	if (player < 0 || player >= g->st.n_players)
		return CITY_EINVAL;
	feat_followers(&g->st, r, counts);
	return counts[player];
}

int city_feature_same(const city_game *g, int32_t x1, int32_t y1, char part1,
                      int32_t x2, int32_t y2, char part2)
{
	int a, b;
	if (g && game_carc(g))
		return carc_api_feature_same(g, x1, y1, part1, x2, y2, part2);
	a = root_at(g, x1, y1, part1);
	if (a < 0)
		return a;
	b = root_at(g, x2, y2, part2);
	if (b < 0)
		return b;
	return a == b;
}

int city_game_follower_count(const city_game *g)
{
	int i, n = 0;
	if (!g)
		return CITY_EINVAL;
	if (game_carc(g))
		return carc_api_follower_count(g);
	for (i = 0; i < g->st.n_fol; i++)
		n += g->st.fol[i].active != FOL_FREE;
	if (g->st.gate_placed)
		for (i = g->st.chain_lo; i <= g->st.chain_hi; i++)
			n += wp_guard(&g->st.chain[i]) >= 0;
	return n;
}

int city_game_follower(const city_game *g, size_t index, int *player,
                       int *role, int32_t *x, int32_t *y, char *part)
{
	const state *s;
	const city_tileset *ts;
	size_t k = 0;
	int i;
	if (!g)
		return CITY_EINVAL;
	if (game_carc(g))
		return carc_api_follower(g, index, player, role, x, y, part);
	s = &g->st;
	ts = game_ts(g);
	for (i = 0; i < s->n_fol; i++) {
		const follower *f = &s->fol[i];
		const ptile *t;
		const ts_part *pt;
		if (f->active == FOL_FREE || k++ != index)
			continue;
		t = &st_ctiles(s)[f->tile];
		pt = &ts->designs[t->design].parts[f->part];
		if (player)
			*player = f->owner;
		if (role)
			*role = pt->kind == TS_STREET ? CITY_ROLE_CITIZEN
			        : pt->kind == TS_MARKET ? CITY_ROLE_SELLER
			                                : CITY_ROLE_STEWARD;
		if (x)
			*x = t->x;
		if (y)
			*y = t->y;
		if (part)
			*part = pt->name;
		return CITY_OK;
	}
	if (s->gate_placed)
		for (i = s->chain_lo; i <= s->chain_hi; i++) {
			bside b;
			if (wp_guard(&s->chain[i]) < 0 || k++ != index)
				continue;
			b = wall_piece_side(s, i);
			if (player)
				*player = wp_guard(&s->chain[i]);
			if (role)
				*role = CITY_ROLE_GUARD;
			if (x)
				*x = b.x;
			if (y)
				*y = b.y;
			if (part)
				*part = side_letter[b.s];
			return CITY_OK;
		}
	return CITY_EINVAL;
}

int city_game_supply(const city_game *g, int player, int *followers,
                     int *towers)
{
	if (g && game_carc(g))
		return carc_api_supply(g, player, followers, towers);
	if (!g || player < 0 || player >= g->st.n_players)
		return CITY_EINVAL;
	if (followers)
		*followers = g->st.supply[player];
	if (towers)
		*towers = g->st.towers_left[player];
	return CITY_OK;
}

int city_game_walls_left(const city_game *g)
{
	if (g && game_carc(g))
		return 0;
	return g ? g->st.walls_left : CITY_EINVAL;
}

int city_game_score(const city_game *g, int player)
{
	int c, sum = 0;
	if (g && game_carc(g))
		return carc_api_score(g, player);
	if (!g || player < 0 || player >= g->st.n_players)
		return CITY_EINVAL;
	for (c = 0; c < CITY_CAT_COUNT; c++)
		sum += g->st.score[player][c];
	return sum;
}

int city_game_score_detail(const city_game *g, int player, int category)
{
	if (g && game_carc(g))
		return carc_api_score_detail(g, player, category);
	if (!g || player < 0 || player >= g->st.n_players || category < 0 ||
	    category >= CITY_CAT_COUNT)
		return CITY_EINVAL;
	return g->st.score[player][category];
}

int city_game_winners(const city_game *g, unsigned *mask)
{
	int p, best = -1;
	unsigned m = 0;
	if (!g || !mask)
		return CITY_EINVAL;
	if (game_carc(g))
		return carc_api_winners(g, mask);
	if (!g->st.final_done)
		return CITY_ENOTENDED;
	for (p = 0; p < g->st.n_players; p++) {
		int sc = city_game_score(g, p);
		if (sc > best) {
			best = sc;
			m = 0;
		}
		if (sc == best)
			m |= 1u << p;
	}
	*mask = m;
	return CITY_OK;
}

int city_game_end_reasons(const city_game *g)
{
	if (g && game_carc(g))
		return carc_api_end_reasons(g);
	return g ? g->st.end_reasons : CITY_EINVAL;
}

int city_game_final_scored(const city_game *g)
{
	if (g && game_carc(g))
		return carc_api_final_scored(g);
	return g ? g->st.final_done : CITY_EINVAL;
}

int city_game_event_count(const city_game *g)
{
	if (g && game_carc(g))
		return carc_api_event_count(g);
	return g ? g->st.n_events : CITY_EINVAL;
}

int city_game_event(const city_game *g, size_t index, city_event *out)
{
	const sevent *e;
	const state *s;
	if (g && game_carc(g))
		return carc_api_event(g, index, out);
	if (!g || !out || index >= g->st.n_events)
		return CITY_EINVAL;
	s = &g->st;
	e = &st_cevents(s)[index];
	memset(out, 0, sizeof *out);
	out->kind = e->kind_reason & 3;
	out->player = e->player;
	out->points = e->points;
	out->reason = e->kind_reason >> 2;
	out->move = e->move;
	if (out->kind == CITY_EVENT_DISCARD) {
		out->design = game_ts(g)->designs[e->tile].id;
		return CITY_OK;
	}
	out->x = st_ctiles(s)[e->tile].x;
	out->y = st_ctiles(s)[e->tile].y;
	out->design = game_ts(g)->designs[st_ctiles(s)[e->tile].design].id;
	if (out->reason == CITY_REASON_TOWER || out->reason == CITY_REASON_GUARD)
		out->part = side_letter[e->part & 3];
	else
		out->part = game_ts(g)
		                ->designs[st_ctiles(s)[e->tile].design]
		                .parts[e->part]
		                .name;
	return CITY_OK;
}

int city_game_move_count(const city_game *g)
{
	if (g && game_carc(g))
		return carc_api_move_count(g);
	return g ? g->st.n_moves : CITY_EINVAL;
}

int city_game_move(const city_game *g, size_t index, city_move *out)
{
	if (g && game_carc(g))
		return carc_api_move(g, index, out);
	if (!g || !out || index >= g->st.n_moves)
		return CITY_EINVAL;
	move_unpack(move_get(&g->st, (int)index), out);
	return CITY_OK;
}

int city_wall_length(const city_game *g)
{
	if (!g)
		return CITY_EINVAL;
	if (game_carc(g))
		return 0;
	return g->st.gate_placed ? g->st.chain_hi - g->st.chain_lo + 1 : 0;
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
	w = &s->chain[s->chain_lo + index];
	b = wall_piece_side(s, (int)(s->chain_lo + index));
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
	if (game_carc(g))
		return CITY_ENOTFOUND;
	if (!g->st.gate_placed)
		return CITY_ENOTFOUND;
	return end == CITY_END_CW ? g->st.chain_hi - g->st.chain_lo : 0;
}

int city_wall_gap(const city_game *g)
{
	if (!g)
		return CITY_EINVAL;
	if (game_carc(g))
		return CITY_ENOTFOUND;
	if (!g->st.gate_placed)
		return CITY_ENOTFOUND;
	return wall_gap(&g->st, 4 * TS_MAX_TILES + 8);
}

int city_tower_count(const city_game *g)
{
	if (g && game_carc(g))
		return 0;
	return g ? g->st.n_towers : CITY_EINVAL;
}

int city_tower(const city_game *g, size_t index, int *player, int *end,
               int *piece, int *points)
{
	const tower *t;
	if (g && game_carc(g))
		return CITY_EINVAL;
	if (!g || index >= g->st.n_towers)
		return CITY_EINVAL;
	t = &g->st.towers[index];
	if (player)
		*player = t->owner;
	if (end)
		*end = t->end;
	if (piece)
		*piece = t->chain - g->st.chain_lo;
	if (points)
		*points = t->points;
	return CITY_OK;
}

int city_contour_length(const city_game *g)
{
	bextra none = {0, 0, 0};
	if (!g)
		return CITY_EINVAL;
	if (game_carc(g))
		return CITY_ENOTFOUND;
	return contour_length(&g->st, none, NULL);
}
