/*
 * cli_human.h: the prompt of a human seat in `city-cli play`
 * (cli_human.c, docs/cli.md "Playing in the terminal").
 */
#ifndef CITY_CLI_HUMAN_H
#define CITY_CLI_HUMAN_H

#include <city/city.h>

#include "cli_play.h"

/* The human's move for the current decision of s->game: CITY_OK (*out a
 * legal move), CLI_QUIT (end of input, or `quit` confirmed), CLI_UNDONE
 * (`undo` took the game back: ask the loop again) or a libcity status.
 * Shows the board, the tile in hand and the options, and answers the
 * commands (help, hint, undo, save, board, scores, tiles, moves, quit). */
int cli_human_turn(cli_session *s, city_move *out);

/* Note that the human decides at the current position (for undo). */
void cli_human_mark(cli_session *s);

#endif /* CITY_CLI_HUMAN_H */
