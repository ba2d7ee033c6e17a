/*
 * The public calls of a Carcassonne game: the façade (game.c, query.c,
 * score.c) sends every call on a game whose options chose
 * CITY_GAME_CARCASSONNE here (one line per call), and these answer them
 * from the base game's own state (carc.h).
 */
#include <stdio.h>
#include <string.h>

#include "carc.h"
#include "carc_api.h"
#include "handle.h"
#include "options.h"

static inline carc_state *cs(city_game *g)
{
	return (carc_state *)(void *)&g->st;
}

static inline const carc_state *ccs(const city_game *g)
{
	return (const carc_state *)(const void *)&g->st;
}

/* ---- lifecycle ------------------------------------------------------- */

int carc_api_new(city_game **out, const city_options *o)
{
	const city_tileset *ts = o->ts;
	size_t size = carc_state_size(ts, (int)o->expansions), total;
	city_game *g;
	carc_setup su;
	char err[GAME_ERR_CAP];
	int rc;
	if (!size)
		return CITY_EINVAL; /* not a Carcassonne set: no start design */
	total = offsetof(city_game, st) + size;
	if (total < sizeof(city_game))
		total = sizeof(city_game);
	g = options_alloc(o, total);
	if (!g)
		return CITY_ENOMEM;
	memset(g, 0, total);
	su.ts = ts;
	su.players = o->players;
	su.farmers = o->rules[CITY_RULE_FARMERS];
	su.seed = o->seed;
	su.n_order = o->n_order;
	su.order = o->order;
	su.expansions = (int)o->expansions;
	{
		int k;
		memset(su.topt, 0, sizeof su.topt);
		for (k = T_CAPTURE_OWN; k < T_OPTS; k++)
			su.topt[k] =
			    o->rules[CITY_RULE_CAPTURE_OWN + (k - T_CAPTURE_OWN)];
	}
	rc = carc_init(cs(g), &su, err, sizeof err);
	if (rc != CITY_OK) {
		o->free(g, o->alloc_user);
		return rc;
	}
	options_copy(&g->opts, o);
	*out = g;
	return CITY_OK;
}

static size_t block_size(const city_game *g)
{
	size_t total = offsetof(city_game, st) + ccs(g)->size;
	return total < sizeof(city_game) ? sizeof(city_game) : total;
}

int carc_api_clone(city_game **out, const city_game *game)
{
	size_t sz = block_size(game);
	city_game *g = options_alloc(&game->opts, sz);
	if (!g)
		return CITY_ENOMEM;
	memcpy(g, game, sz);
	options_copy(&g->opts, &game->opts);
	g->err[0] = '\0';
	*out = g;
	return CITY_OK;
}

int carc_api_copy(city_game *dst, const city_game *src)
{
	if (!game_carc(dst) || ccs(dst)->size != ccs(src)->size ||
	    dst->opts.ts != src->opts.ts)
		return CITY_EINVAL;
	if (dst == src)
		return CITY_OK;
	dst->opts.players = src->opts.players;
	dst->opts.seed = src->opts.seed;
	dst->opts.n_order = src->opts.n_order;
	memcpy(dst->opts.order, src->opts.order, sizeof dst->opts.order);
	memcpy(dst->opts.rules, src->opts.rules, sizeof dst->opts.rules);
	memcpy(cs(dst), ccs(src), ccs(src)->size);
	dst->err[0] = '\0';
	return CITY_OK;
}

int carc_api_undo(city_game *g)
{
	g->err[0] = '\0';
	return carc_undo(cs(g), game_ts(g), g->err, sizeof g->err);
}

int carc_api_reset(city_game *g)
{
	carc_restart(cs(g), game_ts(g));
	g->err[0] = '\0';
	return CITY_OK;
}

/* ---- decisions ------------------------------------------------------- */

int carc_api_place_tile(city_game *g, int32_t x, int32_t y, int rotation)
{
	g->err[0] = '\0';
	return carc_place(cs(g), game_ts(g), x, y, rotation, g->err,
	                  sizeof g->err);
}

int carc_api_place_follower(city_game *g, char part)
{
	g->err[0] = '\0';
	return carc_follower(cs(g), game_ts(g), part, g->err, sizeof g->err);
}

int carc_api_pass(city_game *g)
{
	g->err[0] = '\0';
	return carc_pass(cs(g), game_ts(g), g->err, sizeof g->err);
}

int carc_api_no_decision(city_game *g, const char *what)
{
	g->err[0] = '\0';
	if (ccs(g)->decision == CITY_DECISION_END) {
		snprintf(g->err, sizeof g->err, "C-END-1: the game has ended");
		return CITY_EENDED;
	}
	snprintf(g->err, sizeof g->err,
	         "C-TURN-1: the base game of Carcassonne has no %s decision",
	         what);
	return CITY_EDECISION;
}

int carc_api_apply_move(city_game *g, const city_move *m)
{
	g->err[0] = '\0';
	return carc_apply(cs(g), game_ts(g), m, g->err, sizeof g->err);
}

int carc_api_legal_moves(const city_game *g, city_move *out, size_t cap,
                         size_t *count)
{
	size_t n = carc_legal(ccs(g), game_ts(g), out, cap);
	*count = n;
	return (out && n > cap) ? CITY_ERANGE : CITY_OK;
}

int carc_api_score_final(city_game *g)
{
	g->err[0] = '\0';
	return carc_score_final(cs(g), game_ts(g), g->err, sizeof g->err);
}

/* ---- queries ---------------------------------------------------------- */

int carc_api_rule(const city_game *g, int rule)
{
	const carc_state *s = ccs(g);
	if (rule == CITY_RULE_FARMERS)
		return s->farmers;
	if ((s->expansions & CITY_EXPANSION_TOWER) &&
	    rule >= CITY_RULE_CAPTURE_OWN && rule <= CITY_RULE_RANSOM)
		return s->topt[T_CAPTURE_OWN + (rule - CITY_RULE_CAPTURE_OWN)];
	return CITY_EINVAL; /* not a rule of this game */
}

int carc_api_expansions(const city_game *g)
{
	return ccs(g)->expansions;
}

int carc_api_tower(const city_game *g, int32_t x, int32_t y, int *height,
                   int *top)
{
	const carc_state *s = ccs(g);
	int t = carc_tile_at(s, x, y), i;
	if (t < 0 || !(s->expansions & CITY_EXPANSION_TOWER) ||
	    !carc_design_tower(game_ts(g), carc_tiles(s)[t].design))
		return CITY_ENOTFOUND;
	if (height)
		*height = carc_tiles(s)[t].height;
	if (top) {
		*top = -1;
		for (i = 0; i < s->n_fol; i++)
			if (s->fol[i].active == CFOL_TOP && s->fol[i].node == t)
				*top = s->fol[i].owner;
	}
	return CITY_OK;
}

int carc_api_prisoners(const city_game *g, int holder, int owner)
{
	const carc_state *s = ccs(g);
	if (holder < 0 || holder >= s->n_players || owner < 0 ||
	    owner >= s->n_players)
		return CITY_EINVAL;
	return s->held[holder][owner];
}

int carc_api_floors(const city_game *g, int player)
{
	const carc_state *s = ccs(g);
	if (player < 0 || player >= s->n_players)
		return CITY_EINVAL;
	return s->floors[player];
}

int carc_api_decision(const city_game *g)
{
	return ccs(g)->decision;
}

int carc_api_player(const city_game *g)
{
	return ccs(g)->player;
}

int carc_api_players(const city_game *g)
{
	return ccs(g)->n_players;
}

int carc_api_current_tile(const city_game *g, int *design, int *stack)
{
	const carc_state *s = ccs(g);
	if (s->cur == CARC_NO_TILE)
		return CITY_ENOTFOUND;
	*design = game_ts(g)->designs[carc_order(s)[s->cur]].id;
	if (stack)
		*stack = 1;
	return CITY_OK;
}

int carc_api_tiles_left(const city_game *g, int stack)
{
	const carc_state *s = ccs(g);
	if (stack != 1)
		return 0; /* C-SET-4: one stack */
	return s->n_draw - s->draw_pos;
}

int carc_api_tile_count(const city_game *g)
{
	return ccs(g)->n_tiles;
}

int carc_api_placed_tile(const city_game *g, size_t index, int32_t *x,
                         int32_t *y, int *design, int *rotation)
{
	const carc_state *s = ccs(g);
	const carc_tile *t;
	if (index >= s->n_tiles)
		return CITY_EINVAL;
	t = &carc_tiles(s)[index];
	if (x)
		*x = t->x;
	if (y)
		*y = t->y;
	if (design)
		*design = game_ts(g)->designs[t->design].id;
	if (rotation)
		*rotation = t->rot;
	return CITY_OK;
}

int carc_api_tile_at(const city_game *g, int32_t x, int32_t y, int *design,
                     int *rotation)
{
	int t = carc_tile_at(ccs(g), x, y);
	if (t < 0)
		return CITY_ENOTFOUND;
	return carc_api_placed_tile(g, (size_t)t, NULL, NULL, design,
	                            rotation);
}

int carc_api_cell(const city_game *g, int32_t x, int32_t y)
{
	/* the base game has no wall: an empty cell is never a hole that
	 * matters; it answers tile / exterior only */
	return carc_tile_at(ccs(g), x, y) >= 0 ? CITY_CELL_TILE
	                                       : CITY_CELL_EXTERIOR;
}

int carc_api_bounds(const city_game *g, int32_t *min_x, int32_t *min_y,
                    int32_t *max_x, int32_t *max_y)
{
	const carc_state *s = ccs(g);
	if (min_x)
		*min_x = s->min_x;
	if (min_y)
		*min_y = s->min_y;
	if (max_x)
		*max_x = s->max_x;
	if (max_y)
		*max_y = s->max_y;
	return CITY_OK;
}

/* The tile and part index at (x, y, part); CITY_OK or CITY_ENOTFOUND. */
static int locate(const city_game *g, int32_t x, int32_t y, char part,
                  int *tile, int *idx)
{
	const carc_state *s = ccs(g);
	int t = carc_tile_at(s, x, y), i;
	if (t < 0)
		return CITY_ENOTFOUND;
	i = carc_part_index(game_ts(g), carc_tiles(s)[t].design, part);
	if (i < 0)
		return CITY_ENOTFOUND;
	*tile = t;
	*idx = i;
	return CITY_OK;
}

int carc_api_feature_kind(const city_game *g, int32_t x, int32_t y,
                          char part)
{
	int t, i, rc = locate(g, x, y, part, &t, &i);
	if (rc != CITY_OK)
		return rc;
	switch (carc_part_kind(game_ts(g), carc_tiles(ccs(g))[t].design, i)) {
	case CK_ROAD:
		return CITY_FEATURE_ROAD;
	case CK_CITY:
		return CITY_FEATURE_CITY;
	case CK_MONASTERY:
		return CITY_FEATURE_MONASTERY;
	default:
		return CITY_FEATURE_FIELD;
	}
}

int carc_api_feature_tiles(const city_game *g, int32_t x, int32_t y,
                           char part)
{
	int t, i, rc = locate(g, x, y, part, &t, &i);
	if (rc != CITY_OK)
		return rc;
	return carc_feature_tiles(ccs(g), game_ts(g), t, i);
}

int carc_api_feature_market_kinds(const city_game *g, int32_t x, int32_t y,
                                  char part)
{
	int t, i;
	return locate(g, x, y, part, &t, &i); /* CITY_OK (0): no market */
}

int carc_api_feature_coats(const city_game *g, int32_t x, int32_t y,
                           char part)
{
	int t, i, rc = locate(g, x, y, part, &t, &i);
	if (rc != CITY_OK)
		return rc;
	return carc_feature_coats(ccs(g), game_ts(g), t, i);
}

int carc_api_feature_complete(const city_game *g, int32_t x, int32_t y,
                              char part)
{
	int t, i, rc = locate(g, x, y, part, &t, &i);
	if (rc != CITY_OK)
		return rc;
	return carc_feature_complete(ccs(g), game_ts(g), t, i);
}

int carc_api_feature_followers(const city_game *g, int32_t x, int32_t y,
                               char part, int player)
{
	int t, i, rc;
	if (player < 0 || player >= ccs(g)->n_players)
		return CITY_EINVAL;
	rc = locate(g, x, y, part, &t, &i);
	if (rc != CITY_OK)
		return rc;
	return carc_feature_followers(ccs(g), t, i, player);
}

int carc_api_feature_same(const city_game *g, int32_t x1, int32_t y1,
                          char part1, int32_t x2, int32_t y2, char part2)
{
	int t1, i1, t2, i2, rc = locate(g, x1, y1, part1, &t1, &i1);
	if (rc != CITY_OK)
		return rc;
	rc = locate(g, x2, y2, part2, &t2, &i2);
	if (rc != CITY_OK)
		return rc;
	return carc_root(ccs(g), t1, i1) == carc_root(ccs(g), t2, i2);
}

int carc_api_follower_count(const city_game *g)
{
	return carc_follower_count(ccs(g));
}

int carc_api_follower(const city_game *g, size_t index, int *player,
                      int *role, int32_t *x, int32_t *y, char *part)
{
	const carc_state *s = ccs(g);
	const carc_fol *f;
	const carc_tile *t;
	int tile, pidx;
	if (index > 255 || !(f = carc_follower_at(s, (int)index)))
		return CITY_EINVAL;
	if (f->active == CFOL_TOP) {
		t = &carc_tiles(s)[f->node];
		if (player)
			*player = f->owner;
		if (role)
			*role = CITY_ROLE_TOWER_TOP;
		if (x)
			*x = t->x;
		if (y)
			*y = t->y;
		if (part)
			*part = 't';
		return CITY_OK;
	}
	carc_node_where(s, f->node, &tile, &pidx);
	t = &carc_tiles(s)[tile];
	if (player)
		*player = f->owner;
	if (role) {
		switch (carc_part_kind(game_ts(g), t->design, pidx)) {
		case CK_ROAD:
			*role = CITY_ROLE_HIGHWAYMAN;
			break;
		case CK_CITY:
			*role = CITY_ROLE_KNIGHT;
			break;
		case CK_MONASTERY:
			*role = CITY_ROLE_MONK;
			break;
		default:
			*role = CITY_ROLE_FARMER;
			break;
		}
	}
	if (x)
		*x = t->x;
	if (y)
		*y = t->y;
	if (part)
		*part = carc_part_name(game_ts(g), t->design, pidx);
	return CITY_OK;
}

int carc_api_supply(const city_game *g, int player, int *followers,
                    int *towers)
{
	if (player < 0 || player >= ccs(g)->n_players)
		return CITY_EINVAL;
	if (followers)
		*followers = ccs(g)->supply[player];
	if (towers)
		*towers = 0;
	return CITY_OK;
}

int carc_api_score(const city_game *g, int player)
{
	if (player < 0 || player >= ccs(g)->n_players)
		return CITY_EINVAL;
	return carc_total(ccs(g), player);
}

int carc_api_score_detail(const city_game *g, int player, int category)
{
	if (player < 0 || player >= ccs(g)->n_players ||
	    category < CITY_CAT_ROADS || category > CITY_CAT_RANSOM)
		return CITY_EINVAL;
	return ccs(g)->score[player][category - CITY_CAT_ROADS];
}

int carc_api_winners(const city_game *g, unsigned *mask)
{
	const carc_state *s = ccs(g);
	int p, best = 0;
	unsigned m = 0;
	if (!s->final_done)
		return CITY_ENOTENDED;
	for (p = 0; p < s->n_players; p++) {
		int t = carc_total(s, p);
		if (p == 0 || t > best) {
			best = t;
			m = 1u << p;
		} else if (t == best) {
			m |= 1u << p;
		}
	}
	*mask = m;
	return CITY_OK;
}

int carc_api_end_reasons(const city_game *g)
{
	return ccs(g)->ended;
}

int carc_api_final_scored(const city_game *g)
{
	return ccs(g)->final_done;
}

int carc_api_event_count(const city_game *g)
{
	return ccs(g)->n_events;
}

int carc_api_event(const city_game *g, size_t index, city_event *out)
{
	const carc_state *s = ccs(g);
	const carc_event *e;
	const carc_tile *t;
	const city_tileset *ts = game_ts(g);
	if (!out || index >= s->n_events)
		return CITY_EINVAL;
	e = &carc_events(s)[index];
	memset(out, 0, sizeof *out);
	out->kind = e->kind;
	out->player = e->player;
	out->points = e->points;
	out->reason = e->reason;
	out->move = e->move;
	/* capture, exchange, ransom: the other player + 1 (reserved1) */
	out->reserved1 = e->other >= 0 ? (uint32_t)e->other + 1u : 0u;
	if (e->kind == CITY_EVENT_DISCARD) {
		out->design = ts->designs[e->tile].id;
		return CITY_OK;
	}
	if (e->part == 0xFF)
		return CITY_OK; /* a ransom: no cell */
	t = &carc_tiles(s)[e->tile];
	out->x = t->x;
	out->y = t->y;
	out->design = ts->designs[t->design].id;
	out->part = e->part == CARC_PART_TOP
	                ? 't'
	                : carc_part_name(ts, t->design, e->part);
	return CITY_OK;
}

int carc_api_move_count(const city_game *g)
{
	return ccs(g)->n_moves;
}

int carc_api_move(const city_game *g, size_t index, city_move *out)
{
	if (!out || index >= ccs(g)->n_moves)
		return CITY_EINVAL;
	carc_move(ccs(g), (int)index, out);
	return CITY_OK;
}
