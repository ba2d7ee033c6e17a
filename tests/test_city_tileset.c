/*
 * Tile sets (tileset.md): the built-in set, derived in-tile adjacency
 * (R-END-4), rotation (R-GEO-3), region kinds, every validation error with
 * its exact line:column, writing a set back as text, and the API contract
 * (NULL arguments, buffers, reference counting).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"
#include "tileset_internal.h"

/* ------------------------------------------------------------------------ */
/* Helpers                                                                   */

/* A header line so that the design under test is on line 2. */
#define HEAD "tileset t\n"

static int index_of(const city_tileset *ts, int id)
{
	int i = city_tileset_find_design(ts, id);
	ck_assert_msg(i >= 0, "design %d not found", id);
	return i;
}

static void assert_adjacency(const city_tileset *ts, int id,
                             const char *want)
{
	char buf[128];
	size_t needed = 0;
	int rc = city_tileset_adjacency(ts, (unsigned)index_of(ts, id), buf,
	                                sizeof buf, &needed);
	ck_assert_int_eq(rc, CITY_OK);
	ck_assert_msg(strcmp(buf, want) == 0,
	              "design %d: adjacency \"%s\", expected \"%s\"", id, buf,
	              want);
	ck_assert_uint_eq(needed, strlen(want) + 1);
}

static city_tileset *parse_ok(const char *text)
{
	city_tileset *ts = NULL;
	char err[256];
	int rc = city_tileset_parse(&ts, text, strlen(text), err, sizeof err);
	ck_assert_msg(rc == CITY_OK, "parse failed (%d): %s", rc, err);
	ck_assert_ptr_nonnull(ts);
	ck_assert_str_eq(err, "");
	return ts;
}

/* Parse `text`, expect `status` with an error starting "line:col:" and
 * *out left untouched. */
static void assert_parse_status_len(const char *text, size_t len, int status,
                                    const char *where)
{
	static char marker;
	city_tileset *const untouched = (city_tileset *)(void *)&marker;
	city_tileset *ts = untouched;
	char err[256];
	int rc = city_tileset_parse(&ts, text, len, err, sizeof err);
	ck_assert_int_eq(rc, status);
	ck_assert_ptr_eq(ts, untouched);
	size_t n = strlen(where);
	ck_assert_msg(strncmp(err, where, n) == 0 && err[n] == ':' &&
	                      err[n + 1] == ' ' && err[n + 2] != '\0',
	              "error \"%s\", expected it at %s", err, where);
}

/* The same for CITY_EPARSE. */
static void assert_parse_error_len(const char *text, size_t len,
                                   const char *where)
{
	assert_parse_status_len(text, len, CITY_EPARSE, where);
}

static void assert_parse_error(const char *text, const char *where)
{
	assert_parse_error_len(text, strlen(text), where);
}

static void assert_side(const city_tileset *ts, int id, int side,
                        int rotation, const char *want)
{
	char l = 0, m = 0, r = 0;
	int rc = city_tileset_side(ts, (unsigned)index_of(ts, id), side,
	                           rotation, &l, &m, &r);
	ck_assert_int_eq(rc, CITY_OK);
	char got[4] = {l, m, r, '\0'};
	ck_assert_msg(strcmp(got, want) == 0,
	              "design %d side %d rotation %d: \"%s\", expected \"%s\"",
	              id, side, rotation, got, want);
}

static void assert_designs_equal(const ts_design *a, const ts_design *b)
{
	ck_assert_uint_eq(a->id, b->id);
	ck_assert_uint_eq(a->count, b->count);
	ck_assert_uint_eq(a->pub, b->pub);
	ck_assert_uint_eq(a->n_parts, b->n_parts);
	for (unsigned k = 0; k < a->n_parts; k++) {
		ck_assert_int_eq(a->parts[k].name, b->parts[k].name);
		ck_assert_uint_eq(a->parts[k].kind, b->parts[k].kind);
		ck_assert_uint_eq(a->parts[k].markets, b->parts[k].markets);
		ck_assert_uint_eq(a->parts[k].n_sides, b->parts[k].n_sides);
		ck_assert_uint_eq(a->parts[k].adj, b->parts[k].adj);
	}
	for (unsigned s = 0; s < 4; s++) {
		ck_assert_uint_eq(a->side[s].left, b->side[s].left);
		ck_assert_uint_eq(a->side[s].mid, b->side[s].mid);
		ck_assert_uint_eq(a->side[s].right, b->side[s].right);
	}
	ck_assert_uint_eq(a->street_mask, b->street_mask);
	ck_assert_str_eq(a->hist, b->hist);
	/* the open counts a placed tile's nodes start with (feature.c):
	 * the first parts' n_sides, 0 past the parts */
	for (unsigned k = 0; k < TS_FIRST_PARTS; k++) {
		ck_assert_uint_eq(a->open8[k], b->open8[k]);
		ck_assert_uint_eq(a->open8[k],
		                  k < a->n_parts ? a->parts[k].n_sides : 0u);
	}
}

static void assert_sets_equal(const city_tileset *a, const city_tileset *b)
{
	ck_assert_str_eq(a->name, b->name);
	ck_assert_uint_eq(a->n_designs, b->n_designs);
	ck_assert_uint_eq(a->n_tiles, b->n_tiles);
	for (unsigned k = 0; k < a->n_designs; k++)
		assert_designs_equal(&a->designs[k], &b->designs[k]);
}

static city_tileset *round_trip(const city_tileset *ts)
{
	size_t needed = 0;
	ck_assert_int_eq(city_tileset_text(ts, NULL, 0, &needed), CITY_ERANGE);
	char *text = malloc(needed);
	ck_assert_ptr_nonnull(text);
	size_t again = 0;
	ck_assert_int_eq(city_tileset_text(ts, text, needed, &again), CITY_OK);
	ck_assert_uint_eq(again, needed);
	ck_assert_uint_eq(strlen(text) + 1, needed);
	city_tileset *back = parse_ok(text);
	free(text);
	return back;
}

/* ------------------------------------------------------------------------ */
/* The built-in set (tileset.md "for the default set only")                  */

START_TEST(default_set_has_75_tiles_and_64_designs)
{
	const city_tileset *ts = city_tileset_default();
	ck_assert_ptr_nonnull(ts);
	ck_assert_str_eq(city_tileset_name(ts), "the-city");
	ck_assert_uint_eq(city_tileset_tile_count(ts), 75);
	ck_assert_uint_eq(city_tileset_design_count(ts), 64);
	for (unsigned i = 0; i < 64; i++)
		ck_assert_int_eq(city_tileset_design_id(ts, i), (int)i + 1);
}
END_TEST

START_TEST(default_set_has_the_published_counts)
{
	const city_tileset *ts = city_tileset_default();
	for (int id = 1; id <= 64; id++) {
		int want = 1;
		switch (id) {
		case 1: want = 1; break;
		case 2: want = 4; break;
		case 3: want = 4; break;
		case 4: want = 3; break;
		case 5: want = 2; break;
		case 6: want = 2; break;
		case 49: want = 2; break;
		default: break;
		}
		ck_assert_msg(city_tileset_design_count_of(
		                      ts, (unsigned)index_of(ts, id)) == want,
		              "design %d", id);
	}
}
END_TEST

START_TEST(default_set_has_32_public_buildings)
{
	const city_tileset *ts = city_tileset_default();
	int total = 0;
	for (unsigned i = 0; i < city_tileset_design_count(ts); i++) {
		int pub = city_tileset_public_buildings(ts, i);
		ck_assert_int_ge(pub, 0);
		ck_assert_int_le(pub, 4);
		total += pub * city_tileset_design_count_of(ts, i);
	}
	ck_assert_int_eq(total, 32);
}
END_TEST

START_TEST(default_set_has_7_named_historic_buildings)
{
	static const struct {
		int id;
		const char *name;
	} hist[] = {
		{17, "Petit-Puits"},   {18, "Grand-Puits"},
		{19, "Tour-Carree"},   {20, "Batiment"},
		{21, "Saint-Sernin"},  {22, "Saint-Nazaire"},
		{23, "Chateau-Comtal"},
	};
	const city_tileset *ts = city_tileset_default();
	unsigned named = 0;
	for (unsigned i = 0; i < city_tileset_design_count(ts); i++) {
		const char *name = city_tileset_historic_name(ts, i);
		ck_assert_ptr_nonnull(name);
		if (name[0] != '\0') {
			named++;
			ck_assert_int_eq(city_tileset_design_count_of(ts, i), 1);
		}
	}
	ck_assert_uint_eq(named, 7);
	for (size_t k = 0; k < sizeof hist / sizeof hist[0]; k++)
		ck_assert_str_eq(city_tileset_historic_name(
		                         ts, (unsigned)index_of(ts, hist[k].id)),
		                 hist[k].name);
}
END_TEST

START_TEST(default_set_is_static_and_free_is_a_no_op)
{
	const city_tileset *ts = city_tileset_default();
	ck_assert_ptr_eq(ts, &city__tileset_default_data);
	ck_assert_uint_eq(ts->is_static, 1);
	city_tileset_free((city_tileset *)(uintptr_t)ts);
	ts_retain(ts);
	ts_release(ts);
	ck_assert_uint_eq(city_tileset_tile_count(ts), 75);
}
END_TEST

#ifdef CITY_SOURCE_DIR
/* The embedded set is what the parser makes of lib/data/the-city.tiles. */
START_TEST(default_set_equals_the_parsed_data_file)
{
	FILE *f = fopen(CITY_SOURCE_DIR "/lib/data/the-city.tiles", "rb");
	ck_assert_ptr_nonnull(f);
	static char text[65536];
	size_t n = fread(text, 1, sizeof text, f);
	fclose(f);
	ck_assert_uint_lt(n, sizeof text);
	city_tileset *ts = NULL;
	char err[256];
	ck_assert_int_eq(city_tileset_parse(&ts, text, n, err, sizeof err),
	                 CITY_OK);
	assert_sets_equal(ts, city_tileset_default());
	city_tileset_free(ts);
}
END_TEST
#endif

/* ------------------------------------------------------------------------ */
/* Internal representation (lib/tileset.h)                                   */

START_TEST(parts_are_regions_in_letter_order_then_streets_in_digit_order)
{
	/* Design 60: b-b b1a a2c c3b, a=F b=R c=G. */
	const city_tileset *ts = city_tileset_default();
	const ts_design *d = &ts->designs[index_of(ts, 60)];
	ck_assert_uint_eq(d->n_parts, 6);
	const char names[] = "abc123";
	for (unsigned k = 0; k < 6; k++)
		ck_assert_int_eq(d->parts[k].name, names[k]);
	ck_assert_uint_eq(d->parts[0].kind, TS_MARKET);
	ck_assert_uint_eq(d->parts[0].markets, TS_FISH);
	ck_assert_uint_eq(d->parts[1].kind, TS_RESIDENTIAL);
	ck_assert_uint_eq(d->parts[3].kind, TS_STREET);
	/* halves on sides: a 2, b 4, c 2; each street touches one side */
	ck_assert_uint_eq(d->parts[0].n_sides, 2);
	ck_assert_uint_eq(d->parts[1].n_sides, 4);
	ck_assert_uint_eq(d->parts[2].n_sides, 2);
	ck_assert_uint_eq(d->parts[3].n_sides, 1);
	ck_assert_uint_eq(d->street_mask, 0xE);
	ck_assert_uint_eq(d->side[0].mid, TS_NONE);
	ck_assert_uint_eq(d->side[1].left, 1);
	ck_assert_uint_eq(d->side[1].mid, 3);
	ck_assert_uint_eq(d->side[1].right, 0);
	ck_assert_int_eq(ts_part_index(d, '2'), 4);
	ck_assert_int_eq(ts_part_index(d, 'd'), -1);
	ck_assert_uint_eq(d->parts[3].adj, 0);
}
END_TEST

START_TEST(street_through_the_tile_touches_two_sides)
{
	/* Design 2: a1b b-b b1a a-a, street 1 from north to south. */
	const city_tileset *ts = city_tileset_default();
	const ts_design *d = &ts->designs[index_of(ts, 2)];
	int k = ts_part_index(d, '1');
	ck_assert_int_eq(k, 2);
	ck_assert_uint_eq(d->parts[k].n_sides, 2);
	ck_assert_uint_eq(d->street_mask, 0x5);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* In-tile adjacency (tileset.md, used by R-END-4)                           */

/* The adjacency of designs of the default set, by what makes two regions
 * touch or not. */
static const struct {
	int id;
	const char *want;
} default_adjacency[] = {
	/* Streets on every side separate all regions. Design 1: a1b b2c c3d
	 * d4a: every corner joins equal letters and every middle is a
	 * street, so no two regions touch. */
	{1, ""},
	/* From adj= pairs, for an interior region. Design 64: a-a on all
	 * sides, b interior with adj=ab. */
	{64, "ab"},
	/* Across a middle without street. Design 21: a-b b-a a-a a-a: north
	 * a-b and east b-a join a and b. */
	{21, "ab"},
	/* A street separates regions. Design 3: a1b b1a a-a a-a: street 1
	 * runs from north to east, the halves it cuts are the only borders
	 * of a and b. */
	{3, ""},
	/* Design 38: b1c c-c c1b b-b: two markets cut by a street. */
	{38, ""},
	/* Design 58: b-b c1a a-a a1c: a and c only meet across street 1;
	 * b touches c at the NE and WN corners. */
	{58, "bc"},
	/* Across corners. Design 34: b-b a-a c-c a-a: b and c touch a at the
	 * corners only. */
	{34, "ab,ac"},
	/* Design 56: a1b b1a c-c a-a: corners ES and SW join a and c. */
	{56, "ac"},
	/* Design 48: a1c c-b b-b b-a: middles of east and west. */
	{48, "ab,bc"},
	/* Design 54: a1a a-a a2a a-b: west middle and the WN corner. */
	{54, "ab"},
};

/* city_tileset_adjacent() on pairs of the designs above: whether x and y
 * touch, either way round. */
static const struct {
	int id;
	char x, y;
	int want;
} default_adjacent[] = {
	{1, 'a', 'b', 0},  {64, 'a', 'b', 1}, {64, 'b', 'a', 1},
	{58, 'a', 'c', 0}, {58, 'c', 'b', 1},
};

START_TEST(adjacency_of_default_designs)
{
	assert_adjacency(city_tileset_default(), default_adjacency[_i].id,
	                 default_adjacency[_i].want);
}
END_TEST

START_TEST(adjacent_pairs_of_default_designs)
{
	const city_tileset *ts = city_tileset_default();
	unsigned i = (unsigned)index_of(ts, default_adjacent[_i].id);
	ck_assert_int_eq(city_tileset_adjacent(ts, i, default_adjacent[_i].x,
	                                       default_adjacent[_i].y),
	                 default_adjacent[_i].want);
}
END_TEST

START_TEST(adjacency_is_symmetric_and_not_reflexive)
{
	const city_tileset *ts = city_tileset_default();
	for (unsigned i = 0; i < city_tileset_design_count(ts); i++) {
		const ts_design *d = &ts->designs[i];
		/* (the TS_MAX_PARTS bound only tells gcc's -Warray-bounds what
		 * the parser guarantees) */
		unsigned np = d->n_parts < TS_MAX_PARTS ? d->n_parts : TS_MAX_PARTS;
		for (unsigned a = 0; a < np; a++) {
			ck_assert_uint_eq((d->parts[a].adj >> a) & 1u, 0);
			for (unsigned b = 0; b < np; b++)
				ck_assert_uint_eq((d->parts[a].adj >> b) & 1u,
				                  (d->parts[b].adj >> a) & 1u);
		}
	}
}
END_TEST

START_TEST(adjacency_adj_pair_adds_to_derived_pairs)
{
	city_tileset *ts = parse_ok(HEAD "1 1  a-b b-b c-c c-a  a=R b=F c=G "
	                                 "d=L adj=ad,bd\n");
	assert_adjacency(ts, 1, "ab,ac,ad,bc,bd");
	ck_assert_int_eq(city_tileset_adjacent(ts, 0, 'c', 'd'), 0);
	ck_assert_int_eq(city_tileset_adjacent(ts, 0, 'a', 'a'), 0);
	ck_assert_int_eq(city_tileset_adjacent(ts, 0, 'a', 'e'),
	                 CITY_ENOTFOUND);
	ck_assert_int_eq(city_tileset_adjacent(ts, 0, '1', 'a'),
	                 CITY_ENOTFOUND);
	city_tileset_free(ts);
}
END_TEST

START_TEST(adjacency_buffer_too_small_gives_erange_and_size)
{
	const city_tileset *ts = city_tileset_default();
	unsigned i = (unsigned)index_of(ts, 48);
	char buf[5] = "xxxx";
	size_t needed = 0;
	ck_assert_int_eq(city_tileset_adjacency(ts, i, buf, 5, &needed),
	                 CITY_ERANGE);
	ck_assert_uint_eq(needed, 6);
	ck_assert_str_eq(buf, "xxxx");
	ck_assert_int_eq(city_tileset_adjacency(ts, i, NULL, 0, &needed),
	                 CITY_ERANGE);
	ck_assert_int_eq(city_tileset_adjacency(ts, i, buf, 5, NULL),
	                 CITY_ERANGE);
	char one[1];
	ck_assert_int_eq(
	        city_tileset_adjacency(ts, 0, one, sizeof one, &needed),
	        CITY_OK);
	ck_assert_str_eq(one, "");
	ck_assert_uint_eq(needed, 1);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Rotation (R-GEO-3)                                                        */

START_TEST(rotation_moves_design_north_to_side_r)
{
	/* Design 4: N a1b, E b2c, S c-c, W c3a. */
	static const char *const want[4][4] = {
		/* board side:  N      E      S      W */
		/* r=0 */ {"a1b", "b2c", "c-c", "c3a"},
		/* r=1 */ {"c3a", "a1b", "b2c", "c-c"},
		/* r=2 */ {"c-c", "c3a", "a1b", "b2c"},
		/* r=3 */ {"b2c", "c-c", "c3a", "a1b"},
	};
	const city_tileset *ts = city_tileset_default();
	for (int r = 0; r < 4; r++)
		for (int s = 0; s < 4; s++)
			assert_side(ts, 4, s, r, want[r][s]);
}
END_TEST

START_TEST(rotation_keeps_halves_in_clockwise_order)
{
	/* Design 24: N b-b, E/S/W a-a; design 54 west a-b. */
	const city_tileset *ts = city_tileset_default();
	assert_side(ts, 54, 3, 0, "a-b");
	assert_side(ts, 54, 0, 1, "a-b");
	assert_side(ts, 54, 1, 2, "a-b");
	assert_side(ts, 54, 2, 3, "a-b");
	assert_side(ts, 24, 2, 2, "b-b");
}
END_TEST

START_TEST(rotation_out_of_range_is_einval)
{
	const city_tileset *ts = city_tileset_default();
	char l = 'x', m = 'x', r = 'x';
	ck_assert_int_eq(city_tileset_side(ts, 0, 0, 4, &l, &m, &r),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_tileset_side(ts, 0, 0, -1, &l, &m, &r),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_tileset_side(ts, 0, 4, 0, &l, &m, &r),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_tileset_side(ts, 64, 0, 0, &l, &m, &r),
	                 CITY_EINVAL);
	ck_assert_int_eq(l, 'x');
	ck_assert_int_eq(city_tileset_side(ts, 0, 0, 0, NULL, &m, NULL),
	                 CITY_OK);
	ck_assert_int_eq(m, '1');
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Region kinds                                                              */

START_TEST(region_kinds_residential_and_markets)
{
	const city_tileset *ts = city_tileset_default();
	unsigned markets = 99;
	unsigned i31 = (unsigned)index_of(ts, 31); /* a=R b=FG */
	ck_assert_int_eq(city_tileset_region_kind(ts, i31, 'a', &markets),
	                 CITY_REGION_RESIDENTIAL);
	ck_assert_uint_eq(markets, 0);
	ck_assert_int_eq(city_tileset_region_kind(ts, i31, 'b', &markets),
	                 CITY_REGION_MARKET);
	ck_assert_uint_eq(markets, CITY_MARKET_FISH | CITY_MARKET_GRAIN);
	unsigned i33 = (unsigned)index_of(ts, 33); /* b=FGL */
	ck_assert_int_eq(city_tileset_region_kind(ts, i33, 'b', &markets),
	                 CITY_REGION_MARKET);
	ck_assert_uint_eq(markets, CITY_MARKET_FISH | CITY_MARKET_GRAIN |
	                                   CITY_MARKET_LIVESTOCK);
	unsigned i26 = (unsigned)index_of(ts, 26); /* b=L */
	ck_assert_int_eq(city_tileset_region_kind(ts, i26, 'b', NULL),
	                 CITY_REGION_MARKET);
	/* design 33 has no region a; '1' is a street, not a region */
	ck_assert_int_eq(city_tileset_region_kind(ts, i33, 'a', &markets),
	                 CITY_ENOTFOUND);
	ck_assert_int_eq(city_tileset_region_kind(ts, 0, '1', &markets),
	                 CITY_ENOTFOUND);
	ck_assert_int_eq(city_tileset_region_kind(ts, 0, 'A', &markets),
	                 CITY_ENOTFOUND);
}
END_TEST

START_TEST(region_kind_order_does_not_matter_gf_equals_fg)
{
	city_tileset *ts = parse_ok(HEAD "1 1  a-b b-a a-a a-a  a=R b=GF\n"
	                                 "2 1  a-b b-a a-a a-a  a=R b=FG\n"
	                                 "3 1  a-b b-a a-a a-a  a=R b=LGF\n");
	unsigned m1 = 0, m2 = 0, m3 = 0;
	ck_assert_int_eq(city_tileset_region_kind(ts, 0, 'b', &m1),
	                 CITY_REGION_MARKET);
	ck_assert_int_eq(city_tileset_region_kind(ts, 1, 'b', &m2),
	                 CITY_REGION_MARKET);
	ck_assert_int_eq(city_tileset_region_kind(ts, 2, 'b', &m3),
	                 CITY_REGION_MARKET);
	ck_assert_uint_eq(m1, CITY_MARKET_FISH | CITY_MARKET_GRAIN);
	ck_assert_uint_eq(m1, m2);
	ck_assert_uint_eq(m3, 7);
	city_tileset_free(ts);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Parsing details that are valid                                            */

START_TEST(parse_keeps_designs_in_id_order_and_reads_leading_zeros)
{
	city_tileset *ts = parse_ok("# a comment\n"
	                            "\n"
	                            "  tileset\tmy.set_1-x   # named\n"
	                            "007 2  a-a a-a a-a a-a  a=R  pub=2\n"
	                            "\t3 1  b-b a-a a-a a-a  pub=0 b=F a=R\r\n"
	                            "99 1  a-a a-a a-a a-a  hist=X a=R "
	                            "pub=4 adj=ab b=L\n");
	ck_assert_str_eq(city_tileset_name(ts), "my.set_1-x");
	ck_assert_uint_eq(city_tileset_design_count(ts), 3);
	ck_assert_uint_eq(city_tileset_tile_count(ts), 2 + 1 + 1);
	ck_assert_int_eq(city_tileset_design_id(ts, 0), 3);
	ck_assert_int_eq(city_tileset_design_id(ts, 1), 7);
	ck_assert_int_eq(city_tileset_design_id(ts, 2), 99);
	ck_assert_int_eq(city_tileset_find_design(ts, 7), 1);
	ck_assert_int_eq(city_tileset_find_design(ts, 8), CITY_ENOTFOUND);
	ck_assert_int_eq(city_tileset_public_buildings(ts, 1), 2);
	ck_assert_int_eq(city_tileset_public_buildings(ts, 2), 4);
	ck_assert_str_eq(city_tileset_historic_name(ts, 0), "");
	ck_assert_str_eq(city_tileset_historic_name(ts, 2), "X");
	ck_assert_int_eq(city_tileset_design_count_of(ts, 0), 1);
	city_tileset_free(ts);
}
END_TEST

START_TEST(parse_reads_only_len_bytes_of_an_unterminated_buffer)
{
	static const char src[] = HEAD "1 1  a-a a-a a-a a-a  a=R";
	size_t len = sizeof src - 1;
	/* exactly len bytes on the heap, no NUL: ASan catches any over-read */
	char *buf = malloc(len);
	ck_assert_ptr_nonnull(buf);
	memcpy(buf, src, len);
	city_tileset *ts = NULL;
	char err[64];
	ck_assert_int_eq(city_tileset_parse(&ts, buf, len, err, sizeof err),
	                 CITY_OK);
	ck_assert_uint_eq(city_tileset_tile_count(ts), 1);
	city_tileset_free(ts);
	/* a shorter len cuts the text: the design line loses its WEST side */
	ts = NULL;
	ck_assert_int_eq(city_tileset_parse(&ts, buf, len - 8, err,
	                                    sizeof err),
	                 CITY_EPARSE);
	ck_assert_str_eq(err, "2:17: missing WEST side");
	ck_assert_ptr_null(ts);
	free(buf);
}
END_TEST

START_TEST(parse_error_is_truncated_to_errcap)
{
	city_tileset *ts = NULL;
	char err[6];
	memset(err, 'x', sizeof err);
	ck_assert_int_eq(city_tileset_parse(&ts, "", 0, err, sizeof err),
	                 CITY_EPARSE);
	ck_assert_str_eq(err, "1:1: ");
	ck_assert_int_eq(city_tileset_parse(&ts, "", 0, NULL, 0), CITY_EPARSE);
	ck_assert_int_eq(city_tileset_parse(&ts, "", 0, err, 0), CITY_EPARSE);
	ck_assert_ptr_null(ts);
}
END_TEST

/* A set of 252 + `last` tiles: designs 1..28 of 9 tiles on lines 2..29,
 * design 29 of `last` tiles on line 30. */
static void many_tiles(char *text, size_t cap, int last)
{
	size_t n = (size_t)snprintf(text, cap, HEAD);
	for (int id = 1; id <= 28; id++)
		n += (size_t)snprintf(text + n, cap - n,
		                      "%d 9  a-a a-a a-a a-a  a=R\n", id);
	snprintf(text + n, cap - n, "29 %d  a-a a-a a-a a-a  a=R\n", last);
}

START_TEST(parse_accepts_up_to_255_tiles)
{
	char text[4096];
	many_tiles(text, sizeof text, 3);
	city_tileset *ts = parse_ok(text);
	ck_assert_uint_eq(city_tileset_tile_count(ts), 255);
	city_tileset_free(ts);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Validation errors (tileset.md "Validation"): exact line:column            */

/* Each text's first error in reading order, at line:column (the error
 * message starts "line:column: "), grouped by tileset.md's list. */
static const struct {
	const char *text;
	const char *where;
} parse_errors[] = {
	/* missing `tileset NAME` line; with no line at all, the position is
	 * the end of the text */
	{"1 1  a-a a-a a-a a-a  a=R\n", "1:1"},
	{"# only a comment\n\n  01 1  a-a a-a a-a a-a  a=R\n", "3:3"},
	{"", "1:1"},
	{"# nothing\n", "2:1"},
	{"tileset\n", "1:8"},
	{"tileset a b\n", "1:11"},
	/* a bad tile set name: an extra token, a bad character, too long */
	{"tileset the city!\n", "1:13"},
	{"tileset th!s\n", "1:11"},
	{"tileset "
	 "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	 "aaaaaaaaaaaaaa\n",
	 "1:72"},
	/* a repeated `tileset` line */
	{HEAD "1 1  a-a a-a a-a a-a  a=R\ntileset u\n", "3:1"},
	/* a set with no designs */
	{HEAD, "2:1"},
	{HEAD "# no designs\n   ", "3:4"},
	/* bad ID */
	{HEAD "0 1  a-a a-a a-a a-a  a=R\n", "2:1"},
	{HEAD "100 1  a-a a-a a-a a-a  a=R\n", "2:1"},
	{HEAD "x1 1  a-a a-a a-a a-a  a=R\n", "2:1"},
	{HEAD "  -1 1  a-a a-a a-a a-a  a=R\n", "2:3"},
	{HEAD "1 1  a-a a-a a-a a-a  a=R\n"
	      "\t+2 1  a-a a-a a-a a-a  a=R\n",
	 "3:2"},
	/* duplicate ID */
	{HEAD "01 1  a-a a-a a-a a-a  a=R\n"
	      "1 1  a-a a-a a-a a-a  a=R\n",
	 "3:1"},
	/* bad COUNT */
	{HEAD "1 0  a-a a-a a-a a-a  a=R\n", "2:3"},
	{HEAD "1 10  a-a a-a a-a a-a  a=R\n", "2:3"},
	{HEAD "1 x  a-a a-a a-a a-a  a=R\n", "2:3"},
	{HEAD "1\n", "2:2"},
	/* side not 3 characters (the last: no WEST side) */
	{HEAD "1 1  a- a-a a-a a-a  a=R\n", "2:6"},
	{HEAD "1 1  a-a a-aa a-a a-a  a=R\n", "2:10"},
	{HEAD "1 1  a-a a-a a-a\n", "2:17"},
	/* a bad character in a side */
	{HEAD "1 1  a-a aXa a-a a-a  a=R\n", "2:11"},
	{HEAD "1 1  a-a a-i a-a a-a  a=R\n", "2:12"},
	{HEAD "1 1  a-a a-a a0a a-a  a=R\n", "2:15"},
	{HEAD "1 1  A-a a-a a-a a-a  a=R\n", "2:6"},
	/* region letter used but not declared: in adj= at the letter;
	 * declarations after the use are fine, the first use is reported */
	{HEAD "1 1  a-a a-b a-a a-a  a=R\n", "2:12"},
	{HEAD "1 1  a-a a-a a-a a-a  a=R adj=ac\n", "2:32"},
	{HEAD "1 1  a-c a-b a-b a-a  b=R a=R\n", "2:8"},
	/* region declared twice */
	{HEAD "1 1  a-a a-a a-a a-a  a=R a=F\n", "2:27"},
	/* bad region type */
	{HEAD "1 1  a-a a-a a-a a-a  a=FF\n", "2:26"},
	{HEAD "1 1  a-a a-a a-a a-a  a=Q\n", "2:25"},
	{HEAD "1 1  a-a a-a a-a a-a  a=GLG\n", "2:27"},
	{HEAD "1 1  a-a a-a a-a a-a  a=RF\n", "2:26"},
	{HEAD "1 1  a-a a-a a-a a-a  a=\n", "2:25"},
	{HEAD "1 1  a-a a-a a-a a-a  a=r\n", "2:25"},
	/* a bad region letter in a declaration */
	{HEAD "1 1  a-a a-a a-a a-a  a=R i=R\n", "2:27"},
	/* a repeated pub=, hist=, adj= */
	{HEAD "1 1  a-a a-a a-a a-a  a=R pub=1 pub=1\n", "2:33"},
	{HEAD "1 1  a-a a-a a-a a-a  a=R hist=A hist=B\n", "2:34"},
	{HEAD "1 1  a-b b-a a-a a-a  a=R b=F adj=ab adj=ab\n", "2:38"},
	/* a bad pub= value */
	{HEAD "1 1  a-a a-a a-a a-a  a=R pub=5\n", "2:31"},
	{HEAD "1 1  a-a a-a a-a a-a  a=R pub=\n", "2:31"},
	{HEAD "1 1  a-a a-a a-a a-a  a=R pub=x\n", "2:31"},
	/* a malformed adj= pair: a=R b=R at columns 23 and 27, adj= at 31,
	 * its value at 35 */
	{HEAD "1 1  a-a a-a a-a b-b  a=R b=R adj=a\n", "2:35"},
	{HEAD "1 1  a-a a-a a-a b-b  a=R b=R adj=\n", "2:35"},
	{HEAD "1 1  a-a a-a a-a b-b  a=R b=R adj=ab,\n", "2:38"},
	{HEAD "1 1  a-a a-a a-a b-b  a=R b=R adj=abc\n", "2:35"},
	{HEAD "1 1  a-a a-a a-a b-b  a=R b=R adj=aa\n", "2:36"},
	{HEAD "1 1  a-a a-a a-a b-b  a=R b=R adj=ab,a1\n", "2:39"},
	{HEAD "1 1  a-a a-a a-a b-b  a=R b=R adj=ab;ba\n", "2:35"},
	/* a street digit on more than two sides */
	{HEAD "1 1  a1a a1a a1a a-a  a=R\n", "2:15"},
	{HEAD "1 1  a2a a1a a1a a1a  a=R\n", "2:19"},
	/* unknown keyword */
	{HEAD "1 1  a-a a-a a-a a-a  a=R foo=1\n", "2:27"},
	{HEAD "1 1  a-a a-a a-a a-a  a=R a-a\n", "2:27"},
	{HEAD "1 1  a-a a-a a-a a-a  a=R PUB=1\n", "2:27"},
	/* a historic building on a design with COUNT above 1; the token
	 * start comes before a bad character in the name */
	{HEAD "1 2  a-a a-a a-a a-a  a=R hist=X\n", "2:27"},
	{HEAD "1 2  a-a a-a a-a a-a  a=R hist=X!\n", "2:27"},
	/* a historic name used twice; a bad or empty name */
	{HEAD "1 1  a-a a-a a-a a-a  a=R hist=X\n"
	      "2 1  a-a a-a a-a a-a  a=R hist=X\n",
	 "3:32"},
	{HEAD "1 1  a-a a-a a-a a-a  a=R hist=Tour!\n", "2:36"},
	{HEAD "1 1  a-a a-a a-a a-a  a=R hist=\n", "2:32"},
	/* the first error in reading order wins: undeclared b (column 12)
	 * before the unknown keyword; a bad ID on line 2 before everything
	 * on line 3 */
	{HEAD "1 1  a-a a-b a-a a-a  a=R foo=1\n", "2:12"},
	{HEAD "0 1  a-a a-a a-a a-a  a=R\n"
	      "1 1  q\n",
	 "2:1"},
	/* a non-ASCII byte, a control character */
	{HEAD "1 1  a-a a\xc3\xa9 a-a a-a  a=R\n", "2:11"},
	{HEAD "# caf\xc3\xa9\n", "2:6"},
	{HEAD "1 1  a-a a-a a-a a-a\x0b a=R\n", "2:21"},
};

START_TEST(error_at_its_line_and_column)
{
	assert_parse_error(parse_errors[_i].text, parse_errors[_i].where);
}
END_TEST

START_TEST(error_more_than_255_tiles)
{
	char text[4096];
	many_tiles(text, sizeof text, 4); /* 256 tiles */
	assert_parse_error(text, "30:4");
}
END_TEST

START_TEST(error_nul_byte_and_long_lines)
{
	assert_parse_error_len(HEAD "1 1  a-a a-a\0a-a a-a  a=R\n", 36, "2:13");

	char *text = malloc(5000);
	ck_assert_ptr_nonnull(text);
	memset(text, ' ', 5000);
	memcpy(text, HEAD "#", 11);
	/* over-long lines are CITY_ELIMIT everywhere (issue 16) */
	assert_parse_status_len(text, 5000, CITY_ELIMIT, "2:4097");
	/* exactly 4096 characters are fine on a comment line */
	text[10 + 4096] = '\n';
	memcpy(text + 10 + 4097, "1 1  a-a a-a a-a a-a  a=R\n", 26);
	city_tileset *ts = NULL;
	ck_assert_int_eq(city_tileset_parse(&ts, text, 10 + 4097 + 26, NULL, 0),
	                 CITY_OK);
	city_tileset_free(ts);
	free(text);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Writing back as text                                                      */

START_TEST(text_round_trip_of_the_default_set)
{
	city_tileset *back = round_trip(city_tileset_default());
	assert_sets_equal(back, city_tileset_default());
	city_tileset_free(back);
}
END_TEST

START_TEST(text_round_trip_keeps_interior_regions_and_extra_pairs)
{
	city_tileset *ts = parse_ok(HEAD "5 1  a-b b1a a1a a-a  a=R b=LF "
	                                 "c=G d=R adj=ca,bd,ab pub=3\n"
	                                 "2 3  a-a a-a a-a a-a  a=R\n"
	                                 "9 1  a-a a2a a-a a2a  a=R hist=H\n");
	city_tileset *back = round_trip(ts);
	assert_sets_equal(back, ts);
	assert_adjacency(back, 5, "ab,ac,bd");
	city_tileset_free(back);
	city_tileset_free(ts);
}
END_TEST

START_TEST(text_buffer_too_small_gives_erange_and_leaves_it)
{
	const city_tileset *ts = city_tileset_default();
	size_t needed = 0;
	char buf[16];
	memset(buf, 'x', sizeof buf);
	ck_assert_int_eq(city_tileset_text(ts, buf, sizeof buf, &needed),
	                 CITY_ERANGE);
	ck_assert_uint_gt(needed, sizeof buf);
	ck_assert_int_eq(buf[0], 'x');
	ck_assert_int_eq(city_tileset_text(ts, NULL, 0, NULL), CITY_ERANGE);
	char *text = malloc(needed);
	ck_assert_ptr_nonnull(text);
	ck_assert_int_eq(city_tileset_text(ts, text, needed, NULL), CITY_OK);
	const char *start = "tileset the-city\n"
	                    "01 1  a1b b2c c3d d4a  a=R b=R c=R d=R\n";
	ck_assert_int_eq(strncmp(text, start, strlen(start)), 0);
	ck_assert_ptr_nonnull(strstr(text, "\n64 1  a-a a-a a-a a-a  a=R b=F"
	                                   "  adj=ab\n"));
	free(text);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* API contract                                                              */

START_TEST(null_arguments_return_einval)
{
	const city_tileset *ts = city_tileset_default();
	city_tileset *out = NULL;
	char err[64] = "";
	char buf[8];
	size_t needed = 0;
	ck_assert_int_eq(city_tileset_parse(NULL, "x", 1, err, sizeof err),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_tileset_parse(&out, NULL, 0, err, sizeof err),
	                 CITY_EINVAL);
	ck_assert_ptr_null(out);
	city_tileset_free(NULL);
	ck_assert_ptr_null(city_tileset_name(NULL));
	ck_assert_uint_eq(city_tileset_design_count(NULL), 0);
	ck_assert_uint_eq(city_tileset_tile_count(NULL), 0);
	ck_assert_int_eq(city_tileset_find_design(NULL, 1), CITY_EINVAL);
	ck_assert_int_eq(city_tileset_design_id(NULL, 0), CITY_EINVAL);
	ck_assert_int_eq(city_tileset_design_count_of(NULL, 0), CITY_EINVAL);
	ck_assert_int_eq(city_tileset_public_buildings(NULL, 0), CITY_EINVAL);
	ck_assert_ptr_null(city_tileset_historic_name(NULL, 0));
	ck_assert_int_eq(city_tileset_side(NULL, 0, 0, 0, NULL, NULL, NULL),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_tileset_region_kind(NULL, 0, 'a', NULL),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_tileset_adjacent(NULL, 0, 'a', 'b'),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_tileset_adjacency(NULL, 0, buf, sizeof buf,
	                                        &needed),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_tileset_adjacency(ts, 0, NULL, 4, &needed),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_tileset_text(NULL, buf, sizeof buf, &needed),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_tileset_text(ts, NULL, 4, &needed), CITY_EINVAL);
}
END_TEST

START_TEST(design_index_out_of_range_returns_einval)
{
	const city_tileset *ts = city_tileset_default();
	ck_assert_int_eq(city_tileset_design_id(ts, 64), CITY_EINVAL);
	ck_assert_int_eq(city_tileset_design_count_of(ts, 64), CITY_EINVAL);
	ck_assert_int_eq(city_tileset_public_buildings(ts, 99), CITY_EINVAL);
	ck_assert_ptr_null(city_tileset_historic_name(ts, 64));
	ck_assert_int_eq(city_tileset_region_kind(ts, 64, 'a', NULL),
	                 CITY_EINVAL);
	ck_assert_int_eq(city_tileset_adjacent(ts, 64, 'a', 'b'), CITY_EINVAL);
	ck_assert_int_eq(city_tileset_find_design(ts, 0), CITY_ENOTFOUND);
	ck_assert_int_eq(city_tileset_find_design(ts, 65), CITY_ENOTFOUND);
}
END_TEST

START_TEST(refcount_keeps_a_set_alive_until_the_last_release)
{
	city_tileset *ts = parse_ok(HEAD "1 1  a-a a-a a-a a-a  a=R\n");
	ck_assert_uint_eq(ts->is_static, 0);
	ck_assert_uint_eq(atomic_load(&ts->refs), 1);
	ts_retain(ts); /* a game holds it */
	city_tileset_free(ts); /* the caller lets go */
	ck_assert_uint_eq(atomic_load(&ts->refs), 1);
	ck_assert_str_eq(city_tileset_name(ts), "t");
	ts_release(ts); /* the game ends: freed (ASan/LSan check) */
}
END_TEST

/* ------------------------------------------------------------------------ */

static Suite *tileset_suite(void)
{
	const test_row r0[] = {
	        {default_set_has_75_tiles_and_64_designs, 0, 1},
	        {default_set_has_the_published_counts, 0, 1},
	        {default_set_has_32_public_buildings, 0, 1},
	        {default_set_has_7_named_historic_buildings, 0, 1},
	        {default_set_is_static_and_free_is_a_no_op, 0, 1},
	        {default_set_equals_the_parsed_data_file, 0, 1},
	};
	const test_row r1[] = {
	        {parts_are_regions_in_letter_order_then_streets_in_digit_order, 0,
	         1},
	        {street_through_the_tile_touches_two_sides, 0, 1},
	};
	const test_row r2[] = {
	        {adjacency_of_default_designs, 0, (int)N_OF(default_adjacency)},
	        {adjacent_pairs_of_default_designs, 0, (int)N_OF(default_adjacent)},
	        {adjacency_is_symmetric_and_not_reflexive, 0, 1},
	        {adjacency_adj_pair_adds_to_derived_pairs, 0, 1},
	        {adjacency_buffer_too_small_gives_erange_and_size, 0, 1},
	};
	const test_row r3[] = {
	        {rotation_moves_design_north_to_side_r, 0, 1},
	        {rotation_keeps_halves_in_clockwise_order, 0, 1},
	        {rotation_out_of_range_is_einval, 0, 1},
	};
	const test_row r4[] = {
	        {region_kinds_residential_and_markets, 0, 1},
	        {region_kind_order_does_not_matter_gf_equals_fg, 0, 1},
	};
	const test_row r5[] = {
	        {parse_keeps_designs_in_id_order_and_reads_leading_zeros, 0, 1},
	        {parse_reads_only_len_bytes_of_an_unterminated_buffer, 0, 1},
	        {parse_error_is_truncated_to_errcap, 0, 1},
	        {parse_accepts_up_to_255_tiles, 0, 1},
	};
	const test_row r6[] = {
	        {error_at_its_line_and_column, 0, (int)N_OF(parse_errors)},
	        {error_more_than_255_tiles, 0, 1},
	        {error_nul_byte_and_long_lines, 0, 1},
	};
	const test_row r7[] = {
	        {text_round_trip_of_the_default_set, 0, 1},
	        {text_round_trip_keeps_interior_regions_and_extra_pairs, 0, 1},
	        {text_buffer_too_small_gives_erange_and_leaves_it, 0, 1},
	};
	const test_row r8[] = {
	        {null_arguments_return_einval, 0, 1},
	        {design_index_out_of_range_returns_einval, 0, 1},
	        {refcount_keeps_a_set_alive_until_the_last_release, 0, 1},
	};
	Suite *s = suite_create("tileset");
	test_add_case(s, "default set", 0, r0, N_OF(r0));
	test_add_case(s, "representation", 0, r1, N_OF(r1));
	test_add_case(s, "adjacency", 0, r2, N_OF(r2));
	test_add_case(s, "rotation", 0, r3, N_OF(r3));
	test_add_case(s, "region kinds", 0, r4, N_OF(r4));
	test_add_case(s, "parsing", 0, r5, N_OF(r5));
	test_add_case(s, "validation", 0, r6, N_OF(r6));
	test_add_case(s, "text", 0, r7, N_OF(r7));
	test_add_case(s, "api", 0, r8, N_OF(r8));
	return s;
}

TEST_MAIN(tileset_suite)
