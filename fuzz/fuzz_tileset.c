/*
 * fuzz_tileset: the `.tiles` parser (city_tileset_parse).
 *
 * Any input: the call returns CITY_OK or CITY_EPARSE, never crashes, leaves
 * `*out` untouched on failure and writes a NUL-terminated reason that fits
 * the caller's buffer whatever its size.
 *
 * A set that parses: city_tileset_text() then parsing that text again gives
 * the same text (a fixed point after one round), the queries agree with
 * each other (counts, ids, sides under rotation, region kinds, adjacency),
 * and a whole game played with the set keeps the game invariants
 * (fuzz_util.h) and survives save -> load -> save byte for byte.
 */
#include "fuzz_util.h"

static uint64_t fnv1a(const uint8_t *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325u;
	size_t i;
	for (i = 0; i < n; i++) {
		h ^= p[i];
		h *= 0x100000001b3u;
	}
	return h;
}

/* Every query of every design, checked for consistency. */
static void check_queries(const city_tileset *ts)
{
	unsigned n = city_tileset_design_count(ts), i, tiles = 0;
	int prev_id = 0;
	FUZZ_CHECK(n >= 1 && n <= 99, "design count %u", n);
	FUZZ_CHECK(city_tileset_name(ts) && strlen(city_tileset_name(ts)) >= 1 &&
	               strlen(city_tileset_name(ts)) <= 63,
	           "tile set name");
	for (i = 0; i < n; i++) {
		int id = city_tileset_design_id(ts, i);
		int count = city_tileset_design_count_of(ts, i);
		int pub = city_tileset_public_buildings(ts, i);
		const char *hist = city_tileset_historic_name(ts, i);
		char adj[128];
		size_t need = 0;
		int side, rot, rc;
		char r1, r2;
		FUZZ_CHECK(id > prev_id && id <= 99, "design %u id %d after %d", i,
		           id, prev_id);
		prev_id = id;
		FUZZ_CHECK(city_tileset_find_design(ts, id) == (int)i,
		           "find_design(%d) != %u", id, i);
		FUZZ_CHECK(count >= 1 && count <= 9, "count %d", count);
		FUZZ_CHECK(pub >= 0 && pub <= 4, "pub %d", pub);
		FUZZ_CHECK(hist != NULL, "historic name NULL");
		FUZZ_CHECK(hist[0] == '\0' || count == 1,
		           "historic building on a design with count %d", count);
		tiles += (unsigned)count;
		for (side = 0; side < 4; side++) {
			char l0, m0, r0;
			FUZZ_CHECK(city_tileset_side(ts, i, side, 0, &l0, &m0, &r0) ==
			               CITY_OK,
			           "side %d", side);
			FUZZ_CHECK(l0 >= 'a' && l0 <= 'h' && r0 >= 'a' && r0 <= 'h' &&
			               (m0 == '-' || (m0 >= '1' && m0 <= '9') ||
			                m0 == '~'), /* a river side */
			           "side %d shows '%c%c%c'", side, l0, m0, r0);
			FUZZ_CHECK(city_tileset_region_kind(ts, i, l0, NULL) >= 0,
			           "region '%c' of a side has no kind", l0);
			for (rot = 1; rot < 4; rot++) {
				char l, m, r;
				FUZZ_CHECK(city_tileset_side(ts, i, (side + rot) % 4, rot,
				                             &l, &m, &r) == CITY_OK,
				           "side under rotation");
				FUZZ_CHECK(l == l0 && m == m0 && r == r0,
				           "design side %d rotated by %d", side, rot);
			}
		}
		for (r1 = 'a'; r1 <= 'h'; r1++) {
			unsigned markets = 99;
			int kind = city_tileset_region_kind(ts, i, r1, &markets);
			int carc = city_tileset_game(ts) == CITY_GAME_CARCASSONNE;
			FUZZ_CHECK(kind == CITY_ENOTFOUND ||
			               (!carc && kind == CITY_REGION_RESIDENTIAL &&
			                markets == 0) ||
			               (!carc && kind == CITY_REGION_MARKET &&
			                markets >= 1 && markets <= 7) ||
			               (carc && (kind == CITY_REGION_CITY ||
			                         kind == CITY_REGION_FIELD) &&
			                markets == 0),
			           "region '%c' kind %d markets %u", r1, kind, markets);
			for (r2 = 'a'; r2 <= 'h'; r2++) {
				int a = city_tileset_adjacent(ts, i, r1, r2);
				int b = city_tileset_adjacent(ts, i, r2, r1);
				FUZZ_CHECK(a == b, "adjacency not symmetric");
				FUZZ_CHECK(r1 != r2 || a != 1, "region adjacent to itself");
			}
		}
		rc = city_tileset_adjacency(ts, i, NULL, 0, &need);
		FUZZ_CHECK(rc == CITY_ERANGE && need >= 1 && need <= sizeof adj,
		           "adjacency size %zu (%s)", need, city_status_str(rc));
		rc = city_tileset_adjacency(ts, i, adj, need, NULL);
		FUZZ_CHECK(rc == CITY_OK && strlen(adj) == need - 1,
		           "adjacency text");
		{
			/* Every pair listed is adjacent. */
			const char *p = adj;
			while (*p) {
				FUZZ_CHECK(city_tileset_adjacent(ts, i, p[0], p[1]) == 1,
				           "listed pair %c%c not adjacent", p[0], p[1]);
				p += p[2] == ',' ? 3 : 2;
			}
		}
	}
	FUZZ_CHECK(city_tileset_design_id(ts, n) == CITY_EINVAL,
	           "design index past the end answered");
	FUZZ_CHECK(tiles == city_tileset_tile_count(ts) && tiles <= 255,
	           "tile count %u, counts sum to %u",
	           city_tileset_tile_count(ts), tiles);
}

/* Whether the set has river tiles (a side shows '~'): it is played with
 * The River then, and only then (V-SET-1). */
static int has_river(const city_tileset *ts)
{
	unsigned i, n = city_tileset_design_count(ts);
	int side;
	char m;
	for (i = 0; i < n; i++)
		for (side = 0; side < 4; side++)
			if (city_tileset_side(ts, i, side, 0, NULL, &m, NULL) ==
			        CITY_OK &&
			    m == '~')
				return 1;
	return 0;
}

/* Play a whole game with the set, choosing legal moves from a seed. */
static void play_game(const city_tileset *ts, uint64_t seed)
{
	city_options *o = NULL;
	city_game *g = NULL, *g2 = NULL;
	city_move *moves;
	char *t1;
	size_t len1;
	int steps = 0, rc;
	FUZZ_CHECK(city_options_new(&o) == CITY_OK, "options_new");
	/* the set's own game (a Carcassonne set plays the base game, every
	 * other seed with The Tower, which any set may have, T-SET-3) */
	city_options_set_game(o, city_tileset_game(ts));
	if (city_tileset_game(ts) == CITY_GAME_CARCASSONNE && (seed >> 8 & 1))
		city_options_set_expansion(o, CITY_EXPANSION_TOWER, 1);
	if (has_river(ts))
		city_options_set_expansion(o, CITY_EXPANSION_RIVER, 1);
	city_options_set_tileset(o, ts);
	city_options_set_players(
	    o, 2 + (int)(seed % (city_tileset_game(ts) == CITY_GAME_CARCASSONNE
	                             ? 4u
	                             : 3u)));
	city_options_set_seed(o, seed);
	rc = city_game_new(&g, o);
	city_options_free(o);
	FUZZ_CHECK(rc == CITY_OK, "game_new with a parsed set: %s",
	           city_status_str(rc));
	while (city_game_decision(g) != CITY_DECISION_END) {
		size_t count = 0, count2 = 0, k;
		rc = city_legal_moves(g, NULL, 0, &count);
		FUZZ_CHECK(rc == CITY_OK && count > 0,
		           "no legal move at decision %d", city_game_decision(g));
		moves = fuzz_xmalloc(count * sizeof *moves);
		rc = city_legal_moves(g, moves, count, &count2);
		FUZZ_CHECK(rc == CITY_OK && count2 == count, "legal moves");
		seed = seed * 6364136223846793005u + 1442695040888963407u;
		k = (size_t)(seed >> 33) % count;
		rc = city_apply_move(g, &moves[k]);
		free(moves);
		FUZZ_CHECK(rc == CITY_OK, "legal move rejected: %s (%s)",
		           city_status_str(rc), city_game_last_error(g));
		FUZZ_CHECK(++steps < 5000, "game does not end");
		if (steps % 16 == 0)
			fuzz_check_state(g);
	}
	fuzz_check_state(g);
	FUZZ_CHECK(city_score_final(g) == CITY_OK, "score_final");
	fuzz_check_state(g);
	t1 = fuzz_save(g, &len1);
	g2 = fuzz_reload(t1, len1);
	free(t1);
	city_game_free(g2);
	city_game_free(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	city_tileset *sentinel = (city_tileset *)(uintptr_t)0x1, *ts = sentinel;
	city_tileset *ts2 = NULL;
	const char *text = (const char *)data;
	char err[256], *small, *t1, *t2;
	size_t errcap, len1, len2;
	int rc;

	memset(err, 'X', sizeof err);
	rc = city_tileset_parse(&ts, text, size, err, sizeof err);
	FUZZ_CHECK(memchr(err, '\0', sizeof err) != NULL,
	           "reason not NUL-terminated");
	if (rc != CITY_OK) {
		FUZZ_CHECK(rc == CITY_EPARSE, "parse gave %s",
		           city_status_str(rc));
		FUZZ_CHECK(ts == sentinel, "*out changed on failure");
		FUZZ_CHECK(err[0] != '\0', "no reason for a failure");
		/* The reason fits any buffer (an exact-size heap buffer, so
		 * that a write past it is caught). */
		errcap = 1 + (size ? data[0] % 24u : 0u);
		small = fuzz_xmalloc(errcap);
		rc = city_tileset_parse(&ts, text, size, small, errcap);
		FUZZ_CHECK(rc == CITY_EPARSE && ts == sentinel,
		           "second parse differs");
		FUZZ_CHECK(memchr(small, '\0', errcap) != NULL &&
		               strncmp(small, err, errcap - 1) == 0,
		           "truncated reason differs");
		free(small);
		return 0;
	}
	FUZZ_CHECK(ts != sentinel && ts != NULL, "no set on success");
	FUZZ_CHECK(err[0] == '\0', "reason on success: %s", err);
	check_queries(ts);

	t1 = fuzz_tileset_text(ts, &len1);
	rc = city_tileset_parse(&ts2, t1, len1, err, sizeof err);
	FUZZ_CHECK(rc == CITY_OK, "the set's own text does not parse: %s\n%s",
	           err, t1);
	t2 = fuzz_tileset_text(ts2, &len2);
	FUZZ_CHECK(len1 == len2 && memcmp(t1, t2, len1) == 0,
	           "text -> parse -> text differs:\n%s\n---\n%s", t1, t2);
	FUZZ_CHECK(city_tileset_design_count(ts) ==
	                   city_tileset_design_count(ts2) &&
	               city_tileset_tile_count(ts) == city_tileset_tile_count(ts2),
	           "reparsed set differs");
	free(t1);
	free(t2);
	city_tileset_free(ts2);

	/* Every set is played, in its own game (play_game sets it). */
	play_game(ts, fnv1a(data, size));
	city_tileset_free(ts);
	return 0;
}
