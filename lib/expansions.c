/* The base game's expansions and the dispatchers of their hooks (see
 * expansions.h). */
#include "expansions.h"
#include "bits.h"
#include "tower.h"

/* By bit position: CITY_EXPANSION_* == 1u << index. A new expansion: its
 * row here, its bit in include/city/options.h, its name in options.c. */
static const expansion *const table[] = {
    &tw_expansion, /* CITY_EXPANSION_TOWER */
};
#define N_EXPANSIONS (sizeof table / sizeof *table)

/* The expansions in play, one a step: `for (m = in_play(s); m; m &= m - 1)
 * ... table[low_bit(m)]`. */
static inline unsigned in_play(const state *s)
{
	return s->setup.expansions & ((1u << N_EXPANSIONS) - 1u);
}

const expansion *expansions_of_move(int kind)
{
	for (size_t i = 0; i < N_EXPANSIONS; i++)
		if (kind >= 0 && kind < 32 && (table[i]->moves >> kind & 1u))
			return table[i];
	return NULL;
}

const expansion *expansions_of_decision(int decision)
{
	for (size_t i = 0; i < N_EXPANSIONS; i++)
		if (decision >= 0 && decision < 32 &&
		    (table[i]->decisions >> decision & 1u))
			return table[i];
	return NULL;
}

void expansions_start(const city_tileset *ts, state *s)
{
	for (unsigned m = in_play(s); m; m &= m - 1)
		if (table[low_bit(m)]->start)
			table[low_bit(m)]->start(ts, s);
}

int expansions_turn_begin_each(state *s, int tiles_left)
{
	int d = -1;
	for (unsigned m = in_play(s); m && d < 0; m &= m - 1)
		if (table[low_bit(m)]->turn_begin)
			d = table[low_bit(m)]->turn_begin(s, tiles_left);
	return d;
}

void expansions_placed_each(const city_tileset *ts, state *s, int t)
{
	for (unsigned m = in_play(s); m; m &= m - 1)
		if (table[low_bit(m)]->placed)
			table[low_bit(m)]->placed(ts, s, t);
}

int expansions_follower_moves_each(const city_tileset *ts, const state *s)
{
	for (unsigned m = in_play(s); m; m &= m - 1)
		if (table[low_bit(m)]->follower_moves &&
		    table[low_bit(m)]->follower_moves(ts, s))
			return 1;
	return 0;
}

size_t expansions_list_follower_each(const city_tileset *ts, const state *s,
                                     city_move *out, size_t cap, size_t n)
{
	for (unsigned m = in_play(s); m; m &= m - 1)
		if (table[low_bit(m)]->list_follower)
			n = table[low_bit(m)]->list_follower(ts, s, out, cap, n);
	return n;
}

void expansions_turn_end_each(state *s)
{
	for (unsigned m = in_play(s); m; m &= m - 1)
		if (table[low_bit(m)]->turn_end)
			table[low_bit(m)]->turn_end(s);
}

void expansions_score_final(const city_tileset *ts, state *s)
{
	for (unsigned m = in_play(s); m; m &= m - 1)
		if (table[low_bit(m)]->score_final)
			table[low_bit(m)]->score_final(ts, s);
}

int expansions_check_state(const city_tileset *ts, const state *s,
                           char *msg, size_t cap)
{
	for (size_t i = 0; i < N_EXPANSIONS; i++)
		if (table[i]->check_state &&
		    table[i]->check_state(ts, s, msg, cap))
			return 1;
	return 0;
}
