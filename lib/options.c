/* The options builder: players, seed or order, stacks, tile set, rules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "city/city.h"
#include "options.h"

static const char *const rule_names[OPT_RULES] = {
	"", "wall_trigger", "first_round_guards", "returned_guard",
	"closing_tower", "end_gap"};

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

void options_free_mem(const city_options *o, void *p)
{
	if (p)
		o->free(p, o->alloc_user);
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
	o->ts = &city__tileset_default_data;
	o->rules[CITY_RULE_WALL_TRIGGER] = CITY_TRIGGER_OCCUPIED;
	o->rules[CITY_RULE_FIRST_ROUND_GUARDS] = 1;
	o->rules[CITY_RULE_RETURNED_GUARD] = 1;
	o->rules[CITY_RULE_CLOSING_TOWER] = 1;
	o->rules[CITY_RULE_END_GAP] = 5;
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
	return (rule >= 1 && rule < OPT_RULES) ? rule_names[rule] : NULL;
}

const char *options_rule_value_text(int rule, int value, char buf[12])
{
	if (rule == CITY_RULE_WALL_TRIGGER)
		return value == CITY_TRIGGER_ANY ? "any" : "occupied";
	if (rule == CITY_RULE_END_GAP) {
		snprintf(buf, 12, "%d", value);
		return buf;
	}
	return value ? "yes" : "no";
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
	if (!opts || players < 2 || players > 4)
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

int city_options_set_tileset(city_options *opts, const city_tileset *ts)
{
	if (!opts)
		return CITY_EINVAL;
	if (!ts)
		ts = &city__tileset_default_data;
	ts_retain(ts);
	ts_release(opts->ts);
	opts->ts = ts;
	return CITY_OK;
}

int city_options_set_rule(city_options *opts, int rule, int value)
{
	if (!opts || rule < 1 || rule >= OPT_RULES)
		return CITY_EINVAL;
	if (rule == CITY_RULE_END_GAP ? (value < 0 || value > 20)
	                              : (value < 0 || value > 1))
		return CITY_EINVAL;
	opts->rules[rule] = value;
	return CITY_OK;
}

int city_options_get_rule(const city_options *opts, int rule)
{
	if (!opts || rule < 1 || rule >= OPT_RULES)
		return CITY_EINVAL;
	return opts->rules[rule];
}

/* Parse "name=value" as written in records (record.md, rule lines). */
int city_options_parse_rule(city_options *opts, const char *text)
{
	const char *eq;
	size_t nlen;
	int rule, value = -1;
	if (!opts || !text)
		return CITY_EINVAL;
	eq = strchr(text, '=');
	if (!eq)
		return CITY_EPARSE;
	nlen = (size_t)(eq - text);
	for (rule = 1; rule < OPT_RULES; rule++)
		if (strlen(rule_names[rule]) == nlen &&
		    memcmp(rule_names[rule], text, nlen) == 0)
			break;
	if (rule == OPT_RULES)
		return CITY_EPARSE;
	eq++;
	if (rule == CITY_RULE_WALL_TRIGGER) {
		if (strcmp(eq, "occupied") == 0)
			value = CITY_TRIGGER_OCCUPIED;
		else if (strcmp(eq, "any") == 0)
			value = CITY_TRIGGER_ANY;
	} else if (rule == CITY_RULE_END_GAP) {
		if (eq[0] >= '0' && eq[0] <= '9' &&
		    (eq[1] == '\0' ||
		     (eq[1] >= '0' && eq[1] <= '9' && eq[2] == '\0')))
			value = atoi(eq);
		if (value > 20)
			value = -1;
	} else {
		if (strcmp(eq, "yes") == 0)
			value = 1;
		else if (strcmp(eq, "no") == 0)
			value = 0;
	}
	if (value < 0)
		return CITY_EPARSE;
	opts->rules[rule] = value;
	return CITY_OK;
}
