/**
 * @file city/wall.h
 * @brief The city wall: pieces, ends, gap, towers and the contour (R-WALL).
 *
 * Include `<city/city.h>` rather than this header directly.
 */
#ifndef CITY_WALL_H
#define CITY_WALL_H

#include "city/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup wall The city wall
 * Queries of the wall ring (R-WALL): pieces, ends, gap, towers and
 * the contour the gate is built on.
 * @{
 */
/**
 * @brief Wall pieces left in the supply (R-SET-3).
 * @param[in] game the game.
 * @return 0..70 or CITY_EINVAL.
 */
CITY_EXPORT int city_game_walls_left(const city_game *game);

/**
 * @brief Number of pieces in the wall, the gate included (0 before the
 *        gate).
 * @param[in] game the game.
 * @return the count or CITY_EINVAL.
 */
CITY_EXPORT int city_wall_length(const city_game *game);
/**
 * @brief The i-th piece of the wall chain, from the ccw end (index 0) to
 *        the cw end.
 * @param[in] game the game.
 * @param[in] index 0..city_wall_length()-1.
 * @param[out] x receives the cell of the tile it borders (may be NULL).
 * @param[out] y receives the cell (may be NULL).
 * @param[out] side receives the side CITY_SIDE_* (may be NULL).
 * @param[out] is_gate receives 1 for the gate, 0 for a wall piece (may be
 *             NULL).
 * @param[out] guard receives the guard's owner or -1 (may be NULL).
 * @return CITY_OK or CITY_EINVAL.
 */
CITY_EXPORT int city_wall_piece(const city_game *game, size_t index,
                                int32_t *x, int32_t *y, int *side,
                                int *is_gate, int *guard);
/**
 * @brief Index in the wall chain of the piece at one end.
 * @param[in] game the game.
 * @param[in] end CITY_END_CW or CITY_END_CCW.
 * @return the index, CITY_EINVAL or CITY_ENOTFOUND (no gate yet).
 */
CITY_EXPORT int city_wall_end(const city_game *game, int end);
/**
 * @brief Contour sides between the two wall ends (R-END-1c); 0 when the ring
 *        is closed.
 * @param[in] game the game.
 * @return the count, CITY_EINVAL or CITY_ENOTFOUND (no gate yet).
 */
CITY_EXPORT int city_wall_gap(const city_game *game);
/**
 * @brief Number of towers placed.
 * @param[in] game the game.
 * @return the count or CITY_EINVAL.
 */
CITY_EXPORT int city_tower_count(const city_game *game);
/**
 * @brief The i-th tower placed.
 * @param[in] game the game.
 * @param[in] index 0..city_tower_count()-1.
 * @param[out] player receives the owner (may be NULL).
 * @param[out] end receives the end it was placed at (may be NULL).
 * @param[out] piece receives the wall chain index of the piece it stands on
 *             (may be NULL; indices shift as pieces are added at the ccw
 *             end, this is the index now).
 * @param[out] points receives what it scored (may be NULL).
 * @return CITY_OK or CITY_EINVAL.
 */
CITY_EXPORT int city_tower(const city_game *game, size_t index, int *player,
                           int *end, int *piece, int *points);
/**
 * @brief The number of contour sides (R-GEO-8), the walk of the gate
 *        decision's legal moves.
 * @param[in] game the game (read only; ownership stays with the caller).
 * @return the count, CITY_EINVAL (NULL game) or CITY_ENOTFOUND (the base
 *         game of Carcassonne, which has no city wall).
 */
CITY_EXPORT int city_contour_length(const city_game *game);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* CITY_WALL_H */
