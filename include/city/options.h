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
 * The rules of rules.md (R-OPT-*, The City) and carcassonne.md (C-OPT-*,
 * the base game; T-OPT-*, The Tower) by constant, for
 * city_options_set_rule() and city_game_rule(). Each rule belongs to one
 * game (and expansion); city_game_new() refuses a rule set explicitly that
 * the chosen game and expansions do not have.
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
/** Rule option C-OPT-1 (Carcassonne), farmers: 0 (default, record `no`)
 *  or 1 (`yes`): fields take farmers, scored at the end (C-END-3). */
#define CITY_RULE_FARMERS 6
/** Rule option T-OPT-1 (The Tower), a player may capture their own
 *  follower: 1 (default) or 0. */
#define CITY_RULE_CAPTURE_OWN 7
/** Rule option T-OPT-2 (The Tower), followers on top of towers can be
 *  captured: 1 (default) or 0. */
#define CITY_RULE_CAPTURE_TOP 8
/** Rule option T-OPT-3 (The Tower), no ransom with fewer than 3 points:
 *  1 (default) or 0. */
#define CITY_RULE_RANSOM_MIN 9
/** Rule option T-OPT-4 (The Tower), range passes over empty cells: 1
 *  (default) or 0 (it stops at the first empty cell). */
#define CITY_RULE_CAPTURE_GAPS 10
/** Rule option T-OPT-5 (The Tower), the capture range: CITY_RANGE_HEIGHT
 *  (default, r = h) or CITY_RANGE_SHORT (r = h - 1). */
#define CITY_RULE_TOWER_RANGE 11
/** Rule option T-OPT-6 (The Tower), range by shortest 4-connected path
 *  instead of row and column: 0 (default) or 1. */
#define CITY_RULE_CAPTURE_DIAGONAL 12
/** Rule option T-OPT-7 (The Tower), ransom allowed: 1 (default) or 0. */
#define CITY_RULE_RANSOM 13
/** T-OPT-5 value (record `height`): range = tower height. */
#define CITY_RANGE_HEIGHT 0
/** T-OPT-5 value (record `short`): range = height - 1. */
#define CITY_RANGE_SHORT 1
/** R-OPT-1 value: a completion holding a follower triggers walls. */
#define CITY_TRIGGER_OCCUPIED 0
/** R-OPT-1 value: any completion triggers walls. */
#define CITY_TRIGGER_ANY 1
/** @} */

/**
 * @defgroup games Games and expansions
 * The games libcity plays (carcassonne.md) and the expansions of the base
 * game, for city_options_set_game() and city_options_set_expansion().
 * @{
 */
/** Carcassonne: The City (rules.md), the default game. Record name
 *  `the-city`. */
#define CITY_GAME_THE_CITY 0
/** The base game of Carcassonne (carcassonne.md, C-*). Record name
 *  `carcassonne`. */
#define CITY_GAME_CARCASSONNE 1
/** The Tower (carcassonne.md, T-*), an expansion of the base game (bit
 *  mask value). Record name `tower`. */
#define CITY_EXPANSION_TOWER 1
/** @} */

/**
 * @defgroup options Options
 * The options builder a game is made from: players, seed or draw order,
 * stacks, tile set, rule options and allocator hooks.
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
 * @brief Number of players: 2 to 4 in The City (R-SET-1), 2 to 5 in
 *        Carcassonne (C-SET-1; choose the game first).
 * @param[in,out] opts the builder.
 * @param[in] players 2..4, or 2..5 once the game is CITY_GAME_CARCASSONNE.
 * @return CITY_OK or CITY_EINVAL.
 */
CITY_EXPORT int city_options_set_players(city_options *opts, int players);
/**
 * @brief Choose the game (carcassonne.md). Unless a tile set was given with
 *        city_options_set_tileset(), the game's built-in set follows:
 *        `the-city`, `carcassonne`, or `carcassonne-tower` with
 *        CITY_EXPANSION_TOWER. Rules keep their values; a rule set
 *        explicitly that the game does not have is refused by
 *        city_game_new().
 * @param[in,out] opts the builder.
 * @param[in] game CITY_GAME_THE_CITY or CITY_GAME_CARCASSONNE.
 * @return CITY_OK, or CITY_EINVAL (unknown game; The City with 5 players
 *         chosen; expansions switched on and The City asked for).
 */
CITY_EXPORT int city_options_set_game(city_options *opts, int game);
/**
 * @brief city_options_set_game() by record name.
 * @param[in,out] opts the builder.
 * @param[in] name NUL-terminated `"the-city"` or `"carcassonne"`.
 * @return CITY_OK, CITY_EINVAL (NULL, or as city_options_set_game()) or
 *         CITY_EPARSE (unknown name).
 */
CITY_EXPORT int city_options_parse_game(city_options *opts, const char *name);
/**
 * @brief Switch an expansion of the base game on or off (carcassonne.md,
 *        "The Tower"); the built-in set follows as for
 *        city_options_set_game().
 * @param[in,out] opts the builder.
 * @param[in] expansion CITY_EXPANSION_TOWER.
 * @param[in] on 1 to play with it, 0 without.
 * @return CITY_OK, or CITY_EINVAL (unknown expansion, `on` not 0/1, or an
 *         expansion switched on while the game is The City).
 */
CITY_EXPORT int city_options_set_expansion(city_options *opts, int expansion,
                                           int on);
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
 * @brief The tile set to play with (NULL: the built-in set of the game and
 *        its expansions). city_game_new() refuses a set made for another
 *        game (city_tileset_game()).
 * @param[in,out] opts the builder.
 * @param[in] ts a tile set; the options and every game made from them keep
 *            their own reference, so the caller may free it at any time.
 * @return CITY_OK or CITY_EINVAL.
 */
CITY_EXPORT int city_options_set_tileset(city_options *opts,
                                         const city_tileset *ts);
/**
 * @brief Set a rule option (R-OPT, C-OPT, T-OPT) and mark it as chosen:
 *        city_game_new() refuses it when the game and expansions do not
 *        have it.
 * @param[in,out] opts the builder.
 * @param[in] rule CITY_RULE_*.
 * @param[in] value see the CITY_RULE_* constant.
 * @return CITY_OK or CITY_EINVAL (unknown rule or value out of range).
 */
CITY_EXPORT int city_options_set_rule(city_options *opts, int rule,
                                      int value);
/**
 * @brief Set a rule option from its record text, e.g. `"wall_trigger=any"`,
 *        `"end_gap=3"`, `"farmers=yes"`, `"tower_range=short"` (the `rule`
 *        lines of record.md and carcassonne.md), as
 *        city_options_set_rule().
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
/**
 * @brief Whether city_game_new() would accept these options, and if not,
 *        why: the reason it refuses them with CITY_EINVAL, naming the rule
 *        (e.g. "C-OPT-1: rule farmers is not a rule of the-city",
 *        "R-SET-4: ..." for an order that is not a permutation).
 *
 * city_game_new() has no game to keep its reason in; call this after it
 * returns CITY_EINVAL (or before) to tell the user. Never allocates.
 *
 * @param[in] opts the builder (borrowed, unchanged).
 * @param[out] reason receives the reason, NUL-terminated and cut to fit,
 *             or "" when the options are accepted; caller-owned, room for
 *             @p capacity bytes (may be NULL when @p capacity is 0).
 * @param[in] capacity the room in @p reason (160 bytes hold every reason).
 * @return CITY_OK when city_game_new() would accept them (it may still
 *         fail with CITY_ENOMEM), or CITY_EINVAL: options refused (the
 *         reason is written), or @p opts NULL, or @p reason NULL with
 *         @p capacity above 0 (nothing written).
 */
CITY_EXPORT int city_options_check(const city_options *opts, char *reason,
                                   size_t capacity);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* CITY_OPTIONS_H */
