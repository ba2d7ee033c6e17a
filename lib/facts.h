/*
 * The games' facts: one row of data per game (no behaviour; that is the
 * rules' table, rules.h). Everything that must know which game is played
 * but not how it is played reads a row here: the options and records (its
 * name, player range, expansions, rule-id letter), the state's layout (its
 * capacities, which arrays it keeps), the tile-set parser (which region
 * kinds and keywords its sets have) and the queries (its decisions, score
 * categories, feature kinds and roles). This module includes no other
 * module of lib/, so that every module may read it.
 *
 * A new game adds one row to facts.c (and its rules, lib/README.md).
 */
#ifndef CITY_LIB_FACTS_H
#define CITY_LIB_FACTS_H

#include <stdint.h>

#include "city/city.h"

/* Bounds every game's state shares (state.h sizes the block by them). */
#define MAX_PLAYERS 5 /* the most seats of any game (facts.max_players) */
#define FOLLOWERS_PER_PLAYER 7
#define WALL_SUPPLY 70 /* The City's wall pieces */
#define MAX_WALL_TOWERS 12  /* The City's wall towers shared out (R-SET-2) */
#define FACTS_GAMES 2  /* CITY_GAME_THE_CITY, CITY_GAME_CARCASSONNE */
#define FACTS_KINDS 5  /* part kinds (ts_kind, tileset.h) */

/* How a game's tile sets write their regions (tileset.md). */
typedef enum facts_regions {
	FACTS_MARKETS = 0,   /* R (residential) or a mix of F, G, L (markets);
	                        pub=, hist= */
	FACTS_CITY_FIELD = 1 /* C (city, pen= for arms) or F (field);
	                        mon, tow, start */
} facts_regions;

typedef struct game_facts {
	int game;                /* CITY_GAME_* (its index in the table) */
	const char *name;        /* record and tile-set name ("the-city") */
	char rule_prefix;        /* the letter of its rule ids: 'R', 'C' */
	uint8_t min_players;     /* R-SET-1 / C-SET-1 */
	uint8_t max_players;
	uint8_t record_default;  /* 1: its records omit the `game` line and
	                            report a missing `players` at `moves` */
	unsigned expansions;     /* CITY_EXPANSION_* bits it may play with */
	uint8_t start_tile;      /* 1: a start tile at (0, 0), the rest in one
	                            stack (C-SET-3/4); 0: three stacks, whose
	                            sizes the options may set (R-SET-4) */
	uint8_t last_decision;   /* the highest CITY_DECISION_* it asks */
	uint8_t first_category;  /* its CITY_CAT_COUNT categories start here */
	/* what its tile sets hold */
	uint8_t regions;         /* facts_regions */
	const char *street_word; /* what a street segment is called */
	int8_t feature_of_kind[FACTS_KINDS]; /* CITY_FEATURE_* of a part by
	                                        its ts_kind, -1: none */
	int8_t role_of_kind[FACTS_KINDS];    /* CITY_ROLE_* of a follower on
	                                        it, -1: none */
	uint8_t wall;            /* a wall ring: cell kinds, contour labels,
	                            the wall queries */
	/* its state's layout (state.c): capacities per tile and beyond */
	uint8_t events_per_tile;
	uint16_t events_more;
	uint8_t moves_per_tile;
	uint16_t moves_more;
	uint8_t move_bytes;      /* a stored move (log.c): 3, 4 with a part */
	uint8_t own_arrays;      /* 1: side signatures and tower heights
	                            (state.h st_rsig, st_height) */
	/* the bounds above without The Tower, for a tile set with no tower
	 * foundation (no tower move, capture nor ransom can happen; state.c):
	 * events and moves per tile and beyond, bytes per move */
	uint8_t plain_events_per_tile;
	uint16_t plain_events_more;
	uint8_t plain_moves_per_tile;
	uint16_t plain_moves_more;
	uint8_t plain_move_bytes;
} game_facts;

extern const game_facts facts_table[FACTS_GAMES];

/* The facts of game `game` (CITY_GAME_*), or NULL when libcity does not
 * play it. */
static inline const game_facts *facts_of(int game)
{
	return game >= 0 && game < FACTS_GAMES ? &facts_table[game] : NULL;
}

/* The game named name[0..len-1] (CITY_GAME_*), or -1. */
int facts_find(const char *name, size_t len);

#endif /* CITY_LIB_FACTS_H */
