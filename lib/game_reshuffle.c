/*
 * city_game_reshuffle: the determinisation step of the AI (lib/ai.c,
 * docs/ai.md). The only place outside the game module that touches the
 * draw order, kept in one small file on purpose: it reads the draw index,
 * the stack ends and the order, and writes the order (state and options).
 */
#include <string.h>

#include "city/ai.h"
#include "game_internal.h"

static uint64_t reshuffle_next(uint64_t *st)
{
	uint64_t z = (*st += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

/* Sort a run of design indices (< nd; counting sort), so that what
 * follows depends on which tiles the run holds and not on their order:
 * the AI must learn nothing from the real draw order. Each design's copies
 * are written 16 at a time into a scratch run, the place advanced by their
 * count: no branch on how many there are up to 16 (more copies take more
 * rounds, a branch no built-in set reaches: at most 9); a design with none
 * writes 16 bytes past the place, overwritten by the next design's or
 * never copied back. */
static void sort_run(uint8_t *run, unsigned n, unsigned nd)
{
	uint8_t count[TS_MAX_DESIGNS], out[TS_MAX_TILES + 16];
	unsigned d, k = 0, c;
	_Static_assert(TS_MAX_TILES <= 255, "a design's count fits a byte");
	memset(count, 0, sizeof count);
	for (c = 0; c < n; c++)
		count[run[c]]++;
	for (d = 0; d < nd; d++) {
		c = 0;
		do {
			memset(out + k + c, (int)d, 16);
			c += 16;
		} while (c < count[d]);
		k += count[d];
	}
	memcpy(run, out, n);
}

/* Fisher-Yates with splitmix64, as R-RNG deals the start order. */
static void shuffle_run(uint8_t *run, unsigned n, uint64_t *st)
{
	unsigned i;
	for (i = n; i > 1; i--) {
		unsigned j = (unsigned)(reshuffle_next(st) % i);
		uint8_t t = run[i - 1];
		run[i - 1] = run[j];
		run[j] = t;
	}
}

int city_game_reshuffle(city_game *game, uint64_t seed)
{
	state *s;
	uint8_t *order;
	const city_tileset *ts;
	unsigned k, start = 0, i;
	uint64_t st = seed;
	if (!game)
		return CITY_EINVAL;
	s = &game->st;
	order = st_order_w(s);
	ts = game_ts(game);
	/* Undrawn: draw indices draw_pos.. ; each segment of the deal
	 * shuffled within itself (R-SET-4: The City's stacks are drawn one
	 * after the other; the base game has one, C-SET-4, its three ends
	 * equal; The River's river tiles, lake and land tiles, V-SET-2). */
	for (k = 0; k < 3; k++) {
		unsigned end = s->setup.seg_end[k];
		unsigned from = start > s->turn.draw_pos ? start : s->turn.draw_pos;
		if (end > from) {
			sort_run(order + from, end - from, ts->n_designs);
			shuffle_run(order + from, end - from, &st);
		}
		start = end;
	}
	/* The options keep the order as an explicit one (design ids), so that
	 * the record, city_game_reset() and undo replay this game. */
	game->opts.n_order = s->setup.stack_end[2]; /* the tiles drawn */
	for (i = 0; i < s->setup.stack_end[2]; i++)
		game->opts.order[i] = ts->designs[order[i]].id;
	return CITY_OK;
}
