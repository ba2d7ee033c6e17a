/* The shared tokenizer of tile sets, records and moves (lex.h). */
#include "lex.h"

#include <string.h>

void lex_reader_init(lex_reader *r, const char *text, size_t len,
                     uint64_t first_no)
{
	r->p = text;
	r->end = text + len;
	r->no = first_no;
}

int lex_next_line(lex_line *out, lex_reader *r)
{
	const char *nl, *hash;
	if (r->p >= r->end)
		return 0;
	nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
	out->s = r->p;
	out->n = (size_t)((nl ? nl : r->end) - r->p);
	out->has_nl = nl != NULL;
	r->p = nl ? nl + 1 : r->end;
	out->no = ++r->no;
	out->has_cr = out->n && out->s[out->n - 1] == '\r';
	if (out->has_cr)
		out->n--;
	hash = memchr(out->s, '#', out->n);
	out->content = hash ? (size_t)(hash - out->s) : out->n;
	return 1;
}

int lex_is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

void lex_cursor_line(lex_cursor *c, const lex_line *l)
{
	c->line = l->s;
	c->p = l->s;
	c->end = l->s + l->content;
}

void lex_cursor_string(lex_cursor *c, const char *text)
{
	const char *hash = strchr(text, '#');
	c->line = text;
	c->p = text;
	c->end = hash ? hash : text + strlen(text);
}

int lex_next_token(lex_token *out, lex_cursor *c)
{
	const char *start;
	while (c->p < c->end && lex_is_blank(*c->p))
		c->p++;
	if (c->p >= c->end)
		return 0;
	start = c->p;
	while (c->p < c->end && !lex_is_blank(*c->p))
		c->p++;
	out->s = start;
	out->n = (size_t)(c->p - start);
	out->col = (size_t)(start - c->line) + 1;
	return 1;
}

size_t lex_count_tokens(const lex_line *l)
{
	lex_cursor c;
	lex_token t;
	size_t n = 0;
	lex_cursor_line(&c, l);
	while (lex_next_token(&t, &c))
		n++;
	return n;
}

int lex_token_is(const lex_token *t, const char *word)
{
	size_t n = strlen(word);
	return t->n == n && memcmp(t->s, word, n) == 0;
}

int lex_token_u64(uint64_t *out, const lex_token *t, uint64_t max)
{
	uint64_t x = 0;
	size_t i;
	if (t->n == 0)
		return 0;
	for (i = 0; i < t->n; i++) {
		unsigned d;
		if (t->s[i] < '0' || t->s[i] > '9')
			return 0;
		d = (unsigned)(t->s[i] - '0');
		if (d > max || x > (max - d) / 10)
			return 0;
		x = x * 10 + d;
	}
	*out = x;
	return 1;
}
