/*
 * Header test: <city/city.h> compiles as C++ (extern "C", no C-only
 * constructs) and links against libcity.so.
 */
#include <city/city.h>

#include <cstring>

int main()
{
	const char *v = city_version_string();
	if (v == nullptr || std::strcmp(v, CITY_VERSION_STRING) != 0)
		return 1;
	return city_version_number() == CITY_VERSION_NUMBER ? 0 : 1;
}
