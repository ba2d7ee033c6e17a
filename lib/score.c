/*
 * Scoring (R-SCORE, R-WALL-5/7, R-END-2..6) and the event log: the part of
 * the game module that turns completed features, towers, stewards and
 * guards into points.
 */
#include <string.h>

#include "bits.h"
#include "board.h"
#include "feature.h"
#include "carc_api.h"
#include "game_internal.h"
#include "score.h"
#include "wall.h"

void score_log_event(state *s, int kind, int reason, int player, int points,
                     int tile, int part)
{
	sevent *e;
	if (s->n_events >= s->cap_events)
		return; /* cannot happen: cap_events bounds the log (layout) */
	e = &st_events(s)[s->n_events++];
	e->kind_reason = (uint8_t)(kind | reason << 2);
	e->player = (int8_t)player;
	e->part = (uint8_t)part;
	e->points = (uint16_t)points;
	e->tile = (uint8_t)tile;
	e->move = s->n_moves;
}

static int category_of(int reason)
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

void score_add_points(state *s, int player, int reason, int points, int tile,
                      int part)
{
	s->score[player][category_of(reason)] += points;
	score_log_event(s, CITY_EVENT_SCORE, reason, player, points, tile, part);
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
	int counts[MAX_PLAYERS] = {0}, total = 0, tiles, pts, max = 0, p, i;
	uint32_t on = 0; /* bit i: s->fol[i] stands on the feature */
	unsigned markets;
	int reason = kind == TS_STREET ? base : base + 1;
	if (!feat_followed(s, root))
		return 0; /* R-SCORE-5: nobody to score */
	/* one pass finds the followers both to count and to return */
	for (i = 0; i < s->n_fol; i++) {
		const follower *f = &s->fol[i];
		if (f->active == FOL_ON &&
		    feat_root(s, feat_node(s, f->tile, f->part)) == root) {
			on |= 1u << i;
			counts[f->owner]++;
			total++;
		}
	}
	if (!total)
		return 0;
	feat_measure(ts, s, root, &tiles, &markets);
	if (kind == TS_STREET)
		pts = tiles <= 3 ? tiles : 2 * tiles;
	else
		pts = tiles * popcount3(markets);
	for (p = 0; p < s->n_players; p++)
		if (counts[p] > max)
			max = counts[p];
	for (p = 0; p < s->n_players; p++)
		if (counts[p] == max)
			score_add_points(s, p, reason, pts, st_cntile(s)[root],
			                 feat_node_part(s, root));
	feat_set_followed(s, root, 0);
	for (i = 0; i < s->n_fol; i++)
		if (on >> i & 1) {
			follower *f = &s->fol[i];
			if (defer) {
				f->active = FOL_RETURNING;
			} else {
				f->active = FOL_FREE;
				s->supply[f->owner]++;
			}
		}
	return 1;
}

/* Score the completed streets and markets among the features of `nodes`
 * (each once). Sets *any when one was complete; returns whether one held
 * followers (R-WALL-1, R-OPT-1). */
int score_completed(const city_tileset *ts, state *s, const int *nodes,
                    const uint8_t *kinds, int n, int base, int defer,
                    int *any)
{
	int done[TS_MAX_PARTS + 12], n_done = 0, i, j, occupied = 0;
	/* Scoring moves followers, never joins nor opens features: roots and
	 * completion stay put, so each node can be judged as it comes, the
	 * cheap tests first. A feature has one kind, that of any of its
	 * nodes, so residential areas are skipped before finding a root. */
	for (i = 0; i < n; i++) {
		int kind = kinds[i], r, dup = 0;
		if (kind == TS_RESIDENTIAL)
			continue;
		r = feat_root(s, nodes[i]);
		if (!feat_complete(s, r))
			continue;
		for (j = 0; j < n_done; j++)
			dup |= done[j] == r;
		if (dup)
			continue;
		done[n_done++] = r;
		if (any)
			*any = 1;
		occupied |= score_feature(ts, s, r, kind, base, defer);
	}
	return occupied;
}

/* Close a side with a wall piece, the gate or a final wall, scoring what it
 * completes at once (R-WALL-5, R-END-2). */
void score_close_side(const city_tileset *ts, state *s, int t, int side,
                      int base, int defer)
{
	int nodes[3];
	uint8_t kinds[3];
	int n = feat_close_side(ts, s, t, side, nodes, kinds);
	score_completed(ts, s, nodes, kinds, n, base, defer, NULL);
}

/* ---- final scoring (R-END-2..6) --------------------------------------- */

/* R-END-4: each residential area holding stewards scores once, for its
 * majority owners, 2 points per distinct market feature bordering it
 * in-tile (adjacency) or across a side. Each area walks its own ring of
 * nodes, tile by tile; a bitset over nodes stamps the markets it has
 * counted. */
static void score_stewards(const city_tileset *ts, state *s)
{
	enum { MAXN = TS_MAX_TILES * TS_MAX_PARTS,
	       MAXA = MAX_PLAYERS * FOLLOWERS_PER_PLAYER };
	uint8_t at[TS_MAX_TILES], stamp[(MAXN + 7) / 8];
	uint16_t parts[TS_MAX_TILES];
	int area_root[MAXA], counts[MAXA][MAX_PLAYERS], n_areas = 0, i, a, p;
	const ptile *tiles = st_ctiles(s);
	/* the areas, in the order of their first steward, and the stewards
	 * per player on each (what feat_followers counts), in one pass */
	for (i = 0; i < s->n_fol; i++) {
		const follower *f = &s->fol[i];
		int node, r;
		if (f->active != FOL_ON)
			continue;
		node = feat_node(s, f->tile, f->part);
		if (feat_part(ts, s, node)->kind != TS_RESIDENTIAL)
			continue;
		r = feat_root(s, node);
		for (a = 0; a < n_areas && area_root[a] != r; a++)
			;
		if (a == n_areas) {
			area_root[n_areas++] = r;
			for (p = 0; p < MAX_PLAYERS; p++)
				counts[a][p] = 0;
		}
		counts[a][f->owner]++;
	}
	for (a = 0; a < n_areas; a++) {
		int max = 0, markets = 0;
		int n = feat_collect(s, area_root[a], at, parts);
		memset(stamp, 0, (size_t)(s->n_nodes + 7) / 8);
		for (i = 0; i < n; i++) {
			const ptile *pt = &tiles[at[i]];
			const ts_design *d = &ts->designs[pt->design];
			int found[4 * TS_MAX_PARTS], nf = 0, j, side;
			unsigned adj = 0, m;
			/* markets adjacent in-tile to one of our parts */
			for (m = parts[i]; m; m &= m - 1)
				adj |= d->parts[low_bit(m)].adj_markets;
			for (; adj; adj &= adj - 1)
				found[nf++] = pt->node0 + low_bit(adj);
			/* markets facing one of our halves across a side */
			for (side = 0; side < 4; side++) {
				bfacing fc;
				unsigned mk;
				if (!board_facing(ts, s, pt, d, side, &fc))
					continue;
				/* appended without branching on the kinds */
				mk = fc.od->market_parts;
				found[nf] = fc.q->node0 + fc.theirs->right;
				nf += (int)((unsigned)parts[i] >> fc.mine->left &
				            mk >> fc.theirs->right & 1u);
				found[nf] = fc.q->node0 + fc.theirs->left;
				nf += (int)((unsigned)parts[i] >> fc.mine->right &
				            mk >> fc.theirs->left & 1u);
			}
			for (j = 0; j < nf; j++) {
				int r = feat_root(s, found[j]);
				unsigned bit = 1u << (r & 7);
				markets += !(stamp[r >> 3] & bit);
				stamp[r >> 3] = (uint8_t)(stamp[r >> 3] | bit);
			}
		}
		if (!markets)
			continue;
		for (p = 0; p < s->n_players; p++)
			if (counts[a][p] > max)
				max = counts[a][p];
		for (p = 0; p < s->n_players; p++)
			if (counts[a][p] == max)
				score_add_points(s, p, CITY_REASON_STEWARD,
				                 2 * markets,
				                 st_cntile(s)[area_root[a]],
				                 feat_node_part(s, area_root[a]));
	}
}

int city_score_final(city_game *g)
{
	state *s;
	const city_tileset *ts;
	int i;
	if (!g)
		return CITY_EINVAL;
	if (game_carc(g))
		return carc_api_score_final(g);
	s = &g->st;
	ts = game_ts(g);
	g->err[0] = '\0';
	if (s->decision != CITY_DECISION_END) {
		game_set_error(g, "R-END-1: the game has not ended");
		return CITY_ENOTENDED;
	}
	if (s->final_done)
		return CITY_OK;
	/* R-END-2: notional walls on every contour side not yet walled. Walk
	 * first, then close: closing changes no tile, so the walk is stable. */
	if (s->n_tiles) {
		int t = s->top, side = CITY_SIDE_N, guard = 4 * s->n_tiles + 4;
		do {
			if (!pt_walled(&st_ctiles(s)[t], side))
				score_close_side(ts, s, t, side,
				                 CITY_REASON_FINAL_STREET, 0);
			board_step(s, &t, &side, 1);
		} while ((t != s->top || side != CITY_SIDE_N) && --guard > 0);
	}
	/* R-END-3: followers on streets and markets still open go back. */
	for (i = 0; i < s->n_fol; i++) {
		follower *f = &s->fol[i];
		int node = feat_node(s, f->tile, f->part);
		if (f->active != FOL_ON ||
		    feat_part(ts, s, node)->kind == TS_RESIDENTIAL)
			continue;
		f->active = FOL_FREE;
		feat_set_followed(s, feat_root(s, node), 0);
		s->supply[f->owner]++;
		score_log_event(s, CITY_EVENT_RETURN, 0, f->owner, 0, f->tile, f->part);
	}
	score_stewards(ts, s); /* R-END-4 */
	/* R-END-5: guards, each on its own. */
	if (s->gate_placed)
		for (i = s->chain_lo; i <= s->chain_hi; i++) {
			int pts;
			const wpiece *w = &s->chain[i];
			if (wp_guard(w) < 0)
				continue;
			pts = wall_guard_points(ts, s, i);
			if (pts)
				score_add_points(s, wp_guard(w), CITY_REASON_GUARD,
				                 pts, w->tile, wp_side(w));
		}
	s->final_done = 1;
	return CITY_OK;
}
