/* Features: a flat union-find over street segments and regions across
 * sides (see feature.h). */
#include <string.h>

#include "bits.h"
#include "board.h"
#include "feature.h"

/* Every node points straight at its root (the lowest node of its
 * feature), and each feature's nodes form a ring through `next`: a join
 * relabels the members of the root that gives way, so finding a root is
 * one load (feat_root) and listing a feature is walking its ring.
 *
 * The node arrays as one set of pointers: taken once per placement, so
 * that a write to one array does not make the compiler load the state's
 * offsets again (they are 16-bit too, and might alias). */
typedef struct nodes {
	uint16_t *parent, *next, *open;
} node_arrays;

/* Two parts of the same kind facing each other across a shared side
 * (R-GEO-5: market meets market, residential meets residential, street
 * meets street): join their features and close both halves. The lower
 * root index stays the root, so that the structure does not depend on
 * the order of joins within one placement; the counts add up, the
 * follower flags combine, and the two closes come off in the same write
 * (a count written twice waits on itself). Each open half of a feature is
 * counted once and closes once, by a neighbour or by a wall, whose cell
 * takes no tile: the halves meeting here are open, and no count goes
 * below zero (no test for it). */
static inline void join_closing(const node_arrays *nd, int a, int b)
{
	uint16_t *parent = nd->parent, *next = nd->next, *open = nd->open, t;
	int m;
	unsigned ra = parent[a], rb = parent[b];
	/* the lower root by a selection: which is lower is data */
	a = (int)(ra < rb ? ra : rb);
	b = (int)(ra ^ rb ^ (unsigned)a);
	if (a != b) {
		m = b;
		do {
			parent[m] = (uint16_t)a;
			m = next[m];
		} while (m != b);
		t = next[a];
		next[a] = next[b];
		next[b] = t;
		/* the counts add up (below OPEN_FOLLOWED: a feature's
		 * halves) under a's flag, b's flag joins it */
		open[a] = (uint16_t)((open[a] + (open[b] & ~OPEN_FOLLOWED) -
		                      2u) |
		                     (open[b] & OPEN_FOLLOWED));
	} else {
		open[a] = (uint16_t)(open[a] - 2u);
	}
}

/* Two parts facing each other across a shared side, a of the tile placed
 * and b of its neighbour: of the same kind they join (join_closing); a
 * residential half facing a market half only borders it. Both halves
 * close either way. Returns what feat_add_tile reports of b's feature
 * when it is of a kind in `watch` and only bordered: complete now
 * (FEAT_BORDER_DONE), and followed (FEAT_BORDER_HELD). Once complete it
 * has no open half left for another meet of the placement to change. */
static inline unsigned meet(const node_arrays *nd, int a, int b,
                            unsigned ka, unsigned kb, unsigned watch)
{
	unsigned o, w;
	int rb;
	if (ka == kb) {
		join_closing(nd, a, b);
		return 0;
	}
	rb = nd->parent[b];
	nd->open[nd->parent[a]]--; /* open halves: above zero (join_closing) */
	nd->open[rb]--;
	o = nd->open[rb];
	w = watch >> kb & 1u;
	return (w & ((o & ~OPEN_FOLLOWED) == 0)) * FEAT_BORDER_DONE |
	       (w & (o == OPEN_FOLLOWED)) * FEAT_BORDER_HELD;
}

/* The nodes of a tile with at most FEAT_INIT_NODES of them (every
 * built-in design) are made by a fixed-count pass, not a loop as long as
 * the design's node count, whose exit is a mispredicted branch at nearly
 * every placement. The pass also writes the slots after the tile's nodes
 * up to FEAT_INIT_NODES: they belong to no tile yet (nodes are handed out
 * in placement order, board_insert), and the next tiles write them again
 * before any rule reads them as nodes. One reader sees them meanwhile:
 * tc_rules.c's follower_options reads eight slots' open words and drops
 * those past the tile's parts; what it reads stays in the arrays because
 * a slot written here is its own root (every parent[] value is a node
 * index below cap_nodes). */
#define FEAT_INIT_NODES TS_FIRST_PARTS

/* Inline into both entry points: the base game's, with nothing to
 * watch, keeps no trace of the watching. */
static CITY_ALWAYS_INLINE unsigned add_tile(const city_tileset *ts,
                                            state *s, int t, unsigned watch)
{
	const ptile *tl = st_tiles(s);
	const ptile *p = &tl[t];
	const ts_design *d = &ts->designs[p->design];
	node_arrays nd;
	uint8_t *tile = st_ntile_w(s);
	int i, side, node0 = p->node0, nodes = feat_tile_nodes(d);
	unsigned nbm, border = 0;
	nd.parent = st_nparent_w(s);
	nd.next = st_nnext_w(s);
	nd.open = st_nopen_w(s);
	if (nodes <= FEAT_INIT_NODES &&
	    node0 + FEAT_INIT_NODES <= s->lay.cap_nodes) {
		/* built in registers, then stored whole; a node past the
		 * parts (the monastery, or no node yet) is open on no side:
		 * the design's open counts of its first parts are 0 there */
		uint16_t id[FEAT_INIT_NODES];
		for (i = 0; i < FEAT_INIT_NODES; i++)
			id[i] = (uint16_t)(node0 + i);
		memcpy(nd.parent + node0, id, sizeof id);
		memcpy(nd.next + node0, id, sizeof id);
		memcpy(nd.open + node0, d->open8, sizeof d->open8);
		memset(tile + node0, t, FEAT_INIT_NODES);
	} else {
		for (i = 0; i < nodes; i++) {
			int node = node0 + i;
			nd.parent[node] = nd.next[node] = (uint16_t)node;
			/* the base game's monastery: a node of its own with no
			 * side (its completion, the 8 tiles around, is
			 * cc_score.c's) */
			nd.open[node] =
			    (uint16_t)(i < d->n_parts ? d->parts[i].n_sides : 0);
			tile[node] = (uint8_t)t;
		}
	}
	s->feat.n_nodes = (uint16_t)(s->feat.n_nodes + nodes);
	/* board_insert has set the neighbour links: no cell look-ups */
	for (nbm = board_linked_sides(p); nbm; nbm &= nbm - 1) {
		bfacing fc;
		const ts_side *mine, *theirs;
		int qnode0;
		side = low_bit(nbm);
		fc = board_facing_linked(ts, s, p, d, side);
		mine = fc.mine;
		theirs = fc.theirs;
		qnode0 = fc.q->node0;
		/* my left half meets their right half and vice versa */
		border |= meet(&nd, node0 + mine->left, qnode0 + theirs->right,
		               d->parts[mine->left].kind,
		               fc.od->parts[theirs->right].kind, watch);
		border |= meet(&nd, node0 + mine->right, qnode0 + theirs->left,
		               d->parts[mine->right].kind,
		               fc.od->parts[theirs->left].kind, watch);
		/* street meets street (R-TILE-2), so theirs has one too */
		if (mine->mid != TS_NONE)
			join_closing(&nd, node0 + mine->mid, qnode0 + theirs->mid);
	}
	return border;
}

void feat_add_tile(const city_tileset *ts, state *s, int t)
{
	add_tile(ts, s, t, 0);
}

unsigned feat_add_tile_watch(const city_tileset *ts, state *s, int t,
                             unsigned watch)
{
	return add_tile(ts, s, t, watch);
}

int feat_close_side(const city_tileset *ts, state *s, int t, int side,
                    int nodes[3], uint8_t kinds[3])
{
	const ptile *p = &st_tiles(s)[t];
	const ts_design *d = &ts->designs[p->design];
	const ts_side *sd = &d->side[(side - pt_rot(p)) & 3];
	const uint16_t *parent = st_nparent(s);
	uint16_t *open = st_nopen_w(s);
	/* a street in the middle or not is data (half the sides): without
	 * one, the left half stands in as the third entry, closed by
	 * nothing and given as residential, which no caller counts */
	unsigned has_mid = sd->mid != TS_NONE;
	int node0 = p->node0, left = node0 + sd->left,
	    right = node0 + sd->right,
	    third = node0 + (has_mid ? sd->mid : sd->left);
	/* all read before the outputs are written: a byte written through
	 * kinds might alias the state for the compiler */
	uint8_t kl = d->parts[sd->left].kind, kr = d->parts[sd->right].kind;
	/* the halves and street ends closing here are open (join_closing) */
	open[parent[left]]--;
	open[parent[right]]--;
	open[parent[third]] = (uint16_t)(open[parent[third]] - has_mid);
	nodes[0] = left;
	kinds[0] = kl;
	nodes[1] = right;
	kinds[1] = kr;
	nodes[2] = third;
	/* no middle: residential (0), which no caller counts */
	_Static_assert(TS_RESIDENTIAL == 0, "a missing middle's kind");
	kinds[2] = (uint8_t)(has_mid * TS_STREET);
	return 3;
}

int feat_collect(const state *s, int root, uint8_t tiles[TS_MAX_TILES],
                 uint16_t parts[TS_MAX_TILES])
{
	const ptile *tl = st_tiles(s);
	const uint16_t *next = st_nnext(s);
	const uint8_t *tile = st_ntile(s);
	uint8_t seen[(TS_MAX_TILES + 8) / 8]; /* bit per placed tile */
	uint8_t slot[TS_MAX_TILES];
	int n = 0, m = root;
	memset(seen, 0, sizeof seen);
	do {
		int t = tile[m];
		unsigned bit = 1u << (m - tl[t].node0);
		if (!(seen[t >> 3] >> (t & 7) & 1)) {
			seen[t >> 3] = (uint8_t)(seen[t >> 3] | 1u << (t & 7));
			slot[t] = (uint8_t)n;
			tiles[n] = (uint8_t)t;
			parts[n++] = (uint16_t)bit;
		} else {
			parts[slot[t]] = (uint16_t)(parts[slot[t]] | bit);
		}
		m = next[m];
	} while (m != root);
	return n;
}

/* The distinct tiles of the feature of `root`, by one walk of its ring
 * with a bit per placed tile; with `kinds`, the market kinds of all its
 * nodes are or-ed into *kinds (ts is read only then). Inline, so that
 * each caller's walk does only its own work. */
static inline int ring_tiles(const city_tileset *ts, const state *s,
                             int root, unsigned *kinds)
{
	const ptile *tl = st_tiles(s);
	const uint16_t *next = st_nnext(s);
	const uint8_t *tile = st_ntile(s);
	uint64_t seen[(TS_MAX_TILES + 63) / 64] = {0};
	int n = 0, m = root;
	do {
		int t = tile[m];
		uint64_t bit = (uint64_t)1 << (t & 63);
		n += (seen[t >> 6] & bit) == 0;
		seen[t >> 6] |= bit;
		if (kinds)
			*kinds |= ts->designs[tl[t].design].parts[m - tl[t].node0]
			              .markets;
		m = next[m];
	} while (m != root);
	return n;
}

int feat_tile_count(const state *s, int root)
{
	return ring_tiles(NULL, s, root, NULL);
}

void feat_measure(const city_tileset *ts, const state *s, int root,
                  int *tiles, unsigned *markets)
{
	unsigned kinds = 0;
	int n;
	/* the kind only for market kinds: a base game's monastery node has
	 * no part description; a market's nodes are all markets (joins are
	 * by kind) */
	if (markets && feat_part(ts, s, root)->kind == TS_MARKET)
		n = ring_tiles(ts, s, root, &kinds);
	else
		n = ring_tiles(NULL, s, root, NULL);
	if (tiles)
		*tiles = n;
	if (markets)
		*markets = kinds;
}
