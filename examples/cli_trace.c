/*
 * The trace of record.md and the event lines of `play` (docs/cli.md),
 * shared by play and replay: one line per move, the final lines, the end
 * reasons, and the discards, captures, exchanges and ransoms the event
 * log holds.
 */
#include <stdio.h>
#include <string.h>

#include <city/city.h>

#include "cli_trace.h"

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

void cli_print_scores(const city_game *g)
{
	int p, n = city_game_players(g);
	for (p = 0; p < n; p++)
		printf(" %d", city_game_score(g, p));
}

const char *cli_decision_name(int decision)
{
	if (decision < 0 || decision > CITY_DECISION_RANSOM)
		return "?";
	return decision_names[decision];
}

/* Apply one move and print its trace line:
 * `<n> p<player> <decision> legal=<count> <move> | <scores>`. */
int cli_traced_move(city_game *g, const city_move *m, size_t n)
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
	printf("%zu p%d %s legal=%zu %s |", n, player, cli_decision_name(decision),
	       legal, text);
	cli_print_scores(g);
	putchar('\n');
	return CITY_OK;
}

/* Final scoring and the `final`, `detail` and `winners` lines. */
int cli_print_final(city_game *g)
{
	int p, c, n = city_game_players(g);
	unsigned mask = 0;
	int rc = city_score_final(g);
	if (rc != CITY_OK)
		return rc;
	printf("final");
	cli_print_scores(g);
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

void cli_print_end_reasons(const city_game *g)
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

/* Print the events logged since *seen: the discards (R-TURN-4) and The
 * Tower's captures, exchanges and ransoms (T-CAP-2..5), which the trace's
 * move lines do not show (an exchange is no move). */
void cli_print_new_events(const city_game *g, size_t *seen)
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
