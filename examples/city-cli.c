/*
 * city-cli: play, replay and show games of Carcassonne: The City from the
 * command line, using the public libcity API only (docs/cli.md, city-cli(1)).
 *
 *   city-cli play [--game NAME [--expansion tower]] [--players N]
 *                 [--seed S] [--ai SPEC] [--seat N=SPEC]...
 *                 [--record FILE] [--tileset FILE] [--rule name=value]...
 *   city-cli replay FILE [--trace] [--game NAME]
 *   city-cli show FILE [--svg OUT.svg [--legal]] [--game NAME]
 *   city-cli check-tiles FILE
 *   city-cli hint FILE [--game NAME [--expansion tower]] [--ai SPEC]
 *                 [--seed S] [--top N] [--line N]
 *   city-cli hint [--game NAME [--expansion tower]] [--rule name=value]...
 *                 [--players P] [--game-seed G] [--ai SPEC] [--seed S] ...
 *   city-cli arena [--game NAME [--expansion tower]] [--games N]
 *                  [--players P] [--seed S] [--rule name=value]...
 *                  [--quiet] SPEC SPEC...
 *   city-cli --version | --help
 *
 * SPEC: human (play only), random, greedy, mcts[:ITERATIONS[:THREADS]],
 * easy, medium, hard: the AIs of the library (<city/ai.h>, docs/ai.md);
 * the seats, hint and arena are in cli_ai.c, show --svg in cli_svg.c.
 *
 * Each subcommand is one cmd_* function of the table `commands` (main()
 * dispatches on it); options are read with next_option(). Diagnostics go
 * to stderr: `FILE:LINE:COL: message` for an error in a file, `city-cli:
 * message` otherwise.
 *
 * Exit status: 0 success, 1 usage or I/O error, 2 a record, a tile set (or
 * a game) with an error.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "cli_ai.h"
#include "cli_file.h"
#include "cli_svg.h"

#define EXIT_USAGE 1
#define EXIT_RECORD 2

/* A move in record syntax fits easily. */
#define MOVE_TEXT_MAX 64

static const char *const decision_names[] = {
	"tile", "follower", "gate", "wall", "guard", "tower", "end",
	"capture", "ransom"};

static const char *const category_names[CITY_CAT_COUNT] = {
	"streets", "markets", "towers", "stewards", "guards"};

/* Carcassonne's categories, CITY_CAT_ROADS .. CITY_CAT_RANSOM. */
static const char *const carc_category_names[] = {
	"roads", "cities", "monasteries", "farms", "ransom"};

static void usage(FILE *f)
{
	fputs("usage:\n"
	      "  city-cli play [--game NAME [--expansion tower]] [--players N]\n"
	      "                [--seed S] [--ai SPEC]\n"
	      "                [--seat N=SPEC]... [--record FILE]\n"
	      "                [--tileset FILE] [--rule name=value]...\n"
	      "  city-cli replay FILE [--trace] [--game NAME]\n"
	      "  city-cli show FILE [--svg OUT.svg [--legal]] [--game NAME]\n"
	      "  city-cli check-tiles FILE\n"
	      "  city-cli hint FILE [--game NAME [--expansion tower]] "
	      "[--ai SPEC] [--seed S]\n"
	      "                [--top N] [--line N]\n"
	      "  city-cli hint [--game NAME [--expansion tower]] "
	      "[--rule name=value]...\n"
	      "                [--players P] [--game-seed G] [--ai SPEC] "
	      "[--seed S] ...\n"
	      "  city-cli arena [--game NAME [--expansion tower]] "
	      "[--games N] [--players P]\n"
	      "                 [--seed S] [--rule name=value]... [--quiet] "
	      "SPEC SPEC...\n"
	      "  city-cli --version | --help\n"
	      "  SPEC: human (play only), random, greedy,\n"
	      "        mcts[:ITERATIONS[:THREADS]], easy, medium, hard\n"
	      "  NAME: the-city (the default) or carcassonne\n",
	      f);
}

/* Report a usage error: `what`, then the offending argument quoted (when
 * not NULL), then the usage. */
static int usage_error(const char *what, const char *arg)
{
	if (arg)
		fprintf(stderr, "city-cli: %s \"%s\"\n", what, arg);
	else
		fprintf(stderr, "city-cli: %s\n", what);
	usage(stderr);
	return EXIT_USAGE;
}

/* ------------------------------------------------------------------------
 * Arguments
 */

/* An argument list being read: argv[i] is the next one. */
typedef struct args {
	int argc, i;
	char **argv;
} args;

/* Whether the next argument is the option `name`; if so it is consumed,
 * and for an option with a value (`value` not NULL) so is the value, which
 * *value receives. An option with a value at the end of the list is not
 * matched (the caller then reports it as incomplete). */
static int next_option(args *a, const char *name, const char **value)
{
	if (a->i >= a->argc || strcmp(a->argv[a->i], name) != 0)
		return 0;
	if (value) {
		if (a->i + 1 >= a->argc)
			return 0;
		*value = a->argv[a->i + 1];
		a->i += 2;
	} else {
		a->i++;
	}
	return 1;
}

/* Whether argv[i] is an option (starts with '-' and is not "-"). */
static int is_option(const char *s)
{
	return s[0] == '-' && s[1] != '\0';
}

/* ------------------------------------------------------------------------
 * Files and diagnostics
 */

/* write_record()'s status when the file cannot be written (not a libcity
 * status); the reason is in errno. */
#define WRITE_EIO (-100)

/* Save the game's record into a file: CITY_OK, a libcity status or
 * WRITE_EIO. */
static int write_record(const city_game *g, const char *path)
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
		return WRITE_EIO;
	}
	if (fwrite(buf, 1, need - 1, f) != need - 1) {
		saved = errno ? errno : EIO;
		fclose(f);
		free(buf);
		errno = saved;
		return WRITE_EIO;
	}
	free(buf);
	errno = 0;
	if (fclose(f) != 0) {
		if (!errno)
			errno = EIO;
		return WRITE_EIO;
	}
	return CITY_OK;
}

/* Whether `path` can be written, checked before a game is played so that
 * its record is not lost at the end: the file is opened for appending
 * (which changes nothing in an existing file) and removed again if this
 * check created it. Reports `city-cli: cannot write PATH: REASON`. */
static int check_writable(const char *path)
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
static void report_record_error(const char *path, const char *text,
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
 * EXIT_USAGE (cannot read) or EXIT_RECORD (invalid). */
static int load_tileset(const char *path, city_tileset **out)
{
	char *text = NULL, err[512];
	size_t len = 0;
	int rc;
	if (cli_read_file_or_report(path, &text, &len) != 0)
		return EXIT_USAGE;
	err[0] = '\0';
	rc = city_tileset_parse(out, text ? text : "", len, err, sizeof err);
	free(text);
	if (rc != CITY_OK) {
		fprintf(stderr, "%s:%s\n", path,
		        err[0] ? err : " invalid tile set");
		return EXIT_RECORD;
	}
	return 0;
}

/* ------------------------------------------------------------------------
 * Trace lines (record.md "Trace"), shared by play and replay
 */

static void print_scores(const city_game *g)
{
	int p, n = city_game_players(g);
	for (p = 0; p < n; p++)
		printf(" %d", city_game_score(g, p));
}

static const char *decision_name(int decision)
{
	if (decision < 0 || decision > CITY_DECISION_RANSOM)
		return "?";
	return decision_names[decision];
}

/* Apply one move and print its trace line:
 * `<n> p<player> <decision> legal=<count> <move> | <scores>`. */
static int traced_move(city_game *g, const city_move *m, size_t n)
{
	char text[MOVE_TEXT_MAX];
	size_t legal = 0;
	int player = city_game_player(g);
	int decision = city_game_decision(g);
	int rc = city_legal_moves(g, NULL, 0, &legal);
	if (rc != CITY_OK)
		return rc;
	rc = city_move_to_string(m, text, sizeof text, NULL);
	if (rc != CITY_OK)
		return rc;
	rc = city_apply_move(g, m);
	if (rc != CITY_OK)
		return rc;
	printf("%zu p%d %s legal=%zu %s |", n, player, decision_name(decision),
	       legal, text);
	print_scores(g);
	putchar('\n');
	return CITY_OK;
}

/* Final scoring and the `final`, `detail` and `winners` lines. */
static int print_final(city_game *g)
{
	int p, c, n = city_game_players(g);
	unsigned mask = 0;
	int rc = city_score_final(g);
	if (rc != CITY_OK)
		return rc;
	printf("final");
	print_scores(g);
	putchar('\n');
	for (p = 0; p < n; p++) {
		printf("detail p%d", p);
		if (city_game_kind(g) == CITY_GAME_CARCASSONNE)
			for (c = CITY_CAT_ROADS; c <= CITY_CAT_RANSOM; c++)
				printf(" %s=%d",
				       carc_category_names[c - CITY_CAT_ROADS],
				       city_game_score_detail(g, p, c));
		else
			for (c = 0; c < CITY_CAT_COUNT; c++)
				printf(" %s=%d", category_names[c],
				       city_game_score_detail(g, p, c));
		putchar('\n');
	}
	rc = city_game_winners(g, &mask);
	if (rc != CITY_OK)
		return rc;
	printf("winners");
	for (p = 0; p < n; p++)
		if (mask & (1u << p))
			printf(" p%d", p);
	putchar('\n');
	return CITY_OK;
}

static void print_end_reasons(const city_game *g)
{
	int why = city_game_end_reasons(g);
	printf("ended");
	if (why > 0 && ((unsigned)why & CITY_ENDED_SUPPLY))
		printf(" supply(R-END-1a: no wall piece left)");
	if (why > 0 && ((unsigned)why & CITY_ENDED_TILES))
		fputs(city_game_kind(g) == CITY_GAME_CARCASSONNE
		              ? " tiles(C-END-1: no tile left)"
		              : " tiles(R-END-1b: no tile left)",
		      stdout);
	if (why > 0 && ((unsigned)why & CITY_ENDED_GAP))
		printf(" gap(R-END-1c: wall gap at most %d)",
		       city_game_rule(g, CITY_RULE_END_GAP));
	putchar('\n');
}

/* ------------------------------------------------------------------------
 * The city as text (docs/cli.md): each cell a 5x3 block, blocks separated
 * by border lines on which the wall is drawn.
 */
#define CELL_W 5
#define CELL_H 3

typedef struct canvas {
	int32_t min_x, min_y;
	size_t cols, rows;
	char *ch;
	unsigned char *wall; /* 1 where a wall, gate, guard or tower is drawn */
} canvas;

static void put(canvas *cv, size_t row, size_t col, char c)
{
	if (row < cv->rows && col < cv->cols)
		cv->ch[row * cv->cols + col] = c;
}

static char region_char(const city_tileset *ts, unsigned di, char letter)
{
	unsigned markets = 0;
	int kind = city_tileset_region_kind(ts, di, letter, &markets);
	if (kind == CITY_REGION_CITY)
		return 'C';
	if (kind != CITY_REGION_MARKET)
		return '.';
	switch (markets) {
	case CITY_MARKET_FISH:
		return 'f';
	case CITY_MARKET_GRAIN:
		return 'g';
	case CITY_MARKET_LIVESTOCK:
		return 'l';
	default:
		return 'm';
	}
}

/* The Tower: under the block of a tile with a tower, on the border line,
 * `T<height>`, then `p<player>` of the follower on top when it is closed
 * (the base game and The City have no tower: nothing is drawn). */
static void draw_tower_label(canvas *cv, const city_game *g, int32_t x,
                             int32_t y, size_t top, size_t left)
{
	char label[32];
	int h = 0, owner = -1, n, k;
	if (city_game_tower(g, x, y, &h, &owner) != CITY_OK)
		return;
	n = owner >= 0 ? snprintf(label, sizeof label, "T%dp%d", h, owner)
	               : snprintf(label, sizeof label, "T%d", h);
	for (k = 0; k < n && k <= CELL_W; k++)
		put(cv, top + CELL_H, left + (size_t)k, label[k]);
}

/* The Tower, under the picture: every tower (placement order) with its
 * height and top follower, the floors in supply, and the prisoners each
 * player holds (who holds whose). */
static void print_towers(const city_game *g)
{
	int np = city_game_players(g), nt = city_game_tile_count(g);
	int i, p, q, any = 0;
	fputs("towers:", stdout);
	for (i = 0; i < nt; i++) {
		int32_t x = 0, y = 0;
		int h = 0, owner = -1;
		if (city_game_placed_tile(g, (size_t)i, &x, &y, NULL, NULL) !=
		            CITY_OK ||
		    city_game_tower(g, x, y, &h, &owner) != CITY_OK)
			continue;
		printf("%s (%ld,%ld) height %d", any ? "," : "", (long)x,
		       (long)y, h);
		if (owner >= 0)
			printf(" top p%d", owner);
		any = 1;
	}
	puts(any ? "" : " none");
	fputs("floors:", stdout);
	for (p = 0; p < np; p++)
		printf(" p%d=%d", p, city_game_floors(g, p));
	putchar('\n');
	fputs("prisoners:", stdout);
	for (p = 0; p < np; p++) {
		int held = 0;
		printf("%s p%d holds", p ? ";" : "", p);
		for (q = 0; q < np; q++) {
			int n = city_game_prisoners(g, p, q);
			if (n > 0 && q != p) {
				printf("%s %d of p%d", held ? "," : "", n, q);
				held = 1;
			}
		}
		if (!held)
			fputs(" none", stdout);
	}
	putchar('\n');
}

/* The interior of a tile's block, from what its four board sides show. */
static void draw_tile(canvas *cv, const city_game *g, int32_t x, int32_t y,
                      size_t top, size_t left)
{
	const city_tileset *ts = city_game_tileset(g);
	char l[4], m[4], r[4], reg_l[4], reg_r[4];
	int design = 0, rotation = 0, idx, s, streets = 0, nf;
	size_t i;
	unsigned di;
	char centre;
	if (city_game_tile_at(g, x, y, &design, &rotation) != CITY_OK)
		return;
	idx = city_tileset_find_design(ts, design);
	if (idx < 0)
		return;
	di = (unsigned)idx;
	for (s = 0; s < 4; s++) {
		l[s] = m[s] = r[s] = '?';
		city_tileset_side(ts, di, s, rotation, &l[s], &m[s], &r[s]);
		reg_l[s] = region_char(ts, di, l[s]);
		reg_r[s] = region_char(ts, di, r[s]);
		if (m[s] != '-')
			streets++;
	}
	/* North row, west to east (the north side's left half is its west
	 * half); south row, west to east (the south side's right half is its
	 * west half). */
	put(cv, top, left + 0, reg_l[CITY_SIDE_N]);
	put(cv, top, left + 1, reg_l[CITY_SIDE_N]);
	put(cv, top, left + 2,
	    m[CITY_SIDE_N] != '-' ? '|' : reg_l[CITY_SIDE_N]);
	put(cv, top, left + 3, reg_r[CITY_SIDE_N]);
	put(cv, top, left + 4, reg_r[CITY_SIDE_N]);
	put(cv, top + 2, left + 0, reg_r[CITY_SIDE_S]);
	put(cv, top + 2, left + 1, reg_r[CITY_SIDE_S]);
	put(cv, top + 2, left + 2,
	    m[CITY_SIDE_S] != '-' ? '|' : reg_r[CITY_SIDE_S]);
	put(cv, top + 2, left + 3, reg_l[CITY_SIDE_S]);
	put(cv, top + 2, left + 4, reg_l[CITY_SIDE_S]);
	/* Middle row: west middle, follower, centre, buildings, east
	 * middle. */
	put(cv, top + 1, left + 0,
	    m[CITY_SIDE_W] != '-' ? '-' : reg_l[CITY_SIDE_W]);
	put(cv, top + 1, left + 4,
	    m[CITY_SIDE_E] != '-' ? '-' : reg_l[CITY_SIDE_E]);
	if (streets == 0)
		centre = reg_l[CITY_SIDE_N];
	else if (streets == 2 && m[CITY_SIDE_N] != '-' &&
	         m[CITY_SIDE_N] == m[CITY_SIDE_S])
		centre = '|';
	else if (streets == 2 && m[CITY_SIDE_E] != '-' &&
	         m[CITY_SIDE_E] == m[CITY_SIDE_W])
		centre = '-';
	else
		centre = '+';
	put(cv, top + 1, left + 2, centre);
	put(cv, top + 1, left + 1, ' ');
	{
		const char *hist = city_tileset_historic_name(ts, di);
		int pub = city_tileset_public_buildings(ts, di);
		char b = ' ';
		if (hist && hist[0])
			b = 'H';
		else if (city_tileset_monastery(ts, di) == 1)
			b = 'M';
		else if (pub > 0 && pub <= 9)
			b = (char)('0' + pub);
		put(cv, top + 1, left + 3, b);
	}
	/* The tile's follower (at most one per tile, R-FOL-1); guards are
	 * drawn with the wall. */
	nf = city_game_follower_count(g);
	for (i = 0; nf > 0 && i < (size_t)nf; i++) {
		int player = -1, role = -1;
		int32_t fx = 0, fy = 0;
		if (city_game_follower(g, i, &player, &role, &fx, &fy, NULL) ==
		            CITY_OK &&
		    role != CITY_ROLE_GUARD && role != CITY_ROLE_TOWER_TOP &&
		    fx == x && fy == y && player >= 0 && player <= 9)
			put(cv, top + 1, left + 1, (char)('0' + player));
	}
	draw_tower_label(cv, g, x, y, top, left);
}

/* The border segment of a side of cell (x, y): its first canvas position
 * and direction, and its length. */
static size_t side_segment(const canvas *cv, int32_t x, int32_t y, int side,
                           size_t *row, size_t *col, int *vertical)
{
	size_t top = (size_t)(y - cv->min_y) * (CELL_H + 1) + 1;
	size_t left = (size_t)(x - cv->min_x) * (CELL_W + 1) + 1;
	switch (side) {
	case CITY_SIDE_N:
		*row = top - 1, *col = left, *vertical = 0;
		return CELL_W;
	case CITY_SIDE_S:
		*row = top + CELL_H, *col = left, *vertical = 0;
		return CELL_W;
	case CITY_SIDE_W:
		*row = top, *col = left - 1, *vertical = 1;
		return CELL_H;
	default:
		*row = top, *col = left + CELL_W, *vertical = 1;
		return CELL_H;
	}
}

static void put_segment(canvas *cv, size_t row, size_t col, int vertical,
                        size_t pos, char c)
{
	size_t r = vertical ? row + pos : row;
	size_t k = vertical ? col : col + pos;
	put(cv, r, k, c);
	if (r < cv->rows && k < cv->cols)
		cv->wall[r * cv->cols + k] = 1;
}

/* After final scoring, the notional walls of R-END-2 close the ring: every
 * side of a tile facing the exterior gets ':' (real pieces are drawn over
 * them). */
static void draw_final_walls(canvas *cv, const city_game *g)
{
	int i, nt = city_game_tile_count(g), side;
	size_t r, c, len, k;
	int vertical;
	if (city_game_final_scored(g) != 1)
		return;
	for (i = 0; i < nt; i++) {
		int32_t x, y;
		if (city_game_placed_tile(g, (size_t)i, &x, &y, NULL, NULL) !=
		    CITY_OK)
			continue;
		for (side = 0; side < 4; side++) {
			int32_t nx = x + (side == CITY_SIDE_E) - (side == CITY_SIDE_W);
			int32_t ny = y + (side == CITY_SIDE_S) - (side == CITY_SIDE_N);
			if (city_game_cell(g, nx, ny) != CITY_CELL_EXTERIOR)
				continue;
			len = side_segment(cv, x, y, side, &r, &c, &vertical);
			for (k = 0; k < len; k++)
				put(cv, vertical ? r + k : r, vertical ? c : c + k,
				    ':');
			/* the corners at both ends */
			put(cv, vertical ? r - 1 : r, vertical ? c : c - 1, ':');
			put(cv, vertical ? r + len : r, vertical ? c : c + len,
			    ':');
		}
	}
}

static void draw_wall(canvas *cv, const city_game *g)
{
	int n = city_wall_length(g), t, nt = city_tower_count(g);
	int *towers_on = NULL;
	size_t i, r, c, len, k;
	int vertical;
	draw_final_walls(cv, g);
	if (n <= 0)
		return;
	towers_on = calloc((size_t)n, sizeof *towers_on);
	for (i = 0; i < (size_t)n; i++) {
		int32_t x = 0, y = 0;
		int side = 0, is_gate = 0, guard = -1;
		if (city_wall_piece(g, i, &x, &y, &side, &is_gate, &guard) !=
		    CITY_OK)
			continue;
		len = side_segment(cv, x, y, side, &r, &c, &vertical);
		for (k = 0; k < len; k++)
			put_segment(cv, r, c, vertical, k, is_gate ? 'G' : '#');
		if (guard >= 0 && guard <= 9)
			put_segment(cv, r, c, vertical, len / 2,
			            (char)('0' + guard));
	}
	for (t = 0; t < nt; t++) {
		int piece = -1;
		int32_t x = 0, y = 0;
		int side = 0;
		if (city_tower(g, (size_t)t, NULL, NULL, &piece, NULL) !=
		            CITY_OK ||
		    piece < 0 || piece >= n ||
		    city_wall_piece(g, (size_t)piece, &x, &y, &side, NULL,
		                    NULL) != CITY_OK)
			continue;
		len = side_segment(cv, x, y, side, &r, &c, &vertical);
		/* A second tower on one piece (a closed ring) goes to the
		 * other end of the segment. */
		put_segment(cv, r, c, vertical,
		            towers_on && towers_on[piece] ? len - 1 : 0, 'T');
		if (towers_on)
			towers_on[piece]++;
	}
	free(towers_on);
	/* Corners join wall segments that meet there. */
	for (r = 0; r < cv->rows; r += CELL_H + 1)
		for (c = 0; c < cv->cols; c += CELL_W + 1) {
			int walls = 0;
			if (r > 0 && cv->wall[(r - 1) * cv->cols + c])
				walls++;
			if (r + 1 < cv->rows &&
			    cv->wall[(r + 1) * cv->cols + c])
				walls++;
			if (c > 0 && cv->wall[r * cv->cols + c - 1])
				walls++;
			if (c + 1 < cv->cols && cv->wall[r * cv->cols + c + 1])
				walls++;
			if (walls >= 2)
				put(cv, r, c, '#');
		}
}

static void print_legend(void)
{
	puts("legend: each tile is a 5x3 block; the wall is drawn on the "
	     "borders between blocks\n"
	     "  .      residential area\n"
	     "  f g l  market of fish, grain, livestock; m  market of "
	     "several kinds\n"
	     "  | -    street middle on the north/south, west/east side\n"
	     "  centre + streets meet or end there; | or - a street passes "
	     "through\n"
	     "  left of the centre   0-3 follower of that player\n"
	     "  right of the centre  1-4 public buildings, H historic "
	     "building\n"
	     "  ~      hole (an empty cell enclosed by the city)\n"
	     "  border G city gate, # wall piece, 0-3 guard of that player, "
	     "T tower,\n"
	     "         : final wall closing the ring at the end (R-END-2)");
}

/* Print the city: bounds, the grid with coordinates, the legend. */
static int print_city(const city_game *g)
{
	int32_t min_x, min_y, max_x, max_y, x, y;
	canvas cv;
	size_t r, c, nx, ny;
	int rc = city_game_bounds(g, &min_x, &min_y, &max_x, &max_y);
	if (rc == CITY_ENOTFOUND) {
		puts("city: no tile placed");
		return CITY_OK;
	}
	if (rc != CITY_OK)
		return rc;
	nx = (size_t)((int64_t)max_x - min_x + 1);
	ny = (size_t)((int64_t)max_y - min_y + 1);
	cv.min_x = min_x;
	cv.min_y = min_y;
	cv.cols = nx * (CELL_W + 1) + 1;
	cv.rows = ny * (CELL_H + 1) + 1;
	cv.ch = malloc(cv.cols * cv.rows);
	cv.wall = calloc(cv.cols * cv.rows, 1);
	if (!cv.ch || !cv.wall) {
		free(cv.ch);
		free(cv.wall);
		return CITY_ENOMEM;
	}
	memset(cv.ch, ' ', cv.cols * cv.rows);
	for (y = min_y; y <= max_y; y++)
		for (x = min_x; x <= max_x; x++) {
			size_t top = (size_t)(y - min_y) * (CELL_H + 1) + 1;
			size_t left = (size_t)(x - min_x) * (CELL_W + 1) + 1;
			int cell = city_game_cell(g, x, y);
			if (cell == CITY_CELL_TILE) {
				draw_tile(&cv, g, x, y, top, left);
			} else if (cell == CITY_CELL_HOLE) {
				for (r = 0; r < CELL_H; r++)
					for (c = 0; c < CELL_W; c++)
						put(&cv, top + r, left + c,
						    '~');
			}
		}
	if (city_game_kind(g) != CITY_GAME_CARCASSONNE)
		draw_wall(&cv, g); /* the base game has no wall */

	printf("city: x %ld..%ld, y %ld..%ld (x grows east, y grows south)\n",
	       (long)min_x, (long)max_x, (long)min_y, (long)max_y);
	/* x labels over the middle of each column. */
	{
		char *lab = malloc(cv.cols + 16);
		if (lab) {
			memset(lab, ' ', cv.cols + 15);
			lab[cv.cols + 15] = '\0';
			for (x = min_x; x <= max_x; x++) {
				char num[16];
				size_t k, at = (size_t)(x - min_x) *
				                       (CELL_W + 1) +
				               2;
				int w = snprintf(num, sizeof num, "%ld",
				                 (long)x);
				for (k = 0;
				     k < (size_t)w && at + k < cv.cols + 15;
				     k++)
					lab[at + k] = num[k];
			}
			for (r = cv.cols + 15; r > 0 && lab[r - 1] == ' '; r--)
				lab[r - 1] = '\0';
			printf("       %s\n", lab);
			free(lab);
		}
	}
	for (r = 0; r < cv.rows; r++) {
		size_t end = cv.cols;
		while (end > 0 && cv.ch[r * cv.cols + end - 1] == ' ')
			end--;
		if (r % (CELL_H + 1) == 2)
			printf("  %4ld ",
			       (long)(min_y + (int32_t)(r / (CELL_H + 1))));
		else if (end > 0)
			printf("       ");
		fwrite(cv.ch + r * cv.cols, 1, end, stdout);
		putchar('\n');
	}
	free(cv.ch);
	free(cv.wall);
	if (city_game_kind(g) == CITY_GAME_CARCASSONNE)
		puts("legend: each tile is a 5x3 block\n"
		     "  C      city; . field\n"
		     "  | -    road middle on the north/south, west/east side\n"
		     "  centre + roads meet or end there; | or - a road passes "
		     "through\n"
		     "  left of the centre   0-4 follower of that player\n"
		     "  right of the centre  M monastery");
	else
		print_legend();
	if (city_game_expansions(g) & CITY_EXPANSION_TOWER) {
		puts("  under a tile  T<h> tower of height h, T<h>p<i> closed "
		     "by player i's follower\n"
		     "                on top");
		print_towers(g);
	}
	return CITY_OK;
}

/* ------------------------------------------------------------------------
 * play
 */


/* Print the events logged since *seen: the discards (R-TURN-4) and The
 * Tower's captures, exchanges and ransoms (T-CAP-2..5), which the trace's
 * move lines do not show (an exchange is no move). */
static void print_new_events(const city_game *g, size_t *seen)
{
	int n = city_game_event_count(g);
	for (; n > 0 && *seen < (size_t)n; (*seen)++) {
		city_event e;
		int other;
		if (city_game_event(g, *seen, &e) != CITY_OK)
			continue;
		other = (int)e.reserved1 - 1;
		if (e.kind == CITY_EVENT_DISCARD)
			printf("  discard design %d (R-TURN-4: no legal "
			       "placement)\n",
			       (int)e.design);
		else if (e.kind == CITY_EVENT_CAPTURE && other == e.player)
			printf("  capture p%d takes back their own follower "
			       "at %ld %ld %c (T-CAP-2)\n",
			       (int)e.player, (long)e.x, (long)e.y, e.part);
		else if (e.kind == CITY_EVENT_CAPTURE)
			printf("  capture p%d takes p%d's follower at %ld %ld "
			       "%c prisoner (T-CAP-3)\n",
			       (int)e.player, other, (long)e.x, (long)e.y,
			       e.part);
		else if (e.kind == CITY_EVENT_EXCHANGE)
			printf("  exchange p%d and p%d each get a prisoner "
			       "back (T-CAP-4)\n",
			       (int)e.player, other);
		else if (e.kind == CITY_EVENT_SCORE &&
		         e.reason == CITY_REASON_RANSOM && e.points > 0)
			printf("  ransom p%d pays p%d 3 points for a prisoner "
			       "(T-CAP-5)\n",
			       other, (int)e.player);
	}
}


/* The rule options `--rule` knows by name, with their values, for the
 * messages of a bad --rule (the library itself decides what it accepts:
 * a rule missing here but known to the library is still played). */
static const struct rule_info {
	const char *name;
	const char *values;
} rule_infos[] = {
	{"wall_trigger", "occupied|any"},
	{"first_round_guards", "yes|no"},
	{"returned_guard", "yes|no"},
	{"closing_tower", "yes|no"},
	{"end_gap", "0..20"},
#ifdef CITY_RULE_FARMERS
	{"farmers", "yes|no"},
#endif
#ifdef CITY_RULE_CAPTURE_OWN
	{"capture_own", "yes|no"},
#endif
#ifdef CITY_RULE_CAPTURE_TOP
	{"capture_top", "yes|no"},
#endif
#ifdef CITY_RULE_RANSOM_MIN
	{"ransom_min", "yes|no"},
#endif
#ifdef CITY_RULE_CAPTURE_GAPS
	{"capture_gaps", "yes|no"},
#endif
#ifdef CITY_RULE_TOWER_RANGE
	{"tower_range", "height|short"},
#endif
#ifdef CITY_RULE_CAPTURE_DIAGONAL
	{"capture_diagonal", "yes|no"},
#endif
#ifdef CITY_RULE_RANSOM
	{"ransom", "yes|no"},
#endif
};

#define RULE_INFO_COUNT (sizeof rule_infos / sizeof rule_infos[0])

/* `name (values), ...`: every rule known here. */
static void print_rule_names(FILE *f)
{
	size_t k;
	for (k = 0; k < RULE_INFO_COUNT; k++)
		fprintf(f, "%s%s (%s)", k ? ", " : "", rule_infos[k].name,
		        rule_infos[k].values);
}

/* A rule's values for a sentence: `a|b` read as `a or b`. */
static void print_rule_values(FILE *f, const char *values)
{
	for (; *values; values++)
		if (*values == '|')
			fputs(" or ", f);
		else
			fputc(*values, f);
}

/* Apply `--rule TEXT`; on failure say what is wrong (`end_gap=99: end_gap
 * must be 0..20`, `nosuch=1: unknown rule; rules are ...`). */
static int apply_rule(city_options *opts, const char *text)
{
	const char *eq;
	size_t k, n;
	if (city_options_parse_rule(opts, text) == CITY_OK)
		return 0;
	eq = strchr(text, '=');
	fprintf(stderr, "city-cli: --rule %s: ", text);
	if (!eq || eq == text) {
		fputs("expected name=value; rules are ", stderr);
		print_rule_names(stderr);
		fputc('\n', stderr);
		return EXIT_USAGE;
	}
	n = (size_t)(eq - text);
	for (k = 0; k < RULE_INFO_COUNT; k++)
		if (strlen(rule_infos[k].name) == n &&
		    strncmp(rule_infos[k].name, text, n) == 0) {
			fprintf(stderr, "%s must be ", rule_infos[k].name);
			print_rule_values(stderr, rule_infos[k].values);
			fputc('\n', stderr);
			return EXIT_USAGE;
		}
	fputs("unknown rule; rules are ", stderr);
	print_rule_names(stderr);
	fputc('\n', stderr);
	return EXIT_USAGE;
}

/* The players' generators: the AI of --ai (shared by the seats it plays,
 * seeded with seed ^ 0x5DEECE66D so that it differs from the draw order's;
 * a random AI then plays exactly as city-cli's own generator did) and one
 * AI per --seat, seeded with that value + 1 + the seat. */
#define PLAY_AI_SALT 0x5DEECE66Du
#define MAX_SEATS 5 /* Carcassonne takes 5 players */

/* What `play` was asked for. */
typedef struct play_args {
	int players;
	uint64_t seed;
	const char *ai_spec;               /* --ai SPEC */
	const char *seat_spec[MAX_SEATS];  /* --seat N=SPEC, or NULL */
	const char *record;                /* --record FILE, or NULL */
	const char *tileset;               /* --tileset FILE, or NULL */
	const char *players_arg;           /* --players as given */
	int carc;                          /* --game carcassonne */
} play_args;

/* Read play's arguments into *pa and the rule options into opts; returns
 * 0 or an exit status (the error reported). */
static int parse_play_args(int argc, char **argv, play_args *pa,
                           city_options *opts)
{
	args a = {argc, 0, argv};
	const char *val = NULL;
	char err[160];
	uint64_t v;
	int rc;
	while (a.i < a.argc) {
		if (next_option(&a, "--game", &val)) {
			if (city_options_parse_game(opts, val) != CITY_OK)
				return usage_error("--game must be the-city or "
				                   "carcassonne, not",
				                   val);
			pa->carc = strcmp(val, "carcassonne") == 0;
		} else if (next_option(&a, "--expansion", &val)) {
			if (strcmp(val, "tower") != 0 ||
			    city_options_set_expansion(opts, CITY_EXPANSION_TOWER,
			                               1) != CITY_OK)
				return usage_error("--expansion must be tower (after "
				                   "--game carcassonne), not",
				                   val);
		} else if (next_option(&a, "--players", &val)) {
			if (cli_parse_number(val, 5, &v) || v < 2)
				return usage_error(
				        "--players must be 2, 3 or 4 (or 5 in "
				        "carcassonne), not",
				        val);
			pa->players = (int)v;
			pa->players_arg = val;
		} else if (next_option(&a, "--seed", &val)) {
			if (cli_parse_number(val, UINT64_MAX, &pa->seed))
				return usage_error("--seed must be a number "
				                   "0..2^64-1, not",
				                   val);
		} else if (next_option(&a, "--ai", &val)) {
			cli_seat probe;
			int bad = cli_seat_parse(&probe, val, 0, err,
			                         sizeof err) != 0 ||
			          probe.human;
			cli_seat_free(&probe);
			if (bad)
				return usage_error(
				        "--ai must be random, greedy, "
				        "mcts[:ITERATIONS[:THREADS]], easy, "
				        "medium or hard, not",
				        val);
			pa->ai_spec = val;
		} else if (next_option(&a, "--seat", &val)) {
			if (val[0] < '0' || val[0] > '4' || val[1] != '=')
				return usage_error("--seat must be N=SPEC with "
				                   "N 0..4, not",
				                   val);
			pa->seat_spec[val[0] - '0'] = val + 2;
		} else if (next_option(&a, "--record", &val)) {
			pa->record = val;
		} else if (next_option(&a, "--tileset", &val)) {
			pa->tileset = val;
		} else if (next_option(&a, "--rule", &val)) {
			rc = apply_rule(opts, val);
			if (rc)
				return rc;
		} else {
			return usage_error("play: unknown or incomplete argument",
			                   a.argv[a.i]);
		}
	}
	if (pa->players > 4 && !pa->carc)
		return usage_error("--players must be 2, 3 or 4 in the-city, not",
		                   pa->players_arg);
	return 0;
}

/* The seats of a game: `shared` plays every seat without a --seat of its
 * own. Returns 0 or an exit status (the error reported). */
static int make_seats(const play_args *pa, cli_seat *shared,
                      cli_seat seats[MAX_SEATS])
{
	char err[160];
	int i;
	for (i = 0; i < MAX_SEATS; i++) {
		if (!pa->seat_spec[i])
			continue;
		if (i >= pa->players)
			return usage_error("--seat names a seat beyond --players:",
			                   pa->seat_spec[i] - 2);
		if (cli_seat_parse(&seats[i], pa->seat_spec[i],
		                   (pa->seed ^ PLAY_AI_SALT) + 1 + (uint64_t)i,
		                   err, sizeof err) != 0)
			return usage_error(err, NULL);
	}
	if (cli_seat_parse(shared, pa->ai_spec, pa->seed ^ PLAY_AI_SALT, err,
	                   sizeof err) != 0) {
		fputs("city-cli: out of memory\n", stderr);
		return EXIT_RECORD;
	}
	return 0;
}

/* Play the game until it ends or a human seat leaves (*quit), printing the
 * trace; returns a libcity status. */
static int play_game(city_game *g, const play_args *pa, cli_seat *shared,
                     cli_seat seats[MAX_SEATS], size_t *moves, int *quit)
{
	size_t seen = 0;
	int rc = CITY_OK;
	*quit = 0;
	print_new_events(g, &seen);
	while (city_game_decision(g) != CITY_DECISION_END) {
		city_move m;
		int p = city_game_player(g);
		cli_seat *seat = p >= 0 && p < MAX_SEATS && pa->seat_spec[p]
		                         ? &seats[p]
		                         : shared;
		rc = cli_seat_choose(seat, g, &m, print_city);
		if (rc == CLI_QUIT) {
			*quit = 1;
			return CITY_OK;
		}
		if (rc != CITY_OK) {
			fprintf(stderr, "city-cli: no move for p%d: %s\n", p,
			        city_status_str(rc));
			return rc;
		}
		rc = traced_move(g, &m, ++*moves);
		if (rc != CITY_OK) {
			fprintf(stderr, "city-cli: move %zu rejected: %s\n",
			        *moves, city_game_last_error(g));
			return rc;
		}
		print_new_events(g, &seen);
	}
	return rc;
}

static int cmd_play(int argc, char **argv)
{
	city_options *opts = NULL;
	city_tileset *ts = NULL;
	city_game *g = NULL;
	play_args pa = {2,    0,    "random", {NULL, NULL, NULL, NULL, NULL},
	                NULL, NULL, "",       0};
	cli_seat shared, seats[MAX_SEATS];
	size_t n = 0;
	int rc, i, status = 0, quit = 0;

	memset(&shared, 0, sizeof shared);
	memset(seats, 0, sizeof seats);
	if (city_options_new(&opts) != CITY_OK) {
		fputs("city-cli: out of memory\n", stderr);
		return EXIT_RECORD;
	}
	status = parse_play_args(argc, argv, &pa, opts);
	if (!status)
		status = make_seats(&pa, &shared, seats);
	if (!status && pa.tileset)
		status = load_tileset(pa.tileset, &ts);
	if (!status && pa.record && check_writable(pa.record) != 0)
		status = EXIT_USAGE;
	rc = CITY_OK;
	if (!status) {
		rc = city_options_set_players(opts, pa.players);
		if (rc == CITY_OK)
			rc = city_options_set_seed(opts, pa.seed);
		if (rc == CITY_OK && ts)
			rc = city_options_set_tileset(opts, ts);
		if (rc == CITY_OK)
			rc = city_game_new(&g, opts);
		if (rc != CITY_OK) {
			fprintf(stderr, "city-cli: cannot start a game: %s\n",
			        city_status_str(rc));
			status = EXIT_RECORD;
		}
	}
	city_options_free(opts);
	city_tileset_free(ts);
	if (status) {
		cli_seat_free(&shared);
		for (i = 0; i < MAX_SEATS; i++)
			cli_seat_free(&seats[i]);
		return status;
	}

	printf("game %splayers=%d seed=%llu ai=%s",
	       pa.carc ? "carcassonne " : "", pa.players,
	       (unsigned long long)pa.seed, pa.ai_spec);
	for (i = 0; i < pa.players; i++)
		if (pa.seat_spec[i])
			printf(" seat%d=%s", i, pa.seat_spec[i]);
	if (pa.tileset)
		printf(" tileset=%s",
		       city_tileset_name(city_game_tileset(g)));
	putchar('\n');
	rc = play_game(g, &pa, &shared, seats, &n, &quit);
	if (quit) {
		printf("unfinished");
		print_scores(g);
		putchar('\n');
		fprintf(stderr, "city-cli: input ended: the game stops after "
		                "%zu moves\n",
		        n);
	} else if (rc == CITY_OK) {
		/* score first, so that the city shows the closed ring */
		rc = city_score_final(g);
		if (rc == CITY_OK)
			rc = print_city(g);
		if (rc == CITY_OK)
			rc = print_final(g);
		if (rc == CITY_OK)
			print_end_reasons(g);
	}
	if (rc != CITY_OK) {
		fprintf(stderr, "city-cli: %s\n", city_status_str(rc));
		status = EXIT_RECORD;
	}
	if (pa.record) {
		int wrc = write_record(g, pa.record);
		if (wrc != CITY_OK) {
			fprintf(stderr, "city-cli: cannot write %s: %s\n",
			        pa.record,
			        wrc == WRITE_EIO ? strerror(errno ? errno : EIO)
			                         : city_status_str(wrc));
			if (!status)
				status = EXIT_USAGE;
		}
	}
	cli_seat_free(&shared);
	for (i = 0; i < MAX_SEATS; i++)
		cli_seat_free(&seats[i]);
	city_game_free(g);
	return status;
}

/* ------------------------------------------------------------------------
 * replay and show
 */

/* Print a load error as a trace's last line. */
static void print_load_error(const char *err)
{
	if (strncmp(err, "line ", 5) == 0 || strncmp(err, "move ", 5) == 0)
		printf("error %s\n", err);
	else
		printf("error line 0: %s\n", err);
}

/* The game a `--game NAME` names (CITY_GAME_*), or -1. */
static int game_named(const char *name)
{
	if (strcmp(name, "the-city") == 0)
		return CITY_GAME_THE_CITY;
	if (strcmp(name, "carcassonne") == 0)
		return CITY_GAME_CARCASSONNE;
	return -1;
}

/* Take `--game NAME` out of argv (wherever it is) into *want (-1 when
 * absent); returns 0 or an exit status. */
static int take_game_arg(int *argc, char **argv, int *want)
{
	int k;
	*want = -1;
	for (k = 0; k + 1 < *argc; k++) {
		if (strcmp(argv[k], "--game") != 0)
			continue;
		if ((*want = game_named(argv[k + 1])) < 0)
			return usage_error("--game must be the-city or "
			                   "carcassonne, not",
			                   argv[k + 1]);
		memmove(&argv[k], &argv[k + 2],
		        (size_t)(*argc - k - 2) * sizeof *argv);
		*argc -= 2;
		return 0;
	}
	return 0;
}

/* Whether a loaded game is the game the command line asked for (want <
 * 0: any); a record of another game is an error of its line 1. */
static int game_expected(const city_game *g, int want)
{
	const char *name =
	    want == CITY_GAME_CARCASSONNE ? "carcassonne" : "the-city";
	if (want < 0 || city_game_kind(g) == want)
		return 1;
	printf("error line 1: the record is not a %s game (its header has "
	       "no `game %s` line)\n",
	       name, name);
	return 0;
}

/* Read the one FILE argument of replay/show, allowing the flags given
 * (NULL-terminated; each sets its int); returns 0 or an exit status. */
static int one_file_arg(const char *cmd, int argc, char **argv,
                        const char *const *flags, int *flag_set,
                        const char **path)
{
	int k, f;
	char what[64];
	*path = NULL;
	for (k = 0; k < argc; k++) {
		int matched = 0;
		for (f = 0; flags && flags[f]; f++)
			if (strcmp(argv[k], flags[f]) == 0) {
				flag_set[f] = 1;
				matched = 1;
			}
		if (matched)
			continue;
		if (is_option(argv[k])) {
			snprintf(what, sizeof what, "%s: unknown option", cmd);
			return usage_error(what, argv[k]);
		}
		if (*path) {
			snprintf(what, sizeof what, "%s: one FILE only, not also",
			         cmd);
			return usage_error(what, argv[k]);
		}
		*path = argv[k];
	}
	if (!*path) {
		snprintf(what, sizeof what, "%s: missing FILE", cmd);
		return usage_error(what, NULL);
	}
	return 0;
}

static int cmd_replay(int argc, char **argv)
{
	static const char *const flags[] = {"--trace", NULL};
	int flag_set[1] = {0};
	const char *path = NULL;
	char *text = NULL, err[512];
	size_t len = 0, applied = 0, i;
	city_game *g = NULL, *r = NULL;
	int rc, status, nmoves, want;
	status = take_game_arg(&argc, argv, &want);
	if (status)
		return status;
	/* --trace: the output is the trace either way */
	status = one_file_arg("replay", argc, argv, flags, flag_set, &path);
	if (status)
		return status;
	if (cli_read_file_or_report(path, &text, &len) != 0)
		return EXIT_USAGE;
	err[0] = '\0';
	rc = city_game_load_ex(&g, &applied, text, len, CITY_LOAD_PREFIX, err,
	                       sizeof err);
	if (!g) {
		print_load_error(err);
		report_record_error(path, text, len, err);
		free(text);
		return EXIT_RECORD;
	}
	if (!game_expected(g, want)) {
		city_game_free(g);
		free(text);
		return EXIT_RECORD;
	}
	/* Replay from the start so that each line shows the state before its
	 * move (player, decision, legal count). */
	if (city_game_clone(&r, g) != CITY_OK ||
	    city_game_reset(r) != CITY_OK) {
		fputs("city-cli: out of memory\n", stderr);
		city_game_free(r);
		city_game_free(g);
		free(text);
		return EXIT_RECORD;
	}
	nmoves = city_game_move_count(g);
	for (i = 0; nmoves > 0 && i < (size_t)nmoves; i++) {
		city_move m;
		int mrc = city_game_move(g, i, &m);
		if (mrc == CITY_OK)
			mrc = traced_move(r, &m, i + 1);
		if (mrc != CITY_OK) {
			snprintf(err, sizeof err, "move %zu: %s", i + 1,
			         city_game_last_error(r));
			printf("error %s\n", err);
			report_record_error(path, text, len, err);
			status = EXIT_RECORD;
			break;
		}
	}
	if (!status && rc != CITY_OK) {
		print_load_error(err);
		report_record_error(path, text, len, err);
		status = EXIT_RECORD;
	} else if (!status && city_game_decision(r) == CITY_DECISION_END) {
		if (print_final(r) != CITY_OK) {
			printf("error line 0: final scoring failed\n");
			fprintf(stderr, "%s: final scoring failed\n", path);
			status = EXIT_RECORD;
		}
	} else if (!status) {
		printf("unfinished");
		print_scores(r);
		putchar('\n');
	}
	free(text);
	city_game_free(r);
	city_game_free(g);
	return status;
}

static int cmd_show(int argc, char **argv)
{
	const char *path = NULL;
	char *text = NULL, err[512];
	size_t len = 0, applied = 0;
	city_game *g = NULL;
	int rc, status, ended, p, np, want;
	status = take_game_arg(&argc, argv, &want);
	if (status)
		return status;
	if (argc > 1)
		return cli_show_svg(argc, argv); /* show FILE --svg: cli_svg.c */
	status = one_file_arg("show", argc, argv, NULL, NULL, &path);
	if (status)
		return status;
	if (cli_read_file_or_report(path, &text, &len) != 0)
		return EXIT_USAGE;
	err[0] = '\0';
	rc = city_game_load_ex(&g, &applied, text, len, CITY_LOAD_PREFIX, err,
	                       sizeof err);
	if (!g || rc != CITY_OK)
		report_record_error(path, text, len, err);
	free(text);
	if (!g)
		return EXIT_RECORD;
	if (!game_expected(g, want)) {
		city_game_free(g);
		return EXIT_RECORD;
	}
	if (rc != CITY_OK) {
		fprintf(stderr, "%s: showing the city after %zu moves\n", path,
		        applied);
		status = EXIT_RECORD;
	}
	/* A finished game is shown scored: the final scores, the ring closed
	 * by the final walls, the breakdown and the winners. */
	ended = city_game_decision(g) == CITY_DECISION_END;
	if (ended && city_score_final(g) != CITY_OK) {
		fprintf(stderr, "%s: final scoring failed\n", path);
		city_game_free(g);
		return EXIT_RECORD;
	}
	np = city_game_players(g);
	printf("moves %d, tiles %d, %s", city_game_move_count(g),
	       city_game_tile_count(g), ended ? "ended" : "next: ");
	if (!ended)
		printf("p%d %s", city_game_player(g),
		       decision_name(city_game_decision(g)));
	printf(", %s", ended ? "final scores" : "scores");
	for (p = 0; p < np; p++)
		printf(" p%d=%d", p, city_game_score(g, p));
	putchar('\n');
	if (print_city(g) != CITY_OK && !status)
		status = EXIT_RECORD;
	if (ended) {
		if (print_final(g) != CITY_OK && !status)
			status = EXIT_RECORD;
		print_end_reasons(g);
	}
	city_game_free(g);
	return status;
}

/* ------------------------------------------------------------------------
 * check-tiles
 */

static int cmd_check_tiles(int argc, char **argv)
{
	const char *path = NULL;
	city_tileset *ts = NULL;
	int status = one_file_arg("check-tiles", argc, argv, NULL, NULL, &path);
	if (status)
		return status;
	status = load_tileset(path, &ts);
	if (status)
		return status;
	printf("%s: tile set %s: %u designs, %u tiles\n", path,
	       city_tileset_name(ts), city_tileset_design_count(ts),
	       city_tileset_tile_count(ts));
	city_tileset_free(ts);
	return 0;
}

/* ------------------------------------------------------------------------
 * main
 */

static int cmd_help(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	usage(stdout);
	return 0;
}

static int cmd_version(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	printf("city-cli (libcity) %s\n", city_version_string());
	return 0;
}

/* The subcommands: name and function, called with the arguments after the
 * name. */
static const struct command {
	const char *name;
	int (*run)(int argc, char **argv);
} commands[] = {
	{"play", cmd_play},
	{"replay", cmd_replay},
	{"show", cmd_show},
	{"check-tiles", cmd_check_tiles},
	{"hint", cli_hint},   /* cli_ai.c */
	{"arena", cli_arena}, /* cli_ai.c */
	{"help", cmd_help},
	{"--help", cmd_help},
	{"-h", cmd_help},
	{"--version", cmd_version},
};

int main(int argc, char **argv)
{
	size_t k;
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	for (k = 0; k < sizeof commands / sizeof commands[0]; k++)
		if (strcmp(argv[1], commands[k].name) == 0)
			return commands[k].run(argc - 2, argv + 2);
	return usage_error("unknown command", argv[1]);
}
