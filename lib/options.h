/*
 * Internal view of the options builder. The game keeps a copy of the options
 * it was made from, so that records can be written and games reset.
 */
#ifndef CITY_LIB_OPTIONS_H
#define CITY_LIB_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "city/common.h"
#include "tileset.h"

#define OPT_RULES 6 /* indices 1..5 = CITY_RULE_* */

struct city_options {
	int players;              /* 2..4 */
	uint64_t seed;            /* R-RNG seed (used when n_order == 0) */
	unsigned n_order;         /* explicit draw order length, 0 = seeded */
	uint8_t order[TS_MAX_TILES]; /* design ids in draw order */
	unsigned stacks[3];       /* explicit stack sizes; all 0 = default */
	const city_tileset *ts;   /* retained; never NULL */
	int rules[OPT_RULES];     /* rules[CITY_RULE_*] */
	/* allocator for games (never NULL after options_init) */
	void *(*alloc)(size_t, void *);
	void *(*realloc)(void *, size_t, void *);
	void (*free)(void *, void *);
	void *alloc_user;
};

/* Defaults: 2 players, seed 0, built-in set, default stacks and rules. */
void options_init(city_options *o);
/* Allocate / free through the options' allocator. */
void *options_alloc(const city_options *o, size_t size);
void options_free_mem(const city_options *o, void *p);
/* Copy with a reference on the tile set (dst must be released with
 * options_release). */
void options_copy(city_options *dst, const city_options *src);
void options_release(city_options *o);
/* Rule names as in records ("wall_trigger", ...), index CITY_RULE_*. */
const char *options_rule_name(int rule);
/* Write a rule's value as record text ("occupied", "yes", "5"). */
const char *options_rule_value_text(int rule, int value, char buf[12]);

#endif /* CITY_LIB_OPTIONS_H */
