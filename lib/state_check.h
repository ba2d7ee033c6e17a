/*
 * A debug consistency check of a whole game state (in the manner of
 * zstd's ZSTD_cwksp_assert_internal_consistency): every owner's part is
 * checked against what it must be, most of it recomputed from scratch from
 * the placed tiles. Slow (a few look-ups per cell of the bounding box);
 * the property tests run it after every move.
 *
 * Writes: nothing. Reads: every part of the state.
 */
#ifndef CITY_LIB_STATE_CHECK_H
#define CITY_LIB_STATE_CHECK_H

#include <stddef.h>

#include "city/city.h"

/* 0 when the state of g is consistent; else 1 and the first inconsistency
 * found written into msg (may be NULL). */
int state_check(const city_game *g, char *msg, size_t cap);

#endif /* CITY_LIB_STATE_CHECK_H */
