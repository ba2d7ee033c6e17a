/*
 * Small bit helpers shared by the modules that walk part and side masks.
 */
#ifndef CITY_LIB_BITS_H
#define CITY_LIB_BITS_H

#include <stdint.h>

#include "compiler.h"

/* Index of the lowest set bit of a 64-bit m (m != 0). */
static inline int low_bit64(uint64_t m)
{
#if defined(CITY_BUILTINS)
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

/* Number of set bits of a 64-bit m. */
static inline int popcount64(uint64_t m)
{
#if defined(CITY_BUILTINS)
	return __builtin_popcountll(m);
#else
	int n = 0;
	for (; m; m &= m - 1)
		n++;
	return n;
#endif
}

/* Number of set bits of m. */
static inline int popcount32(uint32_t m)
{
	return popcount64(m);
}

/* Bit t of the bit set m (words of 64 bits). */
static inline int bits_at(const uint64_t *m, int t)
{
	return (int)(m[t >> 6] >> (t & 63) & 1u);
}

/* Set (on) or clear bit t of the bit set m. */
static inline void bits_put(uint64_t *m, int t, int on)
{
	uint64_t b = (uint64_t)1 << (t & 63);
	m[t >> 6] = on ? m[t >> 6] | b : m[t >> 6] & ~b;
}

#endif /* CITY_LIB_BITS_H */
