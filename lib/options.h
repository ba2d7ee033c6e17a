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
/* Copy with a reference on the tile set (dst must be released with
 * options_release). */
void options_copy(city_options *dst, const city_options *src);
void options_release(city_options *o);
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

#endif /* CITY_LIB_OPTIONS_H */
