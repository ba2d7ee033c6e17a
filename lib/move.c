/* Moves as record text (record.md, "Moves"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "city/city.h"

static const char side_letter[4] = {'N', 'E', 'S', 'W'};
static const char side_letters[] = "NESW";

int city_move_to_string(const city_move *m, char *buf, size_t cap,
                        size_t *needed)
{
	char tmp[64];
	int n;
	if (!m || (!buf && cap))
		return CITY_EINVAL;
	switch (m->kind) {
	case CITY_MOVE_PLACE:
		if (m->rotation > 3)
			return CITY_EINVAL;
		n = snprintf(tmp, sizeof tmp, "place %ld %ld %u", (long)m->x,
		             (long)m->y, m->rotation);
		break;
	case CITY_MOVE_FOLLOWER:
		if (!((m->part >= 'a' && m->part <= 'h') ||
		      (m->part >= '1' && m->part <= '9')))
			return CITY_EINVAL;
		n = snprintf(tmp, sizeof tmp, "follower %c", m->part);
		break;
	case CITY_MOVE_GATE:
		if (m->side > 3)
			return CITY_EINVAL;
		n = snprintf(tmp, sizeof tmp, "gate %ld %ld %c", (long)m->x,
		             (long)m->y, side_letter[m->side]);
		break;
	case CITY_MOVE_WALL:
	case CITY_MOVE_TOWER:
		if (m->end > 1)
			return CITY_EINVAL;
		n = snprintf(tmp, sizeof tmp, "%s %s",
		             m->kind == CITY_MOVE_WALL ? "wall" : "tower",
		             m->end == CITY_END_CW ? "cw" : "ccw");
		break;
	case CITY_MOVE_GUARD:
		n = snprintf(tmp, sizeof tmp, "guard");
		break;
	case CITY_MOVE_PASS:
		n = snprintf(tmp, sizeof tmp, "pass");
		break;
	default:
		return CITY_EINVAL;
	}
	if (needed)
		*needed = (size_t)n + 1;
	if (!buf || (size_t)n + 1 > cap)
		return CITY_ERANGE;
	memcpy(buf, tmp, (size_t)n + 1);
	return CITY_OK;
}

/* Split at most `max` blank-separated tokens, stopping at '#'. Returns the
 * count, or -1 when there are more. */
static int tokens(const char *t, const char *tok[], size_t len[], int max)
{
	int n = 0;
	for (;;) {
		while (*t == ' ' || *t == '\t' || *t == '\r' || *t == '\n')
			t++;
		if (!*t || *t == '#')
			return n;
		if (n == max)
			return -1;
		tok[n] = t;
		while (*t && *t != ' ' && *t != '\t' && *t != '\r' &&
		       *t != '\n' && *t != '#')
			t++;
		len[n] = (size_t)(t - tok[n]);
		n++;
	}
}

static int is(const char *tok, size_t len, const char *word)
{
	return strlen(word) == len && memcmp(tok, word, len) == 0;
}

/* A decimal integer in [-1000000, 1000000]. */
static int number(const char *tok, size_t len, long *out)
{
	size_t i = 0;
	long v = 0;
	int neg = 0;
	if (len && tok[0] == '-') {
		neg = 1;
		i = 1;
	}
	if (i == len || len - i > 7)
		return 0;
	for (; i < len; i++) {
		if (tok[i] < '0' || tok[i] > '9')
			return 0;
		v = v * 10 + (tok[i] - '0');
	}
	*out = neg ? -v : v;
	return 1;
}

int city_move_parse(city_move *out, const char *text)
{
	const char *tok[5];
	size_t len[5];
	city_move m;
	int n;
	long x, y, r;
	if (!out || !text)
		return CITY_EINVAL;
	n = tokens(text, tok, len, 4);
	if (n <= 0)
		return CITY_EPARSE;
	memset(&m, 0, sizeof m);
	if (is(tok[0], len[0], "place") && n == 4) {
		if (!number(tok[1], len[1], &x) || !number(tok[2], len[2], &y) ||
		    !number(tok[3], len[3], &r) || r < 0 || r > 3)
			return CITY_EPARSE;
		m.kind = CITY_MOVE_PLACE;
		m.x = (int32_t)x;
		m.y = (int32_t)y;
		m.rotation = (uint8_t)r;
	} else if (is(tok[0], len[0], "follower") && n == 2 && len[1] == 1 &&
	           ((tok[1][0] >= 'a' && tok[1][0] <= 'h') ||
	            (tok[1][0] >= '1' && tok[1][0] <= '9'))) {
		m.kind = CITY_MOVE_FOLLOWER;
		m.part = tok[1][0];
	} else if (is(tok[0], len[0], "gate") && n == 4 && len[3] == 1) {
		const char *p = memchr(side_letters, tok[3][0], 4);
		if (!number(tok[1], len[1], &x) || !number(tok[2], len[2], &y) ||
		    !p)
			return CITY_EPARSE;
		m.kind = CITY_MOVE_GATE;
		m.x = (int32_t)x;
		m.y = (int32_t)y;
		m.side = (uint8_t)(p - side_letters);
	} else if ((is(tok[0], len[0], "wall") || is(tok[0], len[0], "tower")) &&
	           n == 2 &&
	           (is(tok[1], len[1], "cw") || is(tok[1], len[1], "ccw"))) {
		m.kind = is(tok[0], len[0], "wall") ? CITY_MOVE_WALL
		                                    : CITY_MOVE_TOWER;
		m.end = is(tok[1], len[1], "cw") ? CITY_END_CW : CITY_END_CCW;
	} else if (is(tok[0], len[0], "guard") && n == 1) {
		m.kind = CITY_MOVE_GUARD;
	} else if (is(tok[0], len[0], "pass") && n == 1) {
		m.kind = CITY_MOVE_PASS;
	} else {
		return CITY_EPARSE;
	}
	*out = m;
	return CITY_OK;
}
