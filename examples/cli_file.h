/*
 * Helpers shared by the parts of city-cli (cli_file.c): files, records and
 * tile sets read and written with the system's reason on failure.
 */
#ifndef CITY_CLI_FILE_H
#define CITY_CLI_FILE_H

#include <stddef.h>
#include <stdint.h>

#include <city/city.h>

/* Read a whole file; the caller frees *out. On failure: -1, with the
 * system's reason in errno. */
int cli_read_file(const char *path, char **out, size_t *len);

/* cli_read_file() with the diagnostic `city-cli: cannot read PATH:
 * REASON` on stderr. */
int cli_read_file_or_report(const char *path, char **out, size_t *len);

/* Parse a decimal number of digits only into *v (at most max); -1 for
 * NULL, empty or anything else. */
int cli_parse_number(const char *s, uint64_t max, uint64_t *v);

/* cli_write_record()'s status when the file cannot be written (not a
 * libcity status); the reason is in errno. */
#define CLI_WRITE_EIO (-100)

/* Save the game's record (city_game_save()) into a file, after `head`
 * (whole comment lines, or NULL): CITY_OK, a libcity status or
 * CLI_WRITE_EIO. */
int cli_write_record(const city_game *g, const char *path, const char *head);

/* Whether `path` can be written (0) or not (-1, reported as `city-cli:
 * cannot write PATH: REASON`); an existing file is not changed. */
int cli_check_writable(const char *path);

/* Report a record's load error (city_game_load_ex()'s `line N: ...`,
 * `move N: ...`) on stderr as `PATH:LINE[:COL]: reason`; text is the
 * record (or NULL). */
void cli_report_record_error(const char *path, const char *text, size_t len,
                             const char *err);

/* Read and parse a tile set file: 0, 1 (cannot read) or 2 (invalid, as
 * `PATH:LINE:COL: reason`). */
int cli_load_tileset(const char *path, city_tileset **out);

#endif /* CITY_CLI_FILE_H */
