/*
 * version_demo: print the library version and a summary of the built-in
 * tile set, using only the public API.
 */
#include <stdio.h>

#include <city/city.h>

int main(void)
{
	const city_tileset *ts = city_tileset_default();
	if (ts == NULL) {
		fprintf(stderr, "version_demo: no built-in tile set\n");
		return 1;
	}

	unsigned designs = city_tileset_design_count(ts);
	long pub = 0;
	unsigned hist = 0;
	for (unsigned i = 0; i < designs; i++) {
		int copies = city_tileset_design_count_of(ts, i);
		int p = city_tileset_public_buildings(ts, i);
		if (copies > 0 && p > 0)
			pub += (long)copies * p;
		const char *h = city_tileset_historic_name(ts, i);
		if (h != NULL && h[0] != '\0')
			hist++;
	}

	printf("libcity %s (header %s, number %u)\n", city_version_string(),
	       CITY_VERSION_STRING, city_version_number());
	printf("built-in tile set: %s\n", city_tileset_name(ts));
	printf("  designs:          %u\n", designs);
	printf("  tiles:            %u\n", city_tileset_tile_count(ts));
	printf("  public buildings: %ld\n", pub);
	printf("  historic buildings (%u):\n", hist);
	for (unsigned i = 0; i < designs; i++) {
		const char *h = city_tileset_historic_name(ts, i);
		if (h != NULL && h[0] != '\0')
			printf("    design %2d  %s\n", city_tileset_design_id(ts, i),
			       h);
	}
	return 0;
}
