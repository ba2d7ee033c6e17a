/* Error texts (see msg.h). */
#include <stdarg.h>
#include <stdio.h>

#include "msg.h"

static const char *const side_names[4] = {"north", "east", "south", "west"};
static const char side_letters[4] = {'N', 'E', 'S', 'W'};

const char *msg_side_name(int side)
{
	return side_names[side & 3];
}

char msg_side_letter(int side)
{
	return side_letters[side & 3];
}

void msg_say(char *msg, size_t cap, const char *fmt, ...)
{
	va_list ap;
	if (!msg || !cap)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, cap, fmt, ap);
	va_end(ap);
}
