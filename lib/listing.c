/*
 * Legal-move listing (see listing.h). The tile placements are the hot
 * path of random play: they are read from the sorted frontier, written
 * without branching on which rotations fit where the buffer has room.
 */
#include <string.h>

#include "compiler.h"
#include "board.h"
#include "listing.h"

/* write_cell_moves writes moves as words: the layout it relies on (frozen
 * by ABI 1 anyway). */
_Static_assert(offsetof(city_move, kind) == 0 &&
                   offsetof(city_move, rotation) == 1 &&
                   offsetof(city_move, x) == 8 &&
                   offsetof(city_move, y) == 12 &&
                   offsetof(city_move, reserved1) == 16 &&
                   sizeof(city_move) == 24,
               "city_move layout");

/* For a set of rotations (bit r): how many, and the k-th of them (any
 * rotation past the last: those entries are scratch). */
static const uint8_t ROT_COUNT[16] = {0, 1, 1, 2, 1, 2, 2, 3,
                                      1, 2, 2, 3, 2, 3, 3, 4};
/* The same in bytes of moves: how far a cell's moves reach; a word
 * padded to 16 bytes, the stride of HEAD_VEC's rows, so that one scaled
 * set of rotations indexes both (write_cell_moves). */
#define ROT_B(c) {(c) * sizeof(city_move), 0}
static _Alignas(16) const size_t ROT_BYTES[16][2] = {
    ROT_B(0), ROT_B(1), ROT_B(1), ROT_B(2), ROT_B(1), ROT_B(2),
    ROT_B(2), ROT_B(3), ROT_B(1), ROT_B(2), ROT_B(2), ROT_B(3),
    ROT_B(2), ROT_B(3), ROT_B(3), ROT_B(4)};
#if defined(CITY_AVX2)
/* the AVX2 rounds index ROT_BYTES by the set of rotations times 16 */
_Static_assert(sizeof ROT_BYTES[0] == 16, "ROT_BYTES: 16-byte rows");
#endif
/* The 16 rows (set of rotations -> its rotations in order, then
 * scratch), each row R(H(r0), H(r1), H(r2), H(r3)). */
#define ROT_NTH_ROWS(R, H)                                                 \
	R(H(0), H(0), H(0), H(0)), R(H(0), H(0), H(0), H(0)),              \
	    R(H(1), H(0), H(0), H(0)), R(H(0), H(1), H(0), H(0)),          \
	    R(H(2), H(0), H(0), H(0)), R(H(0), H(2), H(0), H(0)),          \
	    R(H(1), H(2), H(0), H(0)), R(H(0), H(1), H(2), H(0)),          \
	    R(H(3), H(0), H(0), H(0)), R(H(0), H(3), H(0), H(0)),          \
	    R(H(1), H(3), H(0), H(0)), R(H(0), H(1), H(3), H(0)),          \
	    R(H(2), H(3), H(0), H(0)), R(H(0), H(2), H(3), H(0)),          \
	    R(H(1), H(2), H(3), H(0)), R(H(0), H(1), H(2), H(3))
#define ROW4(a, b, c, d) {a, b, c, d}

/* Bytes 0-7 of a place move of rotation r (kind, rotation, zeros) as one
 * word in the platform's byte order, where that order is known at compile
 * time (else write4 goes through the struct). */
#if defined(CITY_LITTLE_ENDIAN)
#define PLACE_HEAD(r) ((uint64_t)CITY_MOVE_PLACE | (uint64_t)(r) << 8)
#elif defined(CITY_BIG_ENDIAN)
#define PLACE_HEAD(r) ((uint64_t)CITY_MOVE_PLACE << 56 | (uint64_t)(r) << 48)
#endif

#if defined(PLACE_HEAD) && defined(CITY_SSE2)
/* A cell's four moves are 96 bytes: (head0, xy) (0, head1) (xy, 0)
 * (head2, xy) (0, head3) (xy, 0), six 16-byte stores. The heads as they
 * are stored, per set of rotations: (head0, 0) (0, head1) (head2, 0)
 * (0, head3), the j-th of the set of rotations r at HEAD_VEC[j][r] (rows
 * of 16 bytes: the address is the table's plus 16 r plus a constant). */
#define HEAD_J0(a, b, c, d) {a, 0}
#define HEAD_J1(a, b, c, d) {0, b}
#define HEAD_J2(a, b, c, d) {c, 0}
#define HEAD_J3(a, b, c, d) {0, d}
static _Alignas(16) const uint64_t HEAD_VEC[4][16][2] = {
    {ROT_NTH_ROWS(HEAD_J0, PLACE_HEAD)},
    {ROT_NTH_ROWS(HEAD_J1, PLACE_HEAD)},
    {ROT_NTH_ROWS(HEAD_J2, PLACE_HEAD)},
    {ROT_NTH_ROWS(HEAD_J3, PLACE_HEAD)}};
#elif defined(PLACE_HEAD)
/* The head words of each set of rotations, in the order they are written. */
static const uint64_t PLACE_HEADS[16][4] = {ROT_NTH_ROWS(ROW4, PLACE_HEAD)};
#endif

/* The four moves of cell c, the rotations of `rots` first (the rest
 * scratch), at o (room for four): the head words and the cell written as
 * words, without a branch on which rotations fit. */
static inline void write4(unsigned char *o, const fcell *c, size_t rots)
{
#if defined(PLACE_HEAD) && defined(CITY_SSE2)
#define HEAD(j) _mm_load_si128((const __m128i *)(const void *)HEAD_VEC[j][rots])
	/* (x, y, 0, 0) as int32 from the key: each 16-bit half, zero-extended,
	 * less 0x8000 is the coordinate (fc_x, fc_y); the key read straight
	 * into the vector */
	__m128i k = _mm_cvtsi32_si128((int)c->key);
	__m128i xy = _mm_sub_epi32(_mm_unpacklo_epi16(k, _mm_setzero_si128()),
	                           _mm_set_epi32(0, 0, 0x8000, 0x8000));
	_mm_storeu_si128((__m128i *)(void *)o,
	                 _mm_unpacklo_epi64(HEAD(0), xy));
	_mm_storeu_si128((__m128i *)(void *)(o + 16), HEAD(1));
	_mm_storeu_si128((__m128i *)(void *)(o + 32), xy);
	_mm_storeu_si128((__m128i *)(void *)(o + 48),
	                 _mm_unpacklo_epi64(HEAD(2), xy));
	_mm_storeu_si128((__m128i *)(void *)(o + 64), HEAD(3));
	_mm_storeu_si128((__m128i *)(void *)(o + 80), xy);
#undef HEAD
#elif defined(PLACE_HEAD)
	const uint64_t *hw = PLACE_HEADS[rots], tail = 0;
	int32_t xy[2];
	int r;
	xy[0] = fc_x(c);
	xy[1] = fc_y(c);
	for (r = 0; r < 4; r++, o += sizeof(city_move)) {
		memcpy(o, &hw[r], 8);
		memcpy(o + offsetof(city_move, x), xy, 8);
		memcpy(o + offsetof(city_move, reserved1), &tail, 8);
	}
#else
#define ROT_ID(r) (r)
	static const uint8_t ROT_NTH[16][4] = {ROT_NTH_ROWS(ROW4, ROT_ID)};
	city_move m;
	int r;
	memset(&m, 0, sizeof m);
	m.kind = CITY_MOVE_PLACE;
	m.x = fc_x(c);
	m.y = fc_y(c);
	for (r = 0; r < 4; r++, o += sizeof m) {
		m.rotation = ROT_NTH[rots][r];
		memcpy(o, &m, sizeof m);
	}
#endif
}

/* A frontier's cells (2n + 2 for n tiles) and one more: keep_fit writes
 * the entry after the last one kept, which may be the frontier's size. */
#define MAX_FRONT (2 * TS_MAX_TILES + 3)

/* Frontier cell i with rotations `rots` at entry k of cell[] / rset[],
 * kept (the next entry after it) only when some rotation fits: written
 * either way, no branch on whether it fits. Returns the next entry (a
 * size_t, so that the loops need not widen it for every address). */
static inline size_t keep_fit(uint16_t *cell, uint8_t *rset, size_t k, int i,
                              unsigned rots)
{
	cell[k] = (uint16_t)i;
	rset[k] = (uint8_t)rots;
	return k + (rots != 0);
}

/* Frontier cell i's rotations of the design whose fit table is `fit`
 * (R-TILE-2), those of a cell that `keep` refuses dropped when keep is
 * not NULL (a constant at each call), kept at entry k (keep_fit). Returns
 * the next entry. */
static CITY_ALWAYS_INLINE size_t scan_cell(const uint8_t *fit,
                                           const fcell *f, int i,
                                           uint16_t *cell, uint8_t *rset,
                                           const uint8_t *keep, size_t k)
{
	unsigned rots = fit[(unsigned)f[i].present << 4 | f[i].streets];
	if (keep)
		rots &= keep[f[i].flags & 15u];
	return keep_fit(cell, rset, k, i, rots);
}

/* The cells where the design fits (R-TILE-2) and `keep` allows,
 * compacted without branching on it: cell[i] (frontier index) and rset[i]
 * (rotations) for i < the returned count; four cells a round (the loop's
 * own test and count are a quarter of a cell's work). */
static CITY_ALWAYS_INLINE size_t scan_front(const uint8_t *fit,
                                            const fcell *f, int nf,
                                            uint16_t *cell, uint8_t *rset,
                                            const uint8_t *keep)
{
	size_t k = 0;
	int i = 0;
	for (; i + 4 <= nf; i += 4) {
		k = scan_cell(fit, f, i, cell, rset, keep, k);
		k = scan_cell(fit, f, i + 1, cell, rset, keep, k);
		k = scan_cell(fit, f, i + 2, cell, rset, keep, k);
		k = scan_cell(fit, f, i + 3, cell, rset, keep, k);
	}
	for (; i < nf; i++)
		k = scan_cell(fit, f, i, cell, rset, keep, k);
	return k;
}

/* The moves of k fitting cells. While there is room for four moves, a
 * cell's are written without branching: the fitting rotations first, in
 * order, the rest overwritten by the next cell (callers often size the
 * buffer to the largest count they have seen, so the last cells go one by
 * one), by write4. */
static size_t write_cell_moves(const fcell *f, const uint16_t *cell,
                               const uint8_t *rset, int k, city_move *out,
                               size_t cap)
{
	size_t n = 0;
	int i, r;
	if (out && cap / 4 >= (size_t)k) {
		/* room for four moves of every cell: no test per cell, the
		 * place advanced by bytes */
		unsigned char *o = (unsigned char *)out;
		const uint16_t *ce = cell + k; /* indexed from -k up to 0: */
		const uint8_t *re = rset + k;  /* the count is the test */
		ptrdiff_t j;
		for (j = -(ptrdiff_t)k; j; j++) {
			size_t rots = re[j];
			write4(o, &f[ce[j]], rots);
			o += ROT_BYTES[rots][0];
		}
		return (size_t)(o - (unsigned char *)out) / sizeof(city_move);
	}
	for (i = 0; i < k; i++) {
		const fcell *c = &f[cell[i]];
		unsigned rots = rset[i];
		if (!out) {
			n += ROT_COUNT[rots]; /* counting only */
		} else if (n <= cap && cap - n >= 4) {
			write4((unsigned char *)&out[n], c, rots);
			n += ROT_COUNT[rots];
		} else {
			for (r = 0; r < 4; r++)
				if (rots >> r & 1)
					list_emit(out, cap, &n, CITY_MOVE_PLACE,
					          fc_x(c), fc_y(c), r, 0, 0, 0);
		}
	}
	return n;
}

/* The cells and rotations of list_placements; returns their number (empty
 * board: not asked). */
static CITY_ALWAYS_INLINE int placement_cells(const city_tileset *ts,
                                              const state *s, int design,
                                              const uint8_t *keep,
                                              uint16_t *cell, uint8_t *rset)
{
	const ts_design *d = &ts->designs[design];
	const uint8_t *fit = &board_fit[(unsigned)d->street_mask << 8];
	int nf;
	const fcell *f = board_front(s, &nf);
	/* before The City's gate, no cell is closed: no flag read at all */
	return keep ? (int)scan_front(fit, f, nf, cell, rset, keep)
	            : (int)scan_front(fit, f, nf, cell, rset, NULL);
}

/* list_placements with room for four moves of every frontier cell: each
 * cell's moves written (write4) and the place advanced by the number that
 * fit, in one pass without a test per cell. Compacting the fitting cells
 * first ends in two loops whose lengths no predictor knows (the cells,
 * then those that fit); a third of The City's cells fit no rotation, and
 * their writes are overwritten by the next cell's. `keep` NULL or not is
 * a constant at each call (one loop each, no test per cell). */
static CITY_ALWAYS_INLINE size_t front_moves(const uint8_t *fit,
                                             const fcell *f, int nf,
                                             const uint8_t *keep,
                                             city_move *out)
{
	unsigned char *o = (unsigned char *)out;
	int i;
	for (i = 0; i < nf; i++) {
		size_t rots = fit[(unsigned)f[i].present << 4 | f[i].streets];
		if (keep)
			rots &= keep[f[i].flags & 15u];
		write4(o, &f[i], rots);
		o += ROT_BYTES[rots][0];
	}
	return (size_t)(o - (unsigned char *)out) / sizeof(city_move);
}

#if defined(CITY_AVX2)
/* The AVX2 twin of front_moves (and of the base game's listing), eight
 * frontier cells a round: their rotations found in one vector (R-TILE-2
 * as a byte compare: byte r of `sig` is the design's street sides turned
 * r, which must equal the cell's streets on its present sides; the
 * streets of The City's cells lie within bits 0-3, as board_fit's index
 * requires), `keep` by a byte shuffle; the cells where some rotation
 * fits packed (fit_cells8), then a cell's 96 bytes written in three
 * 32-byte stores, each a blend of (x, y) into the moves of its set of
 * rotations (fit_moves4). */

/* The four moves of each set of rotations with x = y = 0, as the three
 * 32-byte pieces of a cell's 96 bytes: MOVES_YMM[k][r] is piece k of
 * rotation set r (rows of 32 bytes: the address is the table's plus
 * 32 r). (x, y) goes into dwords 2-3 of piece 0, 0-1 and 6-7 of piece 1,
 * 4-5 of piece 2. */
#define MOVES_P0(a, b, c, d) {a, 0, 0, b}
#define MOVES_P1(a, b, c, d) {0, 0, c, 0}
#define MOVES_P2(a, b, c, d) {0, d, 0, 0}
static _Alignas(32) const uint64_t MOVES_YMM[3][16][4] = {
    {ROT_NTH_ROWS(MOVES_P0, PLACE_HEAD)},
    {ROT_NTH_ROWS(MOVES_P1, PLACE_HEAD)},
    {ROT_NTH_ROWS(MOVES_P2, PLACE_HEAD)}};
#define XY_0 0x0C
#define XY_1 0xC3
#define XY_2 0x30

/* The street sides m turned r quarter turns, in byte r. */
#define SIG4(m)                                                            \
	(SIDES_TURN(m, 0) | SIDES_TURN(m, 1) << 8 | SIDES_TURN(m, 2) << 16 | \
	 (uint32_t)SIDES_TURN(m, 3) << 24)
static const uint32_t STREET_SIG4[16] = {
    SIG4(0u),  SIG4(1u),  SIG4(2u),  SIG4(3u), SIG4(4u),  SIG4(5u),
    SIG4(6u),  SIG4(7u),  SIG4(8u),  SIG4(9u), SIG4(10u), SIG4(11u),
    SIG4(12u), SIG4(13u), SIG4(14u), SIG4(15u)};

/* The AVX2 rounds' repeated dwords, read from memory:
 * gcc builds each from a general register, three instructions per
 * listing. */
#define K8(v) {v, v, v, v, v, v, v, v}
static _Alignas(32) const uint32_t AVX_K[5][8] = {
    K8(0x08040201u), /* bit r in byte r */
    K8(0x0F0F0F0Fu), /* the low nibble of each byte */
    K8(0x10101010u), /* 16 in each byte */
    K8(0x00010001u), /* 1 in each 16-bit half */
    K8(0xFFFF8000u)}; /* -0x8000 */
#define K_BITS 0
#define K_LOW4 1
#define K_16 2
#define K_ONES16 3
#define K_BIAS 4
/* Constant i of AVX_K, read through kc: AVX_K's address, hidden from gcc
 * (front_rounds) so that it does not see through the load. */
#define AVX_CONST(i) _mm256_load_si256((const __m256i *)(const void *)kc[i])

/* Byte b of dword d of a 32-byte vector, copied into the dword's four
 * bytes (a shuffle pattern). */
#define SPREAD(b)                                                          \
	_mm256_setr_epi8(b, b, b, b, 4 + b, 4 + b, 4 + b, 4 + b, 8 + b, 8 + b, \
	                 8 + b, 8 + b, 12 + b, 12 + b, 12 + b, 12 + b, b, b, b, \
	                 b, 4 + b, 4 + b, 4 + b, 4 + b, 8 + b, 8 + b, 8 + b,    \
	                 8 + b, 12 + b, 12 + b, 12 + b, 12 + b)

/* The rotations of eight cells whose second words (present, streets,
 * ring, flags) are w, times 16, a dword each in w's order: those of the
 * City (R-TILE-2 by `sig`, then `keep`) or, when `carc`, the base game's
 * (C-TILE-2, board_sig_rotations); when `last` none for cells 0 ..
 * first - 1 of the eight (dword order 0 1 4 5 | 2 3 6 7). */
static CITY_ALWAYS_INLINE CITY_TARGET_AVX2 __m256i
front_rots8(__m256i w, __m256i sig, __m256i kv, const uint8_t *keep,
            int carc, int last, int first, const uint32_t (*kc)[8])
{
	/* the base game's present sides in both nibbles (byte p: 0x11 p) */
	const __m256i present11 = _mm256_setr_epi8(
	    0, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, (char)0x88, (char)0x99,
	    (char)0xAA, (char)0xBB, (char)0xCC, (char)0xDD, (char)0xEE,
	    (char)0xFF, 0, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, (char)0x88,
	    (char)0x99, (char)0xAA, (char)0xBB, (char)0xCC, (char)0xDD,
	    (char)0xEE, (char)0xFF);
	const __m256i pb = _mm256_shuffle_epi8(w, SPREAD(0));
	const __m256i sb = _mm256_shuffle_epi8(w, SPREAD(1));
	/* byte r of a cell: 0xFF where rotation r fits */
	__m256i r = carc ? _mm256_cmpeq_epi8(
	                       _mm256_and_si256(
	                           _mm256_xor_si256(sig, sb),
	                           _mm256_shuffle_epi8(present11, pb)),
	                       _mm256_setzero_si256())
	                 : _mm256_cmpeq_epi8(_mm256_and_si256(sig, pb), sb);
	__m256i bits = AVX_CONST(K_BITS);
	if (keep)
		bits = _mm256_and_si256(
		    bits, _mm256_shuffle_epi8(
		              kv, _mm256_and_si256(_mm256_shuffle_epi8(w, SPREAD(3)),
		                                   AVX_CONST(K_LOW4))));
	r = _mm256_and_si256(r, bits);
	if (last)
		r = _mm256_and_si256(
		    r, _mm256_cmpgt_epi32(_mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7),
		                          _mm256_set1_epi32(first - 1)));
	/* the bytes summed */
	return _mm256_madd_epi16(_mm256_maddubs_epi16(r, AVX_CONST(K_16)),
	                         AVX_CONST(K_ONES16));
}

/* Piece p of a cell's moves, (x, y) x blended into those of rotation set
 * q / 16: the table's piece the blend's second operand, so that its load
 * is folded into the blend. */
#define PIECE(p, x, q)                                                     \
	_mm256_blend_epi32(x,                                              \
	                   _mm256_load_si256((const __m256i *)(const void *)(( \
	                       const unsigned char *)MOVES_YMM[p] + 2 * (q))), \
	                   0xFF ^ XY_##p)
/* The cell whose (x, y) is qword j of xy and rotation set qj / 16 at o,
 * o advanced by its moves. */
#define CELL(xy, j, qj)                                                    \
	do {                                                               \
		const __m256i x_ = _mm256_permute4x64_epi64(xy, 0x55 * (j)); \
		const size_t q_ = (qj);                                    \
		_mm256_storeu_si256((__m256i *)(void *)o, PIECE(0, x_, q_)); \
		_mm256_storeu_si256((__m256i *)(void *)(o + 32),            \
		                    PIECE(1, x_, q_));                     \
		_mm256_storeu_si256((__m256i *)(void *)(o + 64),            \
		                    PIECE(2, x_, q_));                     \
		o += *(const size_t *)(const void *)((                     \
		    const unsigned char *)ROT_BYTES + q_);                 \
	} while (0)


/* For the mask z of the dwords of front_rots8's vector that are zero
 * (bit d: dword d), the others in cell order (dwords 0 1 4 5 2 3 6 7) as
 * the bytes of a word (the rest 0): a shuffle that packs the cells where
 * some rotation fits; and their number. */
#define NZ(z, d) (~(unsigned)(z) >> (d) & 1u)
#define NZ_C1(z) NZ(z, 0)
#define NZ_C2(z) (NZ_C1(z) + NZ(z, 1))
#define NZ_C3(z) (NZ_C2(z) + NZ(z, 4))
#define NZ_C4(z) (NZ_C3(z) + NZ(z, 5))
#define NZ_C5(z) (NZ_C4(z) + NZ(z, 2))
#define NZ_C6(z) (NZ_C5(z) + NZ(z, 3))
#define NZ_C7(z) (NZ_C6(z) + NZ(z, 6))
#define NZ_C8(z) (NZ_C7(z) + NZ(z, 7))
#define NZ_PUT(z, d, c) ((uint64_t)(NZ(z, d) * (d)) << 8 * (c))
#define NZ_PACK(z)                                                         \
	(NZ_PUT(z, 0, 0) | NZ_PUT(z, 1, NZ_C1(z)) | NZ_PUT(z, 4, NZ_C2(z)) | \
	 NZ_PUT(z, 5, NZ_C3(z)) | NZ_PUT(z, 2, NZ_C4(z)) |                  \
	 NZ_PUT(z, 3, NZ_C5(z)) | NZ_PUT(z, 6, NZ_C6(z)) |                  \
	 NZ_PUT(z, 7, NZ_C7(z)))
#define NZ16(F, b)                                                         \
	F(b), F(b + 1), F(b + 2), F(b + 3), F(b + 4), F(b + 5), F(b + 6),  \
	    F(b + 7), F(b + 8), F(b + 9), F(b + 10), F(b + 11), F(b + 12), \
	    F(b + 13), F(b + 14), F(b + 15)
#define NZ256(F)                                                           \
	NZ16(F, 0), NZ16(F, 16), NZ16(F, 32), NZ16(F, 48), NZ16(F, 64),    \
	    NZ16(F, 80), NZ16(F, 96), NZ16(F, 112), NZ16(F, 128),          \
	    NZ16(F, 144), NZ16(F, 160), NZ16(F, 176), NZ16(F, 192),        \
	    NZ16(F, 208), NZ16(F, 224), NZ16(F, 240)
static const uint64_t FIT_PACK[256] = {NZ256(NZ_PACK)};
static const uint8_t FIT_COUNT[256] = {NZ256(NZ_C8)};

/* Cells f[0..7] (front_rots8) where some rotation fits, appended at
 * entry k of qb (their rotation sets times 16) and kb (their keys), eight
 * entries written; returns the next entry. */
static CITY_ALWAYS_INLINE CITY_TARGET_AVX2 int
fit_cells8(uint32_t *qb, uint32_t *kb, int k, const fcell *f, __m256i sig,
           __m256i kv, const uint8_t *keep, int carc, int last, int first,
           const uint32_t (*kc)[8])
{
	const __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)f);
	const __m256i b =
	    _mm256_loadu_si256((const __m256i *)(const void *)(f + 4));
	/* the keys and the second words of cells 0 1 4 5 | 2 3 6 7 */
	const __m256i key = _mm256_castps_si256(
	    _mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b),
	                      _MM_SHUFFLE(2, 0, 2, 0)));
	const __m256i w = _mm256_castps_si256(
	    _mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b),
	                      _MM_SHUFFLE(3, 1, 3, 1)));
	const __m256i q = front_rots8(w, sig, kv, keep, carc, last, first, kc);
	const unsigned z = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(
	    _mm256_cmpeq_epi32(q, _mm256_setzero_si256())));
	const __m256i pack = _mm256_cvtepu8_epi32(
	    _mm_loadl_epi64((const __m128i *)(const void *)&FIT_PACK[z]));
	_mm256_storeu_si256((__m256i *)(void *)(qb + k),
	                    _mm256_permutevar8x32_epi32(q, pack));
	_mm256_storeu_si256((__m256i *)(void *)(kb + k),
	                    _mm256_permutevar8x32_epi32(key, pack));
	return k + FIT_COUNT[z];
}

/* The moves of the four cells at qb, kb (fit_cells8) from o; returns
 * the place after the last counted move. Four a round, not eight: the
 * last round's padding is written too. */
static CITY_ALWAYS_INLINE CITY_TARGET_AVX2 unsigned char *
fit_moves4(unsigned char *o, const uint32_t *qb, const uint32_t *kb,
           const uint32_t (*kc)[8])
{
	/* (x, y) of the four cells as int32 (write4) */
	const __m256i xy = _mm256_add_epi32(
	    _mm256_cvtepu16_epi32(
	        _mm_loadu_si128((const __m128i *)(const void *)kb)),
	    AVX_CONST(K_BIAS));
	CELL(xy, 0, qb[0]);
	CELL(xy, 1, qb[1]);
	CELL(xy, 2, qb[2]);
	CELL(xy, 3, qb[3]);
	return o;
}
#undef CELL
#undef PIECE

/* The moves of a frontier of at least eight cells, with room for four
 * moves of every cell and one more: the cells where some rotation fits
 * (the City's R-TILE-2 or, when `carc`, the base game's C-TILE-2)
 * packed first, eight cells a round, the last round the frontier's last
 * eight cells, those already seen with no rotation (no loop over 0-7
 * cells whose end no predictor knows); then their moves, four cells a
 * round, the last round padded with cells of no rotation (written, not
 * counted: the room for one more cell). The bytes written bound the time
 * of a loop that writes every cell's 96 (40 % of The City's cells and
 * about half the base game's fit no rotation): writing only the cells
 * that fit takes off nearly half of them, for a second loop. */
static CITY_ALWAYS_INLINE CITY_TARGET_AVX2 size_t
front_rounds(uint32_t sig4, const fcell *f, int nf, const uint8_t *keep,
             int carc, city_move *out)
{
	_Alignas(32) uint32_t qb[MAX_FRONT + 8], kb[MAX_FRONT + 8];
	unsigned char *o = (unsigned char *)out;
	const __m256i sig = _mm256_set1_epi32((int)sig4);
	const __m256i kv =
	    keep ? _mm256_broadcastsi128_si256(
	               _mm_loadu_si128((const __m128i *)(const void *)keep))
	         : _mm256_setzero_si256();
	const uint32_t(*kc)[8] = AVX_K;
	int i = 0, k = 0, j;
#if !defined(__clang__) /* clang loads them as they are */
	__asm__("" : "+r"(kc));
#endif
	for (; i + 8 < nf; i += 8)
		k = fit_cells8(qb, kb, k, &f[i], sig, kv, keep, carc, 0, 0, kc);
	k = fit_cells8(qb, kb, k, &f[nf - 8], sig, kv, keep, carc, 1,
	               8 - (nf - i), kc);
	_mm256_storeu_si256((__m256i *)(void *)(qb + k), _mm256_setzero_si256());
	_mm256_storeu_si256((__m256i *)(void *)(kb + k), _mm256_setzero_si256());
	for (j = 0; j < k; j += 4)
		o = fit_moves4(o, qb + j, kb + j, kc);
	return (size_t)(o - (unsigned char *)out) / sizeof(city_move);
}

/* Whether a listing takes the AVX2 rounds: the CPU has AVX2, the
 * frontier eight cells or more, and the buffer room for four moves of
 * every cell and one more (front_rounds). */
static inline int avx2_rounds(const city_move *out, size_t cap, int nf)
{
	return out && nf >= 8 && cap / 4 > (size_t)nf &&
	       __builtin_cpu_supports("avx2");
}

/* The City's (keep NULL or not: one loop each). */
static CITY_TARGET_AVX2 size_t front_moves_avx2(uint32_t sig4,
                                                const fcell *f, int nf,
                                                const uint8_t *keep,
                                                city_move *out)
{
	return keep ? front_rounds(sig4, f, nf, keep, 0, out)
	            : front_rounds(sig4, f, nf, NULL, 0, out);
}

/* The base game's and The Tower's (sig4 as board_sig_rotations'). */
static CITY_TARGET_AVX2 size_t sig_moves_avx2(uint32_t sig4,
                                              const fcell *f, int nf,
                                              city_move *out)
{
	return front_rounds(sig4, f, nf, NULL, 1, out);
}
#endif

/* list_placements on an empty board or without room for four moves of
 * every frontier cell: apart, so that the calls of the fast listings set
 * up no frame for these arrays. */
static CITY_NOINLINE size_t placements_apart(const city_tileset *ts,
                                             const state *s, int design,
                                             const uint8_t *keep,
                                             city_move *out, size_t cap)
{
	uint16_t cell[MAX_FRONT];
	uint8_t rset[MAX_FRONT];
	size_t n = 0;
	int i, k, nf;
	if (board_is_empty(s)) {
		for (i = 0; i < 4; i++) /* R-TURN-2 */
			list_emit(out, cap, &n, CITY_MOVE_PLACE, 0, 0, i, 0, 0, 0);
		return n;
	}
	k = placement_cells(ts, s, design, keep, cell, rset);
	return write_cell_moves(board_front(s, &nf), cell, rset, k, out, cap);
}

/* front_moves, apart for the same reason (keep NULL or not: one loop
 * each). */
static CITY_NOINLINE size_t front_moves_sse2(const uint8_t *fit,
                                             const fcell *f, int nf,
                                             const uint8_t *keep,
                                             city_move *out)
{
	return keep ? front_moves(fit, f, nf, keep, out)
	            : front_moves(fit, f, nf, NULL, out);
}

size_t list_placements(const city_tileset *ts, const state *s, int design,
                       const uint8_t *keep, city_move *out, size_t cap)
{
	int nf;
	const fcell *f = board_front(s, &nf);
	unsigned m = ts->designs[design].street_mask;
	if (board_is_empty(s) || !out || cap / 4 < (size_t)nf)
		return placements_apart(ts, s, design, keep, out, cap);
#if defined(CITY_AVX2)
	if (avx2_rounds(out, cap, nf))
		return front_moves_avx2(STREET_SIG4[m], f, nf, keep, out);
#endif
	return front_moves_sse2(&board_fit[m << 8], f, nf, keep, out);
}

/* The cells of list_placements_sig: returns their number. */
static CITY_ALWAYS_INLINE int sig_cells(const state *s, uint32_t sig4, uint16_t *cell,
                     uint8_t *rset)
{
	size_t k = 0;
	int i = 0, nf;
	const fcell *f = board_front(s, &nf);
	/* about half of the frontier cells fit no rotation (The Tower's
	 * random games: 20 of 44): the rotations of every cell first, four
	 * cells at a time (board_sig_rotations4), the cells that fit some
	 * kept without branching on it, then only those written
	 * (write_cell_moves) */
	for (; i + 4 <= nf; i += 4) {
		unsigned m = board_sig_rotations4(&f[i], sig4), j;
		for (j = 0; j < 4; j++, m >>= 4)
			k = keep_fit(cell, rset, k, i + (int)j, m & 15u);
	}
	if (nf < 4) { /* not in play (below): one by one */
		for (; i < nf; i++)
			k = keep_fit(cell, rset, k, i,
			             board_sig_rotations(&f[i], sig4));
		return (int)k;
	}
	/* the last nf % 4 cells: the last four looked at, those before i
	 * masked (the first of them never counts), rather than a loop over
	 * 0-3 cells that ends where no predictor knows (a frontier has at
	 * least four cells: a finite set of tiles has an empty
	 * side-neighbour on each of its four outer edges) */
	{
		unsigned m = board_sig_rotations4(&f[nf - 4], sig4) &
		             0xFFFFu << 4 * (4 - (nf - i)),
		         j;
		for (j = 1, m >>= 4; j < 4; j++, m >>= 4)
			k = keep_fit(cell, rset, k, nf - 4 + (int)j, m & 15u);
	}
	return (int)k;
}

size_t list_placements_sig(const state *s, uint32_t sig4, city_move *out,
                           size_t cap)
{
	uint16_t cell[MAX_FRONT];
	uint8_t rset[MAX_FRONT];
	int nf, k;
#if defined(CITY_AVX2)
	const fcell *f = board_front(s, &nf);
	if (avx2_rounds(out, cap, nf)) /* as The City's */
		return sig_moves_avx2(sig4, f, nf, out);
#endif
	k = sig_cells(s, sig4, cell, rset);
	return write_cell_moves(board_front(s, &nf), cell, rset, k, out, cap);
}

_Static_assert(LIST_MAX_CELLS >= MAX_FRONT, "list_cells holds a frontier");

/* The rotation counts of entries i..i+7 of lc, one a byte (the padding
 * past lc->n counts 0): the number of bits of each 4-bit set, added
 * across the word's bytes in parallel. */
static inline uint64_t counts8(const list_cells *lc, int i)
{
	uint64_t w;
	memcpy(&w, &lc->rset[i], sizeof w);
	w -= w >> 1 & 0x5555555555555555u;
	return (w & 0x3333333333333333u) + (w >> 2 & 0x3333333333333333u);
}

/* The sum of a word's bytes (each at most 32 here). */
static inline size_t sum8(uint64_t c)
{
	return (size_t)((c * 0x0101010101010101u) >> 56);
}

size_t list_cells_done(list_cells *lc)
{
	size_t n = 0;
	int i;
	memset(&lc->rset[lc->n], 0, 8); /* the padding counts no move */
	for (i = 0; i < lc->n; i += 8)
		n += sum8(counts8(lc, i));
	return n;
}

size_t list_placements_cells(const city_tileset *ts, const state *s,
                             int design, const uint8_t *keep,
                             list_cells *lc)
{
	lc->n = placement_cells(ts, s, design, keep, lc->cell, lc->rset);
	return list_cells_done(lc);
}

size_t list_placements_sig_cells(const state *s, uint32_t sig4,
                                 list_cells *lc)
{
	lc->n = sig_cells(s, sig4, lc->cell, lc->rset);
	return list_cells_done(lc);
}

void list_cells_move(const state *s, const list_cells *lc, size_t k,
                     city_move *m)
{
	const fcell *c;
	unsigned rots;
	size_t n = 0, w;
	int i = 0, r = 0, nf;
	/* k < the count: stops within lc, eight entries at a time, then one
	 * by one */
	while (k >= (w = sum8(counts8(lc, i)))) {
		k -= w;
		i += 8;
	}
	while (k >= ROT_COUNT[lc->rset[i]])
		k -= ROT_COUNT[lc->rset[i++]];
	c = &board_front(s, &nf)[lc->cell[i]];
	rots = lc->rset[i];
	while (k--)
		rots &= rots - 1; /* the k-th rotation of the set is its lowest */
	while (!(rots >> r & 1u))
		r++;
	list_emit(m, 1, &n, CITY_MOVE_PLACE, fc_x(c), fc_y(c), r, 0, 0, 0);
}
