/*
 * The one place lib/ decides what the compiler and the platform offer.
 * Every fast path that depends on them tests one of these macros and keeps
 * a portable twin (lib/README.md, "Fast paths and their slow twins"):
 *
 *   CITY_LITTLE_ENDIAN / CITY_BIG_ENDIAN  the byte order, when known at
 *       compile time (listing.c writes a move's head as one word)
 *   CITY_SSE2       SSE2 on a little-endian target: board.h's four
 *       frontier cells a vector, listing.c's four moves a cell in six
 *       stores, tower.c's capture test four slots a step
 *   CITY_AVX2       CITY_SSE2 on x86-64 (not x32) with GCC/Clang: a function may
 *       be compiled for AVX2 (CITY_TARGET_AVX2) and called when
 *       __builtin_cpu_supports("avx2") says so at run time, the SSE2 code
 *       its twin (listing.c's tile listings); -DCITY_NO_AVX2 leaves it
 *       out, so that the SSE2 twin can be tested on an AVX2 machine
 *   CITY_BUILTINS   GCC/Clang bit builtins (bits.h: ctz, popcount)
 *   CITY_PRINTF(f, a)  printf format checking of a declaration
 *   CITY_ALWAYS_INLINE  a static helper inlined into every caller, where
 *       the compiler would call it (listing.c's cell scans, shared by the
 *       listing and the AI's pick)
 *   CITY_NOINLINE   a static function kept out of its caller, where its
 *       frame would cost the caller's other paths (listing.c's rare ones)
 *
 * Built with CITY_PORTABLE defined (CMake: -DCITY_PORTABLE=ON), none of
 * the first four is set: every portable twin is compiled and tested
 * (scripts/test.sh step_portable). The WASM build has no SSE2 either.
 */
#ifndef CITY_LIB_COMPILER_H
#define CITY_LIB_COMPILER_H

#if !defined(CITY_PORTABLE) && defined(__BYTE_ORDER__)
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define CITY_LITTLE_ENDIAN 1
#elif __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define CITY_BIG_ENDIAN 1
#endif
#endif

#if defined(CITY_LITTLE_ENDIAN) && defined(__SSE2__)
#define CITY_SSE2 1
#include <emmintrin.h>
#endif

#if defined(CITY_SSE2) && defined(__x86_64__) && !defined(CITY_NO_AVX2) && \
    !defined(__ILP32__) && /* x32: listing.c's tables assume 8-byte size_t */ \
    !defined(_MSC_VER) && /* clang-cl: no libgcc __cpu_model */ \
    (defined(__GNUC__) || defined(__clang__))
#define CITY_AVX2 1
#define CITY_TARGET_AVX2 __attribute__((target("avx2")))
#include <immintrin.h>
#endif

#if !defined(CITY_PORTABLE) && (defined(__GNUC__) || defined(__clang__))
#define CITY_BUILTINS 1
#endif

#if defined(__GNUC__) || defined(__clang__)
#define CITY_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CITY_PRINTF(f, a)
#endif

#if defined(__GNUC__) || defined(__clang__)
#define CITY_ALWAYS_INLINE __attribute__((always_inline)) inline
#define CITY_NOINLINE __attribute__((noinline))
#else
#define CITY_ALWAYS_INLINE inline
#define CITY_NOINLINE
#endif

#endif /* CITY_LIB_COMPILER_H */
