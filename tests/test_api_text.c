/*
 * The text formats' shared pieces and their limits (issue 16, reliability):
 * the tokenizer (lib/lex.c) and its 64-bit line numbers, the tile-set text
 * limits (size, line length with and without CR, CITY_ELIMIT everywhere),
 * an inline set without its `end`, and the record's `scored` line
 * (record.md): load(test_save(g)) equals g in every query at every point of
 * played games, before and after final scoring (R-END-2..6).
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"
#include "lex.h"
#include "tileset_internal.h"

/* ------------------------------------------------------------------------ */
/* Helpers                                                                   */

/* A growing text buffer. */
typedef struct text {
	char *s;
	size_t n, cap;
} text;

static void add(text *t, const char *s, size_t n)
{
	if (t->n + n + 1 > t->cap) {
		t->cap = (t->n + n + 1) * 2;
		t->s = realloc(t->s, t->cap);
		ck_assert_ptr_nonnull(t->s);
	}
	memcpy(t->s + t->n, s, n);
	t->n += n;
	t->s[t->n] = '\0';
}

static void adds(text *t, const char *s)
{
	add(t, s, strlen(s));
}

/* A design line padded by a comment to exactly `len` bytes. */
static void add_padded_design(text *t, size_t len)
{
	const char *d = "1 1  a-a a-a a-a a-a  a=R #";
	size_t n = strlen(d);
	adds(t, d);
	for (; n < len; n++)
		add(t, "x", 1);
}

/* ------------------------------------------------------------------------ */
/* The tokenizer                                                             */

START_TEST(lex_lines_tokens_columns)
{
	const char *s = "a\tbc # note\r\n\r\n  end\r";
	lex_reader r;
	lex_line l;
	lex_cursor c;
	lex_token t;
	lex_reader_init(&r, s, strlen(s), 0);
	ck_assert(lex_next_line(&l, &r));
	ck_assert_uint_eq(l.no, 1);
	ck_assert_uint_eq(l.n, 11); /* the CR is not part of the line */
	ck_assert_uint_eq(l.content, 5);
	ck_assert_int_eq(l.has_cr, 1);
	lex_cursor_line(&c, &l);
	ck_assert(lex_next_token(&t, &c));
	ck_assert(lex_token_is(&t, "a"));
	ck_assert_uint_eq(t.col, 1);
	ck_assert(lex_next_token(&t, &c));
	ck_assert(lex_token_is(&t, "bc"));
	ck_assert_uint_eq(t.col, 3); /* a tab is one column */
	ck_assert(!lex_next_token(&t, &c));
	ck_assert(lex_next_line(&l, &r));
	ck_assert_uint_eq(l.n, 0);
	ck_assert_uint_eq(lex_count_tokens(&l), 0);
	ck_assert(lex_next_line(&l, &r));
	ck_assert_uint_eq(l.no, 3);
	ck_assert_int_eq(l.has_nl, 0);
	lex_cursor_line(&c, &l);
	ck_assert(lex_next_token(&t, &c));
	ck_assert(lex_token_is(&t, "end"));
	ck_assert_uint_eq(t.col, 3);
	ck_assert(!lex_next_line(&l, &r));
}
END_TEST

START_TEST(lex_numbers)
{
	lex_token t = {"18446744073709551615", 20, 1};
	uint64_t v = 0;
	ck_assert(lex_token_u64(&v, &t, UINT64_MAX));
	ck_assert(v == UINT64_MAX);
	t.s = "18446744073709551616";
	ck_assert(!lex_token_u64(&v, &t, UINT64_MAX));
	t.s = "21";
	t.n = 2;
	ck_assert(!lex_token_u64(&v, &t, 20));
	t.s = "-1";
	ck_assert(!lex_token_u64(&v, &t, 20));
}
END_TEST

/* Issue 16: lines are counted in 64 bits; past 2^32 lines an error still
 * names its own line. */
START_TEST(lex_line_numbers_are_64_bit)
{
	const char *s = "x\ny\n";
	lex_reader r;
	lex_line l;
	lex_reader_init(&r, s, strlen(s), UINT32_MAX - 1u);
	ck_assert(lex_next_line(&l, &r));
	ck_assert(l.no == UINT32_MAX);
	ck_assert(lex_next_line(&l, &r));
	ck_assert(l.no == (uint64_t)UINT32_MAX + 1u);
}
END_TEST

START_TEST(tileset_error_line_past_2_pow_32)
{
	const char *s = "tileset t\n"
	                "0 1  a-a a-a a-a a-a  a=R\n";
	city_tileset *ts = NULL;
	char err[256];
	ck_assert_int_eq(
	        ts_parse(&ts, s, strlen(s), UINT32_MAX, err, sizeof err),
	        CITY_EPARSE);
	ck_assert_str_eq(err,
	                 "4294967296:1: bad ID (expected a number 1-99)");
	ck_assert_ptr_null(ts);
	/* and the end of a text past 2^32 lines */
	s = "tileset t\n";
	ck_assert_int_eq(
	        ts_parse(&ts, s, strlen(s), UINT32_MAX, err, sizeof err),
	        CITY_EPARSE);
	ck_assert_str_eq(err, "4294967296:1: tile set has no designs");
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Tile-set text limits                                                      */

/* A set padded with comment lines of 1,000 bytes to `total` bytes. */
static text padded_set(size_t total)
{
	text t = {NULL, 0, 0};
	adds(&t, "tileset big\n1 1  a-a a-a a-a a-a  a=R\n");
	while (t.n < total) {
		size_t n = total - t.n < 1000 ? total - t.n : 1000;
		add(&t, "#", 1);
		for (size_t k = 1; k + 1 < n; k++)
			add(&t, "c", 1);
		if (n > 1)
			add(&t, "\n", 1);
	}
	ck_assert_uint_eq(t.n, total);
	return t;
}

START_TEST(tileset_text_size_limit)
{
	city_tileset *ts = NULL;
	char err[256], want[256];
	text t = padded_set(TS_TEXT_MAX);
	ck_assert_int_eq(city_tileset_parse(&ts, t.s, t.n, err, sizeof err),
	                 CITY_OK);
	city_tileset_free(ts);
	free(t.s);

	t = padded_set(TS_TEXT_MAX + 1);
	/* the first byte beyond the limit: its line and column */
	unsigned long line = 1, col = 1;
	for (size_t k = 0; k < TS_TEXT_MAX; k++, col++)
		if (t.s[k] == '\n') {
			line++;
			col = 0;
		}
	snprintf(want, sizeof want,
	         "%lu:%lu: tile set text longer than 1048576 bytes", line,
	         col);
	ts = NULL;
	ck_assert_int_eq(city_tileset_parse(&ts, t.s, t.n, err, sizeof err),
	                 CITY_ELIMIT);
	ck_assert_str_eq(err, want);
	ck_assert_ptr_null(ts);
	free(t.s);
}
END_TEST

/* A set of the header line `head` and one design line padded to
 * `design_len` characters, ended by CR LF. */
static text long_line_set(const char *head, size_t design_len)
{
	text t = {NULL, 0, 0};
	adds(&t, head);
	add_padded_design(&t, design_len);
	adds(&t, "\r\n");
	return t;
}

/* An inline set in a record: the same limits, at the record's lines. */
static text inline_record(size_t design_len, const char *eol)
{
	text t = {NULL, 0, 0};
	adds(&t, "citygame 1\nplayers 2\ntileset inline\ntileset long\n");
	add_padded_design(&t, design_len);
	adds(&t, eol);
	adds(&t, "2 9  a1a a-a a1a a-a  a=R\nend\nmoves\nend\n");
	return t;
}

/* Read t as a tile set, or as a record when `record`: the status, the
 * error in err (of errcap bytes) and, when read, the number of tiles of
 * the set. */
static int read_text(const text *t, int record, char *err, size_t errcap,
                     unsigned *tiles)
{
	city_tileset *ts = NULL;
	city_game *g = NULL;
	int rc = record ? city_game_load(&g, t->s, t->n, err, errcap)
	                : city_tileset_parse(&ts, t->s, t->n, err, errcap);
	if (rc != CITY_OK) {
		/* a refused text leaves no set and no game */
		ck_assert_ptr_null(g);
		ck_assert_ptr_null(ts);
		return rc;
	}
	*tiles = city_tileset_tile_count(record ? city_game_tileset(g) : ts);
	city_game_free(g);
	city_tileset_free(ts);
	return rc;
}

/* A design line of 4096 characters and a CR is read, one of 4097 is
 * CITY_ELIMIT, in a tile set and in an inline set of a record. */
static const struct {
	int record;        /* an inline set in a record, else a tile set */
	const char *head;  /* a tile set's header line */
	size_t design_len; /* the design line's length, without CR LF */
	size_t cut;        /* bytes cut from the end of the text */
	int status;
	const char *err; /* the error ("" when read) */
	unsigned tiles;  /* of the set read */
} long_lines[] = {
	{0, "tileset long\r\n", TS_LINE_MAX, 0, CITY_OK, "", 1},
	/* the last line, without a newline */
	{0, "tileset long\r\n", TS_LINE_MAX, 1, CITY_OK, "", 1},
	{0, "tileset long\n", TS_LINE_MAX + 1, 0, CITY_ELIMIT,
	 "2:4097: line longer than 4096 characters", 0},
	{1, NULL, TS_LINE_MAX, 0, CITY_OK, "", 10},
	{1, NULL, TS_LINE_MAX + 1, 0, CITY_ELIMIT,
	 "line 5: line longer than 4096 bytes", 0},
};

START_TEST(line_of_4096_plus_cr_is_read_one_more_is_elimit)
{
	char err[256] = "";
	unsigned tiles = 0;
	text t = long_lines[_i].record
	                 ? inline_record(long_lines[_i].design_len, "\r\n")
	                 : long_line_set(long_lines[_i].head,
	                                 long_lines[_i].design_len);
	t.n -= long_lines[_i].cut;
	int rc = read_text(&t, long_lines[_i].record, err, sizeof err, &tiles);
	ck_assert_msg(rc == long_lines[_i].status, "status %d, expected %d: %s",
	              rc, long_lines[_i].status, err);
	ck_assert_str_eq(err, long_lines[_i].err);
	ck_assert_uint_eq(tiles, long_lines[_i].tiles);
	free(t.s);
}
END_TEST

START_TEST(record_inline_set_without_end)
{
	const char *rec = "citygame 1\n"
	                  "players 2\n"
	                  "tileset inline\n"
	                  "tileset tiny\n"
	                  "1 9  a1b b-b b1a a-a  a=R b=R\n"
	                  "moves\n"
	                  "place 0 0 0\n"
	                  "end\n";
	city_game *g = NULL;
	char err[256] = "";
	ck_assert_int_eq(city_game_load(&g, rec, strlen(rec), err, sizeof err),
	                 CITY_EPARSE);
	ck_assert_str_eq(err, "line 6: missing end of the inline tile set "
	                      "begun on line 3");
	ck_assert_ptr_null(g);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* `scored` and load(test_save(g)) == g                                           */

/* Every public query of the two games agrees. */
static void assert_same_queries(const city_game *a, const city_game *b)
{
	int players = city_game_players(a), n, p;
	ck_assert_int_eq(city_game_players(b), players);
	ck_assert_int_eq(city_game_decision(a), city_game_decision(b));
	ck_assert_int_eq(city_game_player(a), city_game_player(b));
	ck_assert_int_eq(city_game_final_scored(a), city_game_final_scored(b));
	ck_assert_int_eq(city_game_end_reasons(a), city_game_end_reasons(b));
	ck_assert_int_eq(city_game_tile_count(a), city_game_tile_count(b));
	ck_assert_int_eq(city_game_walls_left(a), city_game_walls_left(b));
	ck_assert_int_eq(city_wall_length(a), city_wall_length(b));
	ck_assert_int_eq(city_wall_gap(a), city_wall_gap(b));
	ck_assert_int_eq(city_contour_length(a), city_contour_length(b));
	ck_assert_int_eq(city_tower_count(a), city_tower_count(b));
	for (int s = 1; s <= 3; s++)
		ck_assert_int_eq(city_game_tiles_left(a, s),
		                 city_game_tiles_left(b, s));
	{
		int da = 0, db = 0, sa = 0, sb = 0;
		ck_assert_int_eq(city_game_current_tile(a, &da, &sa),
		                 city_game_current_tile(b, &db, &sb));
		ck_assert_int_eq(da, db);
		ck_assert_int_eq(sa, sb);
	}
	for (p = 0; p < players; p++) {
		int fa = 0, ta = 0, fb = 0, tb = 0;
		ck_assert_int_eq(city_game_score(a, p), city_game_score(b, p));
		for (int c = 0; c < CITY_CAT_COUNT; c++)
			ck_assert_int_eq(city_game_score_detail(a, p, c),
			                 city_game_score_detail(b, p, c));
		city_game_supply(a, p, &fa, &ta);
		city_game_supply(b, p, &fb, &tb);
		ck_assert_int_eq(fa, fb);
		ck_assert_int_eq(ta, tb);
	}
	{
		unsigned ma = 0, mb = 0;
		ck_assert_int_eq(city_game_winners(a, &ma),
		                 city_game_winners(b, &mb));
		ck_assert_uint_eq(ma, mb);
	}
	n = city_game_event_count(a);
	ck_assert_int_eq(city_game_event_count(b), n);
	for (int i = 0; i < n; i++) {
		city_event ea, eb;
		ck_assert_int_eq(city_game_event(a, (size_t)i, &ea), CITY_OK);
		ck_assert_int_eq(city_game_event(b, (size_t)i, &eb), CITY_OK);
		ck_assert_mem_eq(&ea, &eb, sizeof ea);
	}
	n = city_game_follower_count(a);
	ck_assert_int_eq(city_game_follower_count(b), n);
	for (int i = 0; i < n; i++) {
		int pa, ra, pb, rb;
		int32_t xa, ya, xb, yb;
		char ca, cb;
		city_game_follower(a, (size_t)i, &pa, &ra, &xa, &ya, &ca);
		city_game_follower(b, (size_t)i, &pb, &rb, &xb, &yb, &cb);
		ck_assert(pa == pb && ra == rb && xa == xb && ya == yb &&
		          ca == cb);
	}
	n = city_wall_length(a);
	for (int i = 0; i < n; i++) {
		int32_t xa, ya, xb, yb;
		int sa, ga, wa, sb, gb, wb;
		city_wall_piece(a, (size_t)i, &xa, &ya, &sa, &ga, &wa);
		city_wall_piece(b, (size_t)i, &xb, &yb, &sb, &gb, &wb);
		ck_assert(xa == xb && ya == yb && sa == sb && ga == gb &&
		          wa == wb);
	}
	{
		static city_move ma[4096], mb[4096];
		size_t na = 0, nb = 0;
		ck_assert_int_eq(city_legal_moves(a, ma, 4096, &na),
		                 city_legal_moves(b, mb, 4096, &nb));
		ck_assert_uint_eq(na, nb);
		ck_assert_mem_eq(ma, mb, na * sizeof ma[0]);
	}
}

/* load(test_save(g)) and compare, and its record is the same text. */
static void assert_round_trip(const city_game *g)
{
	char *rec = test_save(g), *again, err[256] = "";
	city_game *back = NULL;
	int rc = city_game_load(&back, rec, strlen(rec), err, sizeof err);
	ck_assert_msg(rc == CITY_OK, "%s", err);
	assert_same_queries(g, back);
	again = test_save(back);
	ck_assert_str_eq(rec, again);
	free(again);
	free(rec);
	city_game_free(back);
}

START_TEST(round_trip_every_point_and_after_final_scoring)
{
	static city_move moves[4096];
	uint64_t rng = 0x5eed + (uint64_t)_i;
	city_options *o = NULL;
	city_game *g = NULL;
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_options_set_players(o, 2 + _i % 3), CITY_OK);
	ck_assert_int_eq(city_options_set_seed(o, (uint64_t)_i * 7919u),
	                 CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	city_options_free(o);
	for (int step = 0; city_game_decision(g) != CITY_DECISION_END;
	     step++) {
		size_t count = 0;
		if (step % 7 == 0)
			assert_round_trip(g);
		ck_assert_int_eq(city_legal_moves(g, moves, 4096, &count),
		                 CITY_OK);
		ck_assert_int_eq(
		        city_apply_move(g, &moves[test_rand(&rng) % count]),
		        CITY_OK);
	}
	assert_round_trip(g); /* ended, before final scoring */
	{
		char *rec = test_save(g);
		ck_assert_ptr_null(strstr(rec, "\nscored\n"));
		free(rec);
	}
	ck_assert_int_eq(city_score_final(g), CITY_OK);
	assert_round_trip(g); /* after final scoring */
	{
		char *rec = test_save(g);
		size_t n = strlen(rec);
		ck_assert_uint_gt(n, 12);
		ck_assert_str_eq(rec + n - 12, "\nscored\nend\n");
		free(rec);
	}
	city_game_free(g);
}
END_TEST

/* A finished game's record, without its `scored` and `end` lines. */
static char *finished_record_body(void)
{
	city_options *o = NULL;
	city_game *g = NULL;
	uint64_t rng = 3;
	static city_move moves[4096];
	ck_assert_int_eq(city_options_new(&o), CITY_OK);
	ck_assert_int_eq(city_game_new(&g, o), CITY_OK);
	city_options_free(o);
	while (city_game_decision(g) != CITY_DECISION_END) {
		size_t count = 0;
		ck_assert_int_eq(city_legal_moves(g, moves, 4096, &count),
		                 CITY_OK);
		ck_assert_int_eq(
		        city_apply_move(g, &moves[test_rand(&rng) % count]),
		        CITY_OK);
	}
	char *rec = test_save(g);
	city_game_free(g);
	size_t n = strlen(rec);
	ck_assert_str_eq(rec + n - 4, "end\n");
	rec[n - 4] = '\0';
	return rec;
}

static unsigned long count_lines(const char *s)
{
	unsigned long n = 0;
	for (; *s; s++)
		n += *s == '\n';
	return n;
}

START_TEST(scored_line_applies_final_scoring)
{
	char *body = finished_record_body();
	text t = {NULL, 0, 0};
	city_game *g = NULL, *plain = NULL;
	char err[256] = "";
	adds(&t, body);
	adds(&t, "  scored   # final scoring applied\nend\n");
	ck_assert_int_eq(city_game_load(&g, t.s, t.n, err, sizeof err),
	                 CITY_OK);
	ck_assert_int_eq(city_game_final_scored(g), 1);
	ck_assert_int_eq(city_game_load(&plain, body, strlen(body), err,
	                                sizeof err),
	                 CITY_EPARSE); /* no `end` */
	free(t.s);
	t.s = NULL;
	t.n = t.cap = 0;
	adds(&t, body);
	adds(&t, "end\n");
	ck_assert_int_eq(city_game_load(&plain, t.s, t.n, err, sizeof err),
	                 CITY_OK);
	ck_assert_int_eq(city_game_final_scored(plain), 0);
	ck_assert_int_eq(city_score_final(plain), CITY_OK);
	assert_same_queries(g, plain);
	city_game_free(g);
	city_game_free(plain);
	free(t.s);
	free(body);
}
END_TEST

START_TEST(scored_errors)
{
	char *body = finished_record_body();
	unsigned long scored_no = count_lines(body) + 1;
	char want[256], err[256] = "";
	city_game *g = NULL;
	size_t applied = 99;
	text t = {NULL, 0, 0};
	/* a move after `scored`: an error line, no game */
	adds(&t, body);
	adds(&t, "scored\npass\nend\n");
	ck_assert_int_eq(city_game_load(&g, t.s, t.n, err, sizeof err),
	                 CITY_EPARSE);
	snprintf(want, sizeof want, "line %lu: a move after scored (line %lu)",
	         scored_no + 1, scored_no);
	ck_assert_str_eq(err, want);
	ck_assert_ptr_null(g);
	free(t.s);
	free(body);

	/* `scored` before the game has ended: the moves are applied (with
	 * CITY_LOAD_PREFIX the game is returned), then the error at its line */
	const char *early = "citygame 1\nplayers 2\nseed 1\nmoves\n"
	                    "place 0 0 0\nscored\nend\n";
	ck_assert_int_eq(city_game_load(&g, early, strlen(early), err,
	                                sizeof err),
	                 CITY_ENOTENDED);
	ck_assert_str_eq(err,
	                 "line 6: R-END-1: scored before the game has ended");
	ck_assert_ptr_null(g);
	ck_assert_int_eq(city_game_load_ex(&g, &applied, early, strlen(early),
	                                   CITY_LOAD_PREFIX, err, sizeof err),
	                 CITY_ENOTENDED);
	ck_assert_str_eq(err,
	                 "line 6: R-END-1: scored before the game has ended");
	ck_assert_ptr_nonnull(g);
	ck_assert_uint_eq(applied, 1);
	ck_assert_int_eq(city_game_move_count(g), 1);
	ck_assert_int_eq(city_game_final_scored(g), 0);
	city_game_free(g);

	/* `scored` takes no argument */
	const char *extra = "citygame 1\nplayers 2\nmoves\nscored now\nend\n";
	g = NULL;
	ck_assert_int_eq(city_game_load(&g, extra, strlen(extra), err,
	                                sizeof err),
	                 CITY_EPARSE);
	ck_assert_str_eq(err, "line 4: unexpected text after scored");
}
END_TEST

static Suite *text_suite(void)
{
	Suite *s = suite_create("text");
	TCase *t = tcase_create("lex");
	tcase_add_test(t, lex_lines_tokens_columns);
	tcase_add_test(t, lex_numbers);
	tcase_add_test(t, lex_line_numbers_are_64_bit);
	tcase_add_test(t, tileset_error_line_past_2_pow_32);
	suite_add_tcase(s, t);
	t = tcase_create("limits");
	tcase_set_timeout(t, 60);
	tcase_add_test(t, tileset_text_size_limit);
	tcase_add_loop_test(t, line_of_4096_plus_cr_is_read_one_more_is_elimit,
	                    0, (int)N_OF(long_lines));
	tcase_add_test(t, record_inline_set_without_end);
	suite_add_tcase(s, t);
	t = tcase_create("scored");
	tcase_set_timeout(t, 300);
	tcase_add_loop_test(t, round_trip_every_point_and_after_final_scoring,
	                    0, 6);
	tcase_add_test(t, scored_line_applies_final_scoring);
	tcase_add_test(t, scored_errors);
	suite_add_tcase(s, t);
	return s;
}

TEST_MAIN(text_suite)
