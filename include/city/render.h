/**
 * @file city/render.h
 * @brief Pictures of a game: the board as SVG text (docs/render.md).
 *
 * The SVG shows the placed tiles drawn from their designs like the printed
 * game (textured regions, each separate feature its own shape, cities
 * walled, roads and streets with verges, buildings, monasteries), the
 * followers as meeples by role in player colours on their parts, the wall, the gate, the towers, the
 * guards, the holes, the last placed tile highlighted and, on request, the
 * legal moves of the current decision. It is a pure function of the game
 * state: the same state always gives the same bytes.
 *
 * Include `<city/city.h>` rather than this header directly.
 */
#ifndef CITY_RENDER_H
#define CITY_RENDER_H

#include "city/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief SVG flag: overlay the legal moves of the current decision — the
 *        cells where the current tile fits (`class="legal"`, with `data-x`,
 *        `data-y` and the fitting rotations in `data-rot`), the parts a
 *        follower may take and the sides the gate may take (each with its
 *        move text in `data-move`).
 */
#define CITY_SVG_LEGAL 1u

/**
 * @brief SVG flag: add a legend under the strip (`<g class="legend">`):
 *        what each feature, piece and overlay mark of the game's picture
 *        means. Since libcity 1.1.0 (an older library refuses the bit with
 *        CITY_EINVAL).
 */
#define CITY_SVG_LEGEND 2u

/**
 * @brief SVG flag: leave out the strip under the board (the current tile,
 *        scores and supplies), for a page that shows them itself; the
 *        picture is then the board alone (and the legend, if asked). Since
 *        libcity 1.1.0.
 */
#define CITY_SVG_NO_STRIP 4u

/**
 * @brief Write the board of a game as an SVG 1.1 document.
 *
 * One board cell is 96 user units; the picture spans the placed tiles and
 * one cell of margin all round, above a strip with the current tile and
 * the scores. Each placed tile is a group `<g class="tile" data-x data-y>`
 * whose regions carry `data-part` (the region letter or street digit), so
 * a page can hook clicks on them. Only ASCII is written.
 *
 * @param[in] game the game (unchanged).
 * @param[in] flags 0 or any of CITY_SVG_LEGAL, CITY_SVG_LEGEND,
 *            CITY_SVG_NO_STRIP.
 * @param[out] buf buffer for the NUL-terminated text; may be NULL when
 *             `capacity` is 0 (to ask for the size).
 * @param[in] capacity size of `buf` in bytes.
 * @param[out] needed receives the size the text needs, NUL included, on
 *             success and on CITY_ERANGE; may be NULL.
 * @return CITY_OK; CITY_ERANGE when `capacity` is too small (`buf` then
 *         holds a truncated, NUL-terminated prefix); CITY_EINVAL when
 *         `game` is NULL, `buf` is NULL with `capacity` > 0 or `flags` has
 *         an unknown bit; CITY_ENOMEM when listing the legal moves could
 *         not allocate.
 */
CITY_EXPORT int city_game_svg(const city_game *game, unsigned flags,
                              char *buf, size_t capacity, size_t *needed);

/**
 * @brief Write one design of a tile set, turned, as an SVG 1.1 document:
 *        the picture of that tile as city_game_svg() draws it on a board
 *        (a tile preview, a list of the tiles still to come). Since
 *        libcity 1.1.0.
 *
 * The document is 96 × 96 user units with the board's `<defs>` (its
 * patterns) and one group `<g class="design" data-design data-rot>`
 * holding the tile, whose regions carry `data-part` as on the board. The
 * same design and rotation always give the same bytes; only ASCII is
 * written.
 *
 * @param[in] tileset the tile set (borrowed, unchanged).
 * @param[in] design a design id of the set (city_tileset_design_id()).
 * @param[in] rotation 0..3 quarter turns clockwise.
 * @param[out] buf buffer for the NUL-terminated text; caller-owned; may be
 *             NULL when `capacity` is 0 (to ask for the size).
 * @param[in] capacity size of `buf` in bytes.
 * @param[out] needed receives the size the text needs, NUL included, on
 *             success and on CITY_ERANGE; may be NULL.
 * @return CITY_OK; CITY_ERANGE when `capacity` is too small (`buf` then
 *         holds a truncated, NUL-terminated prefix); CITY_EINVAL when
 *         `tileset` is NULL, `design` is not a design id of the set,
 *         `rotation` is outside 0..3 or `buf` is NULL with `capacity` > 0.
 */
CITY_EXPORT int city_tileset_svg(const city_tileset *tileset, int design,
                                 int rotation, char *buf, size_t capacity,
                                 size_t *needed);

#ifdef __cplusplus
}
#endif

#endif /* CITY_RENDER_H */
