/* The River (see river.h). */
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "board.h"
#include "msg.h"
#include "river.h"

/* The board sides of a design's river sides, turned r (R-GEO-3). */
static unsigned river_sides(const ts_design *d, int r)
{
	unsigned m = d->river, ur = (unsigned)r & 3u;
	return ((m << ur) | (m >> ((4u - ur) & 3u))) & 15u;
}

static unsigned tile_river(const city_tileset *ts, const ptile *p)
{
	return river_sides(&ts->designs[p->design], pt_rot(p));
}

static const char *turn_name(int turn)
{
	return turn == RIVER_RIGHT ? "right" : "left";
}

/* V-TILE-1/2 for a river tile of design d at (x, y) turned rot, the
 * river leaving its last tile by board side `out` towards (x, y) and its
 * last curve having turned `last`: 0, or 1 and the reason. */
static int river_refuses(const state *s, const ts_design *d, int x, int y,
                         int out, int rot, int last, char *msg, size_t cap)
{
	unsigned m = river_sides(d, rot);
	int in = side_back(out), next, turn;
	if (!(m >> in & 1u)) {
		msg_say(msg, cap,
		        "V-TILE-1: turned %d, no river side of the tile faces "
		        "the river's open end (its %s side)",
		        rot, msg_side_name(in));
		return 1;
	}
	m &= ~(1u << in);
	if (!m)
		return 0; /* the lake */
	next = low_bit(m);
	if (board_tile_at(s, x + DX[next], y + DY[next]) >= 0) {
		msg_say(msg, cap,
		        "V-TILE-1: turned %d, the tile's other river side (%s) "
		        "faces a tile, not an empty cell",
		        rot, msg_side_name(next));
		return 1;
	}
	turn = (next - out) & 3;
	if (next != out && turn == last) {
		msg_say(msg, cap,
		        "V-TILE-2: the river turned %s at the last curve; this "
		        "curve must turn %s",
		        turn_name(last), turn_name(4 - last));
		return 1;
	}
	return 0;
}

/* ---- the hooks ----------------------------------------------------------- */

/* V-SET-1/2, V-OPT-1: the spring placed, not drawn; the river tiles, then
 * the lake, then the land tiles (the start design's instances among them
 * but for one with river_start=remove). */
static void rv_deal(const city_options *o, deal_plan *p)
{
	const city_tileset *ts = o->ts;
	int remove = o->rules[CITY_RULE_RIVER_START] == CITY_RIVER_REMOVE;
	for (unsigned d = 0; d < ts->n_designs; d++)
		p->seg[d] = ts->designs[d].river ? 0 : 2;
	memset(p->aside, 0, sizeof p->aside);
	p->aside[ts->start] = (uint8_t)remove;
	p->aside[ts->spring] = 1;
	p->seg[ts->lake] = 1;
	p->n_segs = 3;
	snprintf(p->rule, sizeof p->rule, "V-SET-2");
	p->not_drawn = remove ? "the spring, nor one start tile (V-OPT-1),"
	                      : "the spring";
	p->seg_rule = "V-SET-2";
	p->seg_name[0] = "a river tile";
	p->seg_name[1] = "the lake";
	p->seg_name[2] = "a land tile";
}

static int rv_start_design(const city_tileset *ts)
{
	return ts->spring; /* V-SET-1 */
}

/* Where the river leaves each river tile placed (the spring first). */
static void rv_placed(const city_tileset *ts, state *s, int t)
{
	const ptile *p = &st_tiles(s)[t];
	unsigned m = tile_river(ts, p);
	int out = s->cc.rv.out, next;
	if (!m)
		return; /* a land tile */
	if (!(ts->designs[p->design].features & TS_SPRING))
		m &= ~(1u << side_back(out));
	next = m ? low_bit(m) : RIVER_CLOSED;
	if (m && t && next != out)
		s->cc.rv.turn = (uint8_t)((next - out) & 3);
	s->cc.rv.tile = (uint8_t)t;
	s->cc.rv.out = (uint8_t)next;
}

/* V-TILE-1/2 on the fast path: the cell at the open end, the rotations
 * that continue the river. */
static int rv_tile_rule(const city_tileset *ts, const state *s, int design,
                        tile_rule *r)
{
	const ts_design *d = &ts->designs[design];
	const ptile *p = &st_tiles(s)[s->cc.rv.tile];
	int out = s->cc.rv.out, x, y, rot;
	const fcell *f;
	if (!d->river)
		return 0;
	r->cell = -1;
	r->rots = 0;
	if (out == RIVER_CLOSED)
		return 1;
	x = p->x + DX[out];
	y = p->y + DY[out];
	f = board_front_at(s, x, y);
	if (!f)
		return 1;
	r->cell = (int)(f - st_front(s));
	for (rot = 0; rot < 4; rot++)
		if (!river_refuses(s, d, x, y, out, rot, s->cc.rv.turn, NULL,
		                   0))
			r->rots |= 1u << rot;
	return 1;
}

/* The river followed from the spring (placed tile 0) by cell look-ups:
 * its last tile, the side it leaves by (RIVER_CLOSED), the last curve's
 * turn. The slow twin of st_rv (tile, out, turn). */
static void river_walk(const city_tileset *ts, const state *s, int *tile,
                       int *out, int *turn)
{
	const ptile *p = &st_tiles(s)[0];
	int t = 0, o = low_bit(tile_river(ts, p)), n;
	*turn = 0;
	for (n = 1; n < s->board.n_tiles; n++) {
		int q = board_tile_at(s, p->x + DX[o], p->y + DY[o]), next;
		unsigned m;
		if (q < 0)
			break;
		m = tile_river(ts, &st_tiles(s)[q]);
		if (!(m >> side_back(o) & 1u))
			break; /* V-GEO-1 forbids it; state_check says so */
		t = q;
		p = &st_tiles(s)[q];
		m &= ~(1u << side_back(o));
		if (!m) {
			o = RIVER_CLOSED;
			break;
		}
		next = low_bit(m);
		if (next != o)
			*turn = (next - o) & 3;
		o = next;
	}
	*tile = t;
	*out = o;
}

/* What design side `side` of d is, for V-GEO-1's message. */
static const char *side_kind(const ts_design *d, int side)
{
	if (d->river >> side & 1u)
		return "river side";
	return board_city_mask(d) >> side & 1u ? "city side" : "field side";
}

/* The explicit rules: V-GEO-1 on every side with a tile, V-TILE-1/2 for a
 * river tile, the open end found by walking the river. */
static int rv_check_tile(const city_tileset *ts, const state *s, int x,
                         int y, int design, int rot, char *msg, size_t cap)
{
	const ts_design *d = &ts->designs[design];
	unsigned mine = river_sides(d, rot);
	int side, t, out, turn;
	for (side = 0; side < 4; side++) {
		int64_t nx = (int64_t)x + DX[side], ny = (int64_t)y + DY[side];
		int q = coord_in_range(nx, ny) ? board_tile_at(s, (int)nx, (int)ny)
		                               : -1;
		const ptile *o;
		unsigned theirs;
		if (q < 0)
			continue;
		o = &st_tiles(s)[q];
		theirs = tile_river(ts, o);
		if ((mine >> side & 1u) != (theirs >> side_back(side) & 1u)) {
			const ts_design *od = &ts->designs[o->design];
			msg_say(msg, cap, "V-GEO-1: %s facing a %s of tile (%d,%d)",
			        side_kind(d, (side - rot) & 3),
			        side_kind(od, (side_back(side) - pt_rot(o)) & 3),
			        o->x, o->y);
			return 1;
		}
	}
	if (!d->river)
		return 0;
	river_walk(ts, s, &t, &out, &turn);
	if (out == RIVER_CLOSED) {
		msg_say(msg, cap, "V-TILE-1: the river has reached the lake; no "
		                  "river tile can continue it");
		return 1;
	}
	{
		const ptile *p = &st_tiles(s)[t];
		int ex = p->x + DX[out], ey = p->y + DY[out];
		if (x != ex || y != ey) {
			msg_say(msg, cap,
			        "V-TILE-1: a river tile continues the river at "
			        "(%d,%d), not at (%d,%d)",
			        ex, ey, x, y);
			return 1;
		}
		return river_refuses(s, d, x, y, out, rot, turn, msg, cap);
	}
}

static int rv_check_state(const city_tileset *ts, const state *s, char *msg,
                          size_t cap)
{
	int t = 0, out = 0, turn = 0;
	if ((s->setup.expansions & CITY_EXPANSION_RIVER) && s->board.n_tiles)
		river_walk(ts, s, &t, &out, &turn);
	if (s->cc.rv.tile != t || s->cc.rv.out != out ||
	    s->cc.rv.turn != turn) {
		snprintf(msg, cap,
		         "river end tile %u side %u turn %u, not %d %d %d",
		         (unsigned)s->cc.rv.tile, (unsigned)s->cc.rv.out,
		         (unsigned)s->cc.rv.turn, t, out, turn);
		return 1;
	}
	return 0;
}

const expansion rv_expansion = {
    .bit = CITY_EXPANSION_RIVER,
    .not_in_play = "V-SET-1: the expansion river is not in play",
    .no_part = '~',
    .no_part_reason = "V-FOL-1: the river is no feature; no follower goes "
                      "on it",
    .deal = rv_deal,
    .start_design = rv_start_design,
    .placed = rv_placed,
    .tile_rule = rv_tile_rule,
    .check_tile = rv_check_tile,
    .check_state = rv_check_state,
};
