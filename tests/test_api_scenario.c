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

/* The City's wall: an L of three tiles walled all round (the round of
 * test_city_wall.c). */
#define WALL_GAME "city order=2,1,1 stacks=2,0,1 closing_tower=yes"
#define WALL_TILES "tileset wall-l\n1 2 " SCN_BLANK "\n2 1 " SCN_MKT_F "\n"
#define WALL_ROUND                                                           \
	"place 0 0 1; follower b; place 0 1 0; pass; place 1 0 0; pass\n"    \
	"gate 1 0 S; p1 wall cw; p1 guard pass; p0 wall cw; p0 guard pass\n" \
	"p1 wall ccw; p1 guard pass; p0 wall cw; p0 guard pass\n"            \
	"p1 wall cw; p1 guard pass; p0 wall ccw; p0 guard pass\n"            \
	"p1 wall cw; p1 guard pass\n"
/* BLANK (0,0), STRAIGHT (0,1), P0's seller on the MKT_F (0,-1). */
#define MARKET_END                                                           \
	"place 0 0 0; pass; place 0 1 0; pass; place 0 -1 0; follower b\n"

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
        /* BLANK (0,0), STRAIGHT (0,1), P0's seller on the MKT_F (0,-1):
         * open to the exterior, closed by the notional wall at the end
         * (R-END-2): 1 tile x 1 kind = 1 point, once. */
        {"R-END-2: bounds, names, final scoring twice", "city order=1,3,7",
         CITY_TILES,
         "?bounds = ENOTFOUND; ?tower_count = 0; ?wall_end cw = ENOTFOUND\n"
         "?wall_tower 0 = EINVAL; ?cell 0 0 = exterior\n"
         "place 0 0 0; pass; ?bounds = 0 0 0 0; ?cell 0 0 = tile\n"
         "place 0 1 0; pass; ?bounds = 0 0 0 1; ?fkind 0 1 1 = street\n"
         "?fkind 0 1 b = residential; ?cell 5 5 = exterior\n"
         "place 0 -1 0; follower b; ?fkind 0 -1 b = market\n"
         "?bounds = 0 -1 0 1; ?ask end; ?event_count = 0\n"
         "?final = 1 0; ?event_count = 1\n"
         "?event -1 = score 0 1 final_market 0 -1 b 7\n"
         "?event 0 = score * * final_market; ?event -1 = * 0 * * * * b\n"
         "?event -2 = EINVAL; ?final_again = 1 0"},
        /* The wall round of WALL_ROUND, then P0's closing tower cw. */
        {"R-WALL-7, R-OPT-4: the wall's towers and ends", WALL_GAME,
         WALL_TILES,
         "place 0 0 1; follower b; place 0 1 0; pass; place 1 0 0; pass\n"
         "gate 1 0 S; ?wall_end cw = 0; ?wall_end ccw = 0\n"
         "p1 wall cw; p1 guard pass; p0 wall cw; p0 guard pass\n"
         "p1 wall ccw; p1 guard pass; p0 wall cw; p0 guard pass\n"
         "p1 wall cw; p1 guard pass; p0 wall ccw; p0 guard pass\n"
         "p1 wall cw; p1 guard pass; ?gap = 0; ?wall_end ccw = 0\n"
         "?wall_end cw = 7; ?tower_count = 0\n"
         "p0 tower cw; ?tower_count = 1; ?wall_tower 0 = 0 cw 7 5"},
        /* The Tower: P1's one-floor tower (1,1) takes P0's highwayman on
         * the road of its own tile (1,0) (tower_range=short). */
        {"T-CAP-3: a capture event names the owner",
         "tw start=1 tower order=4,3,3 tower_range=short", "",
         "place 1 0 0; follower 1; place 1 1 0; !floor 1 0\n"
         "!capture 1 0 1; ?prisoners 1 0 = 1\n"
         "?event -1 = capture 1 0 0 1 0 1 * * 1; ?follower 0 = EINVAL"},
};

START_TEST(good_scripts_pass)
{
	scn_run_case(&good[_i]);
}
END_TEST

/* One wrong value in each kind of expectation, and a word of its message
 * (the game of CITY_TILES; bad_games below name theirs). */
static const struct {
	const char *script, *says;
} bad[] = {
        {"?ask follower", "decision"},
        {"?ask tile 1", "player 0, expected 1"},
        {"?legal = 5", "\"legal = 5\": 4, expected 5"},
        {"place 0 0 0; ?followers = bP", "expected \"bP\""},
        {"place 0 0 0; ?moves = pass", "expected \"pass\""},
        {"?scores = 0 1", "\"scores = 0 1\": player 1 scores 0, expected 1"},
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
        {"place 0 0 0; pass; ?bounds = 0 0 0 1",
         "\"bounds = 0 0 0 1\": value 4 is 0, expected 1"},
        {"?bounds = 0 0 0 0", "\"bounds = 0 0 0 0\": value 1 is -7"},
        {"?tower_count = 1", "\"tower_count = 1\": 0, expected 1"},
        {"?wall_end ccw = 0", "\"wall_end ccw = 0\": -7, expected 0"},
        {"?wall_tower 0 = 0", "\"wall_tower 0 = 0\": -1, expected 0"},
        {"place 0 0 0; ?fkind 0 0 a = street",
         "\"fkind 0 0 a = street\": 2, expected 0"},
        {"?cell 0 0 = tile", "\"cell 0 0 = tile\": 1, expected 0"},
        {MARKET_END "?final = 1 0; ?event -1 = score 0 1 final_market 0 -1 c",
         "\"event -1 = score 0 1 final_market 0 -1 c\": value 7 is 98, "
         "expected 99"},
        {MARKET_END "?final = 1 0; ?event -1 = * * * * * 0",
         "\"event -1 = * * * * * 0\": value 6 is -1, expected 0"},
        {MARKET_END "?event -1 = score", "\"event -1 = score\": -1, "
                                         "expected 1"},
        {MARKET_END "?final = 1 0; ?final_again = 1 1",
         "\"final_again = 1 1\": player 1 scores 0, expected 1"},
        /* the first final scoring adds its event: not idempotent */
        {MARKET_END "?final_again = 1 0",
         "\"final_again = 1 0\": 1 events, were 0"},
};

/* The same in other games: the case (its name is what it says). */
static const scn_case bad_games[] = {
        {"\"wall_end cw = 6\": 7, expected 6", WALL_GAME, WALL_TILES,
         WALL_ROUND "?wall_end cw = 6"},
        {"\"wall_tower 0 = 0 cw 7 4\": value 4 is 5, expected 4", WALL_GAME,
         WALL_TILES, WALL_ROUND "p0 tower cw; ?wall_tower 0 = 0 cw 7 4"},
        {"\"wall_tower 0 = 0 ccw\": value 2 is 0, expected 1", WALL_GAME,
         WALL_TILES, WALL_ROUND "p0 tower cw; ?wall_tower 0 = 0 ccw"},
        {"\"event -1 = capture 1 0 0 1 0 1 * * 2\": value 10 is 1, "
         "expected 2",
         "tw start=1 tower order=4,3,3 tower_range=short", "",
         "place 1 0 0; follower 1; place 1 1 0; !floor 1 0\n"
         "!capture 1 0 1; ?event -1 = capture 1 0 0 1 0 1 * * 2"},
};

START_TEST(bad_script_fails)
{
	const scn_case c = {"bad", "city order=1,3,7", CITY_TILES, bad[_i].script};
	scn_run_case(&c);
}
END_TEST

START_TEST(bad_game_fails)
{
	scn_run_case(&bad_games[_i]);
}
END_TEST

static Suite *bad_suite(void)
{
	const test_row rows[] = {{bad_script_fails, 0, (int)N_OF(bad)},
	                         {bad_game_fails, 0, (int)N_OF(bad_games)}};
	return test_suite("scenario_must_fail", "bad", 0, rows, N_OF(rows));
}

/* Some failure of `r[0..n)` says `says`. */
static void expect_failure(TestResult **r, int n, const char *says,
                           const char *script)
{
	int i;
	for (i = 0; i < n; i++)
		if (strstr(tr_msg(r[i]), says))
			return;
	ck_abort_msg("no failure says \"%s\" (script \"%s\")", says, script);
}

/* Every wrong script fails, each with its own message. */
START_TEST(every_wrong_expectation_fails)
{
	SRunner *sr = srunner_create(bad_suite());
	TestResult **r;
	int n;
	size_t j;
	srunner_set_fork_status(sr, CK_FORK);
	srunner_run_all(sr, CK_SILENT);
	n = srunner_ntests_failed(sr);
	ck_assert_int_eq(n, (int)(N_OF(bad) + N_OF(bad_games)));
	r = srunner_failures(sr);
	for (j = 0; j < N_OF(bad); j++)
		expect_failure(r, n, bad[j].says, bad[j].script);
	for (j = 0; j < N_OF(bad_games); j++)
		expect_failure(r, n, bad_games[j].name, bad_games[j].script);
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
