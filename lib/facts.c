/* The games' facts (see facts.h): one row per game, data only. */
#include <string.h>

#include "facts.h"

/* TS_RESIDENTIAL, TS_MARKET, TS_STREET, TS_CITY, TS_FIELD (tileset.h) */
const game_facts facts_table[FACTS_GAMES] = {
    [CITY_GAME_THE_CITY] = {
        .game = CITY_GAME_THE_CITY,
        .name = "the-city",
        .rule_prefix = 'R',
        .min_players = 2,
        .max_players = 4, /* R-SET-1 */
        .record_default = 1,
        .expansions = 0,
        .start_tile = 0,
        .last_decision = CITY_DECISION_END,
        .first_category = CITY_CAT_STREETS,
        .regions = FACTS_MARKETS,
        .street_word = "street",
        .feature_of_kind = {CITY_FEATURE_RESIDENTIAL, CITY_FEATURE_MARKET,
                            CITY_FEATURE_STREET, -1, -1},
        .role_of_kind = {CITY_ROLE_STEWARD, CITY_ROLE_SELLER,
                         CITY_ROLE_CITIZEN, -1, -1},
        .wall = 1,
        /* Each follower placed on a tile gives at most one event (scored
         * with its feature, returned at the end, or scoring as a steward:
         * every event of that kind names a player with a follower there),
         * a discarded tile is one event and is a tile nobody placed a
         * follower on; then at most 28 guard and 12 tower events. */
        .events_per_tile = 1,
        .events_more = 4 * FOLLOWERS_PER_PLAYER + MAX_WALL_TOWERS,
        /* place + follower per tile; the gate, the wall pieces and their
         * guard decisions; a tower decision per round, and every round
         * builds at least one piece. */
        .moves_per_tile = 2,
        .moves_more = 3 * (WALL_SUPPLY + 1),
        .move_bytes = 3,
        .own_arrays = 0,
    },
    [CITY_GAME_CARCASSONNE] = {
        .game = CITY_GAME_CARCASSONNE,
        .name = "carcassonne",
        .rule_prefix = 'C',
        .min_players = 2,
        .max_players = 5, /* C-SET-1 */
        .record_default = 0,
        .expansions = CITY_EXPANSION_TOWER | CITY_EXPANSION_RIVER,
        .start_tile = 1, /* C-SET-3/4 (game.c deals) */
        .last_decision = CITY_DECISION_RANSOM,
        .first_category = CITY_CAT_ROADS,
        .regions = FACTS_CITY_FIELD,
        .street_word = "road",
        .feature_of_kind = {-1, -1, CITY_FEATURE_ROAD, CITY_FEATURE_CITY,
                            CITY_FEATURE_FIELD},
        .role_of_kind = {-1, -1, CITY_ROLE_HIGHWAYMAN, CITY_ROLE_KNIGHT,
                         CITY_ROLE_FARMER},
        .wall = 0,
        /* With The Tower (docs/tower-capacity.md proves both): events, one
         * per tile drawn (its discard; or what its follower decision
         * brings: a follower's score in play or its return at the end, a
         * top's return), two more per floor (a floor's own one is a
         * capture; an exchange or a ransom's two score events, each
         * paid for by a prisoner) and one more per follower on a feature
         * at the end (its score besides its return). At most 30 floors
         * (T-SET-1: 2 x 10, 3 x 9, 4 x 7, 5 x 6), 35 followers. Moves: a
         * place, a follower decision and a ransom decision per tile
         * drawn (every turn draws), a capture decision per floor. */
        .events_per_tile = 1,
        .events_more = 2 * 30 + MAX_PLAYERS * FOLLOWERS_PER_PLAYER,
        .moves_per_tile = 3,
        .moves_more = 30,
        .move_bytes = 4, /* a capture's part */
        .own_arrays = 1,
        /* Without The Tower (a set with no foundation): the same proof
         * with no floor — an event per tile drawn (its discard, or its
         * follower's score in play or return at the end) and one more
         * per follower on a feature at the end (its score). Moves: a
         * place and a follower decision per tile. */
        .plain_events_per_tile = 1,
        .plain_events_more = MAX_PLAYERS * FOLLOWERS_PER_PLAYER,
        .plain_moves_per_tile = 2,
        .plain_moves_more = 8,
        .plain_move_bytes = 3,
    },
};

int facts_find(const char *name, size_t len)
{
	for (int game = 0; game < FACTS_GAMES; game++)
		if (strlen(facts_table[game].name) == len &&
		    memcmp(facts_table[game].name, name, len) == 0)
			return game;
	return -1;
}
