/**
 * @file city/query.h
 * @brief Queries: the state of a game (decision, tiles, features,
 *        followers, scores, events).
 *
 * Include `<city/city.h>` rather than this header directly.
 */
#ifndef CITY_QUERY_H
#define CITY_QUERY_H

#include "city/common.h"
#include "city/move.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup query_constants Features, roles, categories, cells, events
 * The values the queries answer with: feature kinds, follower roles,
 * score categories, end reasons, cell states, event kinds and reasons.
 * @{
 */
/** Feature kind: a street. */
#define CITY_FEATURE_STREET 0
/** Feature kind: a market. */
#define CITY_FEATURE_MARKET 1
/** Feature kind: a residential area. */
#define CITY_FEATURE_RESIDENTIAL 2
/** Feature kind (Carcassonne): a road (C-GEO-2). */
#define CITY_FEATURE_ROAD 3
/** Feature kind (Carcassonne): a city (C-GEO-2). */
#define CITY_FEATURE_CITY 4
/** Feature kind (Carcassonne): a field (C-GEO-2). */
#define CITY_FEATURE_FIELD 5
/** Feature kind (Carcassonne): a monastery (C-GEO-2). */
#define CITY_FEATURE_MONASTERY 6

/** Follower role: on a street. */
#define CITY_ROLE_CITIZEN 0
/** Follower role: on a market. */
#define CITY_ROLE_SELLER 1
/** Follower role: on a residential area. */
#define CITY_ROLE_STEWARD 2
/** Follower role: on a wall piece. */
#define CITY_ROLE_GUARD 3
/** Follower role (Carcassonne): on a road, a highwayman (C-FOL-1). */
#define CITY_ROLE_HIGHWAYMAN 4
/** Follower role (Carcassonne): in a city, a knight (C-FOL-1). */
#define CITY_ROLE_KNIGHT 5
/** Follower role (Carcassonne): on a monastery, a monk (C-FOL-1). */
#define CITY_ROLE_MONK 6
/** Follower role (Carcassonne): in a field, a farmer (C-FOL-1, C-OPT-1). */
#define CITY_ROLE_FARMER 7
/** Follower role (The Tower): on top of a tower (T-ACT-2). */
#define CITY_ROLE_TOWER_TOP 8

/** Score category: completed streets (R-SCORE-1). */
#define CITY_CAT_STREETS 0
/** Score category: completed markets (R-SCORE-2). */
#define CITY_CAT_MARKETS 1
/** Score category: towers (R-WALL-7). */
#define CITY_CAT_TOWERS 2
/** Score category: stewards (R-END-4). */
#define CITY_CAT_STEWARDS 3
/** Score category: guards (R-END-5). */
#define CITY_CAT_GUARDS 4
/** Number of score categories of The City (CITY_CAT_STREETS ..
 *  CITY_CAT_GUARDS). */
#define CITY_CAT_COUNT 5
/** Score category (Carcassonne): roads (C-SCORE-1, C-END-2). */
#define CITY_CAT_ROADS 5
/** Score category (Carcassonne): cities (C-SCORE-2, C-END-2). */
#define CITY_CAT_CITIES 6
/** Score category (Carcassonne): monasteries (C-SCORE-3, C-END-2). */
#define CITY_CAT_MONASTERIES 7
/** Score category (Carcassonne): farms (C-END-3). */
#define CITY_CAT_FARMS 8
/** Score category (The Tower): ransom received minus paid (T-CAP-5). */
#define CITY_CAT_RANSOM 9

/** End reason bit: the wall supply is empty (R-END-1a). */
#define CITY_ENDED_SUPPLY 1u
/** End reason bit: no tile is left to draw (R-END-1b). */
#define CITY_ENDED_TILES 2u
/** End reason bit: the wall gap is at most R-OPT-5 sides (R-END-1c). */
#define CITY_ENDED_GAP 4u

/** Cell state: holds a tile. */
#define CITY_CELL_TILE 0
/** Cell state: empty and exterior (R-GEO-8). */
#define CITY_CELL_EXTERIOR 1
/** Cell state: empty and enclosed by the city, a hole (R-GEO-8). */
#define CITY_CELL_HOLE 2

/** Event kind: points scored. */
#define CITY_EVENT_SCORE 1
/** Event kind: an unplayable tile was discarded (R-TURN-4). */
#define CITY_EVENT_DISCARD 2
/** Event kind: followers returned without points (R-END-3). */
#define CITY_EVENT_RETURN 3
/** Event kind (The Tower): a follower taken (T-CAP-2/3); `player` took
 *  it, x, y, part say where it stood, reserved1 is its owner + 1. */
#define CITY_EVENT_CAPTURE 4
/** Event kind (The Tower): prisoners exchanged (T-CAP-4) between `player`
 *  and the player reserved1 - 1. */
#define CITY_EVENT_EXCHANGE 5

/** Scoring reason: a street completed by a tile (R-SCORE-1). */
#define CITY_REASON_STREET 1
/** Scoring reason: a market completed by a tile (R-SCORE-2). */
#define CITY_REASON_MARKET 2
/** Scoring reason: a street completed by the wall or gate (R-WALL-5). */
#define CITY_REASON_WALL_STREET 3
/** Scoring reason: a market completed by the wall or gate (R-WALL-5). */
#define CITY_REASON_WALL_MARKET 4
/** Scoring reason: a tower (R-WALL-7). */
#define CITY_REASON_TOWER 5
/** Scoring reason: a street completed by the final walls (R-END-2). */
#define CITY_REASON_FINAL_STREET 6
/** Scoring reason: a market completed by the final walls (R-END-2). */
#define CITY_REASON_FINAL_MARKET 7
/** Scoring reason: stewards of a residential area (R-END-4). */
#define CITY_REASON_STEWARD 8
/** Scoring reason: a guard (R-END-5). */
#define CITY_REASON_GUARD 9
/** Scoring reason (Carcassonne): a road completed by a tile (C-SCORE-1). */
#define CITY_REASON_ROAD 10
/** Scoring reason (Carcassonne): a city completed by a tile (C-SCORE-2). */
#define CITY_REASON_CITY 11
/** Scoring reason (Carcassonne): a monastery completed (C-SCORE-3). */
#define CITY_REASON_MONASTERY 12
/** Scoring reason (Carcassonne): an incomplete road at the end (C-END-2). */
#define CITY_REASON_FINAL_ROAD 13
/** Scoring reason (Carcassonne): an incomplete city at the end (C-END-2). */
#define CITY_REASON_FINAL_CITY 14
/** Scoring reason (Carcassonne): an incomplete monastery at the end
 *  (C-END-2). */
#define CITY_REASON_FINAL_MONASTERY 15
/** Scoring reason (Carcassonne): farmers of a field (C-END-3). */
#define CITY_REASON_FARM 16
/** Scoring reason (The Tower): a ransom, +3 to the holder, -3 to the payer
 *  (T-CAP-5); reserved1 is the other player + 1. */
#define CITY_REASON_RANSOM 17
/** @} */

/**
 * @brief One entry of the event log. Plain struct, frozen for the life of
 *        ABI 1 (40 bytes).
 */
typedef struct city_event {
	int32_t kind;    /**< CITY_EVENT_*. */
	int32_t player;  /**< The player scoring / whose followers return; -1
	                      for a discard. */
	int32_t points;  /**< Points scored (0 for other kinds). */
	int32_t reason;  /**< CITY_REASON_* for a score, 0 otherwise. */
	int32_t x;       /**< A cell of the feature, the tower's wall piece, the
	                      guard's wall piece; the discard: 0. */
	int32_t y;       /**< See x. */
	char part;       /**< The part of the feature on that cell ('a'..'h',
	                      '1'..'9'), or the side letter 'N','E','S','W' of a
	                      wall piece; 0 when none. */
	uint8_t reserved0[3]; /**< Reserved, zero. */
	int32_t design;  /**< The design id of the discarded tile, or of the tile
	                      at (x, y) for the other kinds. */
	uint32_t move;   /**< Number of moves made before the event (the event
	                      belongs to move `move`, counted from 1; final
	                      scoring events carry the total move count). */
	uint32_t reserved1; /**< Zero, except in The Tower's capture, exchange
	                         and ransom events: the other player + 1. */
} city_event;

/**
 * @defgroup queries Queries
 * Queries never change the game. Those returning `int` give a value >= 0 or
 * a negative status (CITY_EINVAL for a NULL game or bad argument).
 * @{
 */
/**
 * @brief The game a game plays (options: city_options_set_game()).
 * @param[in] game the game.
 * @return CITY_GAME_THE_CITY, CITY_GAME_CARCASSONNE or CITY_EINVAL.
 */
CITY_EXPORT int city_game_kind(const city_game *game);
/**
 * @brief The expansions a game plays (city_options_set_expansion()).
 * @param[in] game the game.
 * @return a mask of CITY_EXPANSION_* bits (0: none) or CITY_EINVAL.
 */
CITY_EXPORT int city_game_expansions(const city_game *game);
/**
 * @brief The decision the game waits for.
 * @param[in] game the game.
 * @return CITY_DECISION_* or CITY_EINVAL.
 */
CITY_EXPORT int city_game_decision(const city_game *game);
/**
 * @brief The player who decides now: the current player for tile and
 *        follower, the trigger player for gate and tower, the builder for
 *        wall and guard; after the end, the player of the last turn.
 * @param[in] game the game.
 * @return 0..players-1 or CITY_EINVAL.
 */
CITY_EXPORT int city_game_player(const city_game *game);
/**
 * @brief Number of players.
 * @param[in] game the game.
 * @return 2..4 in The City, 2..5 in the base game of Carcassonne and The
 *         Tower (city_options_set_players()), or CITY_EINVAL.
 */
CITY_EXPORT int city_game_players(const city_game *game);
/**
 * @brief The tile set the game plays with.
 * @param[in] game the game.
 * @return a borrowed pointer valid while the game lives, or NULL.
 */
CITY_EXPORT const city_tileset *city_game_tileset(const city_game *game);
/**
 * @brief A rule option of the game (R-OPT).
 * @param[in] game the game.
 * @param[in] rule CITY_RULE_*.
 * @return the value or CITY_EINVAL.
 */
CITY_EXPORT int city_game_rule(const city_game *game, int rule);
/**
 * @brief The current tile: drawn and waiting to be placed (tile decision),
 *        or the tile of the current turn; once The City has ended, the
 *        tile of the last turn (tiles discarded after it are in the event
 *        log).
 * @param[in] game the game.
 * @param[out] design receives its design id.
 * @param[out] stack receives its stack, 1..3 (may be NULL).
 * @return CITY_OK, CITY_EINVAL, or CITY_ENOTFOUND when the turn has no
 *         tile: during The Tower's ransom decision (CITY_DECISION_RANSOM,
 *         T-CAP-5: it comes before the turn's draw), once the base game or
 *         The Tower has ended (the last tile was placed and nothing more
 *         is drawn), and before the first tile is drawn (a game always
 *         starts with one drawn, so only a game that could draw nothing
 *         would see it).
 */
CITY_EXPORT int city_game_current_tile(const city_game *game, int *design,
                                       int *stack);
/**
 * @brief Tiles left to draw in a stack (the current tile not counted).
 * @param[in] game the game.
 * @param[in] stack 1..3.
 * @return the count or CITY_EINVAL.
 */
CITY_EXPORT int city_game_tiles_left(const city_game *game, int stack);
/**
 * @brief The designs still to come and how many tiles of each: what a
 *        player could count from the box, never the order they will be
 *        drawn in (the list is by design id).
 *
 * The tiles not yet drawn of one stack, or of all stacks; the current tile
 * is not counted (as in city_game_tiles_left()), nor are drawn tiles that
 * were discarded. The counts of one call sum to city_game_tiles_left() of
 * that stack (of all three for @p stack 0). The call fills at most @p cap
 * entries and returns how many there are, so a caller may ask with @p cap
 * 0 first, or pass arrays as long as the tile set's design count
 * (city_tileset_design_count()).
 *
 * @param[in] game the game (borrowed).
 * @param[in] stack 0 for every stack, or 1..3 (the base game has stack 1).
 * @param[out] designs receives design ids in ascending order; caller-owned,
 *             room for @p cap entries (may be NULL when @p cap is 0).
 * @param[out] counts receives the count of each design in @p designs;
 *             caller-owned, room for @p cap entries (may be NULL when
 *             @p cap is 0).
 * @param[in] cap the room in @p designs and @p counts.
 * @return the number of distinct designs remaining (0 when none; it may
 *         exceed @p cap, and then only the first @p cap are written), or
 *         CITY_EINVAL for a NULL game, a stack outside 0..3 or a NULL array
 *         with @p cap above 0.
 */
CITY_EXPORT int city_game_tiles_remaining(const city_game *game, int stack,
                                          int *designs, int *counts,
                                          size_t cap);
/**
 * @brief Number of tiles placed.
 * @param[in] game the game.
 * @return the count or CITY_EINVAL.
 */
CITY_EXPORT int city_game_tile_count(const city_game *game);
/**
 * @brief The i-th placed tile, in placement order.
 * @param[in] game the game.
 * @param[in] index 0..city_game_tile_count()-1.
 * @param[out] x receives its cell x (may be NULL).
 * @param[out] y receives its cell y (may be NULL).
 * @param[out] design receives its design id (may be NULL).
 * @param[out] rotation receives its rotation (may be NULL).
 * @return CITY_OK or CITY_EINVAL.
 */
CITY_EXPORT int city_game_placed_tile(const city_game *game, size_t index,
                                      int32_t *x, int32_t *y, int *design,
                                      int *rotation);
/**
 * @brief The tile at a cell.
 * @param[in] game the game.
 * @param[in] x cell x.
 * @param[in] y cell y.
 * @param[out] design receives the design id (may be NULL).
 * @param[out] rotation receives the rotation (may be NULL).
 * @return CITY_OK, CITY_EINVAL or CITY_ENOTFOUND (empty cell).
 */
CITY_EXPORT int city_game_tile_at(const city_game *game, int32_t x, int32_t y,
                                  int *design, int *rotation);
/**
 * @brief Classify a cell: tile, exterior or hole (R-GEO-8).
 * @param[in] game the game.
 * @param[in] x cell x.
 * @param[in] y cell y.
 * @return CITY_CELL_* or CITY_EINVAL.
 */
CITY_EXPORT int city_game_cell(const city_game *game, int32_t x, int32_t y);
/**
 * @brief The bounding box of the placed tiles.
 * @param[in] game the game.
 * @param[out] min_x receives the west-most x (may be NULL).
 * @param[out] min_y receives the north-most y (may be NULL).
 * @param[out] max_x receives the east-most x (may be NULL).
 * @param[out] max_y receives the south-most y (may be NULL).
 * @return CITY_OK, CITY_EINVAL or CITY_ENOTFOUND (no tile yet).
 */
CITY_EXPORT int city_game_bounds(const city_game *game, int32_t *min_x,
                                 int32_t *min_y, int32_t *max_x,
                                 int32_t *max_y);

/**
 * @brief Kind of the feature holding a part of a placed tile.
 * @param[in] game the game.
 * @param[in] x cell of the tile.
 * @param[in] y cell of the tile.
 * @param[in] part region letter or street digit of its design.
 * @return CITY_FEATURE_*, CITY_EINVAL or CITY_ENOTFOUND (no tile, no part).
 */
CITY_EXPORT int city_feature_kind(const city_game *game, int32_t x, int32_t y,
                                  char part);
/**
 * @brief Tile count of the feature holding a part (R-GEO-6).
 * @param[in] game the game.
 * @param[in] x cell.
 * @param[in] y cell.
 * @param[in] part region letter or street digit.
 * @return the count, CITY_EINVAL or CITY_ENOTFOUND.
 */
CITY_EXPORT int city_feature_tiles(const city_game *game, int32_t x,
                                   int32_t y, char part);
/**
 * @brief Market kinds of the feature holding a part (R-GEO-7).
 * @param[in] game the game.
 * @param[in] x cell.
 * @param[in] y cell.
 * @param[in] part region letter or street digit.
 * @return CITY_MARKET_* bits (0 for streets and residential areas),
 *         CITY_EINVAL or CITY_ENOTFOUND.
 */
CITY_EXPORT int city_feature_market_kinds(const city_game *game, int32_t x,
                                          int32_t y, char part);
/**
 * @brief Whether the feature holding a part is complete (R-DONE-1/2; a
 *        residential area is complete when no half of it is open).
 * @param[in] game the game.
 * @param[in] x cell.
 * @param[in] y cell.
 * @param[in] part region letter or street digit.
 * @return 1, 0, CITY_EINVAL or CITY_ENOTFOUND.
 */
CITY_EXPORT int city_feature_complete(const city_game *game, int32_t x,
                                      int32_t y, char part);
/**
 * @brief Followers of one player on the feature holding a part.
 * @param[in] game the game.
 * @param[in] x cell.
 * @param[in] y cell.
 * @param[in] part region letter or street digit.
 * @param[in] player 0..players-1.
 * @return the count, CITY_EINVAL or CITY_ENOTFOUND.
 */
CITY_EXPORT int city_feature_followers(const city_game *game, int32_t x,
                                       int32_t y, char part, int player);
/**
 * @brief Whether two parts belong to the same feature.
 * @param[in] game the game.
 * @param[in] x1 cell of the first part.
 * @param[in] y1 cell of the first part.
 * @param[in] part1 the first part.
 * @param[in] x2 cell of the second part.
 * @param[in] y2 cell of the second part.
 * @param[in] part2 the second part.
 * @return 1, 0, CITY_EINVAL or CITY_ENOTFOUND.
 */
CITY_EXPORT int city_feature_same(const city_game *game, int32_t x1,
                                  int32_t y1, char part1, int32_t x2,
                                  int32_t y2, char part2);
/**
 * @brief Coats of arms of the city holding a part (Carcassonne, C-SCORE-2:
 *        one per city region listed in `pen=`).
 * @param[in] game the game.
 * @param[in] x cell.
 * @param[in] y cell.
 * @param[in] part region letter, road digit or 'm' (monastery).
 * @return the count (0 for roads, fields, monasteries and every feature of
 *         The City), CITY_EINVAL or CITY_ENOTFOUND (no tile, no part).
 */
CITY_EXPORT int city_feature_coats(const city_game *game, int32_t x,
                                   int32_t y, char part);
/**
 * @brief The Tower: the tower on a tile (T-SET-2).
 * @param[in] game the game.
 * @param[in] x cell.
 * @param[in] y cell.
 * @param[out] height receives its floors (may be NULL).
 * @param[out] top receives the player of the follower on top, -1 when the
 *             tower is open (may be NULL).
 * @return CITY_OK, CITY_EINVAL or CITY_ENOTFOUND (no tile with a tower
 *         foundation there, the expansion not in play, or The City).
 */
CITY_EXPORT int city_game_tower(const city_game *game, int32_t x, int32_t y,
                                int *height, int *top);
/**
 * @brief The Tower: followers of `owner` held as prisoners by `holder`
 *        (T-CAP-3..6).
 * @param[in] game the game.
 * @param[in] holder 0..players-1.
 * @param[in] owner 0..players-1.
 * @return the count (0 without the expansion) or CITY_EINVAL.
 */
CITY_EXPORT int city_game_prisoners(const city_game *game, int holder,
                                    int owner);
/**
 * @brief The Tower: a player's tower floors in supply (T-SET-1).
 * @param[in] game the game.
 * @param[in] player 0..players-1.
 * @return the count (0 without the expansion) or CITY_EINVAL.
 */
CITY_EXPORT int city_game_floors(const city_game *game, int player);

/**
 * @brief Number of followers on the board (citizens, sellers, stewards and
 *        guards).
 * @param[in] game the game.
 * @return the count or CITY_EINVAL.
 */
CITY_EXPORT int city_game_follower_count(const city_game *game);
/**
 * @brief The i-th follower on the board.
 * @param[in] game the game.
 * @param[in] index 0..city_game_follower_count()-1.
 * @param[out] player receives the owner (may be NULL).
 * @param[out] role receives CITY_ROLE_* (may be NULL).
 * @param[out] x receives the cell (may be NULL).
 * @param[out] y receives the cell (may be NULL).
 * @param[out] part receives the part, or for a guard the side letter of its
 *             wall piece 'N','E','S','W' (may be NULL).
 * @return CITY_OK or CITY_EINVAL.
 */
CITY_EXPORT int city_game_follower(const city_game *game, size_t index,
                                   int *player, int *role, int32_t *x,
                                   int32_t *y, char *part);
/**
 * @brief A player's supplies (R-SET-2).
 * @param[in] game the game.
 * @param[in] player 0..players-1.
 * @param[out] followers receives the followers in supply (may be NULL).
 * @param[out] towers receives the towers in supply (may be NULL).
 * @return CITY_OK or CITY_EINVAL.
 */
CITY_EXPORT int city_game_supply(const city_game *game, int player,
                                 int *followers, int *towers);

/**
 * @brief A player's total score.
 *
 * In The Tower a total can be negative (a ransom paid with T-OPT-3
 * `ransom_min=no`, T-CAP-6), and then cannot be told from a status: use
 * city_game_score_get(), which keeps the two apart.
 * @param[in] game the game.
 * @param[in] player 0..players-1.
 * @return the score or CITY_EINVAL.
 */
CITY_EXPORT int city_game_score(const city_game *game, int player);
/**
 * @brief A player's score in one category.
 *
 * The Tower's CITY_CAT_RANSOM of a player who paid is negative, and then
 * cannot be told from a status: use city_game_score_detail_get().
 * @param[in] game the game.
 * @param[in] player 0..players-1.
 * @param[in] category CITY_CAT_* of the game (The City: CITY_CAT_STREETS
 *            to CITY_CAT_GUARDS; the base game: CITY_CAT_ROADS to
 *            CITY_CAT_RANSOM).
 * @return the points or CITY_EINVAL.
 */
CITY_EXPORT int city_game_score_detail(const city_game *game, int player,
                                       int category);
/**
 * @brief A player's total score, any sign, apart from the status.
 * @param[in] game the game.
 * @param[in] player 0..players-1.
 * @param[out] score receives the total (may be negative in The Tower);
 *             untouched on error.
 * @return CITY_OK, or CITY_EINVAL (NULL game or score, bad player).
 */
CITY_EXPORT int city_game_score_get(const city_game *game, int player,
                                    int *score);
/**
 * @brief A player's points in one category, any sign, apart from the
 *        status.
 * @param[in] game the game.
 * @param[in] player 0..players-1.
 * @param[in] category CITY_CAT_* of the game (see city_game_score_detail()).
 * @param[out] points receives the points (CITY_CAT_RANSOM may be
 *             negative); untouched on error.
 * @return CITY_OK, or CITY_EINVAL (NULL game or points, bad player or a
 *         category the game does not have).
 */
CITY_EXPORT int city_game_score_detail_get(const city_game *game, int player,
                                           int category, int *points);
/**
 * @brief The winners (R-END-6), valid after city_score_final().
 * @param[in] game the game.
 * @param[out] mask receives bit p set for each winning player p.
 * @return CITY_OK, CITY_EINVAL or CITY_ENOTENDED (no final scoring yet).
 */
CITY_EXPORT int city_game_winners(const city_game *game, unsigned *mask);
/**
 * @brief Why the game ended (R-END-1).
 * @param[in] game the game.
 * @return CITY_ENDED_* bits (0 while it runs) or CITY_EINVAL.
 */
CITY_EXPORT int city_game_end_reasons(const city_game *game);
/**
 * @brief Whether city_score_final() has run.
 * @param[in] game the game.
 * @return 1, 0 or CITY_EINVAL.
 */
CITY_EXPORT int city_game_final_scored(const city_game *game);

/**
 * @brief Number of entries in the event log.
 * @param[in] game the game.
 * @return the count or CITY_EINVAL.
 */
CITY_EXPORT int city_game_event_count(const city_game *game);
/**
 * @brief The i-th event (scorings, discards, returns), oldest first.
 * @param[in] game the game.
 * @param[in] index 0..city_game_event_count()-1.
 * @param[out] out receives the event.
 * @return CITY_OK or CITY_EINVAL.
 */
CITY_EXPORT int city_game_event(const city_game *game, size_t index,
                                city_event *out);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* CITY_QUERY_H */
