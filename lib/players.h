/*
 * Players (owner of state.pl): supplies, the followers on the board and
 * the scores by category. The one scan of the followers of a feature and
 * the one majority award live here.
 *
 * Writes: state.pl (and the event log through log.h). Reads: the features
 * (a follower's root), the set-up (player count).
 */
#ifndef CITY_LIB_PLAYERS_H
#define CITY_LIB_PLAYERS_H

#include <stdint.h>

#include "feature.h"
#include "state.h"

/* Each player's supply at the start: `followers` each and `towers` each. */
void players_start(state *s, int followers, int towers);
/* A free follower slot (the first, else a new one at the end; there is
 * always one: FOLLOWERS_PER_PLAYER a player); the caller fills it. */
follower *players_slot(state *s);
/* Put a follower of `owner` on part `part` of placed tile t (a free slot
 * is reused); marks the feature followed and takes it from the supply. */
void players_place(state *s, int owner, int tile, int part);
/* The followers standing on the feature of `root`: bit i of the result (64 bits: 5 players x 7) is
 * follower slot i; counts[p] (may be NULL) receives how many player p has
 * there. */
static inline uint64_t players_on_feature(const state *s, int root,
                                          int counts[MAX_PLAYERS])
{
	uint64_t on = 0;
	int i;
	if (counts)
		for (i = 0; i < MAX_PLAYERS; i++)
			counts[i] = 0;
	for (i = 0; i < s->pl.n_fol; i++) {
		const follower *f = &s->pl.fol[i];
		if (f->active == FOL_ON &&
		    feat_root(s, feat_node(s, f->tile, f->part)) == root) {
			on |= (uint64_t)1 << i;
			if (counts)
				counts[f->owner]++;
		}
	}
	return on;
}
/* Send the followers of `mask` back to their owners' supply, or, with
 * `defer`, off their feature until players_settle (FOL_RETURNING). */
void players_return(state *s, uint64_t mask, int defer);
/* Bring every returning follower back to its owner's supply. */
void players_settle(state *s);
/* Add points to a player's score in `category` (CITY_CAT_*) and log the
 * score event of `reason` (CITY_REASON_*); `side` as in log_event. */
void players_score(state *s, int player, int category, int reason,
                   int side, int points, int tile, int part);
/* The one majority award: every player with the most followers in
 * counts[] (at least one) scores `points`, as in players_score. */
void players_award_majority(state *s, const int counts[MAX_PLAYERS],
                            int category, int reason, int points, int tile,
                            int part);

#endif /* CITY_LIB_PLAYERS_H */
