/*
 * The AI's potentials from the state (see ai_potential.h): one pass over
 * the follower slots groups them by feature root and counts each
 * player's followers there, a second adds each feature once per player
 * in slot order, as the public queries' loop did.
 */
#include <string.h>

#include "ai_potential.h"
#include "feature.h"
#include "game_internal.h"

#define AI_SLOTS (MAX_PLAYERS * FOLLOWERS_PER_PLAYER)

/* The followers' features: the root of each, each player's followers on
 * it (FOL_ON only, as players_on_feature counts them) and the players
 * whose first follower there was already weighed. */
typedef struct pot_groups {
	int n;
	uint16_t root[AI_SLOTS];
	uint8_t count[AI_SLOTS][MAX_PLAYERS];
	uint8_t done[AI_SLOTS];
	int8_t of_slot[AI_SLOTS]; /* group of each slot, -1: none */
} pot_groups;

/* A slot stands on a part of a tile (on its feature, or scored and
 * returning after the guard decision); a tower top (FOL_TOP) is on no
 * part, as city_feature_complete's ENOTFOUND for its part 't' says. */
static int on_part(const follower *f)
{
	return f->active == FOL_ON || f->active == FOL_RETURNING;
}

static void group(const state *s, pot_groups *pg)
{
	int i, k;
	pg->n = 0;
	for (i = 0; i < s->pl.n_fol; i++) {
		const follower *f = &s->pl.fol[i];
		uint16_t r;
		pg->of_slot[i] = -1;
		if (!on_part(f))
			continue;
		r = (uint16_t)feat_root(s, feat_node(s, f->tile, f->part));
		for (k = 0; k < pg->n && pg->root[k] != r; k++)
			;
		if (k == pg->n) {
			pg->root[k] = r;
			memset(pg->count[k], 0, sizeof pg->count[k]);
			pg->done[k] = 0;
			pg->n++;
		}
		pg->of_slot[i] = (int8_t)k;
		if (f->active == FOL_ON)
			pg->count[k][f->owner]++;
	}
}

/* Player p leads the feature of group k: at least one follower there and
 * no other player more. */
static int leads(const pot_groups *pg, int k, int p, int players)
{
	int mine = pg->count[k][p], q;
	if (mine <= 0)
		return 0;
	for (q = 0; q < players; q++)
		if (q != p && pg->count[k][q] > mine)
			return 0;
	return 1;
}

void ai_potential_of(const city_game *g, int players, double per_tile,
                     double *pot)
{
	const state *s = &g->st;
	pot_groups pg;
	int i;
	for (i = 0; i < players; i++)
		pot[i] = 0;
	group(s, &pg);
	for (i = 0; i < s->pl.n_fol; i++) {
		const follower *f = &s->pl.fol[i];
		int k = pg.of_slot[i], p = f->owner;
		if (k < 0 || p >= players || (pg.done[k] >> p & 1))
			continue;
		/* a later follower of p there was "seen" (city_feature_same) */
		pg.done[k] = (uint8_t)(pg.done[k] | 1u << p);
		if (!leads(&pg, k, p, players) ||
		    g->rules->part_complete(game_ts(g), s, f->tile, f->part) != 0)
			continue;
		pot[p] += per_tile * feat_tile_count(s, pg.root[k]);
	}
}
