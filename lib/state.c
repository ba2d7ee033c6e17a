/*
 * The layout of the flat state (drawn in state.h): capacities from the tile
 * set, then the arrays one after the other, each 8-byte aligned.
 */
#include "city/city.h"
#include "state.h"

/* Reserve `bytes` at *off (8-byte aligned) and return where they start. */
static uint32_t reserve(size_t *off, size_t bytes)
{
	size_t at = *off;
	*off = (at + bytes + 7u) & ~(size_t)7u;
	return (uint32_t)at;
}

/* The capacities: bounds that no game on this tile set can exceed. */
static void layout_capacities(st_layout *l, const city_tileset *ts)
{
	unsigned i, nodes = 0, n = ts->n_tiles, hcap = 8;
	/* a node per part, and the base game's monastery its own */
	for (i = 0; i < ts->n_designs; i++)
		nodes += (unsigned)(ts->designs[i].n_parts +
		                    ((ts->designs[i].features & TS_MONASTERY) != 0)) *
		         ts->designs[i].count;
	while (hcap < 2 * n)
		hcap <<= 1;
	l->n_total = (uint16_t)n;
	l->cap_nodes = (uint16_t)nodes;
	/* Each follower placed on a tile gives at most one event (scored with
	 * its feature, returned at the end, or scoring as a steward: every
	 * event of that kind names a player with a follower there), a
	 * discarded tile is one event and is a tile nobody placed a follower
	 * on; then at most 28 guard and 12 tower events. */
	l->cap_events = (uint16_t)(n + 4 * FOLLOWERS_PER_PLAYER + MAX_TOWERS);
	/* place + follower per tile; the gate, the wall pieces and their guard
	 * decisions; a tower decision per round, and every round builds at
	 * least one piece. */
	l->cap_moves = (uint16_t)(2 * n + 3 * (WALL_SUPPLY + 1));
	l->hash_mask = (uint16_t)(hcap - 1);
	/* a polyomino of n cells has at most 2n + 2 free neighbours */
	l->cap_front = (uint16_t)(2 * n + 2);
	l->move_bytes = 3;
	if (ts->game == CITY_GAME_CARCASSONNE) {
		/* A discard per tile; during play a score event per player with
		 * followers on a completed feature (at most one per follower
		 * placed, so one per tile); at the end a score and a return
		 * event per follower; The Tower: a turn may also ransom (two
		 * events) and capture after a floor (a capture and an exchange
		 * event, at most 30 floors). Moves: place, follower or tower
		 * move, capture, ransom per turn. */
		l->cap_events = (uint16_t)(4 * n +
		                           2 * MAX_PLAYERS * FOLLOWERS_PER_PLAYER +
		                           72);
		l->cap_moves = (uint16_t)(4 * n + 8);
		l->move_bytes = 4; /* a capture's part */
	}
}

size_t state_layout(state *s, const city_tileset *ts)
{
	st_layout *l = &s->lay;
	size_t off = (sizeof(state) + 7u) & ~(size_t)7u;
	size_t n;
	layout_capacities(l, ts);
	n = l->n_total;
	l->off_order = reserve(&off, n);
	l->off_tiles = reserve(&off, n * sizeof(ptile));
	l->off_corner = reserve(&off, n);
	l->off_hash = reserve(&off, (size_t)l->hash_mask + 1);
	l->off_front = reserve(&off, l->cap_front * sizeof(fcell));
	/* contour labels: The City's wall only */
	l->off_walk = reserve(&off, ts->game == CITY_GAME_CARCASSONNE
	                                ? 0
	                                : 4u * n * sizeof(uint16_t));
	/* parent, next, open (u16) and tile (u8) per node */
	l->off_nodes = reserve(&off, l->cap_nodes * (3 * sizeof(uint16_t) + 1));
	/* the base game's own arrays (state.h st_rsig, st_height) */
	{
		int own = ts->game == CITY_GAME_CARCASSONNE;
		l->off_rsig = reserve(&off, own ? ts->n_designs * sizeof(uint32_t) : 0);
		l->off_height = reserve(&off, own ? n : 0);
	}
	l->off_events = reserve(&off, l->cap_events * sizeof(sevent));
	l->off_moves = reserve(&off, (size_t)l->cap_moves * l->move_bytes);
	l->size = (uint32_t)off;
	return off;
}
