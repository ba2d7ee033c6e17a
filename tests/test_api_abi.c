/*
 * The parts of ABI 1 that neither the symbol list (tests/check_symbols.sh)
 * nor abidiff (scripts/abi-update.sh) can see: the values of the public
 * constants, compiled into every program that uses them, and the layout of
 * the two frozen structs field by field (docs/abi.md). A change here is an
 * ABI break: it needs a new SONAME, not a new expected value.
 */
#include <check.h>
#include <stddef.h>
#include <stdlib.h>

#include <city/city.h>

#include "common.h"

/* The frozen layouts (docs/abi.md "Frozen structs"): a mismatch does not
 * even compile. */
_Static_assert(sizeof(city_move) == 24, "city_move is 24 bytes");
_Static_assert(offsetof(city_move, kind) == 0, "city_move.kind");
_Static_assert(offsetof(city_move, rotation) == 1, "city_move.rotation");
_Static_assert(offsetof(city_move, side) == 2, "city_move.side");
_Static_assert(offsetof(city_move, end) == 3, "city_move.end");
_Static_assert(offsetof(city_move, part) == 4, "city_move.part");
_Static_assert(offsetof(city_move, reserved0) == 5, "city_move.reserved0");
_Static_assert(offsetof(city_move, x) == 8, "city_move.x");
_Static_assert(offsetof(city_move, y) == 12, "city_move.y");
_Static_assert(offsetof(city_move, reserved1) == 16, "city_move.reserved1");

_Static_assert(sizeof(city_event) == 40, "city_event is 40 bytes");
_Static_assert(offsetof(city_event, kind) == 0, "city_event.kind");
_Static_assert(offsetof(city_event, player) == 4, "city_event.player");
_Static_assert(offsetof(city_event, points) == 8, "city_event.points");
_Static_assert(offsetof(city_event, reason) == 12, "city_event.reason");
_Static_assert(offsetof(city_event, x) == 16, "city_event.x");
_Static_assert(offsetof(city_event, y) == 20, "city_event.y");
_Static_assert(offsetof(city_event, part) == 24, "city_event.part");
_Static_assert(offsetof(city_event, reserved0) == 25, "city_event.reserved0");
_Static_assert(offsetof(city_event, design) == 28, "city_event.design");
_Static_assert(offsetof(city_event, move) == 32, "city_event.move");
_Static_assert(offsetof(city_event, reserved1) == 36, "city_event.reserved1");

/* A row of constants[]: {C(NAME), value} is NAME, its value now and the
 * value ABI 1 fixed. */
#define C(name) #name, (long)(name)

static const struct constant {
	const char *name;
	long have;
	long want;
} constants[] = {
    /* status codes */
    {C(CITY_OK), 0}, {C(CITY_EINVAL), -1}, {C(CITY_ENOMEM), -2},
    {C(CITY_ERANGE), -3}, {C(CITY_EILLEGAL), -4}, {C(CITY_EDECISION), -5},
    {C(CITY_EPARSE), -6}, {C(CITY_ENOTFOUND), -7}, {C(CITY_EENDED), -8},
    {C(CITY_ENOTENDED), -9}, {C(CITY_ELIMIT), -10},
    /* geometry */
    {C(CITY_SIDE_N), 0}, {C(CITY_SIDE_E), 1}, {C(CITY_SIDE_S), 2},
    {C(CITY_SIDE_W), 3}, {C(CITY_END_CW), 0}, {C(CITY_END_CCW), 1},
    {C(CITY_CELL_TILE), 0}, {C(CITY_CELL_EXTERIOR), 1}, {C(CITY_CELL_HOLE), 2},
    /* decisions, features, roles, categories, end reasons */
    {C(CITY_DECISION_TILE), 0}, {C(CITY_DECISION_FOLLOWER), 1},
    {C(CITY_DECISION_GATE), 2}, {C(CITY_DECISION_WALL), 3},
    {C(CITY_DECISION_GUARD), 4}, {C(CITY_DECISION_TOWER), 5},
    {C(CITY_DECISION_END), 6}, {C(CITY_FEATURE_STREET), 0},
    {C(CITY_FEATURE_MARKET), 1}, {C(CITY_FEATURE_RESIDENTIAL), 2},
    {C(CITY_ROLE_CITIZEN), 0}, {C(CITY_ROLE_SELLER), 1},
    {C(CITY_ROLE_STEWARD), 2}, {C(CITY_ROLE_GUARD), 3},
    {C(CITY_CAT_STREETS), 0}, {C(CITY_CAT_MARKETS), 1}, {C(CITY_CAT_TOWERS), 2},
    {C(CITY_CAT_STEWARDS), 3}, {C(CITY_CAT_GUARDS), 4}, {C(CITY_CAT_COUNT), 5},
    {C(CITY_ENDED_SUPPLY), 1}, {C(CITY_ENDED_TILES), 2}, {C(CITY_ENDED_GAP), 4},
    /* rules */
    {C(CITY_RULE_WALL_TRIGGER), 1}, {C(CITY_RULE_FIRST_ROUND_GUARDS), 2},
    {C(CITY_RULE_RETURNED_GUARD), 3}, {C(CITY_RULE_CLOSING_TOWER), 4},
    {C(CITY_RULE_END_GAP), 5}, {C(CITY_TRIGGER_OCCUPIED), 0},
    {C(CITY_TRIGGER_ANY), 1},
    /* moves and events */
    {C(CITY_MOVE_PLACE), 1}, {C(CITY_MOVE_FOLLOWER), 2}, {C(CITY_MOVE_GATE), 3},
    {C(CITY_MOVE_WALL), 4}, {C(CITY_MOVE_GUARD), 5}, {C(CITY_MOVE_TOWER), 6},
    {C(CITY_MOVE_PASS), 7}, {C(CITY_EVENT_SCORE), 1},
    {C(CITY_EVENT_DISCARD), 2}, {C(CITY_EVENT_RETURN), 3},
    {C(CITY_REASON_STREET), 1}, {C(CITY_REASON_MARKET), 2},
    {C(CITY_REASON_WALL_STREET), 3}, {C(CITY_REASON_WALL_MARKET), 4},
    {C(CITY_REASON_TOWER), 5}, {C(CITY_REASON_FINAL_STREET), 6},
    {C(CITY_REASON_FINAL_MARKET), 7}, {C(CITY_REASON_STEWARD), 8},
    {C(CITY_REASON_GUARD), 9}, {C(CITY_LOAD_PREFIX), 1},
    /* tile sets */
    {C(CITY_REGION_RESIDENTIAL), 0}, {C(CITY_REGION_MARKET), 1},
    {C(CITY_MARKET_FISH), 1}, {C(CITY_MARKET_GRAIN), 2},
    {C(CITY_MARKET_LIVESTOCK), 4},
};

START_TEST(constants_keep_their_values)
{
	size_t i;
	for (i = 0; i < sizeof constants / sizeof constants[0]; i++)
		ck_assert_msg(constants[i].have == constants[i].want,
		              "%s is %ld, ABI 1 fixed it at %ld",
		              constants[i].name, constants[i].have,
		              constants[i].want);
}
END_TEST

START_TEST(status_names_are_stable)
{
	/* The name of each number, as bindings map them to exceptions. */
	static const char *const names[] = {
	    "CITY_OK",        "CITY_EINVAL",    "CITY_ENOMEM",
	    "CITY_ERANGE",    "CITY_EILLEGAL",  "CITY_EDECISION",
	    "CITY_EPARSE",    "CITY_ENOTFOUND", "CITY_EENDED",
	    "CITY_ENOTENDED", "CITY_ELIMIT"};
	int s;
	for (s = 0; s >= -10; s--)
		ck_assert_str_eq(city_status_str(s), names[-s]);
}
END_TEST

static Suite *abi_suite(void)
{
	Suite *s = suite_create("abi");
	TCase *tc = tcase_create("abi 1");
	tcase_add_test(tc, constants_keep_their_values);
	tcase_add_test(tc, status_names_are_stable);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(abi_suite)
