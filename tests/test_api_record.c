/*
 * Records (record.md): the header lines in any order and at most once, the
 * syntax errors with their exact line numbers, the inline tile set, the
 * limits, the buffer contract of city_game_save(), save -> load -> save
 * giving the same bytes on games of random legal moves, and
 * CITY_LOAD_PREFIX.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"

/* ------------------------------------------------------------------------ */
/* Helpers                                                                   */

/* A marker that stands for "untouched" in *out. */
static char untouched_marker;
#define UNTOUCHED ((city_game *)(void *)&untouched_marker)

/* A small tile set: 10 tiles, streets north-south and plain tiles. */
#define TINY_SET                          \
	"tileset tiny\n"                  \
	"1 6  a1b b-b b1a a-a  a=R b=R\n" \
	"2 4  a-a a-a a-a a-a  a=R  pub=1\n"

static int load(const char *text, city_game **out, char *err, size_t cap)
{
	return city_game_load(out, text, strlen(text), err, cap);
}

static city_game *load_ok(const char *text)
{
	city_game *g = NULL;
	char err[256] = "";
	int rc = load(text, &g, err, sizeof err);
	ck_assert_msg(rc == CITY_OK, "load failed (%s): %s",
	              city_status_str(rc), err);
	ck_assert_ptr_nonnull(g);
	return g;
}

/* Loads `rec`, which saves again to the same text; the caller frees the
 * game. */
static city_game *reload_resaves_same(const char *rec)
{
	city_game *h = load_ok(rec);
	char *rec2 = test_save(h);
	ck_assert_str_eq(rec, rec2);
	free(rec2);
	return h;
}

/* Load `text`, expect `status` and an error starting with `prefix`, and
 * *out left untouched. */
static void assert_load_error(const char *text, int status, const char *prefix)
{
	city_game *g = UNTOUCHED;
	char err[512] = "";
	int rc = load(text, &g, err, sizeof err);
	ck_assert_msg(rc == status, "status %s, expected %s (err \"%s\")",
	              city_status_str(rc), city_status_str(status), err);
	ck_assert_msg(strncmp(err, prefix, strlen(prefix)) == 0,
	              "error \"%s\" does not start with \"%s\"", err, prefix);
	ck_assert_ptr_eq(g, UNTOUCHED);
}

/* The built-in set's tiles by design id, in design order. */
static size_t default_instances(int *ids)
{
	const city_tileset *ts = city_tileset_default();
	size_t n = 0;
	for (unsigned i = 0; i < city_tileset_design_count(ts); i++)
		for (int k = 0; k < city_tileset_design_count_of(ts, i); k++)
			ids[n++] = city_tileset_design_id(ts, i);
	return n;
}

/* Replace the first line of `record` that equals `line` by `repl` (a
 * heap copy; the caller frees it). */
static char *replace_line(const char *record, const char *line,
                          const char *repl)
{
	size_t ll = strlen(line), rl = strlen(repl), n = strlen(record);
	const char *p = record;
	char *out;
	for (;;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		if (len == ll && memcmp(p, line, ll) == 0)
			break;
		ck_assert_ptr_nonnull(nl);
		p = nl + 1;
	}
	out = malloc(n - ll + rl + 1);
	ck_assert_ptr_nonnull(out);
	memcpy(out, record, (size_t)(p - record));
	memcpy(out + (p - record), repl, rl);
	strcpy(out + (p - record) + rl, p + ll);
	return out;
}

/* The 1-based line number of the first line equal to `line`. */
static unsigned long line_of(const char *record, const char *line)
{
	size_t ll = strlen(line);
	unsigned long no = 1;
	const char *p = record;
	for (;;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		if (len == ll && memcmp(p, line, ll) == 0)
			return no;
		ck_assert_ptr_nonnull(nl);
		p = nl + 1;
		no++;
	}
}

/* ------------------------------------------------------------------------ */
/* Header                                                                    */

START_TEST(header_minimal_takes_the_defaults)
{
	city_game *g = load_ok("citygame 1\nplayers 3\nmoves\nend\n");
	city_game *d = NULL;
	int dd = 0, gd = 0;
	ck_assert_int_eq(city_game_players(g), 3);
	ck_assert_ptr_eq(city_game_tileset(g), city_tileset_default());
	test_expect_city_rules(g,
	                       (const int[]){CITY_TRIGGER_OCCUPIED, 1, 1, 1, 5});
	ck_assert_int_eq(city_game_move_count(g), 0);
	/* Absent seed and order: seed 0. */
	ck_assert_int_eq(city_game_new(&d, NULL), CITY_OK);
	ck_assert_int_eq(city_game_current_tile(g, &gd, NULL), CITY_OK);
	ck_assert_int_eq(city_game_current_tile(d, &dd, NULL), CITY_OK);
	ck_assert_int_eq(gd, dd);
	city_game_free(d);
	city_game_free(g);
}
END_TEST

START_TEST(header_every_line_in_any_order)
{
	/* Comments, blank lines, tabs, CRLF: all as record.md allows. */
	static const char *const text = "# a game\r\n"
	                                "\r\n"
	                                "citygame 1   # version\r\n"
	                                "rule end_gap=3\r\n"
	                                "\trule\twall_trigger=any\r\n"
	                                "stacks 40 20 15\r\n"
	                                "tileset the-city\r\n"
	                                "rule closing_tower=no\r\n"
	                                "seed 42\r\n"
	                                "rule returned_guard=no\r\n"
	                                "players 4\r\n"
	                                "rule first_round_guards=no\r\n"
	                                "   \r\n"
	                                "moves\r\n"
	                                "end\r\n"
	                                "# trailing comment\r\n"
	                                "\r\n";
	city_game *g = load_ok(text);
	char *rec;
	ck_assert_int_eq(city_game_players(g), 4);
	test_expect_city_rules(g, (const int[]){CITY_TRIGGER_ANY, 0, 0, 0, 3});
	ck_assert_int_eq(city_game_tiles_left(g, 1), 39);
	ck_assert_int_eq(city_game_tiles_left(g, 2), 20);
	ck_assert_int_eq(city_game_tiles_left(g, 3), 15);
	/* The writer's canonical form. */
	rec = test_save(g);
	ck_assert_str_eq(rec, "citygame 1\n"
	                      "players 4\n"
	                      "seed 42\n"
	                      "stacks 40 20 15\n"
	                      "tileset the-city\n"
	                      "rule wall_trigger=any\n"
	                      "rule first_round_guards=no\n"
	                      "rule returned_guard=no\n"
	                      "rule closing_tower=no\n"
	                      "rule end_gap=3\n"
	                      "moves\n"
	                      "end\n");
	free(rec);
	city_game_free(g);
}
END_TEST

START_TEST(header_default_record_is_canonical)
{
	city_game *g = NULL;
	char *rec;
	ck_assert_int_eq(city_game_new(&g, NULL), CITY_OK);
	rec = test_save(g);
	ck_assert_str_eq(rec, "citygame 1\n"
	                      "players 2\n"
	                      "seed 0\n"
	                      "tileset the-city\n"
	                      "rule wall_trigger=occupied\n"
	                      "rule first_round_guards=yes\n"
	                      "rule returned_guard=yes\n"
	                      "rule closing_tower=yes\n"
	                      "rule end_gap=5\n"
	                      "moves\n"
	                      "end\n");
	free(rec);
	city_game_free(g);
}
END_TEST

START_TEST(header_duplicates_are_rejected)
{
	static const struct {
		const char *text;
		const char *prefix;
	} cases[] = {
	        {"citygame 1\nplayers 2\nplayers 2\nmoves\nend\n",
	         "line 3: duplicate players line (first on line 2)"},
	        {"citygame 1\nseed 1\nplayers 2\n\nseed 1\nmoves\nend\n",
	         "line 5: duplicate seed line (first on line 2)"},
	        {"citygame 1\nplayers 2\ntileset the-city\n# x\n"
	         "tileset the-city\nmoves\nend\n",
	         "line 5: duplicate tileset line"},
	        {"citygame 1\nplayers 2\nstacks 30 25 20\nstacks 30 25 20\n"
	         "moves\nend\n",
	         "line 4: duplicate stacks line"},
	        {"citygame 1\nplayers 2\ncitygame 1\nmoves\nend\n",
	         "line 3: duplicate citygame line"},
	        {"citygame 1\nplayers 2\nrule end_gap=3\nrule end_gap=3\n"
	         "moves\nend\n",
	         "line 4: duplicate rule end_gap (first on line 3)"},
	        {"citygame 1\nplayers 2\norder 1\norder 1\nmoves\nend\n",
	         "line 4: duplicate order line"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_load_error(cases[i].text, CITY_EPARSE, cases[i].prefix);
}
END_TEST

START_TEST(header_players_is_required_and_checked)
{
	assert_load_error("citygame 1\nseed 3\nmoves\nend\n", CITY_EPARSE,
	                  "line 3: missing players");
	assert_load_error("citygame 1\nplayers 5\nmoves\nend\n", CITY_EPARSE,
	                  "line 2: players");
	assert_load_error("citygame 1\nplayers 1\nmoves\nend\n", CITY_EPARSE,
	                  "line 2: players");
	assert_load_error("citygame 1\nplayers\nmoves\nend\n", CITY_EPARSE,
	                  "line 2: players");
	assert_load_error("citygame 1\nplayers 2 3\nmoves\nend\n", CITY_EPARSE,
	                  "line 2: players");
}
END_TEST

/* The whole reason of a refused load, exactly. */
static void assert_load_error_exact(const char *text, int status,
                                    const char *want)
{
	city_game *g = UNTOUCHED;
	char err[512] = "";
	int rc = load(text, &g, err, sizeof err);
	ck_assert_msg(rc == status, "status %s, expected %s (err \"%s\")",
	              city_status_str(rc), city_status_str(status), err);
	ck_assert_str_eq(err, want);
	ck_assert_ptr_eq(g, UNTOUCHED);
}

/* carcassonne.md "Records": a Carcassonne record without `players` is an
 * error of line 1, which as the earliest line wins over the other header
 * checks; The City's records keep the `moves` line (record.md, traces
 * byte-identical). */
START_TEST(header_players_missing_line_by_game)
{
	assert_load_error_exact("citygame 1\ngame carcassonne\nmoves\nend\n",
	                        CITY_EPARSE, "line 1: missing players line");
	assert_load_error_exact("# a comment\n\ncitygame 1\nseed 4\n"
	                        "game carcassonne\nmoves\nend\n",
	                        CITY_EPARSE, "line 1: missing players line");
	/* with other header errors on later lines */
	assert_load_error_exact("citygame 1\ngame carcassonne\nstacks 1 1 1\n"
	                        "rule end_gap=3\nmoves\nend\n",
	                        CITY_EPARSE, "line 1: missing players line");
	assert_load_error_exact("citygame 1\nexpansion tower\n"
	                        "game carcassonne\nrule ransom=no\nmoves\n"
	                        "end\n",
	                        CITY_EPARSE, "line 1: missing players line");
	/* The City, with and without its game line: the moves line */
	assert_load_error_exact("citygame 1\nseed 3\nmoves\nend\n",
	                        CITY_EPARSE,
	                        "line 3: missing players line before moves");
	assert_load_error_exact("citygame 1\ngame the-city\n\nmoves\nend\n",
	                        CITY_EPARSE,
	                        "line 4: missing players line before moves");
	/* a line error met before the header is complete is still its own
	 * line's (pass 1 reads the header line by line) */
	assert_load_error_exact("citygame 1\ngame carcassonne\nseed x\nmoves\n"
	                        "end\n",
	                        CITY_EPARSE,
	                        "line 3: seed must be one decimal number from 0 "
	                        "to 18446744073709551615");
}
END_TEST

START_TEST(header_seed_range)
{
	city_game *g, *s = NULL;
	city_options *o = NULL;
	int a = 0, b = 0;
	assert_load_error("citygame 1\nplayers 2\nseed 18446744073709551616\n"
	                  "moves\nend\n",
	                  CITY_EPARSE, "line 3: seed");
	assert_load_error("citygame 1\nplayers 2\nseed 99999999999999999999\n"
	                  "moves\nend\n",
	                  CITY_EPARSE, "line 3: seed");
	assert_load_error("citygame 1\nplayers 2\nseed -1\nmoves\nend\n",
	                  CITY_EPARSE, "line 3: seed");
	assert_load_error("citygame 1\nplayers 2\nseed +1\nmoves\nend\n",
	                  CITY_EPARSE, "line 3: seed");
	assert_load_error("citygame 1\nplayers 2\nseed 0x10\nmoves\nend\n",
	                  CITY_EPARSE, "line 3: seed");
	assert_load_error("citygame 1\nplayers 2\nseed\nmoves\nend\n",
	                  CITY_EPARSE, "line 3: seed");
	g = load_ok("citygame 1\nplayers 2\nseed 18446744073709551615\n"
	            "moves\nend\n");
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, UINT64_MAX), CITY_OK);
	ck_assert_int_eq(city_game_new(&s, o), CITY_OK);
	ck_assert_int_eq(city_game_current_tile(g, &a, NULL), CITY_OK);
	ck_assert_int_eq(city_game_current_tile(s, &b, NULL), CITY_OK);
	ck_assert_int_eq(a, b);
	{
		char *rec = test_save(g);
		ck_assert_ptr_nonnull(
		        strstr(rec, "\nseed 18446744073709551615\n"));
		free(rec);
	}
	city_options_free(o);
	city_game_free(s);
	city_game_free(g);
}
END_TEST

/* Build "order ..." with the built-in set's tiles reversed. */
static void reversed_order_line(char *buf, size_t cap, int *first)
{
	int ids[255];
	size_t n = default_instances(ids), len;
	len = (size_t)snprintf(buf, cap, "order");
	for (size_t i = n; i-- > 0;)
		len += (size_t)snprintf(buf + len, cap - len, " %d", ids[i]);
	*first = ids[n - 1];
}

START_TEST(header_order_wins_over_seed)
{
	char order[1200], text[1400];
	int first = 0, design = 0;
	city_game *g;
	char *rec;
	reversed_order_line(order, sizeof order, &first);
	snprintf(text, sizeof text,
	         "citygame 1\nseed 42\nplayers 2\n%s\nmoves\nend\n", order);
	g = load_ok(text);
	ck_assert_int_eq(city_game_current_tile(g, &design, NULL), CITY_OK);
	ck_assert_int_eq(design, first);
	/* Written back as the order alone. */
	rec = test_save(g);
	ck_assert_ptr_null(strstr(rec, "seed"));
	ck_assert_ptr_nonnull(strstr(rec, order));
	free(rec);
	city_game_free(g);
	/* The order comes first in the other direction too. */
	snprintf(text, sizeof text,
	         "citygame 1\n%s\nplayers 2\nseed 42\nmoves\nend\n", order);
	g = load_ok(text);
	ck_assert_int_eq(city_game_current_tile(g, &design, NULL), CITY_OK);
	ck_assert_int_eq(design, first);
	city_game_free(g);
}
END_TEST

START_TEST(header_order_must_be_a_permutation)
{
	assert_load_error("citygame 1\nplayers 2\norder 1 2 3\nmoves\nend\n",
	                  CITY_EPARSE, "line 3: R-SET-4");
	assert_load_error("citygame 1\nplayers 2\n\norder 1 0\nmoves\nend\n",
	                  CITY_EPARSE, "line 4: bad design id");
	assert_load_error("citygame 1\nplayers 2\norder 1 100\nmoves\nend\n",
	                  CITY_EPARSE, "line 3: bad design id");
	assert_load_error("citygame 1\nplayers 2\norder\nmoves\nend\n",
	                  CITY_EPARSE, "line 3: order");
	/* A design the set does not hold (the built-in set has no 99). */
	assert_load_error("citygame 1\nplayers 2\norder 99\nmoves\nend\n",
	                  CITY_EPARSE, "line 3: R-SET-4");
}
END_TEST

START_TEST(header_rules)
{
	city_game *g = load_ok("citygame 1\nplayers 2\nrule end_gap=0\n"
	                       "rule wall_trigger=occupied\nmoves\nend\n");
	ck_assert_int_eq(city_game_rule(g, CITY_RULE_END_GAP), 0);
	city_game_free(g);
	g = load_ok("citygame 1\nplayers 2\nrule end_gap=20\nmoves\nend\n");
	ck_assert_int_eq(city_game_rule(g, CITY_RULE_END_GAP), 20);
	city_game_free(g);
	assert_load_error(
	        "citygame 1\nplayers 2\nrule end_gap=21\nmoves\nend\n",
	        CITY_EPARSE, "line 3: bad value \"21\" for rule end_gap");
	assert_load_error(
	        "citygame 1\nplayers 2\nrule speed=fast\nmoves\nend\n",
	        CITY_EPARSE, "line 3: unknown rule \"speed\"");
	assert_load_error("citygame 1\nplayers 2\nrule end_gap\nmoves\nend\n",
	                  CITY_EPARSE, "line 3: expected rule name=value");
	assert_load_error(
	        "citygame 1\nplayers 2\nrule end_gap=3 x\nmoves\nend\n",
	        CITY_EPARSE, "line 3: expected rule name=value");
	assert_load_error("citygame 1\nplayers 2\nrule closing_tower=YES\n"
	                  "moves\nend\n",
	                  CITY_EPARSE, "line 3: bad value");
}
END_TEST

START_TEST(header_stacks)
{
	city_game *g = load_ok("citygame 1\nplayers 2\nstacks 75 0 0\n"
	                       "moves\nend\n");
	char *rec = test_save(g);
	ck_assert_int_eq(city_game_tiles_left(g, 1), 74);
	ck_assert_ptr_nonnull(strstr(rec, "\nstacks 75 0 0\n"));
	free(rec);
	city_game_free(g);
	assert_load_error(
	        "citygame 1\nplayers 2\nstacks 30 25 21\nmoves\nend\n",
	        CITY_EPARSE, "line 3: R-SET-4: stacks sum to 76");
	assert_load_error("citygame 1\nplayers 2\nstacks 0 40 35\nmoves\nend\n",
	                  CITY_EPARSE, "line 3: R-SET-4");
	assert_load_error("citygame 1\nplayers 2\nstacks 30 25\nmoves\nend\n",
	                  CITY_EPARSE, "line 3: stacks");
	assert_load_error("citygame 1\nplayers 2\nstacks 30 25 20 0\nmoves\n"
	                  "end\n",
	                  CITY_EPARSE, "line 3: stacks");
	assert_load_error("citygame 1\nplayers 2\nstacks 30 25 256\nmoves\n"
	                  "end\n",
	                  CITY_EPARSE, "line 3: stacks");
}
END_TEST

START_TEST(header_tileset_inline_round_trip)
{
	static const char *const text =
	        "citygame 1\n"
	        "players 2\n"
	        "tileset inline\n"
	        "# the set's own comment\n" TINY_SET "end\n"
	        "stacks 4 4 2\n"
	        "moves\n"
	        "end\n";
	city_game *g = load_ok(text);
	const city_tileset *ts = city_game_tileset(g);
	char *rec;
	ck_assert_ptr_ne(ts, city_tileset_default());
	ck_assert_str_eq(city_tileset_name(ts), "tiny");
	ck_assert_uint_eq(city_tileset_tile_count(ts), 10);
	ck_assert_int_eq(city_game_tiles_left(g, 1), 3);
	rec = test_save(g);
	ck_assert_ptr_nonnull(strstr(rec, "\ntileset inline\ntileset tiny\n"));
	city_game_free(reload_resaves_same(rec));
	free(rec);
	city_game_free(g);
}
END_TEST

START_TEST(header_tileset_inline_of_the_builtin_text)
{
	/* The built-in set written inline is a custom set, kept inline. */
	size_t need = 0;
	char *set, *text, *rec;
	city_game *g;
	ck_assert_int_eq(
	        city_tileset_text(city_tileset_default(), NULL, 0, &need),
	        CITY_ERANGE);
	set = malloc(need);
	ck_assert_ptr_nonnull(set);
	ck_assert_int_eq(
	        city_tileset_text(city_tileset_default(), set, need, NULL),
	        CITY_OK);
	text = malloc(need + 200);
	ck_assert_ptr_nonnull(text);
	snprintf(text, need + 200,
	         "citygame 1\nplayers 3\nseed 9\ntileset inline\n%send\n"
	         "moves\nend\n",
	         set);
	g = load_ok(text);
	ck_assert_ptr_ne(city_game_tileset(g), city_tileset_default());
	rec = test_save(g);
	ck_assert_ptr_nonnull(strstr(rec, "tileset inline\n"));
	city_game_free(reload_resaves_same(rec));
	free(rec);
	free(text);
	free(set);
	city_game_free(g);
}
END_TEST

START_TEST(header_tileset_errors_map_to_record_lines)
{
	/* Line 6 of the record is line 3 of the set. */
	assert_load_error("citygame 1\nplayers 2\ntileset inline\n"
	                  "tileset tiny\n"
	                  "1 6  a1b b-b b1a a-a  a=R b=R\n"
	                  "2 4  a-a a-a a-a a-z  a=R\n"
	                  "end\nmoves\nend\n",
	                  CITY_EPARSE, "line 6: column ");
	assert_load_error("citygame 1\nplayers 2\ntileset inline\n" TINY_SET,
	                  CITY_EPARSE,
	                  "line 7: missing end of the inline tile "
	                  "set begun on line 3");
	/* Without its own `end`, the set stops at `moves` (no tile-set line
	 * starts so): the record's `end` never closes it (issue 16). */
	assert_load_error("citygame 1\nplayers 2\ntileset inline\n" TINY_SET
	                  "moves\nend\n",
	                  CITY_EPARSE,
	                  "line 7: missing end of the inline tile set begun "
	                  "on line 3");
	assert_load_error("citygame 1\nplayers 2\ntileset standard\nmoves\n"
	                  "end\n",
	                  CITY_EPARSE, "line 3: expected tileset");
	assert_load_error("citygame 1\nplayers 2\ntileset inline x\n" TINY_SET
	                  "end\nmoves\nend\n",
	                  CITY_EPARSE, "line 3: expected tileset");
	/* Stacks are checked against the inline set. */
	assert_load_error("citygame 1\nplayers 2\nstacks 30 25 20\n"
	                  "tileset inline\n" TINY_SET "end\nmoves\nend\n",
	                  CITY_EPARSE, "line 3: R-SET-4: stacks sum to 75");
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Syntax                                                                    */

START_TEST(syntax_errors_name_their_line)
{
	static const struct {
		const char *text;
		int status;
		const char *prefix;
	} cases[] = {
	        {"", CITY_EPARSE, "line 1: expected \"citygame 1\""},
	        {"# only a comment\n\n", CITY_EPARSE,
	         "line 3: expected \"citygame 1\""},
	        {"players 2\ncitygame 1\n", CITY_EPARSE,
	         "line 1: expected \"citygame 1\""},
	        {"citygame 2\nplayers 2\nmoves\nend\n", CITY_EPARSE,
	         "line 1: unsupported record version \"2\""},
	        {"citygame 1 x\n", CITY_EPARSE, "line 1: expected"},
	        {"CITYGAME 1\n", CITY_EPARSE, "line 1: expected"},
	        {"citygame 1\nPlayers 2\nmoves\nend\n", CITY_EPARSE,
	         "line 2: unknown header keyword \"Players\""},
	        {"citygame 1\nplayers 2\nspeed 3\nmoves\nend\n", CITY_EPARSE,
	         "line 3: unknown header keyword \"speed\""},
	        {"citygame 1\nplayers 2\n", CITY_EPARSE,
	         "line 3: missing moves line"},
	        {"citygame 1\nplayers 2\nmoves now\nend\n", CITY_EPARSE,
	         "line 3: unexpected text after moves"},
	        {"citygame 1\nplayers 2\nmoves\n", CITY_EPARSE,
	         "line 4: missing end"},
	        {"citygame 1\nplayers 2\nmoves\nplace 0 0 0", CITY_EPARSE,
	         "line 5: missing end"},
	        {"citygame 1\nplayers 2\nmoves\nplace 0 0\nend\n", CITY_EPARSE,
	         "line 4: bad move \"place 0 0\""},
	        {"citygame 1\nplayers 2\nmoves\n\n# c\n  place 0 0 4  # "
	         "r\nend\n",
	         CITY_EPARSE, "line 6: bad move \"place 0 0 4\""},
	        {"citygame 1\nplayers 2\nmoves\nPLACE 0 0 0\nend\n",
	         CITY_EPARSE, "line 4: bad move"},
	        {"citygame 1\nplayers 2\nmoves\nend now\n", CITY_EPARSE,
	         "line 4: unexpected text after end"},
	        {"citygame 1\nplayers 2\nmoves\nend\nplace 0 0 0\n",
	         CITY_EPARSE, "line 5: content after end"},
	        {"citygame 1\nplayers 2\nmoves\nend\n# fine\n\nend\n",
	         CITY_EPARSE, "line 7: content after end"},
	        {"citygame 1\nplayers 2\x01\nmoves\nend\n", CITY_EPARSE,
	         "line 2: control character 0x01"},
	        {"citygame 1\nplayers 2\nmoves\nend\r\r\n", CITY_EPARSE,
	         "line 4: control character 0x0d"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_load_error(cases[i].text, cases[i].status,
		                  cases[i].prefix);
}
END_TEST

START_TEST(syntax_is_checked_before_any_move)
{
	/* A bad line after a move the game would reject: the syntax error is
	 * reported, even with CITY_LOAD_PREFIX, and no game is given. */
	static const char *const text = "citygame 1\nplayers 2\nmoves\n"
	                                "pass\nplace 0 0\nend\n";
	city_game *g = UNTOUCHED;
	char err[256];
	size_t applied = 99;
	int rc = city_game_load_ex(&g, &applied, text, strlen(text),
	                           CITY_LOAD_PREFIX, err, sizeof err);
	ck_assert_int_eq(rc, CITY_EPARSE);
	ck_assert_str_eq(err, "line 5: bad move \"place 0 0\"");
	ck_assert_ptr_eq(g, UNTOUCHED);
	ck_assert_uint_eq(applied, 0);
}
END_TEST

START_TEST(syntax_nul_bytes_and_length)
{
	/* The text need not be NUL-terminated: only len bytes count. */
	static const char text[] = "citygame 1\nplayers 2\nmoves\nend\nJUNK";
	city_game *g = UNTOUCHED;
	char err[128];
	ck_assert_int_eq(
	        city_game_load(&g, text, sizeof text - 1 - 4, err, sizeof err),
	        CITY_OK);
	ck_assert_ptr_ne(g, UNTOUCHED);
	city_game_free(g);
	/* A NUL byte inside a line is an error, not the end of the line. */
	g = UNTOUCHED;
	{
		static const char nul[] =
		        "citygame 1\nplayers 2\0 junk\nmoves\n"
		        "end\n";
		ck_assert_int_eq(city_game_load(&g, nul, sizeof nul - 1, err,
		                                sizeof err),
		                 CITY_EPARSE);
		ck_assert_str_eq(err, "line 2: control character 0x00");
		ck_assert_ptr_eq(g, UNTOUCHED);
	}
	/* A NUL byte in a comment is only a comment. */
	{
		static const char ok[] =
		        "citygame 1 #\0\nplayers 2\nmoves\nend\n";
		ck_assert_int_eq(
		        city_game_load(&g, ok, sizeof ok - 1, err, sizeof err),
		        CITY_OK);
		city_game_free(g);
	}
}
END_TEST

START_TEST(syntax_arguments)
{
	/* city_game_load_ex's answers to bad arguments, and city_game_load's
	 * (load_ex without flags); err may be NULL (errcap 0) and is cut to
	 * errcap; *out stays untouched */
	static const struct {
		int no_out; /* out NULL */
		const char *text;
		size_t len;
		unsigned flags;
		size_t errcap;
		int status;
		const char *err; /* NULL: not checked */
	} bad[] = {
	        {1, "x", 1, 0, 64, CITY_EINVAL, NULL},
	        {0, NULL, 5, 0, 64, CITY_EINVAL, NULL},
	        {0, NULL, 0, 0, 64, CITY_EPARSE, NULL}, /* an empty record */
	        {0, "x", 1, 0x80u, 64, CITY_EINVAL, NULL}, /* an unknown flag */
	        {0, "x", 1, 0, 0, CITY_EPARSE, NULL},
	        {0, "x", 1, 0, 8, CITY_EPARSE, "line 1:"},
	};
	city_game *g = UNTOUCHED;
	char err[64];
	for (size_t k = 0; k < N_OF(bad); k++) {
		city_game **out = bad[k].no_out ? NULL : &g;
		char *e = bad[k].errcap ? err : NULL;
		ck_assert_int_eq(city_game_load_ex(out, NULL, bad[k].text,
		                                   bad[k].len, bad[k].flags, e,
		                                   bad[k].errcap),
		                 bad[k].status);
		if (bad[k].flags == 0)
			ck_assert_int_eq(city_game_load(out, bad[k].text,
			                                bad[k].len, e,
			                                bad[k].errcap),
			                 bad[k].status);
		ck_assert_ptr_eq(g, UNTOUCHED);
		if (bad[k].err)
			ck_assert_str_eq(err, bad[k].err);
	}
}
END_TEST

START_TEST(syntax_random_bytes_never_crash)
{
	/* Bytes from an alphabet rich in the record's own words (in this
	 * order: the seed picks them by index). */
	static const char *const words[] = {
	        /* the header's */
	        "citygame", "1", "players", "2", "seed", "order", "tileset",
	        "inline", "the-city", "rule", "end_gap=3", "stacks", "moves",
	        "end",
	        /* the moves' */
	        "place", "0", "-1", "follower", "a", "gate", "N", "wall", "cw",
	        "tower", "ccw", "guard", "pass",
	        /* blanks, line ends, a comment */
	        " ", "\t", "\n", "\r", "#",
	        /* a NUL, a byte outside ASCII, a stray `=`, a number past
	         * 64 bits */
	        "\0", "\xff", "=", "99999999999999999999999"};
	uint64_t s = 7;
	char buf[512];
	for (int round = 0; round < 3000; round++) {
		size_t len = 0, n = test_rand(&s) % 80;
		city_game *g = UNTOUCHED;
		char err[128];
		int rc;
		if (round % 2)
			len = (size_t)snprintf(buf, sizeof buf,
			                       "citygame 1\nplayers 2\n");
		for (size_t i = 0; i < n; i++) {
			const char *w = words[test_rand(&s) %
			                      (sizeof words / sizeof words[0])];
			size_t wl = w[0] ? strlen(w) : 1;
			if (len + wl >= sizeof buf)
				break;
			memcpy(buf + len, w, wl);
			len += wl;
		}
		rc = city_game_load(&g, buf, len, err, sizeof err);
		if (rc == CITY_OK) {
			ck_assert_ptr_ne(g, UNTOUCHED);
			city_game_free(g);
		} else {
			ck_assert_ptr_eq(g, UNTOUCHED);
			ck_assert_uint_lt(strlen(err), sizeof err);
		}
	}
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Limits                                                                    */

START_TEST(limit_line_length)
{
	size_t n = 4096;
	char *text = malloc(n + 64);
	city_game *g = NULL;
	char err[128];
	ck_assert_ptr_nonnull(text);
	/* A comment line of exactly 4096 bytes is fine... */
	strcpy(text, "citygame 1\n#");
	memset(text + 12, 'x', n - 1);
	strcpy(text + 12 + n - 1, "\nplayers 2\nmoves\nend\n");
	ck_assert_int_eq(load(text, &g, err, sizeof err), CITY_OK);
	city_game_free(g);
	/* ...one more byte is not (a CR does not count). */
	strcpy(text, "citygame 1\n#");
	memset(text + 12, 'x', n - 1);
	strcpy(text + 12 + n - 1, "\r\nplayers 2\nmoves\nend\n");
	ck_assert_int_eq(load(text, &g, err, sizeof err), CITY_OK);
	city_game_free(g);
	strcpy(text, "citygame 1\n#");
	memset(text + 12, 'x', n);
	strcpy(text + 12 + n, "\nplayers 2\nmoves\nend\n");
	assert_load_error(text, CITY_ELIMIT, "line 2: line longer than 4096");
	free(text);
}
END_TEST

START_TEST(limit_record_size)
{
	size_t max = 4u * 1024u * 1024u, n;
	char *text = malloc(max + 2);
	city_game *g = UNTOUCHED;
	char err[128];
	ck_assert_ptr_nonnull(text);
	/* Comment lines of 64 bytes. */
	for (n = 0; n + 64 <= max + 1; n += 64) {
		memset(text + n, 'c', 63);
		text[n] = '#';
		text[n + 63] = '\n';
	}
	memset(text + n, '#', max + 1 - n);
	ck_assert_int_eq(city_game_load(&g, text, max + 1, err, sizeof err),
	                 CITY_ELIMIT);
	ck_assert_str_eq(err, "line 65537: record longer than 4194304 bytes");
	ck_assert_ptr_eq(g, UNTOUCHED);
	free(text);
}
END_TEST

START_TEST(limit_move_count)
{
	size_t moves = 100001, n;
	const char *head = "citygame 1\nplayers 2\nmoves\n";
	char *text = malloc(strlen(head) + moves * 5 + 8);
	city_game *g = UNTOUCHED;
	char err[128];
	ck_assert_ptr_nonnull(text);
	strcpy(text, head);
	n = strlen(head);
	for (size_t i = 0; i < moves; i++, n += 5)
		memcpy(text + n, "pass\n", 5);
	memcpy(text + n, "end\n", 5);
	ck_assert_int_eq(city_game_load(&g, text, n + 4, err, sizeof err),
	                 CITY_ELIMIT);
	ck_assert_str_eq(err, "line 100004: more than 100000 moves");
	ck_assert_ptr_eq(g, UNTOUCHED);
	free(text);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Saving                                                                    */

START_TEST(save_buffer_contract)
{
	city_game *g = NULL;
	size_t need = 0, need2 = 0;
	char *buf;
	uint64_t s = 3;
	ck_assert_int_eq(city_game_new(&g, NULL), CITY_OK);
	test_play_random(g, 10, &s);
	ck_assert_int_eq(city_game_save(g, NULL, 0, &need), CITY_ERANGE);
	ck_assert_int_eq(city_game_save(g, NULL, 5, &need2), CITY_EINVAL);
	ck_assert_int_eq(city_game_save(NULL, NULL, 0, &need2), CITY_EINVAL);
	buf = malloc(need);
	ck_assert_ptr_nonnull(buf);
	/* One byte short: CITY_ERANGE and the same size again. */
	ck_assert_int_eq(city_game_save(g, buf, need - 1, &need2), CITY_ERANGE);
	ck_assert_uint_eq(need2, need);
	/* Exactly right: NUL-terminated, `needed` the same. */
	need2 = 0;
	ck_assert_int_eq(city_game_save(g, buf, need, &need2), CITY_OK);
	ck_assert_uint_eq(need2, need);
	ck_assert_uint_eq(strlen(buf), need - 1);
	ck_assert_int_eq(buf[need - 2], '\n');
	/* Every short capacity fails without writing past it. */
	for (size_t cap = 1; cap < need; cap += 7) {
		char *small = malloc(cap);
		ck_assert_ptr_nonnull(small);
		ck_assert_int_eq(city_game_save(g, small, cap, NULL),
		                 CITY_ERANGE);
		free(small);
	}
	free(buf);
	city_game_free(g);
}
END_TEST

START_TEST(save_inline_set_buffer_contract)
{
	city_game *g =
	        load_ok("citygame 1\nplayers 2\ntileset inline\n" TINY_SET
	                "end\nmoves\nend\n");
	size_t need = 0;
	char *full;
	ck_assert_int_eq(city_game_save(g, NULL, 0, &need), CITY_ERANGE);
	full = test_save(g);
	for (size_t cap = 1; cap < need; cap++) {
		char *small = malloc(cap);
		size_t n2 = 0;
		ck_assert_ptr_nonnull(small);
		ck_assert_int_eq(city_game_save(g, small, cap, &n2),
		                 CITY_ERANGE);
		ck_assert_uint_eq(n2, need);
		free(small);
	}
	free(full);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Round trips                                                               */

static void assert_same_game(const city_game *a, const city_game *b)
{
	int n = city_game_players(a);
	ck_assert_int_eq(city_game_players(b), n);
	ck_assert_int_eq(city_game_move_count(a), city_game_move_count(b));
	ck_assert_int_eq(city_game_decision(a), city_game_decision(b));
	ck_assert_int_eq(city_game_player(a), city_game_player(b));
	ck_assert_int_eq(city_game_tile_count(a), city_game_tile_count(b));
	ck_assert_int_eq(city_game_event_count(a), city_game_event_count(b));
	ck_assert_int_eq(city_wall_length(a), city_wall_length(b));
	ck_assert_int_eq(city_game_walls_left(a), city_game_walls_left(b));
	for (int p = 0; p < n; p++) {
		ck_assert_int_eq(city_game_score(a, p), city_game_score(b, p));
		for (int c = 0; c < CITY_CAT_COUNT; c++)
			ck_assert_int_eq(city_game_score_detail(a, p, c),
			                 city_game_score_detail(b, p, c));
	}
}

/* Loads the record `rec` of `g`: the same game, saved again to the letter. */
static void assert_reloads_same(const city_game *g, const char *rec)
{
	city_game *h = reload_resaves_same(rec);
	assert_same_game(g, h);
	city_game_free(h);
}

START_TEST(round_trip_random_games)
{
	static const char *const rules[] = {NULL, "wall_trigger=any",
	                                    "end_gap=0", "closing_tower=no"};
	for (int seed = 0; seed < 8; seed++) {
		city_options *o = NULL;
		city_game *g = NULL;
		uint64_t s = (uint64_t)seed * 7919u + 1u;
		ck_assert_int_eq(city_options_new(&o), CITY_OK);
		ck_assert_int_eq(city_options_set_players(o, 2 + seed % 3),
		                 CITY_OK);
		ck_assert_int_eq(
		        city_options_set_seed(o, (uint64_t)seed * 1000u),
		        CITY_OK);
		if (rules[seed % 4])
			ck_assert_int_eq(
			        city_options_parse_rule(o, rules[seed % 4]),
			        CITY_OK);
		ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
		city_options_free(o);
		/* Save at several points of the game, and at its end. */
		for (;;) {
			char *rec = test_save(g), *rec2;
			city_game *h = NULL, *h2;
			char err[256] = "";
			int rc = city_game_load(&h, rec, strlen(rec), err,
			                        sizeof err);
			ck_assert_msg(rc == CITY_OK, "seed %d: %s", seed, err);
			assert_same_game(g, h);
			rec2 = test_save(h);
			ck_assert_str_eq(rec, rec2);
			/* The loaded game keeps playing identically. */
			ck_assert_int_eq(city_game_clone(&h2, g), CITY_OK);
			{
				uint64_t s1 = s, s2 = s;
				test_play_random(h, 25, &s1);
				test_play_random(h2, 25, &s2);
				assert_same_game(h, h2);
			}
			free(rec);
			free(rec2);
			city_game_free(h);
			city_game_free(h2);
			if (city_game_decision(g) == CITY_DECISION_END)
				break;
			test_play_random(g, 40, &s);
		}
		city_game_free(g);
	}
}
END_TEST

START_TEST(round_trip_inline_set_game)
{
	city_game *g = load_ok("citygame 1\nplayers 3\nseed 5\n"
	                       "tileset inline\n" TINY_SET "end\nmoves\nend\n");
	uint64_t s = 11;
	char *rec;
	test_play_random(g, 1000, &s);
	ck_assert_int_eq(city_game_decision(g), CITY_DECISION_END);
	rec = test_save(g);
	assert_reloads_same(g, rec);
	free(rec);
	city_game_free(g);
}
END_TEST

START_TEST(round_trip_order_and_stacks)
{
	char order[1200], text[1400];
	int first = 0;
	uint64_t s = 23;
	city_game *g;
	char *rec;
	reversed_order_line(order, sizeof order, &first);
	snprintf(text, sizeof text,
	         "citygame 1\nplayers 3\n%s\nstacks 40 20 15\nmoves\nend\n",
	         order);
	g = load_ok(text);
	test_play_random(g, 100000, &s);
	rec = test_save(g);
	ck_assert_ptr_nonnull(strstr(rec, order));
	ck_assert_ptr_nonnull(strstr(rec, "\nstacks 40 20 15\n"));
	assert_reloads_same(g, rec);
	free(rec);
	city_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Moves the game rejects, CITY_LOAD_PREFIX                                  */

/* A record of `moves` random moves with seed 17, 2 players. */
static char *random_record(size_t moves, city_game **out)
{
	city_options *o = NULL;
	city_game *g = NULL;
	uint64_t s = 99;
	char *rec;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, 17), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	city_options_free(o);
	ck_assert_uint_eq(test_play_random(g, moves, &s), moves);
	rec = test_save(g);
	if (out)
		*out = g;
	else
		city_game_free(g);
	return rec;
}

/* The text of move `i` (0-based) of `g`. */
static void move_text(const city_game *g, size_t i, char *buf, size_t cap)
{
	city_move m;
	ck_assert_int_eq(city_game_move(g, i, &m), CITY_OK);
	ck_assert_int_eq(city_move_to_string(&m, buf, cap, NULL), CITY_OK);
}

START_TEST(move_rejected_names_line_and_move)
{
	city_game *g0 = NULL, *g = UNTOUCHED;
	char *rec = random_record(6, &g0), *bad, mv[64], want[128], err[512];
	unsigned long line;
	int rc;
	size_t applied = 99;
	/* Move 1 is the start tile; make it a tile somewhere else. */
	move_text(g0, 0, mv, sizeof mv);
	line = line_of(rec, mv);
	bad = replace_line(rec, mv, "place 5 5 0");
	rc = city_game_load(&g, bad, strlen(bad), err, sizeof err);
	ck_assert_int_ne(rc, CITY_OK);
	snprintf(want, sizeof want, "line %lu: move 1: ", line);
	ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "err \"%s\"", err);
	ck_assert_ptr_eq(g, UNTOUCHED);
	/* With CITY_LOAD_PREFIX: the game before the move, and "move 1:". */
	rc = city_game_load_ex(&g, &applied, bad, strlen(bad), CITY_LOAD_PREFIX,
	                       err, sizeof err);
	ck_assert_int_ne(rc, CITY_OK);
	ck_assert_msg(strncmp(err, "move 1: ", 8) == 0, "err \"%s\"", err);
	ck_assert_ptr_ne(g, UNTOUCHED);
	ck_assert_uint_eq(applied, 0);
	ck_assert_int_eq(city_game_move_count(g), 0);
	ck_assert_int_eq(city_game_decision(g), CITY_DECISION_TILE);
	city_game_free(g);
	free(bad);
	free(rec);
	city_game_free(g0);
}
END_TEST

START_TEST(move_prefix_keeps_the_moves_before)
{
	city_game *g0 = NULL, *g = UNTOUCHED, *ref = NULL;
	char *rec = random_record(12, &g0), *bad, err[512];
	size_t applied = 0;
	int rc;
	/* Replace the `end` line by an impossible decision and `end`. */
	bad = replace_line(rec, "end", "place 9999 9999 0\nend");
	rc = city_game_load_ex(&g, &applied, bad, strlen(bad), CITY_LOAD_PREFIX,
	                       err, sizeof err);
	ck_assert_int_ne(rc, CITY_OK);
	ck_assert_ptr_ne(g, UNTOUCHED);
	ck_assert_uint_eq(applied, 12);
	ck_assert_msg(strncmp(err, "move 13: ", 9) == 0, "err \"%s\"", err);
	ck_assert_int_eq(city_game_move_count(g), 12);
	ref = load_ok(rec);
	assert_same_game(g, ref);
	city_game_free(ref);
	city_game_free(g);
	free(bad);
	free(rec);
	city_game_free(g0);
}
END_TEST

START_TEST(move_after_the_end_is_an_error)
{
	city_game *g = NULL, *h = UNTOUCHED;
	uint64_t s = 5;
	char *rec, *bad, err[512];
	size_t applied = 0;
	int moves, rc;
	ck_assert_int_eq(city_game_new(&g, NULL), CITY_OK);
	test_play_random(g, 100000, &s);
	ck_assert_int_eq(city_game_decision(g), CITY_DECISION_END);
	moves = city_game_move_count(g);
	rec = test_save(g);
	bad = replace_line(rec, "end", "pass\nend");
	rc = city_game_load(&h, bad, strlen(bad), err, sizeof err);
	ck_assert_int_eq(rc, CITY_EENDED);
	{
		char want[64];
		snprintf(want, sizeof want,
		         "line %lu: move %d: ", line_of(bad, "end") - 1,
		         moves + 1);
		ck_assert_msg(strncmp(err, want, strlen(want)) == 0,
		              "err \"%s\", expected \"%s...\"", err, want);
	}
	ck_assert_ptr_eq(h, UNTOUCHED);
	rc = city_game_load_ex(&h, &applied, bad, strlen(bad), CITY_LOAD_PREFIX,
	                       err, sizeof err);
	ck_assert_int_eq(rc, CITY_EENDED);
	ck_assert_uint_eq(applied, (size_t)moves);
	ck_assert_int_eq(city_game_decision(h), CITY_DECISION_END);
	city_game_free(h);
	free(bad);
	free(rec);
	city_game_free(g);
}
END_TEST

START_TEST(move_wrong_decision)
{
	city_game *g = UNTOUCHED;
	char err[256];
	int rc = load("citygame 1\nplayers 2\nmoves\n# first\nwall cw\nend\n",
	              &g, err, sizeof err);
	ck_assert_int_eq(rc, CITY_EDECISION);
	ck_assert_msg(strncmp(err, "line 5: move 1: ", 16) == 0, "err \"%s\"",
	              err);
	ck_assert_ptr_eq(g, UNTOUCHED);
}
END_TEST

/* ------------------------------------------------------------------------ */

static Suite *record_suite(void)
{
	/* The test cases: name, timeout in seconds (0: Check's default),
	 * tests (up to a NULL). */
	const struct {
		const char *name;
		double seconds;
		const TTest *tests[15];
	} cases[] = {
	        {"header",
	         0,
	         {header_minimal_takes_the_defaults,
	          header_every_line_in_any_order,
	          header_default_record_is_canonical,
	          header_duplicates_are_rejected,
	          header_players_is_required_and_checked,
	          header_players_missing_line_by_game, header_seed_range,
	          header_order_wins_over_seed,
	          header_order_must_be_a_permutation, header_rules,
	          header_stacks, header_tileset_inline_round_trip,
	          header_tileset_inline_of_the_builtin_text,
	          header_tileset_errors_map_to_record_lines}},
	        {"syntax",
	         0,
	         {syntax_errors_name_their_line,
	          syntax_is_checked_before_any_move,
	          syntax_nul_bytes_and_length, syntax_arguments,
	          syntax_random_bytes_never_crash}},
	        {"limits",
	         60,
	         {limit_line_length, limit_record_size, limit_move_count}},
	        {"save",
	         0,
	         {save_buffer_contract, save_inline_set_buffer_contract}},
	        {"round_trip",
	         120,
	         {round_trip_random_games, round_trip_inline_set_game,
	          round_trip_order_and_stacks}},
	        {"moves",
	         60,
	         {move_rejected_names_line_and_move,
	          move_prefix_keeps_the_moves_before,
	          move_after_the_end_is_an_error, move_wrong_decision}},
	};
	Suite *s = suite_create("record");
	for (size_t c = 0; c < N_OF(cases); c++) {
		TCase *t = tcase_create(cases[c].name);
		if (cases[c].seconds > 0)
			tcase_set_timeout(t, cases[c].seconds);
		for (size_t k = 0; k < N_OF(cases[c].tests) && cases[c].tests[k];
		     k++)
			tcase_add_test(t, cases[c].tests[k]);
		suite_add_tcase(s, t);
	}
	return s;
}

TEST_MAIN(record_suite)
