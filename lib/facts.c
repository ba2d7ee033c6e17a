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
        /* A discard per tile; during play a score event per player with
         * followers on a completed feature (at most one per follower
         * placed, so one per tile); at the end a score and a return event
         * per follower; The Tower: a turn may also ransom (two events) and
         * capture after a floor (a capture and an exchange event, at most
         * 30 floors). Moves: place, follower or tower move, capture,
         * ransom per turn. */
        .events_per_tile = 4,
        .events_more = 2 * MAX_PLAYERS * FOLLOWERS_PER_PLAYER + 72,
        .moves_per_tile = 4,
        .moves_more = 8,
        .move_bytes = 4, /* a capture's part */
        .own_arrays = 1,
        /* Without The Tower: a discard or, during play, at most one score
         * event per follower placed (the majority owners of a completed
         * feature; its followers go back without an event), so one per
         * tile; at the end a score and a return event per follower (2 x
         * 35, as above). Moves: place and follower per turn. */
        .plain_events_per_tile = 2,
        .plain_events_more = 2 * MAX_PLAYERS * FOLLOWERS_PER_PLAYER,
        .plain_moves_per_tile = 2,
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
