/*
 * render_piece.h: the pieces on the board of the SVG — followers as
 * meeples by role, The City's wall, gate, guards and towers, The Tower's
 * towers — and where a wall piece lies.
 */
#ifndef CITY_RENDER_PIECE_H
#define CITY_RENDER_PIECE_H

#include "city/city.h"
#include "render_svg.h"

/* A meeple of `player` standing (lying: a farmer) at (x, y) in the
 * silhouette of its role (CITY_ROLE_*); `cls` is its class attribute
 * (NULL: "guard" for a guard, else "follower"; the legend's own). */
void piece_meeple(svgw *s, int x, int y, int player, int role,
                   const char *cls);

/* The outer rectangle of the wall piece on `side` of the cell at
 * (ox, oy), and its middle. */
void piece_rect(int ox, int oy, int side, int *x, int *y, int *w,
                       int *h);
pt piece_mid(int ox, int oy, int side);

/* Where The City's tower at `end` of the piece on `side` stands. */
pt piece_wall_tower_spot(int ox, int oy, int side, int end);

void piece_wall(svgw *s, const city_game *g, const frame *f);
void piece_tower_stacks(svgw *s, const city_game *g, const frame *f);
void piece_followers(svgw *s, const city_game *g, const city_tileset *ts,
                      const frame *f);

#endif /* CITY_RENDER_PIECE_H */
