/* The base game's expansions and the dispatchers of their hooks (see
 * expansions.h). */
#include <stdio.h>

#include "expansions.h"
#include "river.h"
#include "tower.h"

/* By bit position: CITY_EXPANSION_* == 1u << index. A new expansion: its
 * row here, its bit in include/city/options.h, its name in options.c. */
static const expansion *const table[] = {
    &tw_expansion, /* CITY_EXPANSION_TOWER */
    &rv_expansion, /* CITY_EXPANSION_RIVER */
};
#define N_EXPANSIONS (sizeof table / sizeof *table)

/* The expansions in play (setup.expansions). */
static inline unsigned in_play(const state *s)
{
	return s->setup.expansions & ((1u << N_EXPANSIONS) - 1u);
}
/* Expansion i is in play and has hook h. The dispatchers loop over i up
 * to the constant N_EXPANSIONS, which the compiler unrolls: each entry is
 * then a constant address, not an index found from the bits. */
#define HAS(s, i, h) ((in_play(s) >> (i) & 1u) && table[i]->h)

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
	for (size_t i = 0; i < N_EXPANSIONS; i++)
		if ((o->expansions >> i & 1u) && table[i]->deal)
			table[i]->deal(o, plan);
}

const char *expansions_no_part(const state *s, char part)
{
	for (size_t i = 0; i < N_EXPANSIONS; i++)
		if ((in_play(s) >> i & 1u) && part && table[i]->no_part == part)
			return table[i]->no_part_reason;
	return NULL;
}

int expansions_start_design(const city_tileset *ts, const state *s)
{
	int d = -1;
	for (size_t i = 0; i < N_EXPANSIONS && d < 0; i++)
		if (HAS(s, i, start_design))
			d = table[i]->start_design(ts);
	return d >= 0 ? d : ts->start;
}

int expansions_tile_rule_each(const city_tileset *ts, const state *s,
                              int design, tile_rule *r)
{
	for (size_t i = 0; i < N_EXPANSIONS; i++)
		if (HAS(s, i, tile_rule) &&
		    table[i]->tile_rule(ts, s, design, r))
			return 1;
	return 0;
}

int expansions_check_tile(const city_tileset *ts, const state *s, int x,
                          int y, int design, int rot, char *msg, size_t cap)
{
	for (size_t i = 0; i < N_EXPANSIONS; i++)
		if (HAS(s, i, check_tile) &&
		    table[i]->check_tile(ts, s, x, y, design, rot, msg,
		                                  cap))
			return 1;
	return 0;
}

void expansions_start(const city_tileset *ts, state *s)
{
	for (size_t i = 0; i < N_EXPANSIONS; i++)
		if (HAS(s, i, start))
			table[i]->start(ts, s);
}

int expansions_turn_begin_each(state *s, int tiles_left)
{
	int d = -1;
	for (size_t i = 0; i < N_EXPANSIONS && d < 0; i++)
		if (HAS(s, i, turn_begin))
			d = table[i]->turn_begin(s, tiles_left);
	return d;
}

void expansions_placed_each(const city_tileset *ts, state *s, int t)
{
	for (size_t i = 0; i < N_EXPANSIONS; i++)
		if (HAS(s, i, placed))
			table[i]->placed(ts, s, t);
}

int expansions_follower_moves_each(const city_tileset *ts, const state *s)
{
	for (size_t i = 0; i < N_EXPANSIONS; i++)
		if (HAS(s, i, follower_moves) &&
		    table[i]->follower_moves(ts, s))
			return 1;
	return 0;
}

size_t expansions_list_follower_each(const city_tileset *ts, const state *s,
                                     city_move *out, size_t cap, size_t n)
{
	for (size_t i = 0; i < N_EXPANSIONS; i++)
		if (HAS(s, i, list_follower))
			n = table[i]->list_follower(ts, s, out, cap, n);
	return n;
}

void expansions_turn_end_each(state *s)
{
	for (size_t i = 0; i < N_EXPANSIONS; i++)
		if (HAS(s, i, turn_end))
			table[i]->turn_end(s);
}

void expansions_score_final(const city_tileset *ts, state *s)
{
	for (size_t i = 0; i < N_EXPANSIONS; i++)
		if (HAS(s, i, score_final))
			table[i]->score_final(ts, s);
}

int expansions_check_state(const city_tileset *ts, const state *s,
                           char *msg, size_t cap)
{
	/* the mask the inline test of expansions.h reads is the table's */
	for (size_t i = 0; i < N_EXPANSIONS; i++)
		if (!table[i]->tile_rule != !(EXPANSIONS_TILE_RULES >> i & 1u)) {
			snprintf(msg, cap, "EXPANSIONS_TILE_RULES bit %u is wrong",
			         (unsigned)i);
			return 1;
		}
	for (size_t i = 0; i < N_EXPANSIONS; i++)
		if (table[i]->check_state &&
		    table[i]->check_state(ts, s, msg, cap))
			return 1;
	return 0;
}
