/*
 * Scoring of The City (see tc_score.h): the part of The City's rules that
 * turns completed features, stewards and guards into points.
 */
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

/* Score a completed street or market (R-SCORE-1..4) of part kind `kind`.
 * `base` is the reason for a street (STREET, WALL_STREET, FINAL_STREET);
 * the market reason follows it. Its followers then go back to their
 * owners (R-SCORE-4); with `defer` they stay on the board, off their
 * feature, until the guard decision on the piece is over (R-OPT-3 "no").
 * Returns whether it held followers. */
static int score_feature(const city_tileset *ts, state *s, int root, int kind,
                         int base, int defer)
{
	int counts[MAX_PLAYERS], tiles, pts;
	uint64_t on;
	unsigned markets;
	int reason = kind == TS_STREET ? base : base + 1;
	if (!feat_followed(s, root))
		return 0; /* R-SCORE-5: nobody to score */
	/* one pass finds the followers both to count and to return */
	on = players_on_feature(s, root, counts);
	if (!on)
		return 0;
	feat_measure(ts, s, root, &tiles, &markets);
	if (kind == TS_STREET)
		pts = tiles <= 3 ? tiles : 2 * tiles;
	else
		pts = tiles * popcount3(markets);
	players_award_majority(s, counts, tcs_category(reason), reason, pts,
	                       st_ntile(s)[root], feat_node_part(s, root));
	feat_set_followed(s, root, 0);
	players_return(s, on, defer);
	return 1;
}

int tcs_score_done(const city_tileset *ts, state *s, const int *done,
                   const uint8_t *kind, int n_done, int base, int defer,
                   int *any)
{
	int i, occupied = 0;
	if (any && n_done)
		*any = 1;
	/* a root that comes again needs no test: scoring it cleared its
	 * followed flag, so score_feature passes it by */
	for (i = 0; i < n_done; i++)
		occupied |= score_feature(ts, s, done[i], kind[i], base, defer);
	return occupied;
}

int tcs_completed(const city_tileset *ts, state *s, const int *nodes,
                  const uint8_t *kinds, int n, int base, int defer, int *any)
{
	int done[TS_MAX_PARTS + 12], n_done = 0, i;
	uint8_t kind[TS_MAX_PARTS + 12];
	/* Scoring moves followers, never joins nor opens features: roots and
	 * completion stay put, so the completed features are found first, in
	 * one pass without branching on the node (residential areas never
	 * complete), then scored in the order of their first node. */
	for (i = 0; i < n; i++) {
		int r = feat_root(s, nodes[i]);
		done[n_done] = r;
		kind[n_done] = kinds[i];
		n_done += (kinds[i] != TS_RESIDENTIAL) & feat_complete(s, r);
	}
	return tcs_score_done(ts, s, done, kind, n_done, base, defer, any);
}

void tcs_close_side(const city_tileset *ts, state *s, int t, int side,
                    int base, int defer)
{
	int nodes[3];
	uint8_t kinds[3];
	int n = feat_close_side(ts, s, t, side, nodes, kinds);
	tcs_completed(ts, s, nodes, kinds, n, base, defer, NULL);
}

/* ---- final scoring (R-END-2..6) --------------------------------------- */

enum { MAX_AREAS = MAX_PLAYERS * FOLLOWERS_PER_PLAYER };

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

/* The market nodes bordering parts `parts` of placed tile pt: adjacent
 * in-tile, or facing one of those parts' halves across a side with a
 * neighbour (appended without branching on the kinds). Returns how many
 * went into found. */
static int bordering_markets(const city_tileset *ts, const state *s,
                             const ptile *pt, unsigned parts,
                             int found[4 * TS_MAX_PARTS])
{
	const ts_design *d = &ts->designs[pt->design];
	int nf = 0;
	unsigned adj = 0, m;
	for (m = parts; m; m &= m - 1)
		adj |= d->parts[low_bit(m)].adj_markets;
	for (; adj; adj &= adj - 1)
		found[nf++] = pt->node0 + low_bit(adj);
	/* the linked sides only (the edge of the city borders nothing) */
	for (m = board_linked_sides(pt); m; m &= m - 1) {
		bfacing fc = board_facing_linked(ts, s, pt, d, low_bit(m));
		unsigned mk = fc.od->market_parts;
		found[nf] = fc.q->node0 + fc.theirs->right;
		nf += (int)(parts >> fc.mine->left & mk >> fc.theirs->right & 1u);
		found[nf] = fc.q->node0 + fc.theirs->left;
		nf += (int)(parts >> fc.mine->right & mk >> fc.theirs->left & 1u);
	}
	return nf;
}

/* The distinct market features bordering the residential area of `root`
 * (in-tile adjacency or across a side): its ring of nodes walked tile by
 * tile, a bitset over nodes stamping the markets counted. */
static int area_markets(const city_tileset *ts, const state *s, int root)
{
	enum { MAXN = TS_MAX_TILES * TS_MAX_PARTS };
	uint8_t at[TS_MAX_TILES], stamp[(MAXN + 7) / 8];
	uint16_t parts[TS_MAX_TILES];
	int i, j, markets = 0, n = feat_collect(s, root, at, parts);
	memset(stamp, 0, (size_t)(s->feat.n_nodes + 7) / 8);
	for (i = 0; i < n; i++) {
		int found[4 * TS_MAX_PARTS];
		int nf = bordering_markets(ts, s, &st_tiles(s)[at[i]],
		                           parts[i], found);
		for (j = 0; j < nf; j++) {
			int r = feat_root(s, found[j]);
			unsigned bit = 1u << (r & 7);
			markets += !(stamp[r >> 3] & bit);
			stamp[r >> 3] = (uint8_t)(stamp[r >> 3] | bit);
		}
	}
	return markets;
}

/* R-END-4: each residential area holding stewards scores once, for its
 * majority owners, 2 points per distinct market feature bordering it. */
static void score_stewards(const city_tileset *ts, state *s)
{
	int root[MAX_AREAS], counts[MAX_AREAS][MAX_PLAYERS], a;
	int n = steward_areas(ts, s, root, counts);
	for (a = 0; a < n; a++) {
		int markets = area_markets(ts, s, root[a]);
		if (markets)
			players_award_majority(
			    s, counts[a], CITY_CAT_STEWARDS, CITY_REASON_STEWARD,
			    2 * markets, st_ntile(s)[root[a]],
			    feat_node_part(s, root[a]));
	}
}

/* R-END-2: notional walls on every contour side not yet walled, in the
 * walk's order; closing changes no tile, so the walk is stable. A street
 * or market a side completes scores then, as tcs_close_side would score
 * it, but only a followed one is looked at (its open word is exactly
 * OPEN_FOLLOWED: complete and followed), and a root met twice needs no
 * test: scoring clears its followed flag. */
static void close_contour(const city_tileset *ts, state *s)
{
	const uint16_t *open = st_nopen(s);
	contour_it it;
	for (board_contour_first(s, &it); it.left;
	     board_contour_advance(s, &it)) {
		int nodes[3], n, i;
		uint8_t kinds[3];
		if (pt_sealed(&st_tiles(s)[it.t], it.side))
			continue;
		n = feat_close_side(ts, s, it.t, it.side, nodes, kinds);
		for (i = 0; i < n; i++) {
			int r = feat_root(s, nodes[i]);
			if (kinds[i] != TS_RESIDENTIAL && open[r] == OPEN_FOLLOWED)
				score_feature(ts, s, r, kinds[i],
				              CITY_REASON_FINAL_STREET, 0);
		}
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
	close_contour(ts, s);
	return_open(ts, s);
	score_stewards(ts, s); /* R-END-4 */
	score_guards(ts, s);
	s->turn.final_done = 1;
}
