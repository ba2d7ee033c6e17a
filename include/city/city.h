/**
 * @file city/city.h
 * @brief The libcity API: include this header, and only this one.
 *
 * libcity is the rules engine of the board game *Carcassonne: The City*.
 * Everything it offers is declared by the headers included here:
 * - `city/common.h`: status codes, version queries, the opaque handles;
 * - `city/tileset.h`: tile sets, the built-in one and custom ones;
 * - `city/game.h`: options, games, moves, records and queries.
 *
 * The generated `city/version.h` and `city/export.h` come with them.
 */
#ifndef CITY_CITY_H
#define CITY_CITY_H

#include "city/common.h"
#include "city/tileset.h"
#include "city/game.h"

#endif /* CITY_CITY_H */
