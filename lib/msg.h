/*
 * Error texts: the one side-name table and the printf-style writer every
 * module uses to say why a call failed (rule id, cell, side).
 */
#ifndef CITY_LIB_MSG_H
#define CITY_LIB_MSG_H

#include <stddef.h>

#include "compiler.h"

/* "north", "east", "south", "west" for side 0..3. */
const char *msg_side_name(int side);
/* 'N', 'E', 'S', 'W' for side 0..3 (records, events). */
char msg_side_letter(int side);
/* Write a reason into msg (NULL or cap 0: nothing). */
void msg_say(char *msg, size_t cap, const char *fmt, ...)
	CITY_PRINTF(3, 4);

#endif /* CITY_LIB_MSG_H */
