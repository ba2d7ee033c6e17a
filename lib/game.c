/*
 * The game façade: set-up (R-SET, R-RNG), the handle's lifecycle, the
 * public move calls, the listing, final scoring and undo. It checks what
 * every call shares (the handle, the arguments' shape) and hands the rest
 * to the game's rules (rules.h); queries are in query.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_internal.h"
#include "games.h"
#include "log.h"

/* ---- errors ---------------------------------------------------------- */

void game_set_error(city_game *g, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(g->err, sizeof g->err, fmt, ap);
	va_end(ap);
}

const city_options *game_options(const city_game *g)
{
	return &g->opts;
}

const char *city_game_last_error(const city_game *game)
{
	if (!game)
		return "R-ERR-1: no game (NULL handle)";
	return game->err;
}

/* ---- set-up ---------------------------------------------------------- */

static uint64_t splitmix64(uint64_t *st)
{
	uint64_t z = (*st += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

/* The explicit draw order as design indices: exactly the tile set's tiles
 * but those the plan sets aside (R-SET-4, C-SET-3/4), its segments in
 * order. Returns 0 or writes a reason and returns -1. */
static int explicit_order(const city_options *o, const deal_plan *p,
                          uint8_t *order, char *err, size_t errcap)
{
	const city_tileset *ts = o->ts;
	unsigned used[TS_MAX_DESIGNS], i, d, n = ts->n_tiles, seg = 0;
	for (d = 0; d < ts->n_designs; d++) {
		used[d] = p->aside[d];
		n -= p->aside[d];
	}
	if (o->n_order != n) {
		if (p->not_drawn)
			snprintf(err, errcap,
			         "%s: the order lists %u tiles, the stack has "
			         "%u (%s is not drawn)",
			         p->rule, o->n_order, n, p->not_drawn);
		else
			snprintf(err, errcap,
			         "%s: the order lists %u tiles, the tile set "
			         "has %u",
			         p->rule, o->n_order, n);
		return -1;
	}
	for (i = 0; i < n; i++) {
		for (d = 0; d < ts->n_designs; d++)
			if (ts->designs[d].id == o->order[i])
				break;
		if (d == ts->n_designs) {
			snprintf(err, errcap,
			         "%s: design %u in the order is not in the "
			         "tile set",
			         p->rule, o->order[i]);
			return -1;
		}
		if (++used[d] > ts->designs[d].count) {
			snprintf(err, errcap,
			         "%s: the order has more than %u of design %u",
			         p->rule, ts->designs[d].count - p->aside[d],
			         o->order[i]);
			return -1;
		}
		if (p->seg[d] < seg) {
			snprintf(err, errcap,
			         "%s: tile %u of the order is design %u (%s) "
			         "after %s",
			         p->seg_rule, i + 1, o->order[i],
			         p->seg_name[p->seg[d]], p->seg_name[seg]);
			return -1;
		}
		seg = p->seg[d];
		order[i] = (uint8_t)d;
	}
	return 0;
}

/* R-RNG: each segment's tiles in design order, shuffled (Fisher-Yates,
 * splitmix64 from the seed: one generator for all segments, in segment
 * order). */
static void seeded_order(const city_options *o, const deal_plan *p,
                         uint8_t *order)
{
	const city_tileset *ts = o->ts;
	unsigned i, c, k = 0, seg, n;
	uint64_t st = o->seed;
	for (seg = 0; seg < p->n_segs; seg++) {
		uint8_t *run = order + k;
		for (i = 0; i < ts->n_designs; i++)
			for (c = p->seg[i] == seg ? p->aside[i] : ts->designs[i].count;
			     c < ts->designs[i].count; c++)
				order[k++] = (uint8_t)i;
		n = (unsigned)(order + k - run);
		for (i = n - 1; i >= 1 && n > 1; i--) {
			unsigned j = (unsigned)(splitmix64(&st) % (i + 1u));
			uint8_t t = run[i];
			run[i] = run[j];
			run[j] = t;
		}
	}
}

/* Draw order by design index: the explicit order, or R-RNG. Returns 0 or
 * writes a reason and returns -1. */
static int make_order(const city_options *o, const deal_plan *p,
                      uint8_t *order, char *err, size_t errcap)
{
	if (o->n_order)
		return explicit_order(o, p, order, err, errcap);
	seeded_order(o, p, order);
	return 0;
}

static int make_stacks(const city_options *o, unsigned n, uint8_t end[3],
                       char *err, size_t errcap)
{
	unsigned a, b, c;
	if (o->stacks[0] || o->stacks[1] || o->stacks[2]) {
		a = o->stacks[0];
		b = o->stacks[1];
		c = o->stacks[2];
		if (a < 1 || a + b + c != n) {
			snprintf(err, errcap,
			         "R-SET-4: stacks %u %u %u must have A >= 1 and "
			         "sum to %u tiles",
			         a, b, c, n);
			return -1;
		}
	} else {
		b = n * 25u / 75u;
		c = n * 20u / 75u;
		a = n - b - c;
	}
	end[0] = (uint8_t)a;
	end[1] = (uint8_t)(a + b);
	end[2] = (uint8_t)(a + b + c);
	return 0;
}

/* Reset the state to the start of the game; the move history region is
 * kept (undo replays it in place). Everything but the history starts
 * zeroed, so that equal games are equal byte for byte (clone, copy and
 * undo rely on it); then the set-up, then the game's own start. */
static void state_start(city_game *g)
{
	state *s = &g->st;
	const city_options *o = &g->opts;
	st_setup setup = s->setup;
	rules_ctx c = game_ctx(g);
	uint8_t order[TS_MAX_TILES];
	int r;
	memcpy(order, st_order(s), s->lay.n_total);
	memset((char *)s + offsetof(state, setup), 0,
	       s->lay.off_moves - offsetof(state, setup));
	memcpy(st_order_w(s), order, s->lay.n_total);
	memcpy(s->setup.stack_end, setup.stack_end, sizeof setup.stack_end);
	memcpy(s->setup.seg_end, setup.seg_end, sizeof setup.seg_end);
	s->setup.n_players = (uint8_t)o->players;
	s->setup.expansions = (uint8_t)o->expansions;
	for (r = 1; r < OPT_RULE_COUNT && r < (int)sizeof s->setup.rules; r++)
		s->setup.rules[r] = (uint8_t)o->rules[r];
	g->rules->start(&c);
}

/* The draw order, the stacks' ends (ends[0..2]) and the segments' ends
 * (ends[3..5]): R-SET-4 / R-RNG, or the game's own plan (the base game:
 * one stack without the start tile, C-SET-3/4; The River: that stack in
 * three segments, river tiles, lake, land tiles, V-SET-2). */
static int deal(const game_rules *rules, const city_options *o,
                uint8_t *order, uint8_t ends[6], char *err, size_t cap)
{
	deal_plan p;
	unsigned d, k, size[3] = {0, 0, 0};
	memset(&p, 0, sizeof p);
	p.n_segs = 1;
	snprintf(p.rule, sizeof p.rule, "R-SET-4");
	if (facts_of(rules->game)->start_tile && o->ts->start < 0) {
		snprintf(err, cap, "C-SET-3: the tile set has no start design");
		return CITY_EINVAL;
	}
	if (rules->deal)
		rules->deal(o, &p);
	if (make_order(o, &p, order, err, cap))
		return CITY_EINVAL;
	if (!rules->deal) { /* The City: its stacks are its segments */
		if (make_stacks(o, o->ts->n_tiles, ends, err, cap))
			return CITY_EINVAL;
		memcpy(ends + 3, ends, 3);
		return CITY_OK;
	}
	/* one stack (C-SET-4), drawn segment after segment */
	for (d = 0; d < o->ts->n_designs; d++)
		size[p.seg[d]] += o->ts->designs[d].count - p.aside[d];
	for (k = 0; k < 3; k++)
		ends[3 + k] = (uint8_t)((k ? ends[2 + k] : 0) + size[k]);
	memset(ends, ends[5], 3);
	return CITY_OK;
}

/* What city_game_new() checks before it allocates: the options fit the
 * game (options_check) and the order and stacks can be dealt. The reason
 * of a refusal goes to why (city_options_check() shows it). */
static int check_new(const city_options *o, const game_rules **rules,
                     uint8_t *order, uint8_t ends[6], char *why, size_t cap)
{
	if (options_check(o, why, cap) != CITY_OK)
		return CITY_EINVAL;
	*rules = games_rules(o->game);
	if (!*rules || !o->ts || o->ts->n_tiles == 0) {
		snprintf(why, cap, "R-SET-1: no tile set for this game");
		return CITY_EINVAL;
	}
	/* zeroed: with a start tile the order holds one tile fewer than the
	 * set, and equal games must be equal byte for byte */
	memset(order, 0, TS_MAX_TILES);
	return deal(*rules, o, order, ends, why, cap);
}

int city_options_check(const city_options *opts, char *reason, size_t cap)
{
	const game_rules *rules;
	uint8_t order[TS_MAX_TILES], ends[6];
	char scratch[1];
	if (!opts || (!reason && cap))
		return CITY_EINVAL;
	if (!cap) { /* the status only */
		reason = scratch;
		cap = sizeof scratch;
	}
	reason[0] = '\0';
	return check_new(opts, &rules, order, ends, reason, cap);
}

int city_game_new(city_game **out, const city_options *opts)
{
	city_options def;
	const city_options *o = opts;
	const game_rules *rules;
	city_game *g;
	state hdr;
	size_t size;
	uint8_t order[TS_MAX_TILES], ends[6];
	char err[160];
	if (!out)
		return CITY_EINVAL;
	if (!o) {
		options_init(&def);
		o = &def;
	}
	/* Rules, tile set, players, order and stacks must fit the game. */
	if (check_new(o, &rules, order, ends, err, sizeof err) != CITY_OK)
		return CITY_EINVAL;
	memset(&hdr, 0, sizeof hdr);
	size = offsetof(city_game, st) + state_layout(&hdr, o->ts);
	g = options_alloc(o, size);
	if (!g)
		return CITY_ENOMEM;
	memset(g, 0, size);
	g->mem.alloc = o->alloc;
	g->mem.free = o->free;
	g->mem.user = o->alloc_user;
	g->rules = rules;
	options_copy(&g->opts, o);
	g->st = hdr;
	memcpy(g->st.setup.stack_end, ends, 3);
	memcpy(g->st.setup.seg_end, ends + 3, 3);
	memcpy(st_order_w(&g->st), order, hdr.lay.n_total);
	state_start(g);
	*out = g;
	return CITY_OK;
}

void city_game_free(city_game *game)
{
	game_mem mem;
	if (!game)
		return;
	mem = game->mem;
	options_release(&game->opts);
	mem.free(game, mem.user);
}

/* Copy `bytes` of src's handle from its settings on into dst's, but not
 * the explicit draw order's room beyond its length (TS_MAX_TILES bytes,
 * none used by a seeded game): nothing reads it, and a reshuffle already
 * leaves what it likes there (game_reshuffle.c). */
static void copy_from_opts(city_game *dst, const city_game *src, size_t bytes)
{
	size_t head = offsetof(city_options, order) + src->opts.n_order,
	       tail = offsetof(city_options, order) + sizeof src->opts.order;
	memcpy(&dst->opts, &src->opts, head);
	memcpy((char *)&dst->opts + tail, (const char *)&src->opts + tail,
	       bytes - tail);
}

/* Copy src's settings and state into dst's (the same layout) by the bytes
 * in use: everything through the last event logged, and the moves made.
 * The rest of both logs is zero in every game (log.c appends; undo clears
 * the move it takes back, reset the history it drops), so clearing dst's
 * slots beyond src's counts (dst's own counts `ne`, `nm`; the whole logs
 * for a new block) gives the bytes a whole copy gives, with less to read:
 * most of the logs' room is unused (docs/tower-capacity.md). */
static void copy_used(city_game *dst, const city_game *src, size_t ne,
                      size_t nm)
{
	const state *s = &src->st;
	size_t se = s->log.n_events, sm = s->log.n_moves, mb = s->lay.move_bytes;
	copy_from_opts(dst, src,
	               offsetof(city_game, st) - offsetof(city_game, opts) +
	                   s->lay.off_events + se * sizeof(sevent));
	if (ne > se)
		memset(st_events_w(&dst->st) + se, 0, (ne - se) * sizeof(sevent));
	memcpy(st_moves_w(&dst->st), st_moves(s), sm * mb);
	if (nm > sm)
		memset(st_moves_w(&dst->st) + sm * mb, 0, (nm - sm) * mb);
}

int city_game_clone(city_game **out, const city_game *game)
{
	city_game *g;
	size_t sz;
	if (!out || !game)
		return CITY_EINVAL;
	sz = offsetof(city_game, st) + game->st.lay.size;
	g = game->mem.alloc(sz, game->mem.user);
	if (!g)
		return CITY_ENOMEM;
	/* the bytes from the settings on, whole (a new block has no zero
	 * logs to rely on, and clearing them costs about what copying them
	 * does: the time is the bytes written); not the error buffer, an
	 * empty message; the settings copied once, then their own reference
	 * on the tile set (what options_copy would add, copying them again) */
	g->mem = game->mem;
	g->rules = game->rules;
	g->err[0] = '\0';
	copy_from_opts(g, game, sz - offsetof(city_game, opts));
	ts_retain(g->opts.ts);
	*out = g;
	return CITY_OK;
}

int city_game_copy(city_game *dst, const city_game *src)
{
	if (!dst || !src)
		return CITY_EINVAL;
	if (dst == src)
		return CITY_OK;
	/* the same shape: tile set (and so layout), game and players */
	if (dst->st.lay.size != src->st.lay.size ||
	    dst->opts.ts != src->opts.ts || dst->rules != src->rules ||
	    dst->st.setup.n_players != src->st.setup.n_players) {
		game_set_error(dst,
		               "R-ERR-1: cannot copy a game of %d players on "
		               "tile set \"%s\" into one of %d players on \"%s\"",
		               src->st.setup.n_players, src->opts.ts->name,
		               dst->st.setup.n_players, dst->opts.ts->name);
		return CITY_EINVAL;
	}
	/* Both hold a reference on the same tile set: the settings and the
	 * state are copied as bytes (those in use, copy_used); the handle
	 * keeps its own allocator (mem). */
	copy_used(dst, src, dst->st.log.n_events, dst->st.log.n_moves);
	dst->err[0] = '\0';
	return CITY_OK;
}

/* ---- moves -------------------------------------------------------------- */

static inline int game_apply(city_game *g, int kind, int32_t x, int32_t y,
                             int arg, char part)
{
	rules_ctx c;
	if (!g)
		return CITY_EINVAL;
	c.ts = g->opts.ts;
	c.s = &g->st;
	c.err = g->err;
	return g->rules->apply(&c, kind, x, y, arg, part);
}

int city_place_tile(city_game *g, int32_t x, int32_t y, int rotation)
{
	return game_apply(g, CITY_MOVE_PLACE, x, y, rotation, 0);
}

int city_place_follower(city_game *g, char part)
{
	return game_apply(g, CITY_MOVE_FOLLOWER, 0, 0, 0, part);
}

int city_build_gate(city_game *g, int32_t x, int32_t y, int side)
{
	return game_apply(g, CITY_MOVE_GATE, x, y, side, 0);
}

int city_build_wall(city_game *g, int end)
{
	return game_apply(g, CITY_MOVE_WALL, 0, 0, end, 0);
}

int city_place_guard(city_game *g)
{
	return game_apply(g, CITY_MOVE_GUARD, 0, 0, 0, 0);
}

int city_place_tower(city_game *g, int end)
{
	return game_apply(g, CITY_MOVE_TOWER, 0, 0, end, 0);
}

int city_pass(city_game *g)
{
	return game_apply(g, CITY_MOVE_PASS, 0, 0, 0, 0);
}

/* The argument a move kind carries in `arg` (rules_move): rotation,
 * side or end, three bytes in a row, picked by a table of the kinds
 * rather than by branches on the kind (which changes from move to move):
 * how far before `end` the kind's byte lies. */
static const uint8_t arg_back[256] = {[CITY_MOVE_PLACE] = 2,
                                      [CITY_MOVE_GATE] = 1};
_Static_assert(offsetof(city_move, side) == offsetof(city_move, rotation) + 1 &&
                   offsetof(city_move, end) == offsetof(city_move, side) + 1,
               "rotation, side and end are three bytes in a row");

static inline int move_arg(const city_move *m)
{
	const unsigned char *raw = (const unsigned char *)m;
	return raw[offsetof(city_move, end) - arg_back[m->kind]];
}

/* The reserved fields of a move are zero (ABI 1: zero keeps the meaning a
 * later field may give them); else the reason. One test on the way in. */
static int reserved_zero(city_game *g, const city_move *m)
{
	size_t i;
	if (!(m->reserved0[0] | m->reserved0[1] | m->reserved0[2] |
	      m->reserved1[0] | m->reserved1[1]))
		return 1;
	for (i = 0; i < sizeof m->reserved0; i++)
		if (m->reserved0[i]) {
			game_set_error(g,
			               "R-ERR-1: move field reserved0[%u] is %u, "
			               "not 0",
			               (unsigned)i, (unsigned)m->reserved0[i]);
			return 0;
		}
	for (i = 0; i < 2; i++)
		if (m->reserved1[i])
			break;
	game_set_error(g, "R-ERR-1: move field reserved1[%u] is %lu, not 0",
	               (unsigned)i, (unsigned long)m->reserved1[i]);
	return 0;
}

int city_apply_move(city_game *g, const city_move *m)
{
	if (!g || !m)
		return CITY_EINVAL;
	if (!reserved_zero(g, m))
		return CITY_EINVAL;
	return game_apply(g, m->kind, m->x, m->y, move_arg(m), m->part);
}

int city_legal_moves(const city_game *g, city_move *out, size_t cap,
                     size_t *count)
{
	size_t n;
	if (!g || !count || (!out && cap))
		return CITY_EINVAL;
	n = g->rules->list(game_ts(g), &g->st, out, cap);
	*count = n;
	return (out && n > cap) ? CITY_ERANGE : CITY_OK;
}

int city_score_final(city_game *g)
{
	if (!g)
		return CITY_EINVAL;
	g->err[0] = '\0';
	if (g->st.turn.decision != CITY_DECISION_END) {
		game_set_error(g, "%c-END-1: the game has not ended",
		               game_facts_of(g)->rule_prefix);
		return CITY_ENOTENDED;
	}
	if (!g->st.turn.final_done)
		g->rules->score_final(game_ts(g), &g->st);
	return CITY_OK;
}

/* ---- undo and reset ---------------------------------------------------- */

int city_game_reset(city_game *g)
{
	if (!g)
		return CITY_EINVAL;
	/* the history goes too (undo keeps it, state_start), so that the
	 * moves past the count are zero in every game (copy_used) */
	memset(st_moves_w(&g->st), 0,
	       (size_t)g->st.log.n_moves * g->st.lay.move_bytes);
	state_start(g);
	g->err[0] = '\0';
	return CITY_OK;
}

int city_game_undo(city_game *g)
{
	state *s;
	int n, i;
	if (!g)
		return CITY_EINVAL;
	s = &g->st;
	if (s->log.n_moves == 0) {
		game_set_error(g, "R-ERR-1: no move to take back");
		return CITY_ENOTFOUND;
	}
	n = s->log.n_moves - 1;
	/* Replay the history in place: each move rewrites its own slot with
	 * the same value. */
	state_start(g);
	for (i = 0; i < n; i++) {
		city_move m;
		log_move_at(s, i, &m);
		if (city_apply_move(g, &m) != CITY_OK)
			return CITY_EINVAL; /* cannot happen: history was legal */
	}
	log_move_clear(s, n);
	g->err[0] = '\0';
	return CITY_OK;
}
