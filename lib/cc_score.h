/*
 * The base game's completion and scoring (C-DONE, C-SCORE, C-END-2/3): what
 * a placement completed, the final scoring and farms, on the shared
 * features (feature.h) and players (players.h).
 *
 * Writes: through players.c the scores and followers back to supply, the
 * followed flags of roots, the open monasteries of state.cc, the event
 * log. Reads: the board, the features, the set-up.
 */
#ifndef CITY_LIB_CC_SCORE_H
#define CITY_LIB_CC_SCORE_H

#include "state.h"

/* Score categories of the base game, as indices into state.pl.score[p]
 * (CITY_CAT_ROADS + index in the public API). */
enum {
	CC_CAT_ROADS = 0,
	CC_CAT_CITIES,
	CC_CAT_MONASTERIES,
	CC_CAT_FARMS,
	CC_CAT_RANSOM
};

/* Part kinds as the base game's rules see them. */
enum { CC_KIND_FIELD = 0, CC_KIND_CITY = 1, CC_KIND_ROAD = 2, CC_KIND_MONASTERY = 3 };

/* The kind (CK_*) of part index `part` of design d (the monastery is part
 * n_parts). */
static inline int ccs_part_kind(const ts_design *d, int part)
{
	if (part >= d->n_parts)
		return CC_KIND_MONASTERY;
	return d->parts[part].kind == TS_STREET ? CC_KIND_ROAD
	       : d->parts[part].kind == TS_CITY ? CC_KIND_CITY
	                                        : CC_KIND_FIELD;
}
/* The name of part index `part` of design d ('m': the monastery). */
static inline char ccs_part_name(const ts_design *d, int part)
{
	return part >= d->n_parts ? 'm' : d->parts[part].name;
}
/* Distinct tiles (R-GEO-6) of the feature of root r and, in *coats (may
 * be NULL), its coats of arms (C-SCORE-2). */
int ccs_measure(const city_tileset *ts, const state *s, int r, int *coats);
/* Whether the feature of part `part` of placed tile t is complete: a road
 * or city with no open end or side, a monastery with 8 tiles around;
 * a field never (C-DONE-1..4). */
int ccs_complete(const city_tileset *ts, const state *s, int t, int part);
/* Score what placed tile t, the tile of the turn, completed (C-SCORE-6
 * order: roads, cities, then monasteries around it in rows and columns)
 * and return the followers there (C-SCORE-5). Its completed roads and
 * cities are st_cc.done_parts, which its placement set. */
void ccs_completed(const city_tileset *ts, state *s, int t);
/* The final scoring (C-END-2/3): incomplete features, farms, then every
 * follower goes home. */
void ccs_final(const city_tileset *ts, state *s);
/* state_check's part (rules.h check_state): bit t of st_cc.monasteries
 * is set exactly when placed tile t is a monastery with an empty cell
 * around it. 0 when it holds, else 1 with the reason in msg. */
int ccs_check_state(const city_tileset *ts, const state *s, char *msg,
                         size_t cap);

#endif /* CITY_LIB_CC_SCORE_H */
