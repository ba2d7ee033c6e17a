/*
 * Helpers shared by the parts of city-cli (cli_file.c).
 */
#ifndef CITY_CLI_FILE_H
#define CITY_CLI_FILE_H

#include <stddef.h>
#include <stdint.h>

/* Read a whole file; the caller frees *out. On failure: -1, with the
 * system's reason in errno. */
int cli_read_file(const char *path, char **out, size_t *len);

/* cli_read_file() with the diagnostic `city-cli: cannot read PATH:
 * REASON` on stderr. */
int cli_read_file_or_report(const char *path, char **out, size_t *len);

/* Parse a decimal number of digits only into *v (at most max); -1 for
 * NULL, empty or anything else. */
int cli_parse_number(const char *s, uint64_t max, uint64_t *v);

#endif /* CITY_CLI_FILE_H */
