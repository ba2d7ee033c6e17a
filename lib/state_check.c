/* The debug consistency check of a game state (see state_check.h). */
#include <string.h>

#include "board.h"
#include "feature.h"
#include "game_internal.h"
#include "msg.h"
#include "state_check.h"

#define FAIL(...)                                                          \
	do {                                                               \
		msg_say(msg, cap, __VA_ARGS__);                            \
		return 1;                                                  \
	} while (0)

/* The layout is the one of the tile set; the counts fit their arrays. */
static int check_layout(const city_game *g, char *msg, size_t cap)
{
	const state *s = &g->st;
	state fresh;
	memset(&fresh, 0, sizeof fresh);
	state_layout(&fresh, game_ts(g));
	if (memcmp(&fresh.lay, &s->lay, sizeof s->lay) != 0)
		FAIL("layout: not the one of the tile set");
	if (s->board.n_tiles > s->lay.n_total ||
	    s->board.n_front > s->lay.cap_front ||
	    s->feat.n_nodes > s->lay.cap_nodes ||
	    s->log.n_events >= s->lay.cap_events ||
	    s->log.n_moves > s->lay.cap_moves ||
	    s->pl.n_fol > MAX_PLAYERS * FOLLOWERS_PER_PLAYER)
		FAIL("layout: a count exceeds its capacity");
	if (s->setup.n_players < 2 || s->setup.n_players > MAX_PLAYERS ||
	    s->turn.decision > game_facts_of(g)->last_decision)
		FAIL("set-up: %d players, decision %d", s->setup.n_players,
		     s->turn.decision);
	return 0;
}

/* Every placed tile is found by its cell, inside the extent, with the
 * neighbour links and corner bits its cells say. */
static int check_tiles(const state *s, char *msg, size_t cap)
{
	int i, k;
	for (i = 0; i < s->board.n_tiles; i++) {
		const ptile *p = &st_tiles(s)[i];
		unsigned corner = 0;
		if (board_tile_at(s, p->x, p->y) != i)
			FAIL("board: tile %d not found at (%d,%d)", i, p->x, p->y);
		for (k = 0; k < 4; k++) {
			int nb = board_tile_at(s, p->x + DX[k], p->y + DY[k]);
			int k2 = (k + 1) & 3;
			if (p->nb[k] != (nb < 0 ? NO_TILE : nb))
				FAIL("board: tile %d, link %s wrong", i,
				     msg_side_name(k));
			if (board_tile_at(s, p->x + DX[k] + DX[k2],
			                  p->y + DY[k] + DY[k2]) >= 0)
				corner |= 1u << k;
		}
		if (st_corner(s)[i] != corner)
			FAIL("board: tile %d, corner bits %u not %u", i,
			     st_corner(s)[i], corner);
	}
	return 0;
}

/* A frontier cell holds the bits its neighbouring cells say. */
static int check_front_cell(const city_tileset *ts, const state *s,
                            const fcell *f, char *msg, size_t cap)
{
	static const int rx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
	static const int ry[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
	unsigned ring = 0, present = 0, streets = 0, blocked = 0;
	int x = fc_x(f), y = fc_y(f), k;
	if (board_tile_at(s, x, y) >= 0)
		FAIL("frontier: cell (%d,%d) holds a tile", x, y);
	for (k = 0; k < 8; k++)
		ring |= (unsigned)(board_tile_at(s, x + rx[k], y + ry[k]) >= 0)
		        << k;
	for (k = 0; k < 4; k++) {
		int t = board_tile_at(s, x + DX[k], y + DY[k]);
		if (t < 0)
			continue;
		present |= 1u << k;
		if (board_tile_side(ts, s, t, side_back(k))->mid != TS_NONE)
			streets |= 1u << k;
		if (ts->designs[st_tiles(s)[t].design]
		        .parts[board_tile_side(ts, s, t, side_back(k))->left]
		        .kind == TS_CITY)
			streets |= 1u << (k + 4); /* the base game's city side */
		if ((unsigned)ts->designs[st_tiles(s)[t].design].river >>
		        ((unsigned)(side_back(k) - pt_rot(&st_tiles(s)[t])) & 3u) &
		    1u)
			streets |= 0x11u << (unsigned)k; /* a river side (V-GEO-1) */
		if (pt_sealed(&st_tiles(s)[t], side_back(k)))
			blocked = FC_BLOCKED;
	}
	if (!present || f->ring != ring || f->present != present ||
	    f->streets != streets || (f->flags & FC_BLOCKED) != blocked ||
	    !(f->flags & FC_SPLITS) != !board_cell_may_enclose(s, x, y))
		FAIL("frontier: cell (%d,%d) has wrong bits", x, y);
	return 0;
}

/* While kept (board.wide clear), the frontier's row index says where each
 * cell of the frontier is: its bits are the frontier's cells, its row
 * starts count them, up to the row two past the south-most tile's. */
static int check_frontier_rows(const state *s, char *msg, size_t cap)
{
	frow_bits bits[FROW_ROWS] = {0};
	const fcell *f = st_front(s);
	int i, r, start = 0, last = s->board.max_y + FROW_BIAS + 2;
	if (s->board.wide)
		return 0;
	for (i = 0; i < s->board.n_front; i++) {
		int x = fc_x(&f[i]) + FROW_BIAS, y = fc_y(&f[i]) + FROW_BIAS;
		if (x < 0 || x >= FROW_ROWS || y < 0 || y >= FROW_ROWS)
			FAIL("frontier rows: cell (%d,%d) outside while kept",
			     fc_x(&f[i]), fc_y(&f[i]));
		bits[y] |= (frow_bits)1 << x;
	}
	for (r = 0; r < FROW_ROWS; r++)
		if (st_frow(s)[r] != bits[r])
			FAIL("frontier rows: row %d's bits wrong", r - FROW_BIAS);
	for (r = 0, i = 0; r <= last && r < FROW_STARTS; r++) {
		for (; i < s->board.n_front && fc_y(&f[i]) + FROW_BIAS < r; i++)
			start++;
		if (st_frow_start(s)[r] != start)
			FAIL("frontier rows: row %d starts at %d not %d",
			     r - FROW_BIAS, st_frow_start(s)[r], start);
	}
	return 0;
}

/* The frontier is sorted and holds exactly the empty cells beside a tile
 * (each cell right, and every free side of a tile leads to one). */
static int check_frontier(const city_tileset *ts, const state *s, char *msg,
                          size_t cap)
{
	const fcell *f = st_front(s);
	int i, k;
	for (i = 0; i < s->board.n_front; i++) {
		if (i > 0 && f[i - 1].key >= f[i].key)
			FAIL("frontier: cells %d and %d out of order", i - 1, i);
		if (check_front_cell(ts, s, &f[i], msg, cap))
			return 1;
	}
	for (i = 0; i < s->board.n_tiles; i++) {
		const ptile *p = &st_tiles(s)[i];
		for (k = 0; k < 4; k++)
			if (p->nb[k] == NO_TILE &&
			    !board_front_at(s, p->x + DX[k], p->y + DY[k]))
				FAIL("frontier: cell (%d,%d) missing",
				     p->x + DX[k], p->y + DY[k]);
	}
	return check_frontier_rows(s, msg, cap);
}

/* Nodes are numbered by tile; each feature is one ring whose nodes all
 * point at its lowest node. */
static int check_features(const city_tileset *ts, const state *s, char *msg,
                          size_t cap)
{
	const uint16_t *parent = st_nparent(s), *next = st_nnext(s);
	int i, n = 0, members = 0;
	for (i = 0; i < s->board.n_tiles; i++) {
		const ptile *p = &st_tiles(s)[i];
		int k, parts = feat_tile_nodes(&ts->designs[p->design]);
		if (p->node0 != n)
			FAIL("features: tile %d starts at node %d not %d", i,
			     p->node0, n);
		for (k = 0; k < parts; k++)
			if (st_ntile(s)[n + k] != i)
				FAIL("features: node %d not of tile %d", n + k, i);
		n += parts;
	}
	if (n != s->feat.n_nodes)
		FAIL("features: %d nodes, %d expected", s->feat.n_nodes, n);
	for (i = 0; i < n; i++) {
		int m = i, len = 0;
		if (parent[i] != i)
			continue; /* walk each ring once, from its root */
		do {
			if (parent[m] != i || m < i)
				FAIL("features: node %d in ring of %d", m, i);
			m = next[m];
		} while (m != i && ++len <= n);
		members += len + 1;
	}
	if (members != n)
		FAIL("features: rings hold %d of %d nodes", members, n);
	return 0;
}

/* Followers: the followed flag of each feature says whether one stands
 * on it; supply + followers + pieces = 7 per player (R-SET-2). */
static int check_players(const city_game *g, char *msg, size_t cap)
{
	const state *s = &g->st;
	int held[MAX_PLAYERS] = {0}, i, p;
	uint8_t on[TS_MAX_TILES * (TS_MAX_PARTS + 1)];
	uint64_t busy = 0, on_mask = 0; /* what players.c's masks must say */
	memset(on, 0, s->feat.n_nodes);
	for (i = 0; i < s->pl.n_fol; i++) {
		const follower *f = &s->pl.fol[i];
		busy |= (uint64_t)(f->active != FOL_FREE) << i;
		on_mask |= (uint64_t)(f->active == FOL_ON) << i;
		if (f->active == FOL_FREE)
			continue;
		held[f->owner]++;
		if (f->active == FOL_ON)
			on[feat_root(s, feat_node(s, f->tile, f->part))] = 1;
	}
	if (busy != s->pl.busy || on_mask != s->pl.on)
		FAIL("players: slot masks busy %#llx on %#llx, the slots say "
		     "%#llx %#llx",
		     (unsigned long long)s->pl.busy, (unsigned long long)s->pl.on,
		     (unsigned long long)busy, (unsigned long long)on_mask);
	for (i = 0; i < s->feat.n_nodes; i++)
		if (feat_root(s, i) == i && on[i] != feat_followed(s, i))
			FAIL("players: feature of node %d flagged %d, %d "
			     "followers on it", i, feat_followed(s, i), on[i]);
	if (s->setup.expansions & CITY_EXPANSION_TOWER) /* prisoners */
		for (p = 0; p < s->setup.n_players; p++)
			for (i = 0; i < s->setup.n_players; i++)
				held[p] += s->cc.tw.held[i][p];
	for (i = 0; g->rules->pieces && i < g->rules->pieces(s); i++) {
		rules_piece pc;
		g->rules->piece(s, i, &pc);
		held[pc.player]++;
	}
	for (p = 0; p < s->setup.n_players; p++)
		if (held[p] + s->pl.supply[p] != FOLLOWERS_PER_PLAYER)
			FAIL("players: player %d has %d out and %d in supply", p,
			     held[p], s->pl.supply[p]);
	return 0;
}

int state_check(const city_game *g, char *msg, size_t cap)
{
	const state *s = &g->st;
	const city_tileset *ts = game_ts(g);
	return check_layout(g, msg, cap) || check_tiles(s, msg, cap) ||
	       check_frontier(ts, s, msg, cap) ||
	       check_features(ts, s, msg, cap) || check_players(g, msg, cap) ||
	       (g->rules->check_state &&
	        g->rules->check_state(ts, s, msg, cap));
}
