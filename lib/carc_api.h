/*
 * The public calls of a Carcassonne game (carc_api.c): the façade sends a
 * call here when game_carc() says the game is one, before touching The
 * City's state. Arguments are already checked for NULL by the façade.
 */
#ifndef CITY_LIB_CARC_API_H
#define CITY_LIB_CARC_API_H

#include <stddef.h>
#include <stdint.h>

#include "city/city.h"
#include "handle.h"
#include "options.h"

/* game_carc(), whether a handle is a Carcassonne game: handle.h. */

int carc_api_new(city_game **out, const city_options *o);
int carc_api_clone(city_game **out, const city_game *game);
int carc_api_copy(city_game *dst, const city_game *src);
int carc_api_undo(city_game *g);
int carc_api_reset(city_game *g);
int carc_api_place_tile(city_game *g, int32_t x, int32_t y, int rotation);
int carc_api_place_follower(city_game *g, char part);
int carc_api_pass(city_game *g);
int carc_api_no_decision(city_game *g, const char *what);
int carc_api_apply_move(city_game *g, const city_move *m);
int carc_api_legal_moves(const city_game *g, city_move *out, size_t cap,
                         size_t *count);
int carc_api_score_final(city_game *g);
int carc_api_decision(const city_game *g);
int carc_api_player(const city_game *g);
int carc_api_players(const city_game *g);
int carc_api_current_tile(const city_game *g, int *design, int *stack);
int carc_api_tiles_left(const city_game *g, int stack);
int carc_api_tile_count(const city_game *g);
int carc_api_placed_tile(const city_game *g, size_t index, int32_t *x,
                         int32_t *y, int *design, int *rotation);
int carc_api_tile_at(const city_game *g, int32_t x, int32_t y, int *design,
                     int *rotation);
int carc_api_cell(const city_game *g, int32_t x, int32_t y);
int carc_api_bounds(const city_game *g, int32_t *min_x, int32_t *min_y,
                    int32_t *max_x, int32_t *max_y);
int carc_api_feature_kind(const city_game *g, int32_t x, int32_t y, char part);
int carc_api_feature_tiles(const city_game *g, int32_t x, int32_t y,
                           char part);
int carc_api_rule(const city_game *g, int rule);
int carc_api_expansions(const city_game *g);
int carc_api_tower(const city_game *g, int32_t x, int32_t y, int *height,
                   int *top);
int carc_api_prisoners(const city_game *g, int holder, int owner);
int carc_api_floors(const city_game *g, int player);
int carc_api_feature_market_kinds(const city_game *g, int32_t x, int32_t y,
                                  char part);
int carc_api_feature_coats(const city_game *g, int32_t x, int32_t y,
                           char part);
int carc_api_feature_complete(const city_game *g, int32_t x, int32_t y,
                              char part);
int carc_api_feature_followers(const city_game *g, int32_t x, int32_t y,
                               char part, int player);
int carc_api_feature_same(const city_game *g, int32_t x1, int32_t y1,
                          char part1, int32_t x2, int32_t y2, char part2);
int carc_api_follower_count(const city_game *g);
int carc_api_follower(const city_game *g, size_t index, int *player, int *role,
                      int32_t *x, int32_t *y, char *part);
int carc_api_supply(const city_game *g, int player, int *followers,
                    int *towers);
int carc_api_score(const city_game *g, int player);
int carc_api_score_detail(const city_game *g, int player, int category);
int carc_api_winners(const city_game *g, unsigned *mask);
int carc_api_end_reasons(const city_game *g);
int carc_api_final_scored(const city_game *g);
int carc_api_event_count(const city_game *g);
int carc_api_event(const city_game *g, size_t index, city_event *out);
int carc_api_move_count(const city_game *g);
int carc_api_move(const city_game *g, size_t index, city_move *out);

#endif /* CITY_LIB_CARC_API_H */
