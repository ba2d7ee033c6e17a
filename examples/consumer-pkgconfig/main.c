/*
 * A downstream program built against an installed libcity through
 * pkg-config:
 *
 *   cc main.c -o consumer $(pkg-config --cflags --libs libcity) \
 *       -Wl,-rpath,"$(pkg-config --variable=libdir libcity)"
 *
 * (the rpath lets it find libcity.so.1 in a private prefix at run time;
 * the Makefile here does the same)
 */
#include <stdio.h>

#include <city/city.h>

int main(void)
{
	const city_tileset *ts = city_tileset_default();
	printf("libcity %s, built-in tile set %s\n", city_version_string(),
	       ts != NULL ? city_tileset_name(ts) : "(none)");
	return ts != NULL && city_version_number() == CITY_VERSION_NUMBER ? 0
	                                                                   : 1;
}
