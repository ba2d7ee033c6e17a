/*
 * replay: load a .city record and step through it move by move, printing
 * the scoring events each move causes, then the final scoring.
 *
 *   replay FILE.city
 *
 * Shows: city_game_load() (with its error buffer), city_game_clone() +
 * city_game_reset() to get the same game back at its start,
 * city_game_move() to read the recorded moves, city_move_to_string(), and
 * the event log (city_game_event_count(), city_game_event()).
 */
#include <stdio.h>
#include <stdlib.h>

#include <city/city.h>

static const char *const reason_names[] = {
    "?",           "street",       "market",       "wall street",
    "wall market", "tower",        "final street", "final market",
    "steward",     "guard"};

/* Read a whole file into memory; the caller frees *text. */
static int read_file(const char *path, char **text, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0;
	if (f == NULL)
		return -1;
	for (;;) {
		if (n == cap) {
			char *bigger = realloc(buf, cap ? cap * 2 : 4096);
			if (bigger == NULL)
				break;
			buf = bigger;
			cap = cap ? cap * 2 : 4096;
		}
		size_t got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	int bad = ferror(f) || n == cap;
	fclose(f);
	if (bad) {
		free(buf);
		return -1;
	}
	*text = buf;
	*len = n;
	return 0;
}

/* Print the events logged from index *seen on; return their points per
 * player into total[]. */
static void print_events(const city_game *g, size_t *seen, int total[4])
{
	int count = city_game_event_count(g);
	for (; count > 0 && *seen < (size_t)count; (*seen)++) {
		city_event e;
		if (city_game_event(g, *seen, &e) != CITY_OK)
			continue;
		if (e.kind == CITY_EVENT_SCORE) {
			int r = e.reason > 0 && e.reason <= CITY_REASON_GUARD
			            ? e.reason
			            : 0;
			printf("    p%d scores %d (%s at %d,%d)\n", (int)e.player,
			       (int)e.points, reason_names[r], (int)e.x,
			       (int)e.y);
			total[e.player] += e.points;
		} else if (e.kind == CITY_EVENT_DISCARD) {
			printf("    tile of design %d discarded\n", (int)e.design);
		}
	}
}

int main(int argc, char **argv)
{
	char *text = NULL, err[256], move_text[64];
	size_t len = 0, seen = 0;
	city_game *loaded = NULL, *game = NULL;
	int total[4] = {0, 0, 0, 0};
	int rc, i, moves, players;

	if (argc != 2) {
		fprintf(stderr, "usage: replay FILE.city\n");
		return 1;
	}
	if (read_file(argv[1], &text, &len) != 0) {
		fprintf(stderr, "replay: cannot read %s\n", argv[1]);
		return 1;
	}
	/* The loader replays the record through the rules; on error, err
	 * says which line and rule. */
	rc = city_game_load(&loaded, text, len, err, sizeof err);
	free(text);
	if (rc != CITY_OK) {
		fprintf(stderr, "replay: %s: %s (%s)\n", argv[1], err,
		        city_status_str(rc));
		return 2;
	}

	/* The same game, back at its start: same options, no moves. */
	rc = city_game_clone(&game, loaded);
	if (rc == CITY_OK)
		rc = city_game_reset(game);
	if (rc != CITY_OK) {
		fprintf(stderr, "replay: %s\n", city_status_str(rc));
		city_game_free(game);
		city_game_free(loaded);
		return 1;
	}

	moves = city_game_move_count(loaded);
	players = city_game_players(loaded);
	for (i = 0; i < moves; i++) {
		city_move m;
		rc = city_game_move(loaded, (size_t)i, &m);
		if (rc == CITY_OK)
			rc = city_move_to_string(&m, move_text, sizeof move_text,
			                         NULL);
		if (rc == CITY_OK)
			rc = city_apply_move(game, &m);
		if (rc != CITY_OK) {
			fprintf(stderr, "replay: move %d: %s\n", i + 1,
			        city_game_last_error(game));
			break;
		}
		/* Only moves that caused an event are printed. */
		if ((size_t)city_game_event_count(game) > seen) {
			printf("move %d: %s\n", i + 1, move_text);
			print_events(game, &seen, total);
		}
	}

	if (rc == CITY_OK && city_game_decision(game) == CITY_DECISION_END) {
		rc = city_score_final(game);
		if (rc == CITY_OK) {
			printf("final scoring:\n");
			print_events(game, &seen, total);
		}
	}
	if (rc == CITY_OK) {
		printf("%s", city_game_final_scored(game) ? "final" : "unfinished");
		for (i = 0; i < players; i++)
			printf(" %d", city_game_score(game, i));
		printf("\n");
		/* The event log explains every point of the scores. */
		for (i = 0; i < players; i++)
			if (total[i] != city_game_score(game, i)) {
				fprintf(stderr, "replay: events of p%d sum to %d\n",
				        i, total[i]);
				rc = CITY_EINVAL;
			}
	}
	city_game_free(game);
	city_game_free(loaded);
	return rc == CITY_OK ? 0 : 1;
}
