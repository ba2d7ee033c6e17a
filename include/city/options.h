/**
 * @file city/options.h
 * @brief Options: the builder that chooses players, seed, tile order,
 *        tile set, rules and allocator of a new game.
 *
 * Include `<city/city.h>` rather than this header directly.
 */
#ifndef CITY_OPTIONS_H
#define CITY_OPTIONS_H

#include "city/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup rule_options Rule option identifiers and values
 * The rules of rules.md (R-OPT-*) by constant, for
 * city_options_set_rule() and city_game_rule().
 * @{
 */
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
/** @} */

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

#ifdef __cplusplus
}
#endif

#endif /* CITY_OPTIONS_H */
