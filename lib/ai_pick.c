/*
 * The playout's pick of a tile placement (see ai_pick.h): the game's
 * rules list the cells (list_cells), listing.c writes the one move.
 */
#include <stdlib.h>

#include "ai_pick.h"
#include "game_internal.h"
#include "listing.h"

struct ai_pick {
	list_cells lc;
};

ai_pick *ai_pick_new(void)
{
	return malloc(sizeof(ai_pick));
}

void ai_pick_free(ai_pick *pk)
{
	free(pk);
}

int ai_pick_count(const city_game *g, ai_pick *pk, size_t *count)
{
	size_t n = g->rules->list_cells(game_ts(g), &g->st, &pk->lc);
	if (n == LIST_NO_CELLS)
		return 0;
	*count = n;
	return 1;
}

void ai_pick_move(const city_game *g, const ai_pick *pk, size_t k,
                  city_move *m)
{
	list_cells_move(&g->st, &pk->lc, k, m);
}
