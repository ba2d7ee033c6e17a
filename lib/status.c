/*
 * Status names and version queries: the parts of city/common.h that belong
 * to no game module.
 */
#include "city/common.h"

CITY_EXPORT const char *city_status_str(int status)
{
	/* One case per constant of city/common.h; the numbers are frozen for
	 * ABI 1, so this table only ever grows. */
	switch (status) {
	case CITY_OK:
		return "CITY_OK";
	case CITY_EINVAL:
		return "CITY_EINVAL";
	case CITY_ENOMEM:
		return "CITY_ENOMEM";
	case CITY_ERANGE:
		return "CITY_ERANGE";
	case CITY_EILLEGAL:
		return "CITY_EILLEGAL";
	case CITY_EDECISION:
		return "CITY_EDECISION";
	case CITY_EPARSE:
		return "CITY_EPARSE";
	case CITY_ENOTFOUND:
		return "CITY_ENOTFOUND";
	case CITY_EENDED:
		return "CITY_EENDED";
	case CITY_ENOTENDED:
		return "CITY_ENOTENDED";
	case CITY_ELIMIT:
		return "CITY_ELIMIT";
	default:
		return "CITY_E?";
	}
}

CITY_EXPORT unsigned city_version_number(void)
{
	return CITY_VERSION_NUMBER;
}

CITY_EXPORT const char *city_version_string(void)
{
	return CITY_VERSION_STRING;
}
