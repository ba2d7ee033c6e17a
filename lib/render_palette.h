/*
 * render_palette.h: the one palette of the SVG (lib/render*.c), kept in
 * one table so that tests/test_api_render_palette.c measures the colours the
 * picture really uses (docs/render.md, "The palette rule").
 *
 * Fills only: the player colours, the fills of the board's features and
 * the overlay marks. Outlines and texture strokes are darker shades of a
 * fill or ink; they are not part of the rule.
 */
#ifndef CITY_RENDER_PALETTE_H
#define CITY_RENDER_PALETTE_H

#include <stddef.h>

/* A named colour: `hex` is "#rrggbb". */
typedef struct render_colour {
	const char *name;
	const char *hex;
} render_colour;

/* Seats 0..4 (five players at most, in Carcassonne). */
#define RENDER_PLAYERS 5

/* The features' fills, indices of pal_feature[]. */
enum render_feature_id {
	PAL_GROUND,      /* the table round the tiles */
	PAL_FIELD,       /* Carcassonne: fields */
	PAL_CITY,        /* Carcassonne: cities */
	PAL_ROAD,        /* roads and streets */
	PAL_RESIDENTIAL, /* The City: residential areas */
	PAL_HOUSE,       /* The City: the roofs of houses */
	PAL_FISH,        /* The City: fish market */
	PAL_GRAIN,       /* The City: grain market */
	PAL_LIVESTOCK,   /* The City: livestock market */
	PAL_PUBLIC,      /* The City: public buildings */
	PAL_HISTORIC,    /* The City: historic buildings */
	PAL_MONASTERY,   /* Carcassonne: the monastery's walls */
	PAL_ROOF,        /* Carcassonne: the monastery's roof */
	PAL_COAT,        /* Carcassonne: the coat of arms */
	PAL_WALL,        /* The City: wall pieces; city rims */
	PAL_GATE,        /* The City: the gate */
	PAL_STONE,       /* The Tower: towers and foundations */
	PAL_HOLE,        /* The City: holes (R-GEO-8) */
	PAL_RIVER,       /* The River: water */
	PAL_FEATURES
};

/* The river's banks: a darker shade of PAL_RIVER (an outline). */
#define RENDER_RIVER_BANK "#2f5f86"

/* The overlay's fills, indices of pal_overlay[]. */
enum render_overlay_id {
	PAL_LEGAL,   /* legal cells, parts, gate sides, wall ends... */
	PAL_SPOT,    /* where a follower would stand */
	PAL_LAST,    /* the frame of the last placed tile */
	PAL_CAPTURE, /* a follower that can be taken */
	PAL_HINT,    /* the class "hint" a page sets on a move's mark */
	PAL_OVERLAYS
};

extern const render_colour pal_player[RENDER_PLAYERS];
extern const render_colour pal_feature[PAL_FEATURES];
extern const render_colour pal_overlay[PAL_OVERLAYS];

/* The player's fill; white for a seat out of range (never drawn). */
const char *pal_player_hex(int player);
/* The player's name ("red"...), "?" out of range. */
const char *pal_player_name(int player);
/* Ink that reads on the player's fill: white on dark colours. */
const char *pal_player_ink(int player);

/* The rule (docs/render.md): CIEDE2000 distance, at least this much
 * between every player colour and every feature or overlay fill, and
 * between two player colours. */
#define RENDER_MIN_DE_FEATURE 20
#define RENDER_MIN_DE_PLAYERS 30

#endif /* CITY_RENDER_PALETTE_H */
