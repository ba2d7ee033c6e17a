/*
 * Tile sets: the `.tiles` parser and validator (tileset.md), the derived
 * in-tile adjacency, rotation, writing a set back as text, reference
 * counting, and the public city_tileset_* queries.
 *
 * One parser serves the built-in set (run at build time by city-tilegen)
 * and every custom set loaded at run time, so both are validated alike.
 */
#include "tileset.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "city/tileset.h"

/* Longest line accepted, newline excluded (an implementation limit). */
#define TS_LINE_MAX 4096u
/* Longest error reason kept while a line is checked. */
#define TS_REASON_MAX 160

#if defined(__GNUC__) || defined(__clang__)
#define TS_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define TS_PRINTF(f, a)
#endif

static const char *const side_names[4] = {"NORTH", "EAST", "SOUTH", "WEST"};

/* ------------------------------------------------------------------------ */
/* Reference counting                                                        */

/* Sets are shared by options and games; the built-in set lives in read-only
 * memory and is never counted, so is_static is tested before any write. */
static city_tileset *ts_mutable(const city_tileset *ts)
{
	return (city_tileset *)(uintptr_t)ts;
}

void ts_retain(const city_tileset *ts)
{
	if (ts == NULL || ts->is_static)
		return;
	atomic_fetch_add_explicit(&ts_mutable(ts)->refs, 1u,
	                          memory_order_relaxed);
}

void ts_release(const city_tileset *ts)
{
	if (ts == NULL || ts->is_static)
		return;
	if (atomic_fetch_sub_explicit(&ts_mutable(ts)->refs, 1u,
	                              memory_order_acq_rel) == 1u)
		free(ts_mutable(ts));
}

int ts_part_index(const ts_design *d, char name)
{
	for (unsigned k = 0; k < d->n_parts; k++)
		if (d->parts[k].name == name)
			return (int)k;
	return -1;
}

/* ------------------------------------------------------------------------ */
/* Derived adjacency (tileset.md "In-tile adjacency", used by R-END-4)       */

static void adj_link(uint16_t adj[TS_MAX_PARTS], unsigned p, unsigned q)
{
	if (p == q)
		return;
	adj[p] = (uint16_t)(adj[p] | (1u << q));
	adj[q] = (uint16_t)(adj[q] | (1u << p));
}

/* The adjacency the sides show: walking the 12 positions clockwise, two
 * consecutive halves touch across a corner, or across a middle without a
 * street; a street in the middle separates them. */
static void derive_side_adjacency(const ts_design *d,
                                  uint16_t adj[TS_MAX_PARTS])
{
	memset(adj, 0, sizeof(uint16_t) * TS_MAX_PARTS);
	for (unsigned s = 0; s < 4; s++) {
		const ts_side *cur = &d->side[s];
		const ts_side *next = &d->side[(s + 1) % 4];
		if (cur->mid == TS_NONE)
			adj_link(adj, cur->left, cur->right);
		adj_link(adj, cur->right, next->left); /* the corner */
	}
}

/* ------------------------------------------------------------------------ */
/* Parser                                                                    */

typedef struct ts_token {
	const char *s;
	unsigned n;   /* length */
	unsigned col; /* column of the first character, from 1 */
} ts_token;

/* The first error of a line in reading order: every check may report, the
 * smallest column wins (ties: the first reported). */
typedef struct ts_line_error {
	unsigned col; /* 0: none */
	char reason[TS_REASON_MAX];
} ts_line_error;

TS_PRINTF(3, 4)
static void line_error(ts_line_error *e, unsigned col, const char *fmt, ...)
{
	va_list ap;
	if (e->col != 0 && e->col <= col)
		return;
	e->col = col;
	va_start(ap, fmt);
	vsnprintf(e->reason, sizeof e->reason, fmt, ap);
	va_end(ap);
}

TS_PRINTF(5, 6)
static void report(char *err, size_t errcap, unsigned line, unsigned col,
                   const char *fmt, ...)
{
	char reason[TS_REASON_MAX];
	va_list ap;
	if (err == NULL || errcap == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(reason, sizeof reason, fmt, ap);
	va_end(ap);
	snprintf(err, errcap, "%u:%u: %s", line, col, reason);
}

static int is_blank(char c)
{
	/* CR is a blank so that files with CRLF line ends read alike. */
	return c == ' ' || c == '\t' || c == '\r';
}

static int is_name_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
}

static int is_region_letter(char c)
{
	return c >= 'a' && c <= 'h';
}

static int is_street_digit(char c)
{
	return c >= '1' && c <= '9';
}

static int token_is(const ts_token *t, const char *word)
{
	size_t n = strlen(word);
	return t->n == n && memcmp(t->s, word, n) == 0;
}

/* The value of a token made only of decimal digits, or -1. Large values are
 * capped (every field's range is small). */
static long token_number(const char *s, unsigned n)
{
	long v = 0;
	if (n == 0)
		return -1;
	for (unsigned k = 0; k < n; k++) {
		if (s[k] < '0' || s[k] > '9')
			return -1;
		if (v < 100000)
			v = v * 10 + (s[k] - '0');
	}
	return v;
}

/* Check a NAME (tileset name, historic building) starting at column col. */
static int check_name(const char *s, unsigned n, unsigned col,
                      const char *what, ts_line_error *e)
{
	if (n == 0) {
		line_error(e, col, "missing %s", what);
		return 0;
	}
	for (unsigned k = 0; k < n; k++) {
		if (k == TS_NAME_MAX) {
			line_error(e, col + k,
			           "%s longer than %d characters", what,
			           TS_NAME_MAX);
			return 0;
		}
		if (!is_name_char(s[k])) {
			line_error(e, col + k,
			           "bad character '%c' in %s (expected "
			           "A-Z a-z 0-9 _ . -)",
			           s[k], what);
			return 0;
		}
	}
	return 1;
}

/* Everything gathered from one design line before it becomes a ts_design. */
typedef struct ts_line_design {
	long id, count, pub;
	char sides[4][3];
	uint8_t have_sides; /* bit d: side d read and well-formed */
	uint8_t declared;   /* bit k: region 'a'+k declared */
	uint8_t kind[8];    /* TS_RESIDENTIAL / TS_MARKET */
	uint8_t markets[8];
	unsigned use_col[8]; /* first column where region 'a'+k is used, 0 */
	uint8_t street_sides[10]; /* sides holding digit k */
	uint16_t extra[8];        /* adj= pairs: bit j of extra[k] */
	int seen_pub, seen_hist, seen_adj;
	const char *hist;
	unsigned hist_n, hist_col;
} ts_line_design;

/* Parse state across lines. */
typedef struct ts_parser {
	city_tileset *ts;
	int have_header;
	unsigned id_line[TS_MAX_DESIGNS + 1]; /* line where an ID was seen */
} ts_parser;

static void note_use(ts_line_design *ld, char letter, unsigned col)
{
	unsigned k = (unsigned)(letter - 'a');
	if (ld->use_col[k] == 0 || col < ld->use_col[k])
		ld->use_col[k] = col;
}

static void parse_side(ts_line_design *ld, unsigned d, const ts_token *t,
                       ts_line_error *e)
{
	if (t->n != 3) {
		line_error(e, t->col,
		           "%s side must be 3 characters (left, middle, right)",
		           side_names[d]);
		return;
	}
	int ok = 1;
	for (unsigned k = 0; k < 3; k++) {
		char c = t->s[k];
		unsigned col = t->col + k;
		if (k == 1) {
			if (c == '-')
				continue;
			if (!is_street_digit(c)) {
				line_error(e, col,
				           "bad side middle '%c' (expected '-' "
				           "or a street digit 1-9)",
				           c);
				ok = 0;
				continue;
			}
			unsigned digit = (unsigned)(c - '0');
			if (++ld->street_sides[digit] > 2)
				line_error(e, col,
				           "street %c on more than two sides", c);
		} else if (is_region_letter(c)) {
			note_use(ld, c, col);
		} else {
			line_error(e, col,
			           "bad region letter '%c' (expected a-h)", c);
			ok = 0;
		}
	}
	if (ok) {
		memcpy(ld->sides[d], t->s, 3);
		ld->have_sides = (uint8_t)(ld->have_sides | (1u << d));
	}
}

/* x=T: R, or a non-empty set of F, G, L (each at most once, any order). */
static void parse_region(ts_line_design *ld, const ts_token *t,
                         ts_line_error *e)
{
	unsigned k = (unsigned)(t->s[0] - 'a');
	const char *v = t->s + 2;
	unsigned n = t->n - 2, vcol = t->col + 2;
	if (ld->declared & (1u << k)) {
		line_error(e, t->col, "region '%c' declared twice", t->s[0]);
		return;
	}
	ld->declared = (uint8_t)(ld->declared | (1u << k));
	if (n == 0) {
		line_error(e, vcol,
		           "missing region type (expected R or a mix of "
		           "F, G, L)");
		return;
	}
	if (v[0] == 'R') {
		if (n > 1)
			line_error(e, vcol + 1,
			           "a residential region (R) has no market "
			           "kinds");
		ld->kind[k] = TS_RESIDENTIAL;
		return;
	}
	uint8_t bits = 0;
	for (unsigned j = 0; j < n; j++) {
		uint8_t bit = v[j] == 'F'   ? TS_FISH
		              : v[j] == 'G' ? TS_GRAIN
		              : v[j] == 'L' ? TS_LIVESTOCK
		                            : 0;
		if (bit == 0) {
			line_error(e, vcol + j,
			           "bad region type '%c' (expected R or a mix "
			           "of F, G, L)",
			           v[j]);
			return;
		}
		if (bits & bit) {
			line_error(e, vcol + j, "market kind '%c' repeated",
			           v[j]);
			return;
		}
		bits = (uint8_t)(bits | bit);
	}
	ld->kind[k] = TS_MARKET;
	ld->markets[k] = bits;
}

/* adj=XY,...: pairs of two different region letters. */
static void parse_adj(ts_line_design *ld, const char *v, unsigned n,
                      unsigned vcol, ts_line_error *e)
{
	unsigned start = 0;
	for (;;) {
		unsigned end = start;
		while (end < n && v[end] != ',')
			end++;
		unsigned col = vcol + start;
		if (end - start != 2) {
			line_error(e, col,
			           "malformed adj= pair (expected two region "
			           "letters like ab)");
			return;
		}
		char a = v[start], b = v[start + 1];
		if (!is_region_letter(a)) {
			line_error(e, col,
			           "bad region letter '%c' in adj= (expected "
			           "a-h)",
			           a);
			return;
		}
		if (!is_region_letter(b)) {
			line_error(e, col + 1,
			           "bad region letter '%c' in adj= (expected "
			           "a-h)",
			           b);
			return;
		}
		if (a == b) {
			line_error(e, col + 1,
			           "malformed adj= pair: region '%c' paired "
			           "with itself",
			           a);
			return;
		}
		note_use(ld, a, col);
		note_use(ld, b, col + 1);
		unsigned ka = (unsigned)(a - 'a'), kb = (unsigned)(b - 'a');
		ld->extra[ka] = (uint16_t)(ld->extra[ka] | (1u << kb));
		ld->extra[kb] = (uint16_t)(ld->extra[kb] | (1u << ka));
		if (end == n)
			return;
		start = end + 1;
	}
}

static void parse_keyword(ts_parser *p, ts_line_design *ld,
                          const ts_token *t, ts_line_error *e)
{
	unsigned eq = 0;
	while (eq < t->n && t->s[eq] != '=')
		eq++;
	if (eq == t->n) {
		line_error(e, t->col,
		           "unknown keyword '%.*s' (expected x=T, pub=, hist= "
		           "or adj=)",
		           (int)(t->n > 20 ? 20 : t->n), t->s);
		return;
	}
	const char *v = t->s + eq + 1;
	unsigned n = t->n - eq - 1, vcol = t->col + eq + 1;
	if (eq == 1 && is_region_letter(t->s[0])) {
		parse_region(ld, t, e);
	} else if (eq == 1) {
		line_error(e, t->col,
		           "bad region letter '%c' (expected a-h)", t->s[0]);
	} else if (eq == 3 && memcmp(t->s, "pub", 3) == 0) {
		if (ld->seen_pub++) {
			line_error(e, t->col, "repeated pub=");
			return;
		}
		long v_pub = token_number(v, n);
		if (v_pub < 0 || v_pub > 4)
			line_error(e, vcol, "bad pub= value (expected 0-4)");
		else
			ld->pub = v_pub;
	} else if (eq == 4 && memcmp(t->s, "hist", 4) == 0) {
		if (ld->seen_hist++) {
			line_error(e, t->col, "repeated hist=");
			return;
		}
		if (ld->count > 1)
			line_error(e, t->col,
			           "historic building on a design with COUNT "
			           "%ld (must be 1)",
			           ld->count);
		if (!check_name(v, n, vcol, "historic building name", e))
			return;
		ld->hist = v;
		ld->hist_n = n;
		ld->hist_col = vcol;
		for (unsigned k = 0; k < p->ts->n_designs; k++) {
			const ts_design *o = &p->ts->designs[k];
			if (strlen(o->hist) == n && memcmp(o->hist, v, n) == 0) {
				line_error(e, vcol,
				           "historic building '%.*s' already "
				           "on design %u",
				           (int)n, v, (unsigned)o->id);
				return;
			}
		}
	} else if (eq == 3 && memcmp(t->s, "adj", 3) == 0) {
		if (ld->seen_adj++) {
			line_error(e, t->col, "repeated adj=");
			return;
		}
		parse_adj(ld, v, n, vcol, e);
	} else {
		line_error(e, t->col, "unknown keyword '%.*s='",
		           (int)(eq > 20 ? 20 : eq), t->s);
	}
}

/* Turn a checked line into its design (regions in letter order, then
 * streets in digit order). */
static void build_design(const ts_line_design *ld, ts_design *d)
{
	memset(d, 0, sizeof *d);
	d->id = (uint8_t)ld->id;
	d->count = (uint8_t)ld->count;
	d->pub = (uint8_t)ld->pub;
	memcpy(d->hist, ld->hist ? ld->hist : "", ld->hist_n);
	d->hist[ld->hist_n] = '\0';

	uint8_t index_of[128];
	memset(index_of, TS_NONE, sizeof index_of);
	for (unsigned k = 0; k < 8; k++) {
		if (!(ld->declared & (1u << k)))
			continue;
		ts_part *part = &d->parts[d->n_parts];
		part->name = (char)('a' + k);
		part->kind = ld->kind[k];
		part->markets = ld->markets[k];
		index_of['a' + k] = d->n_parts++;
	}
	for (unsigned k = 1; k <= 9; k++) {
		if (ld->street_sides[k] == 0)
			continue;
		ts_part *part = &d->parts[d->n_parts];
		part->name = (char)('0' + k);
		part->kind = TS_STREET;
		part->n_sides = ld->street_sides[k];
		index_of['0' + k] = d->n_parts++;
	}
	for (unsigned s = 0; s < 4; s++) {
		const char *c = ld->sides[s];
		ts_side *side = &d->side[s];
		side->left = index_of[(unsigned char)c[0]];
		side->right = index_of[(unsigned char)c[2]];
		side->mid = c[1] == '-' ? TS_NONE : index_of[(unsigned char)c[1]];
		if (side->mid != TS_NONE)
			d->street_mask = (uint8_t)(d->street_mask | (1u << s));
		d->parts[side->left].n_sides++;
		d->parts[side->right].n_sides++;
	}

	uint16_t adj[TS_MAX_PARTS];
	derive_side_adjacency(d, adj);
	for (unsigned a = 0; a < 8; a++)
		for (unsigned b = 0; b < 8; b++)
			if (ld->extra[a] & (1u << b))
				adj_link(adj, index_of['a' + a],
				         index_of['a' + b]);
	unsigned markets = 0, streets = 0;
	for (unsigned k = 0; k < d->n_parts; k++) {
		if (d->parts[k].kind == TS_MARKET)
			markets |= 1u << k;
		if (d->parts[k].kind == TS_STREET)
			streets |= 1u << k;
	}
	d->market_parts = (uint16_t)markets;
	d->street_parts = (uint16_t)streets;
	for (unsigned k = 0; k < d->n_parts; k++) {
		d->parts[k].adj = adj[k];
		d->parts[k].adj_markets = (uint16_t)(adj[k] & markets);
	}
}

/* Split the content of a line (comment removed) into tokens. */
static unsigned next_token(const char *s, unsigned n, unsigned *pos,
                           ts_token *t)
{
	while (*pos < n && is_blank(s[*pos]))
		(*pos)++;
	if (*pos == n)
		return 0;
	t->s = s + *pos;
	t->col = *pos + 1;
	unsigned start = *pos;
	while (*pos < n && !is_blank(s[*pos]))
		(*pos)++;
	t->n = *pos - start;
	return 1;
}

static void parse_header(ts_parser *p, const char *s, unsigned n,
                         ts_line_error *e)
{
	ts_token t;
	unsigned pos = 0;
	next_token(s, n, &pos, &t);
	if (!token_is(&t, "tileset")) {
		line_error(e, t.col, "missing 'tileset NAME' line");
		return;
	}
	unsigned after = t.col + t.n;
	if (!next_token(s, n, &pos, &t)) {
		line_error(e, after, "missing tile set name");
		return;
	}
	if (!check_name(t.s, t.n, t.col, "tile set name", e))
		return;
	memcpy(p->ts->name, t.s, t.n);
	p->ts->name[t.n] = '\0';
	if (next_token(s, n, &pos, &t))
		line_error(e, t.col, "unexpected text after the tile set name");
}

static void parse_design(ts_parser *p, const char *s, unsigned n,
                         unsigned line, ts_line_error *e)
{
	ts_line_design ld;
	ts_token t;
	unsigned pos = 0;
	memset(&ld, 0, sizeof ld);

	/* ID */
	next_token(s, n, &pos, &t);
	if (token_is(&t, "tileset")) {
		line_error(e, t.col, "repeated 'tileset' line");
		return;
	}
	ld.id = token_number(t.s, t.n);
	if (ld.id < 1 || ld.id > TS_MAX_DESIGNS) {
		line_error(e, t.col, "bad ID (expected a number 1-99)");
		ld.id = 0;
	} else if (p->id_line[ld.id] != 0) {
		line_error(e, t.col, "duplicate ID %ld (first on line %u)",
		           ld.id, p->id_line[ld.id]);
	}

	/* COUNT */
	unsigned after = t.col + t.n; /* the column after the last token */
	if (!next_token(s, n, &pos, &t)) {
		line_error(e, after, "missing COUNT");
		return;
	}
	ld.count = token_number(t.s, t.n);
	if (ld.count < 1 || ld.count > 9) {
		line_error(e, t.col, "bad COUNT (expected 1-9)");
		ld.count = 0;
	} else if (p->ts->n_tiles + (unsigned)ld.count > TS_MAX_TILES) {
		line_error(e, t.col, "more than %d tiles in the set",
		           TS_MAX_TILES);
	}

	/* NORTH EAST SOUTH WEST */
	for (unsigned d = 0; d < 4; d++) {
		after = t.col + t.n;
		if (!next_token(s, n, &pos, &t)) {
			line_error(e, after, "missing %s side", side_names[d]);
			return;
		}
		parse_side(&ld, d, &t, e);
	}

	/* x=T, pub=, hist=, adj= in any order */
	while (next_token(s, n, &pos, &t))
		parse_keyword(p, &ld, &t, e);

	/* Letters used on the sides or in adj= must be declared. */
	for (unsigned k = 0; k < 8; k++)
		if (ld.use_col[k] != 0 && !(ld.declared & (1u << k)))
			line_error(e, ld.use_col[k],
			           "region '%c' used but not declared",
			           (char)('a' + k));

	if (e->col != 0)
		return;
	build_design(&ld, &p->ts->designs[p->ts->n_designs++]);
	p->ts->n_tiles += (unsigned)ld.count;
	p->id_line[ld.id] = line;
}

/* Reject what is not printable ASCII text (tab and CR are blanks), and
 * lines over the length limit. Returns 0 and sets e on the first offence. */
static int check_bytes(const char *s, size_t n, ts_line_error *e)
{
	for (size_t k = 0; k < n; k++) {
		unsigned char c = (unsigned char)s[k];
		unsigned col = (unsigned)k + 1;
		if (k == TS_LINE_MAX) {
			line_error(e, col, "line longer than %u characters",
			           TS_LINE_MAX);
			return 0;
		}
		if (c >= 0x80) {
			line_error(e, col, "non-ASCII byte 0x%02X", c);
			return 0;
		}
		if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7F) {
			line_error(e, col, "control character 0x%02X", c);
			return 0;
		}
	}
	return 1;
}

static int design_cmp(const void *a, const void *b)
{
	const ts_design *x = a, *y = b;
	return (int)x->id - (int)y->id;
}

int ts_parse(city_tileset **out, const char *text, size_t len, char *err,
             size_t errcap)
{
	if (err != NULL && errcap > 0)
		err[0] = '\0';
	if (out == NULL || text == NULL) {
		if (err != NULL && errcap > 0)
			snprintf(err, errcap, "invalid argument (NULL)");
		return CITY_EINVAL;
	}

	ts_parser p;
	memset(&p, 0, sizeof p);
	p.ts = calloc(1, sizeof *p.ts);
	if (p.ts == NULL) {
		if (err != NULL && errcap > 0)
			snprintf(err, errcap, "out of memory");
		return CITY_ENOMEM;
	}

	size_t pos = 0;
	unsigned line = 1, eof_col = 1;
	while (pos < len) {
		const char *s = text + pos;
		const char *nl = memchr(s, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - s) : len - pos;
		ts_line_error e;
		e.col = 0;
		e.reason[0] = '\0';

		if (check_bytes(s, n, &e)) {
			/* Cut the comment; n now fits an unsigned. */
			unsigned m = 0;
			while (m < n && s[m] != '#')
				m++;
			unsigned k = 0;
			while (k < m && is_blank(s[k]))
				k++;
			if (k < m) {
				if (!p.have_header)
					parse_header(&p, s, m, &e);
				else
					parse_design(&p, s, m, line, &e);
				p.have_header = 1;
			}
		}
		if (e.col != 0) {
			report(err, errcap, line, e.col, "%s", e.reason);
			free(p.ts);
			return CITY_EPARSE;
		}
		if (nl) {
			pos += n + 1;
			line++;
			eof_col = 1;
		} else {
			pos = len;
			eof_col = (unsigned)n + 1;
		}
	}

	if (!p.have_header) {
		report(err, errcap, line, eof_col,
		       "missing 'tileset NAME' line");
		free(p.ts);
		return CITY_EPARSE;
	}
	if (p.ts->n_designs == 0) {
		report(err, errcap, line, eof_col, "tile set has no designs");
		free(p.ts);
		return CITY_EPARSE;
	}

	qsort(p.ts->designs, p.ts->n_designs, sizeof p.ts->designs[0],
	      design_cmp);
	p.ts->is_static = 0;
	atomic_init(&p.ts->refs, 1u);
	*out = p.ts;
	return CITY_OK;
}

/* ------------------------------------------------------------------------ */
/* Writing text                                                              */

/* Appends while there is room and counts everything (the size is known
 * even when the buffer is too small). */
typedef struct ts_writer {
	char *buf;
	size_t cap, n;
} ts_writer;

static void put(ts_writer *w, const char *s)
{
	size_t k = strlen(s);
	if (w->buf != NULL && w->n + k < w->cap)
		memcpy(w->buf + w->n, s, k);
	w->n += k;
}

static void put_char(ts_writer *w, char c)
{
	char s[2] = {c, '\0'};
	put(w, s);
}

static void put_number(ts_writer *w, unsigned v, int two_digits)
{
	char s[16];
	snprintf(s, sizeof s, two_digits ? "%02u" : "%u", v);
	put(w, s);
}

static void put_part_name(ts_writer *w, const ts_design *d, uint8_t index)
{
	put_char(w, index == TS_NONE ? '-' : d->parts[index].name);
}

static void write_design(ts_writer *w, const ts_design *d)
{
	put_number(w, d->id, 1);
	put_char(w, ' ');
	put_number(w, d->count, 0);
	put(w, " ");
	for (unsigned s = 0; s < 4; s++) {
		put_char(w, ' ');
		put_part_name(w, d, d->side[s].left);
		put_part_name(w, d, d->side[s].mid);
		put_part_name(w, d, d->side[s].right);
	}
	put(w, " ");
	for (unsigned k = 0; k < d->n_parts; k++) {
		const ts_part *part = &d->parts[k];
		if (part->kind == TS_STREET)
			continue;
		put_char(w, ' ');
		put_char(w, part->name);
		put_char(w, '=');
		if (part->kind == TS_RESIDENTIAL) {
			put_char(w, 'R');
			continue;
		}
		if (part->markets & TS_FISH)
			put_char(w, 'F');
		if (part->markets & TS_GRAIN)
			put_char(w, 'G');
		if (part->markets & TS_LIVESTOCK)
			put_char(w, 'L');
	}
	if (d->pub > 0) {
		put(w, "  pub=");
		put_number(w, d->pub, 0);
	}
	if (d->hist[0] != '\0') {
		put(w, "  hist=");
		put(w, d->hist);
	}
	/* Only the pairs the sides do not show already. */
	uint16_t shown[TS_MAX_PARTS];
	derive_side_adjacency(d, shown);
	int first = 1;
	for (unsigned a = 0; a < d->n_parts; a++)
		for (unsigned b = a + 1; b < d->n_parts; b++) {
			uint16_t bit = (uint16_t)(1u << b);
			if (!(d->parts[a].adj & bit) || (shown[a] & bit))
				continue;
			put(w, first ? "  adj=" : ",");
			put_char(w, d->parts[a].name);
			put_char(w, d->parts[b].name);
			first = 0;
		}
	put_char(w, '\n');
}

static void write_set(ts_writer *w, const city_tileset *ts)
{
	put(w, "tileset ");
	put(w, ts->name);
	put_char(w, '\n');
	for (unsigned k = 0; k < ts->n_designs; k++)
		write_design(w, &ts->designs[k]);
}

int ts_write(const city_tileset *ts, char *buf, size_t cap, size_t *needed)
{
	if (ts == NULL || (buf == NULL && cap > 0))
		return CITY_EINVAL;
	ts_writer w = {NULL, 0, 0};
	write_set(&w, ts);
	if (needed != NULL)
		*needed = w.n + 1;
	if (w.n + 1 > cap)
		return CITY_ERANGE;
	w.buf = buf;
	w.cap = cap;
	w.n = 0;
	write_set(&w, ts);
	buf[w.n] = '\0';
	return CITY_OK;
}

/* ------------------------------------------------------------------------ */
/* Public API                                                                */

static const ts_design *design_at(const city_tileset *ts, unsigned i)
{
	if (ts == NULL || i >= ts->n_designs)
		return NULL;
	return &ts->designs[i];
}

/* The part index of region `letter` in d, or -1 when it is no region. */
static int region_index(const ts_design *d, char letter)
{
	if (!is_region_letter(letter))
		return -1;
	return ts_part_index(d, letter);
}

CITY_EXPORT int city_tileset_parse(city_tileset **out, const char *text,
                                   size_t len, char *err, size_t errcap)
{
	return ts_parse(out, text, len, err, errcap);
}

CITY_EXPORT void city_tileset_free(city_tileset *ts)
{
	ts_release(ts);
}

CITY_EXPORT const city_tileset *city_tileset_default(void)
{
	return &city__tileset_default_data;
}

CITY_EXPORT const char *city_tileset_name(const city_tileset *ts)
{
	return ts ? ts->name : NULL;
}

CITY_EXPORT unsigned city_tileset_design_count(const city_tileset *ts)
{
	return ts ? ts->n_designs : 0;
}

CITY_EXPORT unsigned city_tileset_tile_count(const city_tileset *ts)
{
	return ts ? ts->n_tiles : 0;
}

CITY_EXPORT int city_tileset_find_design(const city_tileset *ts, int id)
{
	if (ts == NULL)
		return CITY_EINVAL;
	for (unsigned k = 0; k < ts->n_designs; k++)
		if (ts->designs[k].id == id)
			return (int)k;
	return CITY_ENOTFOUND;
}

CITY_EXPORT int city_tileset_design_id(const city_tileset *ts, unsigned i)
{
	const ts_design *d = design_at(ts, i);
	return d ? d->id : CITY_EINVAL;
}

CITY_EXPORT int city_tileset_design_count_of(const city_tileset *ts,
                                             unsigned i)
{
	const ts_design *d = design_at(ts, i);
	return d ? d->count : CITY_EINVAL;
}

CITY_EXPORT int city_tileset_public_buildings(const city_tileset *ts,
                                              unsigned i)
{
	const ts_design *d = design_at(ts, i);
	return d ? d->pub : CITY_EINVAL;
}

CITY_EXPORT const char *city_tileset_historic_name(const city_tileset *ts,
                                                   unsigned i)
{
	const ts_design *d = design_at(ts, i);
	return d ? d->hist : NULL;
}

CITY_EXPORT int city_tileset_side(const city_tileset *ts, unsigned i,
                                  int side, int rotation, char *out_left,
                                  char *out_street, char *out_right)
{
	const ts_design *d = design_at(ts, i);
	if (d == NULL || side < 0 || side > 3 || rotation < 0 || rotation > 3)
		return CITY_EINVAL;
	/* R-GEO-3: design side s faces board side (s + r) mod 4. */
	const ts_side *s = &d->side[(unsigned)(side - rotation + 4) % 4];
	if (out_left)
		*out_left = d->parts[s->left].name;
	if (out_street)
		*out_street = s->mid == TS_NONE ? '-' : d->parts[s->mid].name;
	if (out_right)
		*out_right = d->parts[s->right].name;
	return CITY_OK;
}

CITY_EXPORT int city_tileset_region_kind(const city_tileset *ts, unsigned i,
                                         char region, unsigned *out_markets)
{
	const ts_design *d = design_at(ts, i);
	if (d == NULL)
		return CITY_EINVAL;
	int k = region_index(d, region);
	if (k < 0)
		return CITY_ENOTFOUND;
	const ts_part *part = &d->parts[k];
	if (out_markets)
		*out_markets = part->markets;
	return part->kind == TS_MARKET ? CITY_REGION_MARKET
	                               : CITY_REGION_RESIDENTIAL;
}

CITY_EXPORT int city_tileset_adjacent(const city_tileset *ts, unsigned i,
                                      char r1, char r2)
{
	const ts_design *d = design_at(ts, i);
	if (d == NULL)
		return CITY_EINVAL;
	int a = region_index(d, r1), b = region_index(d, r2);
	if (a < 0 || b < 0)
		return CITY_ENOTFOUND;
	return (int)((d->parts[a].adj >> b) & 1u);
}

CITY_EXPORT int city_tileset_adjacency(const city_tileset *ts, unsigned i,
                                       char *out, size_t cap, size_t *needed)
{
	const ts_design *d = design_at(ts, i);
	if (d == NULL || (out == NULL && cap > 0))
		return CITY_EINVAL;
	char text[3 * TS_MAX_PARTS * TS_MAX_PARTS];
	size_t n = 0;
	for (unsigned a = 0; a < d->n_parts; a++)
		for (unsigned b = a + 1; b < d->n_parts; b++) {
			if (!((d->parts[a].adj >> b) & 1u))
				continue;
			if (n > 0)
				text[n++] = ',';
			text[n++] = d->parts[a].name;
			text[n++] = d->parts[b].name;
		}
	if (needed)
		*needed = n + 1;
	if (n + 1 > cap)
		return CITY_ERANGE;
	memcpy(out, text, n);
	out[n] = '\0';
	return CITY_OK;
}

CITY_EXPORT int city_tileset_text(const city_tileset *ts, char *buf,
                                  size_t cap, size_t *needed)
{
	return ts_write(ts, buf, cap, needed);
}
