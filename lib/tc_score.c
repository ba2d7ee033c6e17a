/*
 * Scoring of The City (see tc_score.h): the part of The City's rules that
 * turns completed features, stewards and guards into points.
 */
#include <assert.h>
#include <string.h>

#include "bits.h"
#include "board.h"
#include "feature.h"
#include "log.h"
#include "players.h"
#include "tc_score.h"
#include "wall_internal.h"

/* The category (CITY_CAT_*) of a score reason (CITY_REASON_*). */
static int tcs_category(int reason)
{
	switch (reason) {
	case CITY_REASON_STREET:
	case CITY_REASON_WALL_STREET:
	case CITY_REASON_FINAL_STREET:
		return CITY_CAT_STREETS;
	case CITY_REASON_MARKET:
	case CITY_REASON_WALL_MARKET:
	case CITY_REASON_FINAL_MARKET:
		return CITY_CAT_MARKETS;
	case CITY_REASON_TOWER:
		return CITY_CAT_TOWERS;
	case CITY_REASON_STEWARD:
		return CITY_CAT_STEWARDS;
	default:
		return CITY_CAT_GUARDS;
	}
}

static int popcount3(unsigned m)
{
	return (int)(m & 1u) + (int)(m >> 1 & 1u) + (int)(m >> 2 & 1u);
}

/* Score a completed, followed street or market (R-SCORE-1..4) of part
 * kind `kind`: every caller looks at followed roots only (R-SCORE-5:
 * nobody to score otherwise), and a followed root holds a follower
 * (tc_check_state). `base` is the reason for a street (STREET,
 * WALL_STREET, FINAL_STREET); the market reason follows it. Its followers
 * then go back to their owners (R-SCORE-4); with `defer` they stay on the
 * board, off their feature, until the guard decision on the piece is over
 * (R-OPT-3 "no"). */
static void score_feature(const city_tileset *ts, state *s, int root,
                          int kind, int base, int defer)
{
	int counts[MAX_PLAYERS], tiles, pts;
	uint64_t on;
	unsigned markets;
	int reason = kind == TS_STREET ? base : base + 1;
	assert(feat_followed(s, root));
	/* one pass finds the followers both to count and to return */
	on = players_on_feature(s, root, counts);
	assert(on);
	feat_measure(ts, s, root, &tiles, &markets);
	if (kind == TS_STREET)
		pts = tiles <= 3 ? tiles : 2 * tiles;
	else
		pts = tiles * popcount3(markets);
	players_award_majority(s, counts, tcs_category(reason), reason, pts,
	                       st_ntile(s)[root], feat_node_part(s, root));
	feat_set_followed(s, root, 0);
	players_return(s, on, defer);
}

void tcs_score_done(const city_tileset *ts, state *s, const int *done,
                    const uint8_t *kind, int n_done, int base, int defer)
{
	const uint16_t *open = st_nopen(s);
	int i;
	/* a root that comes again needs no more: scoring it cleared its
	 * followed flag */
	for (i = 0; i < n_done; i++)
		if (open[done[i]] & OPEN_FOLLOWED)
			score_feature(ts, s, done[i], kind[i], base, defer);
}

/* Only a followed street or market is looked at (its open word is
 * exactly OPEN_FOLLOWED: complete and followed; an unfollowed one scores
 * nothing, R-SCORE-5), in the order of the side's nodes, and a root met
 * twice needs no test: scoring clears its followed flag. */
void tcs_close_side(const city_tileset *ts, state *s, int t, int side,
                    int base, int defer)
{
	const uint16_t *open = st_nopen(s);
	int nodes[3], i, n;
	uint8_t kinds[3];
	n = feat_close_side(ts, s, t, side, nodes, kinds);
	for (i = 0; i < n; i++) {
		int r = feat_root(s, nodes[i]);
		if (kinds[i] != TS_RESIDENTIAL && open[r] == OPEN_FOLLOWED)
			score_feature(ts, s, r, kinds[i], base, defer);
	}
}

/* ---- final scoring (R-END-2..6) --------------------------------------- */

enum { MAX_FOLLOWERS = MAX_PLAYERS * FOLLOWERS_PER_PLAYER };
enum { MAX_AREAS = MAX_FOLLOWERS };

/* The residential areas holding stewards, in the order of their first
 * steward, and the stewards per player on each, in one pass over the
 * followers. Returns the number of areas. */
static int steward_areas(const city_tileset *ts, const state *s,
                         int root[MAX_AREAS], int counts[][MAX_PLAYERS])
{
	int i, a, p, n = 0;
	for (i = 0; i < s->pl.n_fol; i++) {
		const follower *f = &s->pl.fol[i];
		int node, r;
		if (f->active != FOL_ON)
			continue;
		node = feat_node(s, f->tile, f->part);
		if (feat_part(ts, s, node)->kind != TS_RESIDENTIAL)
			continue;
		r = feat_root(s, node);
		for (a = 0; a < n && root[a] != r; a++)
			;
		if (a == n) {
			root[n++] = r;
			for (p = 0; p < MAX_PLAYERS; p++)
				counts[a][p] = 0;
		}
		counts[a][f->owner]++;
	}
	return n;
}

enum { MAXN = TS_MAX_TILES * TS_MAX_PARTS, NODE_WORDS = (MAXN + 63) / 64 };

/* The stewards' areas and, per area, the distinct market features seen
 * bordering it so far (a bitset over the market roots). */
typedef struct stew_count {
	uint64_t is_area[NODE_WORDS]; /* bit r: root r is a stewards' area */
	uint8_t area[MAXN];           /* its index, where is_area says so */
	uint64_t seen[MAX_AREAS][NODE_WORDS];
	int markets[MAX_AREAS];
} stew_count;

/* Residential node `res` borders the market of root `mroot`: counted for
 * its area when the area holds stewards and that market is new to it. */
static void stew_border(const state *s, stew_count *c, int res, int mroot)
{
	int r = feat_root(s, res), a;
	uint64_t bit = (uint64_t)1 << (mroot & 63);
	if (!(c->is_area[r >> 6] >> (r & 63) & 1u))
		return;
	a = c->area[r];
	c->markets[a] += !(c->seen[a][mroot >> 6] & bit);
	c->seen[a][mroot >> 6] |= bit;
}

/* The bordering of R-END-4 found once per market region of the board
 * rather than per area: every placed tile's market parts, their in-tile
 * residential neighbours and the residential halves facing their halves
 * across a side (halves are regions: residential unless market). */
static void count_bordering(const city_tileset *ts, const state *s,
                            stew_count *c)
{
	const ptile *tl = st_tiles(s);
	int t;
	for (t = 0; t < s->board.n_tiles; t++) {
		const ptile *p = &tl[t];
		const ts_design *d = &ts->designs[p->design];
		unsigned mk = d->market_parts, m, r;
		if (!mk)
			continue;
		for (m = mk; m; m &= m - 1) {
			int k = low_bit(m), mroot = feat_root(s, p->node0 + k);
			for (r = d->parts[k].adj & ~mk; r; r &= r - 1)
				stew_border(s, c, p->node0 + low_bit(r), mroot);
		}
		for (m = board_linked_sides(p); m; m &= m - 1) {
			int side = low_bit(m);
			const ts_side *mine = &d->side[(side - pt_rot(p)) & 3];
			bfacing fc;
			unsigned omk;
			if (!((mk >> mine->left | mk >> mine->right) & 1u))
				continue;
			fc = board_facing_linked(ts, s, p, d, side);
			omk = fc.od->market_parts;
			if ((mk >> mine->left & ~(omk >> fc.theirs->right)) & 1u)
				stew_border(s, c, fc.q->node0 + fc.theirs->right,
				            feat_root(s, p->node0 + mine->left));
			if ((mk >> mine->right & ~(omk >> fc.theirs->left)) & 1u)
				stew_border(s, c, fc.q->node0 + fc.theirs->left,
				            feat_root(s, p->node0 + mine->right));
		}
	}
}

/* R-END-4: each residential area holding stewards scores once, for its
 * majority owners, 2 points per distinct market feature bordering it. */
static void score_stewards(const city_tileset *ts, state *s)
{
	int root[MAX_AREAS], counts[MAX_AREAS][MAX_PLAYERS], a;
	int n = steward_areas(ts, s, root, counts);
	size_t words = (size_t)(s->feat.n_nodes + 63) / 64;
	stew_count c;
	if (!n)
		return;
	memset(c.is_area, 0, words * sizeof c.is_area[0]);
	for (a = 0; a < n; a++) {
		c.is_area[root[a] >> 6] |= (uint64_t)1 << (root[a] & 63);
		c.area[root[a]] = (uint8_t)a;
		memset(c.seen[a], 0, words * sizeof c.seen[a][0]);
		c.markets[a] = 0;
	}
	count_bordering(ts, s, &c);
	for (a = 0; a < n; a++)
		if (c.markets[a])
			players_award_majority(
			    s, counts[a], CITY_CAT_STEWARDS, CITY_REASON_STEWARD,
			    2 * c.markets[a], st_ntile(s)[root[a]],
			    feat_node_part(s, root[a]));
}

/* R-END-2 without contour labels (no gate): notional walls on every
 * contour side not yet walled, in the walk's order (closing changes no
 * tile, so the walk is stable), each scoring what it completes as
 * tcs_close_side would. */
static void close_walked(const city_tileset *ts, state *s)
{
	contour_it it;
	for (board_contour_first(s, &it); it.left;
	     board_contour_advance(s, &it))
		if (!pt_sealed(&st_tiles(s)[it.t], it.side))
			tcs_close_side(ts, s, it.t, it.side,
			               CITY_REASON_FINAL_STREET, 0);
}

/* A followed street or market that a final wall touched, and when the
 * walk of close_walked would score it: key = pos * 4 + 3 - i for the
 * side at position pos of the walk and its node i, the largest of all
 * (it completes at its last side, and scores at its first node there);
 * they score by (pos, i), i.e. by key ^ 3. */
typedef struct final_cand {
	int root, kind;
	unsigned key;
} final_cand;

/* R-END-2 once the gate stands: the contour labels say which sides are
 * outer and their order from the walk's start (the north side of the top
 * tile), so the unsealed ones are closed by a pass over the tiles instead
 * of a walk; the completed followed features then score in the walk's
 * order (closing never depends on scoring, so this is close_walked's
 * outcome, events in the same order). */
static void close_labelled(const city_tileset *ts, state *s)
{
	const uint16_t *pos = st_walk(s), *open = st_nopen(s);
	const ptile *tl = st_tiles(s);
	unsigned origin = pos[s->board.top * 4 + CITY_SIDE_N];
	final_cand c[MAX_FOLLOWERS]; /* each root holds a follower */
	int nc = 0, t;
	for (t = 0; t < s->board.n_tiles; t++) {
		uint64_t labs;
		int side;
		memcpy(&labs, &pos[t * 4], sizeof labs);
		if (labs == UINT64_MAX)
			continue; /* no outer side (WALK_NONE four times) */
		for (side = 0; side < 4; side++) {
			unsigned lab = pos[t * 4 + side];
			int nodes[3], n, i, j;
			uint8_t kinds[3];
			if (lab == WALK_NONE || pt_sealed(&tl[t], side))
				continue;
			n = feat_close_side(ts, s, t, side, nodes, kinds);
			for (i = 0; i < n; i++) {
				int r = feat_root(s, nodes[i]);
				unsigned key;
				if (kinds[i] == TS_RESIDENTIAL ||
				    !(open[r] & OPEN_FOLLOWED))
					continue;
				key = ((lab - origin) & (WALK_SPAN - 1u)) * 4u +
				      3u - (unsigned)i;
				for (j = 0; j < nc && c[j].root != r; j++)
					;
				if (j == nc) {
					/* the followed flag says a follower
					 * stands there (tc_check_state) */
					assert(nc < MAX_FOLLOWERS);
					c[nc].root = r;
					c[nc].kind = kinds[i];
					c[nc++].key = key;
				} else if (key > c[j].key) {
					c[j].key = key;
				}
			}
		}
	}
	while (nc) {
		int j, best = 0;
		for (j = 1; j < nc; j++)
			if ((c[j].key ^ 3u) < (c[best].key ^ 3u)) /* pos, i */
				best = j;
		if (open[c[best].root] == OPEN_FOLLOWED)
			score_feature(ts, s, c[best].root, c[best].kind,
			              CITY_REASON_FINAL_STREET, 0);
		c[best] = c[--nc];
	}
}

/* R-END-3: followers on streets and markets still open go back. */
static void return_open(const city_tileset *ts, state *s)
{
	int i;
	for (i = 0; i < s->pl.n_fol; i++) {
		const follower *f = &s->pl.fol[i];
		int node = feat_node(s, f->tile, f->part);
		if (f->active != FOL_ON ||
		    feat_part(ts, s, node)->kind == TS_RESIDENTIAL)
			continue;
		players_send_home(s, i, feat_root(s, node));
	}
}

/* R-END-5: guards, each on its own. */
static void score_guards(const city_tileset *ts, state *s)
{
	int i;
	if (!s->city.gate_placed)
		return;
	for (i = s->city.chain_lo; i <= s->city.chain_hi; i++) {
		const wpiece *w = &s->city.chain[i];
		int pts;
		if (wp_guard(w) < 0)
			continue;
		pts = wall_guard_points(ts, s, i);
		if (pts)
			players_score(s, wp_guard(w), CITY_CAT_GUARDS,
			              CITY_REASON_GUARD, 1, pts, w->tile,
			              wp_side(w));
	}
}

void tcs_final(const city_tileset *ts, state *s)
{
	if (s->board.labelled)
		close_labelled(ts, s);
	else
		close_walked(ts, s);
	return_open(ts, s);
	score_stewards(ts, s); /* R-END-4 */
	score_guards(ts, s);
	s->turn.final_done = 1;
}
