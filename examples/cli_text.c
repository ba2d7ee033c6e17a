/*
 * The city as text (docs/cli.md): each cell a block of characters, blocks
 * separated by border lines on which The City's wall is drawn.
 *
 * Two pictures: the classic one of `show` and of `play` without a human
 * seat (5x3 blocks, exactly as scripts read it), and the play board of the
 * human prompt (7x3 blocks: a city as thick on every side, followers at
 * their part's place with a letter for the role and the player's digit,
 * the cells where the tile in hand fits, colour on a terminal), with the
 * tile in hand in each rotation and a placed tile with its parts named.
 */
#define _POSIX_C_SOURCE 200809L /* fileno */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <city/city.h>

#include "cli_text.h"

#define CELL_W 5
#define CELL_H 3
#define PLAY_W 7
#define PLAY_H 3

/* The play board's colours, one byte per canvas character. */
enum {
	ATTR_NONE = 0,
	ATTR_PLAYER = 1, /* ATTR_PLAYER + p: player p's follower or guard */
	ATTR_CITY = 8,   /* a city or a market */
	ATTR_ROAD,       /* a road or a street */
	ATTR_WALL,       /* The City's wall, gate and towers */
	ATTR_MARK,       /* a part's name, a cell where the tile fits */
	ATTR_HOLE,
	ATTR_RIVER /* The River */
};

#define WAY_ATTR(m) ((m) == '~' ? ATTR_RIVER : ATTR_ROAD)

typedef struct canvas {
	int32_t min_x, min_y;
	size_t cols, rows;
	size_t cw, chh; /* a cell's block: CELL_W x CELL_H, or PLAY_W x PLAY_H */
	char *ch;
	unsigned char *wall; /* 1 where a wall, gate, guard or tower is drawn */
	unsigned char *attr; /* the play board's colours (ATTR_*), or NULL */
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
	for (k = 0; k < n && (size_t)k <= cv->cw; k++)
		put(cv, top + cv->chh, left + (size_t)k, label[k]);
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

/* A tile's centre from the street or road middles of its sides (`-` for
 * none; `~` a river side, which is no road): `|` or `-` when a road passes
 * straight through, `+` when roads meet or end, `~` for a river without a
 * road (a road crossing the river is drawn over it, as by a bridge),
 * `none` without any. */
static char road_centre(const char m[4], char none)
{
	int s, roads = 0, rivers = 0;
	for (s = 0; s < 4; s++) {
		roads += m[s] != '-' && m[s] != '~';
		rivers += m[s] == '~';
	}
	if (roads == 0)
		return rivers ? '~' : none;
	if (roads == 2 && m[CITY_SIDE_N] != '-' && m[CITY_SIDE_N] != '~' &&
	    m[CITY_SIDE_N] == m[CITY_SIDE_S])
		return '|';
	if (roads == 2 && m[CITY_SIDE_E] != '-' && m[CITY_SIDE_E] != '~' &&
	    m[CITY_SIDE_E] == m[CITY_SIDE_W])
		return '-';
	return '+';
}

/* The character of a side's middle that carries a road (`road`: `|` or
 * `-`) or The River (`~`, V-GEO-1). */
static char way(char m, char road)
{
	return m == '~' ? '~' : road;
}

/* The interior of a tile's block, from what its four board sides show. */
static void draw_tile(canvas *cv, const city_game *g, int32_t x, int32_t y,
                      size_t top, size_t left)
{
	const city_tileset *ts = city_game_tileset(g);
	char l[4], m[4], r[4], reg_l[4], reg_r[4];
	int design = 0, rotation = 0, idx, s, nf;
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
	}
	/* North row, west to east (the north side's left half is its west
	 * half); south row, west to east (the south side's right half is its
	 * west half). */
	put(cv, top, left + 0, reg_l[CITY_SIDE_N]);
	put(cv, top, left + 1, reg_l[CITY_SIDE_N]);
	put(cv, top, left + 2,
	    m[CITY_SIDE_N] != '-' ? way(m[CITY_SIDE_N], '|') : reg_l[CITY_SIDE_N]);
	put(cv, top, left + 3, reg_r[CITY_SIDE_N]);
	put(cv, top, left + 4, reg_r[CITY_SIDE_N]);
	put(cv, top + 2, left + 0, reg_r[CITY_SIDE_S]);
	put(cv, top + 2, left + 1, reg_r[CITY_SIDE_S]);
	put(cv, top + 2, left + 2,
	    m[CITY_SIDE_S] != '-' ? way(m[CITY_SIDE_S], '|') : reg_r[CITY_SIDE_S]);
	put(cv, top + 2, left + 3, reg_l[CITY_SIDE_S]);
	put(cv, top + 2, left + 4, reg_l[CITY_SIDE_S]);
	/* Middle row: west middle, follower, centre, buildings, east
	 * middle. */
	put(cv, top + 1, left + 0,
	    m[CITY_SIDE_W] != '-' ? way(m[CITY_SIDE_W], '-') : reg_l[CITY_SIDE_W]);
	put(cv, top + 1, left + 4,
	    m[CITY_SIDE_E] != '-' ? way(m[CITY_SIDE_E], '-') : reg_l[CITY_SIDE_E]);
	centre = road_centre(m, reg_l[CITY_SIDE_N]);
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
	size_t top = (size_t)(y - cv->min_y) * (cv->chh + 1) + 1;
	size_t left = (size_t)(x - cv->min_x) * (cv->cw + 1) + 1;
	switch (side) {
	case CITY_SIDE_N:
		*row = top - 1, *col = left, *vertical = 0;
		return cv->cw;
	case CITY_SIDE_S:
		*row = top + cv->chh, *col = left, *vertical = 0;
		return cv->cw;
	case CITY_SIDE_W:
		*row = top, *col = left - 1, *vertical = 1;
		return cv->chh;
	default:
		*row = top, *col = left + cv->cw, *vertical = 1;
		return cv->chh;
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
	for (r = 0; r < cv->rows; r += cv->chh + 1)
		for (c = 0; c < cv->cols; c += cv->cw + 1) {
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


/* ------------------------------------------------------------------------
 * Canvas: allocation and printing, shared by both pictures
 */

static void canvas_free(canvas *cv)
{
	free(cv->ch);
	free(cv->wall);
	free(cv->attr);
	cv->ch = NULL;
	cv->wall = cv->attr = NULL;
}

/* A blank canvas for cells min..max, blocks of cw x chh characters (with
 * colours when `with_attr`). */
static int canvas_init(canvas *cv, int32_t min_x, int32_t min_y,
                       int32_t max_x, int32_t max_y, size_t cw, size_t chh,
                       int with_attr)
{
	size_t nx = (size_t)((int64_t)max_x - min_x + 1);
	size_t ny = (size_t)((int64_t)max_y - min_y + 1);
	cv->min_x = min_x;
	cv->min_y = min_y;
	cv->cw = cw;
	cv->chh = chh;
	cv->cols = nx * (cw + 1) + 1;
	cv->rows = ny * (chh + 1) + 1;
	cv->ch = malloc(cv->cols * cv->rows);
	cv->wall = calloc(cv->cols * cv->rows, 1);
	cv->attr = with_attr ? calloc(cv->cols * cv->rows, 1) : NULL;
	if (!cv->ch || !cv->wall || (with_attr && !cv->attr)) {
		canvas_free(cv);
		return CITY_ENOMEM;
	}
	memset(cv->ch, ' ', cv->cols * cv->rows);
	return CITY_OK;
}

static size_t block_top(const canvas *cv, int32_t y)
{
	return (size_t)(y - cv->min_y) * (cv->chh + 1) + 1;
}

static size_t block_left(const canvas *cv, int32_t x)
{
	return (size_t)(x - cv->min_x) * (cv->cw + 1) + 1;
}

/* A character with its colour (the classic picture has none). */
static void put_attr(canvas *cv, size_t row, size_t col, char c,
                     unsigned char a)
{
	put(cv, row, col, c);
	if (cv->attr && row < cv->rows && col < cv->cols)
		cv->attr[row * cv->cols + col] = a;
}

static const char *const player_sgr[] = {
	"\033[1;34m", "\033[1;31m", "\033[1;32m", "\033[1;35m", "\033[1;36m"};

const char *cli_player_color(int player, int color)
{
	if (!color || player < 0 || player > 4)
		return "";
	return player_sgr[player];
}

int cli_color_wanted(void)
{
	const char *no = getenv("NO_COLOR");
	return isatty(fileno(stdout)) && !(no && no[0]);
}

const char *cli_color_reset(int color)
{
	return color ? "\033[0m" : "";
}

static const char *attr_sgr(unsigned char a)
{
	if (a >= ATTR_PLAYER && a < ATTR_PLAYER + 5)
		return player_sgr[a - ATTR_PLAYER];
	switch (a) {
	case ATTR_CITY:
		return "\033[33m";
	case ATTR_ROAD:
		return "\033[2m";
	case ATTR_WALL:
		return "\033[1m";
	case ATTR_MARK:
		return "\033[7m";
	case ATTR_HOLE:
		return "\033[2;36m";
	case ATTR_RIVER:
		return "\033[34m";
	default:
		return "\033[0m";
	}
}

/* Print characters from..end-1 of a canvas row and a newline, in colour
 * when asked and the canvas has colours. */
static void print_span(const canvas *cv, size_t row, size_t from,
                       size_t end, int color)
{
	unsigned char cur = ATTR_NONE;
	size_t k;
	if (!color || !cv->attr) {
		fwrite(cv->ch + row * cv->cols + from, 1, end - from, stdout);
		putchar('\n');
		return;
	}
	for (k = from; k < end; k++) {
		unsigned char a = cv->attr[row * cv->cols + k];
		if (a != cur) {
			fputs("\033[0m", stdout);
			if (a != ATTR_NONE)
				fputs(attr_sgr(a), stdout);
			cur = a;
		}
		putchar(cv->ch[row * cv->cols + k]);
	}
	fputs(cur != ATTR_NONE ? "\033[0m\n" : "\n", stdout);
}

/* Print the x labels (at `label_at` within each block) and the rows, a y
 * label left of the middle row of each row of cells; trailing blanks are
 * dropped, colours (when cv->attr and `color`) reset at each line's end. */
static void print_canvas(const canvas *cv, int32_t max_x, size_t label_at,
                         int color)
{
	char *lab = malloc(cv->cols + 16);
	size_t r, k;
	int32_t x;
	if (lab) {
		memset(lab, ' ', cv->cols + 15);
		lab[cv->cols + 15] = '\0';
		for (x = cv->min_x; x <= max_x; x++) {
			char num[16];
			size_t at = (size_t)(x - cv->min_x) * (cv->cw + 1) +
			            label_at;
			int w = snprintf(num, sizeof num, "%ld", (long)x);
			for (k = 0; k < (size_t)w && at + k < cv->cols + 15; k++)
				lab[at + k] = num[k];
		}
		for (r = cv->cols + 15; r > 0 && lab[r - 1] == ' '; r--)
			lab[r - 1] = '\0';
		printf("       %s\n", lab);
		free(lab);
	}
	for (r = 0; r < cv->rows; r++) {
		const char *line = cv->ch + r * cv->cols;
		size_t end = cv->cols;
		while (end > 0 && line[end - 1] == ' ')
			end--;
		if (r % (cv->chh + 1) == 2)
			printf("  %4ld ",
			       (long)(cv->min_y + (int32_t)(r / (cv->chh + 1))));
		else if (end > 0)
			printf("       ");
		print_span(cv, r, 0, end, color);
	}
}

/* Print the city: bounds, the grid with coordinates, the legend. */
int cli_print_city(const city_game *g)
{
	int32_t min_x, min_y, max_x, max_y, x, y;
	canvas cv;
	size_t r, c;
	int rc = city_game_bounds(g, &min_x, &min_y, &max_x, &max_y);
	if (rc == CITY_ENOTFOUND) {
		puts("city: no tile placed");
		return CITY_OK;
	}
	if (rc != CITY_OK)
		return rc;
	rc = canvas_init(&cv, min_x, min_y, max_x, max_y, CELL_W, CELL_H, 0);
	if (rc != CITY_OK)
		return rc;
	for (y = min_y; y <= max_y; y++)
		for (x = min_x; x <= max_x; x++) {
			size_t top = block_top(&cv, y), left = block_left(&cv, x);
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
	print_canvas(&cv, max_x, 2, 0);
	canvas_free(&cv);
	if (city_game_kind(g) == CITY_GAME_CARCASSONNE) {
		puts("legend: each tile is a 5x3 block\n"
		     "  C      city; . field\n"
		     "  | -    road middle on the north/south, west/east side\n"
		     "  centre + roads meet or end there; | or - a road passes "
		     "through\n"
		     "  left of the centre   0-4 follower of that player\n"
		     "  right of the centre  M monastery");
		if (city_game_expansions(g) & CITY_EXPANSION_RIVER)
			puts("  ~      the river");
	} else {
		print_legend();
	}
	if (city_game_expansions(g) & CITY_EXPANSION_TOWER) {
		puts("  under a tile  T<h> tower of height h, T<h>p<i> closed "
		     "by player i's follower\n"
		     "                on top");
		print_towers(g);
	}
	return CITY_OK;
}

/* ------------------------------------------------------------------------
 * The play board: 7x3 blocks
 *
 *   n n n N n n n     north side: its west half, middle (| a road), east
 *   W W w C e E E       half; W/E the west and east sides, two columns
 *   s s s S s s s       thick so that a city is as wide on every side;
 *                       C the centre (+ | - roads, M monastery)
 *
 * A corner shows the stronger of its two half-sides (a city or a market
 * over a field or a residential area).
 */

char cli_role_letter(int role)
{
	static const char letters[] = "cswgtkmfT";
	return role >= 0 && role <= CITY_ROLE_TOWER_TOP ? letters[role] : '?';
}

/* Whether a region is drawn over its neighbour at a corner. */
static int region_strong(const city_tileset *ts, unsigned di, char letter)
{
	int kind = city_tileset_region_kind(ts, di, letter, NULL);
	return kind == CITY_REGION_CITY || kind == CITY_REGION_MARKET;
}

static unsigned char region_attr(const city_tileset *ts, unsigned di,
                                 char letter)
{
	return region_strong(ts, di, letter) ? ATTR_CITY : ATTR_NONE;
}

/* The region inside the tile: one that spans opposite sides, else the one
 * on most half-sides (a field or residential area on a tie). */
static char interior_region(const city_tileset *ts, unsigned di,
                            const char l[4], const char r[4])
{
	char best = l[0];
	int best_n = -1, s, t;
	for (s = 0; s < 8; s++) {
		char c = s < 4 ? l[s] : r[s - 4];
		int n = 0;
		for (t = 0; t < 4; t++)
			n += (l[t] == c) + (r[t] == c);
		if ((l[0] == c || r[0] == c) && (l[2] == c || r[2] == c))
			n += 8;
		if ((l[1] == c || r[1] == c) && (l[3] == c || r[3] == c))
			n += 8;
		if (n > best_n || (n == best_n && !region_strong(ts, di, c))) {
			best = c;
			best_n = n;
		}
	}
	return best;
}

/* Draw a design with a rotation into the block at (top, left); `tower`:
 * mark a tower foundation (The Tower in play). */
static void draw_design(canvas *cv, const city_tileset *ts, unsigned di,
                        int rot, size_t top, size_t left, int tower)
{
	char l[4], m[4], r[4], in, centre, b = ' ';
	int s, pub;
	size_t k;
	const char *hist;
	for (s = 0; s < 4; s++) {
		l[s] = m[s] = r[s] = '?';
		city_tileset_side(ts, di, s, rot, &l[s], &m[s], &r[s]);
	}
	in = interior_region(ts, di, l, r);
#define REG(letter) region_char(ts, di, (letter)), region_attr(ts, di, (letter))
	/* the interior, then the north and south rows */
	for (k = 0; k < PLAY_W; k++)
		put_attr(cv, top + 1, left + k, REG(in));
	for (k = 0; k < 3; k++) {
		put_attr(cv, top, left + k, REG(l[CITY_SIDE_N]));
		put_attr(cv, top, left + 4 + k, REG(r[CITY_SIDE_N]));
		put_attr(cv, top + 2, left + k, REG(r[CITY_SIDE_S]));
		put_attr(cv, top + 2, left + 4 + k, REG(l[CITY_SIDE_S]));
	}
	put_attr(cv, top, left + 3, REG(l[CITY_SIDE_N]));
	put_attr(cv, top + 2, left + 3, REG(r[CITY_SIDE_S]));
	/* the west and east sides, two columns; the corners only when the
	 * side's half is the stronger */
	for (k = 0; k < 2; k++) {
		put_attr(cv, top + 1, left + k, REG(l[CITY_SIDE_W]));
		put_attr(cv, top + 1, left + 5 + k, REG(l[CITY_SIDE_E]));
		if (region_strong(ts, di, r[CITY_SIDE_W]) &&
		    !region_strong(ts, di, l[CITY_SIDE_N]))
			put_attr(cv, top, left + k, REG(r[CITY_SIDE_W]));
		if (region_strong(ts, di, l[CITY_SIDE_W]) &&
		    !region_strong(ts, di, r[CITY_SIDE_S]))
			put_attr(cv, top + 2, left + k, REG(l[CITY_SIDE_W]));
		if (region_strong(ts, di, l[CITY_SIDE_E]) &&
		    !region_strong(ts, di, r[CITY_SIDE_N]))
			put_attr(cv, top, left + 5 + k, REG(l[CITY_SIDE_E]));
		if (region_strong(ts, di, r[CITY_SIDE_E]) &&
		    !region_strong(ts, di, l[CITY_SIDE_S]))
			put_attr(cv, top + 2, left + 5 + k, REG(r[CITY_SIDE_E]));
	}
#undef REG
	/* roads and streets; The River */
	if (m[CITY_SIDE_N] != '-')
		put_attr(cv, top, left + 3, way(m[CITY_SIDE_N], '|'),
		         WAY_ATTR(m[CITY_SIDE_N]));
	if (m[CITY_SIDE_S] != '-')
		put_attr(cv, top + 2, left + 3, way(m[CITY_SIDE_S], '|'),
		         WAY_ATTR(m[CITY_SIDE_S]));
	for (k = 0; k < 3; k++) {
		if (m[CITY_SIDE_W] != '-')
			put_attr(cv, top + 1, left + k, way(m[CITY_SIDE_W], '-'),
			         WAY_ATTR(m[CITY_SIDE_W]));
		if (m[CITY_SIDE_E] != '-')
			put_attr(cv, top + 1, left + 4 + k, way(m[CITY_SIDE_E], '-'),
			         WAY_ATTR(m[CITY_SIDE_E]));
	}
	centre = city_tileset_monastery(ts, di) == 1 ? 'M' : road_centre(m, 0);
	if (centre)
		put_attr(cv, top + 1, left + 3, centre,
		         centre == 'M'   ? ATTR_NONE
		         : centre == '~' ? ATTR_RIVER
		                         : ATTR_ROAD);
	/* buildings (The City) or a tower foundation (The Tower), right of
	 * the centre, left when a road runs there */
	hist = city_tileset_historic_name(ts, di);
	pub = city_tileset_public_buildings(ts, di);
	if (hist && hist[0])
		b = 'H';
	else if (pub > 0 && pub <= 9)
		b = (char)('0' + pub);
	else if (tower && city_tileset_tower_foundation(ts, di) == 1)
		b = 'T';
	if (b != ' ')
		put_attr(cv, top + 1,
		         left + (m[CITY_SIDE_E] == '-' || m[CITY_SIDE_W] != '-'
		                         ? 4
		                         : 2),
		         b, ATTR_NONE);
}

/* Where a part of a design is drawn in a play block (the row and column of
 * its first character, two characters wide): a monastery at the centre, a
 * road or street at the middle of its first side (N, E, S, W), a region
 * at the middle of a side it fills, else at its first half-side; -1 when
 * the design has no such part on a side. */
static int part_anchor(const city_tileset *ts, unsigned di, int rot,
                       char part, size_t *row, size_t *col)
{
	/* per side N E S W: a road's place, a whole side's, each half's */
	static const size_t road_r[4] = {0, 1, 2, 1}, road_c[4] = {3, 5, 3, 0};
	static const size_t mid_r[4] = {0, 1, 2, 1}, mid_c[4] = {1, 5, 1, 0};
	static const size_t half_r[4][2] = {{0, 0}, {0, 2}, {2, 2}, {2, 0}};
	static const size_t half_c[4][2] = {{1, 5}, {5, 5}, {5, 1}, {0, 0}};
	char l[4], m[4], r[4];
	int s;
	if (part == 'm') {
		*row = 1;
		*col = 3;
		return city_tileset_monastery(ts, di) == 1 ? 0 : -1;
	}
	for (s = 0; s < 4; s++) {
		l[s] = m[s] = r[s] = '?';
		city_tileset_side(ts, di, s, rot, &l[s], &m[s], &r[s]);
	}
	for (s = 0; s < 4; s++)
		if (m[s] == part) {
			*row = road_r[s];
			*col = road_c[s];
			return 0;
		}
	for (s = 0; s < 4; s++)
		if (l[s] == part && r[s] == part && m[s] == '-') {
			*row = mid_r[s];
			*col = mid_c[s];
			return 0;
		}
	for (s = 0; s < 4; s++)
		if (l[s] == part || r[s] == part) {
			*row = half_r[s][l[s] == part ? 0 : 1];
			*col = half_c[s][l[s] == part ? 0 : 1];
			return 0;
		}
	return -1;
}

/* The followers standing on parts of the tile at (x, y): role letter and
 * player digit at the part's place. */
static void draw_followers(canvas *cv, const city_game *g, int32_t x,
                           int32_t y, unsigned di, int rot, size_t top,
                           size_t left)
{
	int i, nf = city_game_follower_count(g);
	for (i = 0; i < nf; i++) {
		int player = -1, role = -1;
		int32_t fx = 0, fy = 0;
		char part = 0;
		size_t row = 1, col = 1;
		if (city_game_follower(g, (size_t)i, &player, &role, &fx, &fy,
		                       &part) != CITY_OK ||
		    fx != x || fy != y || role == CITY_ROLE_GUARD ||
		    role == CITY_ROLE_TOWER_TOP || player < 0 || player > 9)
			continue;
		part_anchor(city_game_tileset(g), di, rot, part, &row, &col);
		if (col + 1 >= PLAY_W)
			col = PLAY_W - 2;
		put_attr(cv, top + row, left + col, cli_role_letter(role),
		         (unsigned char)(ATTR_PLAYER + player));
		put_attr(cv, top + row, left + col + 1, (char)('0' + player),
		         (unsigned char)(ATTR_PLAYER + player));
	}
}

/* A cell where the tile in hand fits: its coordinates in the middle row,
 * dots at the corners. */
static void draw_fit_cell(canvas *cv, int32_t x, int32_t y)
{
	char text[24];
	size_t top = block_top(cv, y), left = block_left(cv, x), k, n, at;
	n = (size_t)snprintf(text, sizeof text, "%ld,%ld", (long)x, (long)y);
	if (n > PLAY_W)
		n = PLAY_W;
	at = (PLAY_W - n) / 2;
	for (k = 0; k < n; k++)
		put_attr(cv, top + 1, left + at + k, text[k], ATTR_MARK);
	put_attr(cv, top, left, '.', ATTR_MARK);
	put_attr(cv, top, left + PLAY_W - 1, '.', ATTR_MARK);
	put_attr(cv, top + 2, left, '.', ATTR_MARK);
	put_attr(cv, top + 2, left + PLAY_W - 1, '.', ATTR_MARK);
}

/* The header naming the game and the expansion. */
static void print_board_header(const city_game *g, int32_t min_x,
                               int32_t min_y, int32_t max_x, int32_t max_y)
{
	if (city_game_kind(g) != CITY_GAME_CARCASSONNE)
		fputs("city:", stdout);
	else if (city_game_expansions(g) ==
	         (CITY_EXPANSION_TOWER | CITY_EXPANSION_RIVER))
		fputs("board of carcassonne + the river + the tower:", stdout);
	else if (city_game_expansions(g) & CITY_EXPANSION_TOWER)
		fputs("board of carcassonne + the tower:", stdout);
	else if (city_game_expansions(g) & CITY_EXPANSION_RIVER)
		fputs("board of carcassonne + the river:", stdout);
	else
		fputs("board of carcassonne:", stdout);
	printf(" x %ld..%ld, y %ld..%ld (x grows east, y grows south)\n",
	       (long)min_x, (long)max_x, (long)min_y, (long)max_y);
}

/* The columns of cells that fit in `width` characters: the window of x
 * with the most cells of `fits` (the middle one on a tie). 1 when the
 * board had to be narrowed. */
static int board_window(int32_t *min_x, int32_t *max_x,
                        const city_move *fits, size_t nfits, int width)
{
	int64_t k = (width - 8) / (PLAY_W + 1), n = (int64_t)*max_x - *min_x + 1;
	int64_t start, best_start;
	size_t best = 0, i;
	if (width <= 0 || n <= k)
		return 0;
	if (k < 1)
		k = 1;
	best_start = *min_x + (n - k) / 2;
	for (i = 0; i < nfits; i++)
		best += fits[i].x >= best_start && fits[i].x < best_start + k;
	for (start = *min_x; start + k - 1 <= *max_x; start++) {
		size_t inside = 0;
		for (i = 0; i < nfits; i++)
			inside += fits[i].x >= start && fits[i].x < start + k;
		if (inside > best) {
			best = inside;
			best_start = start;
		}
	}
	*min_x = (int32_t)best_start;
	*max_x = (int32_t)(best_start + k - 1);
	return 1;
}

int cli_print_board(const city_game *g, int color, const city_move *fits,
                    size_t nfits, int width)
{
	int32_t min_x = 0, min_y = 0, max_x = 0, max_y = 0, x, y, all_x0,
	        all_x1;
	canvas cv;
	size_t i, r, c;
	int narrowed;
	int rc = city_game_bounds(g, &min_x, &min_y, &max_x, &max_y);
	if (rc == CITY_ENOTFOUND && nfits == 0) {
		puts(city_game_kind(g) == CITY_GAME_CARCASSONNE
		             ? "board: no tile placed"
		             : "city: no tile placed yet: the first tile goes "
		               "anywhere (place 0 0 R)");
		return CITY_OK;
	}
	if (rc != CITY_OK && rc != CITY_ENOTFOUND)
		return rc;
	for (i = 0; i < nfits; i++) {
		if (rc == CITY_ENOTFOUND && i == 0) {
			min_x = max_x = fits[i].x;
			min_y = max_y = fits[i].y;
		}
		min_x = fits[i].x < min_x ? fits[i].x : min_x;
		max_x = fits[i].x > max_x ? fits[i].x : max_x;
		min_y = fits[i].y < min_y ? fits[i].y : min_y;
		max_y = fits[i].y > max_y ? fits[i].y : max_y;
	}
	all_x0 = min_x;
	all_x1 = max_x;
	narrowed = board_window(&min_x, &max_x, fits, nfits, width);
	/* pieces of the picture outside the window fall off the canvas */
	rc = canvas_init(&cv, min_x, min_y, max_x, max_y, PLAY_W, PLAY_H, 1);
	if (rc != CITY_OK)
		return rc;
	for (y = min_y; y <= max_y; y++)
		for (x = min_x; x <= max_x; x++) {
			size_t top = block_top(&cv, y), left = block_left(&cv, x);
			int cell = city_game_cell(g, x, y), design = 0, rot = 0,
			    idx;
			if (cell == CITY_CELL_HOLE)
				for (r = 0; r < PLAY_H; r++)
					for (c = 0; c < PLAY_W; c++)
						put_attr(&cv, top + r, left + c,
						         '~', ATTR_HOLE);
			if (cell != CITY_CELL_TILE ||
			    city_game_tile_at(g, x, y, &design, &rot) != CITY_OK)
				continue;
			idx = city_tileset_find_design(city_game_tileset(g),
			                               design);
			if (idx < 0)
				continue;
			draw_design(&cv, city_game_tileset(g), (unsigned)idx, rot,
			            top, left, 0);
			draw_followers(&cv, g, x, y, (unsigned)idx, rot, top,
			               left);
			draw_tower_label(&cv, g, x, y, top, left);
		}
	for (i = 0; i < nfits; i++)
		if (fits[i].x >= min_x && fits[i].x <= max_x)
			draw_fit_cell(&cv, fits[i].x, fits[i].y);
	if (city_game_kind(g) != CITY_GAME_CARCASSONNE) {
		draw_wall(&cv, g);
		for (i = 0; i < cv.rows * cv.cols; i++)
			if (cv.wall[i])
				cv.attr[i] = ATTR_WALL;
	}
	print_board_header(g, min_x, min_y, max_x, max_y);
	if (narrowed)
		printf("(wider than the terminal: x %ld..%ld of %ld..%ld shown; "
		       "`board --all` shows it all)\n",
		       (long)min_x, (long)max_x, (long)all_x0, (long)all_x1);
	print_canvas(&cv, max_x, 3, color);
	canvas_free(&cv);
	if (city_game_expansions(g) & CITY_EXPANSION_TOWER)
		print_towers(g);
	return CITY_OK;
}

void cli_print_board_legend(const city_game *g)
{
	if (city_game_kind(g) == CITY_GAME_CARCASSONNE) {
		puts("legend: each tile is a 7x3 block, north up\n"
		     "  C city   . field   | - road   + roads meet or end   "
		     "M monastery\n"
		     "  t k m f  a thief (on a road), knight (in a city), monk, "
		     "farmer (in a field),\n"
		     "           followed by the player's digit: k1 is a knight "
		     "of p1\n"
		     "  1,0      an empty cell where the tile in hand fits "
		     "(x,y)");
		if (city_game_expansions(g) & CITY_EXPANSION_RIVER)
			puts("  ~        the river (no follower; a road crosses "
			     "it by a bridge)");
		if (city_game_expansions(g) & CITY_EXPANSION_TOWER)
			puts("  T        a tower foundation (tile in hand); under "
			     "a tile: T<h> a tower of\n"
			     "           height h, T<h>p<i> closed by p<i>'s "
			     "follower on top");
		return;
	}
	puts("legend: each tile is a 7x3 block, north up; the wall is drawn "
	     "between blocks\n"
	     "  . residential area   f g l market of fish, grain, livestock"
	     "   m several kinds\n"
	     "  | - street   + streets meet or end   1-4 public buildings   "
	     "H historic building\n"
	     "  c s w    a citizen (on a street), seller (on a market), "
	     "steward (on a\n"
	     "           residential area), followed by the player's digit: "
	     "s1 is a seller of p1\n"
	     "  1,0      an empty cell where the tile in hand fits (x,y)\n"
	     "  ~ hole   G gate   # wall   0-3 guard of that player   "
	     "T tower   : final wall");
}

/* ------------------------------------------------------------------------
 * The tile in hand and a placed tile's parts
 */

int cli_print_designs(const city_game *g, const int *designs,
                      const int *rotations, const char *const *labels,
                      size_t n, int color)
{
	const city_tileset *ts = city_game_tileset(g);
	int tower = (city_game_expansions(g) & CITY_EXPANSION_TOWER) != 0;
	canvas cv;
	size_t row, i;
	if (n == 0)
		return CITY_OK;
	/* side by side, four columns apart */
	if (canvas_init(&cv, 0, 0, (int32_t)n - 1, 0, PLAY_W + 3, PLAY_H, 1) !=
	    CITY_OK)
		return CITY_ENOMEM;
	fputs("  ", stdout);
	for (i = 0; i < n; i++) {
		int idx = city_tileset_find_design(ts, designs[i]);
		printf(i + 1 < n ? "%-11s" : "%s", labels[i]);
		if (idx >= 0)
			draw_design(&cv, ts, (unsigned)idx,
			            rotations ? rotations[i] : 0, 1,
			            block_left(&cv, (int32_t)i), tower);
	}
	putchar('\n');
	for (row = 1; row <= PLAY_H; row++) {
		const char *line = cv.ch + row * cv.cols;
		size_t end = cv.cols;
		while (end > 1 && line[end - 1] == ' ')
			end--;
		fputs("  ", stdout);
		print_span(&cv, row, 1, end, color);
	}
	canvas_free(&cv);
	return CITY_OK;
}

int cli_print_hand(const city_game *g, int design, const int fits[4],
                   int color)
{
	static const char *const names[4] = {"rotation 0", "rotation 1",
	                                     "rotation 2", "rotation 3"};
	int ds[4], rots[4], r;
	const char *labels[4];
	size_t n = 0;
	for (r = 0; r < 4; r++)
		if (fits[r] > 0) {
			ds[n] = design;
			rots[n] = r;
			labels[n++] = names[r];
		}
	return cli_print_designs(g, ds, rots, labels, n, color);
}

int cli_print_parts(const city_game *g, int32_t x, int32_t y,
                    const char *parts, int color)
{
	const city_tileset *ts = city_game_tileset(g);
	int design = 0, rot = 0, idx;
	canvas cv;
	size_t row;
	if (city_game_tile_at(g, x, y, &design, &rot) != CITY_OK ||
	    (idx = city_tileset_find_design(ts, design)) < 0)
		return CITY_ENOTFOUND;
	if (canvas_init(&cv, 0, 0, 0, 0, PLAY_W, PLAY_H, 1) != CITY_OK)
		return CITY_ENOMEM;
	draw_design(&cv, ts, (unsigned)idx, rot, 1, 1,
	            (city_game_expansions(g) & CITY_EXPANSION_TOWER) != 0);
	for (; parts && *parts; parts++) {
		size_t r = 1, c = 3;
		if (part_anchor(ts, (unsigned)idx, rot, *parts, &r, &c) != 0)
			continue;
		put_attr(&cv, 1 + r, 1 + c, *parts, ATTR_MARK);
	}
	for (row = 1; row <= PLAY_H; row++) {
		fputs("    ", stdout);
		print_span(&cv, row, 1, PLAY_W + 1, color);
	}
	canvas_free(&cv);
	return CITY_OK;
}

/* Every design left to draw with its count (city_game_tiles_remaining),
 * drawn eight to a row: the prompt's `tiles` and `show FILE --tiles`. */
void cli_print_tiles_left(const city_game *g, int color)
{
	int designs[100], counts[100], n, i, total = 0, stack;
	/* design ids are 1..99 (tileset.md), so 100 pairs hold them all */
	n = city_game_tiles_remaining(g, 0, designs, counts, 100);
	if (n < 0 || n > 100) {
		printf("cannot count the tiles: %s\n", city_status_str(n));
		return;
	}
	for (i = 0; i < n; i++)
		total += counts[i];
	printf("tiles left to draw: %d, of %d designs (the tile in hand not "
	       "counted)",
	       total, n);
	if (city_game_kind(g) != CITY_GAME_CARCASSONNE)
		for (stack = 1; stack <= 3; stack++)
			printf("%s stack %d: %d", stack == 1 ? ";" : ",", stack,
			       city_game_tiles_left(g, stack));
	putchar('\n');
	for (i = 0; i < n; i += 8) {
		int k, m = n - i < 8 ? n - i : 8;
		char labels[8][16];
		const char *lp[8];
		for (k = 0; k < m; k++) {
			snprintf(labels[k], sizeof labels[k], "#%d x%d",
			         designs[i + k], counts[i + k]);
			lp[k] = labels[k];
		}
		cli_print_designs(g, designs + i, NULL, lp, (size_t)m,
		                  color);
	}
}
