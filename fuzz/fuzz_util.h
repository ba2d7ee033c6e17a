/*
 * Helpers shared by the fuzz harnesses (fuzz/fuzz_*.c): checks that abort
 * with a message, and whole-text getters for the calls that fill
 * caller-provided buffers.
 *
 * The harnesses use the public API only, so that the same source builds as
 * a libFuzzer target (clang, CITY_FUZZ) and, with fuzz/replay_main.c, as a
 * plain corpus replayer in the sanitized test build (gcc or clang).
 */
#ifndef CITY_FUZZ_UTIL_H
#define CITY_FUZZ_UTIL_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#if defined(__GNUC__) || defined(__clang__)
#define FUZZ_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define FUZZ_NORETURN __attribute__((noreturn))
#else
#define FUZZ_PRINTF(f, a)
#define FUZZ_NORETURN
#endif

/* The entry point every harness defines (libFuzzer's contract). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

FUZZ_PRINTF(1, 2) FUZZ_NORETURN
static inline void fuzz_fail(const char *fmt, ...)
{
	va_list ap;
	fputs("fuzz: invariant violated: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fflush(stderr);
	abort();
}

/* FUZZ_CHECK(cond, fmt, ...): abort with a message when cond is false. */
#define FUZZ_CHECK(cond, ...)                                              \
	do {                                                               \
		if (!(cond))                                               \
			fuzz_fail(__VA_ARGS__);                            \
	} while (0)

static inline void *fuzz_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p) {
		fputs("fuzz: out of memory\n", stderr);
		abort();
	}
	return p;
}

/* The game as record text (heap, NUL-terminated; *len without the NUL),
 * checking the buffer contract of city_game_save() on the way: a buffer
 * too small gives CITY_ERANGE and the exact size, which then succeeds and
 * writes that many bytes. One save call when the last size still fits (a
 * buffer kept between calls). */
static inline char *fuzz_save(const city_game *g, size_t *len)
{
	static char *buf;
	static size_t cap;
	size_t need = 0, need2 = 0;
	char *out;
	int rc = city_game_save(g, buf, cap, &need);
	if (rc == CITY_ERANGE) {
		FUZZ_CHECK(need > cap, "save into %zu bytes: CITY_ERANGE, needs %zu",
		           cap, need);
		free(buf);
		cap = need + need / 2;
		buf = fuzz_xmalloc(cap);
		rc = city_game_save(g, buf, cap, &need2);
		FUZZ_CHECK(need2 == need, "save needed %zu then %zu", need, need2);
	}
	FUZZ_CHECK(rc == CITY_OK, "save gave %s", city_status_str(rc));
	FUZZ_CHECK(need > 1 && strlen(buf) == need - 1,
	           "save wrote %zu bytes, said %zu", strlen(buf), need - 1);
	out = fuzz_xmalloc(need);
	memcpy(out, buf, need);
	if (len)
		*len = need - 1;
	return out;
}

/* A tile set as `.tiles` text (heap), with the same buffer checks. */
static inline char *fuzz_tileset_text(const city_tileset *ts, size_t *len)
{
	size_t need = 0, need2 = 0;
	char *buf;
	int rc = city_tileset_text(ts, NULL, 0, &need);
	FUZZ_CHECK(rc == CITY_ERANGE, "tileset_text(NULL, 0) gave %s",
	           city_status_str(rc));
	FUZZ_CHECK(need > 1, "tileset_text needs %zu bytes", need);
	buf = fuzz_xmalloc(need);
	if (need > 1) {
		rc = city_tileset_text(ts, buf, need - 1, &need2);
		FUZZ_CHECK(rc == CITY_ERANGE && need2 == need,
		           "tileset_text one byte short gave %s, needed %zu",
		           city_status_str(rc), need2);
	}
	rc = city_tileset_text(ts, buf, need, &need2);
	FUZZ_CHECK(rc == CITY_OK && need2 == need,
	           "tileset_text gave %s, needed %zu then %zu",
	           city_status_str(rc), need, need2);
	FUZZ_CHECK(strlen(buf) == need - 1, "tileset_text length");
	if (len)
		*len = need - 1;
	return buf;
}

/* The invariants of every game state (issue "Robustness"):
 * - followers are conserved: supply + followers on the board = 7 per
 *   player (R-SET-2; in Carcassonne, C-SET-2, prisoners held by others
 *   count too, T-CAP-3);
 * - wall pieces are conserved: pieces in the wall (gate excluded) + pieces
 *   left = 70 (R-SET-3; Carcassonne has none);
 * - a score is the sum of its game's categories, none negative (but The
 *   Tower's ransom);
 * - the decision and the deciding player are in range. */
static inline void fuzz_check_state(const city_game *g)
{
	int players = city_game_players(g), p, n, i, len, left;
	int on_board[5] = {0, 0, 0, 0, 0};
	int decision = city_game_decision(g);
	int carc = city_game_kind(g) == CITY_GAME_CARCASSONNE;
	FUZZ_CHECK(players >= 2 && players <= (carc ? 5 : 4), "players %d",
	           players);
	FUZZ_CHECK(decision >= CITY_DECISION_TILE &&
	               decision <= (carc ? CITY_DECISION_RANSOM
	                                 : CITY_DECISION_END),
	           "decision %d", decision);
	p = city_game_player(g);
	FUZZ_CHECK(p >= 0 && p < players, "player %d of %d", p, players);
	n = city_game_follower_count(g);
	FUZZ_CHECK(n >= 0 && n <= 7 * players, "follower count %d", n);
	for (i = 0; i < n; i++) {
		int owner = -1, role = -1, rc;
		rc = city_game_follower(g, (size_t)i, &owner, &role, NULL, NULL,
		                        NULL);
		FUZZ_CHECK(rc == CITY_OK, "follower %d of %d: %s", i, n,
		           city_status_str(rc));
		FUZZ_CHECK(owner >= 0 && owner < players, "follower owner %d",
		           owner);
		FUZZ_CHECK(carc ? role >= CITY_ROLE_HIGHWAYMAN &&
		                      role <= CITY_ROLE_TOWER_TOP
		                : role >= CITY_ROLE_CITIZEN &&
		                      role <= CITY_ROLE_GUARD,
		           "follower role %d", role);
		on_board[owner]++;
	}
	FUZZ_CHECK(city_game_follower(g, (size_t)n, NULL, NULL, NULL, NULL,
	                              NULL) == CITY_EINVAL,
	           "follower index %d past the count answered", n);
	for (p = 0; p < players; p++) {
		int fol = -1, tow = -1, c, sum = 0, score, held = 0, q;
		int first = carc ? CITY_CAT_ROADS : 0;
		int last = carc ? CITY_CAT_RANSOM : CITY_CAT_COUNT - 1;
		FUZZ_CHECK(city_game_supply(g, p, &fol, &tow) == CITY_OK,
		           "supply of player %d", p);
		for (q = 0; carc && q < players; q++)
			held += city_game_prisoners(g, q, p);
		FUZZ_CHECK(fol + on_board[p] + held == 7,
		           "player %d: %d followers in supply + %d on the board "
		           "+ %d prisoners != 7",
		           p, fol, on_board[p], held);
		FUZZ_CHECK(tow >= 0 && tow <= (carc ? 0 : 12 / players),
		           "player %d towers %d", p, tow);
		for (c = first; c <= last; c++) {
			int d = city_game_score_detail(g, p, c);
			FUZZ_CHECK(d >= 0 || (carc && c == CITY_CAT_RANSOM),
			           "player %d category %d: %d", p, c, d);
			sum += d;
		}
		score = city_game_score(g, p);
		FUZZ_CHECK(score == sum, "player %d score %d != categories %d",
		           p, score, sum);
	}
	len = city_wall_length(g);
	left = city_game_walls_left(g);
	FUZZ_CHECK(len >= 0 && left >= 0 && left <= 70, "wall %d, left %d",
	           len, left);
	if (carc)
		FUZZ_CHECK(len == 0 && left == 0, "Carcassonne has a wall");
	else if (len > 0)
		FUZZ_CHECK(len - 1 + left == 70,
		           "wall of %d pieces (gate included) + %d left != 71",
		           len, left);
	else
		FUZZ_CHECK(left == 70, "no gate but %d wall pieces left", left);
}

#endif /* CITY_FUZZ_UTIL_H */
