/*
 * What every test program of tests/ shares (issue 26, "one test dialect"):
 * the seeded random generator, N_OF, the record helpers and the suite
 * runner, so that each test_*.c holds only its tests.
 *
 *   test_rand(&rng)          splitmix64: the tests' only generator
 *   N_OF(array)              the number of elements of an array
 *   test_save(g)             the whole record of a game (heap; free it)
 *   test_reload(g)           a new game loaded from g's record
 *   test_reload_exact(g)     the same, its record the same text again
 *   test_play_random(g, n, &rng)
 *                            up to n uniformly random legal moves
 *   test_is_legal(g, &m)     whether m is one of g's legal moves
 *   test_property_games(n, long_n)
 *                            how many random games a property run plays:
 *                            n by default, long_n for the long run
 *                            (CITY_PROPERTY_GAMES=long), or at most the
 *                            number CITY_PROPERTY_GAMES names
 *   test_new_game_with(game, expansions, farmers, players, seed)
 *                            a new game of `game` with the expansions of
 *                            a CITY_EXPANSION_* bit set (test_new_game:
 *                            with The Tower or not)
 *   test_new_game_on(ts, players, seed)
 *                            a new game on the tile set ts
 *   test_variant, TEST_EVERY_GAME
 *                            a game in one of its forms (expansions,
 *                            farmers, players); the rows of every game
 *   test_suite(name, tcase, timeout, rows, n)
 *                            a suite of one test case from a table of
 *                            tests ({test, from, to} rows: _i from..to-1)
 *   test_add_case(s, tcase, timeout, rows, n)
 *                            one more test case in suite s
 *   TEST_MAIN(suite_fn)      main(): runs the suite, exit status 0 when
 *                            every test passed
 *
 * The helpers assert with Check, so they run in a test's own process; a
 * test that plays on several threads keeps its own non-asserting copies.
 */
#ifndef CITY_TEST_COMMON_H
#define CITY_TEST_COMMON_H

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* splitmix64 (Steele, Lea, Flood 2014): every value of the state gives a
 * well-mixed sequence, so a test's seed may be any small number. */
static inline uint64_t test_rand(uint64_t *rng)
{
	uint64_t z = (*rng += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* The whole record of g, as city_game_save writes it: the size query
 * answers CITY_ERANGE with the size counting the NUL, the write fills it
 * exactly. The caller frees the text. */
static inline char *test_save(const city_game *g)
{
	size_t need = 0;
	char *buf;
	ck_assert_int_eq(city_game_save(g, NULL, 0, &need), CITY_ERANGE);
	ck_assert_uint_gt(need, 1);
	buf = malloc(need);
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(city_game_save(g, buf, need, NULL), CITY_OK);
	ck_assert_uint_eq(strlen(buf) + 1, need);
	return buf;
}

/* A new game loaded from g's record (the caller frees it). */
static inline city_game *test_reload(const city_game *g)
{
	char *text = test_save(g), err[256] = "";
	city_game *l = NULL;
	ck_assert_msg(city_game_load(&l, text, strlen(text), err, sizeof err) ==
	                  CITY_OK,
	              "reload: %s", err);
	free(text);
	return l;
}

/* A new game loaded from g's record, whose own record is the same text
 * again (the caller frees it). */
static inline city_game *test_reload_exact(const city_game *g)
{
	city_game *l = test_reload(g);
	char *a = test_save(g), *b = test_save(l);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	return l;
}

/* Room for every legal move of any decision (the widest tile decision of
 * the built-in sets lists a few thousand). */
#define TEST_MOVES_CAP 4200

/* A game a test plays in each of its forms: CITY_GAME_*, its
 * CITY_EXPANSION_* bits, the farmers rule (C-OPT-1; -1: the game's
 * default), the most players, and its name in messages. */
typedef struct test_variant {
	int game;
	unsigned expansion;
	int farmers, max_players;
	const char *name;
} test_variant;

/* The rows of every game: The City, the base game with and without
 * farmers, The Tower, The River (for a test's own table). */
#define TEST_EVERY_GAME                                                    \
	{CITY_GAME_THE_CITY, 0, -1, 4, "The City"},                        \
	    {CITY_GAME_CARCASSONNE, 0, 1, 5, "base game, farmers"},        \
	    {CITY_GAME_CARCASSONNE, 0, 0, 5, "base game"},                 \
	    {CITY_GAME_CARCASSONNE, CITY_EXPANSION_TOWER, 1, 5, "Tower"},  \
	    {CITY_GAME_CARCASSONNE, CITY_EXPANSION_RIVER, 1, 5, "River"}

/* Play up to `n` uniformly random legal moves (fewer if the game ends);
 * returns the number played. */
static inline size_t test_play_random(city_game *g, size_t n, uint64_t *rng)
{
	static city_move moves[TEST_MOVES_CAP];
	size_t k;
	for (k = 0; k < n && city_game_decision(g) != CITY_DECISION_END; k++) {
		size_t count = 0;
		ck_assert_int_eq(city_legal_moves(g, moves, TEST_MOVES_CAP,
		                                  &count),
		                 CITY_OK);
		ck_assert_uint_gt(count, 0);
		ck_assert_int_eq(
		        city_apply_move(g, &moves[test_rand(rng) % count]),
		        CITY_OK);
	}
	return k;
}

/* A new game of `game` (CITY_GAME_*) for `players` seeded with `seed`,
 * with the expansions of `expansions` (CITY_EXPANSION_* bits) and the
 * farmers rule (C-OPT-1) set to `farmers` unless it is negative. */
static inline city_game *test_new_game_with(int game, unsigned expansions,
                                            int farmers, int players,
                                            uint64_t seed)
{
	city_options *o = NULL;
	city_game *g = NULL;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_game(o, game), CITY_OK);
	for (int x = 1; x <= CITY_EXPANSION_RIVER; x <<= 1)
		if (expansions & (unsigned)x)
			ck_assert_int_eq(city_options_set_expansion(o, x, 1),
			                 CITY_OK);
	if (farmers >= 0)
		ck_assert_int_eq(
		        city_options_set_rule(o, CITY_RULE_FARMERS, farmers),
		        CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, players), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, seed), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	city_options_free(o);
	return g;
}

/* The same with The Tower when `tower`. */
static inline city_game *test_new_game(int game, int tower, int farmers,
                                       int players, uint64_t seed)
{
	return test_new_game_with(game, tower ? CITY_EXPANSION_TOWER : 0u,
	                          farmers, players, seed);
}

/* A new game for `players` seeded with `seed` on the tile set `ts` (its
 * game is the options' default; NULL: the default set). */
static inline city_game *test_new_game_on(const city_tileset *ts,
                                          int players, uint64_t seed)
{
	city_options *o = NULL;
	city_game *g;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_tileset(o, ts), CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, players), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, seed), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	city_options_free(o);
	return g;
}

/* The City's rules of `g` (R-OPT-1..5) are `want`: wall_trigger,
 * first_round_guards, returned_guard, closing_tower, end_gap. */
static inline void test_expect_city_rules(const city_game *g,
                                          const int want[5])
{
	static const int rule[5] = {
	        CITY_RULE_WALL_TRIGGER, CITY_RULE_FIRST_ROUND_GUARDS,
	        CITY_RULE_RETURNED_GUARD, CITY_RULE_CLOSING_TOWER,
	        CITY_RULE_END_GAP};
	static const char *const name[5] = {"wall_trigger",
	                                    "first_round_guards",
	                                    "returned_guard", "closing_tower",
	                                    "end_gap"};
	for (int k = 0; k < 5; k++) {
		int v = city_game_rule(g, rule[k]);
		ck_assert_msg(v == want[k], "rule %s is %d, expected %d",
		              name[k], v, want[k]);
	}
}

/* The files `a` and then `b` read one after the other into `buf` (of
 * `cap` bytes), NUL-terminated; returns their length. */
static inline size_t test_read_two(char *buf, size_t cap, const char *a,
                                   const char *b)
{
	const char *files[2] = {a, b};
	size_t n = 0;
	for (int k = 0; k < 2; k++) {
		FILE *f = fopen(files[k], "rb");
		ck_assert_msg(f != NULL, "cannot open %s", files[k]);
		n += fread(buf + n, 1, cap - 1 - n, f);
		fclose(f);
	}
	buf[n] = '\0';
	return n;
}

/* Play `g` to its end as the golden files in tests/data were made:
 * an LCG seeded with `r` picks each move among the legal ones and `*h`
 * hashes their counts (FNV-1a step). Returns the number of moves played.
 * Changing it changes every golden line. */
static inline int test_play_golden(city_game *g, uint64_t r,
                                   unsigned long *h)
{
	static city_move mv[4096];
	size_t n;
	int moves = 0;
	while (city_game_decision(g) != CITY_DECISION_END) {
		ck_assert_int_eq(city_legal_moves(g, mv, 4096, &n), CITY_OK);
		*h = (*h ^ n) * 1099511628211UL;
		r = r * 6364136223846793005ULL + 1442695040888963407ULL;
		ck_assert_int_eq(city_apply_move(g, &mv[(r >> 33) % n]), CITY_OK);
		moves++;
	}
	return moves;
}

/* Whether `m` is one of the legal moves of g. */
static inline int test_is_legal(const city_game *g, const city_move *m)
{
	static city_move moves[TEST_MOVES_CAP];
	size_t count = 0, i;
	ck_assert_int_eq(city_legal_moves(g, moves, TEST_MOVES_CAP, &count),
	                 CITY_OK);
	for (i = 0; i < count; i++)
		if (memcmp(&moves[i], m, sizeof *m) == 0)
			return 1;
	return 0;
}

/* The number of random games a property run plays per configuration:
 * `quick` by default (about half a minute of CPU per program under ASan),
 * `full` with CITY_PROPERTY_GAMES=long (the long run, ctest label `slow`),
 * or CITY_PROPERTY_GAMES=N: N, at most `full`. The games are always the
 * first ones of the long run, so a default run's failure is the long
 * run's too. */
static inline int test_property_games(int quick, int full)
{
	const char *v = getenv("CITY_PROPERTY_GAMES");
	char *end;
	long n;
	if (!v || !*v)
		return quick;
	if (strcmp(v, "long") == 0)
		return full;
	n = strtol(v, &end, 10);
	ck_assert_msg(*end == '\0' && n >= 0 && n <= 1000000,
	              "CITY_PROPERTY_GAMES=%s: not \"long\" nor a count", v);
	return n < full ? (int)n : full;
}

/* Run every test of a suite (Check's default: each test in its own
 * process); the exit status says whether all passed. */
static inline int test_run(Suite *s)
{
	SRunner *sr = srunner_create(s);
	int failed;
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* A row of a suite's table: a test and the range [from, to) of its loop
 * index _i ({t, 0, 1}: run once). */
typedef struct {
	const TTest *test;
	int from, to;
} test_row;

/* Add to `s` the test case `tcase` holding the tests of `rows` in order,
 * with a timeout of `timeout` seconds (0: Check's default). A test run
 * once is a loop of one (Check's tcase_add_test is tcase_add_loop_test
 * from 0 to 1). */
static inline void test_add_case(Suite *s, const char *tcase, double timeout,
                                 const test_row *rows, size_t n)
{
	TCase *tc = tcase_create(tcase);
	if (timeout > 0)
		tcase_set_timeout(tc, timeout);
	for (size_t k = 0; k < n; k++)
		tcase_add_loop_test(tc, rows[k].test, rows[k].from, rows[k].to);
	suite_add_tcase(s, tc);
}

/* The suite `name` of the one test case test_add_case makes. */
static inline Suite *test_suite(const char *name, const char *tcase,
                                double timeout, const test_row *rows,
                                size_t n)
{
	Suite *s = suite_create(name);
	test_add_case(s, tcase, timeout, rows, n);
	return s;
}

#define TEST_MAIN(suite_fn)                                                  \
	int main(void) { return test_run(suite_fn()); }

#endif
