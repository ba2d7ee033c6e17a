/*
 * The playout's pick of a tile placement without listing every move
 * (issue 27): a random playout lists the legal moves to take one, and a
 * tile decision lists tens of placements, 24 bytes each. Here the game's
 * rules give the placements as cells and rotation sets (rules.h
 * list_cells), the same cells, order and tests as city_legal_moves, and
 * only the chosen one is written: move k of the listing, byte for byte.
 *
 * Writes: nothing of the game, only the caller's scratch. Reads: the
 * frontier, through the game's rules.
 */
#ifndef CITY_LIB_AI_PICK_H
#define CITY_LIB_AI_PICK_H

#include <stddef.h>

#include "city/city.h"

/* The scratch of one tree (about 1.5 KB), made once. */
typedef struct ai_pick ai_pick;

ai_pick *ai_pick_new(void); /* NULL when out of memory; the caller owns it */
void ai_pick_free(ai_pick *pk);

/* When g waits for a tile placement (on a board that is not empty): 1,
 * the placements held in *pk and their number in *count (what
 * city_legal_moves would count). Else 0: list with city_legal_moves. */
int ai_pick_count(const city_game *g, ai_pick *pk, size_t *count);

/* Move k (< *count of ai_pick_count, g unchanged since) of g's listing,
 * exactly as city_legal_moves writes it. */
void ai_pick_move(const city_game *g, const ai_pick *pk, size_t k,
                  city_move *m);

#endif /* CITY_LIB_AI_PICK_H */
