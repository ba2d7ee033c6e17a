/*
 * Tile sets: the derived in-tile adjacency, writing a set back as text,
 * reference counting, and the public city_tileset_* queries. The parser is
 * tileset_parse.c.
 */
#include "tileset_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "city/options.h"
#include "city/tileset.h"
#include "facts.h"

/* ------------------------------------------------------------------------ */
/* Reference counting                                                        */

/* Sets are shared by options and games; the built-in set lives in read-only
 * memory and is never counted, so is_static is tested before any write. */
static city_tileset *ts_mutable(const city_tileset *ts)
{
	return (city_tileset *)(uintptr_t)ts;
}

void ts_retain(const city_tileset *ts)
{
	if (ts == NULL || ts->is_static)
		return;
	atomic_fetch_add_explicit(&ts_mutable(ts)->refs, 1u,
	                          memory_order_relaxed);
}

void ts_release(const city_tileset *ts)
{
	if (ts == NULL || ts->is_static)
		return;
	if (atomic_fetch_sub_explicit(&ts_mutable(ts)->refs, 1u,
	                              memory_order_acq_rel) == 1u)
		free(ts_mutable(ts));
}

int ts_part_index(const ts_design *d, char name)
{
	for (unsigned k = 0; k < d->n_parts; k++)
		if (d->parts[k].name == name)
			return (int)k;
	return -1;
}

/* ------------------------------------------------------------------------ */
/* Derived adjacency (tileset.md "In-tile adjacency", used by R-END-4)       */

void ts_adj_link(uint16_t adj[TS_MAX_PARTS], unsigned p, unsigned q)
{
	if (p == q)
		return;
	adj[p] = (uint16_t)(adj[p] | (1u << q));
	adj[q] = (uint16_t)(adj[q] | (1u << p));
}

/* The adjacency the sides show: walking the 12 positions clockwise, two
 * consecutive halves touch across a corner, or across a middle without a
 * street; a street in the middle separates them. */
void ts_side_adjacency(uint16_t adj[TS_MAX_PARTS], const ts_design *d)
{
	memset(adj, 0, sizeof(uint16_t) * TS_MAX_PARTS);
	for (unsigned s = 0; s < 4; s++) {
		const ts_side *cur = &d->side[s];
		const ts_side *next = &d->side[(s + 1) % 4];
		if (cur->mid == TS_NONE)
			ts_adj_link(adj, cur->left, cur->right);
		ts_adj_link(adj, cur->right, next->left); /* the corner */
	}
}

/* ------------------------------------------------------------------------ */
/* Writing text                                                              */


/* Appends while there is room and counts everything (the size is known
 * even when the buffer is too small). */
typedef struct ts_writer {
	char *buf;
	size_t cap, n;
} ts_writer;

static void put(ts_writer *w, const char *s)
{
	size_t k = strlen(s);
	if (w->buf != NULL && w->n + k < w->cap)
		memcpy(w->buf + w->n, s, k);
	w->n += k;
}

static void put_char(ts_writer *w, char c)
{
	char s[2] = {c, '\0'};
	put(w, s);
}

static void put_number(ts_writer *w, unsigned v, int two_digits)
{
	char s[16];
	snprintf(s, sizeof s, two_digits ? "%02u" : "%u", v);
	put(w, s);
}

static void put_part_name(ts_writer *w, const ts_design *d, uint8_t index)
{
	put_char(w, index == TS_NONE ? '-' : d->parts[index].name);
}

/* The texts of bits, in the order a design line writes them. */
typedef struct flag_text {
	unsigned bit;
	const char *text;
} flag_text;

static const flag_text market_letters[] = {
    {TS_FISH, "F"}, {TS_GRAIN, "G"}, {TS_LIVESTOCK, "L"}, {0, NULL}};
static const flag_text feature_words[] = {{TS_MONASTERY, "  mon"},
                                          {TS_TOWER, "  tow"},
                                          {TS_START, "  start"},
                                          {TS_SPRING, "  spring"},
                                          {TS_LAKE, "  lake"},
                                          {0, NULL}};

/* The text of each bit of `bits` the table names. */
static void put_flags(ts_writer *w, unsigned bits, const flag_text *t)
{
	for (; t->text; t++)
		if (bits & t->bit)
			put(w, t->text);
}

static void write_carc_tokens(ts_writer *w, const ts_design *d);
static void write_extra_adjacency(ts_writer *w, const ts_design *d);

static void write_design(ts_writer *w, const ts_design *d)
{
	put_number(w, d->id, 1);
	put_char(w, ' ');
	put_number(w, d->count, 0);
	put(w, " ");
	for (unsigned s = 0; s < 4; s++) {
		put_char(w, ' ');
		put_part_name(w, d, d->side[s].left);
		if (d->river >> s & 1u)
			put_char(w, '~'); /* a river side (V-GEO-1) */
		else
			put_part_name(w, d, d->side[s].mid);
		put_part_name(w, d, d->side[s].right);
	}
	put(w, " ");
	for (unsigned k = 0; k < d->n_parts; k++) {
		const ts_part *part = &d->parts[k];
		if (part->kind == TS_STREET)
			continue;
		put_char(w, ' ');
		put_char(w, part->name);
		put_char(w, '=');
		if (part->kind != TS_MARKET) {
			put_char(w, part->kind == TS_RESIDENTIAL ? 'R'
			            : part->kind == TS_CITY      ? 'C'
			                                         : 'F');
			continue;
		}
		put_flags(w, part->markets, market_letters);
	}
	if (d->pub > 0) {
		put(w, "  pub=");
		put_number(w, d->pub, 0);
	}
	if (d->hist[0] != '\0') {
		put(w, "  hist=");
		put(w, d->hist);
	}
	write_carc_tokens(w, d);
	write_extra_adjacency(w, d);
	put_char(w, '\n');
}

/* pen=, mon, tow, start, spring, lake of a Carcassonne design. */
static void write_carc_tokens(ts_writer *w, const ts_design *d)
{
	if (d->arms) {
		put(w, "  pen=");
		for (unsigned k = 0; k < d->n_parts; k++)
			if (d->arms & (1u << k))
				put_char(w, d->parts[k].name);
	}
	put_flags(w, d->features, feature_words);
}

/* adj=: only the pairs the sides do not show already. */
static void write_extra_adjacency(ts_writer *w, const ts_design *d)
{
	uint16_t shown[TS_MAX_PARTS];
	ts_side_adjacency(shown, d);
	int first = 1;
	for (unsigned a = 0; a < d->n_parts; a++)
		for (unsigned b = a + 1; b < d->n_parts; b++) {
			uint16_t bit = (uint16_t)(1u << b);
			if (!(d->parts[a].adj & bit) || (shown[a] & bit))
				continue;
			put(w, first ? "  adj=" : ",");
			put_char(w, d->parts[a].name);
			put_char(w, d->parts[b].name);
			first = 0;
		}
}

static void write_set(ts_writer *w, const city_tileset *ts)
{
	put(w, "tileset ");
	put(w, ts->name);
	if (!facts_of(ts->game)->record_default) { /* tileset.md game= */
		put(w, " game=");
		put(w, facts_of(ts->game)->name);
	}
	put_char(w, '\n');
	for (unsigned k = 0; k < ts->n_designs; k++)
		write_design(w, &ts->designs[k]);
}

CITY_EXPORT int city_tileset_text(const city_tileset *ts, char *buf,
                                  size_t cap, size_t *needed)
{
	if (ts == NULL || (buf == NULL && cap > 0))
		return CITY_EINVAL;
	ts_writer w = {NULL, 0, 0};
	write_set(&w, ts);
	if (needed != NULL)
		*needed = w.n + 1;
	if (w.n + 1 > cap)
		return CITY_ERANGE;
	w.buf = buf;
	w.cap = cap;
	w.n = 0;
	write_set(&w, ts);
	buf[w.n] = '\0';
	return CITY_OK;
}

/* ------------------------------------------------------------------------ */
/* Public API                                                                */

static const ts_design *design_at(const city_tileset *ts, unsigned i)
{
	if (ts == NULL || i >= ts->n_designs)
		return NULL;
	return &ts->designs[i];
}

/* The part index of region `letter` in d, or -1 when it is no region. */
static int region_index(const ts_design *d, char letter)
{
	if (letter < 'a' || letter > 'h')
		return -1;
	return ts_part_index(d, letter);
}

/* Region `letter` of design index i: its part index into *k and the
 * design into *d, CITY_OK; CITY_EINVAL without design i, CITY_ENOTFOUND
 * without the region. */
static int region_at(const city_tileset *ts, unsigned i, char letter,
                     const ts_design **d, int *k)
{
	*d = design_at(ts, i);
	if (*d == NULL)
		return CITY_EINVAL;
	*k = region_index(*d, letter);
	return *k < 0 ? CITY_ENOTFOUND : CITY_OK;
}

CITY_EXPORT void city_tileset_free(city_tileset *ts)
{
	ts_release(ts);
}

CITY_EXPORT const city_tileset *city_tileset_default(void)
{
	return &city__tileset_default_data;
}

CITY_EXPORT const char *city_tileset_name(const city_tileset *ts)
{
	return ts ? ts->name : NULL;
}

CITY_EXPORT unsigned city_tileset_design_count(const city_tileset *ts)
{
	return ts ? ts->n_designs : 0;
}

CITY_EXPORT unsigned city_tileset_tile_count(const city_tileset *ts)
{
	return ts ? ts->n_tiles : 0;
}

CITY_EXPORT int city_tileset_find_design(const city_tileset *ts, int id)
{
	if (ts == NULL)
		return CITY_EINVAL;
	for (unsigned k = 0; k < ts->n_designs; k++)
		if (ts->designs[k].id == id)
			return (int)k;
	return CITY_ENOTFOUND;
}

CITY_EXPORT int city_tileset_design_id(const city_tileset *ts, unsigned i)
{
	const ts_design *d = design_at(ts, i);
	return d ? d->id : CITY_EINVAL;
}

CITY_EXPORT int city_tileset_design_count_of(const city_tileset *ts,
                                             unsigned i)
{
	const ts_design *d = design_at(ts, i);
	return d ? d->count : CITY_EINVAL;
}

CITY_EXPORT int city_tileset_public_buildings(const city_tileset *ts,
                                              unsigned i)
{
	const ts_design *d = design_at(ts, i);
	return d ? d->pub : CITY_EINVAL;
}

CITY_EXPORT const char *city_tileset_historic_name(const city_tileset *ts,
                                                   unsigned i)
{
	const ts_design *d = design_at(ts, i);
	return d ? d->hist : NULL;
}

CITY_EXPORT int city_tileset_side(const city_tileset *ts, unsigned i,
                                  int side, int rotation, char *out_left,
                                  char *out_street, char *out_right)
{
	const ts_design *d = design_at(ts, i);
	if (d == NULL || side < 0 || side > 3 || rotation < 0 || rotation > 3)
		return CITY_EINVAL;
	/* R-GEO-3: design side s faces board side (s + r) mod 4. */
	const ts_side *s = &d->side[(unsigned)(side - rotation + 4) % 4];
	if (out_left)
		*out_left = d->parts[s->left].name;
	if (out_street)
		*out_street = (d->river >> ((side - rotation + 4) & 3) & 1u) ? '~'
		              : s->mid == TS_NONE ? '-'
		                                  : d->parts[s->mid].name;
	if (out_right)
		*out_right = d->parts[s->right].name;
	return CITY_OK;
}

CITY_EXPORT int city_tileset_region_kind(const city_tileset *ts, unsigned i,
                                         char region, unsigned *out_markets)
{
	const ts_design *d;
	int k, rc = region_at(ts, i, region, &d, &k);
	if (rc != CITY_OK)
		return rc;
	const ts_part *part = &d->parts[k];
	if (out_markets)
		*out_markets = part->markets;
	switch (part->kind) {
	case TS_MARKET:
		return CITY_REGION_MARKET;
	case TS_CITY:
		return CITY_REGION_CITY;
	case TS_FIELD:
		return CITY_REGION_FIELD;
	default:
		return CITY_REGION_RESIDENTIAL;
	}
}

/* ------------------------------------------------------------------------ */
/* Built-in sets and Carcassonne queries                                    */

/* The built-in sets: the set each game plays with which expansions. */
static const struct {
	const char *name;
	const city_tileset *ts;
	int game;            /* CITY_GAME_* */
	unsigned expansions; /* CITY_EXPANSION_* bits with tiles of their own */
} builtin_sets[] = {
	{"the-city", &city__tileset_default_data, CITY_GAME_THE_CITY, 0},
	{"carcassonne", &city__tileset_carcassonne_data, CITY_GAME_CARCASSONNE,
	 0},
	{"carcassonne-tower", &city__tileset_carcassonne_tower_data,
	 CITY_GAME_CARCASSONNE, CITY_EXPANSION_TOWER},
	{"carcassonne-river", &city__tileset_carcassonne_river_data,
	 CITY_GAME_CARCASSONNE, CITY_EXPANSION_RIVER},
	{"carcassonne-river-tower", &city__tileset_carcassonne_river_tower_data,
	 CITY_GAME_CARCASSONNE, CITY_EXPANSION_RIVER | CITY_EXPANSION_TOWER},
};

const city_tileset *ts_builtin_for(int game, unsigned expansions)
{
	for (size_t k = 0; k < sizeof builtin_sets / sizeof *builtin_sets; k++)
		if (builtin_sets[k].game == game &&
		    builtin_sets[k].expansions ==
		        (expansions & (CITY_EXPANSION_TOWER | CITY_EXPANSION_RIVER)))
			return builtin_sets[k].ts;
	return &city__tileset_default_data; /* an unknown game: options check */
}

CITY_EXPORT const city_tileset *city_tileset_builtin(const char *name)
{
	if (name == NULL)
		return NULL;
	for (size_t k = 0; k < sizeof builtin_sets / sizeof *builtin_sets; k++)
		if (strcmp(builtin_sets[k].name, name) == 0)
			return builtin_sets[k].ts;
	return NULL;
}

CITY_EXPORT int city_tileset_game(const city_tileset *ts)
{
	return ts ? ts->game : CITY_EINVAL;
}

CITY_EXPORT int city_tileset_coat_of_arms(const city_tileset *ts,
                                          unsigned i, char region)
{
	const ts_design *d;
	int k, rc = region_at(ts, i, region, &d, &k);
	if (rc != CITY_OK)
		return rc;
	return (int)((d->arms >> k) & 1u);
}

CITY_EXPORT int city_tileset_monastery(const city_tileset *ts, unsigned i)
{
	const ts_design *d = design_at(ts, i);
	return d ? (d->features & TS_MONASTERY) != 0 : CITY_EINVAL;
}

CITY_EXPORT int city_tileset_tower_foundation(const city_tileset *ts,
                                              unsigned i)
{
	const ts_design *d = design_at(ts, i);
	return d ? (d->features & TS_TOWER) != 0 : CITY_EINVAL;
}

CITY_EXPORT int city_tileset_start_design(const city_tileset *ts)
{
	if (ts == NULL)
		return CITY_EINVAL;
	return ts->start;
}

CITY_EXPORT int city_tileset_adjacent(const city_tileset *ts, unsigned i,
                                      char r1, char r2)
{
	const ts_design *d = design_at(ts, i);
	if (d == NULL)
		return CITY_EINVAL;
	int a = region_index(d, r1), b = region_index(d, r2);
	if (a < 0 || b < 0)
		return CITY_ENOTFOUND;
	return (int)((d->parts[a].adj >> b) & 1u);
}

CITY_EXPORT int city_tileset_adjacency(const city_tileset *ts, unsigned i,
                                       char *out, size_t cap, size_t *needed)
{
	const ts_design *d = design_at(ts, i);
	if (d == NULL || (out == NULL && cap > 0))
		return CITY_EINVAL;
	char text[3 * TS_MAX_PARTS * TS_MAX_PARTS];
	size_t n = 0;
	for (unsigned a = 0; a < d->n_parts; a++)
		for (unsigned b = a + 1; b < d->n_parts; b++) {
			if (!((d->parts[a].adj >> b) & 1u))
				continue;
			if (n > 0)
				text[n++] = ',';
			text[n++] = d->parts[a].name;
			text[n++] = d->parts[b].name;
		}
	if (needed)
		*needed = n + 1;
	if (n + 1 > cap)
		return CITY_ERANGE;
	memcpy(out, text, n);
	out[n] = '\0';
	return CITY_OK;
}
