/*
 * The layout of the flat game state: one block, so that a clone is one
 * memcpy and play never allocates. This header draws the block, defines
 * its parts by owner and gives typed accessors to its arrays; state.c
 * computes the offsets once per tile set (state_layout).
 *
 *   city_game (handle.h)
 *   +----------------------------------+
 *   | mem, rules, err                  |  the handle's own: never copied
 *   +----------------------------------+  from another game
 *   | opts                             |  the settings  } city_game_copy:
 *   +----------------------------------+                } one memcpy
 *   | state header (struct state)      |  <- state *s   } from opts to
 *   |                                  |                } the end
 *   |   lay      offsets, capacities   |  state.c (set once per tile set)
 *   |   setup    players, rules, stacks|  game.c (set-up); read by all
 *   |   turn     decision, actor, draw |  the game's rules (tc_rules.c,
 *   |                                  |  cc_rules.c)
 *   |   board    extent, counts        |  board.c
 *   |   feat     node count            |  feature.c
 *   |   log      event / move counts   |  log.c
 *   |   pl       supplies, followers,  |  players.c only (the rules ask
 *   |            scores                |  it)
 *   |   city     wall ring, rounds,    |  The City only: wall.c, tc_rules.c
 *   |            wall towers           |  (a union with:)
 *   |   cc       monasteries, floors,  |  the base game only: cc_rules.c,
 *   |            prisoners             |  cc_score.c; tower.c its fields
 *   +----------------------------------+  lay.off_order
 *   | order   u8     [n_total]         |  draw order (set-up)
 *   +----------------------------------+  lay.off_tiles
 *   | tiles   ptile  [n_total]         |  board: placed tiles
 *   | corner  u8     [n_total]         |  board: diagonal neighbours
 *   | hash    u8     [hash_mask + 1]   |  board: cell -> tile + 1
 *   | front   fcell  [cap_front]       |  board: the frontier, sorted
 *   | frow    u32 [32], u16 [48]       |  board: the frontier by row
 *   | walk    u16    [4 n_total]       |  board: contour labels
 *   +----------------------------------+  lay.off_nodes
 *   | parent  u16    [cap_nodes]       |  features: root of each node
 *   | next    u16    [cap_nodes]       |  features: ring of each feature
 *   | open    u16    [cap_nodes]       |  features: open sides, followed
 *   | ntile   u8     [cap_nodes]       |  features: tile of each node
 *   +----------------------------------+  lay.off_rsig (base game only;
 *   | rsig    u32    [n_designs]       |  cc_rules: side signatures
 *   | height  u8     [n_total]         |  tower.c: tower heights
 *   +----------------------------------+  lay.off_events
 *   | events  sevent [cap_events]      |  log
 *   +----------------------------------+  lay.off_moves
 *   | moves   move_bytes [cap_moves]   |  log: history (kept by reset
 *   +----------------------------------+  lay.size     and undo)
 *
 * Every array starts 8-byte aligned. Everything before `moves` is zeroed
 * at the start of a game, so that equal games are equal byte for byte.
 */
#ifndef CITY_LIB_STATE_H
#define CITY_LIB_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "facts.h"
#include "tileset_internal.h"

/* MAX_PLAYERS, FOLLOWERS_PER_PLAYER, WALL_SUPPLY, MAX_WALL_TOWERS: facts.h */
#define NO_TILE 0xFF
/* Wall chain storage: pieces grow from the middle in both directions. */
#define CHAIN_CAP (2 * (WALL_SUPPLY + 1) + 1)
#define CHAIN_MID (WALL_SUPPLY + 1)
/* A placed tile's coordinates fit easily: a city of 255 tiles spans at
 * most 255 cells from the origin. */
#define COORD_LIMIT 1024

/* The one coordinate range check: whether a cell can hold a tile at all
 * (cells outside are empty and exterior). */
static inline int coord_in_range(int64_t x, int64_t y)
{
	return x >= -COORD_LIMIT && x <= COORD_LIMIT && y >= -COORD_LIMIT &&
	       y <= COORD_LIMIT;
}

/* A placed tile. */
typedef struct ptile {
	int16_t x, y;
	uint8_t design; /* index into ts->designs */
	uint8_t rw;     /* rotation 0..3 (bits 0-1); bit 2 + s: side s is
	                   sealed (board_seal_side: The City's gate or wall
	                   piece stands there) */
	uint16_t node0; /* first feature node of this tile (one per part) */
	uint8_t nb[4];  /* the tile on each side, NO_TILE if none: contour
	                   walks follow these instead of hashing cells */
} ptile;

static inline int pt_rot(const ptile *p) { return p->rw & 3; }
static inline int pt_sealed(const ptile *p, int side)
{
	return p->rw >> (2 + side) & 1;
}

/* Frontier cell flags. */
typedef enum fc_flag {
	FC_BLOCKED = 1, /* a neighbour's side facing the cell is sealed */
	FC_SPLITS = 2,  /* occupying the cell could split the empty cells
	                   around it (ring_may_enclose) */
	FC_WALL_KNOWN = 4, /* The City: FC_WALL_OK holds R-TILE-4's verdict
	                      here (wall_know_cells); dropped when the cell's
	                      ring changes or the wall blocks it, all old once
	                      the gate is built (st_city.know_all), judged
	                      again when a wall piece turns the corner the cell
	                      touches (corner_verdict) */
	FC_WALL_OK = 8     /* that verdict: every wall piece stays on the outer
	                      contour when a tile goes here */
} fc_flag;

/* A frontier cell: empty and side-adjacent to a tile. Kept sorted by
 * (y, x) and updated on every placement, so that tile legality is a few
 * mask tests per rotation (R-TILE-1..3) instead of board look-ups. */
typedef struct fcell {
	uint32_t key;    /* the cell, as fc_key(x, y): the sort key */
	uint8_t present; /* bit s: a tile on side s (the ring's side bits, kept
	                    apart as half of the R-TILE-2 table index) */
	uint8_t streets; /* bit s: that tile has a street middle (a road end)
	                    facing us; bit 4 + s: it shows a city region facing
	                    us (the base game's C-TILE-2; never set in The
	                    City, whose tile sets have no city regions) */
	uint8_t ring;    /* bit k: the k-th of the 8 neighbours (N, NE, E, SE,
	                    S, SW, W, NW) holds a tile */
	uint8_t flags;   /* fc_flag bits */
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
#define OPEN_FOLLOWED 0x8000u

/* Where a follower is. */
typedef enum fol_state {
	FOL_FREE = 0,     /* in its owner's supply (the slot is reusable) */
	FOL_ON = 1,       /* on its feature */
	FOL_RETURNING = 2, /* scored, back to the supply after the guard
	                     decision (R-OPT-3 "no") */
	FOL_TOP = 3        /* The Tower: on top of the tower of `tile` (T-ACT-2;
	                     part FOL_PART_TOP), on no feature */
} fol_state;
#define FOL_PART_TOP 0xFEu

/* A follower on a street, market or residential area. */
typedef struct follower {
	uint8_t tile, part, owner;
	uint8_t active; /* fol_state */
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

typedef struct wall_tower {
	uint8_t owner, end, chain; /* chain: absolute index into city.chain */
	uint8_t points;
} wall_tower;

/* A move as stored in the history, lay.move_bytes bytes each (see log.c):
 * kind (bits 0-3); a move on a cell (place, gate, floor, top, capture):
 * rotation or side (bits 4-5; a capture: the part character's low two
 * bits, unread), x (6-14) and y (15-23), 9 signed bits each
 * (stored moves are legal, so |x|, |y| <= 255), a capture's part character
 * (24-30, so a tile set with tower foundations keeps 4 bytes a move, The
 * City and the base game without them 3: state.c);
 * another move's argument (bits 4-10: end, part character or seat). */
typedef uint32_t smove;

/* An event as stored in the log. */
typedef struct sevent {
	uint8_t kind_reason; /* CITY_EVENT_* (bits 0-2), CITY_REASON_* (3-7) */
	uint8_t who;    /* player + 1 (bits 0-3; 0: none, a discard) and the
	                   other player + 1 of a capture, exchange or ransom
	                   (bits 4-7; 0: none) */
	uint8_t part;   /* part index (the monastery: n_parts), EV_SIDE | side,
	                   FOL_PART_TOP (a tower top) or EV_NO_PART */
	uint8_t tile;   /* placed tile index; discard: design index */
	int16_t points;
	uint16_t move;  /* moves made when it happened */
} sevent;
#define EV_SIDE 0x80u    /* in sevent.part: the rest is a tile side */
#define EV_NO_PART 0xFFu /* in sevent.part: no cell (a ransom) */

/* ---- the header, by owner -------------------------------------------- */

/* Offsets and capacities: identical in every game of one tile set. */
typedef struct st_layout {
	uint32_t size; /* bytes of the whole block */
	uint32_t off_order, off_tiles, off_corner, off_hash, off_front,
	    off_frow, off_walk, off_nodes, off_events, off_moves, off_rsig, off_height;
	uint16_t cap_nodes, cap_events, cap_moves, hash_mask, cap_front;
	uint16_t n_total; /* tiles in the set */
	uint8_t move_bytes; /* bytes per stored move (smove): 3 or 4 */
} st_layout;

/* Set-up: fixed for the whole game. */
typedef struct st_setup {
	uint8_t n_players;
	uint8_t rules[15];    /* rules[CITY_RULE_*] (options.h OPT_RULE_COUNT) */
	uint8_t stack_end[3]; /* draw index one past each stack (the base
	                         game: one stack, the start tile not drawn) */
	uint8_t seg_end[3];   /* draw index one past each segment of the deal
	                         (rules.h deal_plan): The City's stacks; The
	                         River's river tiles, lake and land tiles; what
	                         a reshuffle keeps apart */
	uint8_t expansions;   /* CITY_EXPANSION_* bits */
} st_setup;

/* The turn: who decides what now. */
typedef struct st_turn {
	uint8_t decision;  /* CITY_DECISION_* */
	uint8_t player;    /* player of the current turn */
	uint8_t actor;     /* player deciding now */
	uint8_t cur;       /* draw index of the current tile (NO_TILE: none) */
	uint8_t draw_pos;  /* next draw index */
	uint8_t last_tile; /* placed index of the tile of this turn */
	uint8_t end_reasons;
	uint8_t final_done;
} st_turn;

/* The board's counts and extent (its arrays follow the header). */
typedef struct st_board {
	uint8_t n_tiles;
	uint8_t top, bottom; /* the north-most (then west-most) tile and the
	                        south-most (then east-most) tile */
	uint8_t labelled;    /* the contour labels (st_walk) are kept */
	int16_t min_x, min_y, max_x, max_y;
	uint16_t n_front;
	uint16_t walk_len; /* sides of the outer contour (while labelled) */
	uint8_t wide;      /* a tile lies outside FROW_MIN..FROW_MAX: the
	                      frontier's row index (st_frow) is no longer
	                      kept, its cells are searched */
} st_board;

/* The features' count (their arrays follow the header). */
typedef struct st_feat {
	uint16_t n_nodes;
} st_feat;

/* The event log's and the move history's counts. */
typedef struct st_log {
	uint16_t n_events, n_moves;
} st_log;

/* Players: supplies, followers on the board, scores by category. */
typedef struct st_players {
	uint8_t supply[MAX_PLAYERS];
	uint8_t wall_towers_left[MAX_PLAYERS];
	uint8_t n_fol;
	/* bit i: slot i is not FOL_FREE (busy), is FOL_ON (on): the scans of
	 * the slots go over these bits (players.c keeps them) */
	uint64_t busy, on;
	follower fol[MAX_PLAYERS * FOLLOWERS_PER_PLAYER];
	int32_t score[MAX_PLAYERS][CITY_CAT_COUNT]; /* a game's categories */
} st_players;

/* The City's own part: the wall ring, its rounds and its towers. */
typedef struct st_city {
	uint8_t walls_left;
	uint8_t gate_placed;
	uint8_t chain_lo, chain_hi; /* inclusive; empty when !gate_placed */
	uint8_t since[2];           /* pieces since last tower, per end */
	uint8_t round_trigger, round_total, round_k, round_first;
	uint8_t round_stack;
	uint8_t last_piece; /* chain index of the piece just built */
	uint8_t n_wall_towers;
	/* the gate was built since the last draw: R-TILE-4's verdicts in
	 * the frontier flags are all old, the next draw computes them all
	 * again (wall_know_cells); else only those around the last tile are
	 * missing (a later wall piece keeps them right: wall_internal.h) */
	uint8_t know_all;
	/* the follower options of this turn's tile (bit i: part i), found
	 * by the placement for the follower decision, zero outside it; bits
	 * 14-15: what the placement completed, for the end of its turn
	 * (tc_rules.c: FOL_ANY, FOL_DONE) */
	uint16_t fol_opts;
	wall_tower wall_towers[MAX_WALL_TOWERS];
	wpiece chain[CHAIN_CAP];
} st_city;

/* The base game's own part (with The Tower): its stack, tower floors,
 * prisoners and the turn's tower bookkeeping. Tower heights and the
 * designs' side signatures are arrays after the header (st_height,
 * st_rsig). */
/* The Tower's part of the base game's state (tower.c only). */
typedef struct st_tw {
	uint8_t tower_tile; /* the tower just raised (capture decision) */
	uint8_t ransomed;   /* a ransom was paid this turn (T-CAP-5) */
	uint8_t floors[MAX_PLAYERS];            /* T-SET-1 supply */
	uint8_t held[MAX_PLAYERS][MAX_PLAYERS]; /* [holder][owner] prisoners */
	/* bit t (word t / 64): placed tile t has a tower foundation in play;
	 * a follower stands on top of it; it has a floor (so that the tower
	 * moves are listed from bit sets, in placement order) */
	uint64_t towers[(TS_MAX_TILES + 63) / 64];
	uint64_t closed[(TS_MAX_TILES + 63) / 64];
	uint64_t raised[(TS_MAX_TILES + 63) / 64];
	/* bit i: follower slot i may be taken in the capture decision now
	 * (T-CAP-1; set by the floor, zero outside that decision) */
	uint64_t capture;
} st_tw;

/* The River's part of the base game's state (river.c only): the last
 * river tile placed, the board side where the river leaves it
 * (RIVER_CLOSED once the lake is down), and the way the last curve turned
 * (RIVER_RIGHT, RIVER_LEFT, 0 before the first); all 0 without the
 * expansion. */
typedef struct st_rv {
	uint8_t tile, out, turn;
} st_rv;
#define RIVER_CLOSED 4
#define RIVER_RIGHT 1 /* the heading turns a quarter clockwise */
#define RIVER_LEFT 3

typedef struct st_cc {
	st_tw tw; /* The Tower's (an expansion: its own part) */
	/* bit t: placed tile t is a monastery with an empty cell around it
	 * (C-DONE-3 is tested for these only) */
	uint64_t monasteries[(TS_MAX_TILES + 63) / 64];
	/* the follower options of this turn's tile (bit i: part i), found by
	 * the placement for the follower decision, zero outside it */
	uint16_t fol_opts;
	/* the parts of the turn's tile whose road or city its placement
	 * completed (bit i: part i), found with fol_opts for the end of the
	 * turn to score; zero outside the turn */
	uint16_t done_parts;
	st_rv rv; /* The River's (an expansion: its own part) */
} st_cc;

typedef struct state {
	st_layout lay;
	st_setup setup;
	st_turn turn;
	st_board board;
	st_feat feat;
	st_log log;
	st_players pl;
	/* Last: a game without a wall lays its arrays over st_city's room
	 * (state.c state_header_end, which asserts nothing follows), so the
	 * base game never reads or writes `city`. */
	union {
		st_city city; /* CITY_GAME_THE_CITY */
		st_cc cc; /* CITY_GAME_CARCASSONNE */
	};
	/* variable arrays follow at the offsets of `lay` */
} state;

/* ---- typed accessors to the arrays ------------------------------------ */

#define ST_AT(s, off) ((const void *)((const char *)(s) + (s)->lay.off))
#define ST_AT_W(s, off) ((void *)((char *)(s) + (s)->lay.off))

/* Design index per draw index. */
static inline const uint8_t *st_order(const state *s) { return ST_AT(s, off_order); }
static inline uint8_t *st_order_w(state *s) { return ST_AT_W(s, off_order); }
/* Placed tiles, in placement order. */
static inline const ptile *st_tiles(const state *s) { return ST_AT(s, off_tiles); }
static inline ptile *st_tiles_w(state *s) { return ST_AT_W(s, off_tiles); }
/* Per placed tile, bit k: the cell diagonal to it at corner k (NE, SE, SW,
 * NW) holds a tile, so that contour steps around a convex corner need no
 * cell look-up. */
static inline const uint8_t *st_corner(const state *s) { return ST_AT(s, off_corner); }
static inline uint8_t *st_corner_w(state *s) { return ST_AT_W(s, off_corner); }
/* Open-addressing cell hash: tile index + 1, 0 empty. */
static inline const uint8_t *st_hash(const state *s) { return ST_AT(s, off_hash); }
static inline uint8_t *st_hash_w(state *s) { return ST_AT_W(s, off_hash); }
/* The frontier, sorted by key. */
static inline const fcell *st_front(const state *s) { return ST_AT(s, off_front); }
static inline fcell *st_front_w(state *s) { return ST_AT_W(s, off_front); }
/* The frontier by row, while !board.wide (every tile's x and y within
 * FROW_MIN..FROW_MAX, so every frontier cell's within one more): bit
 * x + FROW_BIAS of st_frow(s)[y + FROW_BIAS] is set when (x, y) is a
 * frontier cell, and st_frow_start(s)[r] is the number of frontier cells
 * in the rows before row r (y = r - FROW_BIAS), right up to the row two
 * past the south-most tile's (the rows after it: anything). A cell's
 * frontier index is then its row's start plus the bits before it. */
typedef uint32_t frow_bits; /* a row's cells, bit x + FROW_BIAS */
/* -DCITY_FROW_BIAS=4 (scripts/test.sh's step_sse2) shrinks the window to
 * 6 x 6, so that nearly every test game turns wide and the searches'
 * twin is played through */
#if defined(CITY_FROW_BIAS)
#define FROW_BIAS CITY_FROW_BIAS
#else
#define FROW_BIAS 16
#endif
_Static_assert(FROW_BIAS >= 4 && FROW_BIAS <= 16, "FROW_BIAS: 4..16");
#define FROW_MIN (1 - FROW_BIAS)
#define FROW_MAX (FROW_BIAS - 2)
#define FROW_ROWS (2 * FROW_BIAS)
#define FROW_STARTS (FROW_ROWS + 16) /* room for steps past the last */
static inline const frow_bits *st_frow(const state *s) { return ST_AT(s, off_frow); }
static inline frow_bits *st_frow_w(state *s) { return ST_AT_W(s, off_frow); }
static inline const uint16_t *st_frow_start(const state *s) { return (const uint16_t *)(st_frow(s) + FROW_ROWS); }
static inline uint16_t *st_frow_start_w(state *s) { return (uint16_t *)(st_frow_w(s) + FROW_ROWS); }
/* While board.labelled: a label per tile side (index 4t + s), WALK_NONE
 * when the side is not on the outer contour; the labels of the outer
 * contour's sides are 15-bit and increase clockwise round the walk, modulo
 * 32768, with gaps between them (board.c walk_update). */
static inline const uint16_t *st_walk(const state *s) { return ST_AT(s, off_walk); }
static inline uint16_t *st_walk_w(state *s) { return ST_AT_W(s, off_walk); }
/* Feature nodes (see above). */
static inline const uint16_t *st_nparent(const state *s) { return ST_AT(s, off_nodes); }
static inline uint16_t *st_nparent_w(state *s) { return ST_AT_W(s, off_nodes); }
static inline const uint16_t *st_nnext(const state *s) { return st_nparent(s) + s->lay.cap_nodes; }
static inline uint16_t *st_nnext_w(state *s) { return st_nparent_w(s) + s->lay.cap_nodes; }
static inline const uint16_t *st_nopen(const state *s) { return st_nparent(s) + 2 * (size_t)s->lay.cap_nodes; }
static inline uint16_t *st_nopen_w(state *s) { return st_nparent_w(s) + 2 * (size_t)s->lay.cap_nodes; }
static inline const uint8_t *st_ntile(const state *s) { return (const uint8_t *)(st_nparent(s) + 3 * (size_t)s->lay.cap_nodes); }
static inline uint8_t *st_ntile_w(state *s) { return (uint8_t *)(st_nparent_w(s) + 3 * (size_t)s->lay.cap_nodes); }
/* The event log. */
static inline const sevent *st_events(const state *s) { return ST_AT(s, off_events); }
static inline sevent *st_events_w(state *s) { return ST_AT_W(s, off_events); }
/* The move history, lay.move_bytes per move. */
static inline const uint8_t *st_moves(const state *s) { return ST_AT(s, off_moves); }
static inline uint8_t *st_moves_w(state *s) { return ST_AT_W(s, off_moves); }
/* The base game's own arrays (empty in The City): per design, its four
 * rotations' side signatures (cc_rules.c), then per placed tile the
 * height of its tower (The Tower). */
static inline const uint32_t *st_rsig(const state *s) { return ST_AT(s, off_rsig); }
static inline uint32_t *st_rsig_w(state *s) { return ST_AT_W(s, off_rsig); }
static inline const uint8_t *st_height(const state *s) { return ST_AT(s, off_height); }
static inline uint8_t *st_height_w(state *s) { return ST_AT_W(s, off_height); }

/* Cell offsets of the four sides (R-GEO-1/2: y grows south). */
static const int DX[4] = {0, 1, 0, -1};
static const int DY[4] = {-1, 0, 1, 0};

/* Ring-index arithmetic: the 8 neighbours of a cell are numbered
 * clockwise from north (N, NE, E, SE, S, SW, W, NW); side s is ring index
 * 2s, the corner between sides s and s+1 is 2s+1. */
static inline int side_back(int side) { return (side + 2) & 3; }
static inline int ring_of_side(int side) { return 2 * side; }
static inline int ring_of_corner(int side) { return 2 * side + 1; }
static inline int ring_turn(int k, int steps) { return (k + steps) & 7; }
static inline int ring_opposite(int k) { return (k + 4) & 7; }

/* Stack (1..3) of draw index i (R-SET-4). */
static inline int st_stack_of(const state *s, int i)
{
	return i < s->setup.stack_end[0] ? 1 : i < s->setup.stack_end[1] ? 2 : 3;
}

/* Compute the layout of the state for tile set ts into s->lay (the rest
 * of *s untouched); returns the block's size in bytes. */
size_t state_layout(state *s, const city_tileset *ts);

#endif /* CITY_LIB_STATE_H */
