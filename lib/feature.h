/*
 * Features (R-GEO-5..7, R-DONE): a union-find over the parts of placed
 * tiles joined across sides, kept flat (every node points at its root, each
 * feature a ring of its nodes), with the open-side count that decides
 * completion.
 *
 * Writes: state.feat and the node arrays (st_nparent, st_nnext, st_nopen,
 * st_ntile); the followed flag of a root is set by players.c. Reads: the
 * board (placed tiles, neighbour links).
 */
#ifndef CITY_LIB_FEATURE_H
#define CITY_LIB_FEATURE_H

#include "state.h"

/* Node of part `part` of placed tile t. */
static inline int feat_node(const state *s, int t, int part)
{
	return st_tiles(s)[t].node0 + part;
}

/* Root of a node: every node points at its root, the lowest node of its
 * feature (see join in feature.c). */
static inline int feat_root(const state *s, int node)
{
	return st_nparent(s)[node];
}
/* The part index of a node in its tile's design. */
static inline int feat_node_part(const state *s, int node)
{
	return node - st_tiles(s)[st_ntile(s)[node]].node0;
}
/* The part description of a node (inline: scoring asks it per node). */
static inline const ts_part *feat_part(const city_tileset *ts,
                                       const state *s, int node)
{
	const ptile *t = &st_tiles(s)[st_ntile(s)[node]];
	return &ts->designs[t->design].parts[node - t->node0];
}
/* The nodes of a tile of design d: one per part, then the base game's
 * monastery (part n_parts) its own. */
static inline int feat_tile_nodes(const ts_design *d)
{
	return d->n_parts + ((d->features & TS_MONASTERY) != 0);
}
/* Create the nodes of placed tile t and join them to the neighbours'
 * features, closing the halves and street ends on shared sides. */
void feat_add_tile(const city_tileset *ts, state *s, int t);
/* feat_add_tile, and of the neighbours' features of a kind in `watch`
 * (bit per TS_* kind) that a half of another kind only bordered (The
 * City: a market facing a residential half, R-DONE-2), whether one is
 * complete now (FEAT_BORDER_DONE) and whether such a one is followed
 * (FEAT_BORDER_HELD). */
unsigned feat_add_tile_watch(const city_tileset *ts, state *s, int t,
                             unsigned watch);
#define FEAT_BORDER_DONE 1u
#define FEAT_BORDER_HELD 2u
/* Close side `side` of tile t (a wall piece, the gate, a final wall); the
 * nodes of its halves and middle go into `nodes` and their part kinds into
 * `kinds`. Returns 3: a side without a street gives its left half a
 * second time as the third entry, residential and closed by nothing
 * (no branch on the middle; callers count only streets and markets). */
int feat_close_side(const city_tileset *ts, state *s, int t, int side,
                    int nodes[3], uint8_t kinds[3]);
/* The tiles of the feature of `root`, found by walking its ring of nodes:
 * tiles[i] is a tile and parts[i] the mask of its parts in the feature.
 * Returns the number of tiles (at most TS_MAX_TILES). */
int feat_collect(const state *s, int root, uint8_t tiles[TS_MAX_TILES],
                 uint16_t parts[TS_MAX_TILES]);
/* Distinct tiles (R-GEO-6) of the feature of `root`: feat_collect's
 * count without the list (the AI's potentials ask it per follower). */
int feat_tile_count(const state *s, int root);
/* Distinct tiles (R-GEO-6) and market kinds (R-GEO-7) of a feature. */
void feat_measure(const city_tileset *ts, const state *s, int root,
                  int *tiles, unsigned *markets);
/* Whether a street or market feature (The City), a road or a city (the
 * base game) is complete: no open half or end left (R-DONE-1/2,
 * C-DONE-1/2; fields and monasteries are the base game's concern). */
static inline int feat_complete(const state *s, int root)
{
	return (st_nopen(s)[root] & ~OPEN_FOLLOWED) == 0;
}
/* Whether any follower stands on the feature (R-FOL-2), without counting
 * them. */
static inline int feat_followed(const state *s, int root)
{
	return (st_nopen(s)[root] & OPEN_FOLLOWED) != 0;
}
/* Mark / clear the follower flag of a feature root. */
static inline void feat_set_followed(state *s, int root, int on)
{
	uint16_t *open = &st_nopen_w(s)[root];
	*open = (uint16_t)(on ? (*open | OPEN_FOLLOWED) : (*open & ~OPEN_FOLLOWED));
}

#endif /* CITY_LIB_FEATURE_H */
