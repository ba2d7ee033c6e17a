/*
 * The AI side of city-cli (examples/cli_ai.c): seats (human or an AI of
 * the library), `city-cli hint` and `city-cli arena`. Public API only.
 */
#ifndef CITY_EXAMPLES_CLI_AI_H
#define CITY_EXAMPLES_CLI_AI_H

#include <stddef.h>
#include <stdint.h>

#include <city/city.h>

/* What a human seat's turn can return besides a libcity status
 * (cli_human.c): the human left (end of input or `quit`). */
#define CLI_QUIT 1

typedef struct cli_seat {
	int human;      /* 1: moves from standard input */
	city_ai *ai;    /* the AI of an AI seat (owned) */
	char spec[48];  /* as given: "human", "random", "mcts:2000", ... */
} cli_seat;

/* Parse a seat spec: human | random | greedy | mcts[:ITERATIONS[:THREADS]]
 * | easy | medium | hard. The AI gets `seed`. Returns 0, or -1 with a
 * reason in err. */
int cli_seat_parse(cli_seat *seat, const char *spec, uint64_t seed,
                   char *err, size_t errcap);
void cli_seat_free(cli_seat *seat);

/* The synopsis of `city-cli hint`, its two forms, for city-cli's usage and
 * hint's own: `lead1` and `lead2` start the forms, `pad` their second
 * lines (a string literal each). */
#define CLI_HINT_SYNOPSIS(lead1, lead2, pad)                               \
	lead1 "city-cli hint FILE [--game NAME [--expansion tower|river]] " \
	      "[--ai SPEC] [--seed S]\n"                                    \
	pad "[--top N] [--line N]\n"                                        \
	lead2 "city-cli hint [--game NAME [--expansion tower|river]] "      \
	      "[--rule name=value]...\n"                                    \
	pad "[--players P] [--game-seed G] [--ai SPEC] [--seed S] ...\n"

/* `city-cli hint FILE [options]` and `city-cli arena [options] SPEC...`:
 * exit statuses as city-cli's. */
int cli_hint(int argc, char **argv);
int cli_arena(int argc, char **argv);

#endif /* CITY_EXAMPLES_CLI_AI_H */
