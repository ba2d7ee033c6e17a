/**
 * @file city/move.h
 * @brief Moves: the plain `city_move` struct, legal-move listing,
 *        applying, text form.
 *
 * Include `<city/city.h>` rather than this header directly.
 */
#ifndef CITY_MOVE_H
#define CITY_MOVE_H

#include "city/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup move_constants Move kinds
 * The `kind` of a city_move, one per word of the record syntax
 * (record.md).
 * @{
 */
/** Move kind: `place X Y R`. */
#define CITY_MOVE_PLACE 1
/** Move kind: `follower P`. */
#define CITY_MOVE_FOLLOWER 2
/** Move kind: `gate X Y S`. */
#define CITY_MOVE_GATE 3
/** Move kind: `wall cw|ccw`. */
#define CITY_MOVE_WALL 4
/** Move kind: `guard`. */
#define CITY_MOVE_GUARD 5
/** Move kind: `tower cw|ccw`. */
#define CITY_MOVE_TOWER 6
/** Move kind: `pass`. */
#define CITY_MOVE_PASS 7
/** Move kind (The Tower, T-ACT-1): `floor X Y`, a tower floor on the open
 *  tower at (x, y). */
#define CITY_MOVE_FLOOR 8
/** Move kind (The Tower, T-ACT-2): `top X Y`, a follower on top of the open
 *  tower at (x, y). */
#define CITY_MOVE_TOP 9
/** Move kind (The Tower, T-CAP-1..2): `capture X Y P`, take the follower on
 *  part `part` of the tile at (x, y): a region letter, a road digit, 'm'
 *  (monastery) or 't' (the follower on top of the tower). */
#define CITY_MOVE_CAPTURE 10
/** Move kind (The Tower, T-CAP-5): `ransom Q`, buy back a follower from the
 *  opponent in seat `x` (0..4). */
#define CITY_MOVE_RANSOM 11
/** @} */

/**
 * @brief A move: one answer to one decision. Plain struct, frozen for the
 *        life of ABI 1 (24 bytes); zero the reserved fields.
 */
typedef struct city_move {
	uint8_t kind;     /**< CITY_MOVE_*. */
	uint8_t rotation; /**< place: 0..3 quarter turns clockwise. */
	uint8_t side;     /**< gate: CITY_SIDE_*. */
	uint8_t end;      /**< wall, tower: CITY_END_CW or CITY_END_CCW. */
	char part;        /**< follower: region letter 'a'..'h', street or road
	                       digit, or 'm' (monastery); capture: the same or
	                       't' (top of a tower). */
	uint8_t reserved0[3]; /**< Reserved, zero. */
	int32_t x;        /**< place, gate, floor, top, capture: cell x (east);
	                       ransom: the opponent's seat. */
	int32_t y;        /**< place, gate, floor, top, capture: cell y
	                       (south). */
	uint32_t reserved1[2]; /**< Reserved, zero. */
} city_move;

/**
 * @defgroup moves Moves
 * The generic form of the decisions: list the legal moves, apply
 * one, write and parse them in record syntax, read the moves made.
 * @{
 */
/**
 * @brief List the legal moves of the current decision, in a fixed order
 *        (record.md "legal moves"; tile moves sorted by y, x, rotation).
 *        Never allocates.
 * @param[in] game the game.
 * @param[out] out buffer of `capacity` moves (may be NULL when capacity
 *             is 0, to count only).
 * @param[in] capacity size of `out`.
 * @param[out] count receives the number of legal moves (0 once ended).
 * @return CITY_OK, CITY_EINVAL, or CITY_ERANGE when `capacity` is too small
 *         and `out` is not NULL (`*count` tells the size; `out` holds the
 *         first `capacity` moves). Entries of `out` past the moves listed
 *         (up to `capacity`) may be overwritten; the caller keeps
 *         ownership of the buffer.
 */
CITY_EXPORT int city_legal_moves(const city_game *game, city_move *out,
                                 size_t capacity, size_t *count);
/**
 * @brief Apply a move of any kind (the generic form of the calls above).
 * @param[in,out] game the game.
 * @param[in] move the move (not retained).
 * @return as the matching named call; CITY_EDECISION when the move's kind
 *         does not answer the current decision; CITY_EINVAL when a
 *         reserved field is not zero (the reason names the field; the game
 *         is unchanged) or the kind is unknown.
 */
CITY_EXPORT int city_apply_move(city_game *game, const city_move *move);
/**
 * @brief Write a move in record syntax (`place 1 0 3`, `follower a`, ...).
 * @param[in] move the move.
 * @param[out] buf buffer of `capacity` bytes, NUL-terminated on success.
 * @param[in] capacity size of `buf`.
 * @param[out] needed receives the size needed including the NUL (may be
 *             NULL).
 * @return CITY_OK, CITY_EINVAL or CITY_ERANGE.
 */
CITY_EXPORT int city_move_to_string(const city_move *move, char *buf,
                                    size_t capacity, size_t *needed);
/**
 * @brief Parse a move in record syntax (leading/trailing blanks and a
 *        `#` comment allowed).
 * @param[out] out receives the move.
 * @param[in] text NUL-terminated text.
 * @return CITY_OK, CITY_EINVAL or CITY_EPARSE.
 */
CITY_EXPORT int city_move_parse(city_move *out, const char *text);
/**
 * @brief Number of moves made so far.
 * @param[in] game the game.
 * @return the count or CITY_EINVAL.
 */
CITY_EXPORT int city_game_move_count(const city_game *game);
/**
 * @brief The i-th move made, oldest first.
 * @param[in] game the game.
 * @param[in] index 0..city_game_move_count()-1.
 * @param[out] out receives the move.
 * @return CITY_OK or CITY_EINVAL.
 */
CITY_EXPORT int city_game_move(const city_game *game, size_t index,
                               city_move *out);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* CITY_MOVE_H */
