/*
 * The one tokenizer of libcity's text formats: tile sets (tileset.md),
 * records (record.md) and moves (record.md, "Moves").
 *
 * Text is read as lines, then each line's content as tokens:
 * - a line ends at '\n'; one trailing CR is not part of it (CRLF files read
 *   alike); lines are numbered from 1 in 64 bits;
 * - '#' starts a comment to the end of the line (`content` stops there);
 * - tokens are separated by blanks: space, tab, CR (and LF, for C strings
 *   handed to city_move_parse()); a token's column counts bytes from 1 at
 *   the start of its line (a tab is one column).
 *
 * What a format accepts beyond this (control characters, line lengths) is
 * its own check; the tokenizer never fails.
 */
#ifndef CITY_LIB_LEX_H
#define CITY_LIB_LEX_H

#include <stddef.h>
#include <stdint.h>

/* One line of text. */
typedef struct lex_line {
	uint64_t no;    /* line number, from 1 */
	const char *s;  /* first byte */
	size_t n;       /* length without the terminator and a trailing CR */
	size_t content; /* bytes before a '#' comment (<= n) */
	int has_cr;     /* 1 when a trailing CR was dropped */
	int has_nl;     /* 1 when a '\n' ended the line, 0 for the last line */
} lex_line;

/* Lines of a text, in order. */
typedef struct lex_reader {
	const char *p, *end;
	uint64_t no; /* number of the last line read */
} lex_reader;

/* One token: bytes s[0..n-1] at column col (from 1) of its line. */
typedef struct lex_token {
	const char *s;
	size_t n;
	size_t col;
} lex_token;

/* The tokens of one line's content (or of a C string). */
typedef struct lex_cursor {
	const char *line; /* column 1 */
	const char *p, *end;
} lex_cursor;

/* Read `len` bytes of `text` as lines; the first line read is numbered
 * first_no + 1. */
void lex_reader_init(lex_reader *r, const char *text, size_t len,
                     uint64_t first_no);
/* The next line into *out; 0 at the end of the text. */
int lex_next_line(lex_line *out, lex_reader *r);

/* Tokens of a line's content (comment excluded). */
void lex_cursor_line(lex_cursor *c, const lex_line *l);
/* Tokens of a NUL-terminated string, up to a '#' comment. */
void lex_cursor_string(lex_cursor *c, const char *text);
/* The next token into *out; 0 when the content is exhausted. */
int lex_next_token(lex_token *out, lex_cursor *c);
/* The number of tokens in a line's content. */
size_t lex_count_tokens(const lex_line *l);

/* Space, tab, CR or LF. */
int lex_is_blank(char c);
/* Whether the token is exactly `word`. */
int lex_token_is(const lex_token *t, const char *word);
/* A decimal number of digits only (no sign) with value <= max, into *out;
 * 0 when the token is anything else. */
int lex_token_u64(uint64_t *out, const lex_token *t, uint64_t max);

#endif /* CITY_LIB_LEX_H */
