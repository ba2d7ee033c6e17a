/* Features: union-find over street segments and regions across sides. */
#include <string.h>

#include "board.h"
#include "feature.h"

/* Find with path halving, for the mutating paths. */
static int find(state *s, int node)
{
	fnode *n = st_nodes(s);
	while (n[node].parent != node) {
		n[node].parent = n[n[node].parent].parent;
		node = n[node].parent;
	}
	return node;
}

/* Join two features; the lower root index stays the root so that the
 * structure does not depend on the order of joins within one placement. */
static int join(state *s, int a, int b)
{
	fnode *n = st_nodes(s);
	a = find(s, a);
	b = find(s, b);
	if (a == b)
		return a;
	if (b < a) {
		int t = a;
		a = b;
		b = t;
	}
	n[b].parent = (uint16_t)a;
	/* counts add up, the follower flags combine */
	n[a].open = (uint16_t)((((n[a].open & ~OPEN_FOLLOWED) +
	                         (n[b].open & ~OPEN_FOLLOWED))) |
	                       ((n[a].open | n[b].open) & OPEN_FOLLOWED));
	return a;
}

static void close_root(fnode *n, int r)
{
	if (n[r].open & ~OPEN_FOLLOWED)
		n[r].open--;
}

static void close_one(state *s, int node)
{
	close_root(st_nodes(s), find(s, node));
}

/* Two parts facing each other across a shared side: R-GEO-5 joins them
 * when of the same kind (market meets market, residential meets
 * residential, street meets street); a residential half facing a market
 * half only borders it. Both halves close either way. */
static void meet(state *s, int a, int b, int same)
{
	if (same) {
		int r = join(s, a, b);
		close_root(st_nodes(s), r);
		close_root(st_nodes(s), r);
	} else {
		close_one(s, a);
		close_one(s, b);
	}
}

void feat_add_tile(const city_tileset *ts, state *s, int t)
{
	const ptile *tl = st_ctiles(s);
	const ptile *p = &tl[t];
	const ts_design *d = &ts->designs[p->design];
	fnode *n = st_nodes(s);
	int i, side;
	for (i = 0; i < d->n_parts; i++) {
		fnode *f = &n[p->node0 + i];
		f->parent = (uint16_t)(p->node0 + i);
		f->open = d->parts[i].n_sides;
		f->tile = (uint8_t)t;
		f->part = (uint8_t)i;
	}
	s->n_nodes = (uint16_t)(s->n_nodes + d->n_parts);
	/* board_insert has set the neighbour links: no cell look-ups */
	for (side = 0; side < 4; side++) {
		int o = p->nb[side];
		const ptile *q;
		const ts_design *od;
		const ts_side *mine, *theirs;
		if (o == NO_TILE)
			continue;
		q = &tl[o];
		od = &ts->designs[q->design];
		mine = &d->side[(side - pt_rot(p)) & 3];
		theirs = &od->side[(side + 2 - pt_rot(q)) & 3];
		/* my left half meets their right half and vice versa */
		meet(s, p->node0 + mine->left, q->node0 + theirs->right,
		     d->parts[mine->left].kind == od->parts[theirs->right].kind);
		meet(s, p->node0 + mine->right, q->node0 + theirs->left,
		     d->parts[mine->right].kind == od->parts[theirs->left].kind);
		if (mine->mid != TS_NONE && theirs->mid != TS_NONE)
			meet(s, p->node0 + mine->mid, q->node0 + theirs->mid, 1);
	}
}

int feat_close_side(const city_tileset *ts, state *s, int t, int side,
                    int nodes[3])
{
	const ts_side *sd = board_tile_side(ts, s, t, side);
	int node0 = st_ctiles(s)[t].node0, n = 0;
	nodes[n++] = node0 + sd->left;
	nodes[n++] = node0 + sd->right;
	if (sd->mid != TS_NONE)
		nodes[n++] = node0 + sd->mid;
	close_one(s, nodes[0]);
	close_one(s, nodes[1]);
	if (n == 3)
		close_one(s, nodes[2]);
	return n;
}

int feat_collect(const city_tileset *ts, const state *s, int root, int kind,
                 uint8_t tiles[TS_MAX_TILES], uint16_t parts[TS_MAX_TILES])
{
	const ptile *tl = st_ctiles(s);
	uint8_t seen[(TS_MAX_TILES + 8) / 8]; /* bit per placed tile */
	int head = 0, n = 1, t = st_cnodes(s)[root].tile;
	memset(seen, 0, sizeof seen);
	tiles[0] = (uint8_t)t;
	seen[t >> 3] = (uint8_t)(1u << (t & 7));
	while (head < n) {
		const ptile *p = &tl[tiles[head]];
		const ts_design *d = &ts->designs[p->design];
		unsigned mask = 0;
		int k, side;
		for (k = 0; k < d->n_parts; k++)
			if (d->parts[k].kind == kind &&
			    feat_root(s, p->node0 + k) == root)
				mask |= 1u << k;
		parts[head++] = (uint16_t)mask;
		/* feat_add_tile joined every pair of facing parts of the same
		 * kind, so a neighbour belongs to the feature exactly when one
		 * of our parts in it faces one of its parts of that kind */
		for (side = 0; side < 4; side++) {
			int o = p->nb[side];
			const ts_design *od;
			const ts_side *mine, *theirs;
			if (o == NO_TILE || (seen[o >> 3] >> (o & 7) & 1))
				continue;
			od = &ts->designs[tl[o].design];
			mine = &d->side[(side - pt_rot(p)) & 3];
			theirs = &od->side[(side + 2 - pt_rot(&tl[o])) & 3];
			if (((mask >> mine->left & 1) &&
			     od->parts[theirs->right].kind == kind) ||
			    ((mask >> mine->right & 1) &&
			     od->parts[theirs->left].kind == kind) ||
			    (mine->mid != TS_NONE && (mask >> mine->mid & 1) &&
			     theirs->mid != TS_NONE)) {
				seen[o >> 3] = (uint8_t)(seen[o >> 3] | 1u << (o & 7));
				tiles[n++] = (uint8_t)o;
			}
		}
	}
	return n;
}

void feat_measure(const city_tileset *ts, const state *s, int root,
                  int *tiles, unsigned *markets)
{
	uint8_t at[TS_MAX_TILES];
	uint16_t parts[TS_MAX_TILES];
	int kind = feat_part(ts, s, root)->kind;
	int n = feat_collect(ts, s, root, kind, at, parts), i, k;
	unsigned kinds = 0;
	if (markets && kind == TS_MARKET)
		for (i = 0; i < n; i++) {
			const ts_design *d =
			    &ts->designs[st_ctiles(s)[at[i]].design];
			for (k = 0; k < d->n_parts; k++)
				if (parts[i] >> k & 1)
					kinds |= d->parts[k].markets;
		}
	if (tiles)
		*tiles = n;
	if (markets)
		*markets = kinds;
}

int feat_followers(const state *s, int root, int counts[MAX_PLAYERS])
{
	int i, total = 0;
	for (i = 0; i < MAX_PLAYERS; i++)
		counts[i] = 0;
	for (i = 0; i < s->n_fol; i++) {
		const follower *f = &s->fol[i];
		if (f->active == FOL_ON &&
		    feat_root(s, feat_node(s, f->tile, f->part)) == root) {
			counts[f->owner]++;
			total++;
		}
	}
	return total;
}
