/* Players: supplies, followers, scores (see players.h). */
#include <assert.h>

#include "bits.h"
#include "feature.h"
#include "log.h"
#include "players.h"

void players_start(state *s, int followers, int towers)
{
	int p;
	for (p = 0; p < s->setup.n_players; p++) {
		s->pl.supply[p] = (uint8_t)followers;
		s->pl.wall_towers_left[p] = (uint8_t)towers;
	}
}

_Static_assert(MAX_PLAYERS * FOLLOWERS_PER_PLAYER < 64,
               "the follower slots' masks (busy, on) are one word");

/* A free follower slot (the first, else a new one at the end; there is
 * always one: FOLLOWERS_PER_PLAYER a player), marked busy with state
 * `active` (on: FOL_ON); the caller fills the rest. */
static follower *players_slot(state *s, int active)
{
	/* n_fol <= 35 slots: the masks are one word (asserted below) */
	uint64_t free = ~s->pl.busy & (((uint64_t)1 << s->pl.n_fol) - 1u);
	int i = free ? low_bit64(free) : s->pl.n_fol++;
	uint64_t bit = (uint64_t)1 << i;
	s->pl.busy |= bit;
	if (active == FOL_ON)
		s->pl.on |= bit;
	s->pl.fol[i].active = (uint8_t)active;
	return &s->pl.fol[i];
}

/* Slot i becomes free. */
static void players_free(state *s, int i)
{
	uint64_t bit = (uint64_t)1 << i;
	s->pl.busy &= ~bit;
	s->pl.on &= ~bit;
	s->pl.fol[i].active = FOL_FREE;
}

void players_place(state *s, int owner, int tile, int part)
{
	follower *f = players_slot(s, FOL_ON);
	f->tile = (uint8_t)tile;
	f->part = (uint8_t)part;
	f->owner = (uint8_t)owner;
	feat_set_followed(s, feat_root(s, feat_node(s, tile, part)), 1);
	s->pl.supply[owner]--;
}

void players_place_top(state *s, int owner, int tile)
{
	follower *f = players_slot(s, FOL_TOP);
	f->tile = (uint8_t)tile;
	f->part = (uint8_t)FOL_PART_TOP;
	f->owner = (uint8_t)owner;
	s->pl.supply[owner]--;
}

void players_from_supply(state *s, int player)
{
	s->pl.supply[player]--;
}

void players_to_supply(state *s, int player)
{
	s->pl.supply[player]++;
}

void players_use_wall_tower(state *s, int player)
{
	s->pl.wall_towers_left[player]--;
}

void players_send_home(state *s, int slot, int root)
{
	follower *f = &s->pl.fol[slot];
	players_free(s, slot);
	if (root >= 0)
		feat_set_followed(s, root, 0);
	s->pl.supply[f->owner]++;
	log_event(s, CITY_EVENT_RETURN, 0, 0, f->owner, 0, f->tile, f->part);
}

void players_take(state *s, int slot)
{
	follower *f = &s->pl.fol[slot];
	int on = f->active == FOL_ON, r;
	players_free(s, slot);
	if (!on)
		return;
	r = feat_root(s, feat_node(s, f->tile, f->part));
	if (!players_on_feature(s, r, NULL)) /* the one scan */
		feat_set_followed(s, r, 0);
}

void players_transfer(state *s, int from, int to, int category, int reason,
                      int points)
{
	s->pl.score[from][category] -= points;
	s->pl.score[to][category] += points;
	log_event_other(s, CITY_EVENT_SCORE, reason, to, points, 0, EV_NO_PART,
	                from);
	log_event_other(s, CITY_EVENT_SCORE, reason, from, -points, 0,
	                EV_NO_PART, to);
}

void players_return(state *s, uint64_t mask, int defer)
{
	/* over the set bits: the followers of one feature among all slots */
	if (defer) {
		s->pl.on &= ~mask; /* still busy */
		for (; mask; mask &= mask - 1)
			s->pl.fol[low_bit64(mask)].active = FOL_RETURNING;
		return;
	}
	s->pl.busy &= ~mask;
	s->pl.on &= ~mask;
	for (; mask; mask &= mask - 1) {
		follower *f = &s->pl.fol[low_bit64(mask)];
		f->active = FOL_FREE;
		s->pl.supply[f->owner]++;
	}
}

void players_settle(state *s)
{
	uint64_t m;
	/* the busy slots not on a feature: returning (or The Tower's tops) */
	for (m = s->pl.busy & ~s->pl.on; m; m &= m - 1) {
		int i = low_bit64(m);
		if (s->pl.fol[i].active == FOL_RETURNING) {
			players_free(s, i);
			s->pl.supply[s->pl.fol[i].owner]++;
		}
	}
}

void players_score(state *s, int player, int category, int reason,
                   int side, int points, int tile, int part)
{
	s->pl.score[player][category] += points;
	log_event(s, CITY_EVENT_SCORE, reason, side, player, points, tile,
	          part);
}

void players_award_majority(state *s, const int counts[MAX_PLAYERS],
                            int category, int reason, int points, int tile,
                            int part)
{
	int p, max = counts[0];
	unsigned most = 0;
	/* every seat, a fixed count: the seats past n_players count 0 (the
	 * callers clear all MAX_PLAYERS), so they neither raise the maximum
	 * nor, when it is above 0, join it */
	for (p = 0; p < MAX_PLAYERS; p++)
		assert(p < s->setup.n_players || !counts[p]);
	for (p = 1; p < MAX_PLAYERS; p++)
		max = counts[p] > max ? counts[p] : max;
	if (!max)
		return;
	/* who has the most is data: as bits, without a branch per player,
	 * then scored in seat order over the set bits */
	for (p = 0; p < MAX_PLAYERS; p++)
		most |= (unsigned)(counts[p] == max) << p;
	for (; most; most &= most - 1)
		players_score(s, low_bit(most), category, reason, 0, points, tile,
		              part);
}
