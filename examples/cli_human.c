/*
 * The prompt of a human seat (docs/cli.md "Playing in the terminal"): the
 * board with the cells where the tile in hand fits, the tile in each
 * rotation that fits, the options numbered and said in words, and the
 * commands help, hint, undo, save, board, scores, tiles, moves and quit.
 * A move is chosen by its number or written in record syntax.
 */
#define _POSIX_C_SOURCE 200809L /* fileno, poll, pthreads */

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <city/city.h>

#include "cli_file.h"
#include "cli_human.h"
#include "cli_moves.h"
#include "cli_text.h"
#include "cli_trace.h"

#define TEXT_MAX 64
#define HINT_DEFAULT_TOP 3

/* The options of one decision: the legal moves, numbered in `order` (a
 * tile's placements grouped by rotation). */
typedef struct options {
	city_move *moves;
	size_t *order;
	size_t n;
} options;

static void options_free(options *o)
{
	free(o->moves);
	free(o->order);
	o->moves = NULL;
	o->order = NULL;
}

static int options_list(const city_game *g, options *o)
{
	size_t n = 0, i, k = 0;
	int rc = city_legal_moves(g, NULL, 0, &n), r;
	o->n = 0;
	o->moves = malloc((n ? n : 1) * sizeof *o->moves);
	o->order = malloc((n ? n : 1) * sizeof *o->order);
	if (rc == CITY_OK && (!o->moves || !o->order))
		rc = CITY_ENOMEM;
	if (rc == CITY_OK)
		rc = city_legal_moves(g, o->moves, n, &o->n);
	if (rc != CITY_OK) {
		options_free(o);
		return rc;
	}
	/* placements by rotation, each in the legal order (y, x) */
	for (r = 0; r < 4; r++)
		for (i = 0; i < o->n; i++)
			if (o->moves[i].kind == CITY_MOVE_PLACE &&
			    o->moves[i].rotation == r)
				o->order[k++] = i;
	for (i = 0; i < o->n; i++)
		if (o->moves[i].kind != CITY_MOVE_PLACE)
			o->order[k++] = i;
	return CITY_OK;
}

static int same_move(const city_move *a, const city_move *b)
{
	char ta[TEXT_MAX], tb[TEXT_MAX];
	return city_move_to_string(a, ta, sizeof ta, NULL) == CITY_OK &&
	       city_move_to_string(b, tb, sizeof tb, NULL) == CITY_OK &&
	       strcmp(ta, tb) == 0;
}

/* The option number (from 1) of a move, 0 when not legal. */
static size_t option_number(const options *o, const city_move *m)
{
	size_t i;
	for (i = 0; i < o->n; i++)
		if (same_move(m, &o->moves[o->order[i]]))
			return i + 1;
	return 0;
}

/* ------------------------------------------------------------------------
 * What the human sees
 */

static const char *decision_title(int d)
{
	switch (d) {
	case CITY_DECISION_TILE:
		return "place your tile";
	case CITY_DECISION_FOLLOWER:
		return "a follower on the tile you placed, or pass";
	case CITY_DECISION_GATE:
		return "build the city gate";
	case CITY_DECISION_WALL:
		return "extend the wall at one end";
	case CITY_DECISION_GUARD:
		return "a guard on the wall piece you built, or pass";
	case CITY_DECISION_TOWER:
		return "a tower at an end of the wall, or pass";
	case CITY_DECISION_CAPTURE:
		return "take a prisoner in the tower's range, or pass";
	case CITY_DECISION_RANSOM:
		return "buy back a follower held prisoner, or pass";
	default:
		return "decide";
	}
}

/* `p0 (you) 3   p1 5` */
static void print_score_line(const cli_session *s)
{
	int q, n = city_game_players(s->game), me = city_game_player(s->game);
	fputs("scores:", stdout);
	for (q = 0; q < n; q++) {
		int v = 0;
		city_game_score_get(s->game, q, &v);
		printf("  %sp%d%s%s %d", cli_player_color(q, s->color), q,
		       cli_color_reset(s->color), q == me ? " (you)" : "", v);
	}
	putchar('\n');
}

/* The terminal's width in characters, 0 when not a terminal or unknown. */
static int terminal_width(void)
{
#ifdef TIOCGWINSZ
	struct winsize ws;
	if (isatty(fileno(stdout)) && ioctl(fileno(stdout), TIOCGWINSZ, &ws) == 0)
		return ws.ws_col;
#endif
	return 0;
}

/* The board (all of it, or as wide as the terminal), with the cells where
 * the tile in hand fits; its legend the first time or when asked. */
static void print_board(cli_session *s, const options *o, int legend,
                        int all)
{
	size_t nfits = 0;
	if (o && o->n && o->moves[0].kind == CITY_MOVE_PLACE)
		nfits = o->n;
	cli_print_board(s->game, s->color, nfits ? o->moves : NULL, nfits,
	                all ? 0 : terminal_width());
	if (legend || !s->legend_shown) {
		cli_print_board_legend(s->game);
		s->legend_shown = 1;
	}
}

static void print_cells(const options *o, int rotation);

/* The tile in hand in each rotation that fits, and the numbered cells. */
static void print_tile_options(const cli_session *s, const options *o)
{
	int design = 0, stack = 0, fits[4] = {0, 0, 0, 0}, r;
	size_t i;
	city_game_current_tile(s->game, &design, &stack);
	for (i = 0; i < o->n; i++)
		if (o->moves[i].rotation < 4)
			fits[o->moves[i].rotation]++;
	printf("your tile: design %d", design);
	if (city_game_kind(s->game) != CITY_GAME_CARCASSONNE)
		printf(" (stack %d)", stack);
	puts(", in each rotation that fits:");
	cli_print_hand(s->game, design, fits, s->color);
	puts("where it fits: a number, or place X Y R");
	for (r = 0; r < 4; r++) {
		if (!fits[r])
			continue;
		printf("  rotation %d:", r);
		print_cells(o, r);
	}
}

/* The options of one rotation (a tile's) or all of them (-1, a gate's),
 * `N) x,y` (and the gate's side letter), as many as fit on a line. */
static void print_cells(const options *o, int rotation)
{
	static const char sides[] = "NESW";
	size_t i, col = 14;
	for (i = 0; i < o->n; i++) {
		const city_move *m = &o->moves[o->order[i]];
		char cell[48];
		int w;
		if (rotation >= 0 && m->rotation != rotation)
			continue;
		w = snprintf(cell, sizeof cell, "  %zu) %ld,%ld", i + 1,
		             (long)m->x, (long)m->y);
		if (rotation < 0 && w > 0 && (size_t)w + 3 < sizeof cell)
			w += snprintf(cell + w, sizeof cell - (size_t)w, " %c",
			              m->side < 4 ? sides[m->side] : '?');
		if (col + (size_t)w > 78) {
			fputs("\n              ", stdout);
			col = 14;
		}
		fputs(cell, stdout);
		col += (size_t)w;
	}
	putchar('\n');
}

/* The other decisions: each option with its move and its meaning. */
static void print_move_options(const cli_session *s, const options *o)
{
	size_t i;
	char parts[16];
	size_t np = 0;
	int32_t x = 0, y = 0;
	int nt = city_game_tile_count(s->game);
	if (city_game_decision(s->game) == CITY_DECISION_FOLLOWER && nt > 0 &&
	    city_game_placed_tile(s->game, (size_t)nt - 1, &x, &y, NULL,
	                          NULL) == CITY_OK) {
		for (i = 0; i < o->n && np + 1 < sizeof parts; i++)
			if (o->moves[i].kind == CITY_MOVE_FOLLOWER)
				parts[np++] = o->moves[i].part;
		parts[np] = '\0';
		if (np) {
			printf("the tile you placed at (%ld,%ld), its parts named:\n",
			       (long)x, (long)y);
			cli_print_parts(s->game, x, y, parts, s->color);
		}
	}
	for (i = 0; i < o->n; i++) {
		char mt[TEXT_MAX], what[256];
		const city_move *m = &o->moves[o->order[i]];
		city_move_to_string(m, mt, sizeof mt, NULL);
		cli_describe_move(s->game, m, 1, what, sizeof what);
		printf("  %2zu) %-16s %s\n", i + 1, mt, what);
	}
}

static void show_decision(cli_session *s, const options *o)
{
	int d = city_game_decision(s->game), p = city_game_player(s->game);
	printf("\n== p%d, move %d: %s ==\n", p,
	       city_game_move_count(s->game) + 1, decision_title(d));
	if (d == CITY_DECISION_TILE) {
		print_board(s, o, 0, 0);
		print_score_line(s);
		print_tile_options(s, o);
	} else {
		/* where the wall ends are, or who stands in the tower's range */
		if (d == CITY_DECISION_GATE || d == CITY_DECISION_WALL ||
		    d == CITY_DECISION_TOWER || d == CITY_DECISION_CAPTURE)
			print_board(s, NULL, 0, 0);
		print_score_line(s);
		if (d == CITY_DECISION_GATE) {
			/* one option per contour side: a compact list */
			puts("the gate goes on a side of the city: a number, or "
			     "gate X Y S (S one of N E S W)");
			fputs("  sides:      ", stdout);
			print_cells(o, -1);
		} else {
			print_move_options(s, o);
		}
	}
}

/* The old list: every legal move in record syntax. */
static void print_moves(const options *o)
{
	size_t i, col = 0;
	printf("legal moves (%zu):\n ", o->n);
	for (i = 0; i < o->n; i++) {
		char text[TEXT_MAX];
		size_t len;
		if (city_move_to_string(&o->moves[i], text, sizeof text, NULL) !=
		    CITY_OK)
			continue;
		len = strlen(text) + 3;
		if (col + len > 76) {
			printf("\n ");
			col = 0;
		}
		printf(" %s |", text);
		col += len;
	}
	putchar('\n');
}

static void print_help(const cli_session *s)
{
	printf("commands (a number chooses that option):\n"
	       "  1, 2, ...         the option of that number\n"
	       "  place X Y R       a move in record syntax (also X Y R; "
	       "follower a, or just a;\n"
	       "                    pass, floor X Y, capture X Y P, wall cw, "
	       "...)\n"
	       "  hint [N]          the N best options (default %d) by the "
	       "hint AI (%s)\n"
	       "  undo              back to your previous decision (the AIs' "
	       "moves since too)\n"
	       "  save FILE         save the game; city-cli play --resume FILE "
	       "continues it\n"
	       "  board [--legend]  the board again (and what its letters "
	       "mean)\n"
	       "  board --all       all of it, when wider than the terminal\n"
	       "  scores            the scores by category, followers and "
	       "supplies\n"
	       "  tiles             the tiles left to draw\n"
	       "  moves             every legal move in record syntax\n"
	       "  quit (q)          leave the game%s\n",
	       HINT_DEFAULT_TOP, s->hint_spec,
	       s->record ? " (saved to --record FILE)" : "");
}

/* `scores`: totals, categories, supplies. */
static void print_scores_detail(const cli_session *s)
{
	static const char *const city_cats[] = {"streets", "markets", "towers",
	                                        "stewards", "guards"};
	static const char *const carc_cats[] = {"roads", "cities",
	                                        "monasteries", "farms",
	                                        "ransom"};
	const city_game *g = s->game;
	int carc = city_game_kind(g) == CITY_GAME_CARCASSONNE;
	int tower = (city_game_expansions(g) & CITY_EXPANSION_TOWER) != 0;
	int n = city_game_players(g), p, c, ncat = carc ? (tower ? 5 : 4) : 5;
	int stack;
	for (p = 0; p < n; p++) {
		int total = 0, followers = 0, towers = 0;
		city_game_score_get(g, p, &total);
		city_game_supply(g, p, &followers, &towers);
		printf("  %sp%d%s %3d  (", cli_player_color(p, s->color), p,
		       cli_color_reset(s->color), total);
		for (c = 0; c < ncat; c++) {
			int v = 0;
			city_game_score_detail_get(
			        g, p, (carc ? CITY_CAT_ROADS : CITY_CAT_STREETS) + c,
			        &v);
			printf("%s%s %d", c ? ", " : "",
			       carc ? carc_cats[c] : city_cats[c], v);
		}
		printf(")  followers in supply %d", followers);
		if (!carc)
			printf(", towers %d", towers);
		if (tower)
			printf(", floors %d", city_game_floors(g, p));
		putchar('\n');
	}
	fputs("  tiles left:", stdout);
	for (stack = 1; stack <= (carc ? 1 : 3); stack++)
		printf(carc ? " %d" : " stack %d: %d", carc ? city_game_tiles_left(g, stack) : stack,
		       city_game_tiles_left(g, stack));
	if (!carc)
		printf("; wall pieces left %d", city_game_walls_left(g));
	putchar('\n');
}

/* ------------------------------------------------------------------------
 * Reading the human's input
 */

/* Read one line from stdin into buf (the rest of a long line dropped);
 * -1 at the end of input. Input from a file or a pipe is echoed, so that
 * the transcript reads as a terminal session does. */
static int read_line(char *buf, size_t cap)
{
	size_t len;
	if (!fgets(buf, (int)cap, stdin))
		return -1;
	len = strlen(buf);
	if (len > 0 && buf[len - 1] == '\n') {
		buf[--len] = '\0';
	} else {
		int c;
		while ((c = getchar()) != EOF && c != '\n')
			;
	}
	while (len > 0 && (buf[len - 1] == '\r' || buf[len - 1] == ' '))
		buf[--len] = '\0';
	if (!isatty(fileno(stdin)))
		printf("%s\n", buf);
	return 0;
}

/* Why a parsed move is not legal: the game's own reason, from a copy. */
static void print_refusal(const city_game *g, const city_move *m)
{
	city_game *c = NULL;
	if (city_game_clone(&c, g) != CITY_OK) {
		puts("illegal move");
		return;
	}
	if (city_apply_move(c, m) != CITY_OK)
		printf("illegal move: %s\n", city_game_last_error(c));
	else
		puts("illegal move");
	city_game_free(c);
}

/* The word after a command (`save FILE`), or NULL. */
static const char *argument(const char *line, const char *cmd)
{
	size_t n = strlen(cmd);
	if (strncmp(line, cmd, n) != 0)
		return NULL;
	if (line[n] == '\0')
		return "";
	if (line[n] != ' ')
		return NULL;
	line += n;
	while (*line == ' ')
		line++;
	return line;
}

void cli_human_mark(cli_session *s)
{
	int n = city_game_move_count(s->game);
	size_t at = n > 0 ? (size_t)n : 0;
	if (s->nmarks && s->marks[s->nmarks - 1] == at)
		return;
	if (s->nmarks == sizeof s->marks / sizeof s->marks[0]) {
		/* the oldest decision can no longer be undone to */
		memmove(s->marks, s->marks + 1,
		        (s->nmarks - 1) * sizeof s->marks[0]);
		s->nmarks--;
	}
	s->marks[s->nmarks++] = at;
}

/* `undo`: back to the human's previous decision, the moves after it taken
 * back (the AIs' generators are not: they may answer differently). */
static int undo(cli_session *s)
{
	size_t now = (size_t)city_game_move_count(s->game), target, k;
	while (s->nmarks && s->marks[s->nmarks - 1] >= now)
		s->nmarks--;
	if (!s->nmarks) {
		cli_human_mark(s);
		puts("nothing to undo: this is your first decision");
		return CITY_OK;
	}
	target = s->marks[--s->nmarks];
	for (k = now; k > target; k--)
		if (city_game_undo(s->game) != CITY_OK)
			break;
	s->moves = (size_t)city_game_move_count(s->game);
	s->seen = (size_t)city_game_event_count(s->game);
	printf("undo: %zu move%s taken back; you decide move %zu again\n",
	       now - s->moves, now - s->moves == 1 ? "" : "s", s->moves + 1);
	return CLI_UNDONE;
}

static void save(cli_session *s, const char *path)
{
	int rc;
	if (!path || !path[0]) {
		puts("save needs a file name: save FILE");
		return;
	}
	rc = cli_write_record(s->game, path, s->head);
	if (rc == CLI_WRITE_EIO)
		printf("cannot write %s: %s\n", path, strerror(errno ? errno : EIO));
	else if (rc != CITY_OK)
		printf("cannot save: %s\n", city_status_str(rc));
	else {
		s->saved_at = city_game_move_count(s->game);
		printf("saved to %s after %d move%s; city-cli play --resume %s "
		       "continues it\n",
		       path, s->saved_at, s->saved_at == 1 ? "" : "s", path);
	}
}

/* `quit`: asks first; 1 when confirmed (or at the end of input). */
static int confirm_quit(const cli_session *s)
{
	char line[64];
	if (s->record)
		printf("quit the game? It is saved to %s. (y/n) ", s->record);
	else if (s->saved_at == city_game_move_count(s->game))
		printf("quit the game? You have saved it. (y/n) ");
	else
		printf("quit the game without saving? (`save FILE` keeps it) "
		       "(y/n) ");
	fflush(stdout);
	if (read_line(line, sizeof line) != 0)
		return 1;
	return line[0] == 'y' || line[0] == 'Y';
}

/* One hint search: the AI, the game, where the options go. */
typedef struct hint_job {
	city_ai *ai;
	const city_game *game;
	city_ai_stat *stats;
	size_t cap, count;
	int rc;
	atomic_int done;
} hint_job;

static void *hint_search(void *arg)
{
	hint_job *j = arg;
	j->rc = city_ai_analyse(j->ai, j->game, j->stats, j->cap, &j->count,
	                        NULL, 0, NULL);
	atomic_store(&j->done, 1);
	return NULL;
}

/* Run a hint search. On a terminal it runs on a thread of its own while
 * this one waits for Enter, which stops it early (city_ai_cancel: the
 * options of the playouts finished so far); the line typed is dropped.
 * Returns 1 when it was stopped. */
static int hint_run(hint_job *j)
{
	pthread_t t;
	int stopped = 0;
	if (!isatty(fileno(stdin)) ||
	    pthread_create(&t, NULL, hint_search, j) != 0) {
		hint_search(j);
		return 0;
	}
	while (!atomic_load(&j->done) && !stopped) {
		struct pollfd p = {fileno(stdin), POLLIN, 0};
		if (poll(&p, 1, 50) > 0) {
			char line[TEXT_MAX];
			if (read_line(line, sizeof line) != 0)
				clearerr(stdin); /* EOF: stop, the prompt sees it */
			stopped = city_ai_cancel(j->ai) == CITY_OK;
		}
	}
	pthread_join(t, NULL);
	return stopped;
}

/* `hint [N]`: the hint AI's best options. */
static void hint(cli_session *s, const options *o, const char *arg)
{
	char err[160];
	uint64_t top = HINT_DEFAULT_TOP;
	city_ai_stat *stats;
	size_t count = 0, i;
	int rc, kind;
	if (arg[0] && (cli_parse_number(arg, 1000, &top) != 0 || top == 0)) {
		puts("hint takes a number of options: hint 3");
		return;
	}
	if (!s->hint.ai &&
	    cli_seat_parse(&s->hint, s->hint_spec, (s->seed ^ CLI_PLAY_AI_SALT) +
	                                           CLI_HINT_SEED_OFFSET,
	                   err, sizeof err) != 0) {
		printf("no hint: %s\n", err);
		return;
	}
	kind = city_ai_kind(s->hint.ai);
	stats = calloc(o->n ? o->n : 1, sizeof *stats);
	if (!stats)
		return;
	printf("hint (%s) thinking...%s\n", s->hint_spec,
	       isatty(fileno(stdin)) ? " (Enter stops it)" : "");
	fflush(stdout);
	{
		hint_job j = {s->hint.ai, s->game, stats, o->n, 0, 0, 0};
		if (hint_run(&j))
			puts("stopped: the options as far as the search got");
		rc = j.rc;
		count = j.count;
	}
	if (rc != CITY_OK) {
		printf("no hint: %s\n", city_status_str(rc));
		free(stats);
		return;
	}
	for (i = 0; i < count && i < top; i++) {
		char mt[TEXT_MAX], what[256];
		city_move_to_string(&stats[i].move, mt, sizeof mt, NULL);
		cli_describe_move(s->game, &stats[i].move, 1, what, sizeof what);
		/* a placement is said by its move alone */
		if (stats[i].move.kind == CITY_MOVE_PLACE)
			what[0] = '\0';
		printf("  %zu. option %zu) %-16s%s%s", i + 1,
		       option_number(o, &stats[i].move), mt, what[0] ? " " : "",
		       what);
		/* what the value means depends on the AI (city_ai_stat) */
		if (kind == CITY_AI_MCTS)
			printf(" (won %.0f%% of %u playouts)", 100 * stats[i].mean,
			       (unsigned)stats[i].visits);
		else if (kind == CITY_AI_GREEDY)
			printf(" (worth %.1f points to greedy)", stats[i].mean);
		putchar('\n');
	}
	free(stats);
}

/* A line as a move: an option number, `X Y R`, a lone part, or record
 * syntax. 1 when it reads as one (*m set), 0 when not, -1 for a number
 * that is no option. */
static int read_move(const cli_session *s, const options *o,
                     const char *line, city_move *m)
{
	char buf[TEXT_MAX + 16];
	uint64_t k;
	long x, y, r;
	int used = 0;
	if (cli_parse_number(line, 100000, &k) == 0) {
		if (k == 0 || k > o->n)
			return -1;
		*m = o->moves[o->order[k - 1]];
		return 1;
	}
	if (sscanf(line, "%ld %ld %ld%n", &x, &y, &r, &used) == 3 &&
	    line[used] == '\0') {
		snprintf(buf, sizeof buf, "place %ld %ld %ld", x, y, r);
		return city_move_parse(m, buf) == CITY_OK;
	}
	if (line[0] && !line[1] &&
	    city_game_decision(s->game) == CITY_DECISION_FOLLOWER) {
		snprintf(buf, sizeof buf, "follower %c", line[0]);
		return city_move_parse(m, buf) == CITY_OK;
	}
	return city_move_parse(m, line) == CITY_OK;
}

int cli_human_turn(cli_session *s, city_move *out)
{
	options o;
	char line[256];
	int rc = options_list(s->game, &o), result = CLI_QUIT, got;
	if (rc != CITY_OK)
		return rc;
	cli_human_mark(s);
	show_decision(s, &o);
	for (;;) {
		city_move m;
		const char *arg;
		printf("p%d %s [1-%zu, a move, help]> ", city_game_player(s->game),
		       cli_decision_name(city_game_decision(s->game)), o.n);
		fflush(stdout);
		if (read_line(line, sizeof line) != 0) {
			puts("");
			break;
		}
		if (line[0] == '\0')
			continue;
		if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0) {
			print_help(s);
		} else if ((arg = argument(line, "hint")) != NULL) {
			hint(s, &o, arg);
		} else if (strcmp(line, "undo") == 0) {
			if (undo(s) == CLI_UNDONE) {
				result = CLI_UNDONE;
				break;
			}
		} else if ((arg = argument(line, "save")) != NULL) {
			save(s, arg);
		} else if (strcmp(line, "board") == 0 ||
		           strcmp(line, "show") == 0) {
			print_board(s, &o, 0, 0);
		} else if (strcmp(line, "board --legend") == 0) {
			print_board(s, &o, 1, 0);
		} else if (strcmp(line, "board --all") == 0) {
			print_board(s, &o, 0, 1);
		} else if (strcmp(line, "scores") == 0) {
			print_scores_detail(s);
		} else if (strcmp(line, "tiles") == 0) {
			cli_print_tiles_left(s->game, s->color);
		} else if (strcmp(line, "moves") == 0) {
			print_moves(&o);
		} else if (strcmp(line, "options") == 0) {
			show_decision(s, &o);
		} else if (strcmp(line, "quit") == 0 || strcmp(line, "q") == 0 ||
		           strcmp(line, "exit") == 0) {
			if (confirm_quit(s)) {
				s->left = 1;
				break;
			}
		} else if ((got = read_move(s, &o, line, &m)) < 0) {
			printf("there is no option %s: choose 1 to %zu\n", line,
			       o.n);
		} else if (!got) {
			printf("cannot read \"%s\" as a move or a command: type "
			       "a number from the list, a move such as place 1 0 "
			       "3, or help\n",
			       line);
		} else if (!option_number(&o, &m)) {
			print_refusal(s->game, &m);
		} else {
			*out = m;
			result = CITY_OK;
			break;
		}
	}
	options_free(&o);
	return result;
}
