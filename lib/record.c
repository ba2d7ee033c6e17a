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
#include "game.h"
#include "options.h"
#include "tileset.h"

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
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

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
	if (ts == city_tileset_default()) {
		out_str(c, "tileset the-city\n");
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

static void write_rules(out_cursor *c, const city_options *o)
{
	int rule;
	char val[12];
	for (rule = 1; rule < OPT_RULES; rule++) {
		out_str(c, "rule ");
		out_str(c, options_rule_name(rule));
		out_str(c, "=");
		out_str(c, options_rule_value_text(rule, o->rules[rule], val));
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
 * Reading: lines and tokens
 */

/* One line of the record: its number, its text without the terminator and
 * a trailing CR, and the part before a `#` comment. */
typedef struct rec_line {
	unsigned long no;
	const char *s;
	size_t n;       /* whole line */
	size_t content; /* bytes before the comment */
} rec_line;

typedef struct line_reader {
	const char *p, *end;
	unsigned long no; /* number of the last line read */
} line_reader;

static void reader_init(line_reader *r, const char *text, size_t len,
                        unsigned long no)
{
	r->p = text;
	r->end = text + len;
	r->no = no;
}

/* The next line, or 0 at the end of the text. */
static int next_line(line_reader *r, rec_line *l)
{
	const char *nl;
	if (r->p >= r->end)
		return 0;
	nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
	l->s = r->p;
	l->n = (size_t)((nl ? nl : r->end) - r->p);
	r->p = nl ? nl + 1 : r->end;
	l->no = ++r->no;
	if (l->n && l->s[l->n - 1] == '\r')
		l->n--;
	{
		const char *hash = memchr(l->s, '#', l->n);
		l->content = hash ? (size_t)(hash - l->s) : l->n;
	}
	return 1;
}

static int is_blank(char ch)
{
	return ch == ' ' || ch == '\t';
}

/* A cursor over the tokens of a line's content. */
typedef struct tokens {
	const char *p, *end;
} tokens;

static void tokens_init(tokens *t, const rec_line *l)
{
	t->p = l->s;
	t->end = l->s + l->content;
}

static int next_token(tokens *t, const char **tok, size_t *len)
{
	const char *start;
	while (t->p < t->end && is_blank(*t->p))
		t->p++;
	if (t->p >= t->end)
		return 0;
	start = t->p;
	while (t->p < t->end && !is_blank(*t->p))
		t->p++;
	*tok = start;
	*len = (size_t)(t->p - start);
	return 1;
}

static size_t count_tokens(const rec_line *l)
{
	tokens t;
	const char *tok = NULL;
	size_t len = 0, n = 0;
	tokens_init(&t, l);
	while (next_token(&t, &tok, &len))
		n++;
	return n;
}

/* The length of user text to quote in a message, as a printf precision. */
static int quote_len(size_t n)
{
	return (int)(n < QUOTE_MAX ? n : QUOTE_MAX);
}

static int token_is(const char *tok, size_t len, const char *word)
{
	return strlen(word) == len && memcmp(tok, word, len) == 0;
}

/* A decimal number of digits only, no sign, at most `max`. */
static int parse_u64(const char *tok, size_t len, uint64_t max, uint64_t *v)
{
	uint64_t x = 0;
	size_t i;
	if (len == 0)
		return 0;
	for (i = 0; i < len; i++) {
		unsigned d;
		if (tok[i] < '0' || tok[i] > '9')
			return 0;
		d = (unsigned)(tok[i] - '0');
		if (d > max || x > (max - d) / 10)
			return 0;
		x = x * 10 + d;
	}
	*v = x;
	return 1;
}

/* ------------------------------------------------------------------------
 * Reading: the loader
 */

enum header {
	H_CITYGAME,
	H_PLAYERS,
	H_SEED,
	H_ORDER,
	H_TILESET,
	H_STACKS,
	H_COUNT
};

static const char *const header_names[H_COUNT] = {
	"citygame", "players", "seed", "order", "tileset", "stacks"};

typedef struct loader {
	char *err;
	size_t errcap;
	unsigned flags;
	city_options *opts;
	city_tileset *inline_ts;     /* our reference to an inline set */
	unsigned long seen[H_COUNT]; /* line of each header line, 0: none */
	unsigned long rule_seen[OPT_RULES];
	uint64_t seed;
	int order[TS_MAX_TILES];
	size_t n_order;
	unsigned stacks[3];
	/* The move section: the text after the `moves` line. */
	const char *moves_at;
	size_t moves_len;
	unsigned long moves_line;
} loader;

static int fail(loader *ld, int status, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

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

/* Checks that apply to every line: its length and, outside comments, no
 * control character but the tab (a NUL byte would cut the text short when
 * handed to a parser that reads C strings). */
static int check_line(loader *ld, const rec_line *l)
{
	size_t i;
	if (l->n > RECORD_MAX_LINE)
		return fail(ld, CITY_ELIMIT,
		            "line %lu: line longer than %u bytes", l->no,
		            RECORD_MAX_LINE);
	for (i = 0; i < l->content; i++) {
		unsigned char ch = (unsigned char)l->s[i];
		if ((ch < 0x20 && ch != '\t') || ch == 0x7f)
			return fail(ld, CITY_EPARSE,
			            "line %lu: control character 0x%02x", l->no,
			            (unsigned)ch);
	}
	return CITY_OK;
}

/* Copy a line's content (comment excluded) as a C string. */
static void content_string(const rec_line *l, char buf[RECORD_MAX_LINE + 1])
{
	memcpy(buf, l->s, l->content);
	buf[l->content] = '\0';
}

static int header_index(const char *tok, size_t len)
{
	int h;
	for (h = 0; h < H_COUNT; h++)
		if (token_is(tok, len, header_names[h]))
			return h;
	return -1;
}

/* `players N`, 2..4 (R-SET-1). */
static int read_players(loader *ld, const rec_line *l, tokens *t)
{
	const char *tok = NULL;
	size_t len = 0;
	uint64_t v;
	if (!next_token(t, &tok, &len) || !parse_u64(tok, len, 9, &v) ||
	    v < 2 || v > 4 || next_token(t, &tok, &len))
		return fail(ld, CITY_EPARSE,
		            "line %lu: players must be one number, 2 to 4",
		            l->no);
	return city_options_set_players(ld->opts, (int)v);
}

/* `seed S`, 0 .. 2^64-1 (R-RNG). */
static int read_seed(loader *ld, const rec_line *l, tokens *t)
{
	const char *tok = NULL;
	size_t len = 0;
	if (!next_token(t, &tok, &len) ||
	    !parse_u64(tok, len, UINT64_MAX, &ld->seed) ||
	    next_token(t, &tok, &len))
		return fail(
		        ld, CITY_EPARSE,
		        "line %lu: seed must be one decimal number from 0 to "
		        "18446744073709551615",
		        l->no);
	return CITY_OK;
}

/* `order ID ...`: design ids in draw order (R-SET-4); checked against the
 * set once the whole header is read. */
static int read_order(loader *ld, const rec_line *l, tokens *t)
{
	const char *tok = NULL;
	size_t len = 0;
	uint64_t v;
	while (next_token(t, &tok, &len)) {
		if (!parse_u64(tok, len, TS_MAX_DESIGNS, &v) || v < 1)
			return fail(ld, CITY_EPARSE,
			            "line %lu: bad design id \"%.*s\" in order "
			            "(1 to %d)",
			            l->no, quote_len(len), tok, TS_MAX_DESIGNS);
		if (ld->n_order == TS_MAX_TILES)
			return fail(ld, CITY_ELIMIT,
			            "line %lu: order lists more than %d tiles",
			            l->no, TS_MAX_TILES);
		ld->order[ld->n_order++] = (int)v;
	}
	if (ld->n_order == 0)
		return fail(ld, CITY_EPARSE, "line %lu: order lists no tile",
		            l->no);
	return CITY_OK;
}

/* `stacks A B C` (R-SET-4); the sum is checked once the set is known. */
static int read_stacks(loader *ld, const rec_line *l, tokens *t)
{
	const char *tok = NULL;
	size_t len = 0;
	uint64_t v;
	int i;
	for (i = 0; i < 3; i++) {
		if (!next_token(t, &tok, &len) ||
		    !parse_u64(tok, len, TS_MAX_TILES, &v))
			return fail(
			        ld, CITY_EPARSE,
			        "line %lu: stacks must be three numbers 0 to "
			        "%d",
			        l->no, TS_MAX_TILES);
		ld->stacks[i] = (unsigned)v;
	}
	if (next_token(t, &tok, &len))
		return fail(ld, CITY_EPARSE,
		            "line %lu: stacks must be three numbers 0 to %d",
		            l->no, TS_MAX_TILES);
	if (ld->stacks[0] == 0)
		return fail(ld, CITY_EPARSE,
		            "line %lu: R-SET-4: the first stack must hold at "
		            "least one tile",
		            l->no);
	return CITY_OK;
}

/* `rule name=value` (R-OPT); each rule at most once. */
static int read_rule(loader *ld, const rec_line *l, tokens *t)
{
	const char *tok, *eq;
	size_t len, extra_len;
	const char *extra;
	char text[RECORD_MAX_LINE + 1];
	int rule, rc;
	if (!next_token(t, &tok, &len) || next_token(t, &extra, &extra_len))
		return fail(ld, CITY_EPARSE,
		            "line %lu: expected rule name=value", l->no);
	eq = memchr(tok, '=', len);
	if (!eq)
		return fail(ld, CITY_EPARSE,
		            "line %lu: expected rule name=value", l->no);
	for (rule = 1; rule < OPT_RULES; rule++)
		if (token_is(tok, (size_t)(eq - tok), options_rule_name(rule)))
			break;
	if (rule == OPT_RULES)
		return fail(ld, CITY_EPARSE, "line %lu: unknown rule \"%.*s\"",
		            l->no, quote_len((size_t)(eq - tok)), tok);
	if (ld->rule_seen[rule])
		return fail(ld, CITY_EPARSE,
		            "line %lu: duplicate rule %s (first on line %lu)",
		            l->no, options_rule_name(rule),
		            ld->rule_seen[rule]);
	memcpy(text, tok, len);
	text[len] = '\0';
	rc = city_options_parse_rule(ld->opts, text);
	if (rc != CITY_OK)
		return fail(ld, CITY_EPARSE,
		            "line %lu: bad value \"%.*s\" for rule %s", l->no,
		            quote_len(len - (size_t)(eq + 1 - tok)), eq + 1,
		            options_rule_name(rule));
	ld->rule_seen[rule] = l->no;
	return CITY_OK;
}

/* Report a tile set error "L:C: reason" at the record's line. */
static int fail_tileset(loader *ld, int status, const rec_line *head,
                        const char *tserr)
{
	unsigned long tl = 0, col = 0;
	const char *p = tserr;
	while (*p >= '0' && *p <= '9' && tl < 100000000ul)
		tl = tl * 10 + (unsigned long)(*p++ - '0');
	if (p != tserr && *p == ':') {
		const char *q = ++p;
		while (*p >= '0' && *p <= '9' && col < 100000000ul)
			col = col * 10 + (unsigned long)(*p++ - '0');
		if (p != q && *p == ':' && tl >= 1) {
			p++;
			while (*p == ' ')
				p++;
			return fail(ld, status, "line %lu: column %lu: %s",
			            head->no + tl, col, p);
		}
	}
	return fail(ld, status, "line %lu: %s", head->no, tserr);
}

/* `tileset the-city` or `tileset inline` followed by `.tiles` lines and
 * `end`. */
static int read_tileset(loader *ld, const rec_line *l, tokens *t,
                        line_reader *r)
{
	const char *tok, *start;
	size_t len = 0;
	rec_line in;
	char tserr[256];
	int rc, ended = 0;
	size_t extra;
	int builtin;
	if (!next_token(t, &tok, &len) || next_token(t, &start, &extra) ||
	    !((builtin = token_is(tok, len, "the-city")) != 0 ||
	      token_is(tok, len, "inline")))
		return fail(ld, CITY_EPARSE,
		            "line %lu: expected tileset the-city or tileset "
		            "inline",
		            l->no);
	if (builtin)
		return city_options_set_tileset(ld->opts,
		                                city_tileset_default());

	/* The lines up to `end` are the set's own text, handed over as they
	 * are so that its line numbers map back to the record's. */
	start = r->p;
	while (next_line(r, &in)) {
		tokens it;
		const char *w;
		size_t wl;
		if (in.n > RECORD_MAX_LINE)
			return check_line(ld, &in);
		tokens_init(&it, &in);
		if (next_token(&it, &w, &wl) && token_is(w, wl, "end") &&
		    !next_token(&it, &w, &wl)) {
			ended = 1;
			break;
		}
	}
	if (!ended)
		return fail(ld, CITY_EPARSE,
		            "line %lu: missing end of the inline tile set "
		            "begun on line %lu",
		            r->no + 1, l->no);
	/* The tile set parser reads a trailing CR as a blank, as the record
	 * does. */
	rc = city_tileset_parse(&ld->inline_ts, start, (size_t)(in.s - start),
	                        tserr, sizeof tserr);
	if (rc != CITY_OK) {
		ld->inline_ts = NULL;
		if (rc == CITY_ENOMEM)
			return fail(ld, rc, "out of memory");
		return fail_tileset(ld, rc, l, tserr);
	}
	return city_options_set_tileset(ld->opts, ld->inline_ts);
}

/* One header line; `r` is needed by an inline tile set. */
static int read_header_line(loader *ld, const rec_line *l, line_reader *r)
{
	tokens t;
	const char *tok = NULL;
	size_t len = 0;
	int h;
	tokens_init(&t, l);
	next_token(&t, &tok, &len);
	if (token_is(tok, len, "rule"))
		return read_rule(ld, l, &t);
	h = header_index(tok, len);
	if (h < 0)
		return fail(ld, CITY_EPARSE,
		            "line %lu: unknown header keyword \"%.*s\"", l->no,
		            quote_len(len), tok);
	if (ld->seen[h])
		return fail(ld, CITY_EPARSE,
		            "line %lu: duplicate %s line (first on line %lu)",
		            l->no, header_names[h], ld->seen[h]);
	ld->seen[h] = l->no;
	switch (h) {
	case H_PLAYERS:
		return read_players(ld, l, &t);
	case H_SEED:
		return read_seed(ld, l, &t);
	case H_ORDER:
		return read_order(ld, l, &t);
	case H_TILESET:
		return read_tileset(ld, l, &t, r);
	case H_STACKS:
		return read_stacks(ld, l, &t);
	default: /* H_CITYGAME, which only comes first */
		return CITY_EPARSE;
	}
}

/* The order must be a permutation of the set's tile instances (R-SET-4). */
static int check_order(loader *ld, const city_tileset *ts)
{
	unsigned long no = ld->seen[H_ORDER];
	int count[TS_MAX_DESIGNS + 1] = {0};
	unsigned tiles = city_tileset_tile_count(ts);
	size_t i;
	for (i = 0; i < ld->n_order; i++) {
		int id = ld->order[i];
		if (city_tileset_find_design(ts, id) < 0)
			return fail(ld, CITY_EPARSE,
			            "line %lu: R-SET-4: order names design %d, "
			            "which the tile set does not hold",
			            no, id);
		count[id]++;
	}
	for (i = 0; i < city_tileset_design_count(ts); i++) {
		int id = city_tileset_design_id(ts, (unsigned)i);
		int want = city_tileset_design_count_of(ts, (unsigned)i);
		if (id >= 1 && id <= TS_MAX_DESIGNS && count[id] != want)
			return fail(
			        ld, CITY_EPARSE,
			        "line %lu: R-SET-4: order lists design %d %d "
			        "times, the tile set holds %d",
			        no, id, count[id], want);
	}
	if (ld->n_order != tiles) /* unreachable when the counts match */
		return fail(
		        ld, CITY_EPARSE,
		        "line %lu: R-SET-4: order lists %zu tiles, the tile "
		        "set holds %u",
		        no, ld->n_order, tiles);
	return CITY_OK;
}

/* Everything the header says, checked as a whole (after `moves`). */
static int finish_header(loader *ld, const rec_line *moves)
{
	const city_tileset *ts =
	        ld->inline_ts ? ld->inline_ts : city_tileset_default();
	unsigned tiles = city_tileset_tile_count(ts);
	int rc;
	if (!ld->seen[H_PLAYERS])
		return fail(ld, CITY_EPARSE,
		            "line %lu: missing players line before moves",
		            moves->no);
	rc = city_options_set_seed(ld->opts, ld->seed);
	if (rc != CITY_OK)
		return fail(ld, rc, "line %lu: invalid seed", moves->no);
	if (ld->seen[H_ORDER]) {
		rc = check_order(ld, ts);
		if (rc != CITY_OK)
			return rc;
		rc = city_options_set_order(ld->opts, ld->order, ld->n_order);
		if (rc != CITY_OK)
			return fail(ld, rc, "line %lu: invalid order",
			            ld->seen[H_ORDER]);
	}
	if (ld->seen[H_STACKS]) {
		unsigned long sum = (unsigned long)ld->stacks[0] +
		                    ld->stacks[1] + ld->stacks[2];
		if (sum != tiles)
			return fail(ld, CITY_EPARSE,
			            "line %lu: R-SET-4: stacks sum to %lu, the "
			            "tile set holds %u tiles",
			            ld->seen[H_STACKS], sum, tiles);
		rc = city_options_set_stacks(ld->opts, ld->stacks[0],
		                             ld->stacks[1], ld->stacks[2]);
		if (rc != CITY_OK)
			return fail(ld, rc, "line %lu: invalid stacks",
			            ld->seen[H_STACKS]);
	}
	return CITY_OK;
}

/* Parse a move line's content. */
static int parse_move_line(loader *ld, const rec_line *l, city_move *m)
{
	char text[RECORD_MAX_LINE + 1];
	content_string(l, text);
	if (city_move_parse(m, text) != CITY_OK) {
		size_t n = l->content;
		const char *s = l->s;
		while (n && is_blank(*s))
			s++, n--;
		while (n && is_blank(s[n - 1]))
			n--;
		return fail(ld, CITY_EPARSE, "line %lu: bad move \"%.*s\"",
		            l->no, quote_len(n), s);
	}
	return CITY_OK;
}

static int is_end_line(const rec_line *l)
{
	tokens t;
	const char *tok = NULL;
	size_t len = 0;
	tokens_init(&t, l);
	return next_token(&t, &tok, &len) && token_is(tok, len, "end");
}

/* Pass 1: the header, then the syntax of the moves, `end`, and nothing but
 * comments after it. */
static int read_record(loader *ld, const char *text, size_t len)
{
	line_reader r;
	rec_line l;
	size_t moves = 0;
	int rc, state = 0; /* 0 before citygame, 1 header, 2 moves, 3 after */
	reader_init(&r, text, len, 0);
	while (next_line(&r, &l)) {
		tokens t;
		const char *tok;
		size_t tlen;
		rc = check_line(ld, &l);
		if (rc != CITY_OK)
			return rc;
		tokens_init(&t, &l);
		if (!next_token(&t, &tok, &tlen))
			continue; /* blank or comment */
		switch (state) {
		case 0: {
			const char *v;
			size_t vlen;
			if (!token_is(tok, tlen, "citygame") ||
			    !next_token(&t, &v, &vlen) ||
			    next_token(&t, &tok, &tlen))
				return fail(
				        ld, CITY_EPARSE,
				        "line %lu: expected \"citygame %d\"",
				        l.no, RECORD_VERSION);
			if (!token_is(v, vlen, "1"))
				return fail(ld, CITY_EPARSE,
				            "line %lu: unsupported record "
				            "version \"%.*s\" (expected %d)",
				            l.no, quote_len(vlen), v,
				            RECORD_VERSION);
			ld->seen[H_CITYGAME] = l.no;
			state = 1;
			break;
		}
		case 1:
			if (token_is(tok, tlen, "moves")) {
				if (count_tokens(&l) != 1)
					return fail(ld, CITY_EPARSE,
					            "line %lu: unexpected text "
					            "after moves",
					            l.no);
				rc = finish_header(ld, &l);
				if (rc != CITY_OK)
					return rc;
				ld->moves_line = l.no;
				ld->moves_at = r.p;
				state = 2;
				break;
			}
			rc = read_header_line(ld, &l, &r);
			if (rc != CITY_OK)
				return rc;
			break;
		case 2: {
			city_move m;
			if (is_end_line(&l)) {
				if (count_tokens(&l) != 1)
					return fail(ld, CITY_EPARSE,
					            "line %lu: unexpected text "
					            "after end",
					            l.no);
				ld->moves_len = (size_t)(l.s - ld->moves_at);
				state = 3;
				break;
			}
			if (moves == RECORD_MAX_MOVES)
				return fail(ld, CITY_ELIMIT,
				            "line %lu: more than %u moves",
				            l.no, RECORD_MAX_MOVES);
			rc = parse_move_line(ld, &l, &m);
			if (rc != CITY_OK)
				return rc;
			moves++;
			break;
		}
		default:
			return fail(ld, CITY_EPARSE,
			            "line %lu: content after end", l.no);
		}
	}
	switch (state) {
	case 0:
		return fail(ld, CITY_EPARSE,
		            "line %lu: expected \"citygame %d\"", r.no + 1,
		            RECORD_VERSION);
	case 1:
		return fail(ld, CITY_EPARSE, "line %lu: missing moves line",
		            r.no + 1);
	case 2:
		return fail(ld, CITY_EPARSE, "line %lu: missing end", r.no + 1);
	default:
		return CITY_OK;
	}
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

/* Pass 2: a new game, and every move applied as in live play. */
static int play_record(loader *ld, city_game **out, size_t *applied)
{
	city_game *g = NULL;
	line_reader r;
	rec_line l;
	size_t n = 0;
	int rc = city_game_new(&g, ld->opts);
	if (rc != CITY_OK) {
		if (rc == CITY_ENOMEM)
			return fail(ld, rc, "out of memory");
		return fail(ld, rc, "line %lu: invalid options (%s)",
		            ld->moves_line, city_status_str(rc));
	}
	reader_init(&r, ld->moves_at, ld->moves_len, ld->moves_line);
	while (next_line(&r, &l)) {
		city_move m;
		tokens t;
		const char *tok;
		size_t tlen;
		tokens_init(&t, &l);
		if (!next_token(&t, &tok, &tlen))
			continue;
		rc = parse_move_line(ld, &l, &m); /* valid since pass 1 */
		if (rc == CITY_OK)
			rc = city_apply_move(g, &m);
		if (rc != CITY_OK) {
			const char *why = move_reason(g, rc);
			if (applied)
				*applied = n;
			if (ld->flags & CITY_LOAD_PREFIX) {
				fail(ld, rc, "move %zu: %s", n + 1, why);
				*out = g;
				return rc;
			}
			fail(ld, rc, "line %lu: move %zu: %s", l.no, n + 1,
			     why);
			city_game_free(g);
			return rc;
		}
		n++;
	}
	if (applied)
		*applied = n;
	*out = g;
	return CITY_OK;
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
	if (len > RECORD_MAX_BYTES) {
		/* Name the line that holds the first byte beyond the limit. */
		unsigned long no = 1;
		size_t i;
		for (i = 0; i < RECORD_MAX_BYTES; i++)
			no += text[i] == '\n';
		return fail(&ld, CITY_ELIMIT,
		            "line %lu: record longer than %u bytes", no,
		            RECORD_MAX_BYTES);
	}
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
