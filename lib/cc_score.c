/* The base game's completion and scoring (see cc_score.h). */
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "board.h"
#include "cc_score.h"
#include "city/city.h"
#include "feature.h"
#include "log.h"
#include "players.h"

static int category_of(int reason)
{
	switch (reason) {
	case CITY_REASON_ROAD:
	case CITY_REASON_FINAL_ROAD:
		return CC_CAT_ROADS;
	case CITY_REASON_CITY:
	case CITY_REASON_FINAL_CITY:
		return CC_CAT_CITIES;
	case CITY_REASON_MONASTERY:
	case CITY_REASON_FINAL_MONASTERY:
		return CC_CAT_MONASTERIES;
	case CITY_REASON_FARM:
		return CC_CAT_FARMS;
	default:
		return CC_CAT_RANSOM;
	}
}

int ccs_measure(const city_tileset *ts, const state *s, int r, int *coats)
{
	uint8_t at[TS_MAX_TILES];
	uint16_t parts[TS_MAX_TILES];
	int n = feat_collect(s, r, at, parts), i, c = 0;
	if (coats) {
		for (i = 0; i < n; i++)
			c += popcount32((uint32_t)(parts[i] &
			                           ts->designs[st_tiles(s)[at[i]].design]
			                               .arms));
		*coats = c;
	}
	return n;
}

int ccs_complete(const city_tileset *ts, const state *s, int t, int part)
{
	const ts_design *d = &ts->designs[st_tiles(s)[t].design];
	switch (ccs_part_kind(d, part)) {
	case CC_KIND_MONASTERY:
		return board_surrounded(s, t);
	case CC_KIND_FIELD:
		return 0; /* C-DONE-4 */
	default:
		return feat_complete(s, feat_root(s, feat_node(s, t, part)));
	}
}

/* Score `points` to the majority owners of the feature of root r
 * (C-SCORE-4); with `ret`, its followers go home (C-SCORE-5). */
static void award(state *s, int r, int reason, int points, int ret)
{
	int counts[MAX_PLAYERS];
	uint64_t on;
	if (!feat_followed(s, r))
		return;
	on = players_on_feature(s, r, counts);
	if (ret) {
		players_return(s, on, 0);
		feat_set_followed(s, r, 0);
	}
	if (points > 0)
		players_award_majority(s, counts, category_of(reason), reason,
		                       points, st_ntile(s)[r],
		                       feat_node_part(s, r));
}

/* Add root r to the n roots of list[] unless it is there. */
static int add_root(int *list, int n, int r)
{
	int k;
	for (k = 0; k < n && list[k] != r; k++)
		;
	list[k] = r;
	return k < n ? n : n + 1;
}

/* The roads, then the cities, tile t completed, each once, in part
 * order (an award changes no completion). The placement found which
 * parts closed (st_cc.done_parts, in the pass that finds the follower
 * options), so that only the rare completions are walked here. */
static void score_roads_cities(const city_tileset *ts, state *s, int t)
{
	const ptile *p = &st_tiles(s)[t];
	const ts_design *d = &ts->designs[p->design];
	int road[TS_MAX_PARTS], city[TS_MAX_PARTS], nr = 0, nc = 0, i;
	unsigned m;
	/* the placement found them (st_cc.done_parts) */
	for (m = s->cc.done_parts; m; m &= m - 1) {
		int r;
		i = low_bit(m);
		r = feat_root(s, p->node0 + i);
		if (d->parts[i].kind == TS_STREET)
			nr = add_root(road, nr, r);
		else
			nc = add_root(city, nc, r);
	}
	for (i = 0; i < nr; i++)
		award(s, road[i], CITY_REASON_ROAD,
		      ccs_measure(ts, s, road[i], NULL), 1);
	for (i = 0; i < nc; i++) {
		int coats, tiles = ccs_measure(ts, s, city[i], &coats);
		award(s, city[i], CITY_REASON_CITY, 2 * tiles + 2 * coats, 1);
	}
}

/* Whether placed tile q is on one of the 9 cells around tile t. */
static int near_tile(const state *s, int q, int t)
{
	const ptile *tl = st_tiles(s);
	int dx = tl[q].x - tl[t].x, dy = tl[q].y - tl[t].y;
	return dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1;
}

/* C-DONE-3: the monasteries that tile t just surrounded (t itself or one
 * of the 8 tiles around it), in rows and columns: NW N NE W (t) E SW S
 * SE. Only the monasteries with an empty cell around them are looked at
 * (st_cc.monasteries), and each leaves that set once surrounded. */
static void score_monasteries(const city_tileset *ts, state *s, int t)
{
	const ptile *tl = st_tiles(s);
	int near[10], w, words = (s->board.n_tiles + 63) / 64;
	unsigned hits = 0; /* bit k: near[k] is a monastery surrounded now */
	for (w = 0; w < words; w++) {
		uint64_t b;
		for (b = s->cc.monasteries[w]; b; b &= b - 1) {
			int q = 64 * w + low_bit64(b);
			/* dx + 1 and dy + 1 in 0..2: q is on the 9 cells around t;
			 * bit 9 is the scratch of the others (no branch: whether
			 * a monastery is near does not predict) */
			unsigned ux = (unsigned)(tl[q].x - tl[t].x + 1),
			         uy = (unsigned)(tl[q].y - tl[t].y + 1);
			unsigned k = ((ux <= 2) & (uy <= 2)) ? uy * 3 + ux : 9;
			near[k] = q;
			hits |= (unsigned)board_surrounded(s, q) << k;
		}
	}
	hits &= 0x1FFu;
	for (; hits; hits &= hits - 1) {
		int q = near[low_bit(hits)];
		bits_put(s->cc.monasteries, q, 0);
		award(s, feat_node(s, q, ts->designs[tl[q].design].n_parts),
		      CITY_REASON_MONASTERY, 9, 1);
	}
}

void ccs_completed(const city_tileset *ts, state *s, int t)
{
	score_roads_cities(ts, s, t);
	score_monasteries(ts, s, t);
}

/* state_check's part: the open monasteries' bit set. A monastery that
 * the tile of this turn surrounded keeps its bit until the end of the
 * turn scores it (finish_turn). */
int ccs_check_state(const city_tileset *ts, const state *s, char *msg,
                         size_t cap)
{
	int t, mid_turn = s->turn.decision == CITY_DECISION_FOLLOWER ||
	                  s->turn.decision == CITY_DECISION_CAPTURE;
	for (t = 0; t < TS_MAX_TILES; t++) {
		int mon = t < s->board.n_tiles &&
		          (ts->designs[st_tiles(s)[t].design].features &
		           TS_MONASTERY),
		    bit = bits_at(s->cc.monasteries, t), ok;
		if (!mon)
			ok = !bit;
		else if (board_around(s, t) < 8)
			ok = bit;
		else
			ok = !bit || (mid_turn && near_tile(s, t, s->turn.last_tile));
		if (!ok) {
			snprintf(msg, cap, "monastery: tile %d's open bit is %d", t,
			         bit);
			return 1;
		}
	}
	return 0;
}

/* C-END-3: the completed cities the field of root r borders (C-GEO-3),
 * each once. */
static int bordered_cities(const city_tileset *ts, const state *s, int r)
{
	uint16_t found[TS_MAX_TILES];
	const uint16_t *next = st_nnext(s);
	int n = 0, m = r;
	do {
		int t = st_ntile(s)[m], part = feat_node_part(s, m), k;
		const ts_design *d = &ts->designs[st_tiles(s)[t].design];
		unsigned adj = d->parts[part].adj;
		for (k = 0; adj; k++, adj >>= 1) {
			int cr, j;
			if (!(adj & 1u) || ccs_part_kind(d, k) != CC_KIND_CITY)
				continue;
			cr = feat_root(s, feat_node(s, t, k));
			if (!feat_complete(s, cr))
				continue;
			for (j = 0; j < n && found[j] != cr; j++)
				;
			if (j == n && n < TS_MAX_TILES)
				found[n++] = (uint16_t)cr;
		}
		m = next[m];
	} while (m != r);
	return n;
}

/* The final score of the feature of follower f (root r, kind), to the
 * majority of counts[] (C-SCORE-4; the followers stay until all is
 * scored). */
static void score_final_feature(const city_tileset *ts, state *s,
                                const follower *f, int r, int kind,
                                const int counts[MAX_PLAYERS])
{
	int coats = 0, points, reason;
	switch (kind) {
	case CC_KIND_ROAD:
		reason = CITY_REASON_FINAL_ROAD;
		points = ccs_measure(ts, s, r, NULL);
		break;
	case CC_KIND_CITY:
		reason = CITY_REASON_FINAL_CITY;
		points = ccs_measure(ts, s, r, &coats) + coats;
		break;
	case CC_KIND_MONASTERY:
		reason = CITY_REASON_FINAL_MONASTERY;
		points = 1 + board_around(s, f->tile);
		break;
	default:
		if (!s->setup.rules[CITY_RULE_FARMERS])
			return;
		reason = CITY_REASON_FARM;
		points = 3 * bordered_cities(ts, s, r);
		break;
	}
	if (points > 0)
		players_award_majority(s, counts, category_of(reason), reason,
		                       points, st_ntile(s)[r],
		                       feat_node_part(s, r));
}

/* The features that hold followers at the end, in the order of their
 * first follower's slot: root, kind, that follower, and the followers of
 * each player on it. */
typedef struct final_feature {
	int root, kind, slot;
	int counts[MAX_PLAYERS];
} final_feature;

#define MAX_FOL (MAX_PLAYERS * FOLLOWERS_PER_PLAYER)

void ccs_final(const city_tileset *ts, state *s)
{
	uint8_t at[TS_MAX_TILES * (TS_MAX_PARTS + 1)]; /* root -> index + 1 */
	int root[MAX_FOL];
	final_feature ff[MAX_FOL];
	int i, k, n = 0, pass;
	memset(at, 0, s->lay.cap_nodes);
	/* each follower's feature, once (-1: not on a feature), and the
	 * features with their majorities in one pass over the slots */
	for (i = 0; i < s->pl.n_fol; i++) {
		const follower *f = &s->pl.fol[i];
		int r;
		root[i] = -1;
		if (f->active != FOL_ON) /* C-END-4: tops score nothing */
			continue;
		r = root[i] = feat_root(s, feat_node(s, f->tile, f->part));
		if (!at[r]) {
			memset(&ff[n], 0, sizeof ff[n]);
			ff[n].root = r;
			ff[n].slot = i;
			ff[n].kind = ccs_part_kind(
			    &ts->designs[st_tiles(s)[f->tile].design], f->part);
			at[r] = (uint8_t)++n;
		}
		ff[at[r] - 1].counts[f->owner]++;
	}
	/* C-END-2 (roads, cities, monasteries), then C-END-3 (farms); each
	 * feature when its first follower in slot order is met */
	for (pass = 0; pass < 2; pass++)
		for (k = 0; k < n; k++)
			if ((ff[k].kind == CC_KIND_FIELD) == (pass == 1))
				score_final_feature(ts, s, &s->pl.fol[ff[k].slot],
				                    ff[k].root, ff[k].kind,
				                    ff[k].counts);
	/* every follower left goes home */
	for (i = 0; i < s->pl.n_fol; i++) {
		if (s->pl.fol[i].active != FOL_FREE)
			players_send_home(s, i, root[i]);
	}
	s->turn.final_done = 1;
}
