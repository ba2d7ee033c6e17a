/*
 * cli_moves.h: the legal moves said for a person (cli_moves.c).
 */
#ifndef CITY_CLI_MOVES_H
#define CITY_CLI_MOVES_H

#include <stddef.h>

#include <city/city.h>

/* What a legal move of the current decision does, in a few words: the
 * part and role of a follower (`city (knight), 2 tiles, open`), a field's
 * completed cities, a tower's floor or top, a capture by cell and owner,
 * a ransom, the gate, wall or tower of The City, and `; you score +N now`
 * (`you` set: said to the deciding player) or `; pN scores +N` when it
 * scores at once. Written into buf (always terminated). */
void cli_describe_move(const city_game *g, const city_move *m, int you,
                       char *buf, size_t cap);

/* A follower role for a person: citizen, seller, steward, guard, thief,
 * knight, monk, farmer, follower on a tower. */
const char *cli_role_name(int role);

#endif /* CITY_CLI_MOVES_H */
