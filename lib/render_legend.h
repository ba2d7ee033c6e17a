/*
 * render_legend.h: the legend of the SVG (CITY_SVG_LEGEND): what each
 * feature, piece and overlay mark of the game's picture means.
 */
#ifndef CITY_RENDER_LEGEND_H
#define CITY_RENDER_LEGEND_H

#include "city/city.h"
#include "render_svg.h"

/* The legend's height for a picture `w` wide (0 without the flag). */
int legend_height(const city_game *g, int w);

/* The legend as a band from y0 down, `w` wide. */
void legend_draw(svgw *s, const city_game *g, int y0, int w);

#endif /* CITY_RENDER_LEGEND_H */
