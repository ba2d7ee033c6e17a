/*
 * render_svg.c: the SVG text writer and the board's frame (render_svg.h).
 */
#include <stdarg.h>
#include <stdio.h>

#include "render_svg.h"

void svg_out(svgw *s, const char *fmt, ...)
{
	va_list ap;
	int n;
	char *dst = NULL;
	size_t room = 0;
	if (s->buf && s->len < s->cap) {
		dst = s->buf + s->len;
		room = s->cap - s->len;
	}
	va_start(ap, fmt);
	n = vsnprintf(dst, room, fmt, ap);
	va_end(ap);
	if (n > 0)
		s->len += (size_t)n;
}

int svg_cell_x(const frame *f, int32_t x)
{
	return f->off_x + (int)((int64_t)(x - f->min_x + 1) * RENDER_CELL);
}

int svg_cell_y(const frame *f, int32_t y)
{
	return (int)((int64_t)(y - f->min_y + 1) * RENDER_CELL);
}

int svg_isqrt(int v)
{
	int r = 0;
	if (v <= 0)
		return 0;
	while ((r + 1) * (r + 1) <= v)
		r++;
	return r;
}
