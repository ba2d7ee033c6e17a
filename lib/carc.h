/*
 * The base game of Carcassonne (docs/carcassonne.md, spec carcassonne.md
 * C-SET .. C-END): its own flat state and rules, sharing the tile sets,
 * the move and event structs and the façade with The City.
 *
 * The state is one contiguous block (a fixed header, then arrays at
 * offsets computed once per tile set), so that a clone is one memcpy and
 * play never allocates. Nothing here touches The City's state.
 */
#ifndef CITY_LIB_CARC_H
#define CITY_LIB_CARC_H

#include <stddef.h>
#include <stdint.h>

#include "city/common.h"
#include "tileset.h"

struct city_move;

#define CARC_MAX_PLAYERS 5
#define CARC_FOLLOWERS 7 /* C-SET-2 */
#define CARC_NO_TILE 0xFF
#define CARC_COORD_LIMIT 1024

/* Score categories, in the order of the trace's detail line. */
enum {
	CARC_CAT_ROADS = 0,
	CARC_CAT_CITIES,
	CARC_CAT_MONASTERIES,
	CARC_CAT_FARMS,
	CARC_CAT_RANSOM,
	CARC_CATS
};

/* Part kinds as the rules see them. */
enum { CK_FIELD = 0, CK_CITY = 1, CK_ROAD = 2, CK_MONASTERY = 3 };

/* A placed tile. */
typedef struct carc_tile {
	int16_t x, y;
	uint8_t design, rot;
	uint16_t node0;   /* first feature node (one per part, then the
	                     monastery's) */
	uint8_t nb[4];    /* tile across each board side, CARC_NO_TILE if none */
	uint8_t around;   /* tiles on the 8 cells around (C-DONE-3) */
	uint8_t height;   /* floors on its tower (The Tower, T-SET-2) */
} carc_tile;

/* An empty cell beside at least one tile, kept sorted by key (rows then
 * columns): what each neighbour requires of the side facing it. */
typedef struct carc_fcell {
	uint32_t key;  /* (y + 32768) << 16 | (x + 32768) */
	uint8_t need;  /* 2 bits per board side: the signature the side must
	                  show (0 field, 1 field with a road end, 2 city) */
	uint8_t mask;  /* 0b11 per board side that has a neighbour */
	uint8_t pad[2];
} carc_fcell;

enum { CFOL_FREE = 0, CFOL_PART = 1, CFOL_TOP = 2 };

typedef struct carc_fol {
	uint16_t node;  /* CFOL_PART: the part's node; CFOL_TOP: the tile whose
	                   tower it stands on */
	uint8_t owner;
	uint8_t active; /* CFOL_FREE, CFOL_PART, CFOL_TOP (T-ACT-2) */
} carc_fol;

/* The Tower's rule options (T-OPT-1..7), indices into carc_state.topt. */
enum {
	T_CAPTURE_OWN = 1,
	T_CAPTURE_TOP,
	T_RANSOM_MIN,
	T_CAPTURE_GAPS,
	T_TOWER_RANGE, /* 0 height, 1 short */
	T_CAPTURE_DIAGONAL,
	T_RANSOM,
	T_OPTS
};

/* The part index an event or a capture gives a follower on top of a
 * tower (its name is 't'). */
#define CARC_PART_TOP 0xFE

typedef struct carc_event {
	uint8_t kind;   /* CITY_EVENT_* */
	uint8_t reason; /* CITY_REASON_* */
	int8_t player;
	uint8_t part;   /* part index on the tile (the monastery: n_parts,
	                   a tower top: CARC_PART_TOP) */
	uint8_t tile;   /* placed tile index; a discard: the design index */
	int8_t other;   /* capture, exchange: the other player */
	int16_t points;
	uint16_t move;
} carc_event;

typedef struct carc_state {
	uint32_t size; /* bytes of the whole block */
	uint32_t off_rsig, off_order, off_tiles, off_hash, off_front, off_nodes,
	    off_events, off_moves;
	uint16_t cap_nodes, cap_events, cap_moves, hash_mask, cap_front;
	uint16_t n_draw; /* tiles in the stack (the start tile excluded) */

	uint8_t n_players;
	uint8_t farmers;   /* C-OPT-1 */
	uint8_t start_design;
	uint8_t decision;  /* CITY_DECISION_* */
	uint8_t player;
	uint8_t cur;       /* draw index of the current tile, CARC_NO_TILE */
	uint8_t draw_pos;
	uint8_t last_tile; /* placed index of this turn's tile */
	uint8_t final_done;
	uint8_t ended;     /* CITY_ENDED_* bits */
	uint8_t n_tiles;
	uint8_t n_fol;
	int16_t min_x, min_y, max_x, max_y;
	uint16_t n_nodes, n_events, n_moves, n_front;
	uint8_t supply[CARC_MAX_PLAYERS];
	/* The Tower */
	uint8_t expansions;    /* CITY_EXPANSION_* bits */
	uint8_t topt[T_OPTS];  /* T-OPT values */
	uint8_t floors[CARC_MAX_PLAYERS];
	uint8_t held[CARC_MAX_PLAYERS][CARC_MAX_PLAYERS]; /* [holder][owner] */
	uint8_t tower_tile;    /* the tower just raised (capture decision) */
	uint8_t ransomed;      /* a ransom was paid this turn */
	carc_fol fol[CARC_MAX_PLAYERS * CARC_FOLLOWERS];
	int32_t score[CARC_MAX_PLAYERS][CARC_CATS];
	/* variable arrays follow at the offsets above */
} carc_state;

#define CARC_ARR(s, off, type) ((type *)((char *)(s) + (s)->off))
#define CARC_CARR(s, off, type) ((const type *)((const char *)(s) + (s)->off))

/* Options the game is made from (what the façade hands over). */
typedef struct carc_setup {
	const city_tileset *ts;
	int players;
	int farmers;
	uint64_t seed;
	unsigned n_order;      /* explicit order length, 0 = seeded */
	const uint8_t *order;  /* design ids */
	int expansions;        /* CITY_EXPANSION_* bits */
	int topt[T_OPTS];      /* T-OPT values (index T_*) */
} carc_setup;

/* Size of the state for a tile set and expansions (0 when the set cannot
 * be played: no start design). */
size_t carc_state_size(const city_tileset *ts, int expansions);
/* Build the state in `s` (carc_state_size bytes, any content). Returns
 * CITY_OK, or CITY_EINVAL with a reason in err. */
int carc_init(carc_state *s, const carc_setup *su, char *err, size_t cap);
/* Back to the start of the game (the move history is kept: undo replays
 * it). */
void carc_restart(carc_state *s, const city_tileset *ts);

/* Decisions. Each returns CITY_OK or a status with the reason in err; a
 * refused call changes nothing. */
int carc_place(carc_state *s, const city_tileset *ts, int32_t x, int32_t y,
               int rot, char *err, size_t cap);
int carc_follower(carc_state *s, const city_tileset *ts, char part,
                  char *err, size_t cap);
int carc_pass(carc_state *s, const city_tileset *ts, char *err, size_t cap);
/* The Tower (T-ACT, T-CAP). */
int carc_floor(carc_state *s, const city_tileset *ts, int32_t x, int32_t y,
               char *err, size_t cap);
int carc_top(carc_state *s, const city_tileset *ts, int32_t x, int32_t y,
             char *err, size_t cap);
int carc_capture(carc_state *s, const city_tileset *ts, int32_t x,
                 int32_t y, char part, char *err, size_t cap);
int carc_ransom(carc_state *s, int q, char *err, size_t cap);
int carc_apply(carc_state *s, const city_tileset *ts,
               const struct city_move *m, char *err, size_t cap);
int carc_undo(carc_state *s, const city_tileset *ts, char *err, size_t cap);
/* Final scoring (C-END-2/3), idempotent; CITY_ENOTENDED before the end. */
int carc_score_final(carc_state *s, const city_tileset *ts, char *err,
                     size_t cap);
/* Legal moves of the current decision, in the fixed order of
 * docs/carcassonne.md. Writes at most cap moves; *count gets them all. */
size_t carc_legal(const carc_state *s, const city_tileset *ts,
                  struct city_move *out, size_t cap);
/* The explicit placement rule (C-TILE-1/2) by neighbour look-ups: 0 when
 * legal, else 1 with the reason in msg (may be NULL). */
int carc_check_placement(const carc_state *s, const city_tileset *ts,
                         int32_t x, int32_t y, int design, int rot,
                         char *msg, size_t cap);

/* ---- queries ---------------------------------------------------------- */

/* The part kind (CK_*) of part index `part` of design d (the monastery is
 * part n_parts). */
int carc_part_kind(const city_tileset *ts, int design, int part);
/* Whether design d has a tower foundation (`tow`). */
int carc_design_tower(const city_tileset *ts, int design);
/* Part index of `name` on design d ('m' the monastery), or -1. */
int carc_part_index(const city_tileset *ts, int design, char name);
/* The name of part index `part` of design d. */
char carc_part_name(const city_tileset *ts, int design, int part);
/* Tile index at a cell, or -1. */
int carc_tile_at(const carc_state *s, int32_t x, int32_t y);
static inline const carc_tile *carc_tiles(const carc_state *s)
{
	return CARC_CARR(s, off_tiles, carc_tile);
}
static inline const carc_event *carc_events(const carc_state *s)
{
	return CARC_CARR(s, off_events, carc_event);
}
static inline const uint8_t *carc_order(const carc_state *s)
{
	return CARC_CARR(s, off_order, uint8_t);
}
/* Node of a (tile, part) and its feature's root. */
int carc_root(const carc_state *s, int tile, int part);
/* Feature facts by root: distinct tiles (R-GEO-6), coats of arms, whether
 * complete (roads, cities; a monastery when surrounded; fields never). */
int carc_feature_tiles(const carc_state *s, const city_tileset *ts, int tile,
                       int part);
int carc_feature_coats(const carc_state *s, const city_tileset *ts, int tile,
                       int part);
int carc_feature_complete(const carc_state *s, const city_tileset *ts,
                          int tile, int part);
int carc_feature_followers(const carc_state *s, int tile, int part,
                           int player);
/* The i-th stored move. */
void carc_move(const carc_state *s, int i, struct city_move *m);
/* Followers on the board. */
int carc_follower_count(const carc_state *s);
/* The tile and part of the i-th follower on the board (slot order). */
const carc_fol *carc_follower_at(const carc_state *s, int index);
/* Tile and part of a node. */
void carc_node_where(const carc_state *s, int node, int *tile, int *part);
/* A player's total. */
int carc_total(const carc_state *s, int player);

#endif /* CITY_LIB_CARC_H */
