/*
 * The record module: the `.city` text format (record.md).
 *
 * Writing walks the game's options and move list through a bounded cursor
 * that keeps counting once the caller's buffer is full, so the size needed
 * is known without allocating. Reading is two passes over the text: the
 * first checks the header and the syntax of every line (and parses an inline
 * tile set), the second creates the game and applies the moves through
 * city_apply_move(), so a loaded game went through exactly the checks of
 * live play. A move the game rejects is therefore only reported for a
 * record whose syntax is valid in full, which is what CITY_LOAD_PREFIX
 * promises.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "city/city.h"
#include "city/tileset.h"
#include "bits.h"
#include "compiler.h"
#include "facts.h"
#include "game_internal.h"
#include "lex.h"
#include "options_internal.h"
#include "tileset_internal.h"

/* Resource limits of a record (docs/record.md); CITY_ELIMIT beyond them. */
#define RECORD_MAX_BYTES (4u * 1024u * 1024u) /* whole record, in bytes */
#define RECORD_MAX_LINE 4096u    /* one line, terminator and CR excluded */
#define RECORD_MAX_MOVES 100000u /* move lines */

#define RECORD_VERSION 1
/* Room for one move in record syntax ("gate -2147483648 ..." fits). */
#define MOVE_TEXT_MAX 64
/* User text quoted in an error message is cut to this many bytes. */
#define QUOTE_MAX 40

/* ------------------------------------------------------------------------
 * Writing
 */

/* A bounded writer: bytes beyond the capacity are counted, not stored. The
 * last byte of the buffer is kept for the terminating NUL. */
typedef struct out_cursor {
	char *buf;
	size_t cap;
	size_t len; /* bytes produced so far, stored or not */
} out_cursor;

static void out_bytes(out_cursor *c, const char *s, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++, c->len++)
		if (c->len + 1 < c->cap)
			c->buf[c->len] = s[i];
}

static void out_str(out_cursor *c, const char *s)
{
	out_bytes(c, s, strlen(s));
}

static void out_fmt(out_cursor *c, const char *fmt, ...)
	CITY_PRINTF(2, 3);

static void out_fmt(out_cursor *c, const char *fmt, ...)
{
	char tmp[64];
	va_list ap;
	int n;
	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (n > 0)
		out_bytes(c, tmp,
		          (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* The tile set block: `tileset the-city` for the built-in set, otherwise
 * the set's own text between `tileset inline` and `end`. */
static int write_tileset(out_cursor *c, const city_tileset *ts)
{
	size_t need = 0, room;
	int rc;
	if (ts == city_tileset_builtin(ts->name)) {
		out_fmt(c, "tileset %s\n", ts->name);
		return CITY_OK;
	}
	out_str(c, "tileset inline\n");
	/* Let the set write itself straight into the buffer when it fits (it
	 * leaves the buffer untouched when it does not); either way it tells
	 * its size. */
	room = c->len + 1 < c->cap ? c->cap - c->len : 0;
	rc = city_tileset_text(ts, room ? c->buf + c->len : NULL, room, &need);
	if (rc != CITY_OK && rc != CITY_ERANGE)
		return rc;
	if (need > 1) {
		size_t n = need - 1;
		int ends_in_newline;
		if (rc == CITY_OK) {
			ends_in_newline = c->buf[c->len + n - 1] == '\n';
			c->len += n;
		} else {
			/* Not stored: the size alone matters now, and a set's
			 * text always ends its last line. */
			ends_in_newline = 1;
			c->len += n;
		}
		if (!ends_in_newline)
			out_str(c, "\n");
	}
	out_str(c, "end\n");
	return CITY_OK;
}

/* The rules of the game and its expansions, and only those. */
static void write_rules(out_cursor *c, const city_options *o)
{
	int rule;
	char val[12];
	for (rule = 1; rule < OPT_RULE_COUNT; rule++) {
		if (!options_rule_applies(rule, o->game, o->expansions))
			continue;
		out_str(c, "rule ");
		out_str(c, options_rule_name(rule));
		out_str(c, "=");
		out_str(c, options_rule_value_text(val, rule, o->rules[rule]));
		out_str(c, "\n");
	}
}

static int write_moves(out_cursor *c, const city_game *g)
{
	int n = city_game_move_count(g), rc;
	size_t i;
	if (n < 0)
		return n;
	out_str(c, "moves\n");
	for (i = 0; i < (size_t)n; i++) {
		city_move m;
		char text[MOVE_TEXT_MAX];
		rc = city_game_move(g, i, &m);
		if (rc == CITY_OK)
			rc = city_move_to_string(&m, text, sizeof text, NULL);
		if (rc != CITY_OK)
			return rc;
		out_str(c, text);
		out_str(c, "\n");
	}
	if (city_game_final_scored(g) == 1)
		out_str(c, "scored\n");
	out_str(c, "end\n");
	return CITY_OK;
}

CITY_EXPORT int city_game_save(const city_game *game, char *buf,
                               size_t capacity, size_t *needed)
{
	out_cursor c;
	const city_options *o;
	unsigned i;
	int rc;
	if (!game || (!buf && capacity))
		return CITY_EINVAL;
	o = game_options(game);
	if (!o)
		return CITY_EINVAL;
	c.buf = buf;
	c.cap = capacity;
	c.len = 0;

	out_fmt(&c, "citygame %d\n", RECORD_VERSION);
	if (!facts_of(o->game)->record_default)
		out_fmt(&c, "game %s\n", options_game_name(o->game));
	/* carcassonne.md: river, then tower */
	if (o->expansions & CITY_EXPANSION_RIVER)
		out_fmt(&c, "expansion %s\n",
		        options_expansion_name(CITY_EXPANSION_RIVER));
	if (o->expansions & CITY_EXPANSION_TOWER)
		out_fmt(&c, "expansion %s\n",
		        options_expansion_name(CITY_EXPANSION_TOWER));
	out_fmt(&c, "players %d\n", o->players);
	if (o->n_order == 0) {
		out_fmt(&c, "seed %llu\n", (unsigned long long)o->seed);
	} else {
		out_str(&c, "order");
		for (i = 0; i < o->n_order; i++)
			out_fmt(&c, " %u", (unsigned)o->order[i]);
		out_str(&c, "\n");
	}
	if (o->stacks[0] != 0)
		out_fmt(&c, "stacks %u %u %u\n", o->stacks[0], o->stacks[1],
		        o->stacks[2]);
	rc = write_tileset(&c, o->ts);
	if (rc != CITY_OK)
		return rc;
	write_rules(&c, o);
	rc = write_moves(&c, game);
	if (rc != CITY_OK)
		return rc;

	if (needed)
		*needed = c.len + 1;
	if (c.len + 1 > c.cap)
		return CITY_ERANGE;
	buf[c.len] = '\0';
	return CITY_OK;
}

/* ------------------------------------------------------------------------
 * Reading: tokens (the shared tokenizer, lex.h)
 */

typedef unsigned long long lineno; /* printed with %llu */

/* The length of user text to quote in a message, as a printf precision. */
static int quote_len(size_t n)
{
	return (int)(n < QUOTE_MAX ? n : QUOTE_MAX);
}

/* The first token of a line's content, or 0 for a blank line. */
static int first_token(lex_token *out, lex_cursor *c, const lex_line *l)
{
	lex_cursor_line(c, l);
	return lex_next_token(out, c);
}

/* Whether the line is exactly the word `word` (comments aside). */
static int line_is_word(const lex_line *l, const char *word)
{
	lex_cursor c;
	lex_token t;
	return first_token(&t, &c, l) && lex_token_is(&t, word) &&
	       !lex_next_token(&t, &c);
}

/* ------------------------------------------------------------------------
 * Reading: the loader
 */

typedef enum rec_header {
	H_CITYGAME,
	H_PLAYERS,
	H_SEED,
	H_ORDER,
	H_TILESET,
	H_STACKS,
	H_GAME,
	H_EXPANSION,
	H_COUNT
} rec_header;

static const char *const header_names[H_COUNT] = {
	"citygame", "players", "seed",     "order",
	"tileset",  "stacks",  "game", "expansion"};

/* Where pass 1 is in the record. */
typedef enum rec_part {
	REC_START,  /* before `citygame 1` */
	REC_HEADER, /* header lines until `moves` */
	REC_MOVES,  /* move lines until `end` */
	REC_DONE    /* after `end`: comments and blank lines only */
} rec_part;

typedef struct loader {
	char *err;
	size_t errcap;
	unsigned flags;
	city_options *opts;
	city_tileset *inline_ts; /* our reference to an inline set */
	uint64_t seen[H_COUNT];  /* line of each header line, 0: none */
	uint64_t rule_seen[OPT_RULE_COUNT];
	int rule_value[OPT_RULE_COUNT];
	int players;
	int game;            /* CITY_GAME_* of the `game` line */
	unsigned expansions; /* of the `expansion` lines */
	uint64_t expansion_line[8]; /* line of `expansion` bit k, 0: none */
	const city_tileset *ts; /* of the `tileset` line, NULL: none */
	uint64_t seed;
	int order[TS_MAX_TILES];
	size_t n_order;
	unsigned stacks[3];
	rec_part part;
	size_t n_moves;
	uint64_t scored_line; /* the `scored` line, 0: none */
	/* The move section: the text after the `moves` line. */
	const char *moves_at;
	size_t moves_len;
	uint64_t moves_line;
} loader;

static int fail(loader *ld, int status, const char *fmt, ...)
	CITY_PRINTF(3, 4);

/* Record the reason of a failure in the caller's buffer; returns status. */
static int fail(loader *ld, int status, const char *fmt, ...)
{
	va_list ap;
	if (ld->err && ld->errcap) {
		va_start(ap, fmt);
		vsnprintf(ld->err, ld->errcap, fmt, ap);
		va_end(ap);
	}
	return status;
}

static int fail_at(loader *ld, uint64_t no, int status, const char *fmt,
                   ...) CITY_PRINTF(4, 5);

/* "line N: " and the reason into buf, cut to cap bytes as one vsnprintf of
 * the whole message would cut it. */
static void format_at(char *buf, size_t cap, uint64_t no, const char *fmt,
                      va_list ap)
{
	int n = snprintf(buf, cap, "line %llu: ", (lineno)no);
	if (n > 0 && (size_t)n < cap)
		vsnprintf(buf + n, cap - (size_t)n, fmt, ap);
}

/* fail() for a reason at line `no` of the record, which almost every
 * reason is: the message starts "line N: ". */
static int fail_at(loader *ld, uint64_t no, int status, const char *fmt, ...)
{
	va_list ap;
	if (ld->err && ld->errcap) {
		va_start(ap, fmt);
		format_at(ld->err, ld->errcap, no, fmt, ap);
		va_end(ap);
	}
	return status;
}

/* Checks that apply to every line: its length and, outside comments, no
 * control character but the tab (a NUL byte would cut the text short when
 * handed to a parser that reads C strings). */
static int check_line(loader *ld, const lex_line *l)
{
	size_t i;
	if (l->n > RECORD_MAX_LINE)
		return fail_at(ld, l->no, CITY_ELIMIT,
		               "line longer than %u bytes", RECORD_MAX_LINE);
	for (i = 0; i < l->content; i++) {
		unsigned char ch = (unsigned char)l->s[i];
		if ((ch < 0x20 && ch != '\t') || ch == 0x7f)
			return fail_at(ld, l->no, CITY_EPARSE,
			               "control character 0x%02x",
			               (unsigned)ch);
	}
	return CITY_OK;
}

static int header_index(const lex_token *t)
{
	int h;
	for (h = 0; h < H_COUNT; h++)
		if (lex_token_is(t, header_names[h]))
			return h;
	return -1;
}

/* `players N`, 2..4 (R-SET-1). */
static int read_players(loader *ld, const lex_line *l, lex_cursor *c)
{
	lex_token t;
	uint64_t v = 0;
	/* the range of the record's default game; a game with more seats is
	 * named when it is played or its most seats were asked */
	const game_facts *dflt = facts_of(CITY_GAME_THE_CITY);
	char wider[48] = "";
	if (lex_next_token(&t, c) && lex_token_u64(&v, &t, 9) &&
	    v >= dflt->min_players && v <= MAX_PLAYERS && !lex_next_token(&t, c)) {
		ld->players = (int)v;
		return CITY_OK;
	}
	for (int g = 0; g < FACTS_GAMES; g++)
		if ((v == MAX_PLAYERS ||
		     facts_of(ld->game)->max_players == MAX_PLAYERS) &&
		    facts_table[g].max_players > dflt->max_players)
			snprintf(wider, sizeof wider, " (%d to %d in %s)",
			         facts_table[g].min_players,
			         facts_table[g].max_players, facts_table[g].name);
	return fail_at(ld, l->no, CITY_EPARSE,
	               "players must be one number, %d to %d%s",
	               dflt->min_players, dflt->max_players, wider);
}

/* `seed S`, 0 .. 2^64-1 (R-RNG). */
static int read_seed(loader *ld, const lex_line *l, lex_cursor *c)
{
	lex_token t;
	if (!lex_next_token(&t, c) ||
	    !lex_token_u64(&ld->seed, &t, UINT64_MAX) || lex_next_token(&t, c))
		return fail_at(ld, l->no, CITY_EPARSE,
		               "seed must be one decimal number from 0 to "
		               "18446744073709551615");
	return CITY_OK;
}

/* `order ID ...`: design ids in draw order (R-SET-4); checked against the
 * set once the whole header is read. */
static int read_order(loader *ld, const lex_line *l, lex_cursor *c)
{
	lex_token t;
	uint64_t v;
	while (lex_next_token(&t, c)) {
		if (!lex_token_u64(&v, &t, TS_MAX_DESIGNS) || v < 1)
			return fail_at(ld, l->no, CITY_EPARSE,
			               "bad design id \"%.*s\" in order (1 to %d)",
			               quote_len(t.n), t.s, TS_MAX_DESIGNS);
		if (ld->n_order == TS_MAX_TILES)
			return fail_at(ld, l->no, CITY_ELIMIT,
			               "order lists more than %d tiles",
			               TS_MAX_TILES);
		ld->order[ld->n_order++] = (int)v;
	}
	if (ld->n_order == 0)
		return fail_at(ld, l->no, CITY_EPARSE, "order lists no tile");
	return CITY_OK;
}

/* `stacks A B C` (R-SET-4); the sum is checked once the set is known. */
static int read_stacks(loader *ld, const lex_line *l, lex_cursor *c)
{
	lex_token t;
	uint64_t v;
	int i;
	for (i = 0; i < 3; i++) {
		if (!lex_next_token(&t, c) ||
		    !lex_token_u64(&v, &t, TS_MAX_TILES))
			break;
		ld->stacks[i] = (unsigned)v;
	}
	if (i < 3 || lex_next_token(&t, c))
		return fail_at(ld, l->no, CITY_EPARSE,
		               "stacks must be three numbers 0 to %d",
		               TS_MAX_TILES);
	if (ld->stacks[0] == 0)
		return fail_at(ld, l->no, CITY_EPARSE,
		               "R-SET-4: the first stack must hold at least "
		               "one tile");
	return CITY_OK;
}

/* The one token after a header line's keyword into *t: 0 when there is
 * none or more than one. */
static int one_token(lex_token *t, lex_cursor *c)
{
	lex_token extra;
	return lex_next_token(t, c) && !lex_next_token(&extra, c);
}

/* `rule name=value` (R-OPT); each rule at most once. */
static int read_rule(loader *ld, const lex_line *l, lex_cursor *c)
{
	lex_token t;
	const char *eq;
	size_t name_len;
	int rule, value;
	if (!one_token(&t, c) || !(eq = memchr(t.s, '=', t.n)))
		return fail_at(ld, l->no, CITY_EPARSE,
		               "expected rule name=value");
	name_len = (size_t)(eq - t.s);
	rule = options_rule_find(t.s, name_len);
	if (rule == 0)
		return fail_at(ld, l->no, CITY_EPARSE, "unknown rule \"%.*s\"",
		               quote_len(name_len), t.s);
	if (ld->rule_seen[rule])
		return fail_at(ld, l->no, CITY_EPARSE,
		               "duplicate rule %s (first on line %llu)",
		               options_rule_name(rule),
		               (lineno)ld->rule_seen[rule]);
	if (options_rule_value(&value, rule, eq + 1, t.n - name_len - 1) !=
	    CITY_OK)
		return fail_at(ld, l->no, CITY_EPARSE,
		               "bad value \"%.*s\" for rule %s",
		               quote_len(t.n - name_len - 1), eq + 1,
		               options_rule_name(rule));
	ld->rule_seen[rule] = l->no;
	ld->rule_value[rule] = value;
	return CITY_OK;
}

/* `game NAME` (carcassonne.md, "Records"). */
static int read_game(loader *ld, const lex_line *l, lex_cursor *c)
{
	lex_token t;
	if (!one_token(&t, c) ||
	    (ld->game = options_game_find(t.s, t.n)) < 0)
		return fail_at(ld, l->no, CITY_EPARSE,
		               "expected game the-city or game carcassonne");
	return CITY_OK;
}

/* `expansion NAME`. */
static int read_expansion(loader *ld, const lex_line *l, lex_cursor *c)
{
	lex_token t;
	int bit;
	if (!one_token(&t, c) ||
	    (bit = options_expansion_find(t.s, t.n)) < 0)
		return fail_at(ld, l->no, CITY_EPARSE,
		               "expected expansion tower or river");
	if (ld->expansions & (unsigned)bit)
		return fail_at(
		        ld, l->no, CITY_EPARSE,
		        "duplicate expansion %.*s line (first on line %llu)",
		        quote_len(t.n), t.s,
		        (lineno)ld->expansion_line[low_bit((unsigned)bit)]);
	ld->expansions |= (unsigned)bit;
	ld->expansion_line[low_bit((unsigned)bit)] = l->no;
	return CITY_OK;
}

/* Report a tile set error "L:C: reason" (L already the record's line). */
static int fail_tileset(loader *ld, int status, const lex_line *head,
                        const char *tserr)
{
	unsigned long long tl = 0, col = 0;
	const char *p = tserr;
	while (*p >= '0' && *p <= '9' && tl < 100000000000000ull)
		tl = tl * 10 + (unsigned long long)(*p++ - '0');
	if (p != tserr && *p == ':') {
		const char *q = ++p;
		while (*p >= '0' && *p <= '9' && col < 100000000ull)
			col = col * 10 + (unsigned long long)(*p++ - '0');
		if (p != q && *p == ':' && tl >= 1) {
			p++;
			while (*p == ' ')
				p++;
			return fail_at(ld, tl, status, "column %llu: %s", col,
			               p);
		}
	}
	return fail_at(ld, head->no, status, "%s", tserr);
}

/* The lines of an inline set up to its `end` line; *last receives the
 * `end` line. */
static int find_inline_end(loader *ld, const lex_line *head, lex_reader *r,
                           lex_line *last)
{
	lex_cursor c;
	lex_token t;
	while (lex_next_line(last, r)) {
		if (last->n > RECORD_MAX_LINE)
			return check_line(ld, last);
		if (line_is_word(last, "end"))
			return CITY_OK;
		/* No tile-set line starts with `moves`: the set's `end` is
		 * missing, whatever `end` comes later. */
		if (first_token(&t, &c, last) && lex_token_is(&t, "moves"))
			return fail_at(ld, last->no, CITY_EPARSE,
			               "missing end of the inline tile set "
			               "begun on line %llu",
			               (lineno)head->no);
	}
	return fail_at(ld, r->no + 1, CITY_EPARSE,
	               "missing end of the inline tile set begun on line %llu",
	               (lineno)head->no);
}

/* `tileset the-city` or `tileset inline` followed by `.tiles` lines and
 * `end`. */
static int read_tileset(loader *ld, const lex_line *l, lex_cursor *c,
                        lex_reader *r)
{
	lex_token t, extra;
	lex_line last;
	const char *start;
	char tserr[256];
	int rc;
	char name[TS_NAME_MAX + 1] = "";
	int have = lex_next_token(&t, c);
	if (have && t.n <= TS_NAME_MAX) {
		memcpy(name, t.s, t.n);
		name[t.n] = '\0';
	}
	if (!have || lex_next_token(&extra, c) ||
	    !(city_tileset_builtin(name) || lex_token_is(&t, "inline")))
		return fail_at(ld, l->no, CITY_EPARSE,
		               "expected tileset the-city or tileset inline");
	if (city_tileset_builtin(name)) {
		ld->ts = city_tileset_builtin(name);
		return CITY_OK;
	}
	/* The lines up to `end` are the set's own text, handed over as they
	 * are and numbered as the record's lines. */
	start = r->p;
	rc = find_inline_end(ld, l, r, &last);
	if (rc != CITY_OK)
		return rc;
	rc = ts_parse(&ld->inline_ts, start, (size_t)(last.s - start),
	              l->no + 1, tserr, sizeof tserr);
	if (rc != CITY_OK) {
		ld->inline_ts = NULL;
		if (rc == CITY_ENOMEM)
			return fail(ld, rc, "out of memory");
		return fail_tileset(ld, rc, l, tserr);
	}
	ld->ts = ld->inline_ts;
	return CITY_OK;
}

/* One header line: its keyword t, the cursor c after it; `r` is needed by
 * an inline tile set. */
static int read_header_line(loader *ld, const lex_line *l, const lex_token *t,
                            lex_cursor *c, lex_reader *r)
{
	int h;
	if (lex_token_is(t, "rule"))
		return read_rule(ld, l, c);
	h = header_index(t);
	if (h < 0)
		return fail_at(ld, l->no, CITY_EPARSE,
		               "unknown header keyword \"%.*s\"",
		               quote_len(t->n), t->s);
	/* one `expansion` line per expansion (read_expansion) */
	if (ld->seen[h] && h != H_EXPANSION)
		return fail_at(ld, l->no, CITY_EPARSE,
		               "duplicate %s line (first on line %llu)",
		               header_names[h], (lineno)ld->seen[h]);
	if (!ld->seen[h])
		ld->seen[h] = l->no;
	switch (h) {
	case H_PLAYERS:
		return read_players(ld, l, c);
	case H_SEED:
		return read_seed(ld, l, c);
	case H_ORDER:
		return read_order(ld, l, c);
	case H_TILESET:
		return read_tileset(ld, l, c, r);
	case H_STACKS:
		return read_stacks(ld, l, c);
	case H_GAME:
		return read_game(ld, l, c);
	case H_EXPANSION:
		return read_expansion(ld, l, c);
	default: /* H_CITYGAME, which only comes first */
		return CITY_EPARSE;
	}
}

/* The first header error found once the header is complete: the one on
 * the earliest line wins (carcassonne.md, "Records"). */
typedef struct header_error {
	uint64_t line; /* 0: none */
	int status;
	char reason[200];
} header_error;

/* Keep the reason at `line` ("line N: " and the message) unless an error
 * on an earlier line is kept already. */
static void header_fail(header_error *h, uint64_t line, int status,
                        const char *fmt, ...)
	CITY_PRINTF(4, 5);

static void header_fail(header_error *h, uint64_t line, int status,
                        const char *fmt, ...)
{
	va_list ap;
	if (h->line != 0 && h->line <= line)
		return;
	h->line = line;
	h->status = status;
	va_start(ap, fmt);
	format_at(h->reason, sizeof h->reason, line, fmt, ap);
	va_end(ap);
}

/* The instances of design i the deal sets aside: the start tile (C-SET-3),
 * with The River the spring instead (V-SET-1) and one start tile with
 * river_start=remove (V-OPT-1). The River's order of segments (V-SET-2)
 * is city_game_new's to check. */
static int order_aside(const loader *ld, const city_tileset *ts, int i)
{
	if (ts->start < 0)
		return 0;
	if (!(ld->expansions & CITY_EXPANSION_RIVER) || ts->spring < 0)
		return i == ts->start;
	return (i == ts->spring) +
	       (i == ts->start && ld->rule_seen[CITY_RULE_RIVER_START] &&
	        ld->rule_value[CITY_RULE_RIVER_START] == CITY_RIVER_REMOVE);
}

/* The order must be a permutation of the set's drawn instances: all of
 * them (R-SET-4), or all but those set aside (C-SET-4, V-SET-1). */
static void check_order(loader *ld, const city_tileset *ts, header_error *h)
{
	uint64_t no = ld->seen[H_ORDER];
	char rule = facts_of(ts->game)->rule_prefix; /* R-SET-4, C-SET-4 */
	int count[TS_MAX_DESIGNS + 1] = {0};
	unsigned tiles = ts->n_tiles;
	size_t i;
	for (i = 0; i < ts->n_designs; i++)
		tiles -= (unsigned)order_aside(ld, ts, (int)i);
	for (i = 0; i < ld->n_order; i++) {
		int id = ld->order[i];
		if (city_tileset_find_design(ts, id) < 0) {
			header_fail(h, no, CITY_EPARSE,
			            "%c-SET-4: order names design %d, which "
			            "the tile set does not hold", rule, id);
			return;
		}
		count[id]++;
	}
	for (i = 0; i < ts->n_designs; i++) {
		int id = ts->designs[i].id;
		int aside = order_aside(ld, ts, (int)i);
		int want = ts->designs[i].count - aside;
		if (count[id] != want) {
			header_fail(h, no, CITY_EPARSE,
			            "%c-SET-4: order lists design %d %d times, "
			            "the tile set holds %d%s",
			            rule, id, count[id], want,
			            !aside                ? ""
			            : (int)i == ts->start ? " besides the start tile"
			                                  : " besides the spring");
			return;
		}
	}
	if (ld->n_order != tiles) /* unreachable when the counts match */
		header_fail(h, no, CITY_EPARSE,
		            "%c-SET-4: order lists %zu tiles, the tile set "
		            "holds %u", rule, ld->n_order, tiles);
}

/* `stacks`: The City only; they must sum to the set's size (R-SET-4). */
static void check_stacks(loader *ld, const city_tileset *ts, header_error *h)
{
	uint64_t no = ld->seen[H_STACKS];
	unsigned long sum = (unsigned long)ld->stacks[0] + ld->stacks[1] +
	                    ld->stacks[2];
	const game_facts *f = facts_of(ld->game);
	if (f->start_tile)
		header_fail(h, no, CITY_EPARSE,
		            "%c-SET-4: stacks is not a header line of %s",
		            f->rule_prefix, f->name);
	else if (sum != ts->n_tiles)
		header_fail(h, no, CITY_EPARSE,
		            "R-SET-4: stacks sum to %lu, the tile set holds "
		            "%u tiles", sum, ts->n_tiles);
}

/* Rules of another game, or of an expansion not in play; an expansion
 * of The City; a tile set of another game. */
static void check_game(loader *ld, const city_tileset *ts, header_error *h)
{
	for (int rule = 1; rule < OPT_RULE_COUNT; rule++) {
		uint64_t no = ld->rule_seen[rule];
		if (!no || options_rule_applies(rule, ld->game, ld->expansions))
			continue;
		if (options_rule_applies(rule, ld->game, ~0u))
			header_fail(h, no, CITY_EPARSE,
			            "rule %s needs expansion %s",
			            options_rule_name(rule),
			            options_expansion_name(
			                options_rule_expansion(rule)));
		else
			header_fail(h, no, CITY_EPARSE,
			            "rule %s is not a rule of %s",
			            options_rule_name(rule),
			            options_game_name(ld->game));
	}
	if (ld->expansions & ~facts_of(ld->game)->expansions)
		header_fail(h, ld->seen[H_EXPANSION], CITY_EPARSE,
		            "expansion %s needs game carcassonne",
		            options_expansion_name(
		                1u << low_bit(ld->expansions &
		                              ~facts_of(ld->game)->expansions)));
	if (ts->game != ld->game)
		header_fail(h, ld->seen[H_TILESET], CITY_EPARSE,
		            "tile set %s is a set of %s, the game is %s",
		            ts->name, options_game_name(ts->game),
		            options_game_name(ld->game));
}

/* The header's options into ld->opts (all checked). */
static int apply_header(loader *ld, const city_tileset *ts)
{
	int rc = city_options_set_game(ld->opts, ld->game);
	for (unsigned m = ld->expansions; rc == CITY_OK && m; m &= m - 1)
		rc = city_options_set_expansion(ld->opts, (int)(1u << low_bit(m)),
		                                1);
	if (rc == CITY_OK && ld->seen[H_TILESET])
		rc = city_options_set_tileset(ld->opts, ts);
	for (int rule = 1; rc == CITY_OK && rule < OPT_RULE_COUNT; rule++)
		if (ld->rule_seen[rule])
			rc = city_options_set_rule(ld->opts, rule,
			                           ld->rule_value[rule]);
	if (rc == CITY_OK && ld->seen[H_PLAYERS])
		rc = city_options_set_players(ld->opts, ld->players);
	if (rc == CITY_OK)
		rc = city_options_set_seed(ld->opts, ld->seed);
	if (rc == CITY_OK && ld->seen[H_ORDER])
		rc = city_options_set_order(ld->opts, ld->order, ld->n_order);
	if (rc == CITY_OK && ld->seen[H_STACKS])
		rc = city_options_set_stacks(ld->opts, ld->stacks[0],
		                             ld->stacks[1], ld->stacks[2]);
	return rc;
}

/* Everything the header says, checked as a whole (after `moves`). */
static int finish_header(loader *ld, const lex_line *moves)
{
	const city_tileset *ts =
	        ld->ts ? ld->ts : ts_builtin_for(ld->game, ld->expansions);
	header_error h = {0, 0, ""};
	int rc;
	/* carcassonne.md "Records": in a Carcassonne record a missing
	 * `players` is reported at line 1 (the earliest line, so it wins over
	 * the checks below); The City's records keep the `moves` line. */
	if (!ld->seen[H_PLAYERS] && !facts_of(ld->game)->record_default)
		return fail_at(ld, 1, CITY_EPARSE, "missing players line");
	if (!ld->seen[H_PLAYERS])
		return fail_at(ld, moves->no, CITY_EPARSE,
		               "missing players line before moves");
	check_game(ld, ts, &h);
	if (ld->players > facts_of(ld->game)->max_players)
		header_fail(&h, ld->seen[H_PLAYERS], CITY_EPARSE,
		            "players must be one number, %d to %d",
		            facts_of(ld->game)->min_players,
		            facts_of(ld->game)->max_players);
	if (ld->seen[H_ORDER])
		check_order(ld, ts, &h);
	if (ld->seen[H_STACKS])
		check_stacks(ld, ts, &h);
	if (h.line)
		return fail(ld, h.status, "%s", h.reason);
	rc = apply_header(ld, ts);
	if (rc != CITY_OK)
		return fail_at(ld, moves->no, rc, "invalid options (%s)",
		               city_status_str(rc));
	return CITY_OK;
}

/* Parse a move line's content. */
static int parse_move_line(loader *ld, const lex_line *l, city_move *m)
{
	char text[RECORD_MAX_LINE + 1];
	memcpy(text, l->s, l->content);
	text[l->content] = '\0';
	if (city_move_parse(m, text) != CITY_OK) {
		size_t n = l->content;
		const char *s = l->s;
		while (n && lex_is_blank(*s))
			s++, n--;
		while (n && lex_is_blank(s[n - 1]))
			n--;
		return fail_at(ld, l->no, CITY_EPARSE, "bad move \"%.*s\"",
		               quote_len(n), s);
	}
	return CITY_OK;
}

/* Pass 1, first line: `citygame 1`. */
static int read_citygame(loader *ld, const lex_line *l)
{
	lex_cursor c;
	lex_token t, v;
	first_token(&t, &c, l);
	if (!lex_token_is(&t, "citygame") || !lex_next_token(&v, &c) ||
	    lex_next_token(&t, &c))
		return fail_at(ld, l->no, CITY_EPARSE,
		               "expected \"citygame %d\"", RECORD_VERSION);
	if (!lex_token_is(&v, "1"))
		return fail_at(ld, l->no, CITY_EPARSE,
		               "unsupported record version \"%.*s\" "
		               "(expected %d)",
		               quote_len(v.n), v.s, RECORD_VERSION);
	ld->seen[H_CITYGAME] = l->no;
	ld->part = REC_HEADER;
	return CITY_OK;
}

/* Pass 1, a header line or `moves`. */
static int read_header_part(loader *ld, const lex_line *l, lex_reader *r)
{
	lex_cursor c;
	lex_token t;
	int rc;
	first_token(&t, &c, l);
	if (!lex_token_is(&t, "moves"))
		return read_header_line(ld, l, &t, &c, r);
	if (lex_count_tokens(l) != 1)
		return fail_at(ld, l->no, CITY_EPARSE,
		               "unexpected text after moves");
	rc = finish_header(ld, l);
	if (rc != CITY_OK)
		return rc;
	ld->moves_line = l->no;
	ld->moves_at = r->p;
	ld->part = REC_MOVES;
	return CITY_OK;
}

/* Pass 1, a move line (its syntax only), `scored` (record.md: only last)
 * or `end`. */
static int read_move_part(loader *ld, const lex_line *l)
{
	lex_cursor c;
	lex_token t;
	city_move m;
	first_token(&t, &c, l);
	if (lex_token_is(&t, "end")) {
		if (lex_count_tokens(l) != 1)
			return fail_at(ld, l->no, CITY_EPARSE,
			               "unexpected text after end");
		ld->moves_len = (size_t)(l->s - ld->moves_at);
		ld->part = REC_DONE;
		return CITY_OK;
	}
	if (ld->scored_line)
		return fail_at(ld, l->no, CITY_EPARSE,
		               "a move after scored (line %llu)",
		               (lineno)ld->scored_line);
	if (lex_token_is(&t, "scored")) {
		if (lex_count_tokens(l) != 1)
			return fail_at(ld, l->no, CITY_EPARSE,
			               "unexpected text after scored");
		ld->scored_line = l->no;
		return CITY_OK;
	}
	if (ld->n_moves == RECORD_MAX_MOVES)
		return fail_at(ld, l->no, CITY_ELIMIT, "more than %u moves",
		               RECORD_MAX_MOVES);
	ld->n_moves++;
	return parse_move_line(ld, l, &m);
}

/* Pass 1, the end of the text: what is missing. */
static int read_eof(loader *ld, const lex_reader *r)
{
	lineno next = (lineno)(r->no + 1);
	switch (ld->part) {
	case REC_START:
		return fail_at(ld, next, CITY_EPARSE,
		               "expected \"citygame %d\"", RECORD_VERSION);
	case REC_HEADER:
		return fail_at(ld, next, CITY_EPARSE, "missing moves line");
	case REC_MOVES:
		return fail_at(ld, next, CITY_EPARSE, "missing end");
	default:
		return CITY_OK;
	}
}

/* Pass 1: the header, then the syntax of the moves, `end`, and nothing but
 * comments after it. */
static int read_record(loader *ld, const char *text, size_t len)
{
	lex_reader r;
	lex_line l;
	int rc;
	lex_reader_init(&r, text, len, 0);
	while (lex_next_line(&l, &r)) {
		lex_cursor c;
		lex_token t;
		rc = check_line(ld, &l);
		if (rc != CITY_OK)
			return rc;
		if (!first_token(&t, &c, &l))
			continue; /* blank or comment */
		switch (ld->part) {
		case REC_START:
			rc = read_citygame(ld, &l);
			break;
		case REC_HEADER:
			rc = read_header_part(ld, &l, &r);
			break;
		case REC_MOVES:
			rc = read_move_part(ld, &l);
			break;
		default:
			return fail_at(ld, l.no, CITY_EPARSE,
			               "content after end");
		}
		if (rc != CITY_OK)
			return rc;
	}
	return read_eof(ld, &r);
}

/* The reason of a move the game rejected. */
static const char *move_reason(const city_game *g, int status)
{
	const char *why = city_game_last_error(g);
	if (why && *why)
		return why;
	switch (status) {
	case CITY_EENDED:
		return "R-END-1: the game has ended";
	case CITY_EDECISION:
		return "the move does not answer the current decision";
	default:
		return city_status_str(status);
	}
}

/* Pass 2, a rejected move: the game so far (CITY_LOAD_PREFIX) or nothing. */
static int fail_move(loader *ld, city_game **out, city_game *g, int rc,
                     const lex_line *l, size_t n)
{
	const char *why = move_reason(g, rc);
	if (ld->flags & CITY_LOAD_PREFIX) {
		fail(ld, rc, "move %zu: %s", n + 1, why);
		*out = g;
		return rc;
	}
	fail_at(ld, l->no, rc, "move %zu: %s", n + 1, why);
	city_game_free(g);
	return rc;
}

/* Pass 2, the `scored` line: final scoring, legal once the game has ended
 * (R-END-1, C-END-1: the rule id of the record's game); before that an error at the line, after the moves (with
 * CITY_LOAD_PREFIX the game of all the moves is returned). */
static int apply_scored(loader *ld, city_game **out, city_game *g)
{
	int rc = city_score_final(g);
	if (rc == CITY_OK) {
		*out = g;
		return CITY_OK;
	}
	fail_at(ld, ld->scored_line, rc,
	        "%c-END-1: scored before the game has ended",
	        facts_of(ld->game)->rule_prefix);
	if (ld->flags & CITY_LOAD_PREFIX)
		*out = g;
	else
		city_game_free(g);
	return rc;
}

/* Pass 2: a new game, and every move applied as in live play. */
static int play_record(loader *ld, city_game **out, size_t *applied)
{
	city_game *g = NULL;
	lex_reader r;
	lex_line l;
	size_t n = 0;
	int rc = city_game_new(&g, ld->opts);
	if (rc != CITY_OK) {
		char why[160];
		if (rc == CITY_ENOMEM)
			return fail(ld, rc, "out of memory");
		/* The River's order of segments: the order line's fault */
		if (city_options_check(ld->opts, why, sizeof why) != CITY_OK &&
		    strncmp(why, "V-SET-", 6) == 0)
			return fail_at(ld,
			               ld->seen[H_ORDER] ? ld->seen[H_ORDER]
			                                 : ld->moves_line,
			               CITY_EPARSE, "%s", why);
		return fail_at(ld, ld->moves_line, rc, "invalid options (%s)",
		               city_status_str(rc));
	}
	lex_reader_init(&r, ld->moves_at, ld->moves_len, ld->moves_line);
	while (lex_next_line(&l, &r)) {
		city_move m;
		lex_cursor c;
		lex_token t;
		if (!first_token(&t, &c, &l) || l.no == ld->scored_line)
			continue;
		rc = parse_move_line(ld, &l, &m); /* valid since pass 1 */
		if (rc == CITY_OK)
			rc = city_apply_move(g, &m);
		/* a well-formed move naming what this game lacks (ransom 3 of a
		 * 3-player game) is a bad argument to city_apply_move() but an
		 * illegal move of the record (docs/record.md) */
		if (rc == CITY_EINVAL)
			rc = CITY_EILLEGAL;
		if (applied)
			*applied = n;
		if (rc != CITY_OK)
			return fail_move(ld, out, g, rc, &l, n);
		n++;
	}
	if (applied)
		*applied = n;
	if (ld->scored_line)
		return apply_scored(ld, out, g);
	*out = g;
	return CITY_OK;
}

/* A record over the size limit: the line holding the first byte beyond. */
static int fail_too_long(loader *ld, const char *text)
{
	lineno no = 1;
	size_t i;
	for (i = 0; i < RECORD_MAX_BYTES; i++)
		no += text[i] == '\n';
	return fail_at(ld, no, CITY_ELIMIT, "record longer than %u bytes",
	               RECORD_MAX_BYTES);
}

CITY_EXPORT int city_game_load_opts(city_game **out, size_t *applied,
                                    const city_options *alloc_from,
                                    const char *text, size_t len,
                                    unsigned flags, char *err, size_t errcap)
{
	loader ld;
	city_options opts;
	int rc;
	memset(&ld, 0, sizeof ld);
	ld.err = err;
	ld.errcap = errcap;
	ld.flags = flags;
	if (err && errcap)
		err[0] = '\0';
	if (applied)
		*applied = 0;
	if (!out || (!text && len) || (flags & ~CITY_LOAD_PREFIX))
		return fail(&ld, CITY_EINVAL, "invalid argument");
	if (len > RECORD_MAX_BYTES)
		return fail_too_long(&ld, text);
	if (!text)
		text = "";
	/* The record says everything but the allocator, which comes from the
	 * caller's options; the loader's own options live on the stack. */
	options_init(&opts);
	if (alloc_from) {
		opts.alloc = alloc_from->alloc;
		opts.realloc = alloc_from->realloc;
		opts.free = alloc_from->free;
		opts.alloc_user = alloc_from->alloc_user;
	}
	ld.opts = &opts;
	rc = read_record(&ld, text, len);
	if (rc == CITY_OK)
		rc = play_record(&ld, out, applied);
	options_release(&opts);
	city_tileset_free(ld.inline_ts);
	return rc;
}

CITY_EXPORT int city_game_load_ex(city_game **out, size_t *applied,
                                  const char *text, size_t len,
                                  unsigned flags, char *err, size_t errcap)
{
	return city_game_load_opts(out, applied, NULL, text, len, flags, err,
	                           errcap);
}

CITY_EXPORT int city_game_load(city_game **out, const char *text, size_t len,
                               char *err, size_t errcap)
{
	return city_game_load_ex(out, NULL, text, len, 0, err, errcap);
}
