/*
 * The flat game state shared by the board, features, wall ring and game
 * modules. One contiguous block: fixed header + arrays at offsets computed
 * once per tile set, so that a clone is one memcpy and play never allocates.
 */
#ifndef CITY_LIB_STATE_H
#define CITY_LIB_STATE_H

#include <stdint.h>

#include "tileset.h"

#define MAX_PLAYERS 4
#define FOLLOWERS_PER_PLAYER 7
#define WALL_SUPPLY 70
#define MAX_TOWERS 12
#define NO_TILE 0xFF
/* Wall chain storage: pieces grow from the middle in both directions. */
#define CHAIN_CAP (2 * (WALL_SUPPLY + 1) + 1)
#define CHAIN_MID (WALL_SUPPLY + 1)
/* A placed tile's coordinates fit easily: a city of 255 tiles spans at
 * most 255 cells from the origin. */
#define COORD_LIMIT 1024

/* A placed tile. */
typedef struct ptile {
	int16_t x, y;
	uint8_t design; /* index into ts->designs */
	uint8_t rw;     /* rotation 0..3 (bits 0-1); bit 2 + s: side s holds
	                   the gate or a wall piece */
	uint16_t node0; /* first feature node of this tile (one per part) */
	uint8_t nb[4];  /* the tile on each side, NO_TILE if none: contour
	                   walks follow these instead of hashing cells */
} ptile;

static inline int pt_rot(const ptile *p) { return p->rw & 3; }
static inline int pt_walled(const ptile *p, int side)
{
	return p->rw >> (2 + side) & 1;
}

enum { FC_BLOCKED = 1, FC_SPLITS = 2 };

/* A frontier cell: empty and side-adjacent to a tile. Kept sorted by
 * (y, x) and updated on every placement, so that tile legality is a few
 * mask tests per rotation (R-TILE-1..3) instead of board look-ups. */
typedef struct fcell {
	uint32_t key;    /* the cell, as fc_key(x, y): the sort key */
	uint8_t present; /* bit s: a tile on side s (the ring's side bits, kept
	                    apart as half of the R-TILE-2 table index) */
	uint8_t streets; /* bit s: that tile has a street middle facing us */
	uint8_t ring;    /* bit k: the k-th of the 8 neighbours (N, NE, E, SE,
	                    S, SW, W, NW) holds a tile */
	uint8_t flags;   /* FC_BLOCKED: R-TILE-3, a neighbour's side facing us
	                    is walled; FC_SPLITS: occupying the cell would
	                    split the empty cells around it (R-TILE-4 must
	                    look further) */
} fcell;

/* A cell as a frontier sort key: rows (y) first, then x; both biased so
 * that the order is the unsigned order of the key. */
static inline uint32_t fc_key(int x, int y)
{
	return (uint32_t)(y + 32768) << 16 | (uint32_t)(x + 32768);
}
static inline int fc_x(const fcell *f) { return (int)(f->key & 0xFFFFu) - 32768; }
static inline int fc_y(const fcell *f) { return (int)(f->key >> 16) - 32768; }

/* Feature nodes: one per part of a placed tile (union-find elements),
 * numbered in placement order (node0 + part of each tile), kept as
 * parallel arrays (st_nparent, st_nnext, st_nopen, st_ntile):
 *   parent: the feature's root, its lowest node (always: see feature.c);
 *   next:   the next node of the same feature (the feature is a ring);
 *   open:   at a root, the open halves / street ends of the feature (bits
 *           0-14) and whether followers stand on it (OPEN_FOLLOWED);
 *   tile:   the placed tile (the part is node - that tile's node0). */

enum { FOL_FREE = 0, FOL_ON = 1, FOL_RETURNING = 2 };

#define OPEN_FOLLOWED 0x8000u

/* A follower on a street, market or residential area. */
typedef struct follower {
	uint8_t tile, part, owner;
	uint8_t active; /* FOL_FREE, FOL_ON (on its feature), FOL_RETURNING */
} follower;

/* A piece of the wall chain: the tile it borders and, packed, the side of
 * that tile (bits 0-1), whether it is the gate (bit 2) and the guard's
 * owner + 1 (bits 3-5, 0 = no guard). */
typedef struct wpiece {
	uint8_t tile;
	uint8_t info;
} wpiece;

static inline int wp_side(const wpiece *w) { return w->info & 3; }
static inline int wp_gate(const wpiece *w) { return w->info >> 2 & 1; }
static inline int wp_guard(const wpiece *w) { return (w->info >> 3) - 1; }
static inline void wp_set(wpiece *w, int tile, int side, int gate, int guard)
{
	w->tile = (uint8_t)tile;
	w->info = (uint8_t)(side | gate << 2 | (guard + 1) << 3);
}

typedef struct tower {
	uint8_t owner, end, chain; /* chain: absolute index into st_chain */
	uint8_t points;
} tower;

/* A move as stored in the history, in 24 bits (3 bytes each: see
 * game_internal.h): kind (bits 0-2); a place or gate move's rotation or
 * side (bits 3-4), x (5-13) and y (14-22), 9 signed bits each (stored
 * moves are legal, so |x|, |y| <= 255); another move's argument (bits
 * 3-9: end or part character). */
typedef uint32_t smove;
#define SMOVE_BYTES 3

/* An event as stored in the log. */
typedef struct sevent {
	uint8_t kind_reason; /* CITY_EVENT_* (bits 0-1), CITY_REASON_* (2-5) */
	int8_t player;
	uint8_t part;   /* part index, side (wall events) or 0xFF */
	uint8_t tile;   /* placed tile index; discard: design index */
	uint16_t points;
	uint16_t move;  /* moves made when it happened */
} sevent;

typedef struct state {
	uint32_t size; /* bytes of the whole block */
	/* layout (identical in every clone) */
	uint32_t off_order, off_tiles, off_corner, off_hash, off_front, off_walk,
	    off_nodes,
	    off_events, off_moves;
	uint16_t cap_nodes, cap_events, cap_moves, hash_mask, cap_front;
	uint16_t n_total; /* tiles in the set */

	/* set-up */
	uint8_t n_players;
	uint8_t rules[6]; /* rules[CITY_RULE_*] */
	uint8_t stack_end[3]; /* draw index one past each stack */

	/* turn */
	uint8_t decision; /* CITY_DECISION_* */
	uint8_t player;   /* player of the current turn */
	uint8_t actor;    /* player deciding now */
	uint8_t cur;      /* draw index of the current tile (NO_TILE: none) */
	uint8_t draw_pos; /* next draw index */
	uint8_t last_tile; /* placed index of the tile of this turn */
	uint8_t end_reasons;
	uint8_t final_done;

	/* board */
	uint8_t n_tiles;
	int16_t min_x, min_y, max_x, max_y;
	uint8_t top, bottom; /* the north-most (then west-most) tile and the
	                        south-most (then east-most) tile */
	uint16_t n_nodes, n_events, n_moves, n_front;
	uint16_t walk_len; /* sides of the outer contour (once the gate is
	                      built; see st_walk) */

	/* followers */
	uint8_t supply[MAX_PLAYERS];
	uint8_t towers_left[MAX_PLAYERS];
	uint8_t n_fol;
	follower fol[MAX_PLAYERS * FOLLOWERS_PER_PLAYER];

	/* wall ring */
	uint8_t walls_left;
	uint8_t gate_placed;
	uint8_t chain_lo, chain_hi; /* inclusive; empty when !gate_placed */
	uint8_t since[2];           /* pieces since last tower, per end */
	uint8_t round_trigger, round_total, round_k, round_first;
	uint8_t round_stack;
	uint8_t last_piece; /* chain index of the piece just built */
	uint8_t n_towers;
	tower towers[MAX_TOWERS];
	wpiece chain[CHAIN_CAP];

	int32_t score[MAX_PLAYERS][5];
	/* variable arrays follow at the offsets above */
} state;

#define ST_ARR(s, off, type) ((type *)((char *)(s) + (s)->off))
#define ST_CARR(s, off, type) ((const type *)((const char *)(s) + (s)->off))
#define st_order(s) ST_ARR(s, off_order, uint8_t) /* design index per draw */
#define st_tiles(s) ST_ARR(s, off_tiles, ptile)
#define st_hash(s) ST_ARR(s, off_hash, uint8_t) /* tile index + 1, 0 empty */
#define st_front(s) ST_ARR(s, off_front, fcell)
#define st_cfront(s) ST_CARR(s, off_front, fcell)
/* Once the gate is built: a label per tile side (index 4t + s), 0xFFFF when
 * the side is not on the outer contour; the labels of the outer contour's
 * sides are 15-bit and increase clockwise round the walk, modulo 32768, with
 * gaps between them. Kept up to date by each placement (lib/board.c
 * walk_update), so that R-TILE-4 needs no walk per candidate cell. */
#define st_walk(s) ST_ARR(s, off_walk, uint16_t)
/* Per placed tile, bit k: the cell diagonal to it at corner k (NE, SE, SW,
 * NW) holds a tile, so that contour steps around a convex corner need no
 * cell look-up. */
#define st_corner(s) ST_ARR(s, off_corner, uint8_t)
#define st_ccorner(s) ST_CARR(s, off_corner, uint8_t)
#define st_cwalk(s) ST_CARR(s, off_walk, uint16_t)
#define st_nparent(s) ST_ARR(s, off_nodes, uint16_t)
#define st_nnext(s) (st_nparent(s) + (s)->cap_nodes)
#define st_nopen(s) (st_nparent(s) + 2 * (size_t)(s)->cap_nodes)
#define st_ntile(s) ((uint8_t *)(st_nparent(s) + 3 * (size_t)(s)->cap_nodes))
#define st_events(s) ST_ARR(s, off_events, sevent)
#define st_moves(s) ST_ARR(s, off_moves, uint8_t) /* SMOVE_BYTES each */
#define st_corder(s) ST_CARR(s, off_order, uint8_t)
#define st_ctiles(s) ST_CARR(s, off_tiles, ptile)
#define st_chash(s) ST_CARR(s, off_hash, uint8_t)
#define st_cnparent(s) ST_CARR(s, off_nodes, uint16_t)
#define st_cnnext(s) (st_cnparent(s) + (s)->cap_nodes)
#define st_cnopen(s) (st_cnparent(s) + 2 * (size_t)(s)->cap_nodes)
#define st_cntile(s) \
	((const uint8_t *)(st_cnparent(s) + 3 * (size_t)(s)->cap_nodes))
#define st_cevents(s) ST_CARR(s, off_events, sevent)
#define st_cmoves(s) ST_CARR(s, off_moves, uint8_t)

/* Cell offsets of the four sides (R-GEO-1/2: y grows south). */
static const int DX[4] = {0, 1, 0, -1};
static const int DY[4] = {-1, 0, 1, 0};

#endif /* CITY_LIB_STATE_H */
