/* The base game's turn, listing and explicit checks (see cc_rules.h). */
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "board.h"
#include "cc_rules.h"
#include "cc_score.h"
#include "expansions.h"
#include "feature.h"
#include "listing.h"
#include "log.h"
#include "msg.h"
#include "players.h"

#define ERR_CAP RULES_ERR_CAP
#define FOLLOWERS 7 /* C-SET-2 */

/* ---- the edge test (C-TILE-2) ------------------------------------------ */

/* A design turned r as one byte: bit s a road end on board side s, bit
 * 4 + s a city region there; the four rotations in one word (byte r),
 * kept per design in st_rsig. */
static unsigned rot_sig(const ts_design *d, int r)
{
	unsigned bits = board_side_bits(d), ur = (unsigned)r;
	return SIDES_TURN(bits & 15u, ur) | SIDES_TURN(bits >> 4, ur) << 4;
}

static int has_placement(const city_tileset *ts, const state *s, int d)
{
	const fcell *f = st_front(s);
	uint32_t sig4 = st_rsig(s)[d];
	int i, n = s->board.n_front;
	tile_rule r;
	if (expansions_tile_rule(ts, s, d, &r)) /* one cell at most */
		return r.cell >= 0 &&
		       (board_sig_rotations(&f[r.cell], sig4) & r.rots) != 0;
	/* four cells a test: about half of the cells fit, so the first
	 * four nearly always decide */
	for (i = 0; i + 4 <= n; i += 4)
		if (board_sig_rotations4(&f[i], sig4))
			return 1;
	for (; i < n; i++)
		if (board_sig_rotations(&f[i], sig4))
			return 1;
	return 0;
}

/* Signature of design side ds: 0 field, 1 field with a road end, 2 city. */
static unsigned side_sig(const ts_design *d, int ds)
{
	const ts_side *sd = &d->side[ds];
	if (d->parts[sd->left].kind == TS_CITY)
		return 2;
	return sd->mid != TS_NONE;
}

/* The explicit rule (C-TILE-1/2) by neighbour look-ups: the slow twin of
 * board_sig_rotations. */
static int cc_check_placement(const city_tileset *ts, const state *s, int x,
                              int y, int design, int rot, char *msg,
                              size_t cap)
{
	static const char *const sname[3] = {"field side without a road",
	                                     "field side with a road end",
	                                     "city side"};
	const ts_design *d = &ts->designs[design];
	int side, any = 0;
	if (coord_in_range(x, y) && board_tile_at(s, x, y) >= 0) {
		msg_say(msg, cap, "C-TILE-1: cell (%d,%d) already holds a "
		                  "tile", x, y);
		return 1;
	}
	if (coord_in_range(x, y) &&
	    expansions_check_tile(ts, s, x, y, design, rot, msg, cap))
		return 1;
	for (side = 0; side < 4; side++) {
		/* in 64 bits: a cell at INT32_MIN has a neighbour beyond it */
		int64_t nx = (int64_t)x + DX[side], ny = (int64_t)y + DY[side];
		int q = coord_in_range(nx, ny)
		            ? board_tile_at(s, (int)nx, (int)ny)
		            : -1;
		const ptile *o;
		unsigned a, b;
		if (q < 0)
			continue;
		any = 1;
		o = &st_tiles(s)[q];
		a = side_sig(d, (side - rot) & 3);
		b = side_sig(&ts->designs[o->design], (side + 2 - pt_rot(o)) & 3);
		if (a != b) {
			const char *ma = a == 2 ? "city side" : "field side",
			           *mb = b == 2 ? "city side" : "field side";
			if (a != 2 && b != 2) {
				ma = sname[a];
				mb = sname[b];
			}
			msg_say(msg, cap,
			        "C-TILE-2: %s facing a %s of tile (%d,%d)",
			        ma, mb, o->x, o->y);
			return 1;
		}
	}
	if (!any) {
		msg_say(msg, cap,
		        "C-TILE-1: cell (%d,%d) shares no side with a "
		        "placed tile",
		        x, y);
		return 1;
	}
	return 0;
}

/* ---- the turn ------------------------------------------------------------ */

static void draw(const city_tileset *ts, state *s);

/* The start of a player's turn: an expansion's decision before the draw
 * (The Tower's ransom, T-CAP-5), then the draw. */
static void start_turn(const city_tileset *ts, state *s, int player)
{
	int d;
	s->turn.player = s->turn.actor = (uint8_t)player;
	d = expansions_turn_begin(s, s->turn.draw_pos < s->setup.stack_end[0]);
	if (d >= 0) {
		s->turn.cur = NO_TILE;
		s->turn.decision = (uint8_t)d;
		return;
	}
	draw(ts, s);
}

/* C-TURN-2: draw until a tile has a placement (the others discarded). */
static void draw(const city_tileset *ts, state *s)
{
	const uint8_t *order = st_order(s);
	while (s->turn.draw_pos < s->setup.stack_end[0]) {
		int i = s->turn.draw_pos++;
		int d = order[i];
		if (has_placement(ts, s, d)) {
			s->turn.cur = (uint8_t)i;
			s->turn.decision = CITY_DECISION_TILE;
			return;
		}
		log_event(s, CITY_EVENT_DISCARD, 0, 0, -1, 0, d, 0xFF);
	}
	s->turn.cur = NO_TILE;
	s->turn.decision = CITY_DECISION_END;
	s->turn.end_reasons = CITY_ENDED_TILES;
}

/* C-TURN-1: score what the placement completed, then the next turn. */
static void finish_turn(const city_tileset *ts, state *s)
{
	expansions_turn_end(s);
	s->cc.fol_opts = 0;
	ccs_completed(ts, s, s->turn.last_tile);
	s->cc.done_parts = 0;
	/* the next seat, without a division */
	start_turn(ts, s, s->turn.player + 1 < s->setup.n_players
	                  ? s->turn.player + 1
	                  : 0);
}

/* C-FOL-1/2/4: may the player put a follower on part `part` of the tile
 * just placed? 0 yes, else 1 with the reason. */
static int follower_check(const city_tileset *ts, const state *s, int part,
                          char *msg, size_t cap)
{
	int t = s->turn.last_tile;
	const ptile *p = &st_tiles(s)[t];
	const ts_design *d = &ts->designs[p->design];
	int kind = ccs_part_kind(d, part);
	char name = ccs_part_name(d, part);
	if (s->pl.supply[s->turn.player] == 0) {
		msg_say(msg, cap, "C-FOL-4: player %d has no follower in "
		                  "supply", s->turn.player);
		return 1;
	}
	if (kind == CC_KIND_FIELD && !s->setup.rules[CITY_RULE_FARMERS]) {
		msg_say(msg, cap,
		        "C-FOL-1: part %c of tile (%d,%d) is a field and "
		        "the game is played without farmers (C-OPT-1)",
		        name, p->x, p->y);
		return 1;
	}
	if (feat_followed(s, feat_root(s, feat_node(s, t, part)))) {
		msg_say(msg, cap,
		        "C-FOL-2: part %c of tile (%d,%d) belongs to a "
		        "feature that already holds a follower",
		        name, p->x, p->y);
		return 1;
	}
	return 0;
}

/* The parts of the tile just placed that may take a follower now (bit i:
 * part i; the monastery is bit n_parts): follower_check for every part at
 * once, without its messages. In the same pass, into *done, the parts
 * whose road or city the placement completed (C-DONE-1/2), for the end
 * of the turn to score: nothing between the placement and then changes
 * a feature's open sides. */
static unsigned follower_options(const city_tileset *ts, const state *s,
                                 unsigned *done)
{
	const ptile *p = &st_tiles(s)[s->turn.last_tile];
	const ts_design *d = &ts->designs[p->design];
	unsigned m = 0, c = 0, farmers = s->setup.rules[CITY_RULE_FARMERS] != 0;
	int i;
	for (i = 0; i < feat_tile_nodes(d); i++) {
		int kind = ccs_part_kind(d, i), r = feat_root(s, p->node0 + i);
		unsigned field = kind == CC_KIND_FIELD; /* C-FOL-1 */
		unsigned free = !feat_followed(s, r); /* C-FOL-2 */
		m |= (free & (farmers | !field)) << i;
		c |= ((unsigned)(kind == CC_KIND_ROAD || kind == CC_KIND_CITY) &
		      (unsigned)feat_complete(s, r))
		     << i;
	}
	*done = c;
	return s->pl.supply[s->turn.player] ? m : 0; /* C-FOL-4 */
}

/* ---- decisions ----------------------------------------------------------- */

static const char *const decision_name[9] = {
    "tile placement", "follower", "gate", "wall piece", "guard",
    "tower",          "end",      "capture", "ransom"};

static int expect(const state *s, int decision, char *err)
{
	if (s->turn.decision == CITY_DECISION_END) {
		snprintf(err, ERR_CAP, "C-END-1: the game has ended");
		return CITY_EENDED;
	}
	if (s->turn.decision != decision) {
		snprintf(err, ERR_CAP, "C-TURN-1: the game waits for a %s, not a %s",
		         decision_name[s->turn.decision], decision_name[decision]);
		return CITY_EDECISION;
	}
	if (s->log.n_moves >= s->lay.cap_moves) {
		snprintf(err, ERR_CAP, "R-ERR-1: move history full");
		return CITY_ELIMIT;
	}
	return CITY_OK;
}

/* A tile into the board and its parts into the features. */
static int insert_tile(const city_tileset *ts, state *s, int front, int x,
                       int y, int design, int rot)
{
	int t = board_insert(ts, s, front, x, y, design, rot);
	feat_add_tile(ts, s, t);
	expansions_placed(ts, s, t);
	if (ts->designs[design].features & TS_MONASTERY)
		bits_put(s->cc.monasteries, t, 1); /* for C-DONE-3 */
	return t;
}

static int place(const rules_ctx *c, int32_t x, int32_t y, int rot)
{
	state *s = c->s;
	int rc, design, fi = -1;
	unsigned done;
	const fcell *f;
	unsigned rots = 0;
	tile_rule r;
	if ((rc = expect(s, CITY_DECISION_TILE, c->err)) != CITY_OK)
		return rc;
	if (rot < 0 || rot > 3) {
		snprintf(c->err, ERR_CAP, "R-GEO-3: rotation %d is not 0..3", rot);
		return CITY_EINVAL;
	}
	design = st_order(s)[s->turn.cur];
	f = coord_in_range(x, y) ? board_front_at(s, (int)x, (int)y) : NULL;
	if (f) {
		fi = (int)(f - st_front(s));
		rots = board_sig_rotations(f, st_rsig(s)[design]);
		if (expansions_tile_rule(c->ts, s, design, &r))
			rots = r.cell == fi ? rots & r.rots : 0;
	}
	if (!(rots >> rot & 1u)) {
		if (!cc_check_placement(c->ts, s, (int)x, (int)y, design, rot,
		                        c->err, ERR_CAP))
			snprintf(c->err, ERR_CAP, "C-TILE-1: cell (%d,%d) cannot take "
			                          "the tile", (int)x, (int)y);
		return CITY_EILLEGAL;
	}
	log_move(s, CITY_MOVE_PLACE, rot, (int)x, (int)y);
	s->turn.last_tile =
	    (uint8_t)insert_tile(c->ts, s, fi, (int)x, (int)y, design, rot);
	s->cc.fol_opts = (uint16_t)follower_options(c->ts, s, &done);
	s->cc.done_parts = (uint16_t)done;
	if (s->cc.fol_opts || expansions_follower_moves(c->ts, s))
		s->turn.decision = CITY_DECISION_FOLLOWER;
	else
		finish_turn(c->ts, s);
	return CITY_OK;
}

static int place_follower(const rules_ctx *c, char part)
{
	state *s = c->s;
	int rc, idx;
	const ts_design *d;
	if ((rc = expect(s, CITY_DECISION_FOLLOWER, c->err)) != CITY_OK)
		return rc;
	d = &c->ts->designs[st_tiles(s)[s->turn.last_tile].design];
	idx = part == 'm' ? ((d->features & TS_MONASTERY) ? d->n_parts : -1)
	                  : ts_part_index(d, part);
	if (idx < 0 && expansions_no_part(s, part)) {
		/* a piece of an expansion's that is no part (The River) */
		snprintf(c->err, ERR_CAP, "%s", expansions_no_part(s, part));
		return CITY_EILLEGAL;
	}
	if (idx < 0) {
		snprintf(c->err, ERR_CAP,
		         "C-FOL-1: design %u has no part '%c' (a region letter, "
		         "a road digit or m for a monastery)",
		         d->id, (part >= 32 && part < 127) ? part : '?');
		return CITY_EILLEGAL;
	}
	if (follower_check(c->ts, s, idx, c->err, ERR_CAP))
		return CITY_EILLEGAL;
	players_place(s, s->turn.player, s->turn.last_tile, idx);
	log_move(s, CITY_MOVE_FOLLOWER, (unsigned char)part, 0, 0);
	finish_turn(c->ts, s);
	return CITY_OK;
}

/* The turn goes on as an expansion's move or pass said (expansion.h). */
static void go_on(const city_tileset *ts, state *s, expansion_next next)
{
	if (next == NEXT_END_TURN)
		finish_turn(ts, s);
	else if (next == NEXT_DRAW)
		draw(ts, s);
	else
		s->cc.fol_opts = 0; /* the follower decision is over */
}

static int pass(const rules_ctx *c)
{
	state *s = c->s;
	const expansion *x = expansions_of_decision(s->turn.decision);
	if (s->turn.decision == CITY_DECISION_END) {
		snprintf(c->err, ERR_CAP, "C-END-1: the game has ended");
		return CITY_EENDED;
	}
	if (s->turn.decision != CITY_DECISION_FOLLOWER && !x) {
		snprintf(c->err, ERR_CAP, "C-TURN-1: a %s cannot be passed",
		         decision_name[s->turn.decision]);
		return CITY_EDECISION;
	}
	log_move(s, CITY_MOVE_PASS, 0, 0, 0);
	go_on(c->ts, s, x ? x->pass(s) : NEXT_END_TURN);
	return CITY_OK;
}

/* An expansion's move: in play, the decision it answers, then its own
 * apply. */
static int expansion_move(const rules_ctx *c, const rules_move *m,
                          const expansion *x)
{
	state *s = c->s;
	expansion_next next;
	int rc;
	if (!expansions_on(s, x)) {
		/* after the end every move is CITY_EENDED, this one too */
		if (s->turn.decision == CITY_DECISION_END)
			return expect(s, CITY_DECISION_FOLLOWER, c->err);
		snprintf(c->err, ERR_CAP, "%s", x->not_in_play);
		return CITY_EILLEGAL;
	}
	rc = expect(s, x->decision_of(m->kind), c->err);
	if (rc == CITY_OK)
		rc = x->apply(c, m, &next);
	if (rc == CITY_OK)
		go_on(c->ts, s, next);
	return rc;
}

static int cc_apply(const rules_ctx *c, int kind, int32_t x, int32_t y,
                    int arg, char part)
{
	const expansion *xp;
	c->err[0] = '\0';
	switch (kind) {
	case CITY_MOVE_PLACE:
		return place(c, x, y, arg);
	case CITY_MOVE_FOLLOWER:
		return place_follower(c, part);
	case CITY_MOVE_PASS:
		return pass(c);
	case CITY_MOVE_GATE:
	case CITY_MOVE_WALL:
	case CITY_MOVE_GUARD:
	case CITY_MOVE_TOWER:
		if (c->s->turn.decision == CITY_DECISION_END) {
			snprintf(c->err, ERR_CAP, "C-END-1: the game has ended");
			return CITY_EENDED;
		}
		snprintf(c->err, ERR_CAP,
		         "C-TURN-1: the base game of Carcassonne has no %s "
		         "decision",
		         kind == CITY_MOVE_GATE    ? "gate"
		         : kind == CITY_MOVE_WALL  ? "wall piece"
		         : kind == CITY_MOVE_GUARD ? "guard"
		                                      : "tower");
		return CITY_EDECISION;
	default:
		if ((xp = expansions_of_move(kind)) != NULL) {
			rules_move m;
			m.kind = kind;
			m.x = x;
			m.y = y;
			m.arg = arg;
			m.part = part;
			return expansion_move(c, &m, xp);
		}
		snprintf(c->err, ERR_CAP, "R-ERR-1: unknown move kind %d", kind);
		return CITY_EINVAL;
	}
}

/* ---- set-up -------------------------------------------------------------- */

static void cc_start(const rules_ctx *c)
{
	state *s = c->s;
	unsigned i;
	for (i = 0; i < c->ts->n_designs; i++) {
		const ts_design *d = &c->ts->designs[i];
		st_rsig_w(s)[i] = rot_sig(d, 0) | rot_sig(d, 1) << 8 |
		                  rot_sig(d, 2) << 16 | rot_sig(d, 3) << 24;
	}
	players_start(s, FOLLOWERS, 0);
	expansions_start(c->ts, s);
	s->turn.cur = NO_TILE;
	/* C-SET-3: the start tile, before the first turn, not a move (an
	 * expansion's: The River's spring, V-SET-1) */
	insert_tile(c->ts, s, -1, 0, 0, expansions_start_design(c->ts, s), 0);
	s->turn.last_tile = NO_TILE;
	start_turn(c->ts, s, 0);
}

/* C-SET-3/4: one instance of the start design placed, the rest one stack;
 * then what the expansions in play change. */
static void cc_deal(const city_options *o, deal_plan *p)
{
	p->aside[o->ts->start] = 1;
	snprintf(p->rule, sizeof p->rule, "C-SET-4");
	p->not_drawn = "the start tile";
	expansions_deal(o, p);
}

/* ---- listing ------------------------------------------------------------- */

/* The rotations of the design (rotation signatures sig4) that fit an
 * expansion's one cell r->cell and that it allows (r->rots). */
static unsigned one_cell_rots(const state *s, const tile_rule *r,
                              uint32_t sig4)
{
	return board_sig_rotations(&st_front(s)[r->cell], sig4) & r->rots;
}

/* The tile decision's moves as cells (list_cells), as cc_list lists
 * them: an expansion's one cell, or every cell where the design fits. */
static size_t cc_list_cells(const city_tileset *ts, const state *s,
                            list_cells *lc)
{
	int d;
	uint32_t sig4;
	tile_rule r;
	if (s->turn.decision != CITY_DECISION_TILE || board_is_empty(s))
		return LIST_NO_CELLS;
	d = st_order(s)[s->turn.cur];
	sig4 = st_rsig(s)[d];
	if (!expansions_tile_rule(ts, s, d, &r))
		return list_placements_sig_cells(s, sig4, lc);
	lc->n = 0;
	if (r.cell >= 0) {
		lc->cell[0] = (uint16_t)r.cell;
		lc->rset[0] = (uint8_t)one_cell_rots(s, &r, sig4);
		lc->n = lc->rset[0] != 0;
	}
	return list_cells_done(lc);
}

static size_t cc_list(const city_tileset *ts, const state *s, city_move *out,
                      size_t cap)
{
	const expansion *x;
	size_t n = 0;
	unsigned m;
	switch (s->turn.decision) {
	case CITY_DECISION_TILE: {
		int d = st_order(s)[s->turn.cur];
		uint32_t sig4 = st_rsig(s)[d];
		tile_rule r;
		if (!expansions_tile_rule(ts, s, d, &r))
			return list_placements_sig(s, sig4, out, cap);
		if (r.cell >= 0) { /* an expansion's one cell */
			const fcell *f = &st_front(s)[r.cell];
			for (m = one_cell_rots(s, &r, sig4); m; m &= m - 1)
				list_emit(out, cap, &n, CITY_MOVE_PLACE, fc_x(f),
				          fc_y(f), low_bit(m), 0, 0, 0);
		}
		return n;
	}
	case CITY_DECISION_FOLLOWER: {
		const ts_design *d =
		    &ts->designs[st_tiles(s)[s->turn.last_tile].design];
		/* follower_options, by the placement: the parts allowed */
		for (m = s->cc.fol_opts; m; m &= m - 1)
			list_emit(out, cap, &n, CITY_MOVE_FOLLOWER, 0, 0, 0, 0, 0,
			          ccs_part_name(d, low_bit(m)));
		n = expansions_list_follower(ts, s, out, cap, n);
		break;
	}
	default: /* an expansion's own decision, or the end */
		x = expansions_of_decision(s->turn.decision);
		if (!x)
			return 0;
		n = x->list(ts, s, out, cap);
	}
	list_emit(out, cap, &n, CITY_MOVE_PASS, 0, 0, 0, 0, 0, 0);
	return n;
}

/* C-END-2/3, then what the expansions in play add. */
static void cc_final(const city_tileset *ts, state *s)
{
	ccs_final(ts, s);
	expansions_score_final(ts, s);
}

static int cc_check_state(const city_tileset *ts, const state *s, char *msg,
                          size_t cap)
{
	/* both are the placement's, kept through the turn: the options
	 * for the follower decision only, the completed parts until the
	 * turn ends (a capture decision included) */
	int d = s->turn.decision;
	unsigned done = 0, opts = 0, want;
	if (d == CITY_DECISION_FOLLOWER || d == CITY_DECISION_CAPTURE)
		opts = follower_options(ts, s, &done);
	want = d == CITY_DECISION_FOLLOWER ? opts : 0;
	if (s->cc.fol_opts != want) {
		snprintf(msg, cap, "follower options %#x, not %#x",
		         (unsigned)s->cc.fol_opts, want);
		return 1;
	}
	if (s->cc.done_parts != done) {
		snprintf(msg, cap, "completed parts %#x, not %#x",
		         (unsigned)s->cc.done_parts, done);
		return 1;
	}
	return ccs_check_state(ts, s, msg, cap) ||
	       expansions_check_state(ts, s, msg, cap);
}

const game_rules cc_rules = {
    .game = CITY_GAME_CARCASSONNE,
    .start = cc_start,
    .deal = cc_deal,
    .apply = cc_apply,
    .list = cc_list,
    .list_cells = cc_list_cells,
    .score_final = cc_final,
    .check_placement = cc_check_placement,
    .part_complete = ccs_complete,
    .check_state = cc_check_state,
};
