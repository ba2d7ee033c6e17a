/*
 * city_options_check(): the reason city_game_new() refuses options with
 * CITY_EINVAL (R-SET-1, R-SET-4, C-OPT-1, C-SET-4, T-OPT-1), and the same
 * verdict as city_game_new() for every case.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"

/* city_options_check and city_game_new agree; the reason is `want`
 * ("" for accepted options). */
static void expect(city_options *o, const char *want)
{
	char reason[160];
	city_game *g = NULL;
	int rc = city_options_check(o, reason, sizeof reason);
	int rc_new = city_game_new(&g, o);
	ck_assert_str_eq(reason, want);
	ck_assert_int_eq(rc, want[0] ? CITY_EINVAL : CITY_OK);
	ck_assert_int_eq(rc_new, rc);
	ck_assert_int_eq(city_options_check(o, NULL, 0), rc);
	city_game_free(g);
	city_options_free(o);
}

static city_options *opts(int game)
{
	city_options *o = NULL;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_game(o, game), CITY_OK);
	return o;
}

/* Every instance of the default set (The City) by design id. */
static size_t all_instances(int *ids)
{
	const city_tileset *ts = city_tileset_default();
	unsigned d;
	size_t n = 0;
	for (d = 0; d < city_tileset_design_count(ts); d++) {
		int k, c = city_tileset_design_count_of(ts, d);
		for (k = 0; k < c; k++)
			ids[n++] = city_tileset_design_id(ts, d);
	}
	return n;
}

START_TEST(test_accepted)
{
	expect(opts(CITY_GAME_THE_CITY), "");
	expect(opts(CITY_GAME_CARCASSONNE), "");
}
END_TEST

/* Options of `game` with `rule` set to 1: setting it succeeds, the check
 * refuses it for `want`. */
static void expect_rule(int game, int rule, const char *want)
{
	city_options *o = opts(game);
	ck_assert_int_eq(city_options_set_rule(o, rule, 1), CITY_OK);
	expect(o, want);
}

START_TEST(test_rule_of_another_game_C_OPT_1)
{
	expect_rule(CITY_GAME_THE_CITY, CITY_RULE_FARMERS,
	            "C-OPT-1: rule farmers is not a rule of the-city");
}
END_TEST

START_TEST(test_rule_of_expansion_not_in_play_T_OPT_1)
{
	expect_rule(CITY_GAME_CARCASSONNE, CITY_RULE_CAPTURE_OWN,
	            "T-OPT-1: rule capture_own needs the expansion tower");
}
END_TEST

START_TEST(test_stacks_R_SET_4_and_C_SET_4)
{
	city_options *o = opts(CITY_GAME_THE_CITY);
	ck_assert_int_eq(city_options_set_stacks(o, 10, 10, 10), CITY_OK);
	expect(o, "R-SET-4: stacks 10 10 10 must have A >= 1 and sum to 75 "
	          "tiles");
	o = opts(CITY_GAME_CARCASSONNE);
	ck_assert_int_eq(city_options_set_stacks(o, 10, 10, 10), CITY_OK);
	expect(o, "C-SET-4: stacks are a rule of the-city, not of carcassonne");
}
END_TEST

START_TEST(test_order_R_SET_4)
{
	int ids[256];
	size_t n = all_instances(ids);
	city_options *o = opts(CITY_GAME_THE_CITY);
	ck_assert_uint_eq(n, 75);
	ck_assert_int_eq(city_options_set_order(o, ids, 10), CITY_OK);
	expect(o, "R-SET-4: the order lists 10 tiles, the tile set has 75");
	ids[1] = ids[n - 1]; /* one design twice too often */
	o = opts(CITY_GAME_THE_CITY);
	ck_assert_int_eq(city_options_set_order(o, ids, n), CITY_OK);
	expect(o, "R-SET-4: the order has more than 1 of design 64");
}
END_TEST

START_TEST(test_tileset_of_another_game)
{
	city_options *o = opts(CITY_GAME_CARCASSONNE);
	ck_assert_int_eq(
	    city_options_set_tileset(o, city_tileset_builtin("the-city")),
	    CITY_OK);
	expect(o, "tile set the-city is a set of the-city, the game is "
	          "carcassonne");
}
END_TEST

START_TEST(test_bad_arguments)
{
	city_options *o = opts(CITY_GAME_THE_CITY);
	char reason[8] = "xxxxxxx";
	ck_assert_int_eq(city_options_check(NULL, reason, sizeof reason),
	                 CITY_EINVAL);
	ck_assert_str_eq(reason, "xxxxxxx"); /* nothing written */
	ck_assert_int_eq(city_options_check(o, NULL, 4), CITY_EINVAL);
	/* a short buffer: the reason cut to fit, NUL-terminated */
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_FARMERS, 1),
	                 CITY_OK);
	ck_assert_int_eq(city_options_check(o, reason, sizeof reason),
	                 CITY_EINVAL);
	ck_assert_str_eq(reason, "C-OPT-1");
	city_options_free(o);
}
END_TEST

static Suite *options_check_suite(void)
{
	Suite *s = suite_create("options_check");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_accepted);
	tcase_add_test(tc, test_rule_of_another_game_C_OPT_1);
	tcase_add_test(tc, test_rule_of_expansion_not_in_play_T_OPT_1);
	tcase_add_test(tc, test_stacks_R_SET_4_and_C_SET_4);
	tcase_add_test(tc, test_order_R_SET_4);
	tcase_add_test(tc, test_tileset_of_another_game);
	tcase_add_test(tc, test_bad_arguments);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(options_check_suite)
