/*
 * Header test: <city/city.h> on its own compiles as strict C11 with all
 * warnings as errors, and its declarations link against libcity.so.
 */
#include <city/city.h>

int main(void)
{
	/* Touch a function of each layer so the link is proven, not assumed. */
	const char *v = city_version_string();
	return (v != NULL && city_version_number() == CITY_VERSION_NUMBER &&
	        city_status_str(CITY_OK) != NULL)
	               ? 0
	               : 1;
}
