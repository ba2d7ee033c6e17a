/*
 * Small bit helpers shared by the modules that walk part and side masks.
 */
#ifndef CITY_LIB_BITS_H
#define CITY_LIB_BITS_H

#include <stdint.h>

/* Index of the lowest set bit of a 64-bit m (m != 0). */
static inline int low_bit64(uint64_t m)
{
#if defined(__GNUC__)
	return __builtin_ctzll(m);
#else
	int k = 0;
	while (!(m >> k & 1u))
		k++;
	return k;
#endif
}

/* Index of the lowest set bit of m (m != 0). */
static inline int low_bit(unsigned m)
{
	return low_bit64(m);
}

/* Number of set bits of m. */
static inline int popcount32(uint32_t m)
{
#if defined(__GNUC__)
	return __builtin_popcount(m);
#else
	int n = 0;
	for (; m; m &= m - 1)
		n++;
	return n;
#endif
}

#endif /* CITY_LIB_BITS_H */
