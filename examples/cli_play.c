/*
 * `city-cli play` (docs/cli.md): the options, the seats (the AIs of
 * <city/ai.h> or a person, cli_ai.c), the game loop that prints the trace,
 * and the session of a human seat: its records carry a first comment line
 * saying how the game was played, which `play --resume FILE` reads to
 * continue it with the same seats. The prompt itself is cli_human.c.
 */
#define _POSIX_C_SOURCE 200809L /* fileno, strtok_r */

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <city/city.h>

#include "cli_ai.h"
#include "cli_file.h"
#include "cli_human.h"
#include "cli_moves.h"
#include "cli_play.h"
#include "cli_text.h"
#include "cli_trace.h"

#define EXIT_USAGE 1
#define EXIT_RECORD 2

#define usage_error cli_usage_error

/* An argument list being read: argv[i] is the next one. */
typedef struct args {
	int argc, i;
	char **argv;
} args;

/* Whether the next argument is the option `name`; if so it is consumed,
 * and for an option with a value (`value` not NULL) so is the value, which
 * *value receives. An option with a value at the end of the list is not
 * matched (the caller then reports it as incomplete). */
static int next_option(args *a, const char *name, const char **value)
{
	if (a->i >= a->argc || strcmp(a->argv[a->i], name) != 0)
		return 0;
	if (value) {
		if (a->i + 1 >= a->argc)
			return 0;
		*value = a->argv[a->i + 1];
		a->i += 2;
	} else {
		a->i++;
	}
	return 1;
}

/* Whether SPEC names an AI (not human). */
static int ai_spec_ok(const char *spec)
{
	char err[160];
	cli_seat probe;
	int ok = cli_seat_parse(&probe, spec, 0, err, sizeof err) == 0 &&
	         !probe.human;
	cli_seat_free(&probe);
	return ok;
}


/* The rule options `--rule` knows by name, with their values, for the
 * messages of a bad --rule (the library itself decides what it accepts:
 * a rule missing here but known to the library is still played). */
static const struct rule_info {
	const char *name;
	const char *values;
} rule_infos[] = {
	{"wall_trigger", "occupied|any"},
	{"first_round_guards", "yes|no"},
	{"returned_guard", "yes|no"},
	{"closing_tower", "yes|no"},
	{"end_gap", "0..20"},
#ifdef CITY_RULE_FARMERS
	{"farmers", "yes|no"},
#endif
#ifdef CITY_RULE_CAPTURE_OWN
	{"capture_own", "yes|no"},
#endif
#ifdef CITY_RULE_CAPTURE_TOP
	{"capture_top", "yes|no"},
#endif
#ifdef CITY_RULE_RANSOM_MIN
	{"ransom_min", "yes|no"},
#endif
#ifdef CITY_RULE_CAPTURE_GAPS
	{"capture_gaps", "yes|no"},
#endif
#ifdef CITY_RULE_TOWER_RANGE
	{"tower_range", "height|short"},
#endif
#ifdef CITY_RULE_CAPTURE_DIAGONAL
	{"capture_diagonal", "yes|no"},
#endif
#ifdef CITY_RULE_RANSOM
	{"ransom", "yes|no"},
#endif
};

#define RULE_INFO_COUNT (sizeof rule_infos / sizeof rule_infos[0])

/* `name (values), ...`: every rule known here. */
static void print_rule_names(FILE *f)
{
	size_t k;
	for (k = 0; k < RULE_INFO_COUNT; k++)
		fprintf(f, "%s%s (%s)", k ? ", " : "", rule_infos[k].name,
		        rule_infos[k].values);
}

/* A rule's values for a sentence: `a|b` read as `a or b`. */
static void print_rule_values(FILE *f, const char *values)
{
	for (; *values; values++)
		if (*values == '|')
			fputs(" or ", f);
		else
			fputc(*values, f);
}

/* Apply `--rule TEXT`; on failure say what is wrong (`end_gap=99: end_gap
 * must be 0..20`, `nosuch=1: unknown rule; rules are ...`). */
static int apply_rule(city_options *opts, const char *text)
{
	const char *eq;
	size_t k, n;
	if (city_options_parse_rule(opts, text) == CITY_OK)
		return 0;
	eq = strchr(text, '=');
	fprintf(stderr, "city-cli: --rule %s: ", text);
	if (!eq || eq == text) {
		fputs("expected name=value; rules are ", stderr);
		print_rule_names(stderr);
		fputc('\n', stderr);
		return EXIT_USAGE;
	}
	n = (size_t)(eq - text);
	for (k = 0; k < RULE_INFO_COUNT; k++)
		if (strlen(rule_infos[k].name) == n &&
		    strncmp(rule_infos[k].name, text, n) == 0) {
			fprintf(stderr, "%s must be ", rule_infos[k].name);
			print_rule_values(stderr, rule_infos[k].values);
			fputc('\n', stderr);
			return EXIT_USAGE;
		}
	fputs("unknown rule; rules are ", stderr);
	print_rule_names(stderr);
	fputc('\n', stderr);
	return EXIT_USAGE;
}


/* The hint AI without --hint-ai (docs/ai.md: a few tenths of a second a
 * move). */
#define HINT_DEFAULT "medium"

/* What `play` was asked for. */
typedef struct play_args {
	int players;
	uint64_t seed;
	const char *ai_spec;                  /* --ai SPEC */
	const char *seat_spec[CLI_MAX_SEATS]; /* --seat N=SPEC, or NULL */
	const char *record;                   /* --record FILE, or NULL */
	const char *tileset;                  /* --tileset FILE, or NULL */
	const char *players_arg;              /* --players as given */
	int carc;                             /* --game carcassonne */
	const char *resume;                   /* --resume FILE, or NULL */
	const char *hint_spec;                /* --hint-ai LEVEL, or NULL */
	int new_game_options;                 /* --game, --players, ... given */
	int seed_given, ai_given;
} play_args;

/* Read play's arguments into *pa and the rule options into opts; returns
 * 0 or an exit status (the error reported). */
static int parse_play_args(int argc, char **argv, play_args *pa,
                           city_options *opts)
{
	args a = {argc, 0, argv};
	const char *val = NULL;
	char err[160];
	uint64_t v;
	int rc;
	while (a.i < a.argc) {
		if (next_option(&a, "--game", &val)) {
			if (city_options_parse_game(opts, val) != CITY_OK)
				return usage_error("--game must be the-city or "
				                   "carcassonne, not",
				                   val);
			pa->carc = strcmp(val, "carcassonne") == 0;
			pa->new_game_options = 1;
		} else if (next_option(&a, "--expansion", &val)) {
			if (strcmp(val, "tower") != 0 ||
			    city_options_set_expansion(opts, CITY_EXPANSION_TOWER,
			                               1) != CITY_OK)
				return usage_error("--expansion must be tower (after "
				                   "--game carcassonne), not",
				                   val);
			pa->new_game_options = 1;
		} else if (next_option(&a, "--players", &val)) {
			if (cli_parse_number(val, 5, &v) || v < 2)
				return usage_error(
				        "--players must be 2, 3 or 4 (or 5 in "
				        "carcassonne), not",
				        val);
			pa->players = (int)v;
			pa->players_arg = val;
			pa->new_game_options = 1;
		} else if (next_option(&a, "--seed", &val)) {
			if (cli_parse_number(val, UINT64_MAX, &pa->seed))
				return usage_error("--seed must be a number "
				                   "0..2^64-1, not",
				                   val);
			pa->seed_given = 1;
		} else if (next_option(&a, "--ai", &val)) {
			if (!ai_spec_ok(val))
				return usage_error(
				        "--ai must be random, greedy, "
				        "mcts[:ITERATIONS[:THREADS]], easy, "
				        "medium or hard, not",
				        val);
			pa->ai_spec = val;
			pa->ai_given = 1;
		} else if (next_option(&a, "--hint-ai", &val)) {
			if (!ai_spec_ok(val))
				return usage_error(
				        "--hint-ai must be random, greedy, "
				        "mcts[:ITERATIONS[:THREADS]], easy, "
				        "medium or hard, not",
				        val);
			pa->hint_spec = val;
		} else if (next_option(&a, "--seat", &val)) {
			if (val[0] < '0' || val[0] > '4' || val[1] != '=')
				return usage_error("--seat must be N=SPEC with "
				                   "N 0..4, not",
				                   val);
			pa->seat_spec[val[0] - '0'] = val + 2;
		} else if (next_option(&a, "--record", &val)) {
			pa->record = val;
		} else if (next_option(&a, "--resume", &val)) {
			pa->resume = val;
		} else if (next_option(&a, "--tileset", &val)) {
			pa->tileset = val;
			pa->new_game_options = 1;
		} else if (next_option(&a, "--rule", &val)) {
			rc = apply_rule(opts, val);
			if (rc)
				return rc;
			pa->new_game_options = 1;
		} else {
			return usage_error("play: unknown or incomplete argument",
			                   a.argv[a.i]);
		}
	}
	(void)err;
	if (pa->resume && pa->new_game_options)
		return usage_error("play --resume: the record gives the game; "
		                   "--game, --expansion, --players, --tileset "
		                   "and --rule cannot change it:",
		                   pa->resume);
	if (pa->players > 4 && !pa->carc)
		return usage_error("--players must be 2, 3 or 4 in the-city, not",
		                   pa->players_arg);
	return 0;
}

/* The seats of a game: `shared` plays every seat without a --seat of its
 * own. Returns 0 or an exit status (the error reported). */
static int make_seats(const play_args *pa, cli_session *s)
{
	char err[160];
	int i;
	for (i = 0; i < CLI_MAX_SEATS; i++) {
		if (!pa->seat_spec[i])
			continue;
		if (i >= pa->players)
			return usage_error("--seat names a seat beyond --players:",
			                   pa->seat_spec[i] - 2);
		if (cli_seat_parse(&s->seats[i], pa->seat_spec[i],
		                   (pa->seed ^ CLI_PLAY_AI_SALT) + 1 + (uint64_t)i,
		                   err, sizeof err) != 0)
			return usage_error(err, NULL);
		s->has_seat[i] = 1;
	}
	if (cli_seat_parse(&s->shared, pa->ai_spec, pa->seed ^ CLI_PLAY_AI_SALT,
	                   err, sizeof err) != 0) {
		fputs("city-cli: out of memory\n", stderr);
		return EXIT_RECORD;
	}
	s->seed = pa->seed;
	s->hint_spec = pa->hint_spec ? pa->hint_spec : HINT_DEFAULT;
	return 0;
}

/* The seat that plays player p. */
static cli_seat *seat_of(cli_session *s, int p)
{
	return p >= 0 && p < CLI_MAX_SEATS && s->has_seat[p] ? &s->seats[p]
	                                                      : &s->shared;
}

static int has_human(const play_args *pa)
{
	int i;
	for (i = 0; i < pa->players && i < CLI_MAX_SEATS; i++)
		if (pa->seat_spec[i] && strncmp(pa->seat_spec[i], "human", 5) == 0)
			return 1;
	return 0;
}

/* The first line of a human game's records: the options that made its
 * players, so that `play --resume` plays on with the same seats (the
 * record's header gives the game itself). */
static void make_head(const play_args *pa, cli_session *s)
{
	size_t n = 0;
	int i;
	n += (size_t)snprintf(s->head, sizeof s->head,
	                      "# city-cli play --seed %llu --ai %s",
	                      (unsigned long long)pa->seed, pa->ai_spec);
	for (i = 0; i < pa->players && i < CLI_MAX_SEATS; i++)
		if (pa->seat_spec[i] && n < sizeof s->head)
			n += (size_t)snprintf(s->head + n, sizeof s->head - n,
			                      " --seat %d=%s", i, pa->seat_spec[i]);
	if (pa->hint_spec && n < sizeof s->head)
		n += (size_t)snprintf(s->head + n, sizeof s->head - n,
		                      " --hint-ai %s", pa->hint_spec);
	if (n + 2 < sizeof s->head) {
		s->head[n] = '\n';
		s->head[n + 1] = '\0';
	}
}

/* Read a record's `# city-cli play ...` line into pa (what the command
 * line did not give; a spec is kept in `keep`, which outlives pa's use). */
static int read_head(const char *text, play_args *pa, char *keep,
                     size_t cap)
{
	const char *line = strstr(text, "# city-cli play ");
	char *tok, *save = NULL;
	size_t len;
	int given[CLI_MAX_SEATS], i;
	if (!line)
		return 0;
	len = strcspn(line, "\n");
	if (len >= cap)
		return -1;
	memcpy(keep, line, len);
	keep[len] = '\0';
	for (i = 0; i < CLI_MAX_SEATS; i++)
		given[i] = pa->seat_spec[i] != NULL;
	strtok_r(keep, " ", &save); /* # */
	strtok_r(NULL, " ", &save); /* city-cli */
	strtok_r(NULL, " ", &save); /* play */
	while ((tok = strtok_r(NULL, " ", &save)) != NULL) {
		char *val = strtok_r(NULL, " ", &save);
		if (!val)
			return -1;
		if (strcmp(tok, "--seed") == 0) {
			uint64_t v;
			if (cli_parse_number(val, UINT64_MAX, &v))
				return -1;
			if (!pa->seed_given)
				pa->seed = v;
		} else if (strcmp(tok, "--ai") == 0) {
			if (!pa->ai_given)
				pa->ai_spec = val;
		} else if (strcmp(tok, "--hint-ai") == 0) {
			if (!pa->hint_spec)
				pa->hint_spec = val;
		} else if (strcmp(tok, "--seat") == 0 && val[0] >= '0' &&
		           val[0] <= '4' && val[1] == '=') {
			if (!given[val[0] - '0'])
				pa->seat_spec[val[0] - '0'] = val + 2;
		} else {
			return -1;
		}
	}
	return 0;
}

/* Play the game on until it ends or a human seat leaves (*quit), printing
 * the trace; returns a libcity status. */
static int play_game(cli_session *s, int *quit)
{
	char what[256];
	int rc = CITY_OK;
	*quit = 0;
	cli_print_new_events(s->game, &s->seen);
	while (city_game_decision(s->game) != CITY_DECISION_END) {
		city_move m;
		int p = city_game_player(s->game);
		cli_seat *seat = seat_of(s, p);
		if (seat->human) {
			rc = cli_human_turn(s, &m);
			if (rc == CLI_UNDONE)
				continue;
		} else {
			rc = city_ai_choose(seat->ai, s->game, &m);
			if (rc == CITY_OK && s->head[0] &&
			    m.kind != CITY_MOVE_PLACE) {
				/* a human watches: say what the AI chose */
				cli_describe_move(s->game, &m, 0, what, sizeof what);
				printf("   p%d chooses: %s\n", p, what);
			}
		}
		if (rc == CLI_QUIT) {
			*quit = 1;
			return CITY_OK;
		}
		if (rc != CITY_OK) {
			fprintf(stderr, "city-cli: no move for p%d: %s\n", p,
			        city_status_str(rc));
			return rc;
		}
		rc = cli_traced_move(s->game, &m, ++s->moves);
		if (rc != CITY_OK) {
			fprintf(stderr, "city-cli: move %zu rejected: %s\n",
			        s->moves, city_game_last_error(s->game));
			return rc;
		}
		cli_print_new_events(s->game, &s->seen);
	}
	return rc;
}

/* --resume: the record's game, replayed move by move so that every AI
 * seat answers the decisions it answered (its generator then stands where
 * it stood) and the human's decisions are marked for undo. */
static int resume_game(cli_session *s, const char *path, const char *text,
                       size_t len)
{
	city_game *loaded = NULL;
	char err[512];
	size_t applied = 0, i;
	int rc, n;
	err[0] = '\0';
	rc = city_game_load_ex(&loaded, &applied, text, len, 0, err,
	                       sizeof err);
	if (rc != CITY_OK) {
		cli_report_record_error(path, text, len, err);
		city_game_free(loaded);
		return EXIT_RECORD;
	}
	if (city_game_final_scored(loaded) == 1) {
		fprintf(stderr, "city-cli: %s: the game has ended\n", path);
		city_game_free(loaded);
		return EXIT_RECORD;
	}
	if (city_game_clone(&s->game, loaded) != CITY_OK ||
	    city_game_reset(s->game) != CITY_OK) {
		city_game_free(loaded);
		fputs("city-cli: out of memory\n", stderr);
		return EXIT_RECORD;
	}
	n = city_game_move_count(loaded);
	for (i = 0; n > 0 && i < (size_t)n; i++) {
		city_move m, ignored;
		cli_seat *seat = seat_of(s, city_game_player(s->game));
		rc = city_game_move(loaded, i, &m);
		if (rc == CITY_OK && seat->human)
			cli_human_mark(s);
		else if (rc == CITY_OK)
			rc = city_ai_choose(seat->ai, s->game, &ignored);
		if (rc == CITY_OK)
			rc = city_apply_move(s->game, &m);
		if (rc != CITY_OK) {
			fprintf(stderr, "city-cli: %s: move %zu: %s\n", path, i + 1,
			        city_status_str(rc));
			city_game_free(loaded);
			return EXIT_RECORD;
		}
	}
	city_game_free(loaded);
	s->moves = (size_t)n;
	s->seen = (size_t)city_game_event_count(s->game);
	return 0;
}

static void free_session(cli_session *s)
{
	int i;
	cli_seat_free(&s->shared);
	cli_seat_free(&s->hint);
	for (i = 0; i < CLI_MAX_SEATS; i++)
		cli_seat_free(&s->seats[i]);
	city_game_free(s->game);
}

/* A new game of the options (and --tileset). */
static int new_game(const play_args *pa, city_options *opts,
                    city_game **out)
{
	city_tileset *ts = NULL;
	int rc, status = 0;
	if (pa->tileset)
		status = cli_load_tileset(pa->tileset, &ts);
	if (status)
		return status;
	rc = city_options_set_players(opts, pa->players);
	if (rc == CITY_OK)
		rc = city_options_set_seed(opts, pa->seed);
	if (rc == CITY_OK && ts)
		rc = city_options_set_tileset(opts, ts);
	if (rc == CITY_OK)
		rc = city_game_new(out, opts);
	city_tileset_free(ts);
	if (rc != CITY_OK) {
		fprintf(stderr, "city-cli: cannot start a game: %s\n",
		        city_status_str(rc));
		return EXIT_RECORD;
	}
	return 0;
}

/* The game's end (or a human's leaving): the picture, the final lines and
 * the record. */
static int finish(cli_session *s, const play_args *pa, int quit, int rc)
{
	int status = 0;
	if (quit) {
		printf("unfinished");
		cli_print_scores(s->game);
		putchar('\n');
		fprintf(stderr, "city-cli: %s: the game stops after %zu moves\n",
		        s->left ? "quit" : "input ended", s->moves);
	} else if (rc == CITY_OK) {
		/* score first, so that the city shows the closed ring */
		rc = city_score_final(s->game);
		if (rc == CITY_OK)
			rc = s->head[0] ? cli_print_board(s->game, s->color, NULL, 0, 0)
			                : cli_print_city(s->game);
		if (rc == CITY_OK)
			rc = cli_print_final(s->game);
		if (rc == CITY_OK)
			cli_print_end_reasons(s->game);
	}
	if (rc != CITY_OK) {
		fprintf(stderr, "city-cli: %s\n", city_status_str(rc));
		status = EXIT_RECORD;
	}
	if (pa->record) {
		int wrc = cli_write_record(s->game, pa->record,
		                           s->head[0] ? s->head : NULL);
		if (wrc != CITY_OK) {
			fprintf(stderr, "city-cli: cannot write %s: %s\n",
			        pa->record,
			        wrc == CLI_WRITE_EIO ? strerror(errno ? errno : EIO)
			                             : city_status_str(wrc));
			if (!status)
				status = EXIT_USAGE;
		}
	}
	return status;
}

int cli_play(int argc, char **argv)
{
	city_options *opts = NULL;
	play_args pa;
	cli_session *s;
	char *text = NULL, keep[512];
	size_t len = 0;
	int rc, i, status = 0, quit = 0;

	memset(&pa, 0, sizeof pa);
	pa.players = 2;
	pa.ai_spec = "random";
	s = calloc(1, sizeof *s);
	if (s)
		s->saved_at = -1;
	if (!s || city_options_new(&opts) != CITY_OK) {
		free(s);
		fputs("city-cli: out of memory\n", stderr);
		return EXIT_RECORD;
	}
	status = parse_play_args(argc, argv, &pa, opts);
	if (!status && pa.resume) {
		if (cli_read_file_or_report(pa.resume, &text, &len) != 0)
			status = EXIT_USAGE;
		else if (read_head(text ? text : "", &pa, keep, sizeof keep) != 0)
			status = usage_error("play --resume: cannot read the "
			                     "`# city-cli play` line of",
			                     pa.resume);
		else
			pa.players = 5; /* checked by the record */
	}
	if (!status)
		status = make_seats(&pa, s);
	if (!status && pa.record && cli_check_writable(pa.record) != 0)
		status = EXIT_USAGE;
	if (!status && pa.resume)
		status = resume_game(s, pa.resume, text ? text : "", len);
	else if (!status)
		status = new_game(&pa, opts, &s->game);
	city_options_free(opts);
	if (!status && pa.resume) {
		pa.players = city_game_players(s->game);
		for (i = pa.players; i < CLI_MAX_SEATS; i++)
			if (pa.seat_spec[i])
				status = usage_error("--seat names a seat beyond the "
				                     "record's players:",
				                     pa.seat_spec[i]);
	}
	if (status) {
		free(text);
		free_session(s);
		free(s);
		return status;
	}
	s->record = pa.record;
	if (has_human(&pa)) {
		make_head(&pa, s);
		s->color = cli_color_wanted();
	}
	printf("game %splayers=%d seed=%llu ai=%s",
	       city_game_kind(s->game) == CITY_GAME_CARCASSONNE ? "carcassonne "
	                                                         : "",
	       pa.players, (unsigned long long)pa.seed, pa.ai_spec);
	for (i = 0; i < pa.players; i++)
		if (pa.seat_spec[i])
			printf(" seat%d=%s", i, pa.seat_spec[i]);
	if (pa.tileset)
		printf(" tileset=%s",
		       city_tileset_name(city_game_tileset(s->game)));
	if (pa.resume)
		printf(" resume=%s moves=%zu", pa.resume, s->moves);
	putchar('\n');
	rc = play_game(s, &quit);
	status = finish(s, &pa, quit, rc);
	free(text);
	free_session(s);
	free(s);
	return status;
}
