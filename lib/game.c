/*
 * The game: set-up (R-SET, R-RNG) and the decision state machine (R-TURN,
 * R-FOL, R-WALL rounds, R-END-1), with the public calls that make
 * decisions, list legal moves and undo. Scoring is in score.c, queries in
 * query.c, move text in move.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "board.h"
#include "feature.h"
#include "carc_api.h"
#include "game_internal.h"
#include "score.h"
#include "wall.h"

static const char *const side_name[4] = {"north", "east", "south", "west"};
static const char *const end_name[2] = {"cw", "ccw"};
static const char *const decision_name[7] = {
    "tile placement", "follower", "gate", "wall piece",
    "guard",          "tower",    "end"};

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

static size_t align8(size_t n)
{
	return (n + 7u) & ~(size_t)7u;
}

/* Work out the layout of the flat state for a tile set. */
static size_t layout(state *s, const city_tileset *ts)
{
	size_t off = align8(sizeof(state));
	unsigned i, nodes = 0, n = ts->n_tiles, hcap = 8;
	for (i = 0; i < ts->n_designs; i++)
		nodes += (unsigned)ts->designs[i].n_parts * ts->designs[i].count;
	while (hcap < 2 * n)
		hcap <<= 1;
	s->n_total = (uint16_t)n;
	s->cap_nodes = (uint16_t)nodes;
	/* Bounds. Each follower placed on a tile gives at most one event
	 * (scored with its feature, returned at the end, or scoring as a
	 * steward: every event of that kind names a player with a follower
	 * there), a discarded tile is one event and is a tile nobody placed a
	 * follower on; then at most 28 guard and 12 tower events. */
	s->cap_events = (uint16_t)(n + 4 * FOLLOWERS_PER_PLAYER + MAX_TOWERS);
	/* place + follower per tile; the gate, the wall pieces and their guard
	 * decisions; a tower decision per round, and every round builds at
	 * least one piece. */
	s->cap_moves = (uint16_t)(2 * n + 3 * (WALL_SUPPLY + 1));
	s->hash_mask = (uint16_t)(hcap - 1);
	s->off_order = (uint32_t)off;
	off = align8(off + n);
	s->off_tiles = (uint32_t)off;
	off = align8(off + n * sizeof(ptile));
	s->off_corner = (uint32_t)off;
	off = align8(off + n);
	s->off_hash = (uint32_t)off;
	off = align8(off + hcap);
	s->off_front = (uint32_t)off;
	s->cap_front = (uint16_t)(2 * n + 2); /* a polyomino of n cells has at
	                                        most 2n + 2 free neighbours */
	off = align8(off + s->cap_front * sizeof(fcell));
	s->off_walk = (uint32_t)off;
	off = align8(off + 4u * n * sizeof(uint16_t));
	s->off_nodes = (uint32_t)off;
	off = align8(off + nodes * (3 * sizeof(uint16_t) + 1)); /* st_nparent.. */
	s->off_events = (uint32_t)off;
	off = align8(off + s->cap_events * sizeof(sevent));
	s->off_moves = (uint32_t)off;
	off = align8(off + s->cap_moves * SMOVE_BYTES);
	s->size = (uint32_t)off;
	return off;
}

/* Draw order by design index: the explicit order, or R-RNG. Returns 0 or
 * writes a reason and returns -1. */
static int make_order(const city_options *o, uint8_t *order, char *err,
                      size_t errcap)
{
	const city_tileset *ts = o->ts;
	unsigned n = ts->n_tiles, i, k = 0;
	if (o->n_order) {
		unsigned used[TS_MAX_DESIGNS];
		memset(used, 0, sizeof used);
		if (o->n_order != n) {
			snprintf(err, errcap,
			         "R-SET-4: the order lists %u tiles, the tile set "
			         "has %u",
			         o->n_order, n);
			return -1;
		}
		for (i = 0; i < n; i++) {
			unsigned d;
			for (d = 0; d < ts->n_designs; d++)
				if (ts->designs[d].id == o->order[i])
					break;
			if (d == ts->n_designs) {
				snprintf(err, errcap,
				         "R-SET-4: design %u in the order is not in "
				         "the tile set",
				         o->order[i]);
				return -1;
			}
			if (++used[d] > ts->designs[d].count) {
				snprintf(err, errcap,
				         "R-SET-4: the order has more than %u of "
				         "design %u",
				         ts->designs[d].count, o->order[i]);
				return -1;
			}
			order[i] = (uint8_t)d;
		}
		return 0;
	}
	for (i = 0; i < ts->n_designs; i++) {
		unsigned c;
		for (c = 0; c < ts->designs[i].count; c++)
			order[k++] = (uint8_t)i;
	}
	{
		uint64_t st = o->seed;
		for (i = n - 1; i >= 1; i--) {
			unsigned j = (unsigned)(splitmix64(&st) % (i + 1u));
			uint8_t t = order[i];
			order[i] = order[j];
			order[j] = t;
		}
	}
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

static void draw_next(const city_game *g, state *s, int next_player);

/* Reset the state to the start of the game; the move history region is
 * kept (undo replays it in place). */
static void state_start(city_game *g)
{
	state *s = &g->st;
	const city_options *o = &g->opts;
	state hdr;
	int p;
	uint8_t order[TS_MAX_TILES];
	memcpy(order, st_corder(s), s->n_total);
	memset(&hdr, 0, sizeof hdr);
	layout(&hdr, o->ts);
	memcpy(hdr.stack_end, s->stack_end, 3);
	*s = hdr;
	/* Everything but the move history starts zeroed, so that equal games
	 * are equal byte for byte (clone, copy and undo rely on it). */
	memset((char *)s + sizeof(state), 0, s->off_moves - sizeof(state));
	memcpy(st_order(s), order, s->n_total);
	s->n_players = (uint8_t)o->players;
	for (p = 1; p < OPT_RULES; p++)
		s->rules[p] = (uint8_t)o->rules[p];
	for (p = 0; p < s->n_players; p++) {
		s->supply[p] = FOLLOWERS_PER_PLAYER;
		s->towers_left[p] = (uint8_t)(12 / s->n_players);
	}
	s->walls_left = WALL_SUPPLY;
	s->cur = NO_TILE;
	s->last_tile = NO_TILE;
	draw_next(g, s, 0);
}

int city_game_new(city_game **out, const city_options *opts)
{
	city_options def;
	const city_options *o = opts;
	city_game *g;
	state hdr;
	uint8_t order[TS_MAX_TILES], ends[3];
	char err[160];
	if (!out)
		return CITY_EINVAL;
	if (!o) {
		options_init(&def);
		o = &def;
	}
	/* Rules, tile set and players must fit the chosen game (options.h);
	 * the base game has its own rules and state (lib/carc.c). */
	if (options_check(o, NULL, 0) != CITY_OK)
		return CITY_EINVAL;
	if (o->game == CITY_GAME_CARCASSONNE)
		return carc_api_new(out, o);
	if (o->players < 2 || o->players > 4 || !o->ts || o->ts->n_tiles == 0)
		return CITY_EINVAL;
	if (make_order(o, order, err, sizeof err) ||
	    make_stacks(o, o->ts->n_tiles, ends, err, sizeof err))
		return CITY_EINVAL;
	memset(&hdr, 0, sizeof hdr);
	layout(&hdr, o->ts);
	g = options_alloc(o, offsetof(city_game, st) + hdr.size);
	if (!g)
		return CITY_ENOMEM;
	memset(g, 0, offsetof(city_game, st) + hdr.size);
	options_copy(&g->opts, o);
	g->st = hdr;
	memcpy(g->st.stack_end, ends, 3);
	memcpy(st_order(&g->st), order, hdr.n_total);
	state_start(g);
	*out = g;
	return CITY_OK;
}

void city_game_free(city_game *game)
{
	void (*release)(void *, void *);
	void *user;
	if (!game)
		return;
	release = game->opts.free;
	user = game->opts.alloc_user;
	options_release(&game->opts);
	release(game, user);
}

int city_game_clone(city_game **out, const city_game *game)
{
	city_game *g;
	size_t sz;
	if (!out || !game)
		return CITY_EINVAL;
	if (game_carc(game))
		return carc_api_clone(out, game);
	sz = offsetof(city_game, st) + game->st.size;
	g = options_alloc(&game->opts, sz);
	if (!g)
		return CITY_ENOMEM;
	memcpy(g, game, sz);
	options_copy(&g->opts, &game->opts);
	g->err[0] = '\0';
	*out = g;
	return CITY_OK;
}

int city_game_copy(city_game *dst, const city_game *src)
{
	if (dst && src && (game_carc(dst) || game_carc(src)))
		return game_carc(dst) && game_carc(src) ? carc_api_copy(dst, src)
		                                        : CITY_EINVAL;
	if (!dst || !src || dst->st.size != src->st.size ||
	    dst->opts.ts != src->opts.ts)
		return CITY_EINVAL;
	if (dst == src)
		return CITY_OK;
	dst->opts.players = src->opts.players;
	dst->opts.seed = src->opts.seed;
	dst->opts.n_order = src->opts.n_order;
	memcpy(dst->opts.order, src->opts.order, sizeof dst->opts.order);
	memcpy(dst->opts.stacks, src->opts.stacks, sizeof dst->opts.stacks);
	memcpy(dst->opts.rules, src->opts.rules, sizeof dst->opts.rules);
	memcpy(&dst->st, &src->st, src->st.size);
	dst->err[0] = '\0';
	return CITY_OK;
}

/* ---- the turn -------------------------------------------------------- */

/* The fast legality test of one placement, through the frontier (the same
 * test city_legal_moves uses); board_check_placement is the slow, explicit
 * form that also says why (the property tests hold the two equal). Sets
 * *front to the cell's frontier index (-1 for the start tile). */
static int tile_fits(const city_tileset *ts, const state *s, int32_t x,
                     int32_t y, int design, int rot, int *front)
{
	const fcell *f;
	*front = -1;
	if (s->n_tiles == 0)
		return x == 0 && y == 0;
	f = board_front_at(s, (int)x, (int)y);
	if (!f ||
	    !(board_front_rotations(&ts->designs[design], f) >> rot & 1) ||
	    !board_front_fits_walls(s, f))
		return 0;
	*front = (int)(f - st_cfront(s));
	return 1;
}

/* Whether a design has a legal placement (R-TURN-4). Cells whose
 * placement cannot enclose anything are tried first: they need no contour
 * walk. */
static int tile_has_placement(const city_tileset *ts, const state *s,
                              int design)
{
	const ts_design *d = &ts->designs[design];
	const fcell *f = st_cfront(s);
	int i, pass;
	if (s->n_tiles == 0)
		return 1; /* the start tile fits at (0,0) in any rotation */
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < s->n_front; i++) {
			if (board_front_simple(s, &f[i]) != !pass)
				continue;
			if (board_front_rotations(d, &f[i]) &&
			    board_front_fits_walls(s, &f[i]))
				return 1;
		}
	return 0;
}

static unsigned end_conditions(const state *s)
{
	unsigned r = 0;
	if (s->walls_left == 0)
		r |= CITY_ENDED_SUPPLY;
	if (s->draw_pos >= s->n_total)
		r |= CITY_ENDED_TILES;
	if (s->gate_placed &&
	    wall_gap(s, s->rules[CITY_RULE_END_GAP] + 1) <=
	        s->rules[CITY_RULE_END_GAP])
		r |= CITY_ENDED_GAP;
	return r;
}

static void set_end(state *s, unsigned reasons)
{
	s->decision = CITY_DECISION_END;
	s->end_reasons = (uint8_t)reasons;
	s->actor = s->player;
}

/* Draw for the next turn, discarding unplayable tiles (R-TURN-4). */
static void draw_next(const city_game *g, state *s, int next_player)
{
	const city_tileset *ts = game_ts(g);
	while (s->draw_pos < s->n_total) {
		int i = s->draw_pos++;
		int d = st_corder(s)[i];
		if (tile_has_placement(ts, s, d)) {
			s->cur = (uint8_t)i;
			s->player = (uint8_t)next_player;
			s->actor = (uint8_t)next_player;
			s->decision = CITY_DECISION_TILE;
			return;
		}
		score_log_event(s, CITY_EVENT_DISCARD, 0, -1, 0, d, 0xFF);
	}
	/* R-END-1: a drawn tile was unplayable and no tile is left (b). */
	set_end(s, end_conditions(s) | CITY_ENDED_TILES);
}

static void end_turn(const city_game *g, state *s)
{
	unsigned reasons = end_conditions(s);
	if (reasons) {
		set_end(s, reasons);
		return;
	}
	draw_next(g, s, (s->player + 1) % s->n_players);
}

static int tower_eligible(const state *s, int end)
{
	int t = s->round_trigger;
	return s->towers_left[t] > 0 && s->since[end] >= 1 &&
	       (s->rules[CITY_RULE_CLOSING_TOWER] || !wall_ring_closed(s));
}

/* R-WALL-7: after the pieces of the round, the trigger player may place a
 * tower; the decision is skipped when no end is eligible. */
static void tower_step(const city_game *g, state *s)
{
	if (tower_eligible(s, CITY_END_CW) || tower_eligible(s, CITY_END_CCW)) {
		s->decision = CITY_DECISION_TOWER;
		s->actor = s->round_trigger;
		return;
	}
	end_turn(g, s);
}

/* R-WALL-2: the next piece of the round, interleaved from the trigger
 * player, until the shares are built, the supply is empty or the ring is
 * closed. */
static void continue_round(const city_game *g, state *s)
{
	if (s->round_k < s->round_total && s->walls_left > 0 &&
	    !wall_ring_closed(s)) {
		s->decision = CITY_DECISION_WALL;
		s->actor = (uint8_t)((s->round_trigger + s->round_k) % s->n_players);
		return;
	}
	tower_step(g, s);
}

static void finish_piece(const city_game *g, state *s)
{
	int i;
	for (i = 0; i < s->n_fol; i++)
		if (s->fol[i].active == FOL_RETURNING) {
			s->fol[i].active = FOL_FREE;
			s->supply[s->fol[i].owner]++;
		}
	s->round_k++;
	continue_round(g, s);
}

static int guard_allowed(const state *s, int player, int piece)
{
	if (s->supply[player] == 0)
		return 0;
	if (s->round_first && !s->rules[CITY_RULE_FIRST_ROUND_GUARDS])
		return 0; /* R-OPT-2 */
	return !wall_opposite_guarded(s, piece);
}

static void start_round(const city_game *g, state *s, int stack)
{
	int share = (stack == 2 ? 1 : 2) * (s->n_players == 2 ? 2 : 1);
	if (s->walls_left == 0 || wall_ring_closed(s)) {
		end_turn(g, s);
		return;
	}
	s->round_trigger = s->player;
	s->round_stack = (uint8_t)stack;
	s->round_total = (uint8_t)(share * s->n_players);
	s->round_k = 0;
	s->round_first = (uint8_t)!s->gate_placed;
	s->actor = s->player;
	s->decision = s->gate_placed ? CITY_DECISION_WALL : CITY_DECISION_GATE;
}

/* R-TURN-1: scoring of what the placement completed, then perhaps a wall
 * round (R-WALL-1, R-OPT-1), then the end of the turn. */
static void after_follower(const city_game *g, state *s)
{
	const city_tileset *ts = game_ts(g);
	const ptile *p = &st_ctiles(s)[s->last_tile];
	const ts_design *d = &ts->designs[p->design];
	int nodes[TS_MAX_PARTS + 12], n = 0, i, side;
	uint8_t kinds[TS_MAX_PARTS + 12];
	int any = 0, occupied, stack;
	unsigned m;
	/* residential areas never complete: only streets and markets */
	for (m = d->market_parts | d->street_parts; m; m &= m - 1) {
		i = low_bit(m);
		kinds[n] = d->parts[i].kind;
		nodes[n++] = p->node0 + i;
	}
	/* a neighbour's market closed only by facing this tile (R-DONE-2);
	 * appended without branching on the kind */
	for (side = 0; side < 4; side++) {
		bfacing fc;
		if (!board_facing(ts, s, p, d, side, &fc))
			continue;
		kinds[n] = TS_MARKET;
		nodes[n] = fc.q->node0 + fc.theirs->left;
		n += fc.od->market_parts >> fc.theirs->left & 1;
		kinds[n] = TS_MARKET;
		nodes[n] = fc.q->node0 + fc.theirs->right;
		n += fc.od->market_parts >> fc.theirs->right & 1;
	}
	occupied = score_completed(ts, s, nodes, kinds, n, CITY_REASON_STREET, 0,
	                           &any);
	stack = game_stack_of(s, s->cur);
	if (stack >= 2 &&
	    (s->rules[CITY_RULE_WALL_TRIGGER] == CITY_TRIGGER_ANY ? any
	                                                         : occupied))
		start_round(g, s, stack);
	else
		end_turn(g, s);
}

/* R-FOL-1..4: may a follower go on part `part` of the tile just placed? */
static int follower_check(const city_game *g, const state *s, int part,
                          char *msg, size_t cap)
{
	const city_tileset *ts = game_ts(g);
	const ptile *p = &st_ctiles(s)[s->last_tile];
	const ts_design *d = &ts->designs[p->design];
	int root;
	if (s->supply[s->player] == 0) {
		if (msg)
			snprintf(msg, cap, "R-FOL-4: player %d has no follower "
			                   "in supply", s->player);
		return 1;
	}
	root = feat_root(s, p->node0 + part);
	if (feat_followed(s, root)) {
		if (msg)
			snprintf(msg, cap,
			         "R-FOL-2: part %c of tile (%d,%d) belongs to a "
			         "feature that already holds a follower",
			         d->parts[part].name, p->x, p->y);
		return 1;
	}
	if (d->parts[part].kind != TS_RESIDENTIAL && feat_complete(s, root)) {
		if (msg)
			snprintf(msg, cap,
			         "R-FOL-3: the %s of part %c of tile (%d,%d) was "
			         "completed by this placement",
			         d->parts[part].kind == TS_STREET ? "street"
			                                           : "market",
			         d->parts[part].name, p->x, p->y);
		return 1;
	}
	return 0;
}

/* The parts of the tile just placed that may take a follower (bit i: part
 * i), in one pass without branching per part: R-FOL-4 supply, R-FOL-2 no
 * follower on the feature, R-FOL-3 not a street or market this placement
 * completed. follower_check says why a part may not. */
static unsigned follower_options(const city_game *g, const state *s)
{
	const city_tileset *ts = game_ts(g);
	const ptile *p = &st_ctiles(s)[s->last_tile];
	const ts_design *d = &ts->designs[p->design];
	const uint16_t *open = st_cnopen(s);
	unsigned mask = 0, nonres = (unsigned)(d->market_parts | d->street_parts);
	int i;
	if (s->supply[s->player] == 0)
		return 0;
	for (i = 0; i < d->n_parts; i++) {
		unsigned o = open[feat_root(s, p->node0 + i)];
		unsigned taken = (o & OPEN_FOLLOWED) != 0;
		unsigned done = (nonres >> i & 1u) & ((o & ~OPEN_FOLLOWED) == 0);
		mask |= (unsigned)!(taken | done) << i;
	}
	return mask;
}

/* ---- applying moves --------------------------------------------------- */

static void push_move(state *s, int kind, int arg, int x, int y)
{
	city_move m;
	memset(&m, 0, sizeof m);
	m.kind = (uint8_t)kind;
	m.rotation = m.side = m.end = (uint8_t)arg;
	m.part = (char)arg;
	m.x = x;
	m.y = y;
	move_put(s, s->n_moves++, move_pack(&m));
}

static const char *dname(int decision)
{
	return decision_name[decision];
}

/* Common checks of every decision call: a game, the right decision. */
static int expect(city_game *g, int decision)
{
	int have = g->st.decision;
	g->err[0] = '\0';
	if (have == CITY_DECISION_END) {
		game_set_error(g, "R-END-1: the game has ended");
		return CITY_EENDED;
	}
	if (have != decision) {
		game_set_error(g, "R-TURN-1: the game waits for a %s, not a %s",
		               dname(have), dname(decision));
		return CITY_EDECISION;
	}
	if (g->st.n_moves >= g->st.cap_moves) {
		game_set_error(g, "R-ERR-1: move history full");
		return CITY_ELIMIT; /* cannot happen: cap_moves bounds a game */
	}
	return CITY_OK;
}

int city_place_tile(city_game *g, int32_t x, int32_t y, int rotation)
{
	state *s;
	int rc, t, design, front;
	const city_tileset *ts;
	if (!g)
		return CITY_EINVAL;
	if (game_carc(g))
		return carc_api_place_tile(g, x, y, rotation);
	if ((rc = expect(g, CITY_DECISION_TILE)) != CITY_OK)
		return rc;
	s = &g->st;
	ts = game_ts(g);
	if (rotation < 0 || rotation > 3) {
		game_set_error(g, "R-GEO-3: rotation %d is not 0..3", rotation);
		return CITY_EINVAL;
	}
	design = st_corder(s)[s->cur];
	if (!tile_fits(ts, s, x, y, design, rotation, &front)) {
		/* the full check names the rule that fails */
		board_check_placement(ts, s, (int)x, (int)y, design, rotation,
		                      g->err, sizeof g->err);
		return CITY_EILLEGAL;
	}
	push_move(s, CITY_MOVE_PLACE, rotation, (int)x, (int)y);
	t = board_insert(ts, s, front, (int)x, (int)y, design, rotation);
	feat_add_tile(ts, s, t);
	s->last_tile = (uint8_t)t;
	if (follower_options(g, s)) {
		s->decision = CITY_DECISION_FOLLOWER;
		s->actor = s->player;
	} else {
		after_follower(g, s);
	}
	return CITY_OK;
}

int city_place_follower(city_game *g, char part)
{
	state *s;
	int rc, idx;
	const ts_design *d;
	follower *f = NULL;
	if (!g)
		return CITY_EINVAL;
	if (game_carc(g))
		return carc_api_place_follower(g, part);
	if ((rc = expect(g, CITY_DECISION_FOLLOWER)) != CITY_OK)
		return rc;
	s = &g->st;
	d = &game_ts(g)->designs[st_ctiles(s)[s->last_tile].design];
	idx = ts_part_index(d, part);
	if (idx < 0) {
		game_set_error(g,
		               "R-FOL-1: design %u has no part '%c' (a region "
		               "letter or street digit)",
		               d->id, (part >= 32 && part < 127) ? part : '?');
		return CITY_EILLEGAL;
	}
	if (follower_check(g, s, idx, g->err, sizeof g->err))
		return CITY_EILLEGAL;
	for (rc = 0; rc < s->n_fol; rc++)
		if (s->fol[rc].active == FOL_FREE) {
			f = &s->fol[rc];
			break;
		}
	if (!f)
		f = &s->fol[s->n_fol++];
	f->tile = s->last_tile;
	f->part = (uint8_t)idx;
	f->owner = s->player;
	f->active = FOL_ON;
	feat_set_followed(s, feat_root(s, feat_node(s, f->tile, f->part)), 1);
	s->supply[s->player]--;
	push_move(s, CITY_MOVE_FOLLOWER, (unsigned char)part, 0, 0);
	after_follower(g, s);
	return CITY_OK;
}

int city_build_gate(city_game *g, int32_t x, int32_t y, int side)
{
	state *s;
	int rc, t;
	bside b;
	if (!g)
		return CITY_EINVAL;
	if (game_carc(g))
		return carc_api_no_decision(g, "gate");
	if ((rc = expect(g, CITY_DECISION_GATE)) != CITY_OK)
		return rc;
	s = &g->st;
	if (side < 0 || side > 3) {
		game_set_error(g, "R-GEO-2: side %d is not 0..3", side);
		return CITY_EINVAL;
	}
	t = (x >= -COORD_LIMIT && x <= COORD_LIMIT && y >= -COORD_LIMIT &&
	     y <= COORD_LIMIT)
	        ? board_tile_at(s, (int)x, (int)y)
	        : -1;
	if (t < 0) {
		game_set_error(g, "R-WALL-3: no tile at (%ld,%ld) for the gate",
		               (long)x, (long)y);
		return CITY_EILLEGAL;
	}
	b.x = (int16_t)x;
	b.y = (int16_t)y;
	b.s = (uint8_t)side;
	if (!contour_contains(s, b)) {
		game_set_error(g,
		               "R-WALL-3: the %s side of tile (%ld,%ld) is not on "
		               "the contour (%s)",
		               side_name[side], (long)x, (long)y,
		               board_tile_at(s, (int)x + DX[side],
		                             (int)y + DY[side]) >= 0
		                   ? "it faces a tile"
		                   : "it faces a hole");
		return CITY_EILLEGAL;
	}
	push_move(s, CITY_MOVE_GATE, side, (int)x, (int)y);
	wall_add(s, t, side, CITY_END_CW, 1);
	s->last_piece = CHAIN_MID;
	score_close_side(game_ts(g), s, t, side, CITY_REASON_WALL_STREET, 0);
	s->round_k++;
	continue_round(g, s);
	return CITY_OK;
}

int city_build_wall(city_game *g, int end)
{
	state *s;
	int rc, idx, builder, t, side;
	if (!g)
		return CITY_EINVAL;
	if (game_carc(g))
		return carc_api_no_decision(g, "wall piece");
	if ((rc = expect(g, CITY_DECISION_WALL)) != CITY_OK)
		return rc;
	s = &g->st;
	if (end != CITY_END_CW && end != CITY_END_CCW) {
		game_set_error(g, "R-WALL-4: end %d is neither cw (0) nor ccw (1)",
		               end);
		return CITY_EINVAL;
	}
	builder = s->actor;
	push_move(s, CITY_MOVE_WALL, end, 0, 0);
	wall_next_side(s, end, &t, &side);
	idx = wall_add(s, t, side, end, 0);
	s->walls_left--;
	s->since[end]++;
	s->last_piece = (uint8_t)idx;
	score_close_side(game_ts(g), s, t, side, CITY_REASON_WALL_STREET,
	                 !s->rules[CITY_RULE_RETURNED_GUARD]);
	if (guard_allowed(s, builder, idx)) {
		s->decision = CITY_DECISION_GUARD;
		s->actor = (uint8_t)builder;
	} else {
		finish_piece(g, s);
	}
	return CITY_OK;
}

int city_place_guard(city_game *g)
{
	state *s;
	int rc;
	if (!g)
		return CITY_EINVAL;
	if (game_carc(g))
		return carc_api_no_decision(g, "guard");
	if ((rc = expect(g, CITY_DECISION_GUARD)) != CITY_OK)
		return rc;
	s = &g->st;
	/* The decision is only asked when a guard is allowed. */
	{
		wpiece *w = &s->chain[s->last_piece];
		wp_set(w, w->tile, wp_side(w), wp_gate(w), s->actor);
	}
	s->supply[s->actor]--;
	push_move(s, CITY_MOVE_GUARD, 0, 0, 0);
	finish_piece(g, s);
	return CITY_OK;
}

int city_place_tower(city_game *g, int end)
{
	state *s;
	int rc, pts, t;
	tower *tw;
	if (!g)
		return CITY_EINVAL;
	if (game_carc(g))
		return carc_api_no_decision(g, "tower");
	if ((rc = expect(g, CITY_DECISION_TOWER)) != CITY_OK)
		return rc;
	s = &g->st;
	if (end != CITY_END_CW && end != CITY_END_CCW) {
		game_set_error(g, "R-WALL-7: end %d is neither cw (0) nor ccw (1)",
		               end);
		return CITY_EINVAL;
	}
	if (!tower_eligible(s, end)) {
		game_set_error(g,
		               "R-WALL-7: no wall piece was built at the %s end "
		               "since its last tower or the gate",
		               end_name[end]);
		return CITY_EILLEGAL;
	}
	t = s->round_trigger;
	pts = s->since[end];
	push_move(s, CITY_MOVE_TOWER, end, 0, 0);
	tw = &s->towers[s->n_towers++];
	tw->owner = (uint8_t)t;
	tw->end = (uint8_t)end;
	tw->chain = end == CITY_END_CW ? s->chain_hi : s->chain_lo;
	tw->points = (uint8_t)pts;
	s->towers_left[t]--;
	s->since[end] = 0;
	score_add_points(s, t, CITY_REASON_TOWER, pts, s->chain[tw->chain].tile,
	                 wp_side(&s->chain[tw->chain]));
	end_turn(g, s);
	return CITY_OK;
}

int city_pass(city_game *g)
{
	state *s;
	int d;
	if (!g)
		return CITY_EINVAL;
	if (game_carc(g))
		return carc_api_pass(g);
	s = &g->st;
	d = s->decision;
	g->err[0] = '\0';
	if (d == CITY_DECISION_END) {
		game_set_error(g, "R-END-1: the game has ended");
		return CITY_EENDED;
	}
	if (d != CITY_DECISION_FOLLOWER && d != CITY_DECISION_GUARD &&
	    d != CITY_DECISION_TOWER) {
		game_set_error(g, "R-TURN-1: a %s cannot be passed", dname(d));
		return CITY_EDECISION;
	}
	push_move(s, CITY_MOVE_PASS, 0, 0, 0);
	if (d == CITY_DECISION_FOLLOWER)
		after_follower(g, s);
	else if (d == CITY_DECISION_GUARD)
		finish_piece(g, s);
	else
		end_turn(g, s);
	return CITY_OK;
}

int city_apply_move(city_game *g, const city_move *m)
{
	if (!g || !m)
		return CITY_EINVAL;
	if (game_carc(g))
		return carc_api_apply_move(g, m);
	switch (m->kind) {
	case CITY_MOVE_PLACE:
		return city_place_tile(g, m->x, m->y, m->rotation);
	case CITY_MOVE_FOLLOWER:
		return city_place_follower(g, m->part);
	case CITY_MOVE_GATE:
		return city_build_gate(g, m->x, m->y, m->side);
	case CITY_MOVE_WALL:
		return city_build_wall(g, m->end);
	case CITY_MOVE_GUARD:
		return city_place_guard(g);
	case CITY_MOVE_TOWER:
		return city_place_tower(g, m->end);
	case CITY_MOVE_PASS:
		return city_pass(g);
	default:
		g->err[0] = '\0';
		game_set_error(g, "R-ERR-1: unknown move kind %u", m->kind);
		return CITY_EINVAL;
	}
}

/* ---- legal moves ------------------------------------------------------ */

static void emit(city_move *out, size_t cap, size_t *n, int kind, int x,
                 int y, int rot, int side, int end, char part)
{
	if (out && *n < cap) {
		city_move *m = &out[*n];
		m->kind = (uint8_t)kind;
		m->rotation = (uint8_t)rot;
		m->side = (uint8_t)side;
		m->end = (uint8_t)end;
		m->part = part;
		memset(m->reserved0, 0, sizeof m->reserved0);
		m->x = x;
		m->y = y;
		memset(m->reserved1, 0, sizeof m->reserved1);
	}
	(*n)++;
}

/* list_tiles writes moves as words: the layout it relies on (frozen by
 * ABI 1 anyway). */
_Static_assert(offsetof(city_move, kind) == 0 &&
                   offsetof(city_move, rotation) == 1 &&
                   offsetof(city_move, x) == 8 &&
                   offsetof(city_move, y) == 12 &&
                   offsetof(city_move, reserved1) == 16 &&
                   sizeof(city_move) == 24,
               "city_move layout");

/* For a set of rotations (bit r): how many, and the k-th of them (any
 * rotation past the last: those entries are scratch). */
static const uint8_t ROT_COUNT[16] = {0, 1, 1, 2, 1, 2, 2, 3,
                                      1, 2, 2, 3, 2, 3, 3, 4};
#define ROT_NTH_ROWS(H)                                                    \
	{H(0), H(0), H(0), H(0)}, {H(0), H(0), H(0), H(0)},                \
	    {H(1), H(0), H(0), H(0)}, {H(0), H(1), H(0), H(0)},            \
	    {H(2), H(0), H(0), H(0)}, {H(0), H(2), H(0), H(0)},            \
	    {H(1), H(2), H(0), H(0)}, {H(0), H(1), H(2), H(0)},            \
	    {H(3), H(0), H(0), H(0)}, {H(0), H(3), H(0), H(0)},            \
	    {H(1), H(3), H(0), H(0)}, {H(0), H(1), H(3), H(0)},            \
	    {H(2), H(3), H(0), H(0)}, {H(0), H(2), H(3), H(0)},            \
	    {H(1), H(2), H(3), H(0)}, {H(0), H(1), H(2), H(3)}
/* Bytes 0-7 of a place move of rotation r (kind, rotation, zeros) as one
 * word in the platform's byte order, where that order is known at compile
 * time; else list_tiles builds them through the struct once per call. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define PLACE_HEAD(r) ((uint64_t)CITY_MOVE_PLACE | (uint64_t)(r) << 8)
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define PLACE_HEAD(r) ((uint64_t)CITY_MOVE_PLACE << 56 | (uint64_t)(r) << 48)
#endif
#ifdef PLACE_HEAD
/* The head words of each set of rotations, in the order they are written. */
static const uint64_t PLACE_HEADS[16][4] = {ROT_NTH_ROWS(PLACE_HEAD)};
#else
#define ROT_ID(r) (r)
static const uint8_t ROT_NTH[16][4] = {ROT_NTH_ROWS(ROT_ID)};
#endif

/* The tile moves: every frontier cell in (y, x) order, the rotations that
 * continue its streets (R-TILE-2, by table), unless the wall forbids the
 * cell (R-TILE-3/4, the same for every rotation). The four rotations of a
 * cell are written without branching on which fit: the moves that do not
 * are overwritten by the next ones (random play cannot predict them). */
static size_t list_tiles(const city_tileset *ts, const state *s,
                         city_move *out, size_t cap)
{
	const ts_design *d = &ts->designs[st_corder(s)[s->cur]];
	const uint8_t *fit = &board_fit[(unsigned)d->street_mask << 8];
	const fcell *f = st_cfront(s);
	unsigned wallmask = s->gate_placed ? FC_BLOCKED | FC_SPLITS : 0;
	size_t n = 0;
	int i, r, k = 0, w = 0, nf = s->n_front;
	uint64_t tail = 0; /* bytes 16-23 of a move */
#ifdef PLACE_HEAD
	const uint64_t(*heads)[4] = PLACE_HEADS;
#else
	uint64_t heads[16][4];
#endif
	uint16_t cell[2 * TS_MAX_TILES + 2], wall[2 * TS_MAX_TILES + 2];
	uint8_t rset[2 * TS_MAX_TILES + 2];
	if (s->n_tiles == 0) {
		for (r = 0; r < 4; r++) /* R-TURN-2 */
			emit(out, cap, &n, CITY_MOVE_PLACE, 0, 0, r, 0, 0, 0);
		return n;
	}
	/* Each move is three 8-byte stores: the kind and rotation (a word of
	 * PLACE_HEADS), the cell, zeros. */
#ifndef PLACE_HEAD
	for (i = 0; i < 16; i++)
		for (r = 0; r < 4; r++) {
			city_move m;
			memset(&m, 0, sizeof m);
			m.kind = CITY_MOVE_PLACE;
			m.rotation = ROT_NTH[i][r];
			memcpy(&heads[i][r], &m, sizeof heads[i][r]);
		}
#endif
	/* first the cells where the tile fits (kept without branching on
	 * it), then their moves */
	for (i = 0; i < nf; i++) {
		unsigned rots = fit[(unsigned)f[i].present << 4 | f[i].streets];
		/* cells the wall may forbid (R-TILE-3/4) are judged below */
		wall[w] = (uint16_t)k;
		w += ((f[i].flags & wallmask) != 0) & (rots != 0);
		cell[k] = (uint16_t)i;
		rset[k] = (uint8_t)rots;
		k += rots != 0;
	}
	for (i = 0; i < w; i++)
		if (!board_front_fits_walls(s, &f[cell[wall[i]]]))
			rset[wall[i]] = 0; /* listed as no move at all */
	/* While there is room for four moves, a cell's are written without
	 * branching: the fitting rotations first, in order, the rest
	 * overwritten by the next cell (callers often size the buffer to the
	 * largest count they have seen, so the last cells go one by one). */
	for (i = 0; i < k; i++) {
		const fcell *c = &f[cell[i]];
		unsigned rots = rset[i];
		if (!out) {
			n += ROT_COUNT[rots]; /* counting only */
		} else if (n <= cap && cap - n >= 4) {
			const uint64_t *hw = heads[rots];
			unsigned char *o = (unsigned char *)&out[n];
			int32_t xy[2];
			xy[0] = fc_x(c);
			xy[1] = fc_y(c);
			for (r = 0; r < 4; r++, o += sizeof(city_move)) {
				memcpy(o, &hw[r], 8);
				memcpy(o + offsetof(city_move, x), xy, 8);
				memcpy(o + offsetof(city_move, reserved1), &tail, 8);
			}
			n += ROT_COUNT[rots];
		} else {
			for (r = 0; r < 4; r++)
				if (rots >> r & 1)
					emit(out, cap, &n, CITY_MOVE_PLACE, fc_x(c),
					     fc_y(c), r, 0, 0, 0);
		}
	}
	return n;
}

int city_legal_moves(const city_game *g, city_move *out, size_t cap,
                     size_t *count)
{
	const state *s;
	const city_tileset *ts;
	size_t n = 0;
	if (!g || !count || (!out && cap))
		return CITY_EINVAL;
	if (game_carc(g))
		return carc_api_legal_moves(g, out, cap, count);
	s = &g->st;
	ts = game_ts(g);
	switch (s->decision) {
	case CITY_DECISION_TILE:
		n = list_tiles(ts, s, out, cap);
		break;
	case CITY_DECISION_FOLLOWER: {
		const ts_design *d =
		    &ts->designs[st_ctiles(s)[s->last_tile].design];
		unsigned m;
		for (m = follower_options(g, s); m; m &= m - 1)
			emit(out, cap, &n, CITY_MOVE_FOLLOWER, 0, 0, 0, 0, 0,
			     d->parts[low_bit(m)].name);
		emit(out, cap, &n, CITY_MOVE_PASS, 0, 0, 0, 0, 0, 0);
		break;
	}
	case CITY_DECISION_GATE: {
		/* the outer contour from its start side, by neighbour links */
		int t0 = s->top, t = t0, side = CITY_SIDE_N;
		int guard = 4 * s->n_tiles + 4;
		do {
			const ptile *p = &st_ctiles(s)[t];
			emit(out, cap, &n, CITY_MOVE_GATE, p->x, p->y, 0, side, 0,
			     0);
			board_step(s, &t, &side, 1);
		} while ((t != t0 || side != CITY_SIDE_N) && --guard > 0);
		break;
	}
	case CITY_DECISION_WALL:
		emit(out, cap, &n, CITY_MOVE_WALL, 0, 0, 0, 0, CITY_END_CW, 0);
		emit(out, cap, &n, CITY_MOVE_WALL, 0, 0, 0, 0, CITY_END_CCW, 0);
		break;
	case CITY_DECISION_GUARD:
		emit(out, cap, &n, CITY_MOVE_GUARD, 0, 0, 0, 0, 0, 0);
		emit(out, cap, &n, CITY_MOVE_PASS, 0, 0, 0, 0, 0, 0);
		break;
	case CITY_DECISION_TOWER:
		if (tower_eligible(s, CITY_END_CW))
			emit(out, cap, &n, CITY_MOVE_TOWER, 0, 0, 0, 0, CITY_END_CW,
			     0);
		if (tower_eligible(s, CITY_END_CCW))
			emit(out, cap, &n, CITY_MOVE_TOWER, 0, 0, 0, 0,
			     CITY_END_CCW, 0);
		emit(out, cap, &n, CITY_MOVE_PASS, 0, 0, 0, 0, 0, 0);
		break;
	default:
		break;
	}
	*count = n;
	return (out && n > cap) ? CITY_ERANGE : CITY_OK;
}

/* ---- undo and reset ---------------------------------------------------- */

int city_game_reset(city_game *g)
{
	if (!g)
		return CITY_EINVAL;
	if (game_carc(g))
		return carc_api_reset(g);
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
	if (game_carc(g))
		return carc_api_undo(g);
	s = &g->st;
	if (s->n_moves == 0) {
		game_set_error(g, "R-ERR-1: no move to take back");
		return CITY_ENOTFOUND;
	}
	n = s->n_moves - 1;
	/* Replay the history in place: each move rewrites its own slot with
	 * the same value. */
	state_start(g);
	for (i = 0; i < n; i++) {
		city_move m;
		move_unpack(move_get(s, i), &m);
		if (city_apply_move(g, &m) != CITY_OK)
			return CITY_EINVAL; /* cannot happen: history was legal */
	}
	move_put(s, n, 0);
	g->err[0] = '\0';
	return CITY_OK;
}
