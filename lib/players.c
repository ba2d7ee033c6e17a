/* Players: supplies, followers, scores (see players.h). */
#include "feature.h"
#include "log.h"
#include "players.h"

void players_start(state *s, int followers, int towers)
{
	int p;
	for (p = 0; p < s->setup.n_players; p++) {
		s->pl.supply[p] = (uint8_t)followers;
		s->pl.towers_left[p] = (uint8_t)towers;
	}
}

follower *players_slot(state *s)
{
	int i;
	for (i = 0; i < s->pl.n_fol; i++)
		if (s->pl.fol[i].active == FOL_FREE)
			return &s->pl.fol[i];
	return &s->pl.fol[s->pl.n_fol++];
}

void players_place(state *s, int owner, int tile, int part)
{
	follower *f = players_slot(s);
	f->tile = (uint8_t)tile;
	f->part = (uint8_t)part;
	f->owner = (uint8_t)owner;
	f->active = FOL_ON;
	feat_set_followed(s, feat_root(s, feat_node(s, tile, part)), 1);
	s->pl.supply[owner]--;
}

void players_return(state *s, uint64_t mask, int defer)
{
	int i;
	for (i = 0; i < s->pl.n_fol; i++)
		if (mask >> i & 1) {
			follower *f = &s->pl.fol[i];
			if (defer) {
				f->active = FOL_RETURNING;
			} else {
				f->active = FOL_FREE;
				s->pl.supply[f->owner]++;
			}
		}
}

void players_settle(state *s)
{
	int i;
	for (i = 0; i < s->pl.n_fol; i++)
		if (s->pl.fol[i].active == FOL_RETURNING) {
			s->pl.fol[i].active = FOL_FREE;
			s->pl.supply[s->pl.fol[i].owner]++;
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
	int p, max = 0;
	for (p = 0; p < s->setup.n_players; p++)
		if (counts[p] > max)
			max = counts[p];
	if (!max)
		return;
	for (p = 0; p < s->setup.n_players; p++)
		if (counts[p] == max)
			players_score(s, p, category, reason, 0, points, tile,
			              part);
}
