/*
 * render_svg.h: what every part of the SVG renderer shares — the text
 * writer (the size-query contract of city_game_svg), points, the board's
 * frame (cell to user units) and integer helpers. Everything is integer
 * arithmetic so the same state gives the same bytes on every platform.
 */
#ifndef CITY_RENDER_SVG_H
#define CITY_RENDER_SVG_H

#include <stddef.h>
#include <stdint.h>

/* One cell, in SVG user units (divisible by 2, 3, 4, 6, 8, 12, 16). */
#define RENDER_CELL 96
/* Thickness of a wall piece. */
#define RENDER_WALL 12

/* The text being written: counts what does not fit (the size query). */
typedef struct svgw {
	char *buf;
	size_t cap;
	size_t len;
} svgw;

typedef struct pt {
	int x, y;
} pt;

/* The board's placement: cell (min_x, min_y) is one cell in from the
 * corner; off_x centres the board over a wider strip. */
typedef struct frame {
	int32_t min_x, min_y;
	int off_x;
} frame;

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
void svg_out(svgw *s, const char *fmt, ...);

int svg_cell_x(const frame *f, int32_t x);
int svg_cell_y(const frame *f, int32_t y);

/* floor(sqrt(v)) for v >= 0. */
int svg_isqrt(int v);

#endif /* CITY_RENDER_SVG_H */
