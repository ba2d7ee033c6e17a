/*
 * The turn of The City (see tc_rules.h), in the order a turn runs: the
 * draw (R-TURN-4), the tile (R-TILE), the follower (R-FOL), scoring and
 * perhaps a wall round (R-WALL-1..7), the end (R-END-1); then the moves'
 * entry points, the listing and the table the façade calls.
 */
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "board.h"
#include "feature.h"
#include "listing.h"
#include "log.h"
#include "msg.h"
#include "players.h"
#include "tc_rules.h"
#include "tc_score.h"
#include "wall_internal.h"

static const char *const end_name[2] = {"cw", "ccw"};
static const char *const decision_name[7] = {
    "tile placement", "follower", "gate", "wall piece",
    "guard",          "tower",    "end"};

/* ---- the draw and the end ---------------------------------------------- */

static unsigned end_conditions(const state *s)
{
	unsigned r = 0;
	int gap = s->setup.rules[CITY_RULE_END_GAP];
	if (s->city.walls_left == 0)
		r |= CITY_ENDED_SUPPLY;
	if (s->turn.draw_pos >= s->lay.n_total)
		r |= CITY_ENDED_TILES;
	if (s->city.gate_placed && wall_gap(s, gap + 1) <= gap)
		r |= CITY_ENDED_GAP;
	return r;
}

static void set_end(state *s, unsigned reasons)
{
	s->turn.decision = CITY_DECISION_END;
	s->turn.end_reasons = (uint8_t)reasons;
	s->turn.actor = s->turn.player;
}

/* Draw for the next turn, discarding unplayable tiles (R-TURN-4). Once the
 * gate stands, R-TILE-4's verdicts are brought up to date first: this
 * test, the listing and the placement read them. */
static void draw_next(const city_tileset *ts, state *s, int next_player)
{
	int gate = s->city.gate_placed;
	if (gate)
		wall_know_cells(s);
	while (s->turn.draw_pos < s->lay.n_total) {
		int i = s->turn.draw_pos++;
		int d = st_order(s)[i];
		/* before the gate no cell is closed: no test at all */
		if (gate ? list_has_placement(ts, s, d, wall_keep)
		         : list_has_placement(ts, s, d, NULL)) {
			s->turn.cur = (uint8_t)i;
			s->turn.player = (uint8_t)next_player;
			s->turn.actor = (uint8_t)next_player;
			s->turn.decision = CITY_DECISION_TILE;
			return;
		}
		log_event(s, CITY_EVENT_DISCARD, 0, 0, -1, 0, d, 0xFF);
	}
	/* R-END-1: a drawn tile was unplayable and no tile is left (b). */
	set_end(s, end_conditions(s) | CITY_ENDED_TILES);
}

static void end_turn(const city_tileset *ts, state *s)
{
	unsigned reasons = end_conditions(s);
	if (reasons) {
		set_end(s, reasons);
		return;
	}
	draw_next(ts, s, (s->turn.player + 1) % s->setup.n_players);
}

/* ---- wall rounds (R-WALL) ---------------------------------------------- */

static int wall_tower_eligible(const state *s, int end)
{
	int t = s->city.round_trigger;
	return s->pl.wall_towers_left[t] > 0 && s->city.since[end] >= 1 &&
	       (s->setup.rules[CITY_RULE_CLOSING_TOWER] || !wall_ring_closed(s));
}

/* R-WALL-7: after the pieces of the round, the trigger player may place a
 * tower; the decision is skipped when no end is eligible. */
static void wall_tower_step(const city_tileset *ts, state *s)
{
	if (wall_tower_eligible(s, CITY_END_CW) || wall_tower_eligible(s, CITY_END_CCW)) {
		s->turn.decision = CITY_DECISION_TOWER;
		s->turn.actor = s->city.round_trigger;
		return;
	}
	end_turn(ts, s);
}

/* R-WALL-2: the next piece of the round, interleaved from the trigger
 * player, until the shares are built, the supply is empty or the ring is
 * closed. */
static void continue_round(const city_tileset *ts, state *s)
{
	if (s->city.round_k < s->city.round_total && s->city.walls_left > 0 &&
	    !wall_ring_closed(s)) {
		s->turn.decision = CITY_DECISION_WALL;
		s->turn.actor = (uint8_t)((s->city.round_trigger + s->city.round_k) %
		                          s->setup.n_players);
		return;
	}
	wall_tower_step(ts, s);
}

static void next_piece(const city_tileset *ts, state *s)
{
	s->city.round_k++;
	continue_round(ts, s);
}

/* After the guard decision on a piece: the followers its scoring sent
 * home come back to the supply (R-OPT-3), then the round goes on. */
static void finish_piece(const city_tileset *ts, state *s)
{
	players_settle(s);
	next_piece(ts, s);
}

static int guard_allowed(const state *s, int player, int piece)
{
	if (s->pl.supply[player] == 0)
		return 0;
	if (s->city.round_first && !s->setup.rules[CITY_RULE_FIRST_ROUND_GUARDS])
		return 0; /* R-OPT-2 */
	return !wall_opposite_guarded(s, piece);
}

static void start_round(const city_tileset *ts, state *s, int stack)
{
	int share = (stack == 2 ? 1 : 2) * (s->setup.n_players == 2 ? 2 : 1);
	if (s->city.walls_left == 0 || wall_ring_closed(s)) {
		end_turn(ts, s);
		return;
	}
	s->city.round_trigger = s->turn.player;
	s->city.round_stack = (uint8_t)stack;
	s->city.round_total = (uint8_t)(share * s->setup.n_players);
	s->city.round_k = 0;
	s->city.round_first = (uint8_t)!s->city.gate_placed;
	s->turn.actor = s->turn.player;
	s->turn.decision =
	    s->city.gate_placed ? CITY_DECISION_WALL : CITY_DECISION_GATE;
}

/* ---- after the follower: scoring, then perhaps a round ----------------- */

/* st_city.fol_opts past the parts' bits: what the placement found for
 * the end of its turn, kept through the follower decision. */
#define FOL_PARTS 0x0FFFu /* the follower options, bit i: part i */
#define FOL_ANY 0x4000u   /* it completed a street or market (R-WALL-1) */
#define FOL_DONE 0x8000u  /* and one of those holds followers */
_Static_assert(TS_MAX_PARTS <= 12, "the parts' bits are FOL_PARTS");

/* The features a placement completed: of the tile's streets and markets
 * (residential areas never complete), and of a neighbour's markets closed
 * only by facing this tile (R-DONE-2), found without branching on the
 * kind or the completion. Only the followed ones need scoring (R-SCORE-5:
 * nobody to score otherwise): their roots go into done (a root may come
 * twice; tcs_score_done scores it once) and their number is returned;
 * *any says whether any feature was completed (R-WALL-1). */
static int placed_done(const city_tileset *ts, const state *s,
                       const ptile *p, int *done, uint8_t *kinds,
                       int *any)
{
	const ts_design *d = &ts->designs[p->design];
	const uint16_t *open = st_nopen(s);
	int n = 0, i;
	unsigned m, o, complete = 0;
	for (m = d->market_parts | d->street_parts; m; m &= m - 1) {
		i = low_bit(m);
		kinds[n] = d->parts[i].kind;
		done[n] = feat_root(s, p->node0 + i);
		o = open[done[n]];
		complete |= (o & ~OPEN_FOLLOWED) == 0;
		n += o == OPEN_FOLLOWED; /* complete and followed */
	}
	/* the sides with a neighbour only, over the set bits; a neighbour
	 * with no market adds nothing (most: no test of its halves then) */
	for (m = board_linked_sides(p); m; m &= m - 1) {
		const ptile *q = &st_tiles(s)[p->nb[low_bit(m)]];
		const ts_design *od = &ts->designs[q->design];
		unsigned mk = od->market_parts, hl, hr;
		const ts_side *th;
		if (!mk)
			continue;
		th = &od->side[(low_bit(m) + 2 - pt_rot(q)) & 3];
		hl = mk >> th->left & 1u;
		hr = mk >> th->right & 1u;
		if (!(hl | hr))
			continue;
		kinds[n] = TS_MARKET;
		done[n] = feat_root(s, q->node0 + th->left);
		o = open[done[n]];
		complete |= hl & ((o & ~OPEN_FOLLOWED) == 0);
		n += (int)(hl & (o == OPEN_FOLLOWED));
		kinds[n] = TS_MARKET;
		done[n] = feat_root(s, q->node0 + th->right);
		o = open[done[n]];
		complete |= hr & ((o & ~OPEN_FOLLOWED) == 0);
		n += (int)(hr & (o == OPEN_FOLLOWED));
	}
	*any = (int)complete;
	return n;
}

/* R-TURN-1: scoring of what the placement completed, then perhaps a wall
 * round (R-WALL-1, R-OPT-1), then the end of the turn. `found` holds
 * FOL_ANY and FOL_DONE as the placement found them (nothing the follower
 * decision does changes them: a follower never goes on a completed
 * street or market, R-FOL-3); the completed, followed features are
 * looked for again only when there are some. */
static void after_follower(const city_tileset *ts, state *s, unsigned found)
{
	int done[TS_MAX_PARTS + 12], n, any, stack;
	uint8_t kinds[TS_MAX_PARTS + 12];
	s->city.fol_opts = 0; /* the follower decision is over */
	/* most placements complete nothing followed: no call then */
	if (found & FOL_DONE) {
		n = placed_done(ts, s, &st_tiles(s)[s->turn.last_tile], done,
		                kinds, &any);
		tcs_score_done(ts, s, done, kinds, n, CITY_REASON_STREET, 0);
	}
	stack = st_stack_of(s, s->turn.cur);
	/* FOL_DONE: a completed feature held followers (R-WALL-1) */
	if (stack >= 2 &&
	    (found & (s->setup.rules[CITY_RULE_WALL_TRIGGER] == CITY_TRIGGER_ANY
	                  ? FOL_ANY
	                  : FOL_DONE)))
		start_round(ts, s, stack);
	else
		end_turn(ts, s);
}

/* R-FOL-1..4: may a follower go on part `part` of the tile just placed? */
static int follower_check(const city_tileset *ts, const state *s, int part,
                          char *msg, size_t cap)
{
	const ptile *p = &st_tiles(s)[s->turn.last_tile];
	const ts_design *d = &ts->designs[p->design];
	int root;
	if (s->pl.supply[s->turn.player] == 0) {
		msg_say(msg, cap, "R-FOL-4: player %d has no follower in supply",
		        s->turn.player);
		return 1;
	}
	root = feat_root(s, p->node0 + part);
	if (feat_followed(s, root)) {
		msg_say(msg, cap,
		        "R-FOL-2: part %c of tile (%d,%d) belongs to a "
		        "feature that already holds a follower",
		        d->parts[part].name, p->x, p->y);
		return 1;
	}
	if (d->parts[part].kind != TS_RESIDENTIAL && feat_complete(s, root)) {
		msg_say(msg, cap,
		        "R-FOL-3: the %s of part %c of tile (%d,%d) was "
		        "completed by this placement",
		        d->parts[part].kind == TS_STREET ? "street" : "market",
		        d->parts[part].name, p->x, p->y);
		return 1;
	}
	return 0;
}

/* Bit 15 of each 16-bit lane of w, as four bits (lane k: bit k), by one
 * multiplication (the lanes' bits land apart, no carries). */
static inline unsigned lane_bits(uint64_t w)
{
	return (unsigned)(((w >> 15 & 0x0001000100010001u) *
	                   0x0001000200040008u) >> 48) &
	       0xFu;
}

/* The parts of the tile just placed that may take a follower (bit i: part
 * i), without branching per part: R-FOL-4 supply, R-FOL-2 no follower on
 * the feature, R-FOL-3 not a street or market this placement completed;
 * follower_check says why a part may not. With them, FOL_ANY and FOL_DONE
 * for the tile's own streets and markets. */
static unsigned follower_options(const city_tileset *ts, const state *s)
{
	const ptile *p = &st_tiles(s)[s->turn.last_tile];
	const ts_design *d = &ts->designs[p->design];
	const uint16_t *open = st_nopen(s), *parent = st_nparent(s) + p->node0;
	unsigned nonres = (unsigned)(d->market_parts | d->street_parts),
	         n = d->n_parts, taken = 0, zero = 0, held,
	         parts = (1u << n) - 1u;
	int i;
	if (n <= 8 && p->node0 + 8u <= s->lay.cap_nodes) {
		/* the open words of eight nodes (those past the parts lie
		 * within the arrays, their parent[] a node index below
		 * cap_nodes as every parent[] is, feature.c's fixed pass of
		 * FEAT_INIT_NODES; they are dropped by `parts`) as 16-bit lanes
		 * of two words, tested four at a time: not a loop as long as
		 * the design's parts, whose exit is a mispredicted branch */
		const uint64_t low = 0x7FFF7FFF7FFF7FFFu;
		uint64_t w[2] = {0, 0};
		for (i = 0; i < 8; i++)
			w[i >> 2] |= (uint64_t)open[parent[i]] << 16 * (i & 3);
		for (i = 0; i < 2; i++) {
			/* bit 15 of a lane: followed; of nz: open somewhere */
			uint64_t nz = (w[i] & low) + low;
			taken |= lane_bits(w[i]) << 4 * i;
			zero |= lane_bits(~nz) << 4 * i;
		}
	} else {
		for (i = 0; i < (int)n; i++) {
			unsigned o = open[parent[i]];
			taken |= (o >> 15) << i;
			zero |= (unsigned)((o & ~OPEN_FOLLOWED) == 0) << i;
		}
	}
	zero &= nonres & parts; /* the complete streets and markets */
	held = zero & taken;
	/* R-FOL-4 by a mask: an empty supply is data; whether any is complete
	 * or followed too (x | -x has bit 31 set when x is not 0: no branch) */
	return (~(taken | zero) & parts &
	        (0u - (unsigned)(s->pl.supply[s->turn.player] != 0))) |
	       ((zero | (0u - zero)) >> 31) * FOL_ANY |
	       ((held | (0u - held)) >> 31) * FOL_DONE;
}

/* ---- the moves ---------------------------------------------------------- */

#define SAY(c, ...) msg_say((c)->err, RULES_ERR_CAP, __VA_ARGS__)

/* Why a move of `decision` is refused (expect's slow side): the game has
 * ended, it waits for another decision, or the history is full. */
static int expect_refused(const rules_ctx *c, int decision)
{
	int have = c->s->turn.decision;
	c->err[0] = '\0';
	if (have == CITY_DECISION_END) {
		SAY(c, "R-END-1: the game has ended");
		return CITY_EENDED;
	}
	if (have != decision) {
		SAY(c, "R-TURN-1: the game waits for a %s, not a %s",
		    decision_name[have], decision_name[decision]);
		return CITY_EDECISION;
	}
	SAY(c, "R-ERR-1: move history full");
	return CITY_ELIMIT; /* cannot happen: cap_moves bounds a game */
}

/* Common checks of every decision: the game goes on, it waits for this
 * decision, the history has room. The way of every legal move in one
 * test of each, inline; the end is never a move's decision
 * (no_wall_tower_decision asks for it to learn whether the game has
 * ended, which the slow side says). */
static inline int expect(const rules_ctx *c, int decision)
{
	const state *s = c->s;
	if (decision != CITY_DECISION_END && s->turn.decision == decision &&
	    s->log.n_moves < s->lay.cap_moves) {
		c->err[0] = '\0';
		return CITY_OK;
	}
	return expect_refused(c, decision);
}

/* The fast legality test of one placement, through the frontier (the same
 * test the listing uses); tc_check_placement is the slow, explicit form
 * that also says why (the property tests hold the two equal). Sets *front
 * to the cell's frontier index (-1 for the start tile). */
static int tile_fits(const city_tileset *ts, const state *s, int32_t x,
                     int32_t y, int design, int rot, int *front)
{
	const fcell *f;
	*front = -1;
	if (board_is_empty(s))
		return x == 0 && y == 0;
	f = board_front_at(s, (int)x, (int)y);
	if (!f || !(board_front_rotations(&ts->designs[design], f) >> rot & 1) ||
	    !wall_front_ok(s, f))
		return 0;
	*front = (int)(f - st_front(s));
	return 1;
}

/* R-TILE-1..4 one by one, in the order they are reported: R-TURN-2 and
 * R-TILE-1, R-TILE-3, R-TILE-2, R-TILE-4. */
static int tc_check_placement(const city_tileset *ts, const state *s, int x,
                              int y, int design, int rot, char *msg,
                              size_t cap)
{
	return board_check_cell(s, x, y, msg, cap) ||
	       wall_check_outside(s, x, y, msg, cap) ||
	       board_check_streets(ts, s, x, y, design, rot, msg, cap) ||
	       wall_check_surround(s, x, y, msg, cap);
}

static int place_tile(const rules_ctx *c, int32_t x, int32_t y, int rotation)
{
	state *s = c->s;
	int rc, t, design, front;
	unsigned border, found;
	if ((rc = expect(c, CITY_DECISION_TILE)) != CITY_OK)
		return rc;
	if (rotation < 0 || rotation > 3) {
		SAY(c, "R-GEO-3: rotation %d is not 0..3", rotation);
		return CITY_EINVAL;
	}
	design = st_order(s)[s->turn.cur];
	if (!tile_fits(c->ts, s, x, y, design, rotation, &front)) {
		/* the full check names the rule that fails */
		tc_check_placement(c->ts, s, (int)x, (int)y, design, rotation,
		                   c->err, RULES_ERR_CAP);
		return CITY_EILLEGAL;
	}
	log_move(s, CITY_MOVE_PLACE, rotation, (int)x, (int)y);
	t = board_insert(c->ts, s, front, (int)x, (int)y, design, rotation);
	/* the neighbours' markets it closed by bordering them (R-DONE-2); a
	 * market facing a market joined the tile's own, follower_options'
	 * pass looks at those */
	border = feat_add_tile_watch(c->ts, s, t, 1u << TS_MARKET);
	s->turn.last_tile = (uint8_t)t;
	found = follower_options(c->ts, s) |
	        (border & FEAT_BORDER_DONE ? FOL_ANY : 0u) |
	        (border & FEAT_BORDER_HELD ? FOL_DONE : 0u);
	if (found & FOL_PARTS) {
		/* kept for the follower decision and the end of the turn */
		s->city.fol_opts = (uint16_t)found;
		s->turn.decision = CITY_DECISION_FOLLOWER;
		s->turn.actor = s->turn.player;
	} else {
		after_follower(c->ts, s, found);
	}
	return CITY_OK;
}

/* The index of the part named `name` of design d, -1 if none. Parts are
 * its regions in letter order, then its streets in digit order: where
 * the letters (digits) run from 'a' ('1') without a gap, as nearly
 * always, the index follows from the name (one test that it is there);
 * else ts_part_index's search, whose loop mispredicts its exit. */
static int part_index(const ts_design *d, char name)
{
	unsigned c = (unsigned char)name, n = d->n_parts,
	         regions = (unsigned)low_bit(d->street_parts | 1u << n),
	         letter = 0u - (unsigned)(c >= 'a'),
	         g = ((c - 'a') & letter) | ((regions + c - '1') & ~letter);
	if (g < n && d->parts[g].name == name)
		return (int)g;
	return ts_part_index(d, name);
}

static int place_follower(const rules_ctx *c, char part)
{
	state *s = c->s;
	int rc, idx;
	const ts_design *d;
	if ((rc = expect(c, CITY_DECISION_FOLLOWER)) != CITY_OK)
		return rc;
	d = &c->ts->designs[st_tiles(s)[s->turn.last_tile].design];
	idx = part_index(d, part);
	if (idx < 0) {
		SAY(c,
		    "R-FOL-1: design %u has no part '%c' (a region letter or "
		    "street digit)",
		    d->id, (part >= 32 && part < 127) ? part : '?');
		return CITY_EILLEGAL;
	}
	/* the options the placement kept (R-FOL-2..4); follower_check says
	 * why a part is not one of them */
	if (!((unsigned)s->city.fol_opts >> idx & 1u)) {
		follower_check(c->ts, s, idx, c->err, RULES_ERR_CAP);
		return CITY_EILLEGAL;
	}
	players_place(s, s->turn.player, s->turn.last_tile, idx);
	log_move(s, CITY_MOVE_FOLLOWER, (unsigned char)part, 0, 0);
	after_follower(c->ts, s, s->city.fol_opts);
	return CITY_OK;
}

static int build_gate(const rules_ctx *c, int32_t x, int32_t y, int side)
{
	state *s = c->s;
	int rc, t;
	if ((rc = expect(c, CITY_DECISION_GATE)) != CITY_OK)
		return rc;
	if (side < 0 || side > 3) {
		SAY(c, "R-GEO-2: side %d is not 0..3", side);
		return CITY_EINVAL;
	}
	t = coord_in_range(x, y) ? board_tile_at(s, (int)x, (int)y) : -1;
	if (t < 0) {
		SAY(c, "R-WALL-3: no tile at (%ld,%ld) for the gate", (long)x,
		    (long)y);
		return CITY_EILLEGAL;
	}
	/* one walk: the test, and the contour labels R-TILE-4 uses from the
	 * gate on (only when it passes) */
	if (!board_index_contour_at(s, t, side)) {
		SAY(c,
		    "R-WALL-3: the %s side of tile (%ld,%ld) is not on the "
		    "contour (%s)",
		    msg_side_name(side), (long)x, (long)y,
		    board_tile_at(s, (int)x + DX[side], (int)y + DY[side]) >= 0
		        ? "it faces a tile"
		        : "it faces a hole");
		return CITY_EILLEGAL;
	}
	log_move(s, CITY_MOVE_GATE, side, (int)x, (int)y);
	wall_add(s, t, side, CITY_END_CW, 1);
	s->city.last_piece = CHAIN_MID;
	tcs_close_side(c->ts, s, t, side, CITY_REASON_WALL_STREET, 0);
	s->city.round_k++;
	continue_round(c->ts, s);
	return CITY_OK;
}

static int build_wall(const rules_ctx *c, int end)
{
	state *s = c->s;
	int rc, idx, builder, t, side, guard,
	    defer = !s->setup.rules[CITY_RULE_RETURNED_GUARD];
	if ((rc = expect(c, CITY_DECISION_WALL)) != CITY_OK)
		return rc;
	if (end != CITY_END_CW && end != CITY_END_CCW) {
		SAY(c, "R-WALL-4: end %d is neither cw (0) nor ccw (1)", end);
		return CITY_EINVAL;
	}
	builder = s->turn.actor;
	log_move(s, CITY_MOVE_WALL, end, 0, 0);
	wall_next_side(s, end, &t, &side);
	idx = wall_add(s, t, side, end, 0);
	s->city.walls_left--;
	s->city.since[end]++;
	s->city.last_piece = (uint8_t)idx;
	/* R-OPT-3: deferred returns leave the builder's supply as it is, so
	 * whether a guard may go on the piece is known before its scoring;
	 * with no guard decision to wait for, the followers go home at once
	 * (nothing returning to settle) */
	guard = defer && guard_allowed(s, builder, idx);
	tcs_close_side(c->ts, s, t, side, CITY_REASON_WALL_STREET, guard);
	if (!defer)
		guard = guard_allowed(s, builder, idx);
	if (guard) {
		s->turn.decision = CITY_DECISION_GUARD;
		s->turn.actor = (uint8_t)builder;
	} else {
		next_piece(c->ts, s);
	}
	return CITY_OK;
}

static int place_guard(const rules_ctx *c)
{
	state *s = c->s;
	wpiece *w;
	int rc;
	if ((rc = expect(c, CITY_DECISION_GUARD)) != CITY_OK)
		return rc;
	/* The decision is only asked when a guard is allowed. */
	w = &s->city.chain[s->city.last_piece];
	wp_set(w, w->tile, wp_side(w), wp_gate(w), s->turn.actor);
	players_from_supply(s, s->turn.actor);
	log_move(s, CITY_MOVE_GUARD, 0, 0, 0);
	finish_piece(c->ts, s);
	return CITY_OK;
}

static int place_wall_tower(const rules_ctx *c, int end)
{
	state *s = c->s;
	int rc, pts, t;
	wall_tower *tw;
	if ((rc = expect(c, CITY_DECISION_TOWER)) != CITY_OK)
		return rc;
	if (end != CITY_END_CW && end != CITY_END_CCW) {
		SAY(c, "R-WALL-7: end %d is neither cw (0) nor ccw (1)", end);
		return CITY_EINVAL;
	}
	if (!wall_tower_eligible(s, end)) {
		SAY(c,
		    "R-WALL-7: no wall piece was built at the %s end since its "
		    "last tower or the gate",
		    end_name[end]);
		return CITY_EILLEGAL;
	}
	t = s->city.round_trigger;
	pts = s->city.since[end];
	log_move(s, CITY_MOVE_TOWER, end, 0, 0);
	tw = &s->city.wall_towers[s->city.n_wall_towers++];
	tw->owner = (uint8_t)t;
	tw->end = (uint8_t)end;
	tw->chain = end == CITY_END_CW ? s->city.chain_hi : s->city.chain_lo;
	tw->points = (uint8_t)pts;
	players_use_wall_tower(s, t);
	s->city.since[end] = 0;
	players_score(s, t, CITY_CAT_TOWERS, CITY_REASON_TOWER, 1, pts,
	              s->city.chain[tw->chain].tile,
	              wp_side(&s->city.chain[tw->chain]));
	end_turn(c->ts, s);
	return CITY_OK;
}

static int pass(const rules_ctx *c)
{
	state *s = c->s;
	int d = s->turn.decision;
	c->err[0] = '\0';
	if (d == CITY_DECISION_END) {
		SAY(c, "R-END-1: the game has ended");
		return CITY_EENDED;
	}
	if (d != CITY_DECISION_FOLLOWER && d != CITY_DECISION_GUARD &&
	    d != CITY_DECISION_TOWER) {
		SAY(c, "R-TURN-1: a %s cannot be passed", decision_name[d]);
		return CITY_EDECISION;
	}
	log_move(s, CITY_MOVE_PASS, 0, 0, 0);
	if (d == CITY_DECISION_FOLLOWER)
		after_follower(c->ts, s, s->city.fol_opts);
	else if (d == CITY_DECISION_GUARD)
		finish_piece(c->ts, s);
	else
		end_turn(c->ts, s);
	return CITY_OK;
}

/* The Tower's moves in The City: a decision The City never asks (after
 * the end, CITY_EENDED like every move). */
static int no_wall_tower_decision(const rules_ctx *c, int kind)
{
	static const char *const names[4] = {"floor", "top", "capture",
	                                     "ransom"};
	int rc = expect(c, CITY_DECISION_END);
	if (rc == CITY_EENDED)
		return rc;
	c->err[0] = '\0';
	SAY(c, "R-TURN-1: The City has no %s decision",
	    names[kind - CITY_MOVE_FLOOR]);
	return CITY_EDECISION;
}

/* The moves of the kinds a game asks least (a gate, wall pieces, guards,
 * towers) and the wrong ones: out of line, so that the common kinds are
 * plain tests in tc_apply rather than a jump table whose target changes
 * with every move (inline, clang folds the tests back into one). */
static CITY_NOINLINE int apply_other(const rules_ctx *c, int kind, int32_t x,
                                   int32_t y, int arg)
{
	switch (kind) {
	case CITY_MOVE_GATE:
		return build_gate(c, x, y, arg);
	case CITY_MOVE_WALL:
		return build_wall(c, arg);
	case CITY_MOVE_GUARD:
		return place_guard(c);
	case CITY_MOVE_TOWER:
		return place_wall_tower(c, arg);
	case CITY_MOVE_FLOOR:
	case CITY_MOVE_TOP:
	case CITY_MOVE_CAPTURE:
	case CITY_MOVE_RANSOM:
		return no_wall_tower_decision(c, kind);
	default:
		c->err[0] = '\0';
		SAY(c, "R-ERR-1: unknown move kind %u", (unsigned)kind);
		return CITY_EINVAL;
	}
}

/* A tile, then a follower or a pass (most moves), by tests. */
static int tc_apply(const rules_ctx *c, int kind, int32_t x, int32_t y,
                    int arg, char part)
{
	if (kind == CITY_MOVE_PLACE)
		return place_tile(c, x, y, arg);
	if (kind == CITY_MOVE_FOLLOWER)
		return place_follower(c, part);
	if (kind == CITY_MOVE_PASS)
		return pass(c);
	return apply_other(c, kind, x, y, arg);
}

/* ---- the listing --------------------------------------------------------- */

/* The follower moves: each part that may take one, then the pass. */
static size_t list_followers(const city_tileset *ts, const state *s,
                             city_move *out, size_t cap)
{
	const ts_design *d =
	    &ts->designs[st_tiles(s)[s->turn.last_tile].design];
	size_t n = 0;
	unsigned m;
	for (m = s->city.fol_opts & FOL_PARTS; m; m &= m - 1)
		list_emit(out, cap, &n, CITY_MOVE_FOLLOWER, 0, 0, 0, 0, 0,
		          d->parts[low_bit(m)].name);
	list_emit(out, cap, &n, CITY_MOVE_PASS, 0, 0, 0, 0, 0, 0);
	return n;
}

/* The gate moves: every side of the outer contour from its start side. */
static size_t list_gates(const state *s, city_move *out, size_t cap)
{
	size_t n = 0;
	contour_it it;
	for (board_contour_first(s, &it); it.left; board_contour_advance(s, &it)) {
		const ptile *p = &st_tiles(s)[it.t];
		list_emit(out, cap, &n, CITY_MOVE_GATE, p->x, p->y, 0, it.side, 0,
		          0);
	}
	return n;
}

/* The tower moves: each eligible end, then the pass. */
static size_t list_wall_towers(const state *s, city_move *out, size_t cap)
{
	size_t n = 0;
	int end;
	for (end = CITY_END_CW; end <= CITY_END_CCW; end++)
		if (wall_tower_eligible(s, end))
			list_emit(out, cap, &n, CITY_MOVE_TOWER, 0, 0, 0, 0, end, 0);
	list_emit(out, cap, &n, CITY_MOVE_PASS, 0, 0, 0, 0, 0, 0);
	return n;
}

/* R-TILE-3/4 by the frontier flags once the gate stands (the draw made
 * the verdicts known); before it no cell is closed. */
static const uint8_t *tile_keep(const state *s)
{
	return s->city.gate_placed ? wall_keep : NULL;
}

static size_t tc_list_cells(const city_tileset *ts, const state *s,
                            list_cells *lc)
{
	if (s->turn.decision != CITY_DECISION_TILE || board_is_empty(s))
		return LIST_NO_CELLS;
	return list_placements_cells(ts, s, st_order(s)[s->turn.cur],
	                             tile_keep(s), lc);
}

/* The moves of the decisions that are neither a tile's nor a follower's:
 * out of line (see apply_other). */
static CITY_NOINLINE size_t list_other(const state *s, city_move *out,
                                     size_t cap)
{
	size_t n = 0;
	switch (s->turn.decision) {
	case CITY_DECISION_GATE:
		return list_gates(s, out, cap);
	case CITY_DECISION_WALL:
		list_emit(out, cap, &n, CITY_MOVE_WALL, 0, 0, 0, 0, CITY_END_CW, 0);
		list_emit(out, cap, &n, CITY_MOVE_WALL, 0, 0, 0, 0, CITY_END_CCW,
		          0);
		return n;
	case CITY_DECISION_GUARD:
		list_emit(out, cap, &n, CITY_MOVE_GUARD, 0, 0, 0, 0, 0, 0);
		list_emit(out, cap, &n, CITY_MOVE_PASS, 0, 0, 0, 0, 0, 0);
		return n;
	case CITY_DECISION_TOWER:
		return list_wall_towers(s, out, cap);
	default:
		return 0;
	}
}

/* The tile decision first and on its own: half the listings, and a plain
 * jump to the placements then, without the frame the others need; then
 * the follower decision (most of the rest) by a test as well. */
static size_t tc_list(const city_tileset *ts, const state *s, city_move *out,
                      size_t cap)
{
	if (s->turn.decision == CITY_DECISION_TILE)
		return list_placements(ts, s, st_order(s)[s->turn.cur],
		                       tile_keep(s), out, cap);
	if (s->turn.decision == CITY_DECISION_FOLLOWER)
		return list_followers(ts, s, out, cap);
	return list_other(s, out, cap);
}

/* ---- start, pieces, consistency ------------------------------------------ */

/* R-SET-2/3: 7 followers and 12/n towers each, 70 wall pieces; then the
 * first draw. */
static void tc_start(const rules_ctx *c)
{
	state *s = c->s;
	players_start(s, FOLLOWERS_PER_PLAYER, MAX_WALL_TOWERS / s->setup.n_players);
	s->city.walls_left = WALL_SUPPLY;
	s->turn.cur = NO_TILE;
	s->turn.last_tile = NO_TILE;
	draw_next(c->ts, s, 0);
}

/* Guards on wall pieces, in chain order. */
static int tc_pieces(const state *s)
{
	int i, n = 0;
	if (s->city.gate_placed)
		for (i = s->city.chain_lo; i <= s->city.chain_hi; i++)
			n += wp_guard(&s->city.chain[i]) >= 0;
	return n;
}

static void tc_piece(const state *s, int k, rules_piece *out)
{
	int i;
	for (i = s->city.chain_lo; i <= s->city.chain_hi; i++) {
		bside b;
		if (wp_guard(&s->city.chain[i]) < 0 || k-- > 0)
			continue;
		b = wall_piece_side(s, i);
		out->player = wp_guard(&s->city.chain[i]);
		out->role = CITY_ROLE_GUARD;
		out->x = b.x;
		out->y = b.y;
		out->part = msg_side_letter(b.s);
		return;
	}
}

/* What the placement of a follower decision's tile kept in fol_opts,
 * found again the long way: the options, and FOL_ANY / FOL_DONE from
 * every street and market the placement touched (placed_done). */
static unsigned found_again(const city_tileset *ts, const state *s)
{
	int done[TS_MAX_PARTS + 12], any, n;
	uint8_t kinds[TS_MAX_PARTS + 12];
	n = placed_done(ts, s, &st_tiles(s)[s->turn.last_tile], done, kinds,
	                &any);
	return (follower_options(ts, s) & FOL_PARTS) | (any ? FOL_ANY : 0u) |
	       (n ? FOL_DONE : 0u);
}

/* The City's part of state_check: the chain is a run of consecutive sides
 * of the outer contour, each sealed, pieces + supply = 70, towers + supply
 * = 12 / players. */
static int tc_check_state(const city_tileset *ts, const state *s, char *msg,
                          size_t cap)
{
	int i, p, towers = 0;
	if (s->city.fol_opts != (s->turn.decision == CITY_DECISION_FOLLOWER
	                             ? found_again(ts, s)
	                             : 0u)) {
		msg_say(msg, cap, "follower options kept %#x",
		        (unsigned)s->city.fol_opts);
		return 1;
	}
	for (p = 0; p < s->setup.n_players; p++)
		towers += s->pl.wall_towers_left[p];
	if (towers + s->city.n_wall_towers !=
	    MAX_WALL_TOWERS / s->setup.n_players * s->setup.n_players) {
		msg_say(msg, cap, "towers: %d in supply + %d placed", towers,
		        s->city.n_wall_towers);
		return 1;
	}
	if (!s->city.gate_placed) {
		if (s->city.walls_left == WALL_SUPPLY)
			return 0;
		msg_say(msg, cap, "wall: supply %d before the gate",
		        s->city.walls_left);
		return 1;
	}
	if (wall_length(s) - 1 + s->city.walls_left != WALL_SUPPLY) {
		msg_say(msg, cap, "wall: %d pieces + %d in supply",
		        wall_length(s) - 1, s->city.walls_left);
		return 1;
	}
	if (!s->board.labelled) {
		msg_say(msg, cap, "wall: contour labels off after the gate");
		return 1;
	}
	if (s->city.know_all && s->turn.decision == CITY_DECISION_TILE) {
		msg_say(msg, cap, "wall: R-TILE-4 verdicts old at a tile decision");
		return 1;
	}
	for (i = 0; i < s->board.n_front; i++) {
		/* R-TILE-4's verdicts, unless the gate was built since the
		 * draw (all old): kept only where the wall's test asks one and
		 * right there, known everywhere at a tile decision (the draw
		 * made them) */
		const fcell *f = &st_front(s)[i];
		unsigned fl = s->city.know_all ? 0u : f->flags;
		int asked = (fl & (FC_BLOCKED | FC_SPLITS)) == FC_SPLITS;
		if (fl & FC_WALL_KNOWN
		        ? !asked ||
		              !(fl & FC_WALL_OK) !=
		                  !!wall_check_surround(s, fc_x(f), fc_y(f),
		                                        NULL, 0)
		        : asked && s->turn.decision == CITY_DECISION_TILE) {
			msg_say(msg, cap, "wall: R-TILE-4 verdict at (%d,%d) %s",
			        fc_x(f), fc_y(f),
			        fl & FC_WALL_KNOWN ? "wrong" : "not known");
			return 1;
		}
	}
	for (i = s->city.chain_lo; i <= s->city.chain_hi; i++) {
		int t = s->city.chain[i].tile, side = wp_side(&s->city.chain[i]);
		int nt = t, ns = side;
		if (!pt_sealed(&st_tiles(s)[t], side) ||
		    st_walk(s)[t * 4 + side] == WALK_NONE) {
			msg_say(msg, cap, "wall: piece %d not sealed or not outer",
			        i - s->city.chain_lo);
			return 1;
		}
		board_step(s, &nt, &ns, 1);
		if (i < s->city.chain_hi &&
		    (nt != s->city.chain[i + 1].tile ||
		     ns != wp_side(&s->city.chain[i + 1]))) {
			msg_say(msg, cap, "wall: pieces %d and %d not consecutive",
			        i - s->city.chain_lo, i + 1 - s->city.chain_lo);
			return 1;
		}
	}
	return 0;
}

const game_rules tc_rules = {
    .game = CITY_GAME_THE_CITY,
    .start = tc_start,
    .apply = tc_apply,
    .list = tc_list,
    .list_cells = tc_list_cells,
    .score_final = tcs_final,
    .check_placement = tc_check_placement,
    .part_complete = tcs_part_complete,
    .pieces = tc_pieces,
    .piece = tc_piece,
    .check_state = tc_check_state,
};
