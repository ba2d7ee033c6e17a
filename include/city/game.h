/**
 * @file city/game.h
 * @brief Options, the game handle, decisions, moves, records and queries.
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
 * @defgroup constants Constants of the game
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

/** Feature kind: a street. */
#define CITY_FEATURE_STREET 0
/** Feature kind: a market. */
#define CITY_FEATURE_MARKET 1
/** Feature kind: a residential area. */
#define CITY_FEATURE_RESIDENTIAL 2

/** Follower role: on a street. */
#define CITY_ROLE_CITIZEN 0
/** Follower role: on a market. */
#define CITY_ROLE_SELLER 1
/** Follower role: on a residential area. */
#define CITY_ROLE_STEWARD 2
/** Follower role: on a wall piece. */
#define CITY_ROLE_GUARD 3

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
/** Number of score categories. */
#define CITY_CAT_COUNT 5

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

/** Rule option R-OPT-1, what triggers wall building: value
 *  CITY_TRIGGER_OCCUPIED (default) or CITY_TRIGGER_ANY. */
#define CITY_RULE_WALL_TRIGGER 1
/** Rule option R-OPT-2, guards allowed in the first wall round: 1 (default)
 *  or 0. */
#define CITY_RULE_FIRST_ROUND_GUARDS 2
/** Rule option R-OPT-3, a follower returned by a wall's scoring is back
 *  before that piece's guard decision: 1 (default) or 0. */
#define CITY_RULE_RETURNED_GUARD 3
/** Rule option R-OPT-4, a final tower when the ring closes: 1 (default) or
 *  0. */
#define CITY_RULE_CLOSING_TOWER 4
/** Rule option R-OPT-5, the gap that ends the game: 0..20, default 5. */
#define CITY_RULE_END_GAP 5
/** R-OPT-1 value: a completion holding a follower triggers walls. */
#define CITY_TRIGGER_OCCUPIED 0
/** R-OPT-1 value: any completion triggers walls. */
#define CITY_TRIGGER_ANY 1

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

/** Event kind: points scored. */
#define CITY_EVENT_SCORE 1
/** Event kind: an unplayable tile was discarded (R-TURN-4). */
#define CITY_EVENT_DISCARD 2
/** Event kind: followers returned without points (R-END-3). */
#define CITY_EVENT_RETURN 3

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
	char part;        /**< follower: region letter 'a'..'h' or street digit. */
	uint8_t reserved0[3]; /**< Reserved, zero. */
	int32_t x;        /**< place, gate: cell x (east). */
	int32_t y;        /**< place, gate: cell y (south). */
	uint32_t reserved1[2]; /**< Reserved, zero. */
} city_move;

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
	uint32_t reserved1; /**< Reserved, zero. */
} city_event;

/**
 * @defgroup options Options
 * @{
 */
/**
 * @brief Create an options builder with the defaults: 2 players, seed 0, the
 *        built-in tile set, default stacks and default rules.
 * @param[out] out receives the builder; the caller owns it and frees it with
 *             city_options_free().
 * @return CITY_OK, CITY_EINVAL (out is NULL) or CITY_ENOMEM.
 */
CITY_EXPORT int city_options_new(city_options **out);
/**
 * @brief Free an options builder. NULL is a no-op.
 * @param[in] opts the builder (owned by the caller, released here).
 */
CITY_EXPORT void city_options_free(city_options *opts);
/**
 * @brief Number of players, 2 to 4 (R-SET-1).
 * @param[in,out] opts the builder.
 * @param[in] players 2..4.
 * @return CITY_OK or CITY_EINVAL.
 */
CITY_EXPORT int city_options_set_players(city_options *opts, int players);
/**
 * @brief Seed of the draw order (R-RNG). Clears an explicit order.
 * @param[in,out] opts the builder.
 * @param[in] seed any 64-bit value.
 * @return CITY_OK or CITY_EINVAL.
 */
CITY_EXPORT int city_options_set_seed(city_options *opts, uint64_t seed);
/**
 * @brief An explicit draw order (R-SET-4), by design id. It must be a
 *        permutation of the tile set's instances; checked by city_game_new().
 * @param[in,out] opts the builder.
 * @param[in] design_ids `count` design ids (copied).
 * @param[in] count number of ids, 1..255; 0 clears the explicit order.
 * @return CITY_OK, CITY_EINVAL or CITY_ELIMIT.
 */
CITY_EXPORT int city_options_set_order(city_options *opts,
                                       const int *design_ids, size_t count);
/**
 * @brief Explicit stack sizes `A B C` (R-SET-4): A >= 1, summing to the tile
 *        set's size (checked by city_game_new()). All zero restores the
 *        proportional default.
 * @param[in,out] opts the builder.
 * @param[in] a stack 1 size.
 * @param[in] b stack 2 size.
 * @param[in] c stack 3 size.
 * @return CITY_OK or CITY_EINVAL.
 */
CITY_EXPORT int city_options_set_stacks(city_options *opts, unsigned a,
                                        unsigned b, unsigned c);
/**
 * @brief The tile set to play with (NULL: the built-in set).
 * @param[in,out] opts the builder.
 * @param[in] ts a tile set; the options and every game made from them keep
 *            their own reference, so the caller may free it at any time.
 * @return CITY_OK or CITY_EINVAL.
 */
CITY_EXPORT int city_options_set_tileset(city_options *opts,
                                         const city_tileset *ts);
/**
 * @brief Set a rule option (R-OPT).
 * @param[in,out] opts the builder.
 * @param[in] rule CITY_RULE_*.
 * @param[in] value see the CITY_RULE_* constant.
 * @return CITY_OK or CITY_EINVAL (unknown rule or value out of range).
 */
CITY_EXPORT int city_options_set_rule(city_options *opts, int rule,
                                      int value);
/**
 * @brief Set a rule option from its record text, e.g. `"wall_trigger=any"`,
 *        `"end_gap=3"` (the `rule` lines of record.md).
 * @param[in,out] opts the builder.
 * @param[in] text NUL-terminated `name=value`.
 * @return CITY_OK, CITY_EINVAL (NULL) or CITY_EPARSE.
 */
CITY_EXPORT int city_options_parse_rule(city_options *opts, const char *text);
/**
 * @brief Allocation function of an allocator: like malloc, plus the user
 *        pointer given to city_options_set_allocator().
 */
typedef void *(*city_malloc_fn)(size_t size, void *user);
/**
 * @brief Reallocation function of an allocator: like realloc, plus the user
 *        pointer.
 */
typedef void *(*city_realloc_fn)(void *ptr, size_t size, void *user);
/**
 * @brief Release function of an allocator: like free (never called with
 *        NULL), plus the user pointer.
 */
typedef void (*city_free_fn)(void *ptr, void *user);
/**
 * @brief Route every allocation of the games made from these options (and
 *        of their clones) through caller functions. All three NULL restores
 *        the C library's malloc/realloc/free.
 * @param[in,out] opts the builder.
 * @param[in] alloc_fn allocation function.
 * @param[in] realloc_fn reallocation function.
 * @param[in] free_fn release function.
 * @param[in] user passed back to each function; not owned.
 * @return CITY_OK, or CITY_EINVAL when opts is NULL or only some of the
 *         functions are given.
 */
CITY_EXPORT int city_options_set_allocator(city_options *opts,
                                           city_malloc_fn alloc_fn,
                                           city_realloc_fn realloc_fn,
                                           city_free_fn free_fn, void *user);
/**
 * @brief Read back a rule option.
 * @param[in] opts the builder.
 * @param[in] rule CITY_RULE_*.
 * @return the value (>= 0) or CITY_EINVAL.
 */
CITY_EXPORT int city_options_get_rule(const city_options *opts, int rule);
/** @} */

/**
 * @defgroup lifecycle Game lifecycle
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
 * @return CITY_OK or CITY_EINVAL (NULL, or games of different shapes).
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
 * @brief Decline the optional follower, guard or tower decision.
 * @param[in,out] game the game.
 * @return CITY_OK, CITY_EINVAL, CITY_EDECISION or CITY_EENDED.
 */
CITY_EXPORT int city_pass(city_game *game);
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
 *         does not answer the current decision.
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
 * @brief Final scoring, once the game has ended (R-END-2..5): close the
 *        contour with notional walls, score what they complete, return
 *        incomplete followers, score stewards and guards. Idempotent.
 * @param[in,out] game the game.
 * @return CITY_OK, CITY_EINVAL or CITY_ENOTENDED.
 */
CITY_EXPORT int city_score_final(city_game *game);
/** @} */

/**
 * @defgroup records Records
 * @{
 */
/**
 * @brief Write the game as a `.city` record (record.md).
 * @param[in] game the game.
 * @param[out] buf buffer of `capacity` bytes, NUL-terminated on success.
 * @param[in] capacity size of `buf`.
 * @param[out] needed receives the size needed including the NUL (may be
 *             NULL).
 * @return CITY_OK, CITY_EINVAL or CITY_ERANGE.
 */
CITY_EXPORT int city_game_save(const city_game *game, char *buf,
                               size_t capacity, size_t *needed);
/**
 * @brief Load a `.city` record, replaying its moves through the same checks
 *        as live play.
 * @param[out] out receives the game, owned by the caller.
 * @param[in] text the record (need not be NUL-terminated).
 * @param[in] len its length in bytes.
 * @param[out] err buffer for the reason on failure, `line N: reason`
 *             (NUL-terminated, truncated to `errcap`); may be NULL.
 * @param[in] errcap size of `err`.
 * @return CITY_OK, CITY_EINVAL, CITY_EPARSE, CITY_ELIMIT, CITY_ENOMEM, or
 *         for a move the game rejects the status city_apply_move() gave
 *         (CITY_EILLEGAL, CITY_EDECISION, CITY_EENDED, ...); `*out` is
 *         untouched on error.
 */
CITY_EXPORT int city_game_load(city_game **out, const char *text, size_t len,
                               char *err, size_t errcap);
/** Load flag: on an illegal move, still return the game as it was before
 *  that move (see city_game_load_ex()). */
#define CITY_LOAD_PREFIX 1u
/**
 * @brief city_game_load() with flags. With CITY_LOAD_PREFIX, when a move
 *        fails (the header and syntax being valid) `*out` receives the game
 *        after the moves before it, `*applied` their number, and the move's
 *        status is returned with `move N: reason` in `err`.
 * @param[out] out receives the game, owned by the caller.
 * @param[out] applied receives the number of moves applied (may be NULL).
 * @param[in] text the record.
 * @param[in] len its length.
 * @param[in] flags 0 or CITY_LOAD_PREFIX.
 * @param[out] err reason buffer (may be NULL).
 * @param[in] errcap size of `err`.
 * @return as city_game_load().
 */
CITY_EXPORT int city_game_load_ex(city_game **out, size_t *applied,
                                  const char *text, size_t len,
                                  unsigned flags, char *err, size_t errcap);
/**
 * @brief city_game_load_ex() whose game allocates through the allocator of
 *        `alloc_from` (city_options_set_allocator()); everything else comes
 *        from the record. The loader itself allocates nothing through
 *        malloc except an inline tile set (city_tileset_parse()).
 * @param[out] out receives the game, owned by the caller.
 * @param[out] applied receives the number of moves applied (may be NULL).
 * @param[in] alloc_from options whose allocator the game uses, or NULL for
 *            malloc/realloc/free; not retained.
 * @param[in] text the record.
 * @param[in] len its length.
 * @param[in] flags 0 or CITY_LOAD_PREFIX.
 * @param[out] err reason buffer (may be NULL).
 * @param[in] errcap size of `err`.
 * @return as city_game_load().
 */
CITY_EXPORT int city_game_load_opts(city_game **out, size_t *applied,
                                    const city_options *alloc_from,
                                    const char *text, size_t len,
                                    unsigned flags, char *err, size_t errcap);
/** @} */

/**
 * @defgroup queries Queries
 * Queries never change the game. Those returning `int` give a value >= 0 or
 * a negative status (CITY_EINVAL for a NULL game or bad argument).
 * @{
 */
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
 * @return 2..4 or CITY_EINVAL.
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
 *        or the tile of the current turn; once the game has ended, the
 *        tile of the last turn (tiles discarded after it are in the event
 *        log).
 * @param[in] game the game.
 * @param[out] design receives its design id.
 * @param[out] stack receives its stack, 1..3 (may be NULL).
 * @return CITY_OK, CITY_EINVAL, or CITY_ENOTFOUND before the first tile is
 *         drawn (a game always starts with one drawn, so only a game that
 *         could draw nothing would see it).
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
 * @brief Wall pieces left in the supply (R-SET-3).
 * @param[in] game the game.
 * @return 0..70 or CITY_EINVAL.
 */
CITY_EXPORT int city_game_walls_left(const city_game *game);

/**
 * @brief A player's total score.
 * @param[in] game the game.
 * @param[in] player 0..players-1.
 * @return the score (>= 0) or CITY_EINVAL.
 */
CITY_EXPORT int city_game_score(const city_game *game, int player);
/**
 * @brief A player's score in one category.
 * @param[in] game the game.
 * @param[in] player 0..players-1.
 * @param[in] category CITY_CAT_*.
 * @return the points (>= 0) or CITY_EINVAL.
 */
CITY_EXPORT int city_game_score_detail(const city_game *game, int player,
                                       int category);
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
 * @param[in] game the game.
 * @return the count or CITY_EINVAL.
 */
CITY_EXPORT int city_contour_length(const city_game *game);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* CITY_GAME_H */
