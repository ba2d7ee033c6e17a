/* Features: union-find over street segments and regions across sides. */
#include <string.h>

#include "board.h"
#include "feature.h"

int feat_root(const state *s, int node)
{
	const fnode *n = st_cnodes(s);
	while (n[node].parent != node)
		node = n[node].parent;
	return node;
}

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

const ts_part *feat_part(const city_tileset *ts, const state *s, int node)
{
	const fnode *n = &st_cnodes(s)[node];
	return &ts->designs[st_ctiles(s)[n->tile].design].parts[n->part];
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

static void close_one(state *s, int node)
{
	fnode *n = st_nodes(s);
	int r = find(s, node);
	if (n[r].open & ~OPEN_FOLLOWED)
		n[r].open--;
}

void feat_add_tile(const city_tileset *ts, state *s, int t)
{
	const ptile *p = &st_ctiles(s)[t];
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
	for (side = 0; side < 4; side++) {
		int o = board_tile_at(s, p->x + DX[side], p->y + DY[side]);
		const ts_side *mine, *theirs;
		int pairs[2][2], k;
		if (o < 0)
			continue;
		mine = &d->side[(side - pt_rot(p)) & 3];
		theirs = board_tile_side(ts, s, o, (side + 2) & 3);
		/* my left half meets their right half and vice versa */
		pairs[0][0] = mine->left;
		pairs[0][1] = theirs->right;
		pairs[1][0] = mine->right;
		pairs[1][1] = theirs->left;
		for (k = 0; k < 2; k++) {
			int a = feat_node(s, t, pairs[k][0]);
			int b = feat_node(s, o, pairs[k][1]);
			/* R-GEO-5: market meets market, residential meets
			 * residential; a residential half facing a market half
			 * only borders it. Every half on the side closes. */
			if (feat_part(ts, s, a)->kind == feat_part(ts, s, b)->kind)
				join(s, a, b);
			close_one(s, a);
			close_one(s, b);
		}
		if (mine->mid != TS_NONE && theirs->mid != TS_NONE) {
			int a = feat_node(s, t, mine->mid);
			int b = feat_node(s, o, theirs->mid);
			join(s, a, b);
			close_one(s, a);
			close_one(s, b);
		}
	}
}

void feat_close_side(const city_tileset *ts, state *s, int t, int side)
{
	const ts_side *sd = board_tile_side(ts, s, t, side);
	close_one(s, feat_node(s, t, sd->left));
	close_one(s, feat_node(s, t, sd->right));
	if (sd->mid != TS_NONE)
		close_one(s, feat_node(s, t, sd->mid));
}

void feat_measure(const city_tileset *ts, const state *s, int root,
                  int *tiles, unsigned *markets)
{
	const fnode *n = st_cnodes(s);
	uint8_t seen[32];
	int i, count = 0;
	unsigned kinds = 0;
	memset(seen, 0, sizeof seen);
	for (i = 0; i < s->n_nodes; i++) {
		if (feat_root(s, i) != root)
			continue;
		kinds |= feat_part(ts, s, i)->markets;
		if (!(seen[n[i].tile >> 3] & (1u << (n[i].tile & 7)))) {
			seen[n[i].tile >> 3] =
			    (uint8_t)(seen[n[i].tile >> 3] | (1u << (n[i].tile & 7)));
			count++;
		}
	}
	if (tiles)
		*tiles = count;
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
