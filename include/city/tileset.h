/**
 * @file city/tileset.h
 * @brief Tile sets: the built-in set of *The City* and custom sets read
 *        from `.tiles` text (docs/tileset.md), with queries on each design.
 *
 * A tile set is immutable once made. Designs are addressed by their index
 * `i` (0-based, in ID order, `0 .. city_tileset_design_count() - 1`), not by
 * their ID; city_tileset_find_design() maps an ID to its index.
 *
 * Sides are numbered clockwise from north: 0 = N, 1 = E, 2 = S, 3 = W (the
 * `CITY_SIDE_*` constants of `city/game.h`). Each side has a left half, a
 * middle and a right half in clockwise order around the tile. Halves carry
 * a region letter `'a'`..`'h'`; a middle carries a street digit `'1'`..`'9'`
 * or `'-'` for no street.
 *
 * Include `<city/city.h>` rather than this header directly.
 */
#ifndef CITY_TILESET_H
#define CITY_TILESET_H

#include "city/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup tileset_constants Region kinds and market kinds
 * What city_tileset_region_kind() answers: the kind of a region of a
 * design and, for a market, the kinds of goods it sells.
 * @{
 */
/** Region kind: a residential area (`x=R`). */
#define CITY_REGION_RESIDENTIAL 0
/** Region kind: a market (`x=` a combination of `F`, `G`, `L`). */
#define CITY_REGION_MARKET 1
/** Region kind of a Carcassonne set: a city (`x=C`, C-GEO-1). */
#define CITY_REGION_CITY 2
/** Region kind of a Carcassonne set: a field (`x=F`, C-GEO-1). */
#define CITY_REGION_FIELD 3
/** Market kind bit: fish (`F`). */
#define CITY_MARKET_FISH 1
/** Market kind bit: grain (`G`). */
#define CITY_MARKET_GRAIN 2
/** Market kind bit: livestock (`L`). */
#define CITY_MARKET_LIVESTOCK 4
/** @} */

/**
 * @brief Parse and validate a tile set written in the `.tiles` format.
 *
 * Every validation rule of the format applies (docs/tileset.md): a
 * `tileset NAME` line first, IDs 1-99 unique, COUNT 1-9, sides of three
 * characters, declared regions, valid region types, `pub=`/`hist=`/`adj=` at
 * most once, streets on at most two sides, historic buildings on single
 * designs with distinct names, at most 255 tiles in all. A first line
 * `tileset NAME game=carcassonne` makes a set of the base game of
 * Carcassonne (tileset.md "Carcassonne sets": `x=C`/`x=F` regions, city
 * sides `x-x`, road digits, `pen=`, `mon`, `tow`, exactly one `start`
 * design). The text is ASCII; it holds at most 1 MiB (1048576 bytes) and
 * each line at most 4096 characters, a trailing CR not counted.
 *
 * @param[out] out receives the new tile set on success; untouched on
 *             failure. The caller owns it and frees it with
 *             city_tileset_free().
 * @param[in] text the text; need not be NUL-terminated, at most `len` bytes
 *            are read.
 * @param[in] len the length of `text` in bytes.
 * @param[out] err buffer for the reason of a failure, `"line:column: reason"`
 *             (lines and columns count from 1, a tab is one column), always
 *             NUL-terminated and truncated to `errcap`; may be NULL. Set to
 *             `""` on success.
 * @param[in] errcap capacity of `err` in bytes.
 * @return CITY_OK; CITY_EINVAL when `out` or `text` is NULL; CITY_EPARSE
 *         for malformed or invalid text (the first error in reading order
 *         is reported); CITY_ELIMIT for a text over 1 MiB or a line over
 *         4096 characters; CITY_ENOMEM.
 */
CITY_EXPORT int city_tileset_parse(city_tileset **out, const char *text,
                                   size_t len, char *err, size_t errcap);

/**
 * @brief Release the caller's reference to a tile set.
 *
 * Options and games that use the set keep their own reference, so freeing
 * it while a game still plays with it is safe: the memory goes when the last
 * user lets go.
 * @param[in] ts a set from city_tileset_parse(); NULL and the built-in set
 *            (city_tileset_default()) are accepted and ignored.
 */
CITY_EXPORT void city_tileset_free(city_tileset *ts);

/**
 * @brief The built-in tile set of *The City* (75 tiles, 64 designs), a
 *        reconstruction described in docs/tileset.md.
 * @return a borrowed pointer to an immutable set shared by every thread;
 *         never NULL and never freed.
 */
CITY_EXPORT const city_tileset *city_tileset_default(void);

/**
 * @brief The name of a set (the `tileset NAME` line).
 * @param[in] ts the set.
 * @return a borrowed string valid as long as the set; NULL when `ts` is
 *         NULL.
 */
CITY_EXPORT const char *city_tileset_name(const city_tileset *ts);

/**
 * @brief The number of distinct designs in a set.
 * @param[in] ts the set.
 * @return the number of designs (1..99); 0 when `ts` is NULL.
 */
CITY_EXPORT unsigned city_tileset_design_count(const city_tileset *ts);

/**
 * @brief The number of tiles in a set (the sum of the designs' counts).
 * @param[in] ts the set.
 * @return the number of tiles (1..255); 0 when `ts` is NULL.
 */
CITY_EXPORT unsigned city_tileset_tile_count(const city_tileset *ts);

/**
 * @brief Find a design by its ID.
 * @param[in] ts the set.
 * @param[in] id a design ID (1..99 in the `.tiles` text).
 * @return the design's index (>= 0); CITY_ENOTFOUND when no design has that
 *         ID; CITY_EINVAL when `ts` is NULL.
 */
CITY_EXPORT int city_tileset_find_design(const city_tileset *ts, int id);

/**
 * @brief The ID of design `i`.
 * @param[in] ts the set.
 * @param[in] i a design index.
 * @return the ID (1..99); CITY_EINVAL when `ts` is NULL or `i` out of range.
 */
CITY_EXPORT int city_tileset_design_id(const city_tileset *ts, unsigned i);

/**
 * @brief How many tiles of design `i` the set holds (its COUNT).
 * @param[in] ts the set.
 * @param[in] i a design index.
 * @return the count (1..9); CITY_EINVAL when `ts` is NULL or `i` out of
 *         range.
 */
CITY_EXPORT int city_tileset_design_count_of(const city_tileset *ts,
                                             unsigned i);

/**
 * @brief The number of public buildings printed on design `i` (`pub=`).
 * @param[in] ts the set.
 * @param[in] i a design index.
 * @return 0..4; CITY_EINVAL when `ts` is NULL or `i` out of range.
 */
CITY_EXPORT int city_tileset_public_buildings(const city_tileset *ts,
                                              unsigned i);

/**
 * @brief The historic building printed on design `i` (`hist=`).
 * @param[in] ts the set.
 * @param[in] i a design index.
 * @return a borrowed string valid as long as the set: the building's name,
 *         `""` when the design has none; NULL when `ts` is NULL or `i` out
 *         of range.
 */
CITY_EXPORT const char *city_tileset_historic_name(const city_tileset *ts,
                                                   unsigned i);

/**
 * @brief What a board side of a placed design shows (R-GEO-3).
 *
 * With `rotation` quarter turns clockwise, design side `d` faces board side
 * `(d + rotation) mod 4`; the halves keep their clockwise order.
 * @param[in] ts the set.
 * @param[in] i a design index.
 * @param[in] side the board side, 0..3 (N, E, S, W).
 * @param[in] rotation 0..3 quarter turns clockwise.
 * @param[out] out_left receives the region letter of the left half
 *             (clockwise order); may be NULL.
 * @param[out] out_street receives the street digit of the middle, `'~'`
 *             for a river side (The River) or `'-'` when the side has
 *             neither; may be NULL.
 * @param[out] out_right receives the region letter of the right half; may
 *             be NULL.
 * @return CITY_OK; CITY_EINVAL when `ts` is NULL or `i`, `side` or
 *         `rotation` is out of range (nothing is written then).
 */
CITY_EXPORT int city_tileset_side(const city_tileset *ts, unsigned i,
                                  int side, int rotation, char *out_left,
                                  char *out_street, char *out_right);

/**
 * @brief The kind of a region of design `i`.
 * @param[in] ts the set.
 * @param[in] i a design index.
 * @param[in] region a region letter of the design (`'a'`..`'h'`).
 * @param[out] out_markets receives the market kinds, a combination of
 *             CITY_MARKET_FISH, CITY_MARKET_GRAIN and CITY_MARKET_LIVESTOCK
 *             (0 for a residential area); may be NULL.
 * @return CITY_REGION_RESIDENTIAL or CITY_REGION_MARKET (The City),
 *         CITY_REGION_CITY or CITY_REGION_FIELD (Carcassonne); CITY_ENOTFOUND when
 *         `region` is not a region of the design; CITY_EINVAL when `ts` is
 *         NULL or `i` out of range.
 */
CITY_EXPORT int city_tileset_region_kind(const city_tileset *ts, unsigned i,
                                         char region, unsigned *out_markets);

/**
 * @brief Whether two regions of design `i` are adjacent inside the tile
 *        (used by steward scoring, R-END-4).
 *
 * Adjacency is derived from the sides (two halves that follow each other
 * clockwise, across a corner or across a middle without a street, with
 * different letters) plus the design's `adj=` pairs; it is symmetric and a
 * region is not adjacent to itself.
 * @param[in] ts the set.
 * @param[in] i a design index.
 * @param[in] r1 a region letter of the design.
 * @param[in] r2 a region letter of the design.
 * @return 1 when adjacent, 0 when not; CITY_ENOTFOUND when a letter is not a
 *         region of the design; CITY_EINVAL when `ts` is NULL or `i` out of
 *         range.
 */
CITY_EXPORT int city_tileset_adjacent(const city_tileset *ts, unsigned i,
                                      char r1, char r2);

/**
 * @brief All in-tile adjacencies of design `i` as text, e.g. `"ab,ac"`
 *        (pairs sorted, the letters of each pair in order; `""` for none).
 * @param[in] ts the set.
 * @param[in] i a design index.
 * @param[out] out buffer for the NUL-terminated text; may be NULL when
 *             `cap` is 0 (to ask for the size).
 * @param[in] cap capacity of `out` in bytes.
 * @param[out] needed receives the size the text needs, NUL included, on
 *             success and on CITY_ERANGE; may be NULL.
 * @return CITY_OK; CITY_ERANGE when `cap` is too small (`out` untouched);
 *         CITY_EINVAL when `ts` is NULL, `i` out of range or `out` NULL
 *         with `cap` > 0.
 */
CITY_EXPORT int city_tileset_adjacency(const city_tileset *ts, unsigned i,
                                       char *out, size_t cap, size_t *needed);

/**
 * @brief Write a set back as `.tiles` text.
 *
 * Parsing the text gives an equal set (same name, designs, counts,
 * buildings, regions, streets and adjacencies). Comments are not kept and
 * only the `adj=` pairs that the sides do not already show are written.
 * @param[in] ts the set.
 * @param[out] buf buffer for the NUL-terminated text; may be NULL when `cap`
 *             is 0 (to ask for the size).
 * @param[in] cap capacity of `buf` in bytes.
 * @param[out] needed receives the size the text needs, NUL included, on
 *             success and on CITY_ERANGE; may be NULL.
 * @return CITY_OK; CITY_ERANGE when `cap` is too small (`buf` untouched);
 *         CITY_EINVAL when `ts` is NULL or `buf` NULL with `cap` > 0.
 */
CITY_EXPORT int city_tileset_text(const city_tileset *ts, char *buf,
                                  size_t cap, size_t *needed);

/**
 * @brief A built-in set by name: `"the-city"` (city_tileset_default()),
 *        `"carcassonne"` (72 tiles, C-SET-3) or `"carcassonne-tower"` (90
 *        tiles: the base game's and The Tower's 18).
 * @param[in] name NUL-terminated name.
 * @return a borrowed pointer to an immutable set shared by every thread
 *         (never freed; city_tileset_free() ignores it), or NULL for an
 *         unknown name or NULL.
 */
CITY_EXPORT const city_tileset *city_tileset_builtin(const char *name);

/**
 * @brief The game a set is for (tileset.md, `game=` on the `tileset` line).
 * @param[in] ts the set.
 * @return CITY_GAME_THE_CITY or CITY_GAME_CARCASSONNE; CITY_EINVAL when
 *         `ts` is NULL.
 */
CITY_EXPORT int city_tileset_game(const city_tileset *ts);

/**
 * @brief Whether a city region of design `i` has a coat of arms (`pen=`,
 *        C-SCORE-2).
 * @param[in] ts the set.
 * @param[in] i a design index.
 * @param[in] region a region letter of the design.
 * @return 1 or 0; CITY_ENOTFOUND when `region` is not a region of the
 *         design; CITY_EINVAL when `ts` is NULL or `i` out of range.
 */
CITY_EXPORT int city_tileset_coat_of_arms(const city_tileset *ts, unsigned i,
                                          char region);

/**
 * @brief Whether design `i` has a monastery (`mon`, C-GEO-1; follower part
 *        `'m'`).
 * @param[in] ts the set.
 * @param[in] i a design index.
 * @return 1 or 0; CITY_EINVAL when `ts` is NULL or `i` out of range.
 */
CITY_EXPORT int city_tileset_monastery(const city_tileset *ts, unsigned i);

/**
 * @brief Whether design `i` has a tower foundation (`tow`, T-SET-2; it acts
 *        only with CITY_EXPANSION_TOWER, T-SET-3).
 * @param[in] ts the set.
 * @param[in] i a design index.
 * @return 1 or 0; CITY_EINVAL when `ts` is NULL or `i` out of range.
 */
CITY_EXPORT int city_tileset_tower_foundation(const city_tileset *ts,
                                              unsigned i);

/**
 * @brief The start design of a Carcassonne set (`start`, C-SET-3).
 * @param[in] ts the set.
 * @return its design index (>= 0); -1 for a set of The City, which has
 *         none (and CITY_EINVAL, also -1, when `ts` is NULL).
 */
CITY_EXPORT int city_tileset_start_design(const city_tileset *ts);

#ifdef __cplusplus
}
#endif

#endif /* CITY_TILESET_H */
