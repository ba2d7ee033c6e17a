/*
 * The Tower's log capacities (lib/facts.c, docs/tower-capacity.md):
 * adversarial seeded games — floors, captures (of others' followers, so
 * that prisoners are held), ransoms or endless ransom passes, exchanges,
 * followers on every tile — of 2 to 5 players, farmers on and off, every
 * T-OPT rule, on the built-in sets and on sets where every tile has a
 * tower foundation. No move is refused with CITY_ELIMIT, no event is lost
 * (the log never fills), and each game stays within the proof's own
 * inequalities (events <= tiles drawn + 2 floors + followers on features
 * at the end, moves <= 3 tiles drawn + floors), which are tighter than the
 * capacities. The maxima are printed against the capacities.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"
#include "game_internal.h"

/* T-SET-1 */
static const int floors_of[6] = {0, 0, 10, 9, 7, 6};

/* The built-in sets' text with `tow` on every design, each count times
 * `mult` (at most 9): the most towers a set can have. */
static city_tileset *all_towers(const char *file, int mult)
{
	char path[512], line[512], *text;
	size_t len = 0, cap = 1 << 16;
	FILE *f;
	city_tileset *ts = NULL;
	char err[256] = "";
	snprintf(path, sizeof path, "%s/lib/data/%s", CITY_SOURCE_DIR, file);
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	text = malloc(cap);
	ck_assert_ptr_nonnull(text);
	while (fgets(line, sizeof line, f)) {
		char out[600], *hash;
		int id, count, used = 0;
		line[strcspn(line, "\n")] = '\0';
		if ((hash = strchr(line, '#')) != NULL)
			*hash = '\0';
		if (sscanf(line, "%d %d %n", &id, &count, &used) == 2 && used) {
			const char *rest = line + used;
			int c = count * mult > 9 ? 9 : count * mult;
			snprintf(out, sizeof out, "%d %d %s%s\n", id, c, rest,
			         strstr(rest, "tow") ? "" : " tow");
		} else {
			snprintf(out, sizeof out, "%s\n", line);
		}
		ck_assert_uint_lt(len + strlen(out) + 1, cap);
		memcpy(text + len, out, strlen(out));
		len += strlen(out);
	}
	fclose(f);
	text[len] = '\0';
	ck_assert_msg(city_tileset_parse(&ts, text, len, err, sizeof err) ==
	                      CITY_OK,
	              "%s with towers: %s", file, err);
	free(text);
	return ts;
}

/* How a game's players choose (drawn per game from its seed). */
typedef struct policy {
	unsigned floor_pct;  /* a floor when one is listed */
	unsigned top_pct;    /* else a top when one is listed */
	unsigned ransom_pct; /* a ransom rather than a pass */
} policy;

static unsigned pct(uint64_t *rng)
{
	return (unsigned)(test_rand(rng) % 100);
}

/* The index of a random listed move of `kind`, or -1. */
static long pick_kind(const city_move *m, size_t n, int kind, uint64_t *rng)
{
	size_t i, k = 0, want;
	for (i = 0; i < n; i++)
		k += m[i].kind == kind;
	if (!k)
		return -1;
	want = (size_t)(test_rand(rng) % k);
	for (i = 0; i < n; i++)
		if (m[i].kind == kind && want-- == 0)
			return (long)i;
	return -1;
}

/* One adversarial choice: captures always, floors and tops often, a
 * follower rather than a pass, ransoms or passes as the policy says. */
static size_t choose(const city_move *m, size_t n, const policy *pol,
                     uint64_t *rng)
{
	long i = -1;
	if ((i = pick_kind(m, n, CITY_MOVE_CAPTURE, rng)) >= 0)
		return (size_t)i;
	if (pick_kind(m, n, CITY_MOVE_RANSOM, rng) >= 0)
		return (size_t)(pct(rng) < pol->ransom_pct
		                        ? pick_kind(m, n, CITY_MOVE_RANSOM, rng)
		                        : pick_kind(m, n, CITY_MOVE_PASS, rng));
	if (pct(rng) < pol->floor_pct &&
	    (i = pick_kind(m, n, CITY_MOVE_FLOOR, rng)) >= 0)
		return (size_t)i;
	if (pct(rng) < pol->top_pct &&
	    (i = pick_kind(m, n, CITY_MOVE_TOP, rng)) >= 0)
		return (size_t)i;
	if ((i = pick_kind(m, n, CITY_MOVE_FOLLOWER, rng)) >= 0)
		return (size_t)i;
	return (size_t)(test_rand(rng) % n);
}

typedef struct maxima {
	int events, moves, games;
	int events_cap, moves_cap; /* of the game that reached events */
	int floors, captures, ransoms, exchanges;
	int events_slack, moves_slack; /* the least room left by the proof's
	                                  inequalities in a game */
} maxima;

/* The rules of a game: with The Tower when `tower`, every T-OPT drawn;
 * The River with a river set; farmers as asked. */
static city_options *options_for(const city_tileset *ts, int tower,
                                 int players, int farmers, uint64_t seed,
                                 uint64_t *rng)
{
	city_options *o = NULL;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_game(o, CITY_GAME_CARCASSONNE),
	                 CITY_OK);
	ck_assert_int_eq(
	        city_options_set_expansion(o, CITY_EXPANSION_TOWER, tower),
	        CITY_OK);
	if (ts && strstr(city_tileset_name(ts) ? city_tileset_name(ts) : "",
	                 "river"))
		ck_assert_int_eq(
		        city_options_set_expansion(o, CITY_EXPANSION_RIVER, 1),
		        CITY_OK);
	if (ts)
		ck_assert_int_eq(city_options_set_tileset(o, ts), CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, players), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, seed), CITY_OK);
	ck_assert_int_eq(city_options_set_rule(o, CITY_RULE_FARMERS, farmers),
	                 CITY_OK);
	/* T-OPT-1..7 drawn from the bits of one number: capture_own,
	 * capture_top, ransom_min (no lets a ransom be paid at any score),
	 * capture_gaps (7 in 8), tower_range (short 1 in 8),
	 * capture_diagonal, ransom (15 in 16: its decision is the most
	 * moves) */
	if (tower) {
		uint64_t r = test_rand(rng);
		const int rules[7][2] = {
		        {CITY_RULE_CAPTURE_OWN, (int)(r & 1)},
		        {CITY_RULE_CAPTURE_TOP, (int)(r >> 1 & 1)},
		        {CITY_RULE_RANSOM_MIN, (int)(r >> 2 & 1)},
		        {CITY_RULE_CAPTURE_GAPS, (r >> 3 & 7) != 0},
		        {CITY_RULE_TOWER_RANGE, (r >> 6 & 7) == 0 ? CITY_RANGE_SHORT
		                                                : CITY_RANGE_HEIGHT},
		        {CITY_RULE_CAPTURE_DIAGONAL, (int)(r >> 9 & 1)},
		        {CITY_RULE_RANSOM, (r >> 10 & 15) != 0}};
		for (int k = 0; k < 7; k++)
			ck_assert_int_eq(city_options_set_rule(o, rules[k][0],
			                                       rules[k][1]),
			                 CITY_OK);
	}
	return o;
}

/* Play one adversarial game to its final scoring and check it. */
static void play_one(const city_tileset *ts, int tower, int players,
                     int farmers, uint64_t seed, maxima *mx)
{
	static city_move moves[TEST_MOVES_CAP];
	uint64_t rng = seed * 0x9E3779B97F4A7C15u + 1;
	city_options *o = options_for(ts, tower, players, farmers, seed, &rng);
	city_game *g = NULL;
	policy pol;
	int e, m, p, drawn, floors = 0, on_end = 0, k, n_ev;
	int counts[6] = {0};
	const state *s;
	pol.floor_pct = 30 + pct(&rng) % 70;
	pol.top_pct = pct(&rng) % 60;
	pol.ransom_pct = pct(&rng) < 40 ? 0 : pct(&rng) < 50 ? 100 : 50;
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	city_options_free(o);
	s = &g->st;
	while (city_game_decision(g) != CITY_DECISION_END) {
		size_t count = 0;
		int rc;
		ck_assert_int_eq(city_legal_moves(g, moves, TEST_MOVES_CAP,
		                                  &count),
		                 CITY_OK);
		ck_assert_uint_gt(count, 0);
		rc = city_apply_move(g, &moves[choose(moves, count, &pol, &rng)]);
		ck_assert_msg(rc == CITY_OK,
		              "seed %llu, %d players: move %d refused: %s",
		              (unsigned long long)seed, players,
		              city_game_move_count(g) + 1, city_status_str(rc));
	}
	/* the followers on features before the final scoring sends them
	 * home (C-END-2; tops T-ACT-2 are not on features) */
	for (k = 0; k < city_game_follower_count(g); k++) {
		int role = 0;
		ck_assert_int_eq(city_game_follower(g, (size_t)k, NULL, &role,
		                                    NULL, NULL, NULL),
		                 CITY_OK);
		on_end += role != CITY_ROLE_TOWER_TOP;
	}
	ck_assert_int_eq(city_score_final(g), CITY_OK);
	e = city_game_event_count(g);
	m = city_game_move_count(g);
	/* no event lost: the log never filled (put_event drops beyond) */
	ck_assert_msg(e < s->lay.cap_events,
	              "seed %llu: %d events, capacity %d",
	              (unsigned long long)seed, e, s->lay.cap_events);
	ck_assert_int_le(m, s->lay.cap_moves);
	for (p = 0; p < players && tower; p++)
		floors += floors_of[players] - city_game_floors(g, p);
	n_ev = e;
	for (k = 0; k < n_ev; k++) {
		city_event ev;
		ck_assert_int_eq(city_game_event(g, (size_t)k, &ev), CITY_OK);
		if (ev.kind == CITY_EVENT_DISCARD)
			counts[0]++;
		else if (ev.kind == CITY_EVENT_CAPTURE)
			counts[1]++;
		else if (ev.kind == CITY_EVENT_EXCHANGE)
			counts[2]++;
		else if (ev.kind == CITY_EVENT_SCORE &&
		         ev.reason == CITY_REASON_RANSOM && ev.points > 0)
			counts[3]++;
	}
	/* the start tile is not drawn: drawn = placed - 1 + discarded */
	drawn = city_game_tile_count(g) - 1 + counts[0];
	/* the proof's inequalities (docs/tower-capacity.md) */
	ck_assert_msg(e <= drawn + 2 * floors + on_end,
	              "seed %llu: %d events > %d drawn + 2 x %d floors + %d",
	              (unsigned long long)seed, e, drawn, floors, on_end);
	/* a ransom decision per tile drawn only with The Tower */
	ck_assert_msg(m <= (2 + tower) * drawn + floors,
	              "seed %llu: %d moves > %d x %d drawn + %d floors",
	              (unsigned long long)seed, m, 2 + tower, drawn, floors);
	ck_assert_int_le(floors, 30);
	ck_assert_int_le(on_end, 7 * players);
	if (mx->games == 0 || drawn + 2 * floors + on_end - e < mx->events_slack)
		mx->events_slack = drawn + 2 * floors + on_end - e;
	if (mx->games == 0 || (2 + tower) * drawn + floors - m < mx->moves_slack)
		mx->moves_slack = (2 + tower) * drawn + floors - m;
	if (e > mx->events) {
		mx->events = e;
		mx->events_cap = s->lay.cap_events;
	}
	if (m > mx->moves) {
		mx->moves = m;
		mx->moves_cap = s->lay.cap_moves;
	}
	if (floors > mx->floors)
		mx->floors = floors;
	if (counts[1] > mx->captures)
		mx->captures = counts[1];
	if (counts[2] > mx->exchanges)
		mx->exchanges = counts[2];
	if (counts[3] > mx->ransoms)
		mx->ransoms = counts[3];
	mx->games++;
	city_game_free(g);
}

START_TEST(tower_games_stay_within_the_log_capacities)
{
	/* T-SET-1 floors, T-ACT-1/2, T-CAP-1..5 (captures, exchanges,
	 * ransoms), C-END-2/3 (the final scores and returns), C-TURN-2
	 * (discards), on the built-in Tower sets and on sets where every
	 * design has a tower foundation (90 and 163 tiles); the base game
	 * without The Tower (C-SCORE, C-END) on its own sets, where the same
	 * proof holds with no floor */
	struct {
		const char *name;
		city_tileset *ts;
		int tower;
	} sets[7] = {{"carcassonne-tower", NULL, 1},
	             {"carcassonne-river-tower", NULL, 1},
	             {"carcassonne-tower, every tile a tower", NULL, 1},
	             {"the same, each count doubled", NULL, 1},
	             {"carcassonne-river-tower, every tile a tower", NULL, 1},
	             {"carcassonne, no tower", NULL, 0},
	             {"carcassonne-river, no tower", NULL, 0}};
	int games = test_property_games(40, 1000), v, players, farmers, i;
	const city_tileset *builtin[7] = {NULL};
	city_game *g, *river;
	/* the built-in sets as city_game_new() chooses them */
	g = test_new_game_with(CITY_GAME_CARCASSONNE,
	                       CITY_EXPANSION_TOWER | CITY_EXPANSION_RIVER, -1, 2,
	                       1u);
	river = test_new_game_with(CITY_GAME_CARCASSONNE, CITY_EXPANSION_RIVER,
	                           -1, 2, 1u);
	builtin[1] = city_game_tileset(g);
	builtin[6] = city_game_tileset(river);
	ck_assert_str_eq(city_tileset_name(builtin[1]),
	                 "carcassonne-river-tower");
	ck_assert_str_eq(city_tileset_name(builtin[6]), "carcassonne-river");
	sets[2].ts = all_towers("carcassonne-tower.tiles", 1);
	sets[3].ts = all_towers("carcassonne-tower.tiles", 2);
	sets[4].ts = all_towers("carcassonne-river-tower.tiles", 1);
	for (v = 0; v < 7; v++) {
		maxima mx;
		const city_tileset *ts = builtin[v] ? builtin[v] : sets[v].ts;
		memset(&mx, 0, sizeof mx);
		for (players = 2; players <= 5; players++)
			for (farmers = 0; farmers <= 1; farmers++)
				for (i = 0; i < games; i++) {
					uint64_t seed = (uint64_t)(v * 1000003 +
					                           players * 10007 +
					                           farmers * 101 + i);
					play_one(ts, sets[v].tower, players, farmers,
					         seed, &mx);
				}
		printf("log capacity, %s: %d games; at most %d events "
		       "(capacity %d), %d moves (capacity %d); floors %d, "
		       "captures %d, exchanges %d, ransoms %d; least room "
		       "under the proof's bounds %d events, %d moves\n",
		       sets[v].name, mx.games, mx.events, mx.events_cap,
		       mx.moves, mx.moves_cap, mx.floors, mx.captures,
		       mx.exchanges, mx.ransoms, mx.events_slack,
		       mx.moves_slack);
		if (sets[v].tower) {
			ck_assert_int_gt(mx.captures, 0);
			ck_assert_int_gt(mx.ransoms, 0);
			ck_assert_int_gt(mx.exchanges, 0);
		}
	}
	fflush(stdout);
	for (v = 2; v < 5; v++)
		city_tileset_free(sets[v].ts);
	city_game_free(river);
	city_game_free(g);
}
END_TEST

static Suite *capacity_suite(void)
{
	const test_row rows[] = {
	        {tower_games_stay_within_the_log_capacities, 0, 1},
	};
	return test_suite("tower_capacity", "core", 600, rows, N_OF(rows));
}

TEST_MAIN(capacity_suite)
