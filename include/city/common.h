/**
 * @file city/common.h
 * @brief Status codes, version queries and the opaque handle types shared by
 *        every part of the libcity API.
 *
 * Include `<city/city.h>` rather than this header directly.
 */
#ifndef CITY_COMMON_H
#define CITY_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "city/export.h"
#include "city/version.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup status Status codes
 * @brief Every call that can fail returns `CITY_OK` or one of these negative
 *        constants. The numbers are fixed for the life of ABI 1 and a number
 *        is never reused for another meaning.
 * @{
 */
/** Success. */
#define CITY_OK 0
/** An argument is invalid: a NULL handle or pointer, a value out of range. */
#define CITY_EINVAL (-1)
/** An allocation failed; nothing was changed. */
#define CITY_ENOMEM (-2)
/** A caller-provided buffer is too small; `*needed` tells the size. */
#define CITY_ERANGE (-3)
/** The move breaks a rule of the game (the last error names the rule). */
#define CITY_EILLEGAL (-4)
/** The call does not answer the decision the game is waiting for. */
#define CITY_EDECISION (-5)
/** Malformed text: a tile set, a record or a move. */
#define CITY_EPARSE (-6)
/** The thing asked for does not exist (an empty cell, no such feature). */
#define CITY_ENOTFOUND (-7)
/** The game has ended; no further decision can be made. */
#define CITY_EENDED (-8)
/** The game has not ended yet (final scoring is not available). */
#define CITY_ENOTENDED (-9)
/** A documented resource limit was exceeded (size, count, coordinate). */
#define CITY_ELIMIT (-10)
/** @} */

/**
 * @brief Name a status code.
 * @param[in] status a value returned by a libcity call.
 * @return a borrowed, static, never-NULL string such as `"CITY_EILLEGAL"`;
 *         `"CITY_E?"` for a number libcity does not define.
 */
CITY_EXPORT const char *city_status_str(int status);

/**
 * @brief The library's version as a number, `major * 10000 + minor * 100 +
 *        patch`, as built (compare with `CITY_VERSION_NUMBER` from the
 *        header you compiled against).
 * @return the runtime version number.
 */
CITY_EXPORT unsigned city_version_number(void);

/**
 * @brief The library's version as text, for example `"1.0.0"`.
 * @return a borrowed, static, never-NULL string.
 */
CITY_EXPORT const char *city_version_string(void);

/** @brief An immutable tile set (designs, counts, buildings). Opaque. */
typedef struct city_tileset city_tileset;
/** @brief A builder of game options. Opaque. */
typedef struct city_options city_options;
/** @brief One game of The City: the whole state of play. Opaque. */
typedef struct city_game city_game;

#ifdef __cplusplus
}
#endif

#endif /* CITY_COMMON_H */
