/*
 * The potentials of the AI's evaluation (docs/ai.md), read from the
 * game's followers and features instead of through the public queries:
 * the one place the AI reads the state, read only. The evaluation of the
 * positions a playout cuts off is most of a search's work (issue 27), and
 * the public queries find each follower's tile by a hash look-up and its
 * part by name, once per question.
 *
 * Writes: nothing of the game. Reads: the followers (state.pl), the
 * features, the game's completion rule (game_rules.part_complete).
 */
#ifndef CITY_LIB_AI_POTENTIAL_H
#define CITY_LIB_AI_POTENTIAL_H

#include "city/city.h"

/* pot[q] (q < players) = `per_tile` points per tile of every incomplete
 * feature on which player q has a follower and no other player more,
 * each feature counted once per player — the value lib/ai.c computed
 * through city_game_follower, city_feature_complete,
 * city_feature_followers, city_feature_same and city_feature_tiles, sums
 * made in the same order, so the same doubles. `players` is the game's
 * player count. */
void ai_potential_of(const city_game *g, int players, double per_tile,
                     double *pot);

#endif /* CITY_LIB_AI_POTENTIAL_H */
