/* cli_svg.h: `city-cli show FILE --svg OUT.svg` (cli_svg.c). */
#ifndef CITY_CLI_SVG_H
#define CITY_CLI_SVG_H

#define CLI_SVG_EXIT_USAGE 1
#define CLI_SVG_EXIT_RECORD 2

/* Run `show` with the arguments after `show` (they include `--svg`). */
int cli_show_svg(int argc, char **argv);

#endif
