/*
 * render_legend.c: the legend band of the SVG (render_legend.h): one entry
 * per thing the game's picture can show — the features of its tiles, its
 * pieces by role (in a neutral white), and the overlay's marks — each an
 * icon drawn by the same code as the board, and a label.
 */
#include "render_legend.h"
#include "render_palette.h"
#include "render_piece.h"
#include "render_tile.h"

#define T RENDER_CELL
#define ENTRY_W 200
#define ENTRY_H 32

enum icon {
	ICON_FILL,     /* a swatch of the fill `arg` (a <defs> pattern) */
	ICON_ROAD,     /* a piece of road */
	ICON_MEEPLE,   /* a meeple of role `num` */
	ICON_BUILDING, /* a public (0) or historic (1) building */
	ICON_MONASTERY,
	ICON_COAT,
	ICON_WALL,  /* a wall piece (0) or the gate (1) */
	ICON_TOWER, /* a tower stone block */
	ICON_RIVER, /* a piece of river with its banks */
	ICON_MARK   /* an overlay colour `num` (PAL_*) */
};

#define N_ENTRIES(a) (sizeof(a) / sizeof *(a))

typedef struct entry {
	int icon;
	int num;
	const char *arg;
	const char *label;
} entry;

static const entry city_entries[] = {
    {ICON_FILL, 0, "url(#city-res)", "residential area"},
    {ICON_FILL, 0, "url(#city-mk1)", "fish market"},
    {ICON_FILL, 0, "url(#city-mk2)", "grain market"},
    {ICON_FILL, 0, "url(#city-mk4)", "livestock market"},
    {ICON_FILL, 0, "url(#city-mk3)", "market of two kinds"},
    {ICON_ROAD, 0, 0, "street"},
    {ICON_BUILDING, 0, 0, "public building"},
    {ICON_BUILDING, 1, 0, "historic building"},
    {ICON_WALL, 0, 0, "wall piece"},
    {ICON_WALL, 1, 0, "city gate"},
    {ICON_FILL, 0, "url(#city-hole)", "hole"},
    {ICON_MEEPLE, CITY_ROLE_CITIZEN, 0, "citizen, seller, steward"},
    {ICON_MEEPLE, CITY_ROLE_GUARD, 0, "guard (on the wall)"},
};

static const entry carc_entries[] = {
    {ICON_FILL, 0, "url(#city-field)", "field"},
    {ICON_FILL, 0, "url(#city-city)", "city"},
    {ICON_ROAD, 0, 0, "road"},
    {ICON_MONASTERY, 0, 0, "monastery"},
    {ICON_COAT, 0, 0, "coat of arms (+1)"},
    {ICON_MEEPLE, CITY_ROLE_KNIGHT, 0, "knight (city)"},
    {ICON_MEEPLE, CITY_ROLE_HIGHWAYMAN, 0, "highwayman (road)"},
    {ICON_MEEPLE, CITY_ROLE_MONK, 0, "monk (monastery)"},
    {ICON_MEEPLE, CITY_ROLE_FARMER, 0, "farmer (field, lying)"},
};

static const entry tower_entries[] = {
    {ICON_TOWER, 0, 0, "tower (its height)"},
    {ICON_MEEPLE, CITY_ROLE_TOWER_TOP, 0, "follower on a tower"},
};

static const entry river_entries[] = {
    {ICON_RIVER, 0, 0, "river (no follower)"},
};

static const entry overlay_entries[] = {
    {ICON_MARK, PAL_LEGAL, 0, "legal move"},
    {ICON_MARK, PAL_SPOT, 0, "follower spot"},
    {ICON_MARK, PAL_HINT, 0, "hint"},
    {ICON_MARK, PAL_LAST, 0, "last tile"},
};

static void icon(svgw *s, const entry *e, int x, int y)
{
	switch (e->icon) {
	case ICON_FILL:
		svg_out(s,
		           "<rect x=\"%d\" y=\"%d\" width=\"26\" height=\"22\" "
		           "fill=\"%s\" stroke=\"#3b3026\"/>",
		           x, y - 11, e->arg);
		break;
	case ICON_ROAD:
		svg_out(
		    s,
		    "<path d=\"M%d %dh26\" stroke=\"#6e6253\" "
		    "stroke-width=\"11\"/><path d=\"M%d %dh26\" stroke=\"%s\" "
		    "stroke-width=\"7\"/>",
		    x, y, x, y, pal_feature[PAL_ROAD].hex);
		break;
	case ICON_MEEPLE:
		piece_meeple(s, x + 13, y, -1, e->num, "legend-icon");
		break;
	case ICON_BUILDING:
		rtile_building(s, x + 13, y, e->num, "legend-icon");
		break;
	case ICON_MONASTERY:
		svg_out(s, "<g transform=\"translate(%d %d) scale(0.6)\">",
		           x + 13, y + 2);
		rtile_monastery(s, 0, 0, "legend-icon");
		svg_out(s, "</g>");
		break;
	case ICON_COAT:
		rtile_coat(s, x + 13, y, "legend-icon");
		break;
	case ICON_WALL:
		svg_out(
		    s,
		    "<rect x=\"%d\" y=\"%d\" width=\"26\" height=\"%d\" "
		    "fill=\"%s\" stroke=\"#2e2e2e\" stroke-width=\"1.5\"/>",
		    x, y - RENDER_WALL / 2, RENDER_WALL,
		    pal_feature[e->num ? PAL_GATE : PAL_WALL].hex);
		break;
	case ICON_TOWER:
		svg_out(
		    s,
		    "<path d=\"M%d %dh5v-5h5v5h5v-5h5v5h5v20h-25Z\" "
		    "fill=\"%s\" stroke=\"#212121\" stroke-width=\"2\"/>",
		    x, y - 8, pal_feature[PAL_STONE].hex);
		break;
	case ICON_RIVER:
		svg_out(s,
		        "<path d=\"M%d %dh26\" stroke=\"%s\" stroke-width=\"13\"/>"
		        "<path d=\"M%d %dh26\" stroke=\"%s\" stroke-width=\"9\"/>",
		        x, y, RENDER_RIVER_BANK, x, y, pal_feature[PAL_RIVER].hex);
		break;
	default:
		svg_out(s,
		           "<rect x=\"%d\" y=\"%d\" width=\"26\" height=\"20\" "
		           "fill=\"%s\" fill-opacity=\"0.7\" stroke=\"%s\" "
		           "stroke-width=\"3\"/>",
		           x, y - 10, pal_overlay[e->num].hex,
		           e->num == PAL_SPOT ? "#b0008a" : "#333333");
		break;
	}
}

/* The entries of the game's legend, in groups; returns the count. */
static int entries(const city_game *g, const entry *out[32])
{
	int n = 0;
	size_t i;
	int carc = city_game_kind(g) == CITY_GAME_CARCASSONNE;
	int tower = (city_game_expansions(g) & CITY_EXPANSION_TOWER) != 0;
	int river = (city_game_expansions(g) & CITY_EXPANSION_RIVER) != 0;
	for (i = 0; !carc && i < N_ENTRIES(city_entries); i++)
		out[n++] = &city_entries[i];
	for (i = 0; carc && i < N_ENTRIES(carc_entries); i++)
		out[n++] = &carc_entries[i];
	for (i = 0; river && i < N_ENTRIES(river_entries); i++)
		out[n++] = &river_entries[i];
	for (i = 0; tower && i < N_ENTRIES(tower_entries); i++)
		out[n++] = &tower_entries[i];
	for (i = 0; i < N_ENTRIES(overlay_entries); i++)
		out[n++] = &overlay_entries[i];
	return n;
}

int legend_height(const city_game *g, int w)
{
	const entry *e[32];
	int n = entries(g, e), cols = w / ENTRY_W > 0 ? w / ENTRY_W : 1;
	return 16 + (n + cols - 1) / cols * ENTRY_H;
}

void legend_draw(svgw *s, const city_game *g, int y0, int w)
{
	const entry *e[32];
	int n = entries(g, e), i, cols = w / ENTRY_W > 0 ? w / ENTRY_W : 1;
	svg_out(s,
	           "<g class=\"legend\"><rect x=\"0\" y=\"%d\" width=\"%d\" "
	           "height=\"%d\" fill=\"#fbf8f0\" stroke=\"#d8d0bc\"/>",
	           y0, w, legend_height(g, w));
	for (i = 0; i < n; i++) {
		int x = 12 + (i % cols) * ENTRY_W;
		int y = y0 + 8 + (i / cols) * ENTRY_H + ENTRY_H / 2;
		icon(s, e[i], x, y);
		svg_out(s,
		           "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" "
		           "font-size=\"13\" fill=\"#333333\">%s</text>",
		           x + 34, y + 5, e[i]->label);
	}
	svg_out(s, "</g>");
}
