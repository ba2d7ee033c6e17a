/* The games libcity plays (see games.h). */
#include "games.h"
#include "cc_rules.h"
#include "tc_rules.h"

const game_rules *games_rules(int game)
{
	switch (game) {
	case CITY_GAME_THE_CITY:
		return &tc_rules;
	case CITY_GAME_CARCASSONNE:
		return &cc_rules;
	/* a new game: case CITY_GAME_X: return &x_rules; */
	default:
		return NULL;
	}
}
