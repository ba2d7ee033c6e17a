/* Moves as record text (record.md, "Moves"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "city/city.h"
#include "facts.h"
#include "lex.h"

static const char side_letter[4] = {'N', 'E', 'S', 'W'};
static const char side_letters[] = "NESW";

/* A part of a tile as a follower move names it: region letter or street
 * (road) digit. */
static int is_part(char c)
{
	return (c >= 'a' && c <= 'h') || (c >= '1' && c <= '9');
}

/* What `capture` names: a part, the monastery 'm', a tower's top 't'. */
static int is_capture_part(char c)
{
	return is_part(c) || c == 'm' || c == 't';
}

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
		if (!is_part(m->part) && m->part != 'm')
			return CITY_EINVAL;
		n = snprintf(tmp, sizeof tmp, "follower %c", m->part);
		break;
	case CITY_MOVE_FLOOR:
	case CITY_MOVE_TOP:
		n = snprintf(tmp, sizeof tmp, "%s %ld %ld",
		             m->kind == CITY_MOVE_FLOOR ? "floor" : "top",
		             (long)m->x, (long)m->y);
		break;
	case CITY_MOVE_CAPTURE:
		if (!is_capture_part(m->part))
			return CITY_EINVAL;
		n = snprintf(tmp, sizeof tmp, "capture %ld %ld %c", (long)m->x,
		             (long)m->y, m->part);
		break;
	case CITY_MOVE_RANSOM:
		if (m->x < 0 || m->x >= MAX_PLAYERS) /* a seat */
			return CITY_EINVAL;
		n = snprintf(tmp, sizeof tmp, "ransom %ld", (long)m->x);
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

/* The tokens of a move (at most 4), or -1 when there are more. */
static int move_tokens(lex_token tok[4], const char *text)
{
	lex_cursor c;
	lex_token extra;
	int n = 0;
	lex_cursor_string(&c, text);
	while (n < 4 && lex_next_token(&tok[n], &c))
		n++;
	return n == 4 && lex_next_token(&extra, &c) ? -1 : n;
}

/* A decimal integer in [-1000000, 1000000]. */
static int number(const lex_token *t, long *out)
{
	size_t i = 0;
	long v = 0;
	int neg = 0;
	if (t->n && t->s[0] == '-') {
		neg = 1;
		i = 1;
	}
	if (i == t->n || t->n - i > 7)
		return 0;
	for (; i < t->n; i++) {
		if (t->s[i] < '0' || t->s[i] > '9')
			return 0;
		v = v * 10 + (t->s[i] - '0');
	}
	*out = neg ? -v : v;
	return 1;
}

/* `X Y` of a move into m->x, m->y. */
static int read_cell(city_move *m, const lex_token *tx, const lex_token *ty)
{
	long x, y;
	if (!number(tx, &x) || !number(ty, &y))
		return 0;
	m->x = (int32_t)x;
	m->y = (int32_t)y;
	return 1;
}


/* The moves of The City's decisions; 0 when the text is none of them. */
static int parse_city_move(city_move *m, const lex_token *t, int n)
{
	long r;
	const char *p;
	if (lex_token_is(&t[0], "place") && n == 4) {
		if (!read_cell(m, &t[1], &t[2]) || !number(&t[3], &r) || r < 0 ||
		    r > 3)
			return 0;
		m->kind = CITY_MOVE_PLACE;
		m->rotation = (uint8_t)r;
	} else if (lex_token_is(&t[0], "follower") && n == 2 && t[1].n == 1 &&
	           (is_part(t[1].s[0]) || t[1].s[0] == 'm')) {
		m->kind = CITY_MOVE_FOLLOWER;
		m->part = t[1].s[0];
	} else if (lex_token_is(&t[0], "gate") && n == 4 && t[3].n == 1) {
		p = memchr(side_letters, t[3].s[0], 4);
		if (!read_cell(m, &t[1], &t[2]) || !p)
			return 0;
		m->kind = CITY_MOVE_GATE;
		m->side = (uint8_t)(p - side_letters);
	} else if ((lex_token_is(&t[0], "wall") ||
	            lex_token_is(&t[0], "tower")) &&
	           n == 2 &&
	           (lex_token_is(&t[1], "cw") || lex_token_is(&t[1], "ccw"))) {
		m->kind = lex_token_is(&t[0], "wall") ? CITY_MOVE_WALL
		                                      : CITY_MOVE_TOWER;
		m->end = lex_token_is(&t[1], "cw") ? CITY_END_CW : CITY_END_CCW;
	} else if (lex_token_is(&t[0], "guard") && n == 1) {
		m->kind = CITY_MOVE_GUARD;
	} else if (lex_token_is(&t[0], "pass") && n == 1) {
		m->kind = CITY_MOVE_PASS;
	} else {
		return 0;
	}
	return 1;
}

/* The moves of The Tower's decisions (carcassonne.md, "Records"); 0 when
 * the text is none of them. */
static int parse_tower_move(city_move *m, const lex_token *t, int n)
{
	long q;
	if ((lex_token_is(&t[0], "floor") || lex_token_is(&t[0], "top")) &&
	    n == 3) {
		if (!read_cell(m, &t[1], &t[2]))
			return 0;
		m->kind = lex_token_is(&t[0], "floor") ? CITY_MOVE_FLOOR
		                                       : CITY_MOVE_TOP;
	} else if (lex_token_is(&t[0], "capture") && n == 4 && t[3].n == 1 &&
	           is_capture_part(t[3].s[0])) {
		if (!read_cell(m, &t[1], &t[2]))
			return 0;
		m->kind = CITY_MOVE_CAPTURE;
		m->part = t[3].s[0];
	} else if (lex_token_is(&t[0], "ransom") && n == 2 && t[1].n == 1 &&
	           number(&t[1], &q) && q >= 0 && q < MAX_PLAYERS) {
		m->kind = CITY_MOVE_RANSOM;
		m->x = (int32_t)q;
	} else {
		return 0;
	}
	return 1;
}

int city_move_parse(city_move *out, const char *text)
{
	lex_token tok[4];
	city_move m;
	int n;
	if (!out || !text)
		return CITY_EINVAL;
	n = move_tokens(tok, text);
	if (n <= 0)
		return CITY_EPARSE;
	memset(&m, 0, sizeof m);
	if (!parse_city_move(&m, tok, n) && !parse_tower_move(&m, tok, n))
		return CITY_EPARSE;
	*out = m;
	return CITY_OK;
}
