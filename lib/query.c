/* Read-only queries of a game (api.md "state queries"), shared by the
 * games; The City's wall and tower queries are in tc_query.c. */
#include <string.h>

#include "board.h"
#include "cc_score.h"
#include "feature.h"
#include "game_internal.h"
#include "log.h"
#include "players.h"

/* A query that answers one number of the state as it stands, or
 * CITY_EINVAL without a game (api.md "state queries"). */
#define STATE_NUMBER(name, field)                                              \
	int name(const city_game *g)                                           \
	{                                                                      \
		return g ? g->st.field : CITY_EINVAL;                          \
	}

STATE_NUMBER(city_game_decision, turn.decision)
STATE_NUMBER(city_game_player, turn.actor)
STATE_NUMBER(city_game_players, setup.n_players)

const city_tileset *city_game_tileset(const city_game *g)
{
	return g ? g->opts.ts : NULL;
}

int city_game_rule(const city_game *g, int rule)
{
	if (!g)
		return CITY_EINVAL;
	if (!options_rule_applies(rule, g->rules->game, g->st.setup.expansions))
		return CITY_EINVAL; /* not a rule of this game */
	return g->st.setup.rules[rule];
}

int city_game_current_tile(const city_game *g, int *design, int *stack)
{
	const state *s;
	if (!g || !design)
		return CITY_EINVAL;
	s = &g->st;
	if (s->turn.cur == NO_TILE)
		return CITY_ENOTFOUND;
	*design = game_ts(g)->designs[st_order(s)[s->turn.cur]].id;
	if (stack)
		*stack = st_stack_of(s, s->turn.cur);
	return CITY_OK;
}

/* The draw indices [*lo, *hi) of a stack (0: every stack). */
static int stack_span(const state *s, int stack, int *lo, int *hi)
{
	if (stack < 0 || stack > 3)
		return CITY_EINVAL;
	*lo = stack <= 1 ? 0 : s->setup.stack_end[stack - 2];
	*hi = s->setup.stack_end[stack == 0 ? 2 : stack - 1];
	if (s->turn.draw_pos > *lo)
		*lo = s->turn.draw_pos;
	return CITY_OK;
}

int city_game_tiles_left(const city_game *g, int stack)
{
	int lo, hi;
	if (!g || stack < 1 || stack_span(&g->st, stack, &lo, &hi) != CITY_OK)
		return CITY_EINVAL;
	return hi > lo ? hi - lo : 0;
}

int city_game_tiles_remaining(const city_game *g, int stack, int *designs,
                              int *counts, size_t cap)
{
	/* Counted by design index (the order's byte), reported by ID: the
	 * designs are in ID order, so the output is ascending and says
	 * nothing of the order the tiles will come in. */
	unsigned short per[256];
	const city_tileset *ts;
	int lo, hi, i, n = 0;
	unsigned d;
	if (!g || (cap && (!designs || !counts)) ||
	    stack_span(&g->st, stack, &lo, &hi) != CITY_OK)
		return CITY_EINVAL;
	ts = game_ts(g);
	memset(per, 0, sizeof per);
	for (i = lo; i < hi; i++)
		per[st_order(&g->st)[i]]++;
	for (d = 0; d < ts->n_designs && d < 256; d++) {
		if (!per[d])
			continue;
		if ((size_t)n < cap) {
			designs[n] = ts->designs[d].id;
			counts[n] = per[d];
		}
		n++;
	}
	return n;
}

STATE_NUMBER(city_game_tile_count, board.n_tiles)

int city_game_placed_tile(const city_game *g, size_t index, int32_t *x,
                          int32_t *y, int *design, int *rotation)
{
	const ptile *t;
	if (!g || index >= g->st.board.n_tiles)
		return CITY_EINVAL;
	t = &st_tiles(&g->st)[index];
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

int city_game_tile_at(const city_game *g, int32_t x, int32_t y, int *design,
                      int *rotation)
{
	int t;
	if (!g)
		return CITY_EINVAL;
	t = coord_in_range(x, y) ? board_tile_at(&g->st, (int)x, (int)y) : -1;
	if (t < 0)
		return CITY_ENOTFOUND;
	return city_game_placed_tile(g, (size_t)t, NULL, NULL, design,
	                             rotation);
}

int city_game_cell(const city_game *g, int32_t x, int32_t y)
{
	if (!g)
		return CITY_EINVAL;
	if (!coord_in_range(x, y))
		return CITY_CELL_EXTERIOR;
	if (!game_facts_of(g)->wall) /* no wall: a tile, or else exterior */
		return board_tile_at(&g->st, (int)x, (int)y) >= 0
		           ? CITY_CELL_TILE
		           : CITY_CELL_EXTERIOR;
	return board_cell_kind(&g->st, (int)x, (int)y);
}

int city_game_bounds(const city_game *g, int32_t *min_x, int32_t *min_y,
                     int32_t *max_x, int32_t *max_y)
{
	if (!g)
		return CITY_EINVAL;
	if (g->st.board.n_tiles == 0)
		return CITY_ENOTFOUND;
	if (min_x)
		*min_x = g->st.board.min_x;
	if (min_y)
		*min_y = g->st.board.min_y;
	if (max_x)
		*max_x = g->st.board.max_x;
	if (max_y)
		*max_y = g->st.board.max_y;
	return CITY_OK;
}

/* Placed tile index at (x, y) and part index of `part` there; returns
 * CITY_OK, CITY_EINVAL or CITY_ENOTFOUND. */
static int locate_part(const city_game *g, int32_t x, int32_t y, char part,
                       int *tile, int *pidx)
{
	int t, i;
	if (!g)
		return CITY_EINVAL;
	t = coord_in_range(x, y) ? board_tile_at(&g->st, (int)x, (int)y) : -1;
	if (t < 0)
		return CITY_ENOTFOUND;
	{
		const ts_design *d =
		    &game_ts(g)->designs[st_tiles(&g->st)[t].design];
		/* 'm': the base game's monastery, its own node */
		i = part == 'm' && (d->features & TS_MONASTERY)
		        ? d->n_parts
		        : ts_part_index(d, part);
	}
	if (i < 0)
		return CITY_ENOTFOUND;
	*tile = t;
	*pidx = i;
	return CITY_OK;
}

/* Root of the feature at (x, y, part), or a negative status. */
static int root_at(const city_game *g, int32_t x, int32_t y, char part)
{
	int t, i, rc = locate_part(g, x, y, part, &t, &i);
	if (rc != CITY_OK)
		return rc;
	return feat_root(&g->st, feat_node(&g->st, t, i));
}

int city_feature_kind(const city_game *g, int32_t x, int32_t y, char part)
{
	int t, i, r = locate_part(g, x, y, part, &t, &i);
	const ts_design *d;
	if (r != CITY_OK)
		return r;
	d = &game_ts(g)->designs[st_tiles(&g->st)[t].design];
	if (i >= d->n_parts) /* the monastery: a part of its own */
		return CITY_FEATURE_MONASTERY;
	return game_facts_of(g)->feature_of_kind[d->parts[i].kind];
}

int city_feature_tiles(const city_game *g, int32_t x, int32_t y, char part)
{
	int r = root_at(g, x, y, part), tiles;
	if (r < 0)
		return r;
	feat_measure(game_ts(g), &g->st, r, &tiles, NULL);
	return tiles;
}

int city_feature_market_kinds(const city_game *g, int32_t x, int32_t y,
                              char part)
{
	int r = root_at(g, x, y, part);
	unsigned kinds;
	if (r < 0 || game_facts_of(g)->regions != FACTS_MARKETS)
		return r < 0 ? r : 0; /* the game has no market */
	feat_measure(game_ts(g), &g->st, r, NULL, &kinds);
	return (int)kinds;
}

int city_feature_complete(const city_game *g, int32_t x, int32_t y, char part)
{
	int t, i, rc = locate_part(g, x, y, part, &t, &i);
	if (rc != CITY_OK)
		return rc;
	return g->rules->part_complete(game_ts(g), &g->st, t, i);
}

int city_feature_followers(const city_game *g, int32_t x, int32_t y,
                           char part, int player)
{
	int r = root_at(g, x, y, part), counts[MAX_PLAYERS];
	if (r < 0)
		return r;
	if (player < 0 || player >= g->st.setup.n_players)
		return CITY_EINVAL;
	players_on_feature(&g->st, r, counts);
	return counts[player];
}

int city_feature_same(const city_game *g, int32_t x1, int32_t y1, char part1,
                      int32_t x2, int32_t y2, char part2)
{
	int a = root_at(g, x1, y1, part1), b;
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
	for (i = 0; i < g->st.pl.n_fol; i++)
		n += g->st.pl.fol[i].active != FOL_FREE;
	if (g->rules->pieces)
		n += g->rules->pieces(&g->st);
	return n;
}

/* The role of follower f in game g. */
static int role_of(const city_game *g, const follower *f, const ts_design *d)
{
	if (f->active == FOL_TOP)
		return CITY_ROLE_TOWER_TOP;
	if (f->part >= d->n_parts) /* the monastery */
		return CITY_ROLE_MONK;
	return game_facts_of(g)->role_of_kind[d->parts[f->part].kind];
}

/* The index-th follower: those on features first, in slot order, then
 * the game's own pieces. Returns 1 when there is one. */
static int follower_at(const city_game *g, size_t index, rules_piece *pc)
{
	const state *s = &g->st;
	size_t k = 0;
	int i;
	for (i = 0; i < s->pl.n_fol; i++) {
		const follower *f = &s->pl.fol[i];
		const ptile *t;
		const ts_design *d;
		if (f->active == FOL_FREE || k++ != index)
			continue;
		t = &st_tiles(s)[f->tile];
		d = &game_ts(g)->designs[t->design];
		pc->player = f->owner;
		pc->role = role_of(g, f, d);
		pc->x = t->x;
		pc->y = t->y;
		pc->part = f->active == FOL_TOP ? 't' : ccs_part_name(d, f->part);
		return 1;
	}
	if (!g->rules->pieces || index - k >= (size_t)g->rules->pieces(s))
		return 0;
	g->rules->piece(s, (int)(index - k), pc);
	return 1;
}

int city_game_follower(const city_game *g, size_t index, int *player,
                       int *role, int32_t *x, int32_t *y, char *part)
{
	rules_piece pc;
	if (!g || !follower_at(g, index, &pc))
		return CITY_EINVAL;
	if (player)
		*player = pc.player;
	if (role)
		*role = pc.role;
	if (x)
		*x = pc.x;
	if (y)
		*y = pc.y;
	if (part)
		*part = pc.part;
	return CITY_OK;
}

int city_game_supply(const city_game *g, int player, int *followers,
                     int *towers)
{
	if (!g || player < 0 || player >= g->st.setup.n_players)
		return CITY_EINVAL;
	if (followers)
		*followers = g->st.pl.supply[player];
	if (towers)
		*towers = g->st.pl.wall_towers_left[player];
	return CITY_OK;
}

/* The five score categories of a player (NULL for a bad player): the one
 * check the score calls share. */
static const int32_t *score_row(const city_game *g, int player)
{
	if (!g || player < 0 || player >= g->st.setup.n_players)
		return NULL;
	return g->st.pl.score[player];
}

/* The index of a public category in a score row, -1 when the game has no
 * such category. The City: CITY_CAT_STREETS.., the base game:
 * CITY_CAT_ROADS.. */
static int score_column(const city_game *g, int category)
{
	int first = game_facts_of(g)->first_category;
	if (category < first || category >= first + CITY_CAT_COUNT)
		return -1;
	return category - first;
}

int city_game_score_get(const city_game *g, int player, int *score)
{
	const int32_t *row = score_row(g, player);
	int c, sum = 0;
	if (!row || !score)
		return CITY_EINVAL;
	for (c = 0; c < CITY_CAT_COUNT; c++) /* the game's categories */
		sum += row[c];
	*score = sum;
	return CITY_OK;
}

int city_game_score_detail_get(const city_game *g, int player, int category,
                               int *points)
{
	const int32_t *row = score_row(g, player);
	int col = row ? score_column(g, category) : -1;
	if (col < 0 || !points)
		return CITY_EINVAL;
	*points = row[col];
	return CITY_OK;
}

int city_game_score(const city_game *g, int player)
{
	int sum;
	int rc = city_game_score_get(g, player, &sum);
	return rc == CITY_OK ? sum : rc;
}

int city_game_score_detail(const city_game *g, int player, int category)
{
	int points;
	int rc = city_game_score_detail_get(g, player, category, &points);
	return rc == CITY_OK ? points : rc;
}

int city_game_winners(const city_game *g, unsigned *mask)
{
	int p, best = 0;
	unsigned m = 0;
	if (!g || !mask)
		return CITY_EINVAL;
	if (!g->st.turn.final_done)
		return CITY_ENOTENDED;
	/* scores may be negative (The Tower's ransom) */
	for (p = 0; p < g->st.setup.n_players; p++) {
		int sc = city_game_score(g, p);
		if (p == 0 || sc > best) {
			best = sc;
			m = 1u << p;
		} else if (sc == best) {
			m |= 1u << p;
		}
	}
	*mask = m;
	return CITY_OK;
}

STATE_NUMBER(city_game_end_reasons, turn.end_reasons)
STATE_NUMBER(city_game_final_scored, turn.final_done)
STATE_NUMBER(city_game_event_count, log.n_events)

int city_game_event(const city_game *g, size_t index, city_event *out)
{
	if (!g || !out || index >= g->st.log.n_events)
		return CITY_EINVAL;
	log_event_at(game_ts(g), &g->st, (int)index, out);
	return CITY_OK;
}

STATE_NUMBER(city_game_move_count, log.n_moves)

int city_game_move(const city_game *g, size_t index, city_move *out)
{
	if (!g || !out || index >= g->st.log.n_moves)
		return CITY_EINVAL;
	log_move_at(&g->st, (int)index, out);
	return CITY_OK;
}

int city_contour_length(const city_game *g)
{
	bextra none = {0, 0, 0};
	if (!g)
		return CITY_EINVAL;
	if (!game_facts_of(g)->wall) /* no wall: no contour labels kept */
		return CITY_ENOTFOUND;
	return board_contour_length(&g->st, none, NULL);
}
