/*
 * render_overlay.h: the legal-move overlay of the SVG (CITY_SVG_LEGAL):
 * one mark per move of the current decision that has a place on the
 * board, each carrying its move text in data-move (docs/render.md).
 */
#ifndef CITY_RENDER_OVERLAY_H
#define CITY_RENDER_OVERLAY_H

#include "city/city.h"
#include "render_svg.h"

/* Returns CITY_OK or CITY_ENOMEM (the move list or a probe's copy). */
int overlay_legal(svgw *s, const city_game *g, const city_tileset *ts,
                 const frame *f);

#endif /* CITY_RENDER_OVERLAY_H */
