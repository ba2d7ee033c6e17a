/*
 * The board: cells, the frontier, placement legality (R-TILE-1/2) and the
 * city's outline (contour steps, labels, exterior/hole). It knows nothing
 * of walls: a game seals tile sides (board_seal_side) and turns the
 * contour labels on (board_index_contour) when its rules need them; it
 * only drops The City's R-TILE-4 verdicts where a cell's ring changes or
 * a seal blocks it.
 */
#include <string.h>

#include "bits.h"
#include "board.h"
#include "city/city.h"
#include "msg.h"

int board_tile_at(const state *s, int x, int y)
{
	if (x < s->board.min_x || x > s->board.max_x || y < s->board.min_y || y > s->board.max_y)
		return -1;
	return board_probe(s, x, y);
}

static int occupied(const state *s, int x, int y, bextra e)
{
	if (e.on && e.x == x && e.y == y)
		return 1;
	return board_tile_at(s, x, y) >= 0;
}

const ts_side *board_tile_side(const city_tileset *ts, const state *s, int t,
                               int side)
{
	const ptile *p = &st_tiles(s)[t];
	return &ts->designs[p->design].side[(side - pt_rot(p)) & 3];
}

/* ---- the R-TILE-2 table ------------------------------------------------ */

#define FIT_R(m, p, s, r) ((SIDES_TURN(m, r) & (p)) == (s) ? 1 << (r) : 0)
#define FIT_1(m, p, s)                                                     \
	(FIT_R(m, p, s, 0) | FIT_R(m, p, s, 1) | FIT_R(m, p, s, 2) |       \
	 FIT_R(m, p, s, 3))
#define FIT_S(m, p)                                                        \
	FIT_1(m, p, 0), FIT_1(m, p, 1), FIT_1(m, p, 2), FIT_1(m, p, 3),    \
	    FIT_1(m, p, 4), FIT_1(m, p, 5), FIT_1(m, p, 6), FIT_1(m, p, 7), \
	    FIT_1(m, p, 8), FIT_1(m, p, 9), FIT_1(m, p, 10),               \
	    FIT_1(m, p, 11), FIT_1(m, p, 12), FIT_1(m, p, 13),             \
	    FIT_1(m, p, 14), FIT_1(m, p, 15)
#define FIT_P(m)                                                           \
	FIT_S(m, 0), FIT_S(m, 1), FIT_S(m, 2), FIT_S(m, 3), FIT_S(m, 4),   \
	    FIT_S(m, 5), FIT_S(m, 6), FIT_S(m, 7), FIT_S(m, 8), FIT_S(m, 9), \
	    FIT_S(m, 10), FIT_S(m, 11), FIT_S(m, 12), FIT_S(m, 13),        \
	    FIT_S(m, 14), FIT_S(m, 15)

const uint8_t board_fit[4096] = {
    FIT_P(0),  FIT_P(1),  FIT_P(2),  FIT_P(3),  FIT_P(4),  FIT_P(5),
    FIT_P(6),  FIT_P(7),  FIT_P(8),  FIT_P(9),  FIT_P(10), FIT_P(11),
    FIT_P(12), FIT_P(13), FIT_P(14), FIT_P(15)};

/* ---- frontier --------------------------------------------------------- */

/* Neighbour offsets in ring order: N, NE, E, SE, S, SW, W, NW. */
static const int RX[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int RY[8] = {-1, -1, 0, 1, 1, 1, 0, -1};

/* Index of the first frontier cell in [lo, hi) not before key k (hi if
 * none). Branch-free: the comparisons of a binary search over a changing
 * frontier do not predict. */
static int front_lower_in(const fcell *f, int lo, int hi, uint32_t k)
{
	const fcell *b = f + lo;
	int len = hi - lo;
	if (len <= 0)
		return lo;
	while (len > 1) {
		int half = len >> 1;
		/* a mask, not a conditional: compilers turn the latter into
		 * a branch here */
		b += half & -(int)(b[half - 1].key < k);
		len -= half;
	}
	return (int)(b - f) + (b->key < k);
}

/* The smaller of a and b by a mask: compilers turn a conditional into a
 * branch here, and which one is smaller is data. */
static inline int min_masked(int a, int b)
{
	int m = -(int)(a < b);
	return (a & m) | (b & ~m);
}

/* front_lower_in over the 16 cells from lo: a search of fixed length,
 * unrolled, so that neither its steps nor its end are branches. */
#define FRONT_NEAR 16
static CITY_ALWAYS_INLINE int front_lower16(const fcell *f, int lo,
                                            uint32_t k)
{
	const fcell *b = f + lo;
	b += 8 & -(int)(b[7].key < k);
	b += 4 & -(int)(b[3].key < k);
	b += 2 & -(int)(b[1].key < k);
	b += 1 & -(int)(b[0].key < k);
	return (int)(b - f) + (b->key < k);
}

/* The first frontier cell not before key k, where k lies in the row
 * above the cell at index i (a frontier cell): a row's width back at most,
 * 12 cells in the random games measured, so a fixed window of FRONT_NEAR
 * cells around i, and a search of the rest only when the window's first
 * cell is already too far (rare in random play, so predicted; a third of
 * the placements on boards built long from east to west, which are
 * right either way). Stepping there cell by cell
 * mispredicted its variable end about once a row. */
static int front_lower_above(const fcell *f, int n, int i, uint32_t k)
{
	int lo = i - (FRONT_NEAR - 1), j;
	if (n < FRONT_NEAR)
		return front_lower_in(f, 0, i, k);
	lo = min_masked(lo & -(int)(lo >= 0), n - FRONT_NEAR); /* in [0, n - 16] */
	j = front_lower16(f, lo, k);
	if (j == lo && lo > 0)
		j = front_lower_in(f, 0, lo, k);
	return j;
}

/* The same for k in the row below a cell, whose frontier index is
 * below `start`: the window from `start` on. */
static int front_lower_below(const fcell *f, int n, int start, uint32_t k)
{
	int lo = start, j;
	if (n < FRONT_NEAR)
		return front_lower_in(f, start, n, k);
	lo = min_masked(lo, n - FRONT_NEAR);
	j = front_lower16(f, lo, k);
	if (j == lo + FRONT_NEAR && j < n)
		j = front_lower_in(f, j, n, k);
	return j;
}

int board_front_lower(const state *s, uint32_t key)
{
	/* (x, y) of the key, biased into the row index's window */
	unsigned bx = (key & 0xFFFFu) - 32768u + FROW_BIAS,
	         ry = (key >> 16) - 32768u + FROW_BIAS;
	/* rows past the kept ones' starts (the south-most tile's + 2) are
	 * unset */
	if (!s->board.wide && (bx | ry) < FROW_ROWS &&
	    ry <= (unsigned)(s->board.max_y + FROW_BIAS + 2)) /* no search */
		return board_frow_index(s, bx, ry);
	return front_lower_in(st_front(s), 0, s->board.n_front, key);
}

/* Index of the first frontier cell not before (x, y). */
static int front_lower(const state *s, int x, int y)
{
	return board_front_lower(s, fc_key(x, y));
}

/* Index of (x, y) in the sorted frontier, or -1 when it is no frontier
 * cell. */
static int front_find(const state *s, int x, int y)
{
	const fcell *c = board_front_at(s, x, y);
	return c ? (int)(c - st_front(s)) : -1;
}

/* Could occupying a cell with this ring of neighbours split the empty
 * cells around it? Only then can a placement turn exterior cells into a
 * hole (R-TILE-4): with its empty side-neighbours connected around it,
 * every path through the cell can go around it. With k empty sides, of
 * which `links` reach the next empty side around an empty corner, the
 * empty sides form k - links groups (one when all four link up). A table
 * over the 256 rings, built by the preprocessor from that rule. */
#define RB(r, b) ((r) >> ((b) & 7) & 1)
#define RK(r) (4 - RB(r, 0) - RB(r, 2) - RB(r, 4) - RB(r, 6))
#define RL1(r, s) (!RB(r, 2 * (s)) && !RB(r, 2 * (s) + 1) && !RB(r, 2 * (s) + 2))
#define RL(r) (RL1(r, 0) + RL1(r, 1) + RL1(r, 2) + RL1(r, 3))
#define RSPLIT(r)                                                          \
	(RK(r) != 0 &&                                                     \
	 ((RK(r) == 4 && RL(r) == 4) ? 1 : RK(r) - RL(r)) > 1)
#define RS4(r) RSPLIT(r), RSPLIT(r + 1), RSPLIT(r + 2), RSPLIT(r + 3)
#define RS16(r) RS4(r), RS4(r + 4), RS4(r + 8), RS4(r + 12)
#define RS64(r) RS16(r), RS16(r + 16), RS16(r + 32), RS16(r + 48)
static const uint8_t RING_SPLITS[256] = {RS64(0), RS64(64), RS64(128),
                                         RS64(192)};

static int ring_may_enclose(unsigned ring)
{
	return RING_SPLITS[ring & 255u];
}

static void front_set_ring(fcell *f, unsigned ring)
{
	f->ring = (uint8_t)ring;
	/* a new neighbour may change R-TILE-4's verdict: it is forgotten */
	f->flags = (uint8_t)((f->flags & ~(FC_SPLITS | FC_WALL_KNOWN |
	                                   FC_WALL_OK)) |
	                     (ring_may_enclose(ring) ? FC_SPLITS : 0));
}

/* Ring index of the neighbour (dx, dy) of a cell, dx, dy in -1..1. */
static const int8_t RING_OF[3][3] = {{7, 0, 1}, {6, -1, 2}, {5, 4, 3}};

/* The placed cell's frontier neighbours: at[k] is the frontier index of
 * ring neighbour k (-1: none), pres[k] its present bits (0: none), and
 * pos[0] / pos[2] where a new cell straight north / south would go. */
typedef struct front_nbrs {
	int at[8], pos[3];
	uint8_t pres[8];
} front_nbrs;

/* What ring neighbour r of the placed cell gains, by tables: the bit of
 * r's opposite in its ring (the placed cell, seen from r) and, for a
 * side neighbour, its side facing the placed cell. */
static const uint8_t GAIN_RING[8] = {0x10, 0x20, 0x40, 0x80,
                                     0x01, 0x02, 0x04, 0x08};
static const uint8_t GAIN_SIDE[8] = {4, 0, 8, 0, 1, 0, 2, 0};

/* And the tile's street and city facing ring neighbour r (0 for a
 * diagonal), in the neighbour's bits, from `tsides` (bit k: a street on
 * board side k, bit 4 + k a city, as fcell.streets keeps them). */
static inline void gain_streets(unsigned tsides, uint8_t str[8])
{
	memset(str, 0, 8);
	str[0] = (uint8_t)((tsides & 0x11u) << 2);
	str[2] = (uint8_t)((tsides >> 1 & 0x11u) << 3);
	str[4] = (uint8_t)(tsides >> 2 & 0x11u);
	str[6] = (uint8_t)((tsides >> 3 & 0x11u) << 1);
}

/* Frontier cell c, ring neighbour r of the placed cell, gains the new
 * tile (str: gain_streets), without branching on which neighbour. */
static inline void front_gain(fcell *c, int r, const uint8_t str[8])
{
	front_set_ring(c, c->ring | GAIN_RING[r]);
	c->present = (uint8_t)(c->present | GAIN_SIDE[r]);
	c->streets = (uint8_t)(c->streets | str[r]);
}

/* Bits 0-2 reversed: SW S SE (a row's order) to ring indices 5 4 3. */
static const uint8_t REV3[8] = {0, 4, 2, 6, 1, 5, 3, 7};

/* front_neighbours and front_fresh_sides by the row index: the frontier
 * cells around (x, y) read from the bits of its three rows, their indices
 * from the rows' starts (i - 1 and i + del in its own row), no search.
 * Returns the fresh sides. */
static unsigned front_neighbours_rows(const state *s, fcell *f, int i,
                                      int del, int x, int y, unsigned ring,
                                      const uint8_t str[8], front_nbrs *nb)
{
	const frow_bits *fr = st_frow(s);
	int bx = x + FROW_BIAS, ry = y + FROW_BIAS;
	frow_bits up = fr[ry - 1], mid = fr[ry], dn = fr[ry + 1];
	/* NW N NE and SW S SE (bits 0-2), W and E (bits 0 and 2) */
	unsigned a = (unsigned)(up >> (bx - 1) & 7u);
	unsigned b = (unsigned)(dn >> (bx - 1) & 7u);
	unsigned we = (unsigned)(mid >> (bx - 1) & 5u), k4;
	/* the first cells at or after (x - 1, y -+ 1) */
	int ja = board_frow_index(s, (unsigned)(bx - 1), (unsigned)(ry - 1));
	int jb = board_frow_index(s, (unsigned)(bx - 1), (unsigned)(ry + 1));
	/* the neighbours there are, by ring index */
	unsigned m = a >> 1 | (a & 1u) << 7 | (we & 4u) | (we & 1u) << 6 |
	             (unsigned)REV3[b] << 3;
	int at[8];
	at[7] = ja;
	at[0] = ja + (int)(a & 1u);
	at[1] = at[0] + (int)(a >> 1 & 1u);
	at[2] = i + del;
	at[5] = jb;
	at[4] = jb + (int)(b & 1u);
	at[3] = at[4] + (int)(b >> 1 & 1u);
	at[6] = i - 1;
	nb->pos[0] = at[0];
	nb->pos[2] = at[4];
	memset(nb->pres, 0, sizeof nb->pres);
	/* a side becomes frontier when neither a tile nor frontier yet: the
	 * side bits (ring indices 0, 2, 4, 6) gathered into bits 0-3 */
	k4 = (m | ring) & 0x55u;
	k4 = (k4 | k4 >> 1) & 0x33u;
	k4 = (k4 | k4 >> 2) & 0x0Fu;
	/* over the neighbours there are: one loop exit to predict */
	for (; m; m &= m - 1) {
		int k = low_bit(m);
		nb->pres[k] = f[at[k]].present;
		front_gain(&f[at[k]], k, str);
	}
	return ~k4 & 15u;
}

/* The row index after a placement at (x, y) (frontier counts: n before,
 * `has` the fresh sides, del whether the placed cell left, sc the change):
 * the three rows' bits, and every row start after the placed cell's row
 * moved by what the rows before it gained. */
static void frow_update(state *s, int x, int y, unsigned has, int del, int n,
                        int sc, int grew)
{
	frow_bits *fr = st_frow_w(s);
	uint16_t *rs = st_frow_start_w(s);
	int bx = x + FROW_BIAS, ry = y + FROW_BIAS, q,
	    hi = s->board.max_y + FROW_BIAS + 2;
	int hn = (int)(has & 1u), he = (int)(has >> 1 & 1u),
	    hw = (int)(has >> 3 & 1u);
	/* row y + 2's start: past the kept rows when the board grew south */
	rs[ry + 2] = (uint16_t)(rs[ry + 2] + ((n - rs[ry + 2]) & -grew));
	rs[ry] = (uint16_t)(rs[ry] + hn);
	rs[ry + 1] = (uint16_t)(rs[ry + 1] + hn + hw + he - del);
	fr[ry - 1] |= (frow_bits)hn << bx;
	fr[ry] = (fr[ry] & ~((frow_bits)1 << bx)) | (frow_bits)hw << (bx - 1) |
	         (frow_bits)he << (bx + 1);
	fr[ry + 1] |= (frow_bits)(has >> 2 & 1u) << bx;
	/* eight rows a step, sixteen at least (rows past `hi` take the sum
	 * too: unused) */
#if defined(CITY_SSE2)
	{
		__m128i d = _mm_set1_epi16((short)sc);
		__m128i v0 = _mm_loadu_si128((const __m128i *)(rs + ry + 2));
		__m128i v1 = _mm_loadu_si128((const __m128i *)(rs + ry + 10));
		_mm_storeu_si128((__m128i *)(rs + ry + 2), _mm_add_epi16(v0, d));
		_mm_storeu_si128((__m128i *)(rs + ry + 10), _mm_add_epi16(v1, d));
		for (q = ry + 18; q <= hi; q += 8) {
			__m128i v = _mm_loadu_si128((const __m128i *)(rs + q));
			_mm_storeu_si128((__m128i *)(rs + q), _mm_add_epi16(v, d));
		}
	}
#else
	for (q = ry + 2; q < ry + 18 || q <= hi; q += 8) {
		int k;
		for (k = 0; k < 8; k++)
			rs[q + k] = (uint16_t)(rs[q + k] + sc);
	}
#endif
}

/* Find them row by row, and each gains the tile as it is found: the row
 * above lies before the placed cell (index i; del = 1 when it is a
 * frontier cell that leaves), the row below after it, both usually a few
 * cells away (front_lower_above/below). */
static void front_neighbours(fcell *f, int n, int i, int del, int x, int y,
                             const uint8_t str[8], front_nbrs *nb)
{
	int k, row;
	for (k = 0; k < 8; k++)
		nb->at[k] = -1;
	memset(nb->pres, 0, sizeof nb->pres);
	for (row = -1; row <= 1; row += 2) {
		uint32_t west = fc_key(x - 1, y + row);
		int j = row < 0 ? front_lower_above(f, n, i, west)
		                : front_lower_below(f, n, i + del, west);
		nb->pos[row + 1] = j + (j < n && f[j].key == west);
		for (; j < n && f[j].key <= west + 2; j++) {
			k = RING_OF[row + 1][f[j].key - west];
			nb->at[k] = j;
			nb->pres[k] = f[j].present;
			front_gain(&f[j], k, str);
		}
	}
	/* the same row: the cells just west and east of the placed one */
	{
		uint32_t west = fc_key(x - 1, y);
		if (i > 0 && f[i - 1].key == west) {
			nb->at[6] = i - 1;
			front_gain(&f[i - 1], 6, str);
		}
		if (i + del < n && f[i + del].key == west + 2) {
			nb->at[2] = i + del;
			front_gain(&f[i + del], 2, str);
		}
	}
}

/* Bit k: the cell on side k is neither a tile (the placed cell's `ring`)
 * nor a frontier cell yet: it becomes one. */
static unsigned front_fresh_sides(const front_nbrs *nb, unsigned ring)
{
	unsigned fresh = 0;
	int k;
	for (k = 0; k < 4; k++)
		fresh |= ((unsigned)(nb->at[ring_of_side(k)] < 0) &
		          (unsigned)!(ring >> ring_of_side(k) & 1))
		         << k;
	return fresh;
}

/* The ring of a new frontier cell on side k of a cell whose ring was r,
 * but its far diagonals (front_fresh_cell): the cell turned so that side
 * k is north, whose neighbours E, SE, SW, W are that cell's NE, E, W, NW
 * and S the cell itself, turned back. A table over the 256 rings per
 * side, built by the preprocessor. */
#define FR_T(r, kk) ((((r) | (r) << 8) >> (kk)) & 0xFFu)
#define FR_B(r, kk) (0x10u | (FR_T(r, kk) & 6u) << 1 | (FR_T(r, kk) & 0xC0u) >> 1)
#define FR_N(r, kk) (((FR_B(r, kk) << (kk)) | (FR_B(r, kk) >> (8 - (kk)))) & 0xFFu)
#define FR4(r, kk) FR_N(r, kk), FR_N(r + 1, kk), FR_N(r + 2, kk), FR_N(r + 3, kk)
#define FR16(r, kk) FR4(r, kk), FR4(r + 4, kk), FR4(r + 8, kk), FR4(r + 12, kk)
#define FR64(r, kk) FR16(r, kk), FR16(r + 16, kk), FR16(r + 32, kk), FR16(r + 48, kk)
#define FR256(kk) FR64(0, kk), FR64(64, kk), FR64(128, kk), FR64(192, kk)
static const uint8_t FRESH_RING[4][256] = {{FR256(0)}, {FR256(2)},
                                           {FR256(4)}, {FR256(6)}};

/* The new frontier cell on side k (ring index kk = 2k) of the placed cell
 * at (x, y), whose ring was `ring`. It had no tile beside it, so its ring
 * follows from the placed cell's: its neighbours kk+2, kk+3, kk+5, kk+6
 * are the placed cell's kk+1, kk+2, kk+6, kk+7 and kk+4 is the placed
 * cell; the far diagonals kk+1 and kk+7 hold tiles exactly when the
 * frontier cells diagonal to the placed one have one on side k. */
static CITY_ALWAYS_INLINE fcell front_fresh_cell(const front_nbrs *nb,
                                                 unsigned ring, int k,
                                                 int x, int y,
                                                 unsigned tsides)
{
	int kk = ring_of_side(k), back = side_back(k);
	int far_r = ring_turn(kk, 1), far_l = ring_turn(kk, 7);
	/* the placed cell's part by the table; the diagonals' present bits
	 * as the row search found them (a diagonal does not gain a side from
	 * the placed tile) */
	unsigned nr = FRESH_RING[k][ring & 255u] |
	              (nb->pres[far_r] >> k & 1u) << far_r |
	              (nb->pres[far_l] >> k & 1u) << far_l;
	fcell c;
	c.key = fc_key(x + DX[k], y + DY[k]);
	c.present = (uint8_t)(1u << back);
	c.streets = (uint8_t)((tsides >> k & 0x11u) << back);
	c.flags = 0;
	front_set_ring(&c, nr);
	return c;
}

/* The placed cell (index i, leaving when del = 1) goes and the new cells
 * (bit k of `has`: front_fresh_cell k) come in, in (y, x) order:
 * ... N [pN, i) W E [i + del, pS) S [pS, n); the runs are moved so that
 * none overwrites one not moved yet, and neighbouring runs that shift
 * equally move as one (fewer calls into memmove's size dispatch, whose
 * branches mispredict). Each new cell is made where it is
 * written, under the one test of its bit (a second test of the same bit
 * would mispredict as often). Returns the new count. */
static int front_splice(fcell *f, int n, int i, int del, const front_nbrs *nb,
                        unsigned has, unsigned ring, int x, int y,
                        unsigned tsides)
{
	int hn = has & 1, he = has >> 1 & 1, hs = has >> 2 & 1,
	    hw = has >> 3 & 1, pn = nb->pos[0], ps = nb->pos[2];
	int sb = hn + hw + he - del, sc = sb + hs, nhi = i;
	size_t z = sizeof *f;
	if (hs) {
		/* the tail goes up (sc >= 0) past the middle's source, then
		 * the middle, in any direction, below the tail's new place */
		memmove(&f[ps + sc], &f[ps], (size_t)(n - ps) * z);
		if (sb != hn)
			memmove(&f[i + del + sb], &f[i + del],
			        (size_t)(ps - i - del) * z);
		else /* the middle moves as the north run, below */
			nhi = ps;
		f[ps + sb] = front_fresh_cell(nb, ring, CITY_SIDE_S, x, y, tsides);
	} else if (sb != hn) {
		/* no south cell: the middle and the tail move as one */
		memmove(&f[i + del + sb], &f[i + del], (size_t)(n - i - del) * z);
	} else {
		/* they move as far as the north run (the placed cell's slot
		 * in between gets the one west or east cell): with it, or
		 * not at all */
		nhi = n;
	}
	if (hn) {
		memmove(&f[pn + 1], &f[pn], (size_t)(nhi - pn) * z);
		f[pn] = front_fresh_cell(nb, ring, CITY_SIDE_N, x, y, tsides);
	}
	if (hw)
		f[i + hn] = front_fresh_cell(nb, ring, CITY_SIDE_W, x, y, tsides);
	if (he)
		f[i + hn + hw] =
		    front_fresh_cell(nb, ring, CITY_SIDE_E, x, y, tsides);
	return n + sc;
}

/* Keep the frontier right around tile t just placed at (x, y), from what
 * the frontier already knows, without looking up a single cell: the
 * placed cell's own frontier entry (index i; -1 for the start tile) says
 * which of its 8 neighbours hold tiles; its neighbours' entries (three
 * rows of the sorted frontier) get the new tile's bits; a side neighbour
 * that was not frontier yet gets its ring from the placed cell's. Returns
 * the placed cell's old entry (zero for the start tile). `grew`: y is
 * south of every tile before. */
static fcell front_update(const city_tileset *ts, state *s, int i, int x,
                          int y, int t, int grew)
{
	fcell *f = st_front_w(s);
	int n = s->board.n_front, del = 0;
	const ptile *tp = &st_tiles(s)[t];
	unsigned rot = (unsigned)pt_rot(tp), has;
	/* the city sides: only sets with city regions have them (not The
	 * City's); streets in bits 0-3, cities in 4-7, turned; a river side
	 * both (board_side_bits) */
	unsigned bits = facts_table[ts->game].regions == FACTS_CITY_FIELD
	                    ? board_side_bits(&ts->designs[tp->design])
	                    : ts->designs[tp->design].street_mask;
	unsigned sm = bits & 15u, cm = bits >> 4;
	unsigned tsides = SIDES_TURN(sm, rot) | SIDES_TURN(cm, rot) << 4;
	fcell was;
	front_nbrs nb;
	uint8_t str[8];
	gain_streets(tsides, str);
	memset(&was, 0, sizeof was);
	if (i >= 0) {
		was = f[i];
		del = 1;
	} else {
		i = 0;
	}
	if (s->board.wide) {
		front_neighbours(f, n, i, del, x, y, str, &nb);
		has = front_fresh_sides(&nb, was.ring);
	} else {
		has = front_neighbours_rows(s, f, i, del, x, y, was.ring, str,
		                            &nb);
	}
	s->board.n_front = (uint16_t)front_splice(f, n, i, del, &nb, has,
	                                          was.ring, x, y, tsides);
	if (!s->board.wide)
		frow_update(s, x, y, has, del, n, s->board.n_front - n, grew);
	return was;
}

const fcell *board_front_search(const state *s, int x, int y)
{
	const fcell *f = st_front(s);
	int i;
	if (!coord_in_range(x, y))
		return NULL;
	i = front_lower(s, x, y);
	return i < s->board.n_front && f[i].key == fc_key(x, y) ? &f[i] : NULL;
}

void board_seal_side(state *s, int t, int side)
{
	ptile *p = &st_tiles_w(s)[t];
	int i = front_find(s, p->x + DX[side], p->y + DY[side]);
	p->rw = (uint8_t)(p->rw | (1u << (2 + side)));
	/* a blocked cell keeps no R-TILE-4 verdict (wall_keep) */
	if (i >= 0)
		st_front_w(s)[i].flags = (uint8_t)(
		    (st_front_w(s)[i].flags | FC_BLOCKED) &
		    ~(unsigned)(FC_WALL_KNOWN | FC_WALL_OK));
}

static void walk_update(state *s, int t, const fcell *was, int top0,
                        int bottom0);

/* Put tile idx into the cell hash (open addressing, linear probing). */
static void hash_put(state *s, int x, int y, int idx)
{
	uint8_t *h = st_hash_w(s);
	uint32_t i = board_cell_hash(x, y) & s->lay.hash_mask;
	while (h[i])
		i = (i + 1) & s->lay.hash_mask;
	h[i] = (uint8_t)(idx + 1);
}

/* The extent and the extreme tiles (top: north-most then west-most;
 * bottom: south-most then east-most) with tile idx at (x, y). */
static void extend(state *s, int x, int y, int idx)
{
	st_board *b = &s->board;
	const ptile *tl = st_tiles(s);
	if (b->n_tiles == 0 || y < b->min_y ||
	    (y == b->min_y && x < tl[b->top].x))
		b->top = (uint8_t)idx;
	if (b->n_tiles == 0 || y > b->max_y ||
	    (y == b->max_y && x > tl[b->bottom].x))
		b->bottom = (uint8_t)idx;
	if (b->n_tiles == 0) {
		b->min_x = b->max_x = (int16_t)x;
		b->min_y = b->max_y = (int16_t)y;
		return;
	}
	if (x < b->min_x) b->min_x = (int16_t)x;
	if (x > b->max_x) b->max_x = (int16_t)x;
	if (y < b->min_y) b->min_y = (int16_t)y;
	if (y > b->max_y) b->max_y = (int16_t)y;
}

/* Neighbour links and corner bits of tile idx, both ways, from its cell's
 * old frontier entry `was`: looked up only where the frontier saw a tile.
 * A diagonal tile beside a side neighbour is that neighbour's link (both
 * of its links across are taken, without a test: a loop over the corners
 * mispredicted its end); a diagonal tile touching only at the corner is
 * looked up (rare). */
static void link_tile(state *s, int idx, const fcell *was)
{
	ptile *tl = st_tiles_w(s), *p = &tl[idx];
	uint8_t *corner = st_corner_w(s);
	int x = p->x, y = p->y;
	unsigned ring = was->ring, present = was->present, m, cm;
	/* over the set bits: one loop exit to predict, not a test per side */
	for (m = present; m; m &= m - 1) {
		int side = low_bit(m);
		int o = board_tile_known(s, x + DX[side], y + DY[side]);
		/* the corners beside this side: its neighbour's links across;
		 * where none (NO_TILE), tile idx stands in (every other tile
		 * is below it): its own bits are written last */
		int d1 = tl[o].nb[(side + 1) & 3], d2 = tl[o].nb[(side + 3) & 3];
		d1 = d1 < idx ? d1 : idx;
		d2 = d2 < idx ? d2 : idx;
		corner[d1] = (uint8_t)(corner[d1] | 1u << side_back(side));
		corner[d2] = (uint8_t)(corner[d2] | 1u << ((side + 1) & 3));
		p->nb[side] = (uint8_t)o;
		tl[o].nb[side_back(side)] = (uint8_t)idx;
	}
	/* bit k: a tile at corner k (ring bit 2k + 1), between sides k and
	 * k + 1 */
	cm = (ring >> 1 & 1u) | (ring >> 2 & 2u) | (ring >> 3 & 4u) |
	     (ring >> 4 & 8u);
	/* the corners with neither side a tile */
	for (m = cm & ~(present | present >> 1 | present << 3); m; m &= m - 1) {
		int k = low_bit(m), b = (k + 1) & 3;
		int o = board_tile_known(s, x + DX[k] + DX[b], y + DY[k] + DY[b]);
		corner[o] = (uint8_t)(corner[o] | 1u << side_back(k));
	}
	corner[idx] = (uint8_t)cm;
}

int board_insert(const city_tileset *ts, state *s, int front, int x, int y,
                 int design, int rot)
{
	int idx = s->board.n_tiles;
	int top0 = s->board.top, bottom0 = s->board.bottom;
	int grew = y > s->board.max_y;
	ptile *p = &st_tiles_w(s)[idx];
	fcell was;
	p->x = (int16_t)x;
	p->y = (int16_t)y;
	p->design = (uint8_t)design;
	p->rw = (uint8_t)rot;
	p->node0 = s->feat.n_nodes;
	memset(p->nb, NO_TILE, sizeof p->nb);
	hash_put(s, x, y, idx);
	/* the row index covers a window round the start: a tile outside it
	 * (a board long one way: about 1 in 10,000 random games of The City
	 * or the base game, 2 - 3 % of The River's) turns it off for the
	 * rest of the game */
	s->board.wide = (uint8_t)(s->board.wide |
	                          ((unsigned)(x - FROW_MIN) >
	                           (unsigned)(FROW_MAX - FROW_MIN)) |
	                          ((unsigned)(y - FROW_MIN) >
	                           (unsigned)(FROW_MAX - FROW_MIN)));
	extend(s, x, y, idx);
	s->board.n_tiles++;
	was = front_update(ts, s, front, x, y, idx, grew);
	link_tile(s, idx, &was);
	if (s->board.labelled)
		walk_update(s, idx, &was, top0, bottom0);
	return idx;
}

/* ---- contour (R-GEO-8) ---------------------------------------------- */

/* Walking clockwise along side b (the city on the right hand), at the end
 * of the side the walk turns left around a tile diagonally ahead (so a
 * corner-only contact keeps the exterior cell on the left and the other
 * free cell becomes a hole), goes straight along a tile ahead, or turns
 * right around the corner of its own tile. */
bside board_contour_next(const state *s, bside b, bextra e)
{
	int d = (b.s + 1) & 3;
	int ox = b.x + DX[b.s], oy = b.y + DY[b.s]; /* the outside cell */
	bside n;
	if (occupied(s, ox + DX[d], oy + DY[d], e)) {
		n.x = (int16_t)(ox + DX[d]);
		n.y = (int16_t)(oy + DY[d]);
		n.s = (uint8_t)((b.s + 3) & 3);
	} else if (occupied(s, b.x + DX[d], b.y + DY[d], e)) {
		n.x = (int16_t)(b.x + DX[d]);
		n.y = (int16_t)(b.y + DY[d]);
		n.s = b.s;
	} else {
		n = b;
		n.s = (uint8_t)d;
	}
	return n;
}

bside board_contour_start(const state *s, bextra e)
{
	bside b = {0, 0, CITY_SIDE_N};
	if (s->board.n_tiles) {
		b.x = st_tiles(s)[s->board.top].x;
		b.y = st_tiles(s)[s->board.top].y;
	}
	if (e.on && (!s->board.n_tiles || e.y < b.y || (e.y == b.y && e.x < b.x))) {
		b.x = e.x;
		b.y = e.y;
	}
	return b;
}

static int side_walled(const state *s, bside b)
{
	int t = board_tile_at(s, b.x, b.y);
	return t >= 0 && pt_sealed(&st_tiles(s)[t], b.s);
}

int board_contour_length(const state *s, bextra e, int *walled)
{
	bside start, b;
	int n = 0, w = 0, limit = 4 * (s->board.n_tiles + 1) + 4;
	if (s->board.n_tiles == 0 && !e.on) {
		if (walled)
			*walled = 0;
		return 0;
	}
	start = b = board_contour_start(s, e);
	do {
		if (walled && side_walled(s, b))
			w++;
		b = board_contour_next(s, b, e);
		n++;
	} while (!bside_eq(b, start) && n < limit);
	if (walled)
		*walled = w;
	return n;
}

int board_contour_contains(const state *s, bside target)
{
	int want = board_tile_at(s, target.x, target.y);
	contour_it it;
	if (want < 0)
		return 0;
	for (board_contour_first(s, &it); it.left; board_contour_advance(s, &it))
		if (it.t == want && it.side == target.s)
			return 1;
	return 0;
}

int board_cell_kind(const state *s, int x, int y)
{
	int cx;
	if (board_tile_at(s, x, y) >= 0)
		return CITY_CELL_TILE;
	if (s->board.n_tiles == 0 || x < s->board.min_x || x > s->board.max_x || y < s->board.min_y ||
	    y > s->board.max_y)
		return CITY_CELL_EXTERIOR;
	/* Look west along the row: the empty run reaches either the outside
	 * of the bounding box (exterior) or a tile whose east side faces the
	 * same empty region; that side is on the outer contour exactly when
	 * the region is the exterior. */
	for (cx = x - 1; cx >= s->board.min_x; cx--) {
		if (board_tile_at(s, cx, y) >= 0) {
			bside b;
			b.x = (int16_t)cx;
			b.y = (int16_t)y;
			b.s = CITY_SIDE_E;
			return board_contour_contains(s, b) ? CITY_CELL_EXTERIOR
			                              : CITY_CELL_HOLE;
		}
	}
	return CITY_CELL_EXTERIOR;
}

/* ---- placement legality (R-TILE) ------------------------------------ */

/* R-TILE-2: streets continue on every shared side. */
int board_check_streets(const city_tileset *ts, const state *s, int x, int y,
                        int design, int rot, char *msg, size_t cap)
{
	const ts_design *d = &ts->designs[design];
	int side;
	for (side = 0; side < 4; side++) {
		int nx = x + DX[side], ny = y + DY[side];
		int t = board_tile_at(s, nx, ny);
		int mine, theirs;
		if (t < 0)
			continue;
		mine = d->side[(side - rot) & 3].mid != TS_NONE;
		theirs = board_tile_side(ts, s, t, side_back(side))->mid != TS_NONE;
		if (mine != theirs) {
			msg_say(msg, cap,
				         "R-TILE-2: %s on %s side at (%d,%d) %s of "
				         "tile (%d,%d)",
				         mine ? "street" : "no street",
				         msg_side_name(side), x, y,
				         mine ? "meets no street"
				              : "leaves open the street",
				         nx, ny);
			return 1;
		}
	}
	return 0;
}

int board_cell_may_enclose(const state *s, int x, int y)
{
	unsigned ring = 0;
	int k;
	for (k = 0; k < 8; k++)
		if (board_tile_at(s, x + RX[k], y + RY[k]) >= 0)
			ring |= 1u << k;
	return ring_may_enclose(ring);
}

/* The outer contour's sides clockwise from the walk's start, as
 * t * 4 + side, into seq; returns their number and sets *found when one
 * of them is `want` (the same encoding; 0xFFFF is none). */
static CITY_ALWAYS_INLINE int contour_seq(const state *s, uint16_t *seq,
                                          unsigned want, int *found)
{
	contour_it it;
	int n = 0, hit = 0;
	for (board_contour_first(s, &it); it.left;
	     board_contour_advance(s, &it)) {
		seq[n] = (uint16_t)(it.t * 4 + it.side);
		hit |= seq[n] == want;
		n++;
	}
	*found = hit;
	return n;
}

/* Label the n sides of seq, spread evenly over WALK_SPAN, every other side
 * WALK_NONE, and keep the labels up to date from now on. */
static void contour_label(state *s, const uint16_t *seq, int n)
{
	uint16_t *pos = st_walk_w(s);
	unsigned gap;
	int i;
	memset(pos, 0xFF, (size_t)s->board.n_tiles * 4 * sizeof *pos);
	s->board.labelled = 1;
	if (!n)
		return;
	gap = WALK_SPAN / (unsigned)n;
	for (i = 0; i < n; i++)
		pos[seq[i]] = (uint16_t)((unsigned)i * gap);
	s->board.walk_len = (uint16_t)n;
}

/* The outer contour's labels (st_walk, once the gate is built): each side
 * on the outer contour holds a 15-bit label, increasing clockwise along
 * the walk modulo WALK_SPAN, and sides off it hold WALK_NONE. Labels are
 * spread out, so that a placement which only reshapes the contour locally
 * labels its new sides between their neighbours' labels instead of
 * renumbering the whole walk (R-TILE-4 compares labels cyclically). */
void board_index_contour(state *s)
{
	uint16_t seq[4 * TS_MAX_TILES + 4];
	int found;
	contour_label(s, seq, contour_seq(s, seq, 0xFFFFu, &found));
}

int board_index_contour_at(state *s, int t, int side)
{
	uint16_t seq[4 * TS_MAX_TILES + 4];
	int found, n = contour_seq(s, seq, (unsigned)(t * 4 + side), &found);
	if (!found)
		return 0;
	contour_label(s, seq, n);
	return 1;
}

/* Relabel the contour after tile t was placed on a cell whose frontier
 * entry was `was`; top0 and bottom0 are the extreme tiles before it. A cell
 * in a hole changes nothing outside. Otherwise the sides facing the cell
 * leave the contour, and the cell's free sides come in by groups (runs
 * the walk takes around the tile): the walk reaches a group from the side
 * P before it and leaves it for the side S after it, both old contour
 * sides, and the old arc from S round to P closes with the group into one
 * loop. The loop holding an extreme side is the outer contour: its group
 * is labelled between P and S. Any other loop is a hole made by this
 * placement (R-TILE-4): its arc leaves the contour. When labels run out of
 * room, the whole walk is renumbered. */
#define WALK_MASK (WALK_SPAN - 1u)
#define WALK_RENUMBER (-1000) /* walk_group: labels ran out of room */

/* Ring bits k and k + 1 (mod 8) of a cell's ring, as bits 0 and 1. The
 * walk goes on clockwise from free side e of a tile placed on a cell of
 * that ring to its side e + 1 when neither the corner between them nor
 * side e + 1 holds a tile (ring_pair(ring, 2e + 1) == 0), and it comes to
 * free side e from side e - 1 when neither side e - 1 nor the corner
 * between them does (ring_pair(ring, 2e - 2) == 0): board_step's own tests,
 * read from the ring instead of stepping. */
static unsigned ring_pair(unsigned ring, int k)
{
	return (ring | ring << 8) >> k & 3u;
}

/* The group of tile t's free sides that starts at side e (the cell's
 * ring says where groups start and end: only the sides P before and S
 * after it are stepped to): label it between P and S when its loop holds
 * the extreme side `ext` (*outer set; a second outer group cannot be:
 * renumber), else drop the old arc from S round to the tile (a new hole).
 * Returns the change of the outer contour's length, or WALK_RENUMBER. */
static int walk_group(state *s, int t, int e, unsigned ring, unsigned ext,
                      int *outer)
{
	uint16_t *pos = st_walk_w(s);
	int pt = t, ps = e, st = t, ss, m, k, guard, len = 0;
	unsigned lp, ls, gap, cont = 0, c;
	board_step(s, &pt, &ps, 3);
	/* the group's length m: 1 + how many of the sides from e on go on
	 * to the next (bit a of cont: ring_pair(ring, 2a + 1) == 0), at most
	 * 3, counted by bits rather than a loop whose end is data */
	for (k = 0; k < 4; k++)
		cont |= (unsigned)!ring_pair(ring, ring_turn(ring_of_side(k), 1))
		        << k;
	c = ((cont | cont << 4) >> e) & 7u;
	m = 1 + low_bit((~c & 7u) | 8u);
	ss = (e + m - 1) & 3;
	board_step(s, &st, &ss, 1);
	lp = pos[pt * 4 + ps];
	ls = pos[st * 4 + ss];
	if (lp == WALK_NONE || ls == WALK_NONE)
		return WALK_RENUMBER; /* cannot happen: both were outer */
	if (((ext - ls) & WALK_MASK) <= ((lp - ls) & WALK_MASK)) {
		gap = (ls - lp) & WALK_MASK;
		if (*outer | (gap <= (unsigned)m)) /* one test: both rare */
			return WALK_RENUMBER;
		for (k = 0; k < m; k++)
			pos[t * 4 + ((e + k) & 3)] = (uint16_t)(
			    (lp + gap * (unsigned)(k + 1) / (unsigned)(m + 1)) &
			    WALK_MASK);
		*outer = 1;
		return m;
	}
	/* a new hole: its boundary runs from S round to the tile */
	guard = 4 * s->board.n_tiles;
	while (st != t && guard-- > 0) {
		pos[st * 4 + ss] = WALK_NONE;
		len--;
		board_step(s, &st, &ss, 1);
	}
	return len;
}

static void walk_update(state *s, int t, const fcell *was, int top0,
                        int bottom0)
{
	uint16_t *pos = st_walk_w(s);
	const ptile *tl = st_tiles(s);
	unsigned present = was->present, ring = was->ring, ext, starts = 0, m;
	int a, outer = 0, len = s->board.walk_len;
	for (a = 0; a < 4; a++)
		pos[t * 4 + a] = WALK_NONE;
	a = low_bit(present | 16u);
	if (a == 4 || pos[tl[t].nb[a] * 4 + side_back(a)] == WALK_NONE)
		return; /* in a hole (or the start tile): no outer side */
	/* an old contour side that stays outer */
	ext = board_extreme_label_of(s, top0, bottom0, tl[t].x, tl[t].y);
	/* the sides facing a neighbour leave the contour: written for every
	 * side, a free one to its own side (WALK_NONE already), so that no
	 * branch tests which */
	for (a = 0; a < 4; a++) {
		unsigned on = 0u - (present >> a & 1u);
		pos[(((unsigned)tl[t].nb[a] * 4u + (unsigned)side_back(a)) & on) |
		    (((unsigned)t * 4u + (unsigned)a) & ~on)] = WALK_NONE;
	}
	len -= popcount32(present);
	/* the groups start at the free sides that the walk does not reach
	 * from the side before them; walked as a bit set */
	for (a = 0; a < 4; a++)
		starts |= (unsigned)(ring_pair(ring, ring_turn(ring_of_side(a),
		                                               6)) != 0)
		          << a;
	for (m = starts & ~present & 15u; m; m &= m - 1) {
		int d = walk_group(s, t, low_bit(m), ring, ext, &outer);
		if (d == WALK_RENUMBER)
			break;
		len += d;
	}
	if (!m && outer)
		s->board.walk_len = (uint16_t)len;
	else
		board_index_contour(s);
}

int board_check_cell(const state *s, int x, int y, char *msg, size_t cap)
{
	int side, touches = 0;
	if (s->board.n_tiles == 0) {
		if (x != 0 || y != 0) {
			msg_say(msg, cap,
			        "R-TURN-2: the start tile goes at (0,0), not "
			        "(%d,%d)",
			        x, y);
			return 1;
		}
		return 0;
	}
	if (coord_in_range(x, y) && board_tile_at(s, x, y) >= 0) {
		msg_say(msg, cap, "R-TILE-1: cell (%d,%d) is not empty", x, y);
		return 1;
	}
	for (side = 0; side < 4 && coord_in_range(x, y); side++)
		touches |= board_tile_at(s, x + DX[side], y + DY[side]) >= 0;
	if (!touches) {
		msg_say(msg, cap,
		        "R-TILE-1: cell (%d,%d) shares no side with a placed "
		        "tile",
		        x, y);
		return 1;
	}
	return 0;
}
