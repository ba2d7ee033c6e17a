/*
 * Small helpers the parts of city-cli share (city-cli.c, cli_ai.c,
 * cli_svg.c): reading a whole file with the system's reason on failure,
 * and parsing a decimal number with a bound.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "cli_file.h"

/* Files larger than this are not read in full; the library's own limit
 * (docs/record.md) is far below it and reports the error. */
#define READ_MAX (64u * 1024u * 1024u)

/* Read a whole file (at most READ_MAX bytes); the caller frees *out. On
 * failure: -1, with the system's reason in errno. */
int cli_read_file(const char *path, char **out, size_t *len)
{
	FILE *f;
	char *buf = NULL;
	size_t cap = 0, n = 0;
	int saved;
	errno = 0;
	f = fopen(path, "rb");
	if (!f)
		return -1;
	for (;;) {
		size_t got;
		if (n == cap) {
			char *nb;
			if (cap >= READ_MAX)
				break;
			cap = cap ? cap * 2 : 65536;
			nb = realloc(buf, cap);
			if (!nb) {
				free(buf);
				fclose(f);
				errno = ENOMEM;
				return -1;
			}
			buf = nb;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		saved = errno ? errno : EIO;
		free(buf);
		fclose(f);
		errno = saved;
		return -1;
	}
	fclose(f);
	*out = buf;
	*len = n;
	return 0;
}

/* cli_read_file() with the diagnostic `city-cli: cannot read PATH: REASON`. */
int cli_read_file_or_report(const char *path, char **out, size_t *len)
{
	if (cli_read_file(path, out, len) == 0)
		return 0;
	fprintf(stderr, "city-cli: cannot read %s: %s\n", path,
	        strerror(errno ? errno : EIO));
	return -1;
}

/* Parse a decimal number of digits only into *v (at most max). */
int cli_parse_number(const char *s, uint64_t max, uint64_t *v)
{
	uint64_t x = 0;
	if (!s || !*s)
		return -1;
	for (; *s; s++) {
		unsigned d;
		if (*s < '0' || *s > '9')
			return -1;
		d = (unsigned)(*s - '0');
		if (d > max || x > (max - d) / 10)
			return -1;
		x = x * 10 + d;
	}
	*v = x;
	return 0;
}

/* cli_write_record()'s status when the file cannot be written (not a libcity
 * status); the reason is in errno. */
/* Save the game's record into a file, after `head` (comment lines, or
 * NULL): CITY_OK, a libcity status or CLI_WRITE_EIO. */
int cli_write_record(const city_game *g, const char *path, const char *head)
{
	size_t need = 0;
	char *buf;
	FILE *f;
	int rc = city_game_save(g, NULL, 0, &need), saved;
	if (rc != CITY_ERANGE && rc != CITY_OK)
		return rc;
	buf = malloc(need);
	if (!buf)
		return CITY_ENOMEM;
	rc = city_game_save(g, buf, need, NULL);
	if (rc != CITY_OK) {
		free(buf);
		return rc;
	}
	errno = 0;
	f = fopen(path, "wb");
	if (!f) {
		free(buf);
		return CLI_WRITE_EIO;
	}
	if ((head && fputs(head, f) == EOF) ||
	    fwrite(buf, 1, need - 1, f) != need - 1) {
		saved = errno ? errno : EIO;
		fclose(f);
		free(buf);
		errno = saved;
		return CLI_WRITE_EIO;
	}
	free(buf);
	errno = 0;
	if (fclose(f) != 0) {
		if (!errno)
			errno = EIO;
		return CLI_WRITE_EIO;
	}
	return CITY_OK;
}

/* Whether `path` can be written, checked before a game is played so that
 * its record is not lost at the end: the file is opened for appending
 * (which changes nothing in an existing file) and removed again if this
 * check created it. Reports `city-cli: cannot write PATH: REASON`. */
int cli_check_writable(const char *path)
{
	FILE *f = fopen(path, "rb");
	int existed = f != NULL;
	if (f)
		fclose(f);
	errno = 0;
	f = fopen(path, "ab");
	if (!f) {
		fprintf(stderr, "city-cli: cannot write %s: %s\n", path,
		        strerror(errno ? errno : EIO));
		return -1;
	}
	fclose(f);
	if (!existed)
		remove(path);
	return 0;
}

/* The line number (from 1) of move `n` (from 1) in a record's text: the
 * n-th line after `moves` that holds more than blanks and a comment, an
 * inline tile set (`tileset inline` ... `end`) skipped. 0 when not found. */
static unsigned long record_move_line(const char *text, size_t len,
                                      unsigned long n)
{
	size_t pos = 0;
	unsigned long line = 0, seen = 0;
	int state = 0; /* 0 header, 1 inline tile set, 2 moves */
	while (pos < len) {
		size_t end = pos, a, b;
		while (end < len && text[end] != '\n')
			end++;
		line++;
		/* the line's content: blanks trimmed, comment dropped */
		a = pos;
		b = end;
		for (size_t k = a; k < b; k++)
			if (text[k] == '#') {
				b = k;
				break;
			}
		while (a < b && (text[a] == ' ' || text[a] == '\t'))
			a++;
		while (b > a && (text[b - 1] == ' ' || text[b - 1] == '\t' ||
		                 text[b - 1] == '\r'))
			b--;
		if (b > a) {
			size_t w = b - a;
			if (state == 0 && w >= 14 &&
			    strncmp(text + a, "tileset", 7) == 0 &&
			    (text[a + 7] == ' ' || text[a + 7] == '\t')) {
				size_t k = a + 7;
				while (k < b && (text[k] == ' ' || text[k] == '\t'))
					k++;
				if (b - k == 6 && strncmp(text + k, "inline", 6) == 0)
					state = 1;
			} else if (state == 1 && w == 3 &&
			           strncmp(text + a, "end", 3) == 0) {
				state = 0;
			} else if (state == 0 && w == 5 &&
			           strncmp(text + a, "moves", 5) == 0) {
				state = 2;
			} else if (state == 2) {
				if (w == 3 && strncmp(text + a, "end", 3) == 0)
					return 0;
				if (++seen == n)
					return line;
			}
		}
		pos = end + 1;
	}
	return 0;
}

/* Report a record's load error (`line N: ...`, `line N: column C: ...`,
 * `move N: ...` from city_game_load_ex()) on stderr in the form
 * `PATH:LINE[:COL]: reason` (a move error keeps `move N:` after the line
 * of that move). */
void cli_report_record_error(const char *path, const char *text,
                                size_t len, const char *err)
{
	unsigned long line = 0, col = 0, move = 0;
	int used = 0;
	if (sscanf(err, "line %lu: column %lu: %n", &line, &col, &used) == 2 &&
	    used > 0) {
		fprintf(stderr, "%s:%lu:%lu: %s\n", path, line, col, err + used);
		return;
	}
	used = 0;
	if (sscanf(err, "line %lu: %n", &line, &used) == 1 && used > 0) {
		fprintf(stderr, "%s:%lu: %s\n", path, line, err + used);
		return;
	}
	used = 0;
	if (sscanf(err, "move %lu: %n", &move, &used) == 1 && used > 0) {
		line = text ? record_move_line(text, len, move) : 0;
		if (line)
			fprintf(stderr, "%s:%lu: %s\n", path, line, err);
		else
			fprintf(stderr, "%s: %s\n", path, err);
		return;
	}
	fprintf(stderr, "%s: %s\n", path, err[0] ? err : "invalid record");
}

/* Read and parse a tile set file; errors are reported as
 * `PATH:LINE:COL: reason` (the parser's `LINE:COL: reason`). Returns 0,
 * 1 (cannot read) or 2 (invalid). */
int cli_load_tileset(const char *path, city_tileset **out)
{
	char *text = NULL, err[512];
	size_t len = 0;
	int rc;
	if (cli_read_file_or_report(path, &text, &len) != 0)
		return 1;
	err[0] = '\0';
	rc = city_tileset_parse(out, text ? text : "", len, err, sizeof err);
	free(text);
	if (rc != CITY_OK) {
		fprintf(stderr, "%s:%s\n", path,
		        err[0] ? err : " invalid tile set");
		return 2;
	}
	return 0;
}
