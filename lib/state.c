/*
 * The layout of the flat state (drawn in state.h): capacities from the tile
 * set, then the arrays one after the other, each 8-byte aligned.
 */
#include <stddef.h>

#include "city/city.h"
#include "state.h"

/* facts.h indexes its part-kind columns by ts_kind (tileset_internal.h). */
_Static_assert(TS_FIELD + 1 == FACTS_KINDS, "a column per part kind");

/* The game's parts share the header's last member, a union; nothing
 * follows it (state_header_end relies on it). */
_Static_assert(offsetof(state, cc) == offsetof(state, city) &&
                   sizeof(state) - offsetof(state, city) - sizeof(st_city) < 8,
               "the union of the games' parts ends the header");

/* Where the arrays start: after the header, or in a game without a wall
 * (the base game, with or without its expansions) after its own part of
 * the union, st_cc; the rest is The City's (st_city, the larger), which
 * the base game never reads nor writes (its queries answer without it:
 * tc_query.c no_wall), so its state does not carry it (issue 27: a state
 * holds only what its game needs). */
static size_t state_header_end(const game_facts *f)
{
	size_t end = f->wall ? sizeof(state) : offsetof(state, cc) + sizeof(st_cc);
	return (end + 7u) & ~(size_t)7u;
}

/* Reserve `bytes` at *off (8-byte aligned) and return where they start. */
static uint32_t reserve(size_t *off, size_t bytes)
{
	size_t at = *off;
	*off = (at + bytes + 7u) & ~(size_t)7u;
	return (uint32_t)at;
}

/* The capacities: bounds that no game on this tile set can exceed. */
static void layout_capacities(st_layout *l, const city_tileset *ts,
                              const game_facts *f)
{
	unsigned i, nodes = 0, n = ts->n_tiles, hcap = 8, towers = 0;
	/* a node per part, and the base game's monastery its own */
	for (i = 0; i < ts->n_designs; i++) {
		nodes += (unsigned)(ts->designs[i].n_parts +
		                    ((ts->designs[i].features & TS_MONASTERY) != 0)) *
		         ts->designs[i].count;
		towers |= ts->designs[i].features & TS_TOWER;
	}
	while (hcap < 2 * n)
		hcap <<= 1;
	l->n_total = (uint16_t)n;
	l->cap_nodes = (uint16_t)nodes;
	/* bounds of the game's events and moves (their reasons: facts.c) */
	l->cap_events = (uint16_t)(f->events_per_tile * n + f->events_more);
	l->cap_moves = (uint16_t)(f->moves_per_tile * n + f->moves_more);
	l->hash_mask = (uint16_t)(hcap - 1);
	/* a polyomino of n cells has at most 2n + 2 free neighbours */
	l->cap_front = (uint16_t)(2 * n + 2);
	l->move_bytes = f->move_bytes;
	if (f->plain_move_bytes && !towers) {
		/* a set without a tower foundation: The Tower's events and
		 * 4-byte moves cannot happen, so the state holds only the base
		 * game's (issue 27: the state sized for what its game needs) */
		l->cap_events = (uint16_t)(f->plain_events_per_tile * n +
		                           f->plain_events_more);
		l->cap_moves = (uint16_t)(f->plain_moves_per_tile * n +
		                          f->plain_moves_more);
		l->move_bytes = f->plain_move_bytes;
	}
}

size_t state_layout(state *s, const city_tileset *ts)
{
	st_layout *l = &s->lay;
	const game_facts *f = facts_of(ts->game);
	size_t off = state_header_end(f), n;
	layout_capacities(l, ts, f);
	n = l->n_total;
	l->off_order = reserve(&off, n);
	l->off_tiles = reserve(&off, n * sizeof(ptile));
	l->off_corner = reserve(&off, n);
	l->off_hash = reserve(&off, (size_t)l->hash_mask + 1);
	l->off_front = reserve(&off, l->cap_front * sizeof(fcell));
	l->off_frow = reserve(&off, FROW_ROWS * sizeof(frow_bits) +
	                                FROW_STARTS * sizeof(uint16_t));
	/* contour labels: a wall's only */
	l->off_walk = reserve(&off, f->wall ? 4u * n * sizeof(uint16_t) : 0);
	/* parent, next, open (u16) and tile (u8) per node */
	l->off_nodes = reserve(&off, l->cap_nodes * (3 * sizeof(uint16_t) + 1));
	/* the base game's own arrays (state.h st_rsig, st_height) */
	l->off_rsig = reserve(&off, f->own_arrays
	                                ? ts->n_designs * sizeof(uint32_t)
	                                : 0);
	l->off_height = reserve(&off, f->own_arrays ? n : 0);
	l->off_events = reserve(&off, l->cap_events * sizeof(sevent));
	l->off_moves = reserve(&off, (size_t)l->cap_moves * l->move_bytes);
	l->size = (uint32_t)off;
	return off;
}
