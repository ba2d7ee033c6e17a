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
 * WALL_STREET, FINAL_STREET); the market reason follows it. Its followers,
 * `on` (slots) with counts[] per player, then go back to their owners
 * (R-SCORE-4); with `defer` they stay on the board, off their feature,
 * until the guard decision on the piece is over (R-OPT-3 "no"). */
static void score_feature_of(const city_tileset *ts, state *s, int root,
                             int kind, int base, int defer, uint64_t on,
                             const int counts[MAX_PLAYERS])
{
	int tiles, pts;
	unsigned markets;
	int reason = kind == TS_STREET ? base : base + 1;
	assert(feat_followed(s, root));
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

/* score_feature_of with the followers found by the one scan */
static void score_feature(const city_tileset *ts, state *s, int root,
                          int kind, int base, int defer)
{
	int counts[MAX_PLAYERS];
	uint64_t on = players_on_feature(s, root, counts);
	score_feature_of(ts, s, root, kind, base, defer, on, counts);
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
 * nothing, R-SCORE-5), in the order of the side's nodes; a root met
 * twice needs no deduplication: scoring clears its followed flag, which
 * the second look tests again. */
void tcs_close_side(const city_tileset *ts, state *s, int t, int side,
                    int base, int defer)
{
	const uint16_t *open = st_nopen(s);
	int nodes[3], i, n, nd = 0, done[3];
	uint8_t kinds[3], kd[3];
	n = feat_close_side(ts, s, t, side, nodes, kinds);
	/* the candidates kept without a branch per node (few sides complete
	 * a followed feature); tested again, since an earlier one's scoring
	 * may unfollow a later one's root */
	for (i = 0; i < n; i++) {
		int r = feat_root(s, nodes[i]);
		done[nd] = r;
		kd[nd] = kinds[i];
		nd += (kinds[i] != TS_RESIDENTIAL) & (open[r] == OPEN_FOLLOWED);
	}
	for (i = 0; i < nd; i++)
		if (open[done[i]] == OPEN_FOLLOWED)
			score_feature(ts, s, done[i], kd[i], base, defer);
}

/* ---- final scoring (R-END-2..6) --------------------------------------- */

enum { MAX_FOLLOWERS = MAX_PLAYERS * FOLLOWERS_PER_PLAYER };
enum { MAX_AREAS = MAX_FOLLOWERS };
enum { MAXN = TS_MAX_TILES * TS_MAX_PARTS, NODE_WORDS = (MAXN + 63) / 64 };

/* The followers on a feature when the final scoring starts (st_players.on)
 * and their features' roots, found once: the end joins no features (it
 * only closes sides), so the roots hold to the end; which of them are
 * still on the board is s->pl.on at each step. */
typedef struct final_fol {
	uint64_t res; /* the followers on residential areas (stewards) */
	uint16_t root[MAX_FOLLOWERS];
} final_fol;

static void final_followers(const city_tileset *ts, const state *s,
                            final_fol *ff)
{
	uint64_t m, res = 0;
	for (m = s->pl.on; m; m &= m - 1) {
		int i = low_bit64(m);
		const follower *f = &s->pl.fol[i];
		int node = feat_node(s, f->tile, f->part);
		assert(i < MAX_FOLLOWERS);
		ff->root[i] = (uint16_t)feat_root(s, node);
		res |= (uint64_t)(feat_part(ts, s, node)->kind ==
		                  TS_RESIDENTIAL) << i;
	}
	ff->res = res;
}

/* 1 when the feature of `node` is new to the bitset `seen` (marked). */
static inline int mark_root(const uint16_t *parent, uint64_t *seen, int node)
{
	int r = parent[node];
	uint64_t w = seen[r >> 6];
	seen[r >> 6] = w | (uint64_t)1 << (r & 63);
	return (int)(~w >> (r & 63) & 1u);
}

/* The residential areas holding stewards, in the order of their first
 * steward, and the stewards per player on each, in one pass over the
 * stewards still on the board; `seen` (cleared) tells a new area without
 * a search. Returns the number of areas. */
static int steward_areas(const state *s, const final_fol *ff, uint64_t *seen,
                         int root[MAX_AREAS], int counts[][MAX_PLAYERS])
{
	uint64_t m;
	int a, p, n = 0;
	for (m = s->pl.on & ff->res; m; m &= m - 1) {
		int i = low_bit64(m), r = ff->root[i];
		if (mark_root(st_nparent(s), seen, r)) {
			a = n;
			root[n++] = r;
			for (p = 0; p < MAX_PLAYERS; p++)
				counts[a][p] = 0;
		} else {
			for (a = 0; root[a] != r; a++)
				;
		}
		counts[a][s->pl.fol[i].owner]++;
	}
	return n;
}

/* The distinct market features bordering the residential area of root
 * `root` (R-END-4), by a walk over its nodes: each one's in-tile market
 * neighbours (adj is symmetric), and the market halves facing its halves
 * across its tile's linked sides (halves are regions: residential unless
 * market). Only the areas with stewards are walked, not every market.
 * The facing halves are written as candidates without a branch (which
 * half faces a market differs at every side, unpredictably) and counted
 * afterwards. `cand` has room for every half of every placed tile, and
 * one more: a candidate is a half of the area's tiles. */
static int area_markets(const city_tileset *ts, const state *s, int root,
                        uint64_t *seen, uint16_t *cand)
{
	const ptile *tl = st_tiles(s);
	const uint16_t *next = st_nnext(s), *parent = st_nparent(s);
	const uint8_t *tile = st_ntile(s);
	int node = root, n = 0;
	unsigned nc = 0, i;
	do {
		const ptile *p = &tl[tile[node]];
		const ts_design *d = &ts->designs[p->design];
		unsigned k = (unsigned)(node - p->node0), m;
		for (m = d->parts[k].adj_markets; m; m &= m - 1)
			n += mark_root(parent, seen, p->node0 + low_bit(m));
		for (m = board_linked_sides(p); m; m &= m - 1) {
			int side = low_bit(m);
			const ptile *q = &tl[p->nb[side]];
			const ts_design *od = &ts->designs[q->design];
			const ts_side *mine = &d->side[(side - pt_rot(p)) & 3];
			const ts_side *th = &od->side[(side + 2 - pt_rot(q)) & 3];
			unsigned mk = od->market_parts, tr = th->right,
			         tlf = th->left, qn = q->node0;
			unsigned ml = mine->left, mr = mine->right;
			/* my left half meets their right half and vice versa */
			cand[nc] = (uint16_t)(qn + tr);
			nc += (ml == k) & (mk >> tr);
			cand[nc] = (uint16_t)(qn + tlf);
			nc += (mr == k) & (mk >> tlf);
		}
		node = next[node];
	} while (node != root);
	for (i = 0; i < nc; i++)
		n += mark_root(parent, seen, cand[i]);
	return n;
}

/* R-END-4: each residential area holding stewards scores once, for its
 * majority owners, 2 points per distinct market feature bordering it. */
static void score_stewards(const city_tileset *ts, state *s,
                           const final_fol *ff)
{
	int root[MAX_AREAS], counts[MAX_AREAS][MAX_PLAYERS], a, n;
	size_t words = (size_t)(s->feat.n_nodes + 63) / 64;
	uint64_t seen[NODE_WORDS];
	uint16_t cand[8 * TS_MAX_TILES + 1];
	int markets;
	memset(seen, 0, words * sizeof seen[0]);
	n = steward_areas(s, ff, seen, root, counts);
	for (a = 0; a < n; a++) {
		memset(seen, 0, words * sizeof seen[0]);
		markets = area_markets(ts, s, root[a], seen, cand);
		if (markets)
			players_award_majority(
			    s, counts[a], CITY_CAT_STEWARDS, CITY_REASON_STEWARD,
			    2 * markets, st_ntile(s)[root[a]],
			    feat_node_part(s, root[a]));
	}
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

/* A followed street or market that the final walls completed, and when
 * the walk of close_walked would score it: key = pos * 4 + 3 - i for the
 * side at position pos of the walk and its node i (feat_close_side's
 * order: left, right, middle), the largest of all (it completes at its
 * last side, and scores at its first node there); they score by (pos, i),
 * i.e. by key ^ 3. */
typedef struct final_cand {
	int root, kind;
	unsigned key;
} final_cand;

/* The sides of placed tile p (bit s) that are on the outer contour
 * (label not WALK_NONE) and not sealed, from its four labels in one load,
 * without a test per side. */
static inline unsigned open_outer_sides(const uint16_t *lab, const ptile *p)
{
#if defined(CITY_LITTLE_ENDIAN)
	uint64_t x;
	memcpy(&x, lab, sizeof x);
	/* a 16-bit lane of ~x is non-zero where the label is not WALK_NONE:
	 * bit 15 of each lane says so (no carry crosses lanes); label s is
	 * lane s */
	x = ~x;
	x = (((x & 0x7FFF7FFF7FFF7FFFu) + 0x7FFF7FFF7FFF7FFFu) | x) &
	    0x8000800080008000u;
	x = (x >> 15 | x >> 30 | x >> 45 | x >> 60) & 15u;
#else
	unsigned x = (unsigned)(lab[0] != WALK_NONE) |
	             (unsigned)(lab[1] != WALK_NONE) << 1 |
	             (unsigned)(lab[2] != WALK_NONE) << 2 |
	             (unsigned)(lab[3] != WALK_NONE) << 3;
#endif
	return (unsigned)x & ~(unsigned)(p->rw >> 2);
}

/* What the final walls do to the feature of `root`, by a walk over its
 * nodes: each node's tile's open outer sides where it is the left half,
 * the right half or the middle. *closes receives how many open halves
 * and street ends they close (as many as feat_close_side on each of
 * those sides would take from its open count); returns its key
 * (final_cand), 0 when no final wall touches it. */
static unsigned final_reach(const city_tileset *ts, const state *s, int root,
                            unsigned origin, unsigned *closes)
{
	const uint16_t *pos = st_walk(s), *next = st_nnext(s);
	const uint8_t *tile = st_ntile(s);
	const ptile *tl = st_tiles(s);
	unsigned key = 0, n = 0;
	int node = root;
	do {
		int t = tile[node];
		const ptile *p = &tl[t];
		const ts_design *d = &ts->designs[p->design];
		unsigned k = (unsigned)(node - p->node0), m;
		for (m = open_outer_sides(&pos[t * 4], p); m; m &= m - 1) {
			int side = low_bit(m);
			const ts_side *sd = &d->side[(side - pt_rot(p)) & 3];
			unsigned at = ((pos[t * 4 + side] - origin) &
			               (WALK_SPAN - 1u)) * 4u;
			unsigned hl = sd->left == k, hr = sd->right == k,
			         hm = sd->mid == k;
			unsigned kl = (at + 3u) & -hl, kr = (at + 2u) & -hr,
			         km = (at + 1u) & -hm;
			n += hl + hr + hm;
			kl = kl > kr ? kl : kr;
			kl = kl > km ? kl : km;
			key = key > kl ? key : kl;
		}
		node = next[node];
	} while (node != root);
	*closes = n;
	return key;
}

/* After the end, once the gate stood: complete when the final walls
 * close every open half and street end left. final_reach counts only
 * open outer halves and street ends of the feature, so closes never
 * exceed the open count: `count <= closes` means they are equal. */
int tcs_part_complete(const city_tileset *ts, const state *s, int t,
                      int part)
{
	int root = feat_root(s, feat_node(s, t, part));
	unsigned closes, count = st_nopen(s)[root] & ~OPEN_FOLLOWED;
	if (!s->turn.final_done || !s->board.labelled || !count)
		return !count;
	(void)final_reach(ts, s, root, 0, &closes);
	return count <= closes;
}

/* A followed street or market the final walls completed scores
 * (score_feature_of): its followers are those on streets and markets
 * whose root is `root`, told from the roots found once (ff) without a
 * branch per follower. */
static void score_final(const city_tileset *ts, state *s,
                        const final_fol *ff, int root, int kind)
{
	int counts[MAX_PLAYERS] = {0};
	uint64_t m, on = 0;
	for (m = s->pl.on & ~ff->res; m; m &= m - 1) {
		int i = low_bit64(m), hit = ff->root[i] == root;
		on |= (uint64_t)hit << i;
		counts[s->pl.fol[i].owner] += hit;
	}
	score_feature_of(ts, s, root, kind, CITY_REASON_FINAL_STREET, 0, on,
	                 counts);
}

/* R-END-2 once the gate stands: the contour labels say which sides are
 * outer and their order from the walk's start (the north side of the top
 * tile). The final walls close no open count here (tcs_part_complete
 * answers for them after the end): the walls only score, and only the
 * followed streets and markets can, so each one is walked once (found
 * from its followers) for what the walls would close of it and where.
 * Play scores a followed feature as it completes, so one is complete
 * now exactly when the walls close all its open halves and street ends
 * (and a wall touches it); each scores in the walk's order (the order
 * close_walked would score it: events in the same order). */
static void score_walls_labelled(const city_tileset *ts, state *s,
                           const final_fol *ff)
{
	const uint16_t *pos = st_walk(s), *open = st_nopen(s);
	unsigned origin = pos[s->board.top * 4 + CITY_SIDE_N];
	final_cand c[MAX_FOLLOWERS]; /* each root holds a follower */
	uint64_t m;
	int nc = 0;
	/* the followed streets and markets, each once (a feature is met
	 * once per follower on it) */
	for (m = s->pl.on & ~ff->res; m; m &= m - 1) {
		int i = low_bit64(m), r = ff->root[i], j;
		unsigned key, closes;
		for (j = 0; j < nc && c[j].root != r; j++)
			;
		if (j < nc)
			continue;
		key = final_reach(ts, s, r, origin, &closes);
		c[nc].root = r;
		c[nc].kind = feat_part(ts, s, r)->kind;
		c[nc].key = key;
		nc += (closes != 0) & ((open[r] & ~OPEN_FOLLOWED) <= closes);
	}
	while (nc) {
		int j, best = 0;
		for (j = 1; j < nc; j++)
			if ((c[j].key ^ 3u) < (c[best].key ^ 3u)) /* pos, i */
				best = j;
		score_final(ts, s, ff, c[best].root, c[best].kind);
		c[best] = c[--nc];
	}
}

/* R-END-3: followers on streets and markets still open go back, in the
 * order of their slots. */
static void return_open(state *s, const final_fol *ff)
{
	uint64_t home;
	for (home = s->pl.on & ~ff->res; home; home &= home - 1) {
		int i = low_bit64(home);
		players_send_home(s, i, ff->root[i]);
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
	final_fol ff;
	final_followers(ts, s, &ff);
	if (s->board.labelled)
		score_walls_labelled(ts, s, &ff);
	else
		close_walked(ts, s);
	return_open(s, &ff);
	score_stewards(ts, s, &ff); /* R-END-4 */
	score_guards(ts, s);
	s->turn.final_done = 1;
}
