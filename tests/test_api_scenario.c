/*
 * The scenario scripts of tests/scenario.h check what they claim: a
 * script with every kind of expectation passes on a game where they
 * hold, and each expectation made wrong by one value fails with a
 * message naming its step (run in a second runner, whose failures are
 * counted and read). This is what lets the rule tests be written as rows
 * of data (scn_case) and still be able to fail.
 */
#include "common.h"
#include "scenario.h"

/* The City: a BLANK start, then STRAIGHT (3) and MKT_F (7). */
#define CITY_TILES                                                           \
	"tileset t\n1 1 " SCN_BLANK "\n3 1 " SCN_STRAIGHT "\n7 1 " SCN_MKT_F  \
	"\n"

static const scn_case good[] = {
        {"R-TILE-1, R-FOL-1: a BLANK and a STRAIGHT", "city order=1,3,7",
         CITY_TILES,
         "?ask tile 0; ?legal = 4; place 0 0 0; ?ask follower 0;"
         "?followers = aP; pass\n"
         "?ask tile 1; ?tile_count = 1; ?left 1 = 1\n"
         "?refuse place 5 5 0 = EILLEGAL \"R-TILE-1: cell (5,5) shares no "
         "side with a placed tile\"\n"
         "?call place 5 5 0 = EILLEGAL \"R-TILE-1: cell (5,5) shares no "
         "side with a placed tile\"\n"
         "place 0 1 0; follower b; ?ffollowers 0 1 b 1 = 1;"
         "?ftiles 0 1 b = 1; ?complete 0 1 b = 0; ?same 0 1 a 0 0 a = 1;"
         "?supply 1 = 6; ?onboard 1 = 1; ?towers 0 = 6; ?walls_left = 70;"
         "?scores = 0 0; ?events score * = 0; ?points 1 any = 0;"
         "?detail 1 streets = 0; ?invariants; ?player = 0;"
         "?ffollowers 0 1 1 0 = 0; ?tile_at 0 1 = 3 0; ?tile_at 9 9 = "
         "ENOTFOUND; ?current = 7 1; ?follower 0 = 1 steward 0 1 b;"
         "?market 0 1 b = 0; ?winners = ENOTENDED; ?move_count = 4;"
         "?event_count = 0"},
        {"C-TURN: the base game's start and a road", "carc players=3",
         "1 2 a-a a1b b-b b1a a=F b=F start\n", "?ask tile 0; ?legal = 8"},
};

START_TEST(good_scripts_pass)
{
	scn_run_case(&good[_i]);
}
END_TEST

/* One wrong value in each kind of expectation, and a word of its message. */
static const struct {
	const char *script, *says;
} bad[] = {
        {"?ask follower", "decision"},
        {"?ask tile 1", "player 0, expected 1"},
        {"?legal = 5", "\"legal = 5\": 4, expected 5"},
        {"place 0 0 0; ?followers = bP", "expected \"bP\""},
        {"place 0 0 0; ?moves = pass", "expected \"pass\""},
        {"?scores = 0 1", "player 1 scores 0, expected 1"},
        {"?score 0 = 2", "expected 2"},
        {"?supply 0 = 6", "expected 6"},
        {"place 0 0 0; pass;"
         "?refuse place 5 5 0 = EINVAL \"R-TILE-1: cell (5,5) shares no "
         "side with a placed tile\"",
         "expected CITY_EINVAL"},
        {"place 0 0 0; pass; ?refuse place 5 5 0 = EILLEGAL \"wrong\"",
         "expected \"wrong\""},
        {"place 0 0 0; pass; ?refuse place 0 1 0 = EILLEGAL \"x\"",
         "status CITY_OK, expected CITY_EILLEGAL"},
        {"place 0 0 0; pass; ?call place 5 5 0 = EILLEGAL \"wrong\"",
         "expected \"wrong\""},
        {"!place 9 9 0", "\"!place 9 9 0\" -> CITY_EILLEGAL"},
        {"place 0 0 0; pass; ?tile_at 0 0 = 1 1", "value 2 is 0, expected 1"},
        {"?current = ENOTFOUND", "\"current = ENOTFOUND\": 1, expected -7"},
        {"?winners = 0", "-9, expected 0"},
        {"?nosuch = 1", "no query nosuch"},
        {"?score = 1", "takes 1 arguments"},
        {"place 9 9 0",
         "R-TURN-2: the start tile goes at (0,0), not (9,9)"},
        {"place 0 0 0; ?detail 0 cities = 1", "expected 1"},
};

START_TEST(bad_script_fails)
{
	const scn_case c = {"bad", "city order=1,3,7", CITY_TILES, bad[_i].script};
	scn_run_case(&c);
}
END_TEST

static Suite *bad_suite(void)
{
	const test_row rows[] = {{bad_script_fails, 0, (int)N_OF(bad)}};
	return test_suite("scenario_must_fail", "bad", 0, rows, N_OF(rows));
}

/* Every wrong script fails, each with its own message. */
START_TEST(every_wrong_expectation_fails)
{
	SRunner *sr = srunner_create(bad_suite());
	TestResult **r;
	int i, n;
	size_t j;
	srunner_set_fork_status(sr, CK_FORK);
	srunner_run_all(sr, CK_SILENT);
	n = srunner_ntests_failed(sr);
	ck_assert_int_eq(n, (int)N_OF(bad));
	r = srunner_failures(sr);
	for (j = 0; j < N_OF(bad); j++) {
		for (i = 0; i < n; i++)
			if (strstr(tr_msg(r[i]), bad[j].says))
				break;
		ck_assert_msg(i < n, "no failure says \"%s\" (script \"%s\")",
		              bad[j].says, bad[j].script);
	}
	free(r);
	srunner_free(sr);
}
END_TEST

static Suite *scenario_suite(void)
{
	const test_row rows[] = {{good_scripts_pass, 0, (int)N_OF(good)},
	                         {every_wrong_expectation_fails, 0, 1}};
	return test_suite("scenario", "scripts", 60, rows, N_OF(rows));
}

TEST_MAIN(scenario_suite)
