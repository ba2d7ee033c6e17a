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

#include "bits.h"
#include "feature.h"
#include "state.h"

/* Each player's supply at the start: `followers` each and `towers` each. */
void players_start(state *s, int followers, int towers);
/* Put a follower of `owner` on part `part` of placed tile t (a free slot
 * is reused); marks the feature followed and takes it from the supply. */
void players_place(state *s, int owner, int tile, int part);
/* The followers standing on the feature of `root`: bit i of the result (64 bits: 5 players x 7) is
 * follower slot i; counts[p] (may be NULL) receives how many player p has
 * there. */
static inline uint64_t players_on_feature(const state *s, int root,
                                          int counts[MAX_PLAYERS])
{
	uint64_t on = 0, m;
	int i;
	if (counts)
		for (i = 0; i < MAX_PLAYERS; i++)
			counts[i] = 0;
	/* over the followers on a feature only (st_players.on) */
	for (m = s->pl.on; m; m &= m - 1) {
		const follower *f = &s->pl.fol[low_bit64(m)];
		if (feat_root(s, feat_node(s, f->tile, f->part)) == root) {
			on |= m & -m;
			if (counts)
				counts[f->owner]++;
		}
	}
	return on;
}
/* Put a follower of `owner` on top of placed tile t's tower (The Tower,
 * T-ACT-2): a slot of its own (FOL_TOP), taken from the supply. */
void players_place_top(state *s, int owner, int tile);
/* One follower of `player` leaves the supply for a piece that is not a
 * slot (The City's guard on a wall piece, R-WALL-6). */
void players_from_supply(state *s, int player);
/* One follower comes back to `player`'s supply (a prisoner freed or
 * exchanged, T-CAP-4/5; one's own follower taken, T-CAP-2). */
void players_to_supply(state *s, int player);
/* One of `player`'s towers is built (The City, R-WALL-7). */
void players_use_wall_tower(state *s, int player);
/* Follower slot i goes home: freed, back to its owner's supply, a RETURN
 * event; `root` >= 0: the feature it stood on is no longer followed
 * (every follower on it goes home, the caller says so). */
void players_send_home(state *s, int slot, int root);
/* Follower slot i is taken off the board (The Tower's capture, T-CAP-2):
 * freed, to no supply (the caller decides where it goes); the feature it
 * stood on stays followed while another follower stands on it. */
void players_take(state *s, int slot);
/* Move `points` of `category` from player `from` to player `to`, both
 * score events of `reason` naming the other (The Tower's ransom, T-CAP-5:
 * the receiver's first). */
void players_transfer(state *s, int from, int to, int category, int reason,
                      int points);
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
 * counts[] (at least one) scores `points`, as in players_score. The seats
 * past the player count must count 0 (players_on_feature clears them). */
void players_award_majority(state *s, const int counts[MAX_PLAYERS],
                            int category, int reason, int points, int tile,
                            int part);

#endif /* CITY_LIB_PLAYERS_H */
