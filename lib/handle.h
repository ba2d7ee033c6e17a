/*
 * The façade's handle: options, tile set, error buffer and the state block
 * (header only), split from game_internal.h: the handle's layout apart
 * from the façade's shared helpers (game.h).
 *
 * Writes nothing: these are the handle's layout and the small inline
 * helpers that only read it. Who writes which part: game_internal.h.
 */
#ifndef CITY_LIB_HANDLE_H
#define CITY_LIB_HANDLE_H

#include <stddef.h>

#include "city/city.h"
#include "options_internal.h"
#include "rules.h"
#include "state.h"

#define GAME_ERR_CAP RULES_ERR_CAP

/* How a handle was allocated: its own, never copied from another game. */
typedef struct game_mem {
	void *(*alloc)(size_t, void *);
	void (*free)(void *, void *);
	void *user;
} game_mem;

struct city_game {
	game_mem mem;             /* the handle's allocator */
	const game_rules *rules;  /* the game's rules (games.c) */
	char err[GAME_ERR_CAP];   /* why the last call failed */
	/* What city_game_copy copies (the bytes in use, game.c copy_used): */
	city_options opts;        /* the settings the game was made from
	                             (tile set retained) */
	state st; /* flat state; its variable arrays follow it (state.h) */
};

/* The game's facts (facts.h). */
static inline const game_facts *game_facts_of(const city_game *g)
{
	return facts_of(g->rules->game);
}

/* The game's tile set. */
static inline const city_tileset *game_ts(const city_game *g)
{
	return g->opts.ts;
}

/* What the rules see of a game. */
static inline rules_ctx game_ctx(city_game *g)
{
	rules_ctx c;
	c.ts = g->opts.ts;
	c.s = &g->st;
	c.err = g->err;
	return c;
}

#endif /* CITY_LIB_HANDLE_H */
