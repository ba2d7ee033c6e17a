/*
 * cli_text.h: the city as text (cli_text.c): the classic picture of `show`
 * and the play board, the tile in hand and a placed tile's parts of the
 * human prompt (docs/cli.md).
 */
#ifndef CITY_CLI_TEXT_H
#define CITY_CLI_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include <city/city.h>

/* The classic picture (5x3 blocks), its legend and, with The Tower, the
 * towers, floors and prisoners: what `show` and `play` print. A libcity
 * status. */
int cli_print_city(const city_game *g);

/* The play board (7x3 blocks, followers at their part's place), headed by
 * the game and its expansion, with the cells of `fits` (placements of the
 * tile in hand, may repeat) marked; in colour when `color`; at most
 * `width` characters wide (0: no limit), the columns with the most cells
 * of `fits` kept. With The Tower, the towers, floors and prisoners
 * follow. A libcity status. */
int cli_print_board(const city_game *g, int color, const city_move *fits,
                    size_t nfits, int width);

/* The play board's legend for the game. */
void cli_print_board_legend(const city_game *g);

/* The tile in hand (a design id) in each rotation r with fits[r] > 0,
 * side by side. A libcity status. */
int cli_print_hand(const city_game *g, int design, const int fits[4],
                   int color);

/* Designs (ids) side by side, each in its rotation (rotations NULL: 0)
 * under its label (at most 10 characters). A libcity status. */
int cli_print_designs(const city_game *g, const int *designs,
                      const int *rotations, const char *const *labels,
                      size_t n, int color);

/* The placed tile at (x, y) with the parts listed in `parts` (letters,
 * digits, 'm') named at their places. A libcity status. */
int cli_print_parts(const city_game *g, int32_t x, int32_t y,
                    const char *parts, int color);

/* The letter of a follower role on the play board (c s w g t k m f T). */
char cli_role_letter(int role);

/* The escape sequence of a player's colour, or "" (color 0 or no such
 * player); cli_color_reset() ends it. */
const char *cli_player_color(int player, int color);
const char *cli_color_reset(int color);

/* Whether to draw in colour: standard output is a terminal and NO_COLOR
 * is unset or empty (https://no-color.org). */
/* Every design left to draw and its count, drawn (`tiles`, show --tiles). */
void cli_print_tiles_left(const city_game *g, int color);
int cli_color_wanted(void);

#endif /* CITY_CLI_TEXT_H */
