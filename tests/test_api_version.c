/*
 * Version and status names: the runtime answers match the headers
 * (api.md rules 2 and 6).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include <city/city.h>

#include "common.h"

START_TEST(version_number_matches_header)
{
	ck_assert_uint_eq(city_version_number(), CITY_VERSION_NUMBER);
	ck_assert_uint_eq(CITY_VERSION_NUMBER,
	                  CITY_VERSION_MAJOR * 10000 + CITY_VERSION_MINOR * 100 +
	                          CITY_VERSION_PATCH);
}
END_TEST

START_TEST(version_major_is_the_abi)
{
	/* The major version is the ABI (docs/abi.md): ABI 1, SONAME
	 * libcity.so.1, the library file libcity.so.1.<minor>.<patch>. */
	ck_assert_int_eq(CITY_VERSION_MAJOR, 1);
	ck_assert_uint_ge(city_version_number(), 10100u);
	ck_assert_uint_lt(city_version_number(), 20000u);
}
END_TEST

START_TEST(version_string_matches_header)
{
	ck_assert_ptr_nonnull(city_version_string());
	ck_assert_int_eq(strcmp(city_version_string(), CITY_VERSION_STRING), 0);
}
END_TEST

START_TEST(status_str_names_every_code)
{
	static const struct {
		int code;
		const char *name;
	} codes[] = {
		{CITY_OK, "CITY_OK"},
		{CITY_EINVAL, "CITY_EINVAL"},
		{CITY_ENOMEM, "CITY_ENOMEM"},
		{CITY_ERANGE, "CITY_ERANGE"},
		{CITY_EILLEGAL, "CITY_EILLEGAL"},
		{CITY_EDECISION, "CITY_EDECISION"},
		{CITY_EPARSE, "CITY_EPARSE"},
		{CITY_ENOTFOUND, "CITY_ENOTFOUND"},
		{CITY_EENDED, "CITY_EENDED"},
		{CITY_ENOTENDED, "CITY_ENOTENDED"},
		{CITY_ELIMIT, "CITY_ELIMIT"},
	};
	for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
		ck_assert_str_eq(city_status_str(codes[i].code), codes[i].name);
}
END_TEST

START_TEST(status_str_numbers_are_frozen)
{
	/* The numbers are part of ABI 1 (api.md rule 2). */
	ck_assert_int_eq(CITY_OK, 0);
	ck_assert_int_eq(CITY_EINVAL, -1);
	ck_assert_int_eq(CITY_ENOMEM, -2);
	ck_assert_int_eq(CITY_ERANGE, -3);
	ck_assert_int_eq(CITY_EILLEGAL, -4);
	ck_assert_int_eq(CITY_EDECISION, -5);
	ck_assert_int_eq(CITY_EPARSE, -6);
	ck_assert_int_eq(CITY_ENOTFOUND, -7);
	ck_assert_int_eq(CITY_EENDED, -8);
	ck_assert_int_eq(CITY_ENOTENDED, -9);
	ck_assert_int_eq(CITY_ELIMIT, -10);
}
END_TEST

START_TEST(status_str_unknown_code)
{
	ck_assert_str_eq(city_status_str(12345), "CITY_E?");
	ck_assert_str_eq(city_status_str(-11), "CITY_E?");
	ck_assert_str_eq(city_status_str(1), "CITY_E?");
}
END_TEST

static Suite *version_suite(void)
{
	Suite *s = suite_create("version");
	TCase *tc = tcase_create("version");
	tcase_add_test(tc, version_number_matches_header);
	tcase_add_test(tc, version_string_matches_header);
	tcase_add_test(tc, version_major_is_the_abi);
	suite_add_tcase(s, tc);

	TCase *st = tcase_create("status");
	tcase_add_test(st, status_str_names_every_code);
	tcase_add_test(st, status_str_numbers_are_frozen);
	tcase_add_test(st, status_str_unknown_code);
	suite_add_tcase(s, st);
	return s;
}

TEST_MAIN(version_suite)
