/*
 * render_tile.h: one tile of the SVG drawn from its design (regions,
 * streets and roads, buildings, monastery, coats of arms, foundation), and
 * where a follower stands on each of its parts.
 */
#ifndef CITY_RENDER_TILE_H
#define CITY_RENDER_TILE_H

#include "city/city.h"
#include "render_svg.h"

/* Follower spots: regions 'a'..'h' (0..7), streets '1'..'9' (8..16), the
 * monastery 'm' (17), the tower 't' (18). */
#define RENDER_PARTS 19

/* What a placed tile shows. */
typedef struct tileview {
	int design;
	char half[8];   /* region letter of each half side, clockwise */
	char street[4]; /* street digit of each side, '-' none */
	int kind[8];    /* by letter - 'a'; -1 when not a region */
	unsigned markets[8];
	int on_side[8]; /* the region shows on some side */
	int coat[8];    /* Carcassonne: the city region has a coat of arms */
	int monastery;  /* Carcassonne: a monastery (part 'm') */
	int foundation; /* The Tower: a tower foundation (part 't') */
	int has_spot[RENDER_PARTS];
	pt spot[RENDER_PARTS]; /* tile-relative, spread apart (render_tile.c) */
} tileview;

/* The least distance between two follower spots of one tile. */
#define RENDER_SPOT_GAP 26
/* The radius of a follower spot of the overlay (2 * R < GAP: spots never
 * overlap). */
#define RENDER_SPOT_R 9

/* Fill `v` for design id `id` (as the game's queries give it) turned by
 * `rotation`. Returns CITY_OK or CITY_EINVAL. */
int rtile_view(const city_tileset *ts, int id, int rotation, tileview *v);

/* The tile with its corner at (ox, oy). */
void rtile_draw(svgw *s, const city_tileset *ts, const tileview *v,
                      int ox, int oy);

/* Where a follower on `part` stands; the centre for an unknown part. */
pt rtile_part_anchor(const tileview *v, char part, int ox, int oy);

/* The path data of `part` (a region's shape or a street's line), for the
 * overlay's highlights. Returns 1 for a region (fill it), 2 for a street
 * (stroke it), 0 when the part has no shape on a side (a disc then). */
int rtile_part_path(svgw *s, const tileview *v, char part, int ox, int oy);

/* The prints, centred on (x, y): a public or historic building, a
 * monastery, a coat of arms; `cls` NULL gives the board's class ("pub",
 * "hist", "monastery", "coat"), the legend passes its own so that its
 * icons are not counted as marks of the board. */
void rtile_building(svgw *s, int x, int y, int historic, const char *cls);
void rtile_monastery(svgw *s, int x, int y, const char *cls);
void rtile_coat(svgw *s, int x, int y, const char *cls);

/* Where a tower foundation stands: the north-east quarter. */
pt rtile_tower_spot(int ox, int oy);

#endif /* CITY_RENDER_TILE_H */
