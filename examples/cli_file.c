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
