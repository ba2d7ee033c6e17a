/*
 * cli_play.h: `city-cli play` (cli_play.c) and its session, which the
 * human prompt (cli_human.c) works on.
 */
#ifndef CITY_CLI_PLAY_H
#define CITY_CLI_PLAY_H

#include <stddef.h>
#include <stdint.h>

#include <city/city.h>

#include "cli_ai.h"

#define CLI_MAX_SEATS 5 /* Carcassonne takes 5 players */

/* The players' generators: the AI of --ai (shared by the seats it plays,
 * seeded with seed ^ 0x5DEECE66D so that it differs from the draw order's;
 * a random AI then plays exactly as city-cli's own generator did), one AI
 * per --seat, seeded with that value + 1 + the seat, and the hint AI of a
 * human seat with that value + CLI_HINT_SEED_OFFSET. */
#define CLI_PLAY_AI_SALT 0x5DEECE66Du
#define CLI_HINT_SEED_OFFSET 100u

/* What a human turn can return besides CITY_OK and CLI_QUIT: the game
 * was taken back to an earlier decision (`undo`). */
#define CLI_UNDONE 2

/* A game being played. */
typedef struct cli_session {
	city_game *game;
	cli_seat shared;                  /* --ai: every seat without --seat */
	cli_seat seats[CLI_MAX_SEATS];    /* --seat N=SPEC */
	int has_seat[CLI_MAX_SEATS];
	cli_seat hint;                    /* --hint-ai, made at the first hint */
	const char *hint_spec;
	uint64_t seed;                    /* --seed: the players' seeds */
	const char *record;               /* --record FILE, or NULL */
	char head[512];                   /* the record's first line: how to
	                                     resume (`# city-cli play ...`) */
	size_t moves;                     /* moves traced (the trace's n) */
	size_t seen;                      /* events printed */
	int color;                        /* stdout a terminal, no NO_COLOR */
	int legend_shown;
	int saved_at;                     /* moves when last saved, or -1 */
	int left;                         /* the human said quit */
	size_t marks[1024];               /* move counts of the human's
	                                     decisions, for undo */
	size_t nmarks;
} cli_session;

/* `city-cli play [options]`: exit status as city-cli's. */
int cli_play(int argc, char **argv);

/* The usage error of city-cli (city-cli.c): `city-cli: WHAT "ARG"`, the
 * usage; returns the exit status 1. */
int cli_usage_error(const char *what, const char *arg);

#endif /* CITY_CLI_PLAY_H */
