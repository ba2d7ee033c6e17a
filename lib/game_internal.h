/*
 * The game handle, for the façade's files (game.c: lifecycle, moves,
 * listing, undo; query.c and tc_query.c: read-only queries). A game's
 * rules never see the handle: they get a rules_ctx (rules.h).
 *
 * Writes: the handle (mem, rules, err, opts) and, at the start of a game,
 * state.setup and the draw order; the rest of the state only through the
 * game's rules. Queries read every part.
 */
#ifndef CITY_LIB_GAME_INTERNAL_H
#define CITY_LIB_GAME_INTERNAL_H

#include <stddef.h>

#include "game.h"
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
	/* What city_game_copy copies, as one run of bytes: */
	city_options opts;        /* the settings the game was made from
	                             (tile set retained) */
	state st; /* flat state; its variable arrays follow it (state.h) */
};

/* The bytes from the settings to the end of the state. */
static inline size_t game_copy_size(const city_game *g)
{
	return offsetof(city_game, st) - offsetof(city_game, opts) +
	       g->st.lay.size;
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

#endif /* CITY_LIB_GAME_INTERNAL_H */
