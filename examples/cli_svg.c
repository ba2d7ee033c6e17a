/*
 * cli_svg.c: `city-cli show FILE --svg OUT.svg [--legal] [--legend]
 * [--no-strip]`: the city of a record as an SVG picture (city/render.h),
 * the flags those of city_game_svg(). Kept apart from city-cli.c, which
 * calls cli_show_svg() when `show` is given `--svg`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "city/city.h"
#include "city/render.h"

#include "cli_file.h"
#include "cli_svg.h"


#define SHOW_SVG_USAGE \
	"city-cli show FILE --svg OUT.svg [--legal] [--legend] [--no-strip]"

int cli_show_svg(int argc, char **argv)
{
	const char *record = NULL, *svg_path = NULL;
	unsigned flags = 0;
	char *text = NULL, *svg = NULL, err[512];
	size_t len = 0, applied = 0, needed = 0;
	city_game *g = NULL;
	FILE *f;
	int i, rc, status = 0;
	for (i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--svg") == 0 && i + 1 < argc)
			svg_path = argv[++i];
		else if (strcmp(argv[i], "--legal") == 0)
			flags |= CITY_SVG_LEGAL;
		else if (strcmp(argv[i], "--legend") == 0)
			flags |= CITY_SVG_LEGEND;
		else if (strcmp(argv[i], "--no-strip") == 0)
			flags |= CITY_SVG_NO_STRIP;
		else if (!record && (argv[i][0] != '-' || argv[i][1] == '\0'))
			record = argv[i];
		else {
			fprintf(stderr, "city-cli: show: unexpected \"%s\"\n"
			                "usage: %s\n",
			        argv[i], SHOW_SVG_USAGE);
			return CLI_SVG_EXIT_USAGE;
		}
	}
	if (!record || !svg_path) {
		fprintf(stderr, "usage: %s\n", SHOW_SVG_USAGE);
		return CLI_SVG_EXIT_USAGE;
	}
	if (cli_read_file_or_report(record, &text, &len) != 0) {
		return CLI_SVG_EXIT_USAGE;
	}
	err[0] = '\0';
	rc = city_game_load_ex(&g, &applied, text, len, CITY_LOAD_PREFIX, err,
	                       sizeof err);
	free(text);
	if (!g) {
		fprintf(stderr, "city-cli: %s: %s\n", record, err);
		return CLI_SVG_EXIT_RECORD;
	}
	if (rc != CITY_OK) {
		fprintf(stderr,
		        "city-cli: %s: %s (showing the city after %zu moves)\n",
		        record, err, applied);
		status = CLI_SVG_EXIT_RECORD;
	}
	rc = city_game_svg(g, flags, NULL, 0, &needed);
	if (rc == CITY_ERANGE && (svg = malloc(needed)) != NULL)
		rc = city_game_svg(g, flags, svg, needed, &needed);
	city_game_free(g);
	if (rc != CITY_OK) {
		fprintf(stderr, "city-cli: svg: %s\n", city_status_str(rc));
		free(svg);
		return CLI_SVG_EXIT_RECORD;
	}
	f = strcmp(svg_path, "-") == 0 ? stdout : fopen(svg_path, "wb");
	if (!f || fwrite(svg, 1, needed - 1, f) != needed - 1 ||
	    (f != stdout && fclose(f) != 0)) {
		fprintf(stderr, "city-cli: cannot write %s\n", svg_path);
		free(svg);
		return CLI_SVG_EXIT_USAGE;
	}
	free(svg);
	return status;
}
