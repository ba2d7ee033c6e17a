/* The options builder: players, seed or order, stacks, tile set, rules. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "city/city.h"
#include "compiler.h"
#include "facts.h"
#include "options_internal.h"

/* The one table of rule options (R-OPT, C-OPT, T-OPT): record names, the
 * game (and expansion) each belongs to, defaults, values. The record
 * writer and reader, city_options_set_rule(), city_options_parse_rule()
 * and options_check() all read it. A rule with words has values 0..max
 * named words[0..max]; one without is a number 0..max written in at most
 * two digits. */
typedef struct opt_rule {
	const char *name;     /* record name */
	const char *id;       /* rule id of the spec */
	int game;             /* CITY_GAME_* */
	unsigned expansion;   /* CITY_EXPANSION_* bit needed, 0: none */
	int def;              /* default value */
	int max;              /* values 0..max */
	const char *words[2]; /* value names, or NULL for a number */
} opt_rule;

#define YES_NO {"no", "yes"}
#define CITY CITY_GAME_THE_CITY
#define CARC CITY_GAME_CARCASSONNE
#define TOWER CITY_EXPANSION_TOWER
#define RIVER CITY_EXPANSION_RIVER

static const opt_rule rule_table[OPT_RULE_COUNT] = {
	[CITY_RULE_WALL_TRIGGER] = {"wall_trigger", "R-OPT-1", CITY, 0,
	                            CITY_TRIGGER_OCCUPIED, 1,
	                            {"occupied", "any"}},
	[CITY_RULE_FIRST_ROUND_GUARDS] = {"first_round_guards", "R-OPT-2",
	                                  CITY, 0, 1, 1, YES_NO},
	[CITY_RULE_RETURNED_GUARD] = {"returned_guard", "R-OPT-3", CITY, 0, 1,
	                              1, YES_NO},
	[CITY_RULE_CLOSING_TOWER] = {"closing_tower", "R-OPT-4", CITY, 0, 1,
	                             1, YES_NO},
	[CITY_RULE_END_GAP] = {"end_gap", "R-OPT-5", CITY, 0, 5, 20,
	                       {NULL, NULL}},
	[CITY_RULE_FARMERS] = {"farmers", "C-OPT-1", CARC, 0, 0, 1, YES_NO},
	[CITY_RULE_CAPTURE_OWN] = {"capture_own", "T-OPT-1", CARC, TOWER, 1,
	                           1, YES_NO},
	[CITY_RULE_CAPTURE_TOP] = {"capture_top", "T-OPT-2", CARC, TOWER, 1,
	                           1, YES_NO},
	[CITY_RULE_RANSOM_MIN] = {"ransom_min", "T-OPT-3", CARC, TOWER, 1, 1,
	                          YES_NO},
	[CITY_RULE_CAPTURE_GAPS] = {"capture_gaps", "T-OPT-4", CARC, TOWER, 1,
	                            1, YES_NO},
	[CITY_RULE_TOWER_RANGE] = {"tower_range", "T-OPT-5", CARC, TOWER,
	                           CITY_RANGE_HEIGHT, 1, {"height", "short"}},
	[CITY_RULE_CAPTURE_DIAGONAL] = {"capture_diagonal", "T-OPT-6", CARC,
	                                TOWER, 0, 1, YES_NO},
	[CITY_RULE_RANSOM] = {"ransom", "T-OPT-7", CARC, TOWER, 1, 1, YES_NO},
	[CITY_RULE_RIVER_START] = {"river_start", "V-OPT-1", CARC, RIVER,
	                           CITY_RIVER_SHUFFLE, 1, {"shuffle", "remove"}},
};

#undef YES_NO
#undef CITY
#undef CARC
#undef TOWER
#undef RIVER

static int rule_valid(int rule)
{
	return rule >= 1 && rule < OPT_RULE_COUNT;
}

static void *std_alloc(size_t size, void *user)
{
	(void)user;
	return malloc(size);
}

static void *std_realloc(void *p, size_t size, void *user)
{
	(void)user;
	return realloc(p, size);
}

static void std_free(void *p, void *user)
{
	(void)user;
	free(p);
}

void *options_alloc(const city_options *o, size_t size)
{
	return o->alloc(size, o->alloc_user);
}

int city_options_set_allocator(city_options *opts, city_malloc_fn alloc_fn,
                               city_realloc_fn realloc_fn,
                               city_free_fn free_fn, void *user)
{
	if (!opts)
		return CITY_EINVAL;
	if (!alloc_fn && !realloc_fn && !free_fn) {
		opts->alloc = std_alloc;
		opts->realloc = std_realloc;
		opts->free = std_free;
		opts->alloc_user = NULL;
		return CITY_OK;
	}
	if (!alloc_fn || !realloc_fn || !free_fn)
		return CITY_EINVAL;
	opts->alloc = alloc_fn;
	opts->realloc = realloc_fn;
	opts->free = free_fn;
	opts->alloc_user = user;
	return CITY_OK;
}

void options_init(city_options *o)
{
	memset(o, 0, sizeof *o);
	o->alloc = std_alloc;
	o->realloc = std_realloc;
	o->free = std_free;
	o->players = 2;
	o->game = CITY_GAME_THE_CITY;
	o->ts = &city__tileset_default_data;
	for (int rule = 1; rule < OPT_RULE_COUNT; rule++)
		o->rules[rule] = rule_table[rule].def;
}

void options_copy(city_options *dst, const city_options *src)
{
	*dst = *src;
	ts_retain(dst->ts);
}

void options_release(city_options *o)
{
	ts_release(o->ts);
	o->ts = NULL;
}

const char *options_rule_name(int rule)
{
	return rule_valid(rule) ? rule_table[rule].name : NULL;
}

int options_rule_find(const char *name, size_t len)
{
	for (int rule = 1; rule < OPT_RULE_COUNT; rule++)
		if (strlen(rule_table[rule].name) == len &&
		    memcmp(rule_table[rule].name, name, len) == 0)
			return rule;
	return 0;
}

int options_rule_value(int *out, int rule, const char *text, size_t len)
{
	const opt_rule *r;
	if (!rule_valid(rule))
		return CITY_EINVAL;
	r = &rule_table[rule];
	if (r->words[0] == NULL) {
		int v = 0;
		if (len < 1 || len > 2)
			return CITY_EPARSE;
		for (size_t i = 0; i < len; i++) {
			if (text[i] < '0' || text[i] > '9')
				return CITY_EPARSE;
			v = v * 10 + (text[i] - '0');
		}
		if (v > r->max)
			return CITY_EPARSE;
		*out = v;
		return CITY_OK;
	}
	for (int v = 0; v <= r->max; v++)
		if (strlen(r->words[v]) == len &&
		    memcmp(r->words[v], text, len) == 0) {
			*out = v;
			return CITY_OK;
		}
	return CITY_EPARSE;
}

const char *options_rule_value_text(char buf[12], int rule, int value)
{
	const opt_rule *r = &rule_table[rule];
	if (r->words[0] == NULL) {
		snprintf(buf, 12, "%d", value);
		return buf;
	}
	return r->words[value != 0];
}

int city_options_new(city_options **out)
{
	city_options *o;
	if (!out)
		return CITY_EINVAL;
	o = malloc(sizeof *o);
	if (!o)
		return CITY_ENOMEM;
	options_init(o);
	*out = o;
	return CITY_OK;
}

void city_options_free(city_options *opts)
{
	if (!opts)
		return;
	options_release(opts);
	free(opts);
}

int city_options_set_players(city_options *opts, int players)
{
	if (!opts || players < facts_of(opts->game)->min_players ||
	    players > facts_of(opts->game)->max_players)
		return CITY_EINVAL;
	opts->players = players;
	return CITY_OK;
}

int city_options_set_seed(city_options *opts, uint64_t seed)
{
	if (!opts)
		return CITY_EINVAL;
	opts->seed = seed;
	opts->n_order = 0;
	return CITY_OK;
}

int city_options_set_order(city_options *opts, const int *design_ids,
                           size_t count)
{
	size_t i;
	if (!opts || (count && !design_ids))
		return CITY_EINVAL;
	if (count > TS_MAX_TILES)
		return CITY_ELIMIT;
	for (i = 0; i < count; i++)
		if (design_ids[i] < 1 || design_ids[i] > TS_MAX_DESIGNS)
			return CITY_EINVAL;
	for (i = 0; i < count; i++)
		opts->order[i] = (uint8_t)design_ids[i];
	opts->n_order = (unsigned)count;
	return CITY_OK;
}

int city_options_set_stacks(city_options *opts, unsigned a, unsigned b,
                            unsigned c)
{
	if (!opts || (a == 0 && (b || c)) || a > TS_MAX_TILES ||
	    b > TS_MAX_TILES || c > TS_MAX_TILES)
		return CITY_EINVAL;
	opts->stacks[0] = a;
	opts->stacks[1] = b;
	opts->stacks[2] = c;
	return CITY_OK;
}

static void set_tileset(city_options *opts, const city_tileset *ts)
{
	ts_retain(ts);
	ts_release(opts->ts);
	opts->ts = ts;
}

int city_options_set_tileset(city_options *opts, const city_tileset *ts)
{
	if (!opts)
		return CITY_EINVAL;
	opts->ts_chosen = ts != NULL;
	set_tileset(opts, ts ? ts : ts_builtin_for(opts->game, opts->expansions));
	return CITY_OK;
}

/* The game's built-in set follows the game and expansions unless the
 * caller chose a set. */
static void follow_builtin_set(city_options *opts)
{
	if (!opts->ts_chosen)
		set_tileset(opts, ts_builtin_for(opts->game, opts->expansions));
}

int city_options_set_game(city_options *opts, int game)
{
	const game_facts *f = facts_of(game);
	if (!opts || !f)
		return CITY_EINVAL;
	if (opts->players > f->max_players || (opts->expansions & ~f->expansions))
		return CITY_EINVAL;
	opts->game = game;
	follow_builtin_set(opts);
	return CITY_OK;
}

int city_options_parse_game(city_options *opts, const char *name)
{
	int game;
	if (!opts || !name)
		return CITY_EINVAL;
	game = options_game_find(name, strlen(name));
	if (game < 0)
		return CITY_EPARSE;
	return city_options_set_game(opts, game);
}

/* The expansions by bit position (CITY_EXPANSION_* == 1u << index): their
 * record names. */
static const char *const expansion_names[] = {"tower", "river"};
#define N_EXPANSION_NAMES (sizeof expansion_names / sizeof *expansion_names)

int city_options_set_expansion(city_options *opts, int expansion, int on)
{
	if (!opts || !options_expansion_name((unsigned)expansion) || on < 0 ||
	    on > 1 ||
	    (on && !(facts_of(opts->game)->expansions & (unsigned)expansion)))
		return CITY_EINVAL;
	if (on)
		opts->expansions |= (unsigned)expansion;
	else
		opts->expansions &= ~(unsigned)expansion;
	follow_builtin_set(opts);
	return CITY_OK;
}

const char *options_game_name(int game)
{
	return facts_of(game) ? facts_of(game)->name : NULL;
}

int options_game_find(const char *name, size_t len)
{
	return facts_find(name, len);
}

const char *options_expansion_name(unsigned expansion_bit)
{
	for (unsigned k = 0; k < N_EXPANSION_NAMES; k++)
		if (expansion_bit == 1u << k)
			return expansion_names[k];
	return NULL;
}

int options_expansion_find(const char *name, size_t len)
{
	for (unsigned k = 0; k < N_EXPANSION_NAMES; k++)
		if (strlen(expansion_names[k]) == len &&
		    memcmp(expansion_names[k], name, len) == 0)
			return (int)(1u << k);
	return -1;
}

unsigned options_rule_expansion(int rule)
{
	return rule_valid(rule) ? rule_table[rule].expansion : 0;
}

int options_rule_applies(int rule, int game, unsigned expansions)
{
	const opt_rule *r;
	if (!rule_valid(rule))
		return 0;
	r = &rule_table[rule];
	return r->game == game &&
	       (r->expansion == 0 || (expansions & r->expansion) != 0);
}

static int say(char *why, size_t cap, const char *fmt, ...)
	CITY_PRINTF(3, 4);

static int say(char *why, size_t cap, const char *fmt, ...)
{
	va_list ap;
	if (why && cap) {
		va_start(ap, fmt);
		vsnprintf(why, cap, fmt, ap);
		va_end(ap);
	}
	return CITY_EINVAL;
}

int options_check(const city_options *o, char *why, size_t cap)
{
	const game_facts *f = facts_of(o->game);
	if (why && cap)
		why[0] = '\0';
	for (int rule = 1; rule < OPT_RULE_COUNT; rule++) {
		const opt_rule *r = &rule_table[rule];
		if (!(o->rules_set & (1u << rule)) ||
		    options_rule_applies(rule, o->game, o->expansions))
			continue;
		if (r->game != o->game)
			return say(why, cap, "%s: rule %s is not a rule of %s",
			           r->id, r->name, f->name);
		return say(why, cap, "%s: rule %s needs the expansion %s",
		           r->id, r->name, options_expansion_name(r->expansion));
	}
	/* R-SET-4's stacks are The City's: a base game has one stack (C-SET-4),
	 * and its record has no stacks line to save them in */
	if (f->start_tile && (o->stacks[0] || o->stacks[1] || o->stacks[2]))
		return say(why, cap, "%c-SET-4: stacks are a rule of %s, not of %s",
		           f->rule_prefix, facts_of(CITY_GAME_THE_CITY)->name,
		           f->name);
	if (o->ts->game != o->game)
		return say(why, cap,
		           "tile set %s is a set of %s, the game is %s",
		           o->ts->name, facts_of(o->ts->game)->name, f->name);
	if (o->players < f->min_players || o->players > f->max_players)
		return say(why, cap, "%c-SET-1: %d players", f->rule_prefix,
		           o->players);
	/* V-SET-1: the river's tiles and the expansion go together */
	if ((o->ts->spring >= 0) != ((o->expansions & CITY_EXPANSION_RIVER) != 0))
		return say(why, cap,
		           o->ts->spring >= 0
		               ? "V-SET-1: tile set %s has river tiles, the game "
		                 "is played without the expansion river"
		               : "V-SET-1: tile set %s has no spring and lake, "
		                 "the expansion river needs them",
		           o->ts->name);
	return CITY_OK;
}

int city_options_set_rule(city_options *opts, int rule, int value)
{
	if (!opts || !rule_valid(rule) || value < 0 ||
	    value > rule_table[rule].max)
		return CITY_EINVAL;
	opts->rules[rule] = value;
	opts->rules_set |= 1u << rule;
	return CITY_OK;
}

int city_options_get_rule(const city_options *opts, int rule)
{
	if (!opts || !rule_valid(rule))
		return CITY_EINVAL;
	return opts->rules[rule];
}

/* Parse "name=value" as written in records (record.md, rule lines). */
int city_options_parse_rule(city_options *opts, const char *text)
{
	const char *eq;
	int rule, value;
	if (!opts || !text)
		return CITY_EINVAL;
	eq = strchr(text, '=');
	if (!eq)
		return CITY_EPARSE;
	rule = options_rule_find(text, (size_t)(eq - text));
	if (rule == 0 ||
	    options_rule_value(&value, rule, eq + 1, strlen(eq + 1)) != CITY_OK)
		return CITY_EPARSE;
	return city_options_set_rule(opts, rule, value);
}
