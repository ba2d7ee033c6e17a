/*
 * The legal moves said for a person (docs/cli.md "Playing in the
 * terminal"): which part a follower would stand on and as what (`city
 * (knight), 2 tiles, open`), a field's completed cities, a tower's floor or
 * top, a capture by cell and owner, a ransom, the gate, wall and tower of
 * The City, and the points the move scores at once. Public API only.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <city/city.h>

#include "cli_moves.h"

static const char *const side_names[] = {"north", "east", "south", "west"};

const char *cli_role_name(int role)
{
	static const char *const names[] = {
		"citizen", "seller", "steward", "guard", "thief",
		"knight",  "monk",   "farmer",  "follower on a tower"};
	return role >= 0 && role <= CITY_ROLE_TOWER_TOP ? names[role]
	                                                  : "follower";
}

/* A growing text in a fixed buffer (truncated, always terminated). */
typedef struct text {
	char *buf;
	size_t cap, len;
} text;

static void add(text *t, const char *fmt, ...)
{
	va_list ap;
	int n;
	if (t->len + 1 >= t->cap)
		return;
	va_start(ap, fmt);
	n = vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		t->len = t->len + (size_t)n < t->cap ? t->len + (size_t)n
		                                     : t->cap - 1;
}

/* The cell of the tile placed last (where a follower goes). */
static int last_tile(const city_game *g, int32_t *x, int32_t *y)
{
	int n = city_game_tile_count(g);
	return n > 0 ? city_game_placed_tile(g, (size_t)n - 1, x, y, NULL, NULL)
	             : CITY_ENOTFOUND;
}

/* The points the deciding player scores by the move and what follows it
 * automatically (a copy of the game plays it). */
static int move_points(const city_game *g, const city_move *m)
{
	city_game *c = NULL;
	int p = city_game_player(g), before = 0, after = 0;
	if (city_game_clone(&c, g) != CITY_OK)
		return 0;
	city_game_score_get(g, p, &before);
	if (city_apply_move(c, m) == CITY_OK)
		city_game_score_get(c, p, &after);
	else
		after = before;
	city_game_free(c);
	return after - before;
}

/* The Tower: the followers a floor brings in range (the capture moves
 * that follow it). */
static int captures_after(const city_game *g, const city_move *m)
{
	city_game *c = NULL;
	size_t n = 0;
	int k = 0;
	if (city_game_clone(&c, g) != CITY_OK)
		return 0;
	if (city_apply_move(c, m) == CITY_OK &&
	    city_game_decision(c) == CITY_DECISION_CAPTURE &&
	    city_legal_moves(c, NULL, 0, &n) == CITY_OK)
		k = (int)n - 1; /* pass */
	city_game_free(c);
	return k;
}

static const char *market_kinds(int kinds)
{
	static const char *const names[8] = {
		"",          "fish",          "grain",          "fish and grain",
		"livestock", "fish and livestock", "grain and livestock",
		"fish, grain and livestock"};
	return kinds >= 0 && kinds < 8 ? names[kinds] : "";
}

/* A field's cities (C-END-3): the distinct cities adjacent to a part of
 * the field on any of its tiles, and how many of them are complete. */
static void field_cities(const city_game *g, int32_t fx, int32_t fy,
                         char fpart, int *cities, int *complete)
{
	enum { MAX_CITIES = 64 };
	const city_tileset *ts = city_game_tileset(g);
	int32_t cx[MAX_CITIES], cy[MAX_CITIES];
	char cp[MAX_CITIES];
	int i, n = city_game_tile_count(g), k;
	*cities = *complete = 0;
	for (i = 0; i < n; i++) {
		int32_t x = 0, y = 0;
		int design = 0, idx;
		char a, c;
		if (city_game_placed_tile(g, (size_t)i, &x, &y, &design, NULL) !=
		        CITY_OK ||
		    (idx = city_tileset_find_design(ts, design)) < 0)
			continue;
		for (a = 'a'; a <= 'h'; a++) {
			if (city_tileset_region_kind(ts, (unsigned)idx, a, NULL) !=
			        CITY_REGION_FIELD ||
			    city_feature_same(g, fx, fy, fpart, x, y, a) != 1)
				continue;
			for (c = 'a'; c <= 'h'; c++) {
				int seen = 0;
				if (city_tileset_region_kind(ts, (unsigned)idx, c,
				                             NULL) != CITY_REGION_CITY ||
				    city_tileset_adjacent(ts, (unsigned)idx, a, c) != 1)
					continue;
				for (k = 0; k < *cities && !seen; k++)
					seen = city_feature_same(g, cx[k], cy[k], cp[k],
					                         x, y, c) == 1;
				if (seen || *cities >= MAX_CITIES)
					continue;
				cx[*cities] = x;
				cy[*cities] = y;
				cp[*cities] = c;
				(*cities)++;
				if (city_feature_complete(g, x, y, c) == 1)
					(*complete)++;
			}
		}
	}
}

/* `city (knight), 2 tiles, open` and the like, for a follower on a part
 * of the tile just placed. */
static void describe_follower(text *t, const city_game *g, char part)
{
	int32_t x = 0, y = 0;
	int kind, tiles, done, cities = 0, complete = 0;
	if (last_tile(g, &x, &y) != CITY_OK)
		return;
	kind = city_feature_kind(g, x, y, part);
	tiles = city_feature_tiles(g, x, y, part);
	done = city_feature_complete(g, x, y, part);
	switch (kind) {
	case CITY_FEATURE_STREET:
		add(t, "street (citizen)");
		break;
	case CITY_FEATURE_MARKET:
		add(t, "market of %s (seller)",
		    market_kinds(city_feature_market_kinds(g, x, y, part)));
		break;
	case CITY_FEATURE_RESIDENTIAL:
		add(t, "residential area (steward)");
		break;
	case CITY_FEATURE_ROAD:
		add(t, "road (thief)");
		break;
	case CITY_FEATURE_CITY:
		add(t, "city (knight)");
		if (city_feature_coats(g, x, y, part) > 0)
			add(t, ", %d coat%s of arms",
			    city_feature_coats(g, x, y, part),
			    city_feature_coats(g, x, y, part) == 1 ? "" : "s");
		break;
	case CITY_FEATURE_FIELD:
		field_cities(g, x, y, part, &cities, &complete);
		add(t, "field (farmer), touches %d completed cit%s", complete,
		    complete == 1 ? "y" : "ies");
		if (cities > complete)
			add(t, " (%d open)", cities - complete);
		return;
	case CITY_FEATURE_MONASTERY:
		add(t, "monastery (monk), %d of 9 tiles", tiles);
		return;
	default:
		add(t, "part %c", part);
		return;
	}
	if (tiles > 0)
		add(t, ", %d tile%s", tiles, tiles == 1 ? "" : "s");
	if (kind != CITY_FEATURE_RESIDENTIAL && done >= 0)
		add(t, done ? ", complete" : ", open");
}

/* The follower at part `part` of (x, y): its owner and role; -1 if none. */
static int follower_at(const city_game *g, int32_t x, int32_t y, char part,
                       int *role)
{
	int i, n = city_game_follower_count(g);
	for (i = 0; i < n; i++) {
		int p = -1, r = -1;
		int32_t fx = 0, fy = 0;
		char fp = 0;
		if (city_game_follower(g, (size_t)i, &p, &r, &fx, &fy, &fp) ==
		            CITY_OK &&
		    fx == x && fy == y &&
		    (part == 't' ? r == CITY_ROLE_TOWER_TOP
		                 : fp == part && r != CITY_ROLE_TOWER_TOP)) {
			*role = r;
			return p;
		}
	}
	return -1;
}

/* The wall piece at one end of the wall: `the east side of (2,0)`. */
static void describe_end_piece(text *t, const city_game *g, int end)
{
	int i = city_wall_end(g, end), side = 0;
	int32_t x = 0, y = 0;
	if (i < 0 || city_wall_piece(g, (size_t)i, &x, &y, &side, NULL, NULL) !=
	                     CITY_OK ||
	    side < 0 || side > 3)
		return;
	add(t, "the %s side of (%ld,%ld)", side_names[side], (long)x, (long)y);
}

static void describe_pass(text *t, int decision)
{
	switch (decision) {
	case CITY_DECISION_FOLLOWER:
		add(t, "no follower");
		break;
	case CITY_DECISION_GUARD:
		add(t, "no guard");
		break;
	case CITY_DECISION_TOWER:
		add(t, "no tower");
		break;
	case CITY_DECISION_CAPTURE:
		add(t, "take no prisoner");
		break;
	case CITY_DECISION_RANSOM:
		add(t, "pay no ransom");
		break;
	default:
		add(t, "nothing");
	}
}

void cli_describe_move(const city_game *g, const city_move *m, int you,
                       char *buf, size_t cap)
{
	text t = {buf, cap, 0};
	int me = city_game_player(g), h = 0, owner, role = -1, pts, k;
	city_game *c = NULL;
	if (cap)
		buf[0] = '\0';
	switch (m->kind) {
	case CITY_MOVE_PLACE:
		add(&t, "the tile at (%ld,%ld), rotation %d", (long)m->x,
		    (long)m->y, m->rotation);
		break;
	case CITY_MOVE_FOLLOWER:
		describe_follower(&t, g, m->part);
		break;
	case CITY_MOVE_PASS:
		describe_pass(&t, city_game_decision(g));
		break;
	case CITY_MOVE_FLOOR:
		city_game_tower(g, m->x, m->y, &h, NULL);
		add(&t, "a floor on the tower at (%ld,%ld): height %d to %d",
		    (long)m->x, (long)m->y, h, h + 1);
		k = captures_after(g, m);
		if (k > 0)
			add(&t, ", then %d follower%s in range to take", k,
			    k == 1 ? "" : "s");
		else
			add(&t, ", no follower in range");
		break;
	case CITY_MOVE_TOP:
		city_game_tower(g, m->x, m->y, &h, NULL);
		add(&t, "a follower on top of the tower at (%ld,%ld), height "
		        "%d: closes it",
		    (long)m->x, (long)m->y, h);
		break;
	case CITY_MOVE_CAPTURE:
		owner = follower_at(g, m->x, m->y, m->part, &role);
		if (owner == me)
			add(&t, "%s own %s", you ? "your" : "their",
			    m->part == 't' ? "follower" : cli_role_name(role));
		else if (owner >= 0)
			add(&t, "p%d's %s", owner,
			    m->part == 't' ? "follower" : cli_role_name(role));
		else
			add(&t, "the follower");
		if (m->part == 't' && city_game_tower(g, m->x, m->y, &h, NULL) ==
		                              CITY_OK)
			add(&t, " on top of the tower at (%ld,%ld) (height %d)",
			    (long)m->x, (long)m->y, h);
		else
			add(&t, " at (%ld,%ld)", (long)m->x, (long)m->y);
		add(&t, owner == me ? ", back to the supply" : " as a prisoner");
		break;
	case CITY_MOVE_RANSOM:
		add(&t, "pay p%d 3 points for a follower back (p%d holds %d)",
		    (int)m->x, (int)m->x,
		    city_game_prisoners(g, (int)m->x, me));
		break;
	case CITY_MOVE_GATE:
		add(&t, "the city gate on the %s side of (%ld,%ld)",
		    m->side < 4 ? side_names[m->side] : "?", (long)m->x,
		    (long)m->y);
		break;
	case CITY_MOVE_WALL:
		add(&t, "a wall piece at the %s end: ",
		    m->end == CITY_END_CW ? "clockwise" : "counter-clockwise");
		if (city_game_clone(&c, g) == CITY_OK &&
		    city_apply_move(c, m) == CITY_OK)
			describe_end_piece(&t, c, m->end);
		city_game_free(c);
		break;
	case CITY_MOVE_GUARD:
		add(&t, "a guard on the wall piece just built");
		break;
	case CITY_MOVE_TOWER:
		add(&t, "a tower at the %s end of the wall (",
		    m->end == CITY_END_CW ? "clockwise" : "counter-clockwise");
		describe_end_piece(&t, g, m->end);
		add(&t, ")");
		break;
	default:
		break;
	}
	if (m->kind == CITY_MOVE_PLACE || m->kind == CITY_MOVE_RANSOM)
		return; /* a ransom says its price */
	pts = move_points(g, m);
	if (pts && you)
		add(&t, "; you score %+d now", pts);
	else if (pts)
		add(&t, "; p%d scores %+d", me, pts);
}
