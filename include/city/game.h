/**
 * @file city/game.h
 * @brief The game handle: its lifecycle and the named calls that answer
 *        its decisions.
 *
 * Conventions (see docs/api.md):
 * - a call that acts on or reads an existing handle takes the handle first;
 *   a call that creates a handle takes `out` first;
 * - calls that can fail return `CITY_OK` or a negative `CITY_E*` status, and
 *   a call that fails changes nothing (R-ERR-1); the reason of the last
 *   failed mutating call is in city_game_last_error() (R-ERR-2);
 * - what an out-parameter receives is owned by the caller; returned
 *   `const char *` are borrowed.
 *
 * Include `<city/city.h>` rather than this header directly.
 */
#ifndef CITY_GAME_H
#define CITY_GAME_H

#include "city/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup game_constants Sides, wall ends and decisions
 * The sides of a cell (R-GEO-2), the two ends of the wall chain and the
 * decisions a game waits for (city_game_decision()).
 * @{
 */
/** Side index north (R-GEO-2). */
#define CITY_SIDE_N 0
/** Side index east. */
#define CITY_SIDE_E 1
/** Side index south. */
#define CITY_SIDE_S 2
/** Side index west. */
#define CITY_SIDE_W 3

/** The clockwise end of the wall (R-WALL-4). */
#define CITY_END_CW 0
/** The counter-clockwise end of the wall (R-WALL-4). */
#define CITY_END_CCW 1

/** Decision: place the current tile (R-TILE). */
#define CITY_DECISION_TILE 0
/** Decision: place a follower on the tile just placed, or pass (R-FOL). */
#define CITY_DECISION_FOLLOWER 1
/** Decision: place the city gate (R-WALL-3). */
#define CITY_DECISION_GATE 2
/** Decision: build a wall piece at one end (R-WALL-4). */
#define CITY_DECISION_WALL 3
/** Decision: place a guard on the wall piece just built, or pass (R-WALL-6). */
#define CITY_DECISION_GUARD 4
/** Decision: place a tower at one end, or pass (R-WALL-7). */
#define CITY_DECISION_TOWER 5
/** No decision: the game has ended (R-END-1). */
#define CITY_DECISION_END 6
/** Decision (The Tower): take a follower within the range of the tower
 *  just raised, or pass (T-CAP-1..4). */
#define CITY_DECISION_CAPTURE 7
/** Decision (The Tower): pay an opponent a ransom at the start of the
 *  turn, or pass (T-CAP-5). */
#define CITY_DECISION_RANSOM 8
/** @} */

/**
 * @defgroup lifecycle Game lifecycle
 * Create a game from options, clone or copy it, undo moves, reset it to
 * its start, free it; the last error of a refused call (R-ERR-2).
 * @{
 */
/**
 * @brief Start a game: shuffle (R-RNG) or take the explicit order, split the
 *        stacks (R-SET-4), give each player 7 followers and 12/n towers
 *        (R-SET-2), and wait for player 0 to place the start tile at (0, 0)
 *        (R-TURN-2).
 * @param[out] out receives the game, owned by the caller (city_game_free()).
 * @param[in] opts options, or NULL for the defaults; not retained.
 * @return CITY_OK, CITY_EINVAL (bad order or stack sizes; out NULL) or
 *         CITY_ENOMEM.
 */
CITY_EXPORT int city_game_new(city_game **out, const city_options *opts);
/**
 * @brief Free a game. NULL is a no-op.
 * @param[in] game the game (owned by the caller, released here).
 */
CITY_EXPORT void city_game_free(city_game *game);
/**
 * @brief Copy a game into a new, independent handle (one flat copy).
 * @param[out] out receives the copy, owned by the caller.
 * @param[in] game the game to copy (unchanged).
 * @return CITY_OK, CITY_EINVAL or CITY_ENOMEM.
 */
CITY_EXPORT int city_game_clone(city_game **out, const city_game *game);
/**
 * @brief Overwrite `dst` with the state of `src` without allocating. Both
 *        must come from the same options (tile set and players); use it to
 *        reuse a handle in searches.
 * @param[in,out] dst the game to overwrite (kept by its owner).
 * @param[in] src the game to copy (unchanged).
 * @return CITY_OK or CITY_EINVAL (NULL, or games of different shapes: another
 *         tile set or another number of players; then neither game changes
 *         and the reason is in city_game_last_error(dst)).
 */
CITY_EXPORT int city_game_copy(city_game *dst, const city_game *src);
/**
 * @brief Take back the last decision (the state is rebuilt exactly as it
 *        was before it). Final scoring is taken back with it.
 * @param[in,out] game the game.
 * @return CITY_OK, CITY_EINVAL, or CITY_ENOTFOUND when no move was made.
 */
CITY_EXPORT int city_game_undo(city_game *game);
/**
 * @brief Return the game to its start (same options, no moves).
 * @param[in,out] game the game.
 * @return CITY_OK or CITY_EINVAL.
 */
CITY_EXPORT int city_game_reset(city_game *game);
/**
 * @brief The reason of the last failed call that changed or tried to change
 *        this game, naming the rule (R-ERR-2), e.g. "R-TILE-2: street on
 *        east side does not continue the street of tile (1,0)".
 * @param[in] game the game (NULL gives a fixed message).
 * @return a borrowed, never-NULL string, valid until the next call on the
 *         game; "" when no call has failed.
 */
CITY_EXPORT const char *city_game_last_error(const city_game *game);
/** @} */

/**
 * @defgroup decisions Decisions
 * Each call answers the decision the game waits for; on error nothing
 * changes and city_game_last_error() names the rule.
 * @{
 */
/**
 * @brief Place the current tile (R-TILE-1..5, R-TURN-2).
 * @param[in,out] game the game.
 * @param[in] x cell x.
 * @param[in] y cell y.
 * @param[in] rotation 0..3 quarter turns clockwise (R-GEO-3).
 * @return CITY_OK, CITY_EINVAL, CITY_EDECISION, CITY_EENDED or
 *         CITY_EILLEGAL.
 */
CITY_EXPORT int city_place_tile(city_game *game, int32_t x, int32_t y,
                                int rotation);
/**
 * @brief Place a follower on a part of the tile just placed (R-FOL-1..4).
 * @param[in,out] game the game.
 * @param[in] part a region letter or street digit of the tile's design.
 * @return CITY_OK, CITY_EINVAL, CITY_EDECISION, CITY_EENDED or
 *         CITY_EILLEGAL.
 */
CITY_EXPORT int city_place_follower(city_game *game, char part);
/**
 * @brief Build the city gate on a contour side (R-WALL-3).
 * @param[in,out] game the game.
 * @param[in] x cell of the tile.
 * @param[in] y cell of the tile.
 * @param[in] side CITY_SIDE_*.
 * @return CITY_OK, CITY_EINVAL, CITY_EDECISION, CITY_EENDED or
 *         CITY_EILLEGAL.
 */
CITY_EXPORT int city_build_gate(city_game *game, int32_t x, int32_t y,
                                int side);
/**
 * @brief Build the next wall piece at one end (R-WALL-4, R-WALL-5).
 * @param[in,out] game the game.
 * @param[in] end CITY_END_CW or CITY_END_CCW.
 * @return CITY_OK, CITY_EINVAL, CITY_EDECISION or CITY_EENDED.
 */
CITY_EXPORT int city_build_wall(city_game *game, int end);
/**
 * @brief Place a guard on the wall piece just built (R-WALL-6, R-OPT-2).
 * @param[in,out] game the game.
 * @return CITY_OK, CITY_EINVAL, CITY_EDECISION, CITY_EENDED or
 *         CITY_EILLEGAL.
 */
CITY_EXPORT int city_place_guard(city_game *game);
/**
 * @brief Place a tower at one end of the wall (R-WALL-7, R-OPT-4).
 * @param[in,out] game the game.
 * @param[in] end CITY_END_CW or CITY_END_CCW.
 * @return CITY_OK, CITY_EINVAL, CITY_EDECISION, CITY_EENDED or
 *         CITY_EILLEGAL.
 */
CITY_EXPORT int city_place_tower(city_game *game, int end);
/**
 * @brief The Tower: add a floor to an open tower instead of a follower
 *        (T-ACT-1, T-ACT-3); the capture decision may follow (T-CAP-1).
 * @param[in,out] game the game.
 * @param[in] x cell of the tower's tile.
 * @param[in] y cell of the tower's tile.
 * @return CITY_OK, CITY_EINVAL, CITY_EDECISION (no follower decision, or
 *         a game of The City), CITY_EENDED or CITY_EILLEGAL (no open tower
 *         there, no floor in supply, the expansion not in play).
 */
CITY_EXPORT int city_place_floor(city_game *game, int32_t x, int32_t y);
/**
 * @brief The Tower: a follower on top of an open tower of height 1 or
 *        more, closing it (T-ACT-2, T-ACT-3).
 * @param[in,out] game the game.
 * @param[in] x cell of the tower's tile.
 * @param[in] y cell of the tower's tile.
 * @return CITY_OK, CITY_EINVAL, CITY_EDECISION, CITY_EENDED or
 *         CITY_EILLEGAL.
 */
CITY_EXPORT int city_place_top(city_game *game, int32_t x, int32_t y);
/**
 * @brief The Tower: take a follower within the range of the tower just
 *        raised (T-CAP-1..4, T-OPT-1/2/4/5/6).
 * @param[in,out] game the game.
 * @param[in] x cell of the follower's tile.
 * @param[in] y cell of the follower's tile.
 * @param[in] part its part ('t': on top of a tower).
 * @return CITY_OK, CITY_EINVAL, CITY_EDECISION, CITY_EENDED or
 *         CITY_EILLEGAL.
 */
CITY_EXPORT int city_capture(city_game *game, int32_t x, int32_t y,
                             char part);
/**
 * @brief The Tower: pay an opponent 3 points for one of the player's
 *        followers they hold, at the start of the turn (T-CAP-5,
 *        T-OPT-3/7).
 * @param[in,out] game the game.
 * @param[in] opponent the seat of the player holding the prisoner.
 * @return CITY_OK, CITY_EINVAL, CITY_EDECISION, CITY_EENDED or
 *         CITY_EILLEGAL.
 */
CITY_EXPORT int city_pay_ransom(city_game *game, int opponent);
/**
 * @brief Decline the optional follower, guard or tower decision (and in
 *        Carcassonne the follower, capture and ransom decisions).
 * @param[in,out] game the game.
 * @return CITY_OK, CITY_EINVAL, CITY_EDECISION or CITY_EENDED.
 */
CITY_EXPORT int city_pass(city_game *game);
/**
 * @brief Final scoring, once the game has ended (R-END-2..5): close the
 *        contour with notional walls, score what they complete, return
 *        incomplete followers, score stewards and guards. Idempotent.
 * @param[in,out] game the game.
 * @return CITY_OK, CITY_EINVAL or CITY_ENOTENDED.
 */
CITY_EXPORT int city_score_final(city_game *game);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* CITY_GAME_H */
