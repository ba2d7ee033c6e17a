/*
 * city-cli: play, replay and show games of Carcassonne: The City from the
 * command line, using the public libcity API only (docs/cli.md, city-cli(1)).
 *
 *   city-cli play [--game NAME [--expansion tower|river]] [--players N]
 *                 [--seed S] [--ai SPEC] [--seat N=SPEC]...
 *                 [--record FILE] [--tileset FILE] [--rule name=value]...
 *                 [--hint-ai SPEC]
 *   city-cli play --resume FILE [--seat N=SPEC]... [--ai SPEC]
 *                 [--record FILE] [--hint-ai SPEC]
 *   city-cli replay FILE [--trace] [--game NAME]
 *   city-cli show FILE [--svg OUT.svg [--legal] [--legend] [--no-strip]
 *                      | --board] [--tiles]
 *                 [--game NAME]
 *   city-cli check-tiles FILE
 *   city-cli hint FILE [--game NAME [--expansion tower|river]] [--ai SPEC]
 *                 [--seed S] [--top N] [--line N]
 *   city-cli hint [--game NAME [--expansion tower|river]]
 *                 [--rule name=value]...
 *                 [--players P] [--game-seed G] [--ai SPEC] [--seed S] ...
 *   city-cli arena [--game NAME [--expansion tower|river]] [--games N]
 *                  [--players P] [--seed S] [--rule name=value]...
 *                  [--quiet] SPEC SPEC...
 *   city-cli --version | --help
 *
 * SPEC: human (play only), random, greedy, mcts[:ITERATIONS[:THREADS]],
 * easy, medium, hard: the AIs of the library (<city/ai.h>, docs/ai.md).
 *
 * Each subcommand is one function of the table `commands` (main()
 * dispatches on it): replay, show and check-tiles here; play in
 * cli_play.c (its human prompt in cli_human.c, the options said in words
 * in cli_moves.c); the seats, hint and arena in cli_ai.c; show --svg in
 * cli_svg.c. The trace lines are cli_trace.c's, the city as text
 * cli_text.c's, files and records cli_file.c's. Diagnostics go
 * to stderr: `FILE:LINE:COL: message` for an error in a file, `city-cli:
 * message` otherwise.
 *
 * Exit status: 0 success, 1 usage or I/O error, 2 a record, a tile set (or
 * a game) with an error.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "cli_ai.h"
#include "cli_file.h"
#include "cli_play.h"
#include "cli_svg.h"
#include "cli_text.h"
#include "cli_trace.h"

#define EXIT_USAGE 1
#define EXIT_RECORD 2

#define usage_error cli_usage_error

static void usage(FILE *f)
{
	fputs("usage:\n"
	      "  city-cli play [--game NAME [--expansion tower|river]] "
	      "[--players N]\n"
	      "                [--seed S] [--ai SPEC]\n"
	      "                [--seat N=SPEC]... [--record FILE]\n"
	      "                [--tileset FILE] [--rule name=value]...\n"
	      "                [--hint-ai SPEC]\n"
	      "  city-cli play --resume FILE [--seat N=SPEC]... [--ai SPEC]\n"
	      "                [--record FILE] [--hint-ai SPEC]\n"
	      "  city-cli replay FILE [--trace] [--game NAME]\n"
	      "  city-cli show FILE [--svg OUT.svg [--legal] [--legend] "
	      "[--no-strip] | --board]\n"
	      "                     "
	      "[--tiles] [--game NAME]\n"
	      "  city-cli check-tiles FILE\n"
	      CLI_HINT_SYNOPSIS("  ", "  ", "                ")
	      "  city-cli arena [--game NAME [--expansion tower|river]] "
	      "[--games N] [--players P]\n"
	      "                 [--seed S] [--rule name=value]... [--quiet] "
	      "SPEC SPEC...\n"
	      "  city-cli --version | --help\n"
	      "  SPEC: human (play only), random, greedy,\n"
	      "        mcts[:ITERATIONS[:THREADS]], easy, medium, hard\n"
	      "  NAME: the-city (the default) or carcassonne\n",
	      f);
}

/* Report a usage error: `what`, then the offending argument quoted (when
 * not NULL), then the usage. */
int cli_usage_error(const char *what, const char *arg)
{
	if (arg)
		fprintf(stderr, "city-cli: %s \"%s\"\n", what, arg);
	else
		fprintf(stderr, "city-cli: %s\n", what);
	usage(stderr);
	return EXIT_USAGE;
}

/* Whether argv[i] is an option (starts with '-' and is not "-"). */
static int is_option(const char *s)
{
	return s[0] == '-' && s[1] != '\0';
}

/* ------------------------------------------------------------------------
 * replay and show
 */

/* Print a load error as a trace's last line. */
static void print_load_error(const char *err)
{
	if (strncmp(err, "line ", 5) == 0 || strncmp(err, "move ", 5) == 0)
		printf("error %s\n", err);
	else
		printf("error line 0: %s\n", err);
}

/* The game a `--game NAME` names (CITY_GAME_*), or -1. */
static int game_named(const char *name)
{
	if (strcmp(name, "the-city") == 0)
		return CITY_GAME_THE_CITY;
	if (strcmp(name, "carcassonne") == 0)
		return CITY_GAME_CARCASSONNE;
	return -1;
}

/* Take `--game NAME` out of argv (wherever it is) into *want (-1 when
 * absent); returns 0 or an exit status. */
static int take_game_arg(int *argc, char **argv, int *want)
{
	int k;
	*want = -1;
	for (k = 0; k + 1 < *argc; k++) {
		if (strcmp(argv[k], "--game") != 0)
			continue;
		if ((*want = game_named(argv[k + 1])) < 0)
			return usage_error("--game must be the-city or "
			                   "carcassonne, not",
			                   argv[k + 1]);
		memmove(&argv[k], &argv[k + 2],
		        (size_t)(*argc - k - 2) * sizeof *argv);
		*argc -= 2;
		return 0;
	}
	return 0;
}

/* Whether a loaded game is the game the command line asked for (want <
 * 0: any); a record of another game is an error of its line 1. */
static int game_expected(const city_game *g, int want)
{
	const char *name =
	    want == CITY_GAME_CARCASSONNE ? "carcassonne" : "the-city";
	if (want < 0 || city_game_kind(g) == want)
		return 1;
	printf("error line 1: the record is not a %s game (its header has "
	       "no `game %s` line)\n",
	       name, name);
	return 0;
}

/* Read the one FILE argument of replay/show, allowing the flags given
 * (NULL-terminated; each sets its int); returns 0 or an exit status. */
static int one_file_arg(const char *cmd, int argc, char **argv,
                        const char *const *flags, int *flag_set,
                        const char **path)
{
	int k, f;
	char what[64];
	*path = NULL;
	for (k = 0; k < argc; k++) {
		int matched = 0;
		for (f = 0; flags && flags[f]; f++)
			if (strcmp(argv[k], flags[f]) == 0) {
				flag_set[f] = 1;
				matched = 1;
			}
		if (matched)
			continue;
		if (is_option(argv[k])) {
			snprintf(what, sizeof what, "%s: unknown option", cmd);
			return usage_error(what, argv[k]);
		}
		if (*path) {
			snprintf(what, sizeof what, "%s: one FILE only, not also",
			         cmd);
			return usage_error(what, argv[k]);
		}
		*path = argv[k];
	}
	if (!*path) {
		snprintf(what, sizeof what, "%s: missing FILE", cmd);
		return usage_error(what, NULL);
	}
	return 0;
}

/* The record FILE of replay/show, loaded as far as it is valid
 * (CITY_LOAD_PREFIX), with what the reports of its errors need. */
typedef struct record_file {
	const char *path;
	char *text; /* the file (heap) */
	size_t len, applied;
	city_game *g;  /* NULL when not even its header loads */
	int rc;        /* the load's status */
	char err[512]; /* and its reason */
} record_file;

/* Read the one FILE argument (as one_file_arg) and load it into *r;
 * returns 0 (the caller frees r->text and r->g) or an exit status. */
static int load_file_arg(const char *cmd, int argc, char **argv,
                         const char *const *flags, int *flag_set,
                         record_file *r)
{
	int status;
	memset(r, 0, sizeof *r);
	status = one_file_arg(cmd, argc, argv, flags, flag_set, &r->path);
	if (status)
		return status;
	if (cli_read_file_or_report(r->path, &r->text, &r->len) != 0)
		return EXIT_USAGE;
	r->rc = city_game_load_ex(&r->g, &r->applied, r->text, r->len,
	                          CITY_LOAD_PREFIX, r->err, sizeof r->err);
	return 0;
}

static int cmd_replay(int argc, char **argv)
{
	static const char *const flags[] = {"--trace", NULL};
	int flag_set[1] = {0};
	record_file f;
	size_t i;
	city_game *g, *r = NULL;
	int status, nmoves, want;
	status = take_game_arg(&argc, argv, &want);
	if (status)
		return status;
	/* --trace: the output is the trace either way */
	status = load_file_arg("replay", argc, argv, flags, flag_set, &f);
	if (status)
		return status;
	g = f.g;
	if (!g) {
		print_load_error(f.err);
		cli_report_record_error(f.path, f.text, f.len, f.err);
		free(f.text);
		return EXIT_RECORD;
	}
	if (!game_expected(g, want)) {
		city_game_free(g);
		free(f.text);
		return EXIT_RECORD;
	}
	/* Replay from the start so that each line shows the state before its
	 * move (player, decision, legal count). */
	if (city_game_clone(&r, g) != CITY_OK ||
	    city_game_reset(r) != CITY_OK) {
		fputs("city-cli: out of memory\n", stderr);
		city_game_free(r);
		city_game_free(g);
		free(f.text);
		return EXIT_RECORD;
	}
	nmoves = city_game_move_count(g);
	for (i = 0; nmoves > 0 && i < (size_t)nmoves; i++) {
		city_move m;
		int mrc = city_game_move(g, i, &m);
		if (mrc == CITY_OK)
			mrc = cli_traced_move(r, &m, i + 1);
		if (mrc != CITY_OK) {
			snprintf(f.err, sizeof f.err, "move %zu: %s", i + 1,
			         city_game_last_error(r));
			printf("error %s\n", f.err);
			cli_report_record_error(f.path, f.text, f.len, f.err);
			status = EXIT_RECORD;
			break;
		}
	}
	if (!status && f.rc != CITY_OK) {
		print_load_error(f.err);
		cli_report_record_error(f.path, f.text, f.len, f.err);
		status = EXIT_RECORD;
	} else if (!status && city_game_decision(r) == CITY_DECISION_END) {
		if (cli_print_final(r) != CITY_OK) {
			printf("error line 0: final scoring failed\n");
			fprintf(stderr, "%s: final scoring failed\n", f.path);
			status = EXIT_RECORD;
		}
	} else if (!status) {
		printf("unfinished");
		cli_print_scores(r);
		putchar('\n');
	}
	free(f.text);
	city_game_free(r);
	city_game_free(g);
	return status;
}

/* Whether argv holds `flag`, which is then taken out of it. */
static int take_flag(int *argc, char **argv, const char *flag)
{
	int k;
	for (k = 0; k < *argc; k++)
		if (strcmp(argv[k], flag) == 0) {
			memmove(&argv[k], &argv[k + 1],
			        (size_t)(*argc - k - 1) * sizeof *argv);
			(*argc)--;
			return 1;
		}
	return 0;
}

static int cmd_show(int argc, char **argv)
{
	record_file f;
	city_game *g;
	int rc, status, ended, p, np, want, board, tiles;
	status = take_game_arg(&argc, argv, &want);
	if (status)
		return status;
	board = take_flag(&argc, argv, "--board");
	tiles = take_flag(&argc, argv, "--tiles");
	if (argc > 1 && (board || tiles))
		return usage_error(board ? "show: --board is the text picture; it "
		                           "takes no other option than --game, not"
		                         : "show: --tiles goes with the text "
		                           "picture; it takes no other option "
		                           "than --board and --game, not",
		                   argv[argc - 1]);
	if (argc > 1)
		return cli_show_svg(argc, argv); /* show FILE --svg: cli_svg.c */
	status = load_file_arg("show", argc, argv, NULL, NULL, &f);
	if (status)
		return status;
	g = f.g;
	if (!g || f.rc != CITY_OK)
		cli_report_record_error(f.path, f.text, f.len, f.err);
	free(f.text);
	if (!g)
		return EXIT_RECORD;
	if (!game_expected(g, want)) {
		city_game_free(g);
		return EXIT_RECORD;
	}
	if (f.rc != CITY_OK) {
		fprintf(stderr, "%s: showing the city after %zu moves\n",
		        f.path, f.applied);
		status = EXIT_RECORD;
	}
	/* A finished game is shown scored: the final scores, the ring closed
	 * by the final walls, the breakdown and the winners. */
	ended = city_game_decision(g) == CITY_DECISION_END;
	if (ended && city_score_final(g) != CITY_OK) {
		fprintf(stderr, "%s: final scoring failed\n", f.path);
		city_game_free(g);
		return EXIT_RECORD;
	}
	np = city_game_players(g);
	printf("moves %d, tiles %d, %s", city_game_move_count(g),
	       city_game_tile_count(g), ended ? "ended" : "next: ");
	if (!ended)
		printf("p%d %s", city_game_player(g),
		       cli_decision_name(city_game_decision(g)));
	printf(", %s", ended ? "final scores" : "scores");
	for (p = 0; p < np; p++)
		printf(" p%d=%d", p, city_game_score(g, p));
	putchar('\n');
	/* --board: the play board of the human prompt, its legend after */
	rc = board ? cli_print_board(g, cli_color_wanted(), NULL, 0, 0)
	           : cli_print_city(g);
	if (rc != CITY_OK && !status)
		status = EXIT_RECORD;
	if (board)
		cli_print_board_legend(g);
	if (tiles)
		cli_print_tiles_left(g, cli_color_wanted());
	if (ended) {
		if (cli_print_final(g) != CITY_OK && !status)
			status = EXIT_RECORD;
		cli_print_end_reasons(g);
	}
	city_game_free(g);
	return status;
}

/* ------------------------------------------------------------------------
 * check-tiles
 */

static int cmd_check_tiles(int argc, char **argv)
{
	const char *path = NULL;
	city_tileset *ts = NULL;
	int status = one_file_arg("check-tiles", argc, argv, NULL, NULL, &path);
	if (status)
		return status;
	status = cli_load_tileset(path, &ts);
	if (status)
		return status;
	printf("%s: tile set %s: %u designs, %u tiles\n", path,
	       city_tileset_name(ts), city_tileset_design_count(ts),
	       city_tileset_tile_count(ts));
	city_tileset_free(ts);
	return 0;
}

/* ------------------------------------------------------------------------
 * main
 */

static int cmd_help(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	usage(stdout);
	return 0;
}

static int cmd_version(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	printf("city-cli (libcity) %s\n", city_version_string());
	return 0;
}

/* The subcommands: name and function, called with the arguments after the
 * name. */
static const struct command {
	const char *name;
	int (*run)(int argc, char **argv);
} commands[] = {
	{"play", cli_play},   /* cli_play.c */
	{"replay", cmd_replay},
	{"show", cmd_show},
	{"check-tiles", cmd_check_tiles},
	{"hint", cli_hint},   /* cli_ai.c */
	{"arena", cli_arena}, /* cli_ai.c */
	{"help", cmd_help},
	{"--help", cmd_help},
	{"-h", cmd_help},
	{"--version", cmd_version},
};

int main(int argc, char **argv)
{
	size_t k;
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	for (k = 0; k < sizeof commands / sizeof commands[0]; k++)
		if (strcmp(argv[1], commands[k].name) == 0)
			return commands[k].run(argc - 2, argv + 2);
	return usage_error("unknown command", argv[1]);
}
