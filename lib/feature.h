/*
 * Features (R-GEO-5..7, R-DONE): union-find over the parts of placed tiles
 * joined across sides, with the open-side count that decides completion.
 */
#ifndef CITY_LIB_FEATURE_H
#define CITY_LIB_FEATURE_H

#include "state.h"

/* Node of part `part` of placed tile t. */
static inline int feat_node(const state *s, int t, int part)
{
	return st_ctiles(s)[t].node0 + part;
}

/* Root of a node (no path compression: usable on a const state). */
int feat_root(const state *s, int node);
/* The part description of a node. */
const ts_part *feat_part(const city_tileset *ts, const state *s, int node);
/* Create the nodes of placed tile t and join them to the neighbours'
 * features, closing the halves and street ends on shared sides. */
void feat_add_tile(const city_tileset *ts, state *s, int t);
/* Close side `side` of tile t (a wall piece, the gate, a final wall). */
void feat_close_side(const city_tileset *ts, state *s, int t, int side);
/* Distinct tiles (R-GEO-6) and market kinds (R-GEO-7) of a feature. */
void feat_measure(const city_tileset *ts, const state *s, int root,
                  int *tiles, unsigned *markets);
/* Followers per player on a feature; returns their total. */
int feat_followers(const state *s, int root, int counts[MAX_PLAYERS]);
/* Whether a street or market feature is complete (R-DONE-1/2). */
static inline int feat_complete(const state *s, int root)
{
	return (st_cnodes(s)[root].open & ~OPEN_FOLLOWED) == 0;
}
/* Whether any follower stands on the feature (R-FOL-2), without counting
 * them. */
static inline int feat_followed(const state *s, int root)
{
	return (st_cnodes(s)[root].open & OPEN_FOLLOWED) != 0;
}
/* Mark / clear the follower flag of a feature root. */
static inline void feat_set_followed(state *s, int root, int on)
{
	fnode *n = &st_nodes(s)[root];
	n->open = (uint16_t)(on ? (n->open | OPEN_FOLLOWED)
	                        : (n->open & ~OPEN_FOLLOWED));
}

#endif /* CITY_LIB_FEATURE_H */
