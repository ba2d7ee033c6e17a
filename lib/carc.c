/*
 * The base game of Carcassonne: set-up (C-SET), the turn (C-TURN), tile
 * placement (C-TILE), followers (C-FOL), completion (C-DONE), scoring
 * (C-SCORE) and the end (C-END), on a flat state of its own (carc.h).
 *
 * Features are a union-find over the parts of placed tiles, kept flat as
 * The City's are (every node points at its root, the lowest node of its
 * feature; each feature is a ring of its nodes), with at the root the
 * count of its open city sides / road ends and a follower flag.
 */
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "carc.h"
#include "city/city.h"

#define OPEN_FOLLOWED 0x8000u
#define OPEN_COUNT 0x7FFFu

/* ---- the tile set as the rules read it ------------------------------- */

/* Part kind (CK_*) of a part of a Carcassonne design. */
static inline int part_kind(const ts_part *p)
{
	return p->kind == TS_STREET ? CK_ROAD
	       : p->kind == TS_CITY ? CK_CITY
	                            : CK_FIELD;
}

static inline int design_mon(const ts_design *d)
{
	return (d->features & TS_MONASTERY) != 0;
}

/* Whether part `part` (a city region) shows a coat of arms (C-SCORE-2). */
static inline int part_coat(const ts_design *d, int part)
{
	return d->arms >> part & 1u;
}

static inline int design_start(const ts_design *d)
{
	return (d->features & TS_START) != 0;
}

static inline int design_tow(const ts_design *d)
{
	return (d->features & TS_TOWER) != 0;
}

/* Nodes of a tile of design d: one per part, then the monastery's. */
static inline int design_nodes(const ts_design *d)
{
	return d->n_parts + design_mon(d);
}

/* Signature of design side ds: 0 field, 1 field with a road end, 2 city
 * (C-TILE-2 compares these). */
static unsigned side_sig(const ts_design *d, int ds)
{
	const ts_side *sd = &d->side[ds];
	if (part_kind(&d->parts[sd->left]) == CK_CITY)
		return 2;
	return sd->mid != TS_NONE;
}

/* The four board sides' signatures of design d turned r: 2 bits each. */
static unsigned rot_sig(const ts_design *d, int r)
{
	unsigned v = 0;
	int s;
	for (s = 0; s < 4; s++)
		v |= side_sig(d, (s - r) & 3) << (2 * s);
	return v;
}

int carc_part_kind(const city_tileset *ts, int design, int part)
{
	const ts_design *d = &ts->designs[design];
	if (part == d->n_parts)
		return CK_MONASTERY;
	return part_kind(&d->parts[part]);
}

int carc_design_tower(const city_tileset *ts, int design)
{
	return design_tow(&ts->designs[design]);
}

int carc_part_index(const city_tileset *ts, int design, char name)
{
	const ts_design *d = &ts->designs[design];
	if (name == 'm')
		return design_mon(d) ? d->n_parts : -1;
	return ts_part_index(d, name);
}

char carc_part_name(const city_tileset *ts, int design, int part)
{
	const ts_design *d = &ts->designs[design];
	return part == d->n_parts ? 'm' : d->parts[part].name;
}

/* ---- layout ------------------------------------------------------------ */

static size_t align8(size_t n)
{
	return (n + 7u) & ~(size_t)7u;
}

#define ST_ORDER(s) CARC_ARR(s, off_order, uint8_t)
#define ST_TILES(s) CARC_ARR(s, off_tiles, carc_tile)
#define ST_HASH(s) CARC_ARR(s, off_hash, uint8_t)
#define ST_FRONT(s) CARC_ARR(s, off_front, carc_fcell)
#define ST_PARENT(s) CARC_ARR(s, off_nodes, uint16_t)
#define ST_NEXT(s) (ST_PARENT(s) + (s)->cap_nodes)
#define ST_OPEN(s) (ST_PARENT(s) + 2 * (size_t)(s)->cap_nodes)
#define ST_NTILE(s) ((uint8_t *)(ST_PARENT(s) + 3 * (size_t)(s)->cap_nodes))
#define ST_EVENTS(s) CARC_ARR(s, off_events, carc_event)
#define ST_MOVES(s) CARC_ARR(s, off_moves, uint32_t)
#define ST_RSIG(s) CARC_ARR(s, off_rsig, uint32_t)
#define C_RSIG(s) CARC_CARR(s, off_rsig, uint32_t)

#define C_TILES(s) CARC_CARR(s, off_tiles, carc_tile)
#define C_HASH(s) CARC_CARR(s, off_hash, uint8_t)
#define C_FRONT(s) CARC_CARR(s, off_front, carc_fcell)
#define C_PARENT(s) CARC_CARR(s, off_nodes, uint16_t)
#define C_NEXT(s) (C_PARENT(s) + (s)->cap_nodes)
#define C_OPEN(s) (C_PARENT(s) + 2 * (size_t)(s)->cap_nodes)
#define C_NTILE(s) \
	((const uint8_t *)(C_PARENT(s) + 3 * (size_t)(s)->cap_nodes))
#define C_MOVES(s) CARC_CARR(s, off_moves, uint32_t)

static size_t layout(carc_state *s, const city_tileset *ts, int tower)
{
	size_t off = align8(sizeof(carc_state));
	unsigned i, nodes = 0, n = ts->n_tiles, hcap = 8;
	for (i = 0; i < ts->n_designs; i++)
		nodes += (unsigned)design_nodes(&ts->designs[i]) *
		         ts->designs[i].count;
	while (hcap < 2 * n)
		hcap <<= 1;
	s->cap_nodes = (uint16_t)nodes;
	/* Events: a discard per tile; during play a score event per player
	 * with followers on a completed feature (at most one per follower
	 * placed, so one per tile); at the end a score and a return event
	 * per follower still on the board. */
	s->cap_events =
	    (uint16_t)(2 * n + 2 * CARC_MAX_PLAYERS * CARC_FOLLOWERS + 8);
	s->cap_moves = (uint16_t)(2 * n + 8);
	if (tower) {
		/* a turn may also ransom (two events) and capture after a floor
		 * (a capture and an exchange event, at most 30 floors) */
		s->cap_events = (uint16_t)(s->cap_events + 2 * n + 64);
		s->cap_moves = (uint16_t)(4 * n + 8);
	}
	s->hash_mask = (uint16_t)(hcap - 1);
	s->cap_front = (uint16_t)(2 * n + 2);
	s->off_rsig = (uint32_t)off;
	off = align8(off + ts->n_designs * sizeof(uint32_t));
	s->off_order = (uint32_t)off;
	off = align8(off + n);
	s->off_tiles = (uint32_t)off;
	off = align8(off + n * sizeof(carc_tile));
	s->off_hash = (uint32_t)off;
	off = align8(off + hcap);
	s->off_front = (uint32_t)off;
	off = align8(off + s->cap_front * sizeof(carc_fcell));
	s->off_nodes = (uint32_t)off;
	off = align8(off + nodes * (3 * sizeof(uint16_t) + 1));
	s->off_events = (uint32_t)off;
	off = align8(off + s->cap_events * sizeof(carc_event));
	s->off_moves = (uint32_t)off;
	off = align8(off + s->cap_moves * sizeof(uint32_t));
	s->size = (uint32_t)off;
	return off;
}

static int start_design(const city_tileset *ts)
{
	unsigned i;
	for (i = 0; i < ts->n_designs; i++)
		if (design_start(&ts->designs[i]))
			return (int)i;
	return -1;
}

size_t carc_state_size(const city_tileset *ts, int expansions)
{
	carc_state h;
	if (!ts || ts->n_tiles < 1 || start_design(ts) < 0)
		return 0;
	memset(&h, 0, sizeof h);
	return layout(&h, ts, expansions & CITY_EXPANSION_TOWER);
}

/* ---- board ------------------------------------------------------------- */

static inline uint32_t cell_key(int x, int y)
{
	return (uint32_t)(y + 32768) << 16 | (uint32_t)(x + 32768);
}

static inline unsigned hslot(const carc_state *s, int x, int y)
{
	return (unsigned)((cell_key(x, y) * 0x9E3779B1u) >> 16) & s->hash_mask;
}

int carc_tile_at(const carc_state *s, int32_t x, int32_t y)
{
	const uint8_t *h = C_HASH(s);
	const carc_tile *t = C_TILES(s);
	unsigned i;
	if (x < -CARC_COORD_LIMIT || x > CARC_COORD_LIMIT ||
	    y < -CARC_COORD_LIMIT || y > CARC_COORD_LIMIT)
		return -1;
	for (i = hslot(s, (int)x, (int)y); h[i]; i = (i + 1) & s->hash_mask) {
		const carc_tile *p = &t[h[i] - 1];
		if (p->x == x && p->y == y)
			return h[i] - 1;
	}
	return -1;
}

/* Index of the frontier cell with key k, or the insertion point as
 * -(index) - 1. */
static int front_find(const carc_state *s, uint32_t k)
{
	const carc_fcell *f = C_FRONT(s), *base = f;
	int len = s->n_front, lo;
	if (len == 0)
		return -1;
	/* branch-free lower bound: the comparisons are data, not jumps */
	while (len > 1) {
		int half = len / 2;
		base += (base[half - 1].key < k) * half;
		len -= half;
	}
	lo = (int)(base - f) + (base->key < k);
	if (lo < s->n_front && f[lo].key == k)
		return lo;
	return -lo - 1;
}

/* ---- features ---------------------------------------------------------- */

static inline int root_of(const carc_state *s, int node)
{
	return C_PARENT(s)[node];
}

static void join(carc_state *s, int a, int b)
{
	uint16_t *parent = ST_PARENT(s), *next = ST_NEXT(s), *open = ST_OPEN(s),
	         t;
	int m;
	a = parent[a];
	b = parent[b];
	if (a == b)
		return;
	if (b < a) {
		int x = a;
		a = b;
		b = x;
	}
	m = b;
	do {
		parent[m] = (uint16_t)a;
		m = next[m];
	} while (m != b);
	t = next[a];
	next[a] = next[b];
	next[b] = t;
	open[a] = (uint16_t)(((open[a] & OPEN_COUNT) + (open[b] & OPEN_COUNT)) |
	                     ((open[a] | open[b]) & OPEN_FOLLOWED));
}

/* Two open sides of a feature (one on each tile) now face each other. */
static void close2(carc_state *s, int node)
{
	uint16_t *open = ST_OPEN(s);
	int r = ST_PARENT(s)[node];
	unsigned c = open[r] & OPEN_COUNT;
	c = c >= 2 ? c - 2 : 0;
	open[r] = (uint16_t)(c | (open[r] & OPEN_FOLLOWED));
}

void carc_node_where(const carc_state *s, int node, int *tile, int *part)
{
	int t = C_NTILE(s)[node];
	*tile = t;
	*part = node - C_TILES(s)[t].node0;
}

int carc_root(const carc_state *s, int tile, int part)
{
	return root_of(s, C_TILES(s)[tile].node0 + part);
}

/* Distinct tiles of the feature of root r (R-GEO-6) and its coats of
 * arms. */
static int measure(const carc_state *s, const city_tileset *ts, int r,
                   int *coats)
{
	uint64_t seen[4] = {0, 0, 0, 0};
	const uint16_t *next = C_NEXT(s);
	const uint8_t *ntile = C_NTILE(s);
	const carc_tile *tl = C_TILES(s);
	int n = 0, c = 0, m = r;
	do {
		int t = ntile[m];
		const ts_design *d = &ts->designs[tl[t].design];
		int part = m - tl[t].node0;
		if (part < d->n_parts)
			c += part_coat(d, part);
		if (!(seen[t >> 6] >> (t & 63) & 1u)) {
			seen[t >> 6] |= (uint64_t)1 << (t & 63);
			n++;
		}
		m = next[m];
	} while (m != r);
	if (coats)
		*coats = c;
	return n;
}

/* ---- events and moves -------------------------------------------------- */

static void log_event2(carc_state *s, int kind, int reason, int player,
                       int points, int tile, int part, int other)
{
	carc_event *e;
	if (s->n_events >= s->cap_events)
		return; /* cannot happen: cap_events bounds the log */
	e = &ST_EVENTS(s)[s->n_events++];
	memset(e, 0, sizeof *e);
	e->kind = (uint8_t)kind;
	e->reason = (uint8_t)reason;
	e->player = (int8_t)player;
	e->points = (int16_t)points;
	e->tile = (uint8_t)tile;
	e->part = (uint8_t)part;
	e->other = (int8_t)other;
	e->move = s->n_moves;
}

static void log_event(carc_state *s, int kind, int reason, int player,
                      int points, int tile, int part)
{
	log_event2(s, kind, reason, player, points, tile, part, -1);
}

static int category_of(int reason)
{
	switch (reason) {
	case CITY_REASON_ROAD:
	case CITY_REASON_FINAL_ROAD:
		return CARC_CAT_ROADS;
	case CITY_REASON_CITY:
	case CITY_REASON_FINAL_CITY:
		return CARC_CAT_CITIES;
	case CITY_REASON_MONASTERY:
	case CITY_REASON_FINAL_MONASTERY:
		return CARC_CAT_MONASTERIES;
	case CITY_REASON_FARM:
		return CARC_CAT_FARMS;
	default:
		return CARC_CAT_RANSOM;
	}
}

/* Move words: kind (bits 0-3), rotation (4-5), part (6-12), x (13-21),
 * y (22-30), 9 signed bits each (placed tiles lie within 255 cells of the
 * start tile). */
static uint32_t pack(int kind, int rot, int part, int x, int y)
{
	return (uint32_t)kind | (uint32_t)(rot & 3) << 4 |
	       (uint32_t)(part & 127) << 6 | ((uint32_t)x & 511u) << 13 |
	       ((uint32_t)y & 511u) << 22;
}

void carc_move(const carc_state *s, int i, city_move *m)
{
	uint32_t v = C_MOVES(s)[i];
	int x = (int)(v >> 13 & 511u), y = (int)(v >> 22 & 511u);
	memset(m, 0, sizeof *m);
	m->kind = (uint8_t)(v & 15u);
	switch (m->kind) {
	case CITY_MOVE_PLACE:
		m->rotation = (uint8_t)(v >> 4 & 3u);
		/* fall through */
	case CITY_MOVE_FLOOR:
	case CITY_MOVE_TOP:
		m->x = x >= 256 ? x - 512 : x;
		m->y = y >= 256 ? y - 512 : y;
		break;
	case CITY_MOVE_CAPTURE:
		m->x = x >= 256 ? x - 512 : x;
		m->y = y >= 256 ? y - 512 : y;
		m->part = (char)(v >> 6 & 127u);
		break;
	case CITY_MOVE_RANSOM:
		m->x = x;
		break;
	case CITY_MOVE_FOLLOWER:
		m->part = (char)(v >> 6 & 127u);
		break;
	default:
		break;
	}
}

static void push_move(carc_state *s, uint32_t v)
{
	ST_MOVES(s)[s->n_moves++] = v;
}

/* ---- placing tiles ------------------------------------------------------ */

/* The four rotations of a design as one word: byte r holds the board
 * sides' signatures of the design turned r (rot_sig). */
static uint32_t rot_sigs(const ts_design *d)
{
	return rot_sig(d, 0) | rot_sig(d, 1) << 8 | rot_sig(d, 2) << 16 |
	       rot_sig(d, 3) << 24;
}

/* The rotations (bit r) in which a design whose rotations are `sig4`
 * fits frontier cell f (C-TILE-2; C-TILE-1 holds for every frontier
 * cell): a byte of (sig ^ need) & mask is zero where every present side
 * matches, found for the four bytes at once. */
static inline unsigned fit_mask(const carc_fcell *f, uint32_t sig4)
{
	uint32_t x = (sig4 ^ f->need * 0x01010101u) & (f->mask * 0x01010101u);
	uint32_t z = ~(((x & 0x7F7F7F7Fu) + 0x7F7F7F7Fu) | x | 0x7F7F7F7Fu);
	/* bit 7 of byte r set when byte r is zero: one multiply gathers the
	 * four bits into bits 24..27 (the other products land on distinct
	 * lower bits or overflow, so nothing carries into them) */
	return (unsigned)(((z >> 7 & 0x01010101u) * 0x01020408u) >> 24 & 0xFu);
}

static int has_placement(const carc_state *s, int d)
{
	const carc_fcell *f = C_FRONT(s);
	uint32_t sig4 = C_RSIG(s)[d];
	int i;
	for (i = 0; i < s->n_front; i++)
		if (fit_mask(&f[i], sig4))
			return 1;
	return 0;
}

/* The tile diagonal to p across its sides v (N or S) and h (E or W), or
 * -1: through the neighbour links where a side neighbour exists (they are
 * kept both ways for every pair of adjacent tiles), else by look-up. */
static int diagonal(const carc_state *s, const carc_tile *p, int v, int h)
{
	const carc_tile *tl = C_TILES(s);
	int q;
	if (p->nb[v] != CARC_NO_TILE)
		q = tl[p->nb[v]].nb[h];
	else if (p->nb[h] != CARC_NO_TILE)
		q = tl[p->nb[h]].nb[v];
	else
		return carc_tile_at(s, p->x + (h == 1 ? 1 : -1),
		                    p->y + (v == 0 ? -1 : 1));
	return q == CARC_NO_TILE ? -1 : q;
}

/* The 8 cells around p in (y, x) order (NW N NE W E SW S SE): tile
 * indices or -1. */
static void around_tiles(const carc_state *s, const carc_tile *p, int out[8])
{
	out[0] = diagonal(s, p, 0, 3);
	out[1] = p->nb[0] == CARC_NO_TILE ? -1 : p->nb[0];
	out[2] = diagonal(s, p, 0, 1);
	out[3] = p->nb[3] == CARC_NO_TILE ? -1 : p->nb[3];
	out[4] = p->nb[1] == CARC_NO_TILE ? -1 : p->nb[1];
	out[5] = diagonal(s, p, 2, 3);
	out[6] = p->nb[2] == CARC_NO_TILE ? -1 : p->nb[2];
	out[7] = diagonal(s, p, 2, 1);
}

/* A new tile's record and its nodes, each its own feature with the open
 * halves (city) or ends (road) it brings. */
static inline void tile_init(carc_state *s, const ts_design *d, int t, int x,
                             int y, int design, int rot)
{
	carc_tile *p = &ST_TILES(s)[t];
	uint16_t *parent = ST_PARENT(s), *next = ST_NEXT(s), *open = ST_OPEN(s);
	uint8_t *ntile = ST_NTILE(s);
	int i, side;
	p->x = (int16_t)x;
	p->y = (int16_t)y;
	p->design = (uint8_t)design;
	p->rot = (uint8_t)rot;
	p->node0 = s->n_nodes;
	p->around = 0;
	for (side = 0; side < 4; side++)
		p->nb[side] = CARC_NO_TILE;
	for (i = 0; i < design_nodes(d); i++) {
		int n = s->n_nodes++;
		unsigned o = 0;
		if (i < d->n_parts) {
			int k = part_kind(&d->parts[i]);
			o = k == CK_CITY   ? d->parts[i].n_sides / 2u
			    : k == CK_ROAD ? d->parts[i].n_sides
			                   : 0;
		}
		parent[n] = (uint16_t)n;
		next[n] = (uint16_t)n;
		open[n] = (uint16_t)o;
		ntile[n] = (uint8_t)t;
	}
}

/* Tile t's cell in the hash and the board's bounds. */
static inline void cell_add(carc_state *s, int t, int x, int y)
{
	uint8_t *h = ST_HASH(s);
	unsigned hs;
	for (hs = hslot(s, x, y); h[hs]; hs = (hs + 1) & s->hash_mask)
		;
	h[hs] = (uint8_t)(t + 1);
	if (t == 0) {
		s->min_x = s->max_x = (int16_t)x;
		s->min_y = s->max_y = (int16_t)y;
	} else {
		if (x < s->min_x) s->min_x = (int16_t)x;
		if (x > s->max_x) s->max_x = (int16_t)x;
		if (y < s->min_y) s->min_y = (int16_t)y;
		if (y > s->max_y) s->max_y = (int16_t)y;
	}
}

/* The cell (x, y), now a tile, leaves the frontier. */
static inline void front_remove(carc_state *s, int x, int y)
{
	carc_fcell *front = ST_FRONT(s);
	int fi = front_find(s, cell_key(x, y));
	if (fi >= 0) {
		memmove(&front[fi], &front[fi + 1],
		        (size_t)(s->n_front - fi - 1) * sizeof *front);
		s->n_front--;
	}
}

/* The empty cell (nx, ny) across side `back` of it from the new tile joins
 * the frontier (if new) and learns what that side of the tile needs. */
static inline void front_add(carc_state *s, const ts_design *d, int nx,
                             int ny, int side, int back, int rot)
{
	carc_fcell *front = ST_FRONT(s);
	uint32_t k = cell_key(nx, ny);
	unsigned sh = 2u * (unsigned)back;
	int fi = front_find(s, k);
	if (fi < 0) {
		fi = -fi - 1;
		memmove(&front[fi + 1], &front[fi],
		        (size_t)(s->n_front - fi) * sizeof *front);
		s->n_front++;
		memset(&front[fi], 0, sizeof *front);
		front[fi].key = k;
	}
	front[fi].need = (uint8_t)(front[fi].need |
	                           side_sig(d, (side - rot) & 3) << sh);
	front[fi].mask = (uint8_t)(front[fi].mask | 3u << sh);
}

/* New tile t meets old tile q across its side `side`: links both ways and
 * joins the parts that meet there (a city half, or a road and its two
 * fields). */
static inline void join_across(carc_state *s, const city_tileset *ts,
                               const ts_design *d, int t, int q, int side,
                               int rot)
{
	carc_tile *tl = ST_TILES(s);
	carc_tile *p = &tl[t], *o = &tl[q];
	int back = (side + 2) & 3;
	const ts_design *od = &ts->designs[o->design];
	const ts_side *mine = &d->side[(side - rot) & 3];
	const ts_side *theirs = &od->side[(back - o->rot) & 3];
	p->nb[side] = (uint8_t)q;
	o->nb[back] = (uint8_t)t;
	if (part_kind(&d->parts[mine->left]) == CK_CITY) {
		join(s, p->node0 + mine->left, o->node0 + theirs->left);
		close2(s, p->node0 + mine->left);
	} else {
		join(s, p->node0 + mine->left, o->node0 + theirs->right);
		join(s, p->node0 + mine->right, o->node0 + theirs->left);
		if (mine->mid != TS_NONE) {
			join(s, p->node0 + mine->mid, o->node0 + theirs->mid);
			close2(s, p->node0 + mine->mid);
		}
	}
}

/* The counts of tiles around: the new tile's own, and one more for each
 * tile around it (a monastery's score). */
static inline void count_around(carc_state *s, int t)
{
	carc_tile *tl = ST_TILES(s);
	int ar[8], k;
	around_tiles(s, &tl[t], ar);
	for (k = 0; k < 8; k++)
		if (ar[k] >= 0) {
			tl[ar[k]].around++;
			tl[t].around++;
		}
}

/* Insert a tile (legality checked by the caller): nodes, joins across the
 * shared sides, neighbour links, frontier, the counts around monasteries.
 */
static int insert_tile(carc_state *s, const city_tileset *ts, int x, int y,
                       int design, int rot)
{
	static const int DX[4] = {0, 1, 0, -1}, DY[4] = {-1, 0, 1, 0};
	const ts_design *d = &ts->designs[design];
	int t = s->n_tiles++, side;
	tile_init(s, d, t, x, y, design, rot);
	cell_add(s, t, x, y);
	front_remove(s, x, y);
	for (side = 0; side < 4; side++) {
		int nx = x + DX[side], ny = y + DY[side];
		int q = carc_tile_at(s, nx, ny);
		if (q >= 0)
			join_across(s, ts, d, t, q, side, rot);
		else
			front_add(s, d, nx, ny, side, (side + 2) & 3, rot);
	}
	count_around(s, t);
	return t;
}

int carc_check_placement(const carc_state *s, const city_tileset *ts,
                         int32_t x, int32_t y, int design, int rot,
                         char *msg, size_t cap)
{
	static const int DX[4] = {0, 1, 0, -1}, DY[4] = {-1, 0, 1, 0};
	static const char *const sname[3] = {
	    "field side without a road", "field side with a road end",
	    "city side"};
	const ts_design *d = &ts->designs[design];
	int side, any = 0;
	if (carc_tile_at(s, x, y) >= 0) {
		if (msg)
			snprintf(msg, cap, "C-TILE-1: cell (%d,%d) already holds a "
			                   "tile", (int)x, (int)y);
		return 1;
	}
	for (side = 0; side < 4; side++) {
		int q = carc_tile_at(s, x + DX[side], y + DY[side]);
		const carc_tile *o;
		const ts_design *od;
		unsigned a, b;
		if (q < 0)
			continue;
		any = 1;
		o = &C_TILES(s)[q];
		od = &ts->designs[o->design];
		a = side_sig(d, (side - rot) & 3);
		b = side_sig(od, (side + 2 - o->rot) & 3);
		if (a != b) {
			const char *ma = a == 2 ? "city side" : "field side",
			           *mb = b == 2 ? "city side" : "field side";
			if (a != 2 && b != 2) {
				ma = sname[a];
				mb = sname[b];
			}
			if (msg)
				snprintf(msg, cap,
				         "C-TILE-2: %s facing a %s of tile (%d,%d)",
				         ma, mb, o->x, o->y);
			return 1;
		}
	}
	if (!any) {
		if (msg)
			snprintf(msg, cap,
			         "C-TILE-1: cell (%d,%d) shares no side with a "
			         "placed tile",
			         (int)x, (int)y);
		return 1;
	}
	return 0;
}

/* ---- turns --------------------------------------------------------------- */

/* T-CAP-5: the opponents the current player may pay a ransom to, as a
 * mask of seats. */
static unsigned ransom_options(const carc_state *s)
{
	unsigned m = 0;
	int q, p = s->player;
	if (!(s->expansions & CITY_EXPANSION_TOWER) || !s->topt[T_RANSOM] ||
	    s->ransomed)
		return 0;
	if (s->topt[T_RANSOM_MIN] && carc_total(s, p) < 3)
		return 0;
	for (q = 0; q < s->n_players; q++)
		if (q != p && s->held[q][p])
			m |= 1u << q;
	return m;
}

static void draw(carc_state *s);

/* The start of a player's turn: the ransom decision (T-CAP-5) while a
 * tile is left to draw, then the draw. */
static void start_turn(carc_state *s, int player)
{
	s->player = (uint8_t)player;
	s->ransomed = 0;
	if (s->draw_pos < s->n_draw && ransom_options(s)) {
		s->cur = CARC_NO_TILE;
		s->decision = CITY_DECISION_RANSOM;
		return;
	}
	draw(s);
}

static void draw(carc_state *s)
{
	const uint8_t *order = CARC_CARR(s, off_order, uint8_t);
	while (s->draw_pos < s->n_draw) {
		int i = s->draw_pos++;
		int d = order[i];
		if (has_placement(s, d)) {
			s->cur = (uint8_t)i;
			s->decision = CITY_DECISION_TILE;
			return;
		}
		log_event(s, CITY_EVENT_DISCARD, 0, -1, 0, d, 0xFF);
	}
	s->cur = CARC_NO_TILE;
	s->decision = CITY_DECISION_END;
	s->ended = CITY_ENDED_TILES;
}

/* Followers on the feature of root r per player; with `ret` they go back
 * to their owners' supplies. Returns their total. */
static int followers_on(carc_state *s, int r, int counts[CARC_MAX_PLAYERS],
                        int ret)
{
	int i, total = 0;
	for (i = 0; i < s->n_fol; i++) {
		carc_fol *f = &s->fol[i];
		if (f->active != CFOL_PART || root_of(s, f->node) != r)
			continue;
		counts[f->owner]++;
		total++;
		if (ret) {
			f->active = 0;
			s->supply[f->owner]++;
		}
	}
	if (ret)
		ST_OPEN(s)[r] = (uint16_t)(ST_OPEN(s)[r] & OPEN_COUNT);
	return total;
}

/* Score `points` to the majority owners of the feature of root r
 * (C-SCORE-4) and return its followers (C-SCORE-5). */
static void award(carc_state *s, int r, int reason, int points, int ret)
{
	int counts[CARC_MAX_PLAYERS] = {0}, p, max = 0, t, part;
	if (!(C_OPEN(s)[r] & OPEN_FOLLOWED))
		return;
	followers_on(s, r, counts, ret);
	for (p = 0; p < s->n_players; p++)
		if (counts[p] > max)
			max = counts[p];
	carc_node_where(s, r, &t, &part);
	for (p = 0; p < s->n_players; p++)
		if (max > 0 && counts[p] == max && points > 0) {
			s->score[p][category_of(reason)] += points;
			log_event(s, CITY_EVENT_SCORE, reason, p, points, t, part);
		}
}

/* C-TURN-1: score what the placement completed (C-SCORE-6 order), then
 * the next player's turn. */
static void finish_turn(carc_state *s, const city_tileset *ts)
{
	const carc_tile *p = &C_TILES(s)[s->last_tile];
	const ts_design *d = &ts->designs[p->design];
	int done[TS_MAX_PARTS], n = 0, pass, i, k, ar[8];
	for (pass = 0; pass < 2; pass++) {
		int kind = pass == 0 ? CK_ROAD : CK_CITY;
		for (i = 0; i < d->n_parts; i++) {
			int r, coats, tiles;
			if (part_kind(&d->parts[i]) != kind)
				continue;
			r = root_of(s, p->node0 + i);
			if (C_OPEN(s)[r] & OPEN_COUNT)
				continue;
			for (k = 0; k < n && done[k] != r; k++)
				;
			if (k < n)
				continue;
			done[n++] = r;
			tiles = measure(s, ts, r, &coats);
			if (kind == CK_ROAD)
				award(s, r, CITY_REASON_ROAD, tiles, 1);
			else
				award(s, r, CITY_REASON_CITY,
				      2 * tiles + 2 * coats, 1);
		}
	}
	around_tiles(s, p, ar);
	for (k = 0; k < 9; k++) {
		/* (y, x) order: the tile itself sits between W and E */
		int q = k < 4 ? ar[k] : k == 4 ? s->last_tile : ar[k - 1];
		const carc_tile *o;
		const ts_design *od;
		if (q < 0)
			continue;
		o = &C_TILES(s)[q];
		od = &ts->designs[o->design];
		if (!design_mon(od) || o->around != 8)
			continue;
		award(s, o->node0 + od->n_parts, CITY_REASON_MONASTERY, 9, 1);
	}
	start_turn(s, (s->player + 1) % s->n_players);
}

/* C-FOL-1/2/4: may the player put a follower on part `part` of the tile
 * just placed? 0 yes, else 1 with the reason. */
static int follower_check(const carc_state *s, const city_tileset *ts,
                          int part, char *msg, size_t cap)
{
	const carc_tile *p = &C_TILES(s)[s->last_tile];
	int kind = carc_part_kind(ts, p->design, part);
	char name = carc_part_name(ts, p->design, part);
	if (s->supply[s->player] == 0) {
		if (msg)
			snprintf(msg, cap, "C-FOL-4: player %d has no follower in "
			                   "supply", s->player);
		return 1;
	}
	if (kind == CK_FIELD && !s->farmers) {
		if (msg)
			snprintf(msg, cap,
			         "C-FOL-1: part %c of tile (%d,%d) is a field and "
			         "the game is played without farmers (C-OPT-1)",
			         name, p->x, p->y);
		return 1;
	}
	if (C_OPEN(s)[root_of(s, p->node0 + part)] & OPEN_FOLLOWED) {
		if (msg)
			snprintf(msg, cap,
			         "C-FOL-2: part %c of tile (%d,%d) belongs to a "
			         "feature that already holds a follower",
			         name, p->x, p->y);
		return 1;
	}
	return 0;
}

/* The parts that may take a follower now (bit i: part i; the monastery is
 * bit n_parts). */
static unsigned follower_options(const carc_state *s, const city_tileset *ts)
{
	const carc_tile *p = &C_TILES(s)[s->last_tile];
	const ts_design *d = &ts->designs[p->design];
	unsigned m = 0;
	int i;
	if (s->supply[s->player] == 0)
		return 0;
	for (i = 0; i < design_nodes(d); i++)
		if (!follower_check(s, ts, i, NULL, 0))
			m |= 1u << i;
	return m;
}

static int tower_options(const carc_state *s, const city_tileset *ts);

static void after_place(carc_state *s, const city_tileset *ts)
{
	if (follower_options(s, ts) || tower_options(s, ts))
		s->decision = CITY_DECISION_FOLLOWER;
	else
		finish_turn(s, ts);
}

/* ---- The Tower ----------------------------------------------------------- */

static inline int tower_on(const carc_state *s)
{
	return (s->expansions & CITY_EXPANSION_TOWER) != 0;
}

/* Whether placed tile t has a tower (a foundation, T-SET-2/3) and whether
 * it is open (no follower on top). */
static int has_tower(const carc_state *s, const city_tileset *ts, int t)
{
	return tower_on(s) &&
	       design_tow(&ts->designs[C_TILES(s)[t].design]);
}

static int tower_top(const carc_state *s, int t)
{
	int i;
	for (i = 0; i < s->n_fol; i++)
		if (s->fol[i].active == CFOL_TOP && s->fol[i].node == t)
			return i;
	return -1;
}

/* T-ACT-1 / T-ACT-3: may the player add a floor to tile t's tower? 0 yes,
 * else 1 with the reason. */
static int floor_check(const carc_state *s, const city_tileset *ts, int t,
                       char *msg, size_t cap)
{
	const carc_tile *p = &C_TILES(s)[t];
	if (!tower_on(s)) {
		if (msg)
			snprintf(msg, cap, "T-ACT-1: the expansion tower is not "
			                   "in play");
		return 1;
	}
	if (!has_tower(s, ts, t)) {
		if (msg)
			snprintf(msg, cap, "T-ACT-1: tile (%d,%d) has no tower "
			                   "foundation", p->x, p->y);
		return 1;
	}
	if (tower_top(s, t) >= 0) {
		if (msg)
			snprintf(msg, cap, "T-ACT-2: the tower of tile (%d,%d) is "
			                   "closed by a follower on top", p->x, p->y);
		return 1;
	}
	if (!s->floors[s->player]) {
		if (msg)
			snprintf(msg, cap, "T-ACT-3: player %d has no tower floor "
			                   "in supply", s->player);
		return 1;
	}
	return 0;
}

/* T-ACT-2 / T-ACT-3: may the player put a follower on top of tile t's
 * tower? 0 yes, else 1 with the reason. */
static int top_check(const carc_state *s, const city_tileset *ts, int t,
                     char *msg, size_t cap)
{
	const carc_tile *p = &C_TILES(s)[t];
	const char *why = NULL;
	if (!tower_on(s))
		why = "the expansion tower is not in play";
	else if (!has_tower(s, ts, t))
		why = "the tile has no tower foundation";
	else if (tower_top(s, t) >= 0)
		why = "the tower is closed by a follower on top";
	else if (p->height < 1)
		why = "the tower has no floor yet";
	if (why) {
		if (msg)
			snprintf(msg, cap, "T-ACT-2: tile (%d,%d): %s", p->x, p->y,
			         why);
		return 1;
	}
	if (!s->supply[s->player]) {
		if (msg)
			snprintf(msg, cap, "T-ACT-3: player %d has no follower in "
			                   "supply", s->player);
		return 1;
	}
	return 0;
}

/* Whether any floor or top move is open to the player. */
static int tower_options(const carc_state *s, const city_tileset *ts)
{
	int t;
	if (!tower_on(s))
		return 0;
	for (t = 0; t < s->n_tiles; t++)
		if (!floor_check(s, ts, t, NULL, 0) ||
		    !top_check(s, ts, t, NULL, 0))
			return 1;
	return 0;
}

/* T-CAP-1, T-OPT-4..6: whether tile u is within range of the tower on
 * tile t (its new height h). */
static int in_range(const carc_state *s, int t, int u)
{
	const carc_tile *a = &C_TILES(s)[t], *b = &C_TILES(s)[u];
	int h = a->height, r = s->topt[T_TOWER_RANGE] ? h - 1 : h;
	int dx = b->x - a->x, dy = b->y - a->y;
	int adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy;
	if (r < 0)
		return 0;
	if (!s->topt[T_CAPTURE_DIAGONAL]) {
		int k, sx = dx > 0 ? 1 : dx < 0 ? -1 : 0,
		       sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
		if ((dx && dy) || adx + ady > r)
			return 0;
		if (s->topt[T_CAPTURE_GAPS])
			return 1;
		for (k = 1; k < adx + ady; k++)
			if (carc_tile_at(s, a->x + k * sx, a->y + k * sy) < 0)
				return 0; /* stops at the first empty cell */
		return 1;
	}
	if (adx + ady > r)
		return 0;
	if (s->topt[T_CAPTURE_GAPS])
		return 1;
	{
		/* a path of placed cells of length <= r: breadth first over
		 * the tiles, by neighbour links */
		uint8_t dist[TS_MAX_TILES];
		uint8_t queue[TS_MAX_TILES];
		int qh = 0, qt = 0, side;
		memset(dist, 0xFF, sizeof dist);
		dist[t] = 0;
		queue[qt++] = (uint8_t)t;
		while (qh < qt) {
			int c = queue[qh++];
			if (c == u)
				return 1;
			if (dist[c] >= r)
				continue;
			for (side = 0; side < 4; side++) {
				int n = C_TILES(s)[c].nb[side];
				if (n == CARC_NO_TILE || dist[n] != 0xFF)
					continue;
				dist[n] = (uint8_t)(dist[c] + 1);
				queue[qt++] = (uint8_t)n;
			}
		}
		return 0;
	}
}

/* The tile of follower slot i. */
static int fol_tile(const carc_state *s, int i)
{
	return s->fol[i].active == CFOL_TOP ? s->fol[i].node
	                                   : C_NTILE(s)[s->fol[i].node];
}

/* T-CAP-2, T-OPT-1/2: whether follower slot i may be taken now. */
static int capturable(const carc_state *s, int i)
{
	const carc_fol *f = &s->fol[i];
	if (f->active == CFOL_FREE)
		return 0;
	if (f->active == CFOL_TOP && !s->topt[T_CAPTURE_TOP])
		return 0;
	if (f->owner == s->player && !s->topt[T_CAPTURE_OWN])
		return 0;
	return in_range(s, s->tower_tile, fol_tile(s, i));
}

static unsigned capture_count(const carc_state *s)
{
	unsigned n = 0;
	int i;
	for (i = 0; i < s->n_fol; i++)
		n += (unsigned)capturable(s, i);
	return n;
}

/* The part name of follower slot i ('t' on a tower). */
static char fol_part_name(const carc_state *s, const city_tileset *ts, int i)
{
	int t, part;
	if (s->fol[i].active == CFOL_TOP)
		return 't';
	carc_node_where(s, s->fol[i].node, &t, &part);
	return carc_part_name(ts, C_TILES(s)[t].design, part);
}

/* Clear the follower flag of root r when no follower is left on it. */
static void refresh_followed(carc_state *s, int r)
{
	int i;
	for (i = 0; i < s->n_fol; i++)
		if (s->fol[i].active == CFOL_PART && root_of(s, s->fol[i].node) == r)
			return;
	ST_OPEN(s)[r] = (uint16_t)(ST_OPEN(s)[r] & OPEN_COUNT);
}

/* ---- set-up ------------------------------------------------------------ */

static uint64_t splitmix64(uint64_t *st)
{
	uint64_t z = (*st += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

void carc_restart(carc_state *s, const city_tileset *ts)
{
	carc_state hdr;
	uint8_t order[TS_MAX_TILES];
	uint32_t rsig[TS_MAX_DESIGNS];
	int p;
	memcpy(order, CARC_CARR(s, off_order, uint8_t), s->n_draw);
	memcpy(rsig, C_RSIG(s), ts->n_designs * sizeof *rsig);
	memset(&hdr, 0, sizeof hdr);
	layout(&hdr, ts, s->expansions & CITY_EXPANSION_TOWER);
	hdr.n_players = s->n_players;
	hdr.farmers = s->farmers;
	hdr.start_design = s->start_design;
	hdr.n_draw = s->n_draw;
	hdr.expansions = s->expansions;
	memcpy(hdr.topt, s->topt, sizeof hdr.topt);
	*s = hdr;
	/* everything but the move history starts zeroed, so that equal games
	 * are equal byte for byte */
	memset((char *)s + sizeof(carc_state), 0,
	       s->off_moves - sizeof(carc_state));
	memcpy(ST_ORDER(s), order, s->n_draw);
	memcpy(ST_RSIG(s), rsig, ts->n_designs * sizeof *rsig);
	for (p = 0; p < s->n_players; p++) {
		static const uint8_t floors[4] = {10, 9, 7, 6}; /* T-SET-1 */
		s->supply[p] = CARC_FOLLOWERS;
		if (s->expansions & CITY_EXPANSION_TOWER)
			s->floors[p] = floors[s->n_players - 2];
	}
	s->cur = CARC_NO_TILE;
	s->last_tile = CARC_NO_TILE;
	/* C-SET-3: the start tile, before the first turn, not a move */
	insert_tile(s, ts, 0, 0, s->start_design, 0);
	start_turn(s, 0);
}

/* The draw order given by the setup (design ids), checked against the tile
 * set's counts (C-SET-4), as design indices into order[]. */
static int order_given(const carc_setup *su, int sd, unsigned n,
                       uint8_t *order, char *err, size_t cap)
{
	const city_tileset *ts = su->ts;
	unsigned used[TS_MAX_DESIGNS], i;
	memset(used, 0, sizeof used);
	used[sd] = 1; /* the start instance */
	if (su->n_order != n) {
		snprintf(err, cap,
		         "C-SET-4: the order lists %u tiles, the stack has "
		         "%u (the start tile is not drawn)",
		         su->n_order, n);
		return CITY_EINVAL;
	}
	for (i = 0; i < n; i++) {
		unsigned d;
		for (d = 0; d < ts->n_designs; d++)
			if (ts->designs[d].id == su->order[i])
				break;
		if (d == ts->n_designs) {
			snprintf(err, cap,
			         "C-SET-4: design %u in the order is not in "
			         "the tile set",
			         su->order[i]);
			return CITY_EINVAL;
		}
		if (++used[d] > ts->designs[d].count) {
			snprintf(err, cap,
			         "C-SET-4: the order has more than %u of "
			         "design %u",
			         ts->designs[d].count -
			             (d == (unsigned)sd ? 1u : 0u),
			         su->order[i]);
			return CITY_EINVAL;
		}
		order[i] = (uint8_t)d;
	}
	return CITY_OK;
}

/* The draw order shuffled from the seed: every instance but the start
 * tile's, Fisher-Yates with splitmix64. */
static void order_shuffled(const carc_setup *su, int sd, unsigned n,
                           uint8_t *order)
{
	const city_tileset *ts = su->ts;
	uint64_t st = su->seed;
	unsigned i, k = 0;
	for (i = 0; i < ts->n_designs; i++) {
		unsigned c = ts->designs[i].count;
		if (i == (unsigned)sd)
			c--; /* the start instance is removed */
		while (c--)
			order[k++] = (uint8_t)i;
	}
	for (i = n - 1; i >= 1 && n > 1; i--) {
		unsigned j = (unsigned)(splitmix64(&st) % (i + 1u));
		uint8_t t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
}

int carc_init(carc_state *s, const carc_setup *su, char *err, size_t cap)
{
	const city_tileset *ts = su->ts;
	int sd = start_design(ts);
	unsigned n, i;
	uint8_t order[TS_MAX_TILES];
	if (su->players < 2 || su->players > CARC_MAX_PLAYERS) {
		snprintf(err, cap, "C-SET-1: %d players (the base game takes 2 "
		                   "to 5)", su->players);
		return CITY_EINVAL;
	}
	if (sd < 0) {
		snprintf(err, cap, "C-SET-3: the tile set has no start design");
		return CITY_EINVAL;
	}
	n = ts->n_tiles - 1;
	if (su->n_order) {
		int rc = order_given(su, sd, n, order, err, cap);
		if (rc != CITY_OK)
			return rc;
	} else {
		order_shuffled(su, sd, n, order);
	}
	memset(s, 0, sizeof *s);
	layout(s, ts, su->expansions & CITY_EXPANSION_TOWER);
	memset((char *)s + sizeof(carc_state), 0, s->size - sizeof(carc_state));
	s->n_players = (uint8_t)su->players;
	s->farmers = (uint8_t)(su->farmers != 0);
	s->expansions = (uint8_t)su->expansions;
	for (i = 1; i < T_OPTS; i++)
		s->topt[i] = (uint8_t)su->topt[i];
	s->start_design = (uint8_t)sd;
	s->n_draw = (uint16_t)n;
	memcpy(ST_ORDER(s), order, n);
	for (i = 0; i < ts->n_designs; i++)
		ST_RSIG(s)[i] = rot_sigs(&ts->designs[i]);
	carc_restart(s, ts);
	return CITY_OK;
}

/* ---- decisions ----------------------------------------------------------- */

static const char *const decision_name[9] = {
    "tile placement", "follower", "gate", "wall piece", "guard",
    "tower",          "end",      "capture", "ransom"};

static int expect(const carc_state *s, int decision, char *err, size_t cap)
{
	if (s->decision == CITY_DECISION_END) {
		snprintf(err, cap, "C-END-1: the game has ended");
		return CITY_EENDED;
	}
	if (s->decision != decision) {
		snprintf(err, cap, "C-TURN-1: the game waits for a %s, not a %s",
		         decision_name[s->decision], decision_name[decision]);
		return CITY_EDECISION;
	}
	if (s->n_moves >= s->cap_moves) {
		snprintf(err, cap, "R-ERR-1: move history full");
		return CITY_ELIMIT;
	}
	return CITY_OK;
}

int carc_place(carc_state *s, const city_tileset *ts, int32_t x, int32_t y,
               int rot, char *err, size_t cap)
{
	int rc, design, fi;
	if ((rc = expect(s, CITY_DECISION_TILE, err, cap)) != CITY_OK)
		return rc;
	if (rot < 0 || rot > 3) {
		snprintf(err, cap, "R-GEO-3: rotation %d is not 0..3", rot);
		return CITY_EINVAL;
	}
	design = CARC_CARR(s, off_order, uint8_t)[s->cur];
	fi = (x >= -CARC_COORD_LIMIT && x <= CARC_COORD_LIMIT &&
	      y >= -CARC_COORD_LIMIT && y <= CARC_COORD_LIMIT)
	         ? front_find(s, cell_key((int)x, (int)y))
	         : -1;
	if (fi < 0 ||
	    !(fit_mask(&C_FRONT(s)[fi], C_RSIG(s)[design]) >> rot & 1u)) {
		if (!carc_check_placement(s, ts, x, y, design, rot, err, cap))
			snprintf(err, cap, "C-TILE-1: cell (%d,%d) cannot take "
			                   "the tile", (int)x, (int)y);
		return CITY_EILLEGAL;
	}
	push_move(s, pack(CITY_MOVE_PLACE, rot, 0, (int)x, (int)y));
	s->last_tile = (uint8_t)insert_tile(s, ts, (int)x, (int)y, design, rot);
	after_place(s, ts);
	return CITY_OK;
}

int carc_follower(carc_state *s, const city_tileset *ts, char part,
                  char *err, size_t cap)
{
	int rc, idx, i;
	const carc_tile *p;
	carc_fol *f = NULL;
	if ((rc = expect(s, CITY_DECISION_FOLLOWER, err, cap)) != CITY_OK)
		return rc;
	p = &C_TILES(s)[s->last_tile];
	idx = carc_part_index(ts, p->design, part);
	if (idx < 0) {
		snprintf(err, cap,
		         "C-FOL-1: design %u has no part '%c' (a region letter, "
		         "a road digit or m for a monastery)",
		         ts->designs[p->design].id,
		         (part >= 32 && part < 127) ? part : '?');
		return CITY_EILLEGAL;
	}
	if (follower_check(s, ts, idx, err, cap))
		return CITY_EILLEGAL;
	for (i = 0; i < s->n_fol; i++)
		if (!s->fol[i].active) {
			f = &s->fol[i];
			break;
		}
	if (!f)
		f = &s->fol[s->n_fol++];
	f->node = (uint16_t)(p->node0 + idx);
	f->owner = s->player;
	f->active = 1;
	ST_OPEN(s)[root_of(s, f->node)] |= OPEN_FOLLOWED;
	s->supply[s->player]--;
	push_move(s, pack(CITY_MOVE_FOLLOWER, 0, (unsigned char)part, 0, 0));
	finish_turn(s, ts);
	return CITY_OK;
}

int carc_pass(carc_state *s, const city_tileset *ts, char *err, size_t cap)
{
	if (s->decision == CITY_DECISION_END) {
		snprintf(err, cap, "C-END-1: the game has ended");
		return CITY_EENDED;
	}
	if (s->decision != CITY_DECISION_FOLLOWER &&
	    s->decision != CITY_DECISION_CAPTURE &&
	    s->decision != CITY_DECISION_RANSOM) {
		snprintf(err, cap, "C-TURN-1: a %s cannot be passed",
		         decision_name[s->decision]);
		return CITY_EDECISION;
	}
	push_move(s, pack(CITY_MOVE_PASS, 0, 0, 0, 0));
	if (s->decision == CITY_DECISION_RANSOM) {
		s->ransomed = 1;
		draw(s);
	} else {
		finish_turn(s, ts);
	}
	return CITY_OK;
}

/* A free follower slot (there is always one: 7 followers a player). */
static carc_fol *free_slot(carc_state *s)
{
	int i;
	for (i = 0; i < s->n_fol; i++)
		if (!s->fol[i].active)
			return &s->fol[i];
	return &s->fol[s->n_fol++];
}

/* The tile at (x, y) for a tower move, or -1 with the reason. */
static int tower_cell(const carc_state *s, int32_t x, int32_t y,
                      const char *rule, char *err, size_t cap)
{
	int t = carc_tile_at(s, x, y);
	if (t < 0)
		snprintf(err, cap, "%s: no tile at (%ld,%ld)", rule, (long)x,
		         (long)y);
	return t;
}

int carc_floor(carc_state *s, const city_tileset *ts, int32_t x, int32_t y,
               char *err, size_t cap)
{
	int rc, t;
	if ((rc = expect(s, CITY_DECISION_FOLLOWER, err, cap)) != CITY_OK)
		return rc;
	if ((t = tower_cell(s, x, y, "T-ACT-1", err, cap)) < 0)
		return CITY_EILLEGAL;
	if (floor_check(s, ts, t, err, cap))
		return CITY_EILLEGAL;
	push_move(s, pack(CITY_MOVE_FLOOR, 0, 0, (int)x, (int)y));
	ST_TILES(s)[t].height++;
	s->floors[s->player]--;
	s->tower_tile = (uint8_t)t;
	/* T-CAP-1: the capture decision, skipped with nobody to take */
	if (capture_count(s))
		s->decision = CITY_DECISION_CAPTURE;
	else
		finish_turn(s, ts);
	return CITY_OK;
}

int carc_top(carc_state *s, const city_tileset *ts, int32_t x, int32_t y,
             char *err, size_t cap)
{
	int rc, t;
	carc_fol *f;
	if ((rc = expect(s, CITY_DECISION_FOLLOWER, err, cap)) != CITY_OK)
		return rc;
	if ((t = tower_cell(s, x, y, "T-ACT-2", err, cap)) < 0)
		return CITY_EILLEGAL;
	if (top_check(s, ts, t, err, cap))
		return CITY_EILLEGAL;
	push_move(s, pack(CITY_MOVE_TOP, 0, 0, (int)x, (int)y));
	f = free_slot(s);
	f->node = (uint16_t)t;
	f->owner = s->player;
	f->active = CFOL_TOP;
	s->supply[s->player]--;
	finish_turn(s, ts);
	return CITY_OK;
}

int carc_capture(carc_state *s, const city_tileset *ts, int32_t x,
                 int32_t y, char part, char *err, size_t cap)
{
	int rc, t, i, me = s->player, owner, node = -1, tile, pidx;
	if ((rc = expect(s, CITY_DECISION_CAPTURE, err, cap)) != CITY_OK)
		return rc;
	if ((t = tower_cell(s, x, y, "T-CAP-2", err, cap)) < 0)
		return CITY_EILLEGAL;
	for (i = 0; i < s->n_fol; i++)
		if (s->fol[i].active && fol_tile(s, i) == t &&
		    fol_part_name(s, ts, i) == part)
			break;
	if (i == s->n_fol) {
		snprintf(err, cap, "T-CAP-2: no follower on part '%c' of tile "
		                   "(%ld,%ld)",
		         (part >= 32 && part < 127) ? part : '?', (long)x,
		         (long)y);
		return CITY_EILLEGAL;
	}
	if (!capturable(s, i)) {
		const carc_fol *f = &s->fol[i];
		snprintf(err, cap, "%s",
		         f->active == CFOL_TOP && !s->topt[T_CAPTURE_TOP]
		             ? "T-OPT-2: followers on top of towers cannot be "
		               "taken (capture_top=no)"
		         : f->owner == me && !s->topt[T_CAPTURE_OWN]
		             ? "T-OPT-1: a player cannot take their own "
		               "follower (capture_own=no)"
		             : "T-CAP-1: the follower is out of the tower's "
		               "range");
		return CITY_EILLEGAL;
	}
	push_move(s, pack(CITY_MOVE_CAPTURE, 0, (unsigned char)part, (int)x,
	                  (int)y));
	owner = s->fol[i].owner;
	if (s->fol[i].active == CFOL_PART) {
		node = s->fol[i].node;
		carc_node_where(s, node, &tile, &pidx);
	} else {
		tile = t;
		pidx = CARC_PART_TOP;
	}
	s->fol[i].active = CFOL_FREE;
	if (node >= 0)
		refresh_followed(s, root_of(s, node));
	log_event2(s, CITY_EVENT_CAPTURE, 0, me, 0, tile, pidx, owner);
	if (owner == me) {
		s->supply[me]++; /* T-CAP-2: back to supply at once */
	} else {
		s->held[me][owner]++; /* T-CAP-3 */
		if (s->held[owner][me]) {
			/* T-CAP-4: one prisoner of each goes home */
			s->held[me][owner]--;
			s->supply[owner]++;
			s->held[owner][me]--;
			s->supply[me]++;
			log_event2(s, CITY_EVENT_EXCHANGE, 0, me, 0, tile, pidx,
			           owner);
		}
	}
	finish_turn(s, ts);
	return CITY_OK;
}

int carc_ransom(carc_state *s, int q, char *err, size_t cap)
{
	int rc, p = s->player;
	if ((rc = expect(s, CITY_DECISION_RANSOM, err, cap)) != CITY_OK)
		return rc;
	if (q < 0 || q >= s->n_players || !(ransom_options(s) >> q & 1u)) {
		snprintf(err, cap, "T-CAP-5: player %d holds no follower of "
		                   "player %d to ransom",
		         q, p);
		return CITY_EILLEGAL;
	}
	push_move(s, pack(CITY_MOVE_RANSOM, 0, 0, q, 0));
	s->held[q][p]--;
	s->supply[p]++;
	s->score[p][CARC_CAT_RANSOM] -= 3;
	s->score[q][CARC_CAT_RANSOM] += 3;
	log_event2(s, CITY_EVENT_SCORE, CITY_REASON_RANSOM, q, 3, 0, 0xFF, p);
	log_event2(s, CITY_EVENT_SCORE, CITY_REASON_RANSOM, p, -3, 0, 0xFF, q);
	s->ransomed = 1;
	draw(s);
	return CITY_OK;
}

int carc_apply(carc_state *s, const city_tileset *ts, const city_move *m,
               char *err, size_t cap)
{
	switch (m->kind) {
	case CITY_MOVE_PLACE:
		return carc_place(s, ts, m->x, m->y, m->rotation, err, cap);
	case CITY_MOVE_FOLLOWER:
		return carc_follower(s, ts, m->part, err, cap);
	case CITY_MOVE_PASS:
		return carc_pass(s, ts, err, cap);
	case CITY_MOVE_GATE:
	case CITY_MOVE_WALL:
	case CITY_MOVE_GUARD:
	case CITY_MOVE_TOWER:
		snprintf(err, cap,
		         "C-TURN-1: the base game of Carcassonne has no %s "
		         "decision",
		         m->kind == CITY_MOVE_GATE    ? "gate"
		         : m->kind == CITY_MOVE_WALL  ? "wall piece"
		         : m->kind == CITY_MOVE_GUARD ? "guard"
		                                      : "tower");
		return CITY_EDECISION;
	case CITY_MOVE_FLOOR:
	case CITY_MOVE_TOP:
	case CITY_MOVE_CAPTURE:
	case CITY_MOVE_RANSOM:
		if (!(s->expansions & CITY_EXPANSION_TOWER)) {
			snprintf(err, cap, "T-ACT-1: the expansion tower is not "
			                   "in play");
			return CITY_EILLEGAL;
		}
		switch (m->kind) {
		case CITY_MOVE_FLOOR:
			return carc_floor(s, ts, m->x, m->y, err, cap);
		case CITY_MOVE_TOP:
			return carc_top(s, ts, m->x, m->y, err, cap);
		case CITY_MOVE_CAPTURE:
			return carc_capture(s, ts, m->x, m->y, m->part, err, cap);
		default:
			return carc_ransom(s, m->x, err, cap);
		}
	default:
		snprintf(err, cap, "R-ERR-1: unknown move kind %u", m->kind);
		return CITY_EINVAL;
	}
}

int carc_undo(carc_state *s, const city_tileset *ts, char *err, size_t cap)
{
	int n, i;
	char tmp[160];
	if (s->n_moves == 0) {
		snprintf(err, cap, "R-ERR-1: no move to take back");
		return CITY_ENOTFOUND;
	}
	n = s->n_moves - 1;
	carc_restart(s, ts);
	for (i = 0; i < n; i++) {
		city_move m;
		carc_move(s, i, &m);
		if (carc_apply(s, ts, &m, tmp, sizeof tmp) != CITY_OK)
			return CITY_EINVAL; /* cannot happen: history was legal */
	}
	ST_MOVES(s)[n] = 0;
	return CITY_OK;
}

/* ---- final scoring --------------------------------------------------- */

/* C-END-3: the completed cities the field of root r borders (C-GEO-3),
 * each once. */
static int bordered_cities(const carc_state *s, const city_tileset *ts,
                           int r)
{
	uint16_t found[TS_MAX_TILES];
	const uint16_t *next = C_NEXT(s);
	const carc_tile *tl = C_TILES(s);
	int n = 0, m = r;
	do {
		int t = C_NTILE(s)[m], part = m - tl[t].node0, k;
		const ts_design *d = &ts->designs[tl[t].design];
		unsigned adj = d->parts[part].adj;
		for (k = 0; adj; k++, adj >>= 1) {
			int cr, j;
			if (!(adj & 1u) || part_kind(&d->parts[k]) != CK_CITY)
				continue;
			cr = root_of(s, tl[t].node0 + k);
			if (C_OPEN(s)[cr] & OPEN_COUNT)
				continue;
			for (j = 0; j < n && found[j] != cr; j++)
				;
			if (j == n && n < TS_MAX_TILES)
				found[n++] = (uint16_t)cr;
		}
		m = next[m];
	} while (m != r);
	return n;
}

int carc_score_final(carc_state *s, const city_tileset *ts, char *err,
                     size_t cap)
{
	uint8_t scored[TS_MAX_TILES * (TS_MAX_PARTS + 1)];
	int i, pass;
	if (s->decision != CITY_DECISION_END) {
		snprintf(err, cap, "C-END-1: the game has not ended");
		return CITY_ENOTENDED;
	}
	if (s->final_done)
		return CITY_OK;
	memset(scored, 0, s->cap_nodes);
	/* C-END-2 (roads, cities, monasteries), then C-END-3 (farms); each
	 * feature when its first follower in slot order is met */
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < s->n_fol; i++) {
			const carc_fol *f = &s->fol[i];
			int t, part, kind, r, coats, tiles;
			const carc_tile *p;
			if (f->active != CFOL_PART)
				continue; /* C-END-4: tower tops score nothing */
			carc_node_where(s, f->node, &t, &part);
			p = &C_TILES(s)[t];
			kind = carc_part_kind(ts, p->design, part);
			if ((kind == CK_FIELD) != (pass == 1))
				continue;
			r = root_of(s, f->node);
			if (scored[r])
				continue;
			scored[r] = 1;
			switch (kind) {
			case CK_ROAD:
				award(s, r, CITY_REASON_FINAL_ROAD,
				      measure(s, ts, r, NULL), 0);
				break;
			case CK_CITY:
				tiles = measure(s, ts, r, &coats);
				award(s, r, CITY_REASON_FINAL_CITY, tiles + coats,
				      0);
				break;
			case CK_MONASTERY:
				award(s, r, CITY_REASON_FINAL_MONASTERY,
				      1 + p->around, 0);
				break;
			default:
				if (s->farmers)
					award(s, r, CITY_REASON_FARM,
					      3 * bordered_cities(s, ts, r), 0);
				break;
			}
		}
	/* every follower left goes home */
	for (i = 0; i < s->n_fol; i++) {
		carc_fol *f = &s->fol[i];
		int t, part;
		if (!f->active)
			continue;
		if (f->active == CFOL_TOP) {
			t = f->node;
			part = CARC_PART_TOP;
		} else {
			carc_node_where(s, f->node, &t, &part);
			ST_OPEN(s)[root_of(s, f->node)] &= OPEN_COUNT;
		}
		log_event(s, CITY_EVENT_RETURN, 0, f->owner, 0, t, part);
		f->active = 0;
		s->supply[f->owner]++;
	}
	s->final_done = 1;
	return CITY_OK;
}

/* ---- legal moves ------------------------------------------------------- */

static void emit(city_move *out, size_t cap, size_t n, int kind, int x, int y,
                 int rot, char part)
{
	if (out && n < cap) {
		city_move *m = &out[n];
		memset(m, 0, sizeof *m);
		m->kind = (uint8_t)kind;
		m->x = x;
		m->y = y;
		m->rotation = (uint8_t)rot;
		m->part = part;
	}
}

/* The tile placements (the hot path of the AI's playouts): every frontier
 * cell's fitting rotations, straight into out when it holds 4 per cell. */
static inline size_t legal_tiles(const carc_state *s, city_move *out,
                                 size_t cap)
{
	const carc_fcell *f = C_FRONT(s);
	uint32_t sig4 = C_RSIG(s)[CARC_CARR(s, off_order, uint8_t)[s->cur]];
	size_t n = 0;
	int i;
	city_move mv;
	memset(&mv, 0, sizeof mv);
	mv.kind = CITY_MOVE_PLACE;
	if (!out || cap < 4u * s->n_front) {
		/* counting, or a buffer that may be too small: each
		 * move checked against the capacity */
		for (i = 0; i < s->n_front; i++) {
			unsigned m = fit_mask(&f[i], sig4);
			for (; m; m &= m - 1) {
				emit(out, cap, n, CITY_MOVE_PLACE,
				     (int)(f[i].key & 0xFFFFu) - 32768,
				     (int)(f[i].key >> 16) - 32768, low_bit(m),
				     0);
				n++;
			}
		}
		return n;
	}
	for (i = 0; i < s->n_front; i++) {
		unsigned m = fit_mask(&f[i], sig4);
		if (!m)
			continue;
		mv.x = (int32_t)(f[i].key & 0xFFFFu) - 32768;
		mv.y = (int32_t)(f[i].key >> 16) - 32768;
		for (; m; m &= m - 1) {
			mv.rotation = (uint8_t)low_bit(m);
			out[n++] = mv;
		}
	}
	return n;
}

/* After a tile: a follower on a part of it, a floor or a top on a tower,
 * or pass. */
static inline size_t legal_follower(const carc_state *s,
                                    const city_tileset *ts, city_move *out,
                                    size_t cap)
{
	const carc_tile *p = &C_TILES(s)[s->last_tile];
	unsigned m = follower_options(s, ts);
	size_t n = 0;
	int i;
	for (i = 0; m; i++, m >>= 1)
		if (m & 1u)
			emit(out, cap, n++, CITY_MOVE_FOLLOWER, 0, 0, 0,
			     carc_part_name(ts, p->design, i));
	/* T-ACT: floors, then tops, on the towers in placement order */
	if (tower_on(s)) {
		for (i = 0; i < s->n_tiles; i++)
			if (!floor_check(s, ts, i, NULL, 0))
				emit(out, cap, n++, CITY_MOVE_FLOOR,
				     C_TILES(s)[i].x, C_TILES(s)[i].y, 0, 0);
		for (i = 0; i < s->n_tiles; i++)
			if (!top_check(s, ts, i, NULL, 0))
				emit(out, cap, n++, CITY_MOVE_TOP,
				     C_TILES(s)[i].x, C_TILES(s)[i].y, 0, 0);
	}
	emit(out, cap, n++, CITY_MOVE_PASS, 0, 0, 0, 0);
	return n;
}

/* T-CAP-2: each capturable follower, in slot order, or pass. */
static size_t legal_capture(const carc_state *s, const city_tileset *ts,
                            city_move *out, size_t cap)
{
	size_t n = 0;
	int i;
	for (i = 0; i < s->n_fol; i++)
		if (capturable(s, i)) {
			int t = fol_tile(s, i);
			emit(out, cap, n++, CITY_MOVE_CAPTURE, C_TILES(s)[t].x,
			     C_TILES(s)[t].y, 0, fol_part_name(s, ts, i));
		}
	emit(out, cap, n++, CITY_MOVE_PASS, 0, 0, 0, 0);
	return n;
}

/* T-CAP-5: each opponent holding the player's followers, or pass. */
static size_t legal_ransom(const carc_state *s, city_move *out, size_t cap)
{
	unsigned m = ransom_options(s);
	size_t n = 0;
	int i;
	for (i = 0; m; i++, m >>= 1)
		if (m & 1u) {
			emit(out, cap, n, CITY_MOVE_RANSOM, i, 0, 0, 0);
			n++;
		}
	emit(out, cap, n++, CITY_MOVE_PASS, 0, 0, 0, 0);
	return n;
}

size_t carc_legal(const carc_state *s, const city_tileset *ts, city_move *out,
                  size_t cap)
{
	switch (s->decision) {
	case CITY_DECISION_TILE:
		return legal_tiles(s, out, cap);
	case CITY_DECISION_FOLLOWER:
		return legal_follower(s, ts, out, cap);
	case CITY_DECISION_CAPTURE:
		return legal_capture(s, ts, out, cap);
	case CITY_DECISION_RANSOM:
		return legal_ransom(s, out, cap);
	default:
		return 0;
	}
}

/* ---- queries ------------------------------------------------------------ */

int carc_feature_tiles(const carc_state *s, const city_tileset *ts, int tile,
                       int part)
{
	return measure(s, ts, carc_root(s, tile, part), NULL);
}

int carc_feature_coats(const carc_state *s, const city_tileset *ts, int tile,
                       int part)
{
	int c = 0;
	measure(s, ts, carc_root(s, tile, part), &c);
	return c;
}

int carc_feature_complete(const carc_state *s, const city_tileset *ts,
                          int tile, int part)
{
	const carc_tile *p = &C_TILES(s)[tile];
	switch (carc_part_kind(ts, p->design, part)) {
	case CK_MONASTERY:
		return p->around == 8;
	case CK_FIELD:
		return 0; /* C-DONE-4 */
	default:
		return (C_OPEN(s)[carc_root(s, tile, part)] & OPEN_COUNT) == 0;
	}
}

int carc_feature_followers(const carc_state *s, int tile, int part,
                           int player)
{
	int r = carc_root(s, tile, part), i, n = 0;
	for (i = 0; i < s->n_fol; i++)
		if (s->fol[i].active == CFOL_PART && s->fol[i].owner == player &&
		    root_of(s, s->fol[i].node) == r)
			n++;
	return n;
}

int carc_follower_count(const carc_state *s)
{
	int i, n = 0;
	for (i = 0; i < s->n_fol; i++)
		n += s->fol[i].active != 0;
	return n;
}

const carc_fol *carc_follower_at(const carc_state *s, int index)
{
	int i, k = 0;
	for (i = 0; i < s->n_fol; i++)
		if (s->fol[i].active && k++ == index)
			return &s->fol[i];
	return NULL;
}

int carc_total(const carc_state *s, int player)
{
	int c, sum = 0;
	for (c = 0; c < CARC_CATS; c++)
		sum += s->score[player][c];
	return sum;
}
