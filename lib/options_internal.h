/*
 * Internal view of the options builder. The game keeps a copy of the options
 * it was made from, so that records can be written and games reset.
 */
#ifndef CITY_LIB_OPTIONS_INTERNAL_H
#define CITY_LIB_OPTIONS_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "city/common.h"
#include "tileset_internal.h"

/* rules[1..14] = CITY_RULE_* of every game; index 0 unused. */
#define OPT_RULE_COUNT 15
/* The City's rules are 1..OPT_RULES-1 (R-OPT-1..5): the City's game state
 * keeps a copy of these only. */
#define OPT_RULES 6

/* Options as the game modules read them: players, game, expansions and
 * rules[] are plain fields (read them directly; they are valid once
 * options_check() passed). */
struct city_options {
	int players;              /* 2..4 (The City), 2..5 (Carcassonne) */
	uint64_t seed;            /* R-RNG seed (used when n_order == 0) */
	unsigned n_order;         /* explicit draw order length, 0 = seeded */
	uint8_t order[TS_MAX_TILES]; /* design ids in draw order */
	unsigned stacks[3];       /* explicit stack sizes; all 0 = default */
	const city_tileset *ts;   /* retained; never NULL */
	int rules[OPT_RULE_COUNT]; /* rules[CITY_RULE_*], defaults included */
	/* allocator for games (never NULL after options_init) */
	void *(*alloc)(size_t, void *);
	void *(*realloc)(void *, size_t, void *);
	void (*free)(void *, void *);
	void *alloc_user;
	int game;                 /* CITY_GAME_* */
	unsigned expansions;      /* CITY_EXPANSION_* bits (Carcassonne only) */
	uint32_t rules_set;       /* bit r: rule r set explicitly */
	uint8_t ts_chosen;        /* 1: ts set by the caller, else the game's
	                             built-in set */
};

/* Defaults: 2 players, seed 0, built-in set, default stacks and rules. */
void options_init(city_options *o);
/* Allocate / free through the options' allocator. */
void *options_alloc(const city_options *o, size_t size);
/* Copy with a reference on the tile set (dst must be released with
 * options_release). */
void options_copy(city_options *dst, const city_options *src);
void options_release(city_options *o);
/* Whether the game modules can play these options: every explicitly set
 * rule belongs to the game and its expansions, the tile set is the game's
 * (tileset.md game=), the player count fits the game. CITY_OK, or
 * CITY_EINVAL with the reason in why (NUL-terminated when cap > 0), e.g.
 * "R-OPT-5: rule end_gap is not a rule of carcassonne". */
int options_check(const city_options *o, char *why, size_t cap);
/* Whether rule r is a rule of the game with these expansions. */
int options_rule_applies(int rule, int game, unsigned expansions);
/* The CITY_EXPANSION_* bit rule r needs, 0 for none. */
unsigned options_rule_expansion(int rule);
/* The record names of games and expansions ("the-city", "carcassonne";
 * "tower", "river"), NULL for none; and back (-1 for an unknown name). */
const char *options_game_name(int game);
int options_game_find(const char *name, size_t len);
const char *options_expansion_name(unsigned expansion_bit);
int options_expansion_find(const char *name, size_t len);

/* The rule table (options.c) is the one place rules are named. */
/* A rule's record name ("wall_trigger", ...), or NULL for no rule. */
const char *options_rule_name(int rule);
/* The CITY_RULE_* named by name[0..len-1], or 0. */
int options_rule_find(const char *name, size_t len);
/* A rule's value from its record text ("any", "yes", "5") into *out:
 * CITY_OK, or CITY_EPARSE (CITY_EINVAL for no rule). */
int options_rule_value(int *out, int rule, const char *text, size_t len);
/* A rule's value as record text: a table string, or buf for a number. */
const char *options_rule_value_text(char buf[12], int rule, int value);

#endif /* CITY_LIB_OPTIONS_INTERNAL_H */
