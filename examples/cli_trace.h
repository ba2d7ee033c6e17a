/*
 * cli_trace.h: the trace lines of record.md and the event lines of `play`
 * (cli_trace.c), shared by play and replay.
 */
#ifndef CITY_CLI_TRACE_H
#define CITY_CLI_TRACE_H

#include <stddef.h>

#include <city/city.h>

/* ` S0 S1 ...`: every player's score. */
void cli_print_scores(const city_game *g);

/* The word of a decision (`tile`, `follower`, ...), "?" when unknown. */
const char *cli_decision_name(int decision);

/* Apply one move and print its trace line `<n> p<player> <decision>
 * legal=<count> <move> | <scores>`: a libcity status. */
int cli_traced_move(city_game *g, const city_move *m, size_t n);

/* Final scoring and the `final`, `detail` and `winners` lines. */
int cli_print_final(city_game *g);

/* `ended REASONS`. */
void cli_print_end_reasons(const city_game *g);

/* The event lines (discards, captures, exchanges, ransoms) of the events
 * logged since *seen, which it advances. */
void cli_print_new_events(const city_game *g, size_t *seen);

#endif /* CITY_CLI_TRACE_H */
