/*
 * render_palette.c: the SVG's colours (render_palette.h). The player
 * colours are saturated; the features are muted (lighter or greyer) so a
 * follower stands out on any of them; the overlay is magenta, white,
 * orange and cyan, hues no player has. The rule they meet is tested from
 * these very tables (tests/test_api_render_palette.c).
 */
#include "render_palette.h"

const render_colour pal_player[RENDER_PLAYERS] = {{"red", "#d0202a"},
                                                     {"blue", "#1d4fd8"},
                                                     {"yellow", "#ffdd00"},
                                                     {"green", "#138a36"},
                                                     {"black", "#202020"}};

const render_colour pal_feature[PAL_FEATURES] = {
    [PAL_GROUND] = {"ground", "#dfe8cc"},
    [PAL_FIELD] = {"field", "#a8c880"},
    [PAL_CITY] = {"city", "#c9b28c"},
    [PAL_ROAD] = {"road", "#f4eee0"},
    [PAL_RESIDENTIAL] = {"residential area", "#e3b9a3"},
    [PAL_HOUSE] = {"house roof", "#9c7f70"},
    [PAL_FISH] = {"fish market", "#a9c8e8"},
    [PAL_GRAIN] = {"grain market", "#c8a060"},
    [PAL_LIVESTOCK] = {"livestock market", "#a7d3a8"},
    [PAL_PUBLIC] = {"public building", "#a89a88"},
    [PAL_HISTORIC] = {"historic building", "#b08cc0"},
    [PAL_MONASTERY] = {"monastery", "#efe6d4"},
    [PAL_ROOF] = {"monastery roof", "#9a7b6c"},
    [PAL_COAT] = {"coat of arms", "#ffffff"},
    [PAL_WALL] = {"wall", "#9b958c"},
    [PAL_GATE] = {"gate", "#a0764f"},
    [PAL_STONE] = {"tower", "#8f8a84"},
    [PAL_HOLE] = {"hole", "#6b6f78"},
    [PAL_RIVER] = {"river", "#7cb9e8"},
};

const render_colour pal_overlay[PAL_OVERLAYS] = {
    [PAL_LEGAL] = {"legal", "#ff4fd8"},
    [PAL_SPOT] = {"spot", "#ffffff"},
    [PAL_LAST] = {"last tile", "#ffffff"},
    [PAL_CAPTURE] = {"capture", "#ff8a00"},
    [PAL_HINT] = {"hint", "#00d5ff"},
};

const char *pal_player_hex(int player)
{
	return player >= 0 && player < RENDER_PLAYERS
	           ? pal_player[player].hex
	           : "#ffffff";
}

const char *pal_player_name(int player)
{
	return player >= 0 && player < RENDER_PLAYERS
	           ? pal_player[player].name
	           : "?";
}

const char *pal_player_ink(int player)
{
	/* yellow is the one light player colour */
	return player == 2 ? "#1a1a1a" : "#ffffff";
}
