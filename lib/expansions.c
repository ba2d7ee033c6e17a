/* The base game's expansions and the dispatchers of their hooks (see
 * expansions.h). */
#include "expansions.h"
#include "bits.h"
#include "river.h"
#include "tower.h"

/* By bit position: CITY_EXPANSION_* == 1u << index. A new expansion: its
 * row here, its bit in include/city/options.h, its name in options.c. */
static const expansion *const table[] = {
    &tw_expansion, /* CITY_EXPANSION_TOWER */
    &rv_expansion, /* CITY_EXPANSION_RIVER */
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

void expansions_deal(const city_options *o, deal_plan *plan)
{
	for (unsigned m = o->expansions & ((1u << N_EXPANSIONS) - 1u); m;
	     m &= m - 1)
		if (table[low_bit(m)]->deal)
			table[low_bit(m)]->deal(o, plan);
}

const char *expansions_no_part(const state *s, char part)
{
	for (unsigned m = in_play(s); m; m &= m - 1)
		if (part && table[low_bit(m)]->no_part == part)
			return table[low_bit(m)]->no_part_reason;
	return NULL;
}

int expansions_start_design(const city_tileset *ts, const state *s)
{
	int d = -1;
	for (unsigned m = in_play(s); m && d < 0; m &= m - 1)
		if (table[low_bit(m)]->start_design)
			d = table[low_bit(m)]->start_design(ts);
	return d >= 0 ? d : ts->start;
}

int expansions_tile_rule_each(const city_tileset *ts, const state *s,
                              int design, tile_rule *r)
{
	for (unsigned m = in_play(s); m; m &= m - 1)
		if (table[low_bit(m)]->tile_rule &&
		    table[low_bit(m)]->tile_rule(ts, s, design, r))
			return 1;
	return 0;
}

int expansions_check_tile(const city_tileset *ts, const state *s, int x,
                          int y, int design, int rot, char *msg, size_t cap)
{
	for (unsigned m = in_play(s); m; m &= m - 1)
		if (table[low_bit(m)]->check_tile &&
		    table[low_bit(m)]->check_tile(ts, s, x, y, design, rot, msg,
		                                  cap))
			return 1;
	return 0;
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
