/*
 * The `.tiles` parser and validator (tileset.md).
 *
 * One parser serves the built-in sets (run at build time by city-tilegen)
 * and every custom set loaded at run time, so all are validated alike. The
 * text is read through the shared tokenizer (lex.h) line by line; each line
 * is checked in full and its first error in reading order (the smallest
 * column) is reported as "line:column: reason". A line that passes becomes
 * a design (ts_design) at once.
 *
 * Steps, in the order they run: ts_parse() → parse_lines() →
 * parse_line() → parse_header() | parse_design() [→ parse_id_count(),
 * parse_side() ×4, parse_keyword()…, check_declared(), build_design()] →
 * finish_set().
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "city/options.h"
#include "city/tileset.h"
#include "compiler.h"
#include "facts.h"
#include "lex.h"
#include "tileset_internal.h"

/* Longest error reason kept while a line is checked. */
#define TS_REASON_MAX 160


static const char *const side_names[4] = {"NORTH", "EAST", "SOUTH", "WEST"};

/* The first error of a line in reading order: every check may report, the
 * smallest column wins (ties: the first reported). */
typedef struct ts_line_error {
	size_t col; /* 0: none */
	int status; /* CITY_EPARSE or CITY_ELIMIT */
	char reason[TS_REASON_MAX];
} ts_line_error;

CITY_PRINTF(3, 4)
static void line_error(ts_line_error *e, size_t col, const char *fmt, ...)
{
	va_list ap;
	if (e->col != 0 && e->col <= col)
		return;
	e->col = col;
	e->status = CITY_EPARSE;
	va_start(ap, fmt);
	vsnprintf(e->reason, sizeof e->reason, fmt, ap);
	va_end(ap);
}

CITY_PRINTF(5, 6)
static void report(char *err, size_t errcap, uint64_t line, size_t col,
                   const char *fmt, ...)
{
	char reason[TS_REASON_MAX];
	va_list ap;
	if (err == NULL || errcap == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(reason, sizeof reason, fmt, ap);
	va_end(ap);
	snprintf(err, errcap, "%llu:%zu: %s", (unsigned long long)line, col,
	         reason);
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

/* The value of a token made only of decimal digits, or -1. Large values are
 * capped (every field's range is small). */
static long token_number(const char *s, size_t n)
{
	lex_token t = {s, n, 0};
	uint64_t v;
	if (n > 0 && lex_token_u64(&v, &t, UINT64_MAX))
		return v < 100000 ? (long)v : 100000;
	return -1;
}

/* Check a NAME (tileset name, historic building) starting at column col. */
static int check_name(const char *s, size_t n, size_t col, const char *what,
                      ts_line_error *e)
{
	if (n == 0) {
		line_error(e, col, "missing %s", what);
		return 0;
	}
	for (size_t k = 0; k < n; k++) {
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
	uint8_t kind[8];    /* ts_kind of region 'a'+k */
	uint8_t markets[8];
	size_t use_col[8];        /* first column where 'a'+k is used, 0 */
	uint8_t street_sides[10]; /* sides holding digit k */
	uint16_t extra[8];        /* adj= pairs: bit j of extra[k] */
	int seen_pub, seen_hist, seen_adj;
	const char *hist;
	size_t hist_n;
	/* Carcassonne sets */
	const game_facts *f;     /* the facts of the set's game */
	size_t side_col[4];      /* column of each side token */
	size_t decl_col[8];      /* column of each x=T token */
	uint8_t on_sides;        /* bit k: 'a'+k is a half of some side */
	uint8_t arms;            /* bit k: pen= lists 'a'+k */
	size_t arms_col[8];      /* its column in pen= */
	uint8_t features;        /* TS_MONASTERY | TS_TOWER | TS_START |
	                            TS_SPRING | TS_LAKE */
	size_t start_col;        /* column of `start` */
	size_t end_col[2];       /* columns of `spring`, `lake` */
	uint8_t river;           /* bit d: side d is a river side (`~`) */
	int seen_pen;
} ts_line_design;

/* Parse state across lines. */
typedef struct ts_parser {
	city_tileset *ts;
	int have_header;
	uint64_t id_line[TS_MAX_DESIGNS + 1]; /* line where an ID was seen */
	uint64_t start_line;                  /* line of `start`, 0: none */
	uint64_t end_line[2];  /* lines of `spring`, `lake` (V-SET-1), 0: none */
	uint64_t river_line;   /* the first design with a river side, 0: none */
} ts_parser;

static void note_use(ts_line_design *ld, char letter, size_t col)
{
	unsigned k = (unsigned)(letter - 'a');
	if (ld->use_col[k] == 0 || col < ld->use_col[k])
		ld->use_col[k] = col;
}

/* A side's middle: '-' or a street digit on at most two sides. */
static int parse_side_middle(ts_line_design *ld, char c, size_t col,
                             ts_line_error *e)
{
	if (c == '-')
		return 1;
	if (!is_street_digit(c)) {
		line_error(e, col,
		           "bad side middle '%c' (expected '-'%s %s digit "
		           "1-9%s)",
		           c, ld->f->regions == FACTS_CITY_FIELD ? ", a" : " or a",
		           ld->f->street_word,
		           ld->f->regions == FACTS_CITY_FIELD
		               ? " or ~ for a river"
		               : "");
		return 0;
	}
	if (++ld->street_sides[c - '0'] > 2)
		line_error(e, col, "%s %c on more than two sides",
		           ld->f->street_word,
		           c);
	return 1;
}

static void parse_side(ts_line_design *ld, unsigned d, const lex_token *t,
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
		size_t col = t->col + k;
		if (k == 1 && c == '~' &&
		    ld->f->regions == FACTS_CITY_FIELD) {
			/* The River's side (V-GEO-1): no part in the middle */
			ld->river = (uint8_t)(ld->river | 1u << d);
		} else if (k == 1) {
			ok &= parse_side_middle(ld, c, col, e);
		} else if (is_region_letter(c)) {
			note_use(ld, c, col);
			ld->on_sides = (uint8_t)(ld->on_sides | 1u << (c - 'a'));
		} else {
			line_error(e, col,
			           "bad region letter '%c' (expected a-h)", c);
			ok = 0;
		}
	}
	ld->side_col[d] = t->col;
	if (ok) {
		memcpy(ld->sides[d], t->s, 3);
		ld->have_sides = (uint8_t)(ld->have_sides | (1u << d));
	}
}

/* The market kinds of x=T: a non-empty set of F, G, L (each at most once,
 * any order); 0 after an error. */
static uint8_t parse_market_kinds(const char *v, size_t n, size_t vcol,
                                  ts_line_error *e)
{
	uint8_t bits = 0;
	for (size_t j = 0; j < n; j++) {
		uint8_t bit = v[j] == 'F'   ? TS_FISH
		              : v[j] == 'G' ? TS_GRAIN
		              : v[j] == 'L' ? TS_LIVESTOCK
		                            : 0;
		if (bit == 0) {
			line_error(e, vcol + j,
			           "bad region type '%c' (expected R or a mix "
			           "of F, G, L)",
			           v[j]);
			return 0;
		}
		if (bits & bit) {
			line_error(e, vcol + j, "market kind '%c' repeated",
			           v[j]);
			return 0;
		}
		bits = (uint8_t)(bits | bit);
	}
	return bits;
}

/* Carcassonne's x=T: C (city) or F (field). */
static void parse_carc_region(ts_line_design *ld, unsigned k, const char *v,
                              size_t n, size_t vcol, ts_line_error *e)
{
	if (n == 0) {
		line_error(e, vcol, "missing region type (expected C or F)");
		return;
	}
	if (v[0] != 'C' && v[0] != 'F') {
		line_error(e, vcol,
		           "bad region type '%c' (expected C or F)", v[0]);
		return;
	}
	if (n > 1)
		line_error(e, vcol + 1,
		           "a region type is one letter (C or F)");
	ld->kind[k] = v[0] == 'C' ? TS_CITY : TS_FIELD;
}

/* x=T: R, or market kinds. */
static void parse_region(ts_line_design *ld, const lex_token *t,
                         ts_line_error *e)
{
	unsigned k = (unsigned)(t->s[0] - 'a');
	const char *v = t->s + 2;
	size_t n = t->n - 2, vcol = t->col + 2;
	if (ld->declared & (1u << k)) {
		line_error(e, t->col, "region '%c' declared twice", t->s[0]);
		return;
	}
	ld->declared = (uint8_t)(ld->declared | (1u << k));
	ld->decl_col[k] = t->col;
	if (ld->f->regions == FACTS_CITY_FIELD) {
		parse_carc_region(ld, k, v, n, vcol, e);
		return;
	}
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
	uint8_t bits = parse_market_kinds(v, n, vcol, e);
	if (bits == 0)
		return;
	ld->kind[k] = TS_MARKET;
	ld->markets[k] = bits;
}

/* One adj= pair at column col; 0 after an error. */
static int parse_adj_pair(ts_line_design *ld, const char *v, size_t n,
                          size_t col, ts_line_error *e)
{
	if (n != 2) {
		line_error(e, col,
		           "malformed adj= pair (expected two region letters "
		           "like ab)");
		return 0;
	}
	char a = v[0], b = v[1];
	if (!is_region_letter(a) || !is_region_letter(b)) {
		char bad = is_region_letter(a) ? b : a;
		line_error(e, col + (is_region_letter(a) ? 1u : 0u),
		           "bad region letter '%c' in adj= (expected a-h)",
		           bad);
		return 0;
	}
	if (a == b) {
		line_error(e, col + 1,
		           "malformed adj= pair: region '%c' paired with "
		           "itself",
		           a);
		return 0;
	}
	note_use(ld, a, col);
	note_use(ld, b, col + 1);
	unsigned ka = (unsigned)(a - 'a'), kb = (unsigned)(b - 'a');
	ld->extra[ka] = (uint16_t)(ld->extra[ka] | (1u << kb));
	ld->extra[kb] = (uint16_t)(ld->extra[kb] | (1u << ka));
	return 1;
}

/* adj=XY,...: comma-separated pairs. */
static void parse_adj(ts_line_design *ld, const char *v, size_t n,
                      size_t vcol, ts_line_error *e)
{
	size_t start = 0;
	for (;;) {
		size_t end = start;
		while (end < n && v[end] != ',')
			end++;
		if (!parse_adj_pair(ld, v + start, end - start, vcol + start,
		                    e))
			return;
		if (end == n)
			return;
		start = end + 1;
	}
}

static void parse_pub(ts_line_design *ld, const lex_token *t, size_t eq,
                      ts_line_error *e)
{
	if (ld->seen_pub++) {
		line_error(e, t->col, "repeated pub=");
		return;
	}
	long v = token_number(t->s + eq + 1, t->n - eq - 1);
	if (v < 0 || v > 4)
		line_error(e, t->col + eq + 1, "bad pub= value (expected 0-4)");
	else
		ld->pub = v;
}

static void parse_hist(const ts_parser *p, ts_line_design *ld,
                       const lex_token *t, size_t eq, ts_line_error *e)
{
	const char *v = t->s + eq + 1;
	size_t n = t->n - eq - 1, vcol = t->col + eq + 1;
	if (ld->seen_hist++) {
		line_error(e, t->col, "repeated hist=");
		return;
	}
	if (ld->count > 1)
		line_error(e, t->col,
		           "historic building on a design with COUNT %ld "
		           "(must be 1)",
		           ld->count);
	if (!check_name(v, n, vcol, "historic building name", e))
		return;
	ld->hist = v;
	ld->hist_n = n;
	for (unsigned k = 0; k < p->ts->n_designs; k++) {
		const ts_design *o = &p->ts->designs[k];
		if (strlen(o->hist) == n && memcmp(o->hist, v, n) == 0) {
			line_error(e, vcol,
			           "historic building '%.*s' already on "
			           "design %u",
			           (int)n, v, (unsigned)o->id);
			return;
		}
	}
}

/* pen=XY...: coats of arms on city regions, each letter once (checked
 * against the declarations at the end of the line). */
static void parse_pen(ts_line_design *ld, const lex_token *t, size_t eq,
                      ts_line_error *e)
{
	const char *v = t->s + eq + 1;
	size_t n = t->n - eq - 1, vcol = t->col + eq + 1;
	if (ld->seen_pen++) {
		line_error(e, t->col, "repeated pen=");
		return;
	}
	if (n == 0)
		line_error(e, vcol, "missing pen= letters (city regions)");
	for (size_t j = 0; j < n; j++) {
		unsigned k = (unsigned)(v[j] - 'a');
		if (!is_region_letter(v[j])) {
			line_error(e, vcol + j,
			           "bad region letter '%c' in pen= (expected "
			           "a-h)",
			           v[j]);
			return;
		}
		if (ld->arms & (1u << k)) {
			line_error(e, vcol + j,
			           "coat of arms on region '%c' repeated", v[j]);
			return;
		}
		note_use(ld, v[j], vcol + j);
		ld->arms = (uint8_t)(ld->arms | (1u << k));
		ld->arms_col[k] = vcol + j;
	}
}

/* mon, tow, start, spring, lake: each at most once; start, spring and
 * lake once per set. */
static int parse_carc_flag(const ts_parser *p, ts_line_design *ld,
                           const lex_token *t, ts_line_error *e)
{
	static const char *const words[5] = {"mon", "tow", "start", "spring",
	                                     "lake"};
	static const uint8_t bits[5] = {TS_MONASTERY, TS_TOWER, TS_START,
	                                TS_SPRING, TS_LAKE};
	for (unsigned k = 0; k < 5; k++) {
		if (!lex_token_is(t, words[k]))
			continue;
		if (ld->features & bits[k])
			line_error(e, t->col, "repeated %s", words[k]);
		else if (bits[k] == TS_START && p->start_line != 0)
			line_error(e, t->col,
			           "a second start design (C-SET-3: first on "
			           "line %llu)",
			           (unsigned long long)p->start_line);
		else if (k >= 3 && p->end_line[k - 3] != 0)
			line_error(e, t->col,
			           "a second %s design (V-SET-1: first on "
			           "line %llu)",
			           words[k], (unsigned long long)p->end_line[k - 3]);
		ld->features = (uint8_t)(ld->features | bits[k]);
		if (bits[k] == TS_START)
			ld->start_col = t->col;
		if (k >= 3)
			ld->end_col[k - 3] = t->col;
		return 1;
	}
	return 0;
}

/* The tokens both games share: a region declaration `x=T` (or a bad
 * region letter) and `adj=`. Returns 1 when the token was one of them. */
static int parse_common_keyword(ts_line_design *ld, const lex_token *t,
                                size_t eq, ts_line_error *e)
{
	if (eq == 1 && is_region_letter(t->s[0])) {
		parse_region(ld, t, e);
	} else if (eq == 1) {
		line_error(e, t->col,
		           "bad region letter '%c' (expected a-h)", t->s[0]);
	} else if (eq == 3 && memcmp(t->s, "adj", 3) == 0) {
		if (ld->seen_adj++)
			line_error(e, t->col, "repeated adj=");
		else
			parse_adj(ld, t->s + eq + 1, t->n - eq - 1,
			          t->col + eq + 1, e);
	} else {
		return 0;
	}
	return 1;
}

/* One token after the sides of a Carcassonne design: x=C, x=F, pen=, mon,
 * tow, start or adj=. */
static void parse_carc_keyword(const ts_parser *p, ts_line_design *ld,
                               const lex_token *t, size_t eq,
                               ts_line_error *e)
{
	if (eq == t->n) {
		if (!parse_carc_flag(p, ld, t, e))
			line_error(e, t->col,
			           "unknown keyword '%.*s' (expected x=C, x=F, "
			           "pen=, mon, tow, start, spring, lake or adj=)",
			           (int)(t->n > 20 ? 20 : t->n), t->s);
	} else if (parse_common_keyword(ld, t, eq, e)) {
		/* x=T or adj= */
	} else if (eq == 3 && memcmp(t->s, "pen", 3) == 0) {
		parse_pen(ld, t, eq, e);
	} else if ((eq == 3 && memcmp(t->s, "pub", 3) == 0) ||
	           (eq == 4 && memcmp(t->s, "hist", 4) == 0)) {
		line_error(e, t->col,
		           "%.*s= is a keyword of the-city sets, not of "
		           "carcassonne sets",
		           (int)eq, t->s);
	} else {
		line_error(e, t->col, "unknown keyword '%.*s='",
		           (int)(eq > 20 ? 20 : eq), t->s);
	}
}

/* One token after the sides: x=T, pub=, hist= or adj= (The City), or
 * parse_carc_keyword(). */
static void parse_keyword(const ts_parser *p, ts_line_design *ld,
                          const lex_token *t, ts_line_error *e)
{
	size_t eq = 0;
	while (eq < t->n && t->s[eq] != '=')
		eq++;
	if (ld->f->regions == FACTS_CITY_FIELD) {
		parse_carc_keyword(p, ld, t, eq, e);
	} else if (eq == t->n) {
		line_error(e, t->col,
		           "unknown keyword '%.*s' (expected x=T, pub=, hist= "
		           "or adj=)",
		           (int)(t->n > 20 ? 20 : t->n), t->s);
	} else if (parse_common_keyword(ld, t, eq, e)) {
		/* x=T or adj= */
	} else if (eq == 3 && memcmp(t->s, "pub", 3) == 0) {
		parse_pub(ld, t, eq, e);
	} else if (eq == 4 && memcmp(t->s, "hist", 4) == 0) {
		parse_hist(p, ld, t, eq, e);
	} else {
		line_error(e, t->col, "unknown keyword '%.*s='",
		           (int)(eq > 20 ? 20 : eq), t->s);
	}
}

/* ------------------------------------------------------------------------ */
/* A checked line becomes a design                                          */

/* Regions in letter order, then streets in digit order; index_of maps a
 * part's name to its index. */
static void build_parts(ts_design *d, uint8_t index_of[128],
                        const ts_line_design *ld)
{
	memset(index_of, TS_NONE, 128);
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
}

static void build_sides(ts_design *d, const uint8_t index_of[128],
                        const ts_line_design *ld)
{
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
}

/* In-tile adjacency (the sides' walk plus adj=) and the part masks. */
static void build_adjacency(ts_design *d, const uint8_t index_of[128],
                            const ts_line_design *ld)
{
	uint16_t adj[TS_MAX_PARTS];
	ts_side_adjacency(adj, d);
	for (unsigned a = 0; a < 8; a++)
		for (unsigned b = 0; b < 8; b++)
			if (ld->extra[a] & (1u << b))
				ts_adj_link(adj, index_of['a' + a],
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
	for (unsigned k = 0; k < d->n_parts && k < TS_FIRST_PARTS; k++)
		d->open8[k] = d->parts[k].n_sides;
	for (unsigned k = 0; k < d->n_parts; k++) {
		d->parts[k].adj = adj[k];
		d->parts[k].adj_markets = (uint16_t)(adj[k] & markets);
	}
}

static void build_design(ts_design *d, const ts_line_design *ld)
{
	uint8_t index_of[128];
	memset(d, 0, sizeof *d);
	d->id = (uint8_t)ld->id;
	d->count = (uint8_t)ld->count;
	d->pub = (uint8_t)ld->pub;
	memcpy(d->hist, ld->hist ? ld->hist : "", ld->hist_n);
	d->hist[ld->hist_n] = '\0';
	build_parts(d, index_of, ld);
	build_sides(d, index_of, ld);
	build_adjacency(d, index_of, ld);
	d->features = ld->features;
	d->river = ld->river;
	for (unsigned k = 0; k < 8; k++)
		if (ld->arms & (1u << k))
			d->arms = (uint16_t)(d->arms | 1u << index_of['a' + k]);
}

/* ------------------------------------------------------------------------ */
/* Lines                                                                     */

static void parse_header(ts_parser *p, lex_cursor *c, ts_line_error *e)
{
	lex_token t;
	lex_next_token(&t, c);
	if (!lex_token_is(&t, "tileset")) {
		line_error(e, t.col, "missing 'tileset NAME' line");
		return;
	}
	size_t after = t.col + t.n;
	if (!lex_next_token(&t, c)) {
		line_error(e, after, "missing tile set name");
		return;
	}
	if (!check_name(t.s, t.n, t.col, "tile set name", e))
		return;
	memcpy(p->ts->name, t.s, t.n);
	p->ts->name[t.n] = '\0';
	if (!lex_next_token(&t, c))
		return;
	if (t.n > 5 && memcmp(t.s, "game=", 5) == 0) {
		int game = facts_find(t.s + 5, t.n - 5);
		if (game < 0) {
			line_error(e, t.col + 5,
			           "unknown game '%.*s' (expected the-city or "
			           "carcassonne)",
			           (int)(t.n - 5 > 20 ? 20 : t.n - 5), t.s + 5);
			return;
		}
		p->ts->game = (uint8_t)game;
		if (!lex_next_token(&t, c))
			return;
	}
	line_error(e, t.col, "unexpected text after the tile set name");
}

/* ID and COUNT; 0 when the line ends before COUNT. *t is the last token
 * read. */
static int parse_id_count(const ts_parser *p, ts_line_design *ld,
                          lex_cursor *c, lex_token *t, ts_line_error *e)
{
	lex_next_token(t, c);
	if (lex_token_is(t, "tileset")) {
		line_error(e, t->col, "repeated 'tileset' line");
		return 0;
	}
	ld->id = token_number(t->s, t->n);
	if (ld->id < 1 || ld->id > TS_MAX_DESIGNS) {
		line_error(e, t->col, "bad ID (expected a number 1-99)");
		ld->id = 0;
	} else if (p->id_line[ld->id] != 0) {
		line_error(e, t->col, "duplicate ID %ld (first on line %llu)",
		           ld->id, (unsigned long long)p->id_line[ld->id]);
	}
	size_t after = t->col + t->n; /* the column after the last token */
	if (!lex_next_token(t, c)) {
		line_error(e, after, "missing COUNT");
		return 0;
	}
	ld->count = token_number(t->s, t->n);
	if (ld->count < 1 || ld->count > 9) {
		line_error(e, t->col, "bad COUNT (expected 1-9)");
		ld->count = 0;
	} else if (p->ts->n_tiles + (unsigned)ld->count > TS_MAX_TILES) {
		line_error(e, t->col, "more than %d tiles in the set",
		           TS_MAX_TILES);
	}
	return 1;
}

/* Letters used on the sides or in adj= must be declared. */
static void check_declared(const ts_line_design *ld, ts_line_error *e)
{
	for (unsigned k = 0; k < 8; k++)
		if (ld->use_col[k] != 0 && !(ld->declared & (1u << k)))
			line_error(e, ld->use_col[k],
			           "region '%c' used but not declared",
			           (char)('a' + k));
}

/* One side of a Carcassonne design: a city side is x-x with x one city
 * region and no road; any other side has field halves (C-GEO-1). */
static void check_carc_side(const ts_line_design *ld, unsigned d,
                            ts_line_error *e)
{
	const char *c = ld->sides[d];
	size_t col = ld->side_col[d];
	unsigned kl = (unsigned)(c[0] - 'a'), kr = (unsigned)(c[2] - 'a');
	int city_l = ld->kind[kl] == TS_CITY, city_r = ld->kind[kr] == TS_CITY;
	if (!city_l && !city_r)
		return;
	if (c[1] == '~')
		line_error(e, city_l ? col : col + 2,
		           "%s side: a river side has field halves, '%c' is a "
		           "city (V-GEO-1)",
		           side_names[d], city_l ? c[0] : c[2]);
	else if (city_l != city_r)
		line_error(e, col + 2,
		           "%s side mixes city and field (a city side is x-x)",
		           side_names[d]);
	else if (kl != kr)
		line_error(e, col + 2,
		           "%s side has two city regions (a city side is x-x)",
		           side_names[d]);
	else if (c[1] != '-')
		line_error(e, col + 1, "%s side: a city side has no road",
		           side_names[d]);
}

/* The River's sides and ends (tileset.md, carcassonne.md V-SET-1,
 * V-GEO-1): at most two river sides; one exactly on the spring and the
 * lake, each of COUNT 1; a design is not both. */
static void check_river(const ts_line_design *ld, ts_line_error *e)
{
	static const char *const word[2] = {"spring", "lake"};
	unsigned n = 0;
	for (unsigned d = 0; d < 4; d++)
		if ((ld->river >> d & 1u) && ++n == 3)
			line_error(e, ld->side_col[d] + 1,
			           "a third river side (V-GEO-1: a design has "
			           "at most two)");
	for (unsigned k = 0; k < 2; k++) {
		size_t col = ld->end_col[k];
		if (col == 0)
			continue;
		if (n != 1)
			line_error(e, col,
			           "%s on a design with %u river sides (V-SET-1: "
			           "exactly one)",
			           word[k], n);
		else if (ld->count > 1)
			line_error(e, col,
			           "%s on a design with COUNT %ld (V-SET-1: must "
			           "be 1)",
			           word[k], ld->count);
		if (k == 1 && ld->end_col[0] != 0)
			line_error(e, col > ld->end_col[0] ? col : ld->end_col[0],
			           "a design is not both spring and lake "
			           "(V-SET-1)");
	}
	if (n == 1 && ld->end_col[0] == 0 && ld->end_col[1] == 0)
		for (unsigned d = 0; d < 4; d++)
			if (ld->river >> d & 1u)
				line_error(e, ld->side_col[d] + 1,
				           "one river side: only the spring or "
				           "the lake has one (V-SET-1)");
}

/* What a Carcassonne design line can only be checked for once it is read:
 * sides against the region kinds, coats of arms on cities, no interior
 * city (tileset.md "Carcassonne sets"). */
static void check_carcassonne(const ts_line_design *ld, ts_line_error *e)
{
	check_river(ld, e);
	for (unsigned d = 0; d < 4; d++) {
		const char *c = ld->sides[d];
		unsigned kl = (unsigned)(c[0] - 'a'), kr = (unsigned)(c[2] - 'a');
		if ((ld->have_sides & (1u << d)) && (ld->declared & (1u << kl)) &&
		    (ld->declared & (1u << kr)))
			check_carc_side(ld, d, e);
	}
	for (unsigned k = 0; k < 8; k++) {
		if (!(ld->declared & (1u << k)) || ld->kind[k] != TS_CITY)
			continue;
		if (!(ld->on_sides & (1u << k)))
			line_error(e, ld->decl_col[k],
			           "city region '%c' touches no side",
			           (char)('a' + k));
	}
	for (unsigned k = 0; k < 8; k++)
		if ((ld->arms & (1u << k)) && (ld->declared & (1u << k)) &&
		    ld->kind[k] != TS_CITY)
			line_error(e, ld->arms_col[k],
			           "coat of arms on region '%c', which is no "
			           "city",
			           (char)('a' + k));
}

static void parse_design(ts_parser *p, lex_cursor *c, uint64_t line,
                         ts_line_error *e)
{
	ts_line_design ld;
	lex_token t;
	memset(&ld, 0, sizeof ld);
	ld.f = facts_of(p->ts->game);
	if (!parse_id_count(p, &ld, c, &t, e))
		return;
	for (unsigned d = 0; d < 4; d++) {
		size_t after = t.col + t.n;
		if (!lex_next_token(&t, c)) {
			line_error(e, after, "missing %s side", side_names[d]);
			return;
		}
		parse_side(&ld, d, &t, e);
	}
	while (lex_next_token(&t, c))
		parse_keyword(p, &ld, &t, e);
	check_declared(&ld, e);
	if (ld.f->regions == FACTS_CITY_FIELD)
		check_carcassonne(&ld, e);
	if (e->col != 0)
		return;
	build_design(&p->ts->designs[p->ts->n_designs++], &ld);
	p->ts->n_tiles += (unsigned)ld.count;
	p->id_line[ld.id] = line;
	if (ld.features & TS_START)
		p->start_line = line;
	if (ld.features & TS_SPRING)
		p->end_line[0] = line;
	if (ld.features & TS_LAKE)
		p->end_line[1] = line;
	if (ld.river && p->river_line == 0)
		p->river_line = line;
}

/* Reject what is not printable ASCII text (tab and CR are blanks), and
 * lines over the length limit (CITY_ELIMIT; a trailing CR is not part of
 * the line). Returns 0 and sets e on the first offence. */
static int check_bytes(const char *s, size_t n, ts_line_error *e)
{
	for (size_t k = 0; k < n; k++) {
		unsigned char c = (unsigned char)s[k];
		size_t col = k + 1;
		if (k == TS_LINE_MAX) {
			line_error(e, col, "line longer than %u characters",
			           TS_LINE_MAX);
			e->status = CITY_ELIMIT;
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

static void parse_line(ts_parser *p, const lex_line *l, ts_line_error *e)
{
	lex_cursor c;
	lex_token t;
	if (!check_bytes(l->s, l->n, e))
		return;
	lex_cursor_line(&c, l);
	if (!lex_next_token(&t, &c))
		return; /* blank or comment */
	lex_cursor_line(&c, l);
	if (!p->have_header)
		parse_header(p, &c, e);
	else
		parse_design(p, &c, l->no, e);
	p->have_header = 1;
}

/* Every line; on the first error writes it and returns its status. *end_no
 * and *end_col receive where the text ends. */
static int parse_lines(ts_parser *p, lex_reader *r, uint64_t *end_no,
                       size_t *end_col, char *err, size_t errcap)
{
	lex_line l;
	*end_no = r->no + 1;
	*end_col = 1;
	while (lex_next_line(&l, r)) {
		ts_line_error e;
		e.col = 0;
		e.reason[0] = '\0';
		parse_line(p, &l, &e);
		if (e.col != 0) {
			report(err, errcap, l.no, e.col, "%s", e.reason);
			return e.status;
		}
		*end_no = l.has_nl ? l.no + 1 : l.no;
		*end_col = l.has_nl ? 1 : l.n + (size_t)l.has_cr + 1;
	}
	return CITY_OK;
}

static int design_cmp(const void *a, const void *b)
{
	const ts_design *x = a, *y = b;
	return (int)x->id - (int)y->id;
}

/* What only the whole text can tell: a header and at least one design. */
static int finish_set(ts_parser *p, uint64_t end_no, size_t end_col,
                      char *err, size_t errcap)
{
	if (!p->have_header) {
		report(err, errcap, end_no, end_col,
		       "missing 'tileset NAME' line");
		return CITY_EPARSE;
	}
	if (p->ts->n_designs == 0) {
		report(err, errcap, end_no, end_col, "tile set has no designs");
		return CITY_EPARSE;
	}
	if (facts_of(p->ts->game)->start_tile && p->start_line == 0) {
		report(err, errcap, end_no, end_col,
		       "no design has start (C-SET-3: exactly one)");
		return CITY_EPARSE;
	}
	/* V-SET-1: river tiles come with one spring and one lake */
	for (unsigned k = 0; k < 2 && p->river_line; k++)
		if (p->end_line[k] == 0) {
			report(err, errcap, end_no, end_col,
			       "no design has %s (V-SET-1: a set with river "
			       "tiles has one spring and one lake; first river "
			       "tile on line %llu)",
			       k ? "lake" : "spring",
			       (unsigned long long)p->river_line);
			return CITY_EPARSE;
		}
	qsort(p->ts->designs, p->ts->n_designs, sizeof p->ts->designs[0],
	      design_cmp);
	p->ts->start = p->ts->spring = p->ts->lake = -1;
	for (unsigned k = 0; k < p->ts->n_designs; k++) {
		unsigned f = p->ts->designs[k].features;
		if (f & TS_START)
			p->ts->start = (int8_t)k;
		if (f & TS_SPRING)
			p->ts->spring = (int8_t)k;
		if (f & TS_LAKE)
			p->ts->lake = (int8_t)k;
	}
	p->ts->is_static = 0;
	atomic_init(&p->ts->refs, 1u);
	return CITY_OK;
}

/* Text over the size limit: the position of the first byte beyond it. */
static int fail_too_long(const char *text, uint64_t line, char *err,
                         size_t errcap)
{
	size_t col = 1;
	for (size_t k = 0; k < TS_TEXT_MAX; k++, col++)
		if (text[k] == '\n') {
			line++;
			col = 0;
		}
	report(err, errcap, line, col, "tile set text longer than %u bytes",
	       TS_TEXT_MAX);
	return CITY_ELIMIT;
}

int ts_parse(city_tileset **out, const char *text, size_t len,
             uint64_t first_line, char *err, size_t errcap)
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
	lex_reader r;
	uint64_t end_no;
	size_t end_col;
	lex_reader_init(&r, text, len, first_line - 1);
	int rc = len > TS_TEXT_MAX
	                 ? fail_too_long(text, first_line, err, errcap)
	                 : parse_lines(&p, &r, &end_no, &end_col, err, errcap);
	if (rc == CITY_OK)
		rc = finish_set(&p, end_no, end_col, err, errcap);
	if (rc != CITY_OK) {
		free(p.ts);
		return rc;
	}
	*out = p.ts;
	return CITY_OK;
}

CITY_EXPORT int city_tileset_parse(city_tileset **out, const char *text,
                                   size_t len, char *err, size_t errcap)
{
	return ts_parse(out, text, len, 1, err, errcap);
}
