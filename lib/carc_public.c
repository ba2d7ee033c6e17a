/*
 * The public calls that the base game of Carcassonne and The Tower added
 * to ABI 1 (include/city/query.h, include/city/game.h): what game a game
 * plays, coats of arms, towers, prisoners, floors, and the named calls of
 * the tower decisions. In a game of The City they answer "none" or
 * CITY_EDECISION.
 */
#include <stdio.h>
#include <string.h>

#include "carc.h"
#include "carc_api.h"
#include "game_internal.h"

int city_game_kind(const city_game *g)
{
	if (!g)
		return CITY_EINVAL;
	return game_carc(g) ? CITY_GAME_CARCASSONNE : CITY_GAME_THE_CITY;
}

int city_game_expansions(const city_game *g)
{
	if (!g)
		return CITY_EINVAL;
	return game_carc(g) ? carc_api_expansions(g) : 0;
}

int city_feature_coats(const city_game *g, int32_t x, int32_t y, char part)
{
	int k;
	if (!g)
		return CITY_EINVAL;
	if (game_carc(g))
		return carc_api_feature_coats(g, x, y, part);
	k = city_feature_kind(g, x, y, part); /* The City has no coat */
	return k < 0 ? k : 0;
}

int city_game_tower(const city_game *g, int32_t x, int32_t y, int *height,
                    int *top)
{
	if (!g)
		return CITY_EINVAL;
	if (!game_carc(g))
		return CITY_ENOTFOUND;
	return carc_api_tower(g, x, y, height, top);
}

int city_game_prisoners(const city_game *g, int holder, int owner)
{
	int n;
	if (!g)
		return CITY_EINVAL;
	if (game_carc(g))
		return carc_api_prisoners(g, holder, owner);
	n = city_game_players(g);
	return holder < 0 || holder >= n || owner < 0 || owner >= n
	           ? CITY_EINVAL
	           : 0;
}

int city_game_floors(const city_game *g, int player)
{
	if (!g)
		return CITY_EINVAL;
	if (game_carc(g))
		return carc_api_floors(g, player);
	return player < 0 || player >= city_game_players(g) ? CITY_EINVAL : 0;
}

/* The named calls of The Tower's decisions: city_apply_move() with the
 * move they name. */
static int tower_call(city_game *g, int kind, int32_t x, int32_t y, char part)
{
	static const char *const names[4] = {"floor", "top", "capture",
	                                     "ransom"};
	city_move m;
	if (!g)
		return CITY_EINVAL;
	if (!game_carc(g)) {
		snprintf(g->err, sizeof g->err,
		         "R-TURN-1: The City has no %s decision",
		         names[kind - CITY_MOVE_FLOOR]);
		return CITY_EDECISION;
	}
	memset(&m, 0, sizeof m);
	m.kind = (uint8_t)kind;
	m.x = x;
	m.y = y;
	m.part = part;
	return city_apply_move(g, &m);
}

int city_place_floor(city_game *g, int32_t x, int32_t y)
{
	return tower_call(g, CITY_MOVE_FLOOR, x, y, 0);
}

int city_place_top(city_game *g, int32_t x, int32_t y)
{
	return tower_call(g, CITY_MOVE_TOP, x, y, 0);
}

int city_capture(city_game *g, int32_t x, int32_t y, char part)
{
	return tower_call(g, CITY_MOVE_CAPTURE, x, y, part);
}

int city_pay_ransom(city_game *g, int opponent)
{
	return tower_call(g, CITY_MOVE_RANSOM, opponent, 0, 0);
}
