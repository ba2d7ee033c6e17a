/*
 * The AI side of city-cli (docs/cli.md, docs/ai.md): seats played by a
 * person or by an AI of the library, `city-cli hint FILE` (the analysis of
 * the position a record reaches) and `city-cli arena` (matches between AI
 * configurations, seats rotated and seeds paired, win rates with Wilson
 * 95 % intervals). Public API only: <city/city.h> and <city/ai.h>.
 */
#define _POSIX_C_SOURCE 200809L /* strtok_r */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_ai.h"
#include "cli_file.h"
#include "cli_trace.h"

#define EXIT_USAGE 1
#define EXIT_RECORD 2
#define TEXT_MAX 64
#define MAX_CATS 16

/* Category names (CITY_CAT_*); unknown categories are numbered. */
static const char *category_name(int c, char *buf, size_t cap)
{
	static const char *const names[] = {
		"streets", "markets",  "towers",      "stewards", "guards",
		"roads",   "cities",   "monasteries", "farms",    "ransom"};
	if (c >= 0 && c < (int)(sizeof names / sizeof names[0]))
		return names[c];
	snprintf(buf, cap, "cat%d", c);
	return buf;
}

/* The score categories a game answers: The City's CITY_CAT_STREETS ..
 * CITY_CAT_GUARDS, the base game's CITY_CAT_ROADS .. CITY_CAT_FARMS, plus
 * CITY_CAT_RANSOM with The Tower. Fills first/count. */
static void game_categories(const city_game *g, int *first, int *count)
{
	if (city_game_kind(g) == CITY_GAME_CARCASSONNE) {
		*first = CITY_CAT_ROADS;
		*count = city_game_expansions(g) & CITY_EXPANSION_TOWER
		             ? CITY_CAT_RANSOM - CITY_CAT_ROADS + 1
		             : CITY_CAT_FARMS - CITY_CAT_ROADS + 1;
	} else {
		*first = CITY_CAT_STREETS;
		*count = CITY_CAT_COUNT;
	}
}

/* What a command line chose of the game (game_option). */
typedef struct game_choice {
	int given;      /* --game given */
	int carc;       /* ... and it is carcassonne */
	int expansions; /* CITY_EXPANSION_* given with --expansion */
	int rules;      /* a --rule given */
} game_choice;

/* The game choice of a command line, as `city-cli play` takes it:
 * `--game NAME`, `--expansion tower|river` (after --game carcassonne),
 * `--rule name=value`, set in opts and noted in *c. Returns 2 when a and v
 * were used, 0 when a is not a game option, -1 (message printed) when it
 * is one with a bad value. */
static int game_option(city_options *opts, const char *cmd, const char *a,
                       const char *v, game_choice *c)
{
	if (!v)
		return 0;
	if (strcmp(a, "--game") == 0) {
		if (city_options_parse_game(opts, v) != CITY_OK) {
			fprintf(stderr,
			        "city-cli: %s: --game must be the-city or "
			        "carcassonne, not \"%s\"\n",
			        cmd, v);
			return -1;
		}
		c->given = 1;
		c->carc = strcmp(v, "carcassonne") == 0;
		return 2;
	}
	if (strcmp(a, "--expansion") == 0) {
		int x = strcmp(v, "tower") == 0   ? CITY_EXPANSION_TOWER
		        : strcmp(v, "river") == 0 ? CITY_EXPANSION_RIVER
		                                  : 0;
		if (!x || city_options_set_expansion(opts, x, 1) != CITY_OK) {
			fprintf(stderr,
			        "city-cli: %s: --expansion must be tower or river "
			        "(after --game carcassonne), not \"%s\"\n",
			        cmd, v);
			return -1;
		}
		c->expansions |= x;
		return 2;
	}
	if (strcmp(a, "--rule") == 0) {
		if (city_options_parse_rule(opts, v) != CITY_OK) {
			fprintf(stderr,
			        "city-cli: %s: bad --rule (e.g. wall_trigger=any, "
			        "end_gap=3, farmers=yes): \"%s\"\n",
			        cmd, v);
			return -1;
		}
		c->rules = 1;
		return 2;
	}
	return 0;
}


/* ------------------------------------------------------------------------
 * Seats
 */

/* Named parameters after a comma: `mcts:2000,margin=0.5,c=0.7`. */
static const struct {
	const char *name;
	int param;
} named_params[] = {
	{"iterations", CITY_AI_ITERATIONS}, {"time", CITY_AI_TIME_MS},
	{"threads", CITY_AI_THREADS},       {"c", CITY_AI_EXPLORATION},
	{"trees", CITY_AI_TREES},           {"margin", CITY_AI_MARGIN},
	{"potential", CITY_AI_POTENTIAL},   {"playout", CITY_AI_PLAYOUT},
};

/* Apply `name=value,name=value` to an AI: CITY_OK or CITY_EINVAL. */
static int apply_named(city_ai *ai, const char *list)
{
	char buf[48], *tok, *save = NULL;
	if (strlen(list) >= sizeof buf)
		return CITY_EINVAL;
	strcpy(buf, list);
	for (tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(tok, '='), *end = NULL;
		double v;
		size_t i;
		if (!eq)
			return CITY_EINVAL;
		*eq = '\0';
		v = strtod(eq + 1, &end);
		if (end == eq + 1 || *end)
			return CITY_EINVAL;
		for (i = 0; i < sizeof named_params / sizeof named_params[0]; i++)
			if (strcmp(tok, named_params[i].name) == 0)
				break;
		if (i == sizeof named_params / sizeof named_params[0] ||
		    city_ai_set_param(ai, named_params[i].param, v) != CITY_OK)
			return CITY_EINVAL;
	}
	return CITY_OK;
}

int cli_seat_parse(cli_seat *seat, const char *spec, uint64_t seed,
                   char *err, size_t errcap)
{
	char kind[16], head[48];
	const char *colon, *named;
	size_t klen;
	uint64_t iters = 0, threads = 0;
	int rc;
	memset(seat, 0, sizeof *seat);
	if (!spec || strlen(spec) >= sizeof seat->spec)
		goto bad;
	strcpy(seat->spec, spec);
	/* The head before the named parameters. */
	named = strchr(spec, ',');
	memcpy(head, spec, named ? (size_t)(named - spec) : strlen(spec));
	head[named ? (size_t)(named - spec) : strlen(spec)] = '\0';
	spec = head;
	colon = strchr(spec, ':');
	klen = colon ? (size_t)(colon - spec) : strlen(spec);
	if (klen == 0 || klen >= sizeof kind)
		goto bad;
	memcpy(kind, spec, klen);
	kind[klen] = '\0';
	if (colon) {
		char num[24];
		const char *c2 = strchr(colon + 1, ':');
		size_t nlen = c2 ? (size_t)(c2 - colon - 1) : strlen(colon + 1);
		if (strcmp(kind, "mcts") != 0 || nlen == 0 || nlen >= sizeof num)
			goto bad;
		memcpy(num, colon + 1, nlen);
		num[nlen] = '\0';
		if (cli_parse_number(num, 100000000u, &iters) || iters == 0)
			goto bad;
		if (c2 && (cli_parse_number(c2 + 1, 64, &threads) || threads == 0))
			goto bad;
	}
	if (strcmp(kind, "human") == 0) {
		seat->human = 1;
		return 0;
	}
	if (strcmp(kind, "random") == 0)
		rc = city_ai_new(&seat->ai, CITY_AI_RANDOM, seed);
	else if (strcmp(kind, "greedy") == 0)
		rc = city_ai_new(&seat->ai, CITY_AI_GREEDY, seed);
	else if (strcmp(kind, "mcts") == 0)
		rc = city_ai_new(&seat->ai, CITY_AI_MCTS, seed);
	else if (strcmp(kind, "easy") == 0 || strcmp(kind, "medium") == 0 ||
	         strcmp(kind, "hard") == 0)
		rc = city_ai_new_level(&seat->ai, kind, seed);
	else
		goto bad;
	if (rc == CITY_OK && iters)
		rc = city_ai_set_param(seat->ai, CITY_AI_ITERATIONS,
		                       (double)iters);
	if (rc == CITY_OK && threads)
		rc = city_ai_set_param(seat->ai, CITY_AI_THREADS,
		                       (double)threads);
	if (rc == CITY_OK && named)
		rc = apply_named(seat->ai, named + 1);
	if (rc != CITY_OK) {
		city_ai_free(seat->ai);
		seat->ai = NULL;
		snprintf(err, errcap, "cannot make the AI \"%s\": %s", spec,
		         city_status_str(rc));
		return -1;
	}
	return 0;
bad:
	snprintf(err, errcap,
	         "bad seat \"%s\" (human, random, greedy, mcts[:ITERATIONS"
	         "[:THREADS]], easy, medium, hard; then ,name=value for "
	         "iterations, time, threads, c, trees, margin, potential, "
	         "playout)",
	         seat->spec);
	return -1;
}

void cli_seat_free(cli_seat *seat)
{
	city_ai_free(seat->ai);
	seat->ai = NULL;
}

/* ------------------------------------------------------------------------
 * hint
 */


static void hint_usage(FILE *f)
{
	fputs(CLI_HINT_SYNOPSIS("usage: ", "       ",
	                        "                     ")
	      "  FILE: the position its record reaches (--game, --expansion: "
	      "the record must\n"
	      "  be that game); without FILE: the first decision of a new game "
	      "(seed G)\n"
	      "  SPEC: random, greedy, mcts[:ITERATIONS[:THREADS]], easy, "
	      "medium, hard (default mcts:2000)\n",
	      f);
}

/* A record's game against the game choice of the command line: 0 when
 * it is that game, else -1 with the reason printed. */
static int hint_game_matches(const city_game *g, int carc, int want_exps,
                             const char *path)
{
	int kind = city_game_kind(g), exps = city_game_expansions(g);
	int want = carc ? CITY_GAME_CARCASSONNE : CITY_GAME_THE_CITY;
	if (kind != want || (want_exps & ~exps)) {
		fprintf(stderr,
		        "city-cli: hint: %s is not a %s%s%s game\n", path,
		        carc ? "carcassonne" : "the-city",
		        want_exps & CITY_EXPANSION_RIVER ? " + river" : "",
		        want_exps & CITY_EXPANSION_TOWER ? " + tower" : "");
		return -1;
	}
	return 0;
}

int cli_hint(int argc, char **argv)
{
	const char *path = NULL, *spec = "mcts:2000";
	uint64_t seed = 0, top = 10, nline = 8, players = 2, game_seed = 0;
	char *text = NULL, err[512];
	size_t len = 0, applied = 0, count = 0, nl = 0, i;
	city_game *g = NULL;
	city_options *opts = NULL;
	cli_seat seat;
	city_ai_stat *stats = NULL, *line = NULL;
	game_choice choice = {0, 0, 0, 0};
	int k, rc, new_only = 0, used;
	if (city_options_new(&opts) != CITY_OK)
		return EXIT_RECORD;
	for (k = 0; k < argc; k++) {
		const char *a = argv[k], *v = k + 1 < argc ? argv[k + 1] : NULL;
		used = game_option(opts, "hint", a, v, &choice);
		if (used < 0) {
			city_options_free(opts);
			return EXIT_USAGE;
		}
		if (used) {
			k++;
		} else if (strcmp(a, "--players") == 0 && v &&
		           cli_parse_number(v, 5, &players) == 0 && players >= 2) {
			new_only = 1;
			k++;
		} else if (strcmp(a, "--game-seed") == 0 && v &&
		           cli_parse_number(v, UINT64_MAX, &game_seed) == 0) {
			new_only = 1;
			k++;
		} else if (strcmp(a, "--ai") == 0 && v) {
			spec = v;
			k++;
		} else if (strcmp(a, "--seed") == 0 && v &&
		           cli_parse_number(v, UINT64_MAX, &seed) == 0) {
			k++;
		} else if (strcmp(a, "--top") == 0 && v &&
		           cli_parse_number(v, 100000, &top) == 0) {
			k++;
		} else if (strcmp(a, "--line") == 0 && v &&
		           cli_parse_number(v, 1000, &nline) == 0) {
			k++;
		} else if (a[0] != '-' && !path) {
			path = a;
		} else {
			fprintf(stderr, "city-cli: hint: bad argument \"%s\"\n", a);
			hint_usage(stderr);
			city_options_free(opts);
			return EXIT_USAGE;
		}
	}
	if (path && (choice.rules || new_only)) {
		fprintf(stderr, "city-cli: hint: --rule, --players and "
		                "--game-seed make a new game; a record's header "
		                "gives its own\n");
		city_options_free(opts);
		return EXIT_USAGE;
	}
	if (!path && !choice.given && !choice.rules && !new_only) {
		hint_usage(stderr);
		city_options_free(opts);
		return EXIT_USAGE;
	}
	if (cli_seat_parse(&seat, spec, seed, err, sizeof err) != 0 ||
	    seat.human) {
		fprintf(stderr, "city-cli: hint: %s\n",
		        seat.human ? "the analyst must be an AI" : err);
		cli_seat_free(&seat);
		city_options_free(opts);
		return EXIT_USAGE;
	}
	if (!path) {
		/* The first decision of a new game of the game choice. */
		rc = city_options_set_players(opts, (int)players);
		if (rc == CITY_OK)
			rc = city_options_set_seed(opts, game_seed);
		if (rc == CITY_OK)
			rc = city_game_new(&g, opts);
		city_options_free(opts);
		if (rc != CITY_OK) {
			fprintf(stderr, "city-cli: hint: cannot start a game: %s\n",
			        city_status_str(rc));
			cli_seat_free(&seat);
			return rc == CITY_EINVAL ? EXIT_USAGE : EXIT_RECORD;
		}
	} else {
		city_options_free(opts);
		if (cli_read_file_or_report(path, &text, &len) != 0) {
			cli_seat_free(&seat);
			return EXIT_USAGE;
		}
		err[0] = '\0';
		rc = city_game_load_ex(&g, &applied, text, len, CITY_LOAD_PREFIX,
		                       err, sizeof err);
		free(text);
		if (!g) {
			fprintf(stderr, "city-cli: %s: %s\n", path, err);
			cli_seat_free(&seat);
			return EXIT_RECORD;
		}
		if (choice.given &&
		    hint_game_matches(g, choice.carc, choice.expansions, path) !=
		        0) {
			city_game_free(g);
			cli_seat_free(&seat);
			return EXIT_RECORD;
		}
		if (rc != CITY_OK)
			fprintf(stderr,
			        "city-cli: %s: %s (analysing the position after "
			        "%zu moves)\n",
			        path, err, applied);
	}
	if (city_game_decision(g) == CITY_DECISION_END) {
		printf("the game has ended: no decision to analyse\n");
		city_game_free(g);
		cli_seat_free(&seat);
		return 0;
	}
	{
		int design = 0, stack = 0;
		printf("position after %d moves: p%d %s", city_game_move_count(g),
		       city_game_player(g), cli_decision_name(city_game_decision(g)));
		if (city_game_current_tile(g, &design, &stack) == CITY_OK)
			printf(", tile design %d (stack %d)", design, stack);
		printf("\nanalyst: %s, seed %llu\n", spec,
		       (unsigned long long)seed);
	}
	rc = city_legal_moves(g, NULL, 0, &count);
	stats = calloc(count ? count : 1, sizeof *stats);
	line = calloc(nline ? nline : 1, sizeof *line);
	if (rc == CITY_OK && (!stats || !line))
		rc = CITY_ENOMEM;
	if (rc == CITY_OK)
		rc = city_ai_analyse(seat.ai, g, stats, count, &count, line,
		                     (size_t)nline, &nl);
	if (rc == CITY_OK) {
		printf("rank  move                 visits     mean\n");
		for (i = 0; i < count && i < top; i++) {
			char mt[TEXT_MAX];
			city_move_to_string(&stats[i].move, mt, sizeof mt, NULL);
			printf("%4zu  %-20s %7u  %7.3f\n", i + 1, mt,
			       (unsigned)stats[i].visits, stats[i].mean);
		}
		if (count > top)
			printf("      (%zu more)\n", count - (size_t)top);
		printf("line:");
		for (i = 0; i < nl; i++) {
			char mt[TEXT_MAX];
			city_move_to_string(&line[i].move, mt, sizeof mt, NULL);
			if (line[i].design >= 0)
				printf(" [draw %d]", (int)line[i].design);
			printf(" p%d %s (%u, %.3f)%s", (int)line[i].player, mt,
			       (unsigned)line[i].visits, line[i].mean,
			       i + 1 < nl ? " |" : "");
		}
		putchar('\n');
	} else {
		fprintf(stderr, "city-cli: hint: %s\n", city_status_str(rc));
	}
	free(stats);
	free(line);
	city_game_free(g);
	cli_seat_free(&seat);
	return rc == CITY_OK ? 0 : EXIT_RECORD;
}

/* ------------------------------------------------------------------------
 * arena
 */

#define ARENA_MAX_CONFIGS 8
#define ARENA_MAX_PLAYERS 5 /* the base game takes 5 */

typedef struct config_stats {
	const char *spec;
	unsigned games;
	double wins; /* a shared first place counts 1/k */
	unsigned sole, shared, lost;
	double score, cat[MAX_CATS];
	unsigned seats; /* seat-games, for the means */
} config_stats;

static void arena_usage(FILE *f)
{
	fputs("usage: city-cli arena [--game NAME [--expansion tower|river]] "
	      "[--games N]\n"
	      "                      [--players P] [--seed S] "
	      "[--rule name=value]...\n"
	      "                      [--quiet] SPEC SPEC...\n"
	      "  NAME: the-city (the default) or carcassonne; P: 2..4 "
	      "(2..5 in carcassonne)\n"
	      "  SPEC: random, greedy, mcts[:ITERATIONS[:THREADS]], easy, "
	      "medium, hard\n"
	      "  N games (default 20): seeds S, S+1, ... each played with the "
	      "seats rotated\n",
	      f);
}

/* Wilson score interval, 95 % (z = 1.96), of p successes in n. */
static void wilson(double p, double n, double *lo, double *hi)
{
	const double z = 1.959963984540054;
	double den, centre, half;
	if (n <= 0) {
		*lo = 0;
		*hi = 1;
		return;
	}
	den = 1 + z * z / n;
	centre = (p + z * z / (2 * n)) / den;
	half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den;
	*lo = centre - half;
	*hi = centre + half;
}

/* Play one game; seat s is played by configuration conf[s]. */
static int arena_game(city_options *opts, int players, uint64_t seed,
                      const int *conf, char **specs, config_stats *cs,
                      int quiet, unsigned index, int *cat_first,
                      int *cat_count)
{
	city_game *g = NULL;
	cli_seat seats[ARENA_MAX_PLAYERS];
	int s, rc, ncat = 0, first = 0, c;
	unsigned mask = 0, winners = 0;
	char err[160];
	memset(seats, 0, sizeof seats);
	rc = city_options_set_seed(opts, seed);
	if (rc == CITY_OK)
		rc = city_game_new(&g, opts);
	if (rc != CITY_OK)
		return rc;
	for (s = 0; s < players; s++)
		if (cli_seat_parse(&seats[s], specs[conf[s]],
		                   seed * 0x9E3779B97F4A7C15u + (uint64_t)s,
		                   err, sizeof err) != 0) {
			fprintf(stderr, "city-cli: %s\n", err);
			rc = CITY_EINVAL;
			goto done;
		}
	while (city_game_decision(g) != CITY_DECISION_END) {
		city_move m;
		int p = city_game_player(g);
		rc = city_ai_choose(seats[p].ai, g, &m);
		if (rc == CITY_OK)
			rc = city_apply_move(g, &m);
		if (rc != CITY_OK)
			goto done;
	}
	rc = city_score_final(g);
	if (rc == CITY_OK)
		rc = city_game_winners(g, &mask);
	if (rc != CITY_OK)
		goto done;
	game_categories(g, &first, &ncat);
	*cat_first = first;
	*cat_count = ncat;
	for (s = 0; s < players; s++)
		winners += mask >> s & 1u;
	/* Each configuration present: a win when one of its seats is among
	 * the winners (shared by the winners), its seats' scores. */
	for (c = 0; c < ARENA_MAX_CONFIGS && cs[c].spec; c++) {
		int present = 0, won = 0, k;
		for (s = 0; s < players; s++) {
			if (conf[s] != c)
				continue;
			present = 1;
			if (mask >> s & 1u)
				won++;
			cs[c].seats++;
			cs[c].score += city_game_score(g, s);
			for (k = 0; k < ncat; k++)
				cs[c].cat[k] +=
				    city_game_score_detail(g, s, first + k);
		}
		if (!present)
			continue;
		cs[c].games++;
		cs[c].wins += (double)won / (double)winners;
		if (won && (unsigned)won == winners)
			cs[c].sole++;
		else if (won)
			cs[c].shared++;
		else
			cs[c].lost++;
	}
	if (!quiet) {
		printf("game %u seed %llu seats", index,
		       (unsigned long long)seed);
		for (s = 0; s < players; s++)
			printf(" %s", specs[conf[s]]);
		printf(" scores");
		for (s = 0; s < players; s++)
			printf(" %d", city_game_score(g, s));
		printf(" winners");
		for (s = 0; s < players; s++)
			if (mask >> s & 1u)
				printf(" p%d", s);
		putchar('\n');
		fflush(stdout);
	}
done:
	for (s = 0; s < players; s++)
		cli_seat_free(&seats[s]);
	city_game_free(g);
	return rc;
}

int cli_arena(int argc, char **argv)
{
	city_options *opts = NULL;
	char *specs[ARENA_MAX_CONFIGS];
	config_stats cs[ARENA_MAX_CONFIGS + 1];
	uint64_t games = 20, players = 2, seed = 1;
	game_choice choice = {0, 0, 0, 0};
	int nspec = 0, k, quiet = 0, rc = CITY_OK, ncat = 0, first = 0, used;
	unsigned played = 0, r;
	char err[160];
	memset(cs, 0, sizeof cs);
	if (city_options_new(&opts) != CITY_OK)
		return EXIT_RECORD;
	for (k = 0; k < argc; k++) {
		const char *a = argv[k], *v = k + 1 < argc ? argv[k + 1] : NULL;
		used = game_option(opts, "arena", a, v, &choice);
		if (used < 0) {
			city_options_free(opts);
			return EXIT_USAGE;
		}
		if (used) {
			k++;
		} else if (strcmp(a, "--games") == 0 && v &&
		    cli_parse_number(v, 1000000, &games) == 0 && games > 0) {
			k++;
		} else if (strcmp(a, "--players") == 0 && v &&
		           cli_parse_number(v, ARENA_MAX_PLAYERS, &players) == 0 &&
		           players >= 2) {
			k++;
		} else if (strcmp(a, "--seed") == 0 && v &&
		           cli_parse_number(v, UINT64_MAX, &seed) == 0) {
			k++;
		} else if (strcmp(a, "--quiet") == 0) {
			quiet = 1;
		} else if (a[0] != '-' && nspec < ARENA_MAX_CONFIGS) {
			cli_seat probe;
			if (cli_seat_parse(&probe, a, 0, err, sizeof err) != 0 ||
			    probe.human) {
				fprintf(stderr, "city-cli: arena: %s\n",
				        probe.human ? "a seat must be an AI" : err);
				cli_seat_free(&probe);
				city_options_free(opts);
				return EXIT_USAGE;
			}
			cli_seat_free(&probe);
			specs[nspec] = argv[k];
			cs[nspec].spec = argv[k];
			nspec++;
		} else {
			fprintf(stderr, "city-cli: arena: bad argument \"%s\"\n", a);
			arena_usage(stderr);
			city_options_free(opts);
			return EXIT_USAGE;
		}
	}
	if (nspec < 2) {
		arena_usage(stderr);
		city_options_free(opts);
		return EXIT_USAGE;
	}
	if (city_options_set_players(opts, (int)players) != CITY_OK) {
		fprintf(stderr,
		        "city-cli: arena: --players must be 2..4 (2..5 in "
		        "carcassonne), not %llu\n",
		        (unsigned long long)players);
		city_options_free(opts);
		return EXIT_USAGE;
	}
	printf("arena: %s%d configurations, %llu players, %llu games from "
	       "seed %llu, seats rotated within each seed\n",
	       !choice.carc ? ""
	       : choice.expansions == CITY_EXPANSION_TOWER
	           ? "carcassonne + tower, "
	       : choice.expansions == CITY_EXPANSION_RIVER
	           ? "carcassonne + river, "
	       : choice.expansions ? "carcassonne + river + tower, "
	                           : "carcassonne, ",
	       nspec,
	       (unsigned long long)players, (unsigned long long)games,
	       (unsigned long long)seed);
	/* Game i: seed S + i / P, rotation i % P: seat s plays configuration
	 * (s + rotation) % C, so that each seed is played from every seat. */
	for (; played < games && rc == CITY_OK; played++) {
		int conf[ARENA_MAX_PLAYERS], s;
		r = played % (unsigned)players;
		for (s = 0; s < (int)players; s++)
			conf[s] = (int)(((unsigned)s + r) % (unsigned)nspec);
		rc = arena_game(opts, (int)players,
		                seed + played / (unsigned)players, conf, specs, cs,
		                quiet, played + 1, &first, &ncat);
	}
	city_options_free(opts);
	if (rc != CITY_OK) {
		fprintf(stderr, "city-cli: arena: game %u failed: %s\n", played,
		        city_status_str(rc));
		return EXIT_RECORD;
	}
	printf("%-18s %5s %6s %6s %6s  %-6s %-17s %7s", "config", "games",
	       "wins", "shared", "losses", "rate", "95% CI (Wilson)", "score");
	for (k = 0; k < ncat; k++) {
		char cb[12];
		printf(" %8s", category_name(first + k, cb, sizeof cb));
	}
	putchar('\n');
	for (k = 0; k < nspec; k++) {
		double p = cs[k].games ? cs[k].wins / cs[k].games : 0, lo, hi,
		       seats = cs[k].seats ? cs[k].seats : 1;
		int c;
		wilson(p, cs[k].games, &lo, &hi);
		printf("%-18s %5u %6u %6u %6u  %.3f  [%.3f, %.3f]  %7.1f",
		       cs[k].spec, cs[k].games, cs[k].sole, cs[k].shared,
		       cs[k].lost, p, lo, hi, cs[k].score / seats);
		for (c = 0; c < ncat; c++)
			printf(" %8.1f", cs[k].cat[c] / seats);
		putchar('\n');
	}
	return 0;
}
