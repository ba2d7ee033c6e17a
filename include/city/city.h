/**
 * @file city/city.h
 * @brief The libcity API: include this header, and only this one.
 *
 * libcity is the rules engine of the board game *Carcassonne: The City*.
 * Everything it offers is declared by the headers included here, one
 * header per topic:
 * - `city/common.h`: status codes, version queries, the opaque handles;
 * - `city/tileset.h`: tile sets, the built-in one and custom ones;
 * - `city/options.h`: the options builder and the rule options;
 * - `city/game.h`: the game handle, its lifecycle and its decisions;
 * - `city/move.h`: moves, legal-move listing and the move text;
 * - `city/record.h`: saving and loading `.city` records;
 * - `city/query.h`: queries of a game's state, scores and events;
 * - `city/wall.h`: the city wall, its towers and the contour;
 * - `city/ai.h`: AI players (random, greedy, MCTS) and analyses;
 * - `city/render.h`: pictures of a game (SVG).
 *
 * The generated `city/version.h` and `city/export.h` come with them.
 */
#ifndef CITY_CITY_H
#define CITY_CITY_H

#include "city/common.h"
#include "city/tileset.h"
#include "city/options.h"
#include "city/game.h"
#include "city/move.h"
#include "city/record.h"
#include "city/query.h"
#include "city/wall.h"
#include "city/ai.h"
#include "city/render.h"

#endif /* CITY_CITY_H */
