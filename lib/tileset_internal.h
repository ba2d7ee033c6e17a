/*
 * Internal view of a tile set: what the parser produces and what the board,
 * features and record modules read. Immutable once built.
 */
#ifndef CITY_LIB_TILESET_INTERNAL_H
#define CITY_LIB_TILESET_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "city/common.h"

#define TS_MAX_DESIGNS 99
#define TS_MAX_TILES 255
#define TS_MAX_PARTS 12 /* 8 region letters a-h + at most 4 street segments */
#define TS_NAME_MAX 63
#define TS_NONE 0xFF /* "no part" (a side middle without a street) */
#define TS_FIRST_PARTS 8 /* ts_design.open8: the first parts' open counts */

/* Limits of tile-set text (CITY_ELIMIT beyond them; docs/tileset.md): the
 * longest line, terminator and a trailing CR excluded, and the whole text
 * (99 designs of at most 4,096 bytes fit with room for comments). */
#define TS_LINE_MAX 4096u
#define TS_TEXT_MAX (1024u * 1024u)

/* Part kinds (stored in ts_part.kind as uint8_t). */
typedef enum ts_kind {
	TS_RESIDENTIAL = 0, /* The City: residential region (R) */
	TS_MARKET = 1,      /* The City: market region (F, G, L) */
	TS_STREET = 2,      /* a street (The City) or road (Carcassonne) */
	TS_CITY = 3,        /* Carcassonne: city region (C) */
	TS_FIELD = 4        /* Carcassonne: field region (F) */
} ts_kind;

/* Carcassonne design features (ts_design.features). */
typedef enum ts_feature {
	TS_MONASTERY = 1, /* `mon`: a monastery at the centre (part 'm') */
	TS_TOWER = 2,     /* `tow`: a tower foundation (The Tower) */
	TS_START = 4,     /* `start`: the start design (C-SET-3) */
	TS_SPRING = 8,    /* `spring`: the river's source (The River, V-SET-1) */
	TS_LAKE = 16      /* `lake`: the river's end (V-SET-2) */
} ts_feature;

/* Market kind bits (same values as the public CITY_MARKET_* bits). */
typedef enum ts_market {
	TS_FISH = 1,
	TS_GRAIN = 2,
	TS_LIVESTOCK = 4
} ts_market;

/* One part of a design: a region (letter) or a street segment (digit). */
typedef struct ts_part {
	char name;       /* 'a'..'h' or '1'..'9' */
	uint8_t kind;    /* TS_RESIDENTIAL, TS_MARKET, TS_STREET */
	uint8_t markets; /* TS_FISH|TS_GRAIN|TS_LIVESTOCK for a market, else 0 */
	uint8_t n_sides; /* halves on sides (regions) / sides touched (streets) */
	uint16_t adj;    /* regions: bit k set = adjacent in-tile to part k (a
	                    region), derived per tileset.md plus adj=; 0 for
	                    streets */
	uint16_t adj_markets; /* adj restricted to the market parts (R-END-4) */
} ts_part;

/* One side as written: the halves and middle in clockwise order around the
 * tile, each a part index into ts_design.parts (mid may be TS_NONE). */
typedef struct ts_side {
	uint8_t left, mid, right;
} ts_side;

typedef struct ts_design {
	uint8_t id;      /* 1..99 */
	uint8_t count;   /* 1..9 */
	uint8_t pub;     /* public buildings 0..4 */
	uint8_t n_parts; /* regions first (in letter order), then streets (in
	                    digit order) */
	ts_part parts[TS_MAX_PARTS];
	ts_side side[4];   /* design orientation: N, E, S, W as written */
	uint8_t street_mask; /* bit d set when design side d has a street middle */
	uint16_t market_parts; /* bit k set when part k is a market */
	uint16_t street_parts; /* bit k set when part k is a street segment */
	uint16_t open8[TS_FIRST_PARTS]; /* parts[k].n_sides of the first
	                    parts, 0 past n_parts: a placed tile's open counts
	                    in one load (feature.c) */
	char hist[TS_NAME_MAX + 1]; /* historic building name, "" when none */
	uint16_t arms;    /* Carcassonne: bit k set when part k (a city
	                     region) has a coat of arms (pen=) */
	uint8_t features; /* Carcassonne: TS_MONASTERY | TS_TOWER | TS_START |
	                     TS_SPRING | TS_LAKE */
	uint8_t river;    /* The River: bit d set when design side d is a river
	                     side (`~`: no part in the middle, field halves) */
} ts_design;

struct city_tileset {
	/* References held by users and games; the built-in set is static and
	 * has is_static set, so it is never counted nor freed. */
	atomic_uint refs;
	uint8_t is_static;
	char name[TS_NAME_MAX + 1];
	unsigned n_designs; /* designs[0..n_designs-1], in ID order */
	unsigned n_tiles;   /* sum of counts */
	ts_design designs[TS_MAX_DESIGNS];
	uint8_t game;       /* CITY_GAME_* (tileset.md `game=`) */
	int8_t start;       /* index of the start design, -1: none (The City) */
	int8_t spring, lake; /* The River's two ends (design indices), -1: none;
	                        both or neither (tileset_parse.c) */
};

/* The built-in sets (generated at build time from lib/data/\*.tiles). */
extern const city_tileset city__tileset_default_data; /* the-city */
extern const city_tileset city__tileset_carcassonne_data;
extern const city_tileset city__tileset_carcassonne_tower_data;
extern const city_tileset city__tileset_carcassonne_river_data;
extern const city_tileset city__tileset_carcassonne_river_tower_data;

/* The built-in set a game plays by default: the-city, carcassonne, or
 * carcassonne-tower / carcassonne-river / carcassonne-river-tower with
 * CITY_EXPANSION_TOWER and CITY_EXPANSION_RIVER. */
const city_tileset *ts_builtin_for(int game, unsigned expansions);

/* Reference counting for sets shared by options and games (no-ops for the
 * built-in set). */
void ts_retain(const city_tileset *ts);
void ts_release(const city_tileset *ts);

/* Index of the part named `name` ('a'..'h', '1'..'9') in design d, or -1. */
int ts_part_index(const ts_design *d, char name);

/* The in-tile adjacency the sides show (tileset.md, "In-tile adjacency"):
 * bit q of adj[p] set when parts p and q touch on the clockwise walk. */
void ts_side_adjacency(uint16_t adj[TS_MAX_PARTS], const ts_design *d);
/* Mark parts p and q adjacent (nothing when p == q). */
void ts_adj_link(uint16_t adj[TS_MAX_PARTS], unsigned p, unsigned q);

/* Parse `.tiles` text into *out (heap, refs = 1); the text's first line is
 * numbered first_line (1 for a file; a record passes its own numbering).
 * Status + message: CITY_OK, or CITY_EPARSE / CITY_ELIMIT / CITY_ENOMEM /
 * CITY_EINVAL with "line:column: reason" in err (always NUL-terminated when
 * errcap > 0); *out is untouched on error. The public city_tileset_parse()
 * is this with first_line 1. */
int ts_parse(city_tileset **out, const char *text, size_t len,
             uint64_t first_line, char *err, size_t errcap);

#endif /* CITY_LIB_TILESET_INTERNAL_H */
