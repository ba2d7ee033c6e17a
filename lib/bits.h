/*
 * Small bit helpers shared by the modules that walk part and side masks.
 */
#ifndef CITY_LIB_BITS_H
#define CITY_LIB_BITS_H

/* Index of the lowest set bit of m (m != 0). */
static inline int low_bit(unsigned m)
{
#if defined(__GNUC__)
	return __builtin_ctz(m);
#else
	int k = 0;
	while (!(m >> k & 1u))
		k++;
	return k;
#endif
}

#endif /* CITY_LIB_BITS_H */
