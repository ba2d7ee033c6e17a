/**
 * @file city/record.h
 * @brief Records: saving and loading games as `.city` text (record.md).
 *
 * Include `<city/city.h>` rather than this header directly.
 */
#ifndef CITY_RECORD_H
#define CITY_RECORD_H

#include "city/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup records Records
 * Save a game as a `.city` record and load one, replaying its moves
 * through the checks of live play (record.md).
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

#ifdef __cplusplus
}
#endif

#endif /* CITY_RECORD_H */
