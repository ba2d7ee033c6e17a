/* The Tower on the base game (see tower.h). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "compiler.h"
#include "bits.h"
#include "board.h"
#include "cc_score.h"
#include "feature.h"
#include "listing.h"
#include "log.h"
#include "msg.h"
#include "players.h"
#include "tower.h"

#define ERR_CAP RULES_ERR_CAP

static inline int opt(const state *s, int rule)
{
	return s->setup.rules[rule];
}

#define TOWER_WORDS ((TS_MAX_TILES + 63) / 64)

int tw_has(const city_tileset *ts, const state *s, int t)
{
	(void)ts;
	return tw_on(s) && bits_at(s->cc.tw.towers, t);
}

/* A tile just placed: its tower foundation comes into play. */
static void tower_add_tile(const city_tileset *ts, state *s, int t)
{
	if (ts->designs[st_tiles(s)[t].design].features & TS_TOWER)
		bits_put(s->cc.tw.towers, t, 1);
}

int tw_top(const state *s, int t)
{
	int i;
	for (i = 0; i < s->pl.n_fol; i++)
		if (s->pl.fol[i].active == FOL_TOP && s->pl.fol[i].tile == t)
			return i;
	return -1;
}

/* T-ACT-1 / T-ACT-3: may the player add a floor to tile t's tower? 0 yes,
 * else 1 with the reason. */
static int floor_check(const city_tileset *ts, const state *s, int t,
                       char *msg, size_t cap)
{
	const ptile *p = &st_tiles(s)[t];
	if (!tw_on(s)) {
		msg_say(msg, cap, "T-ACT-1: the expansion tower is not "
		                  "in play");
		return 1;
	}
	if (!tw_has(ts, s, t)) {
		msg_say(msg, cap, "T-ACT-1: tile (%d,%d) has no tower "
		                  "foundation", p->x, p->y);
		return 1;
	}
	if (bits_at(s->cc.tw.closed, t)) {
		msg_say(msg, cap, "T-ACT-2: the tower of tile (%d,%d) is "
		                  "closed by a follower on top", p->x, p->y);
		return 1;
	}
	if (!s->cc.tw.floors[s->turn.player]) {
		msg_say(msg, cap, "T-ACT-3: player %d has no tower floor "
		                  "in supply", s->turn.player);
		return 1;
	}
	return 0;
}

/* T-ACT-2 / T-ACT-3: may the player put a follower on top of tile t's
 * tower? 0 yes, else 1 with the reason. */
static int top_check(const city_tileset *ts, const state *s, int t,
                     char *msg, size_t cap)
{
	const ptile *p = &st_tiles(s)[t];
	const char *why = NULL;
	if (!tw_on(s))
		why = "the expansion tower is not in play";
	else if (!tw_has(ts, s, t))
		why = "the tile has no tower foundation";
	else if (bits_at(s->cc.tw.closed, t))
		why = "the tower is closed by a follower on top";
	else if (st_height(s)[t] < 1)
		why = "the tower has no floor yet";
	if (why) {
		msg_say(msg, cap, "T-ACT-2: tile (%d,%d): %s", p->x, p->y,
		        why);
		return 1;
	}
	if (!s->pl.supply[s->turn.player]) {
		msg_say(msg, cap, "T-ACT-3: player %d has no follower in "
		                  "supply", s->turn.player);
		return 1;
	}
	return 0;
}

/* Word w of the open towers' bit set (placed, no follower on top). */
static inline uint64_t open_word(const state *s, int w)
{
	return s->cc.tw.towers[w] & ~s->cc.tw.closed[w];
}

/* The open towers into m[TOWER_WORDS]; whether there is one. */
static int open_towers(const state *s, uint64_t *m)
{
	uint64_t any = 0;
	int w;
	for (w = 0; w < TOWER_WORDS; w++)
		any |= m[w] = open_word(s, w);
	return any != 0;
}

/* floor_check and top_check for every tower at once (the listing's fast
 * path): bit sets of the towers that may take a floor and a top now. */
static int tower_moves(const state *s, uint64_t *floor, uint64_t *top)
{
	int w, any = 0, p = s->turn.player;
	uint64_t open[TOWER_WORDS];
	if (!tw_on(s) || !open_towers(s, open))
		return 0;
	for (w = 0; w < TOWER_WORDS; w++) {
		floor[w] = s->cc.tw.floors[p] ? open[w] : 0;
		top[w] = s->pl.supply[p] ? open[w] & s->cc.tw.raised[w] : 0;
		any |= (floor[w] | top[w]) != 0;
	}
	return any;
}

static int tower_options(const city_tileset *ts, const state *s)
{
	uint64_t floor[TOWER_WORDS], top[TOWER_WORDS];
	(void)ts;
	return tower_moves(s, floor, top);
}

/* T-OPT-6 with T-OPT-4 "no": a path of placed cells of length <= r from
 * tile t to tile u, breadth first over the neighbour links. */
static int path_within(const state *s, int t, int u, int r)
{
	uint8_t dist[TS_MAX_TILES], queue[TS_MAX_TILES];
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
			int n = st_tiles(s)[c].nb[side];
			if (n == NO_TILE || dist[n] != 0xFF)
				continue;
			dist[n] = (uint8_t)(dist[c] + 1);
			queue[qt++] = (uint8_t)n;
		}
	}
	return 0;
}

/* T-CAP-1, T-OPT-4..6: whether tile u is within range of the tower on
 * tile t (its new height). */
static int in_range(const state *s, int t, int u)
{
	const ptile *a = &st_tiles(s)[t], *b = &st_tiles(s)[u];
	int h = st_height(s)[t], r = opt(s, CITY_RULE_TOWER_RANGE) ? h - 1 : h;
	int dx = b->x - a->x, dy = b->y - a->y;
	int adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy;
	if (r < 0 || adx + ady > r)
		return 0;
	if (!opt(s, CITY_RULE_CAPTURE_DIAGONAL)) {
		int k, sx = dx > 0 ? 1 : dx < 0 ? -1 : 0,
		       sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
		if (dx && dy)
			return 0;
		if (opt(s, CITY_RULE_CAPTURE_GAPS))
			return 1;
		for (k = 1; k < adx + ady; k++)
			if (board_tile_at(s, a->x + k * sx, a->y + k * sy) < 0)
				return 0; /* stops at the first empty cell */
		return 1;
	}
	if (opt(s, CITY_RULE_CAPTURE_GAPS))
		return 1;
	return path_within(s, t, u, r);
}

/* T-CAP-2, T-OPT-1/2: whether follower slot i may be taken now. */
static int capturable(const state *s, int i)
{
	const follower *f = &s->pl.fol[i];
	if (f->active == FOL_FREE)
		return 0;
	if (f->active == FOL_TOP && !opt(s, CITY_RULE_CAPTURE_TOP))
		return 0;
	if (f->owner == s->turn.player && !opt(s, CITY_RULE_CAPTURE_OWN))
		return 0;
	return in_range(s, s->cc.tw.tower_tile, f->tile);
}

/* The test of capture_set for one follower slot: taken may be, by kind,
 * owner and distance (not yet by the cells between). */
static unsigned capture_slot_ok(const state *s, const ptile *a, int r,
                                unsigned top, unsigned own, unsigned diag,
                                int i)
{
	const follower *f = &s->pl.fol[i];
	const ptile *u = &st_tiles(s)[f->tile];
	int dx = u->x - a->x, dy = u->y - a->y;
	int adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy;
	return (unsigned)(f->active != FOL_FREE) &
	       ((unsigned)(f->active != FOL_TOP) | top) &
	       ((unsigned)(f->owner != s->turn.player) | own) &
	       (unsigned)(adx + ady <= r) &
	       (diag | (unsigned)(dx == 0) | (unsigned)(dy == 0));
}

#if defined(CITY_SSE2)
_Static_assert(sizeof(follower) == 4 && offsetof(follower, owner) == 2 &&
                   offsetof(follower, active) == 3 &&
                   offsetof(ptile, y) == 2,
               "follower and ptile layout");
/* capture_slot_ok for slots i..i+3 at once (bits 0-3): a follower is a
 * 32-bit lane (tile, part, owner, active), its tile's cell another (x
 * and y, 16 bits each: placed tiles are within 255 cells of (0,0), so
 * their differences fit). The property tests check the set against
 * capturable slot by slot (tower_check_state). */
static unsigned capture_slots4(const state *s, const ptile *a, int r,
                               unsigned top, unsigned own, unsigned diag,
                               int i)
{
	const follower *f = &s->pl.fol[i];
	const ptile *tl = st_tiles(s);
	int32_t xy[4], axy;
	__m128i fol, d, ad, sum, ok, act, zero = _mm_setzero_si128();
	int k;
	for (k = 0; k < 4; k++)
		memcpy(&xy[k], &tl[f[k].tile], sizeof xy[k]);
	memcpy(&axy, a, sizeof axy);
	fol = _mm_loadu_si128((const __m128i *)(const void *)f);
	d = _mm_sub_epi16(_mm_loadu_si128((const __m128i *)(const void *)xy),
	                  _mm_set1_epi32(axy));
	ad = _mm_max_epi16(d, _mm_sub_epi16(zero, d)); /* |dx|, |dy| */
	sum = _mm_madd_epi16(ad, _mm_set1_epi16(1)); /* |dx| + |dy| */
	ok = _mm_cmplt_epi32(sum, _mm_set1_epi32(r + 1));
	if (!diag) /* dx or dy zero: not both 16-bit halves non-zero */
		ok = _mm_andnot_si128(
		    _mm_cmpeq_epi32(_mm_cmpeq_epi16(d, zero), zero), ok);
	act = _mm_srli_epi32(fol, 24);
	ok = _mm_andnot_si128(_mm_cmpeq_epi32(act, zero), ok);
	if (!top)
		ok = _mm_andnot_si128(
		    _mm_cmpeq_epi32(act, _mm_set1_epi32(FOL_TOP)), ok);
	if (!own)
		ok = _mm_andnot_si128(
		    _mm_cmpeq_epi32(
		        _mm_and_si128(_mm_srli_epi32(fol, 16),
		                      _mm_set1_epi32(0xFF)),
		        _mm_set1_epi32(s->turn.player)),
		    ok);
	return (unsigned)_mm_movemask_ps(_mm_castsi128_ps(ok));
}
#else
static unsigned capture_slots4(const state *s, const ptile *a, int r,
                               unsigned top, unsigned own, unsigned diag,
                               int i)
{
	return capture_slot_ok(s, a, r, top, own, diag, i) |
	       capture_slot_ok(s, a, r, top, own, diag, i + 1) << 1 |
	       capture_slot_ok(s, a, r, top, own, diag, i + 2) << 2 |
	       capture_slot_ok(s, a, r, top, own, diag, i + 3) << 3;
}
#endif

/* The followers that may be taken now (bit i: slot i), for the capture
 * decision (T-CAP-1: skipped when none may): capturable for every slot,
 * the range along rows and columns (or diagonal paths, T-OPT-6) without
 * a branch per slot, four slots a step; only without jumps over gaps
 * (T-OPT-5 "no") are the slots in reach walked cell by cell (in_range). */
static uint64_t capture_set(const state *s)
{
	const ptile *a = &st_tiles(s)[s->cc.tw.tower_tile];
	int h = st_height(s)[s->cc.tw.tower_tile], i;
	int r = opt(s, CITY_RULE_TOWER_RANGE) ? h - 1 : h;
	unsigned top = opt(s, CITY_RULE_CAPTURE_TOP) != 0,
	         own = opt(s, CITY_RULE_CAPTURE_OWN) != 0,
	         diag = opt(s, CITY_RULE_CAPTURE_DIAGONAL) != 0;
	uint64_t m = 0, b;
	if (r < 0)
		return 0;
	for (i = 0; i + 4 <= s->pl.n_fol; i += 4)
		m |= (uint64_t)capture_slots4(s, a, r, top, own, diag, i) << i;
	for (; i < s->pl.n_fol; i++)
		m |= (uint64_t)capture_slot_ok(s, a, r, top, own, diag, i) << i;
	if (!opt(s, CITY_RULE_CAPTURE_GAPS))
		for (b = m; b; b &= b - 1) {
			i = low_bit64(b);
			if (!in_range(s, s->cc.tw.tower_tile, s->pl.fol[i].tile))
				m &= ~((uint64_t)1 << i);
		}
	return m;
}

/* The part name of follower slot i ('t' on a tower). */
static char fol_part_name(const city_tileset *ts, const state *s, int i)
{
	const follower *f = &s->pl.fol[i];
	if (f->active == FOL_TOP)
		return 't';
	return ccs_part_name(&ts->designs[st_tiles(s)[f->tile].design],
	                    f->part);
}

static unsigned tower_ransom_options(const state *s)
{
	unsigned m = 0;
	int q, p = s->turn.player, c, total = 0;
	if (!tw_on(s) || !opt(s, CITY_RULE_RANSOM) || s->cc.tw.ransomed)
		return 0;
	/* every seat, a fixed count (no loop exit to predict): a seat
	 * beyond the players holds nobody */
	for (q = 0; q < MAX_PLAYERS; q++)
		m |= (unsigned)(s->cc.tw.held[q][p] != 0) << q;
	m &= ~(1u << p); /* nobody holds their own followers (T-CAP-2) */
	if (!m) /* asked at every turn: most turns nobody holds one */
		return 0;
	for (c = 0; c < CITY_CAT_COUNT; c++)
		total += s->pl.score[p][c];
	if (opt(s, CITY_RULE_RANSOM_MIN) && total < 3)
		return 0;
	return m;
}

/* The tile at (x, y) for a tower move, or -1 with the reason. */
static int tower_cell(const state *s, int32_t x, int32_t y, const char *rule,
                      char *err)
{
	int t = coord_in_range(x, y) ? board_tile_at(s, (int)x, (int)y) : -1;
	if (t < 0)
		snprintf(err, ERR_CAP, "%s: no tile at (%ld,%ld)", rule, (long)x,
		         (long)y);
	return t;
}

static int tower_floor(const rules_ctx *c, int32_t x, int32_t y, int *capture)
{
	state *s = c->s;
	int t;
	if ((t = tower_cell(s, x, y, "T-ACT-1", c->err)) < 0)
		return CITY_EILLEGAL;
	if (floor_check(c->ts, s, t, c->err, ERR_CAP))
		return CITY_EILLEGAL;
	log_move(s, CITY_MOVE_FLOOR, 0, (int)x, (int)y);
	st_height_w(s)[t]++;
	bits_put(s->cc.tw.raised, t, 1);
	s->cc.tw.floors[s->turn.player]--;
	s->cc.tw.tower_tile = (uint8_t)t;
	/* T-CAP-1: the capture decision, skipped with nobody to take */
	s->cc.tw.capture = capture_set(s);
	*capture = s->cc.tw.capture != 0;
	return CITY_OK;
}

static int tower_top_move(const rules_ctx *c, int32_t x, int32_t y)
{
	state *s = c->s;
	int t;
	if ((t = tower_cell(s, x, y, "T-ACT-2", c->err)) < 0)
		return CITY_EILLEGAL;
	if (top_check(c->ts, s, t, c->err, ERR_CAP))
		return CITY_EILLEGAL;
	log_move(s, CITY_MOVE_TOP, 0, (int)x, (int)y);
	players_place_top(s, s->turn.player, t);
	bits_put(s->cc.tw.closed, t, 1);
	return CITY_OK;
}

/* Why follower slot i may not be taken (capturable said no). */
static const char *capture_refusal(const state *s, int i)
{
	const follower *f = &s->pl.fol[i];
	if (f->active == FOL_TOP && !opt(s, CITY_RULE_CAPTURE_TOP))
		return "T-OPT-2: followers on top of towers cannot be taken "
		       "(capture_top=no)";
	if (f->owner == s->turn.player && !opt(s, CITY_RULE_CAPTURE_OWN))
		return "T-OPT-1: a player cannot take their own follower "
		       "(capture_own=no)";
	return "T-CAP-1: the follower is out of the tower's range";
}

/* T-CAP-2..4: follower slot i goes to its owner's supply (one's own) or
 * becomes a prisoner, and prisoners are exchanged. */
static void take(state *s, int i)
{
	const follower *f = &s->pl.fol[i];
	int me = s->turn.player, owner = f->owner, tile = f->tile,
	    part = f->part, on = f->active == FOL_ON;
	players_take(s, i);
	if (!on)
		bits_put(s->cc.tw.closed, tile, 0); /* the tower is open again */
	log_event_other(s, CITY_EVENT_CAPTURE, 0, me, 0, tile, part, owner);
	if (owner == me) {
		players_to_supply(s, me); /* T-CAP-2: back to supply at once */
		return;
	}
	s->cc.tw.held[me][owner]++; /* T-CAP-3 */
	if (s->cc.tw.held[owner][me]) {
		/* T-CAP-4: one prisoner of each goes home */
		s->cc.tw.held[me][owner]--;
		players_to_supply(s, owner);
		s->cc.tw.held[owner][me]--;
		players_to_supply(s, me);
		log_event_other(s, CITY_EVENT_EXCHANGE, 0, me, 0, tile, part,
		                owner);
	}
}

static int tower_capture(const rules_ctx *c, int32_t x, int32_t y, char part)
{
	state *s = c->s;
	int t, i = 0;
	uint64_t m;
	if ((t = tower_cell(s, x, y, "T-CAP-2", c->err)) < 0)
		return CITY_EILLEGAL;
	/* the followers that may be taken first (a listed move is one of
	 * them), then every slot, to say why a move is refused */
	for (m = s->cc.tw.capture; m; m &= m - 1) {
		i = low_bit64(m);
		if (s->pl.fol[i].tile == t && fol_part_name(c->ts, s, i) == part)
			break;
	}
	if (!m)
		for (i = 0; i < s->pl.n_fol; i++)
			if (s->pl.fol[i].active != FOL_FREE &&
			    s->pl.fol[i].tile == t &&
			    fol_part_name(c->ts, s, i) == part)
				break;
	if (i == s->pl.n_fol) {
		snprintf(c->err, ERR_CAP,
		         "T-CAP-2: no follower on part '%c' of tile (%ld,%ld)",
		         (part >= 32 && part < 127) ? part : '?', (long)x,
		         (long)y);
		return CITY_EILLEGAL;
	}
	if (!(s->cc.tw.capture >> i & 1)) {
		snprintf(c->err, ERR_CAP, "%s", capture_refusal(s, i));
		return CITY_EILLEGAL;
	}
	log_move_capture(s, (int)x, (int)y, part);
	take(s, i);
	return CITY_OK;
}

static int tower_ransom(const rules_ctx *c, int q)
{
	state *s = c->s;
	int p = s->turn.player;
	if (q < 0 || q >= s->setup.n_players) {
		/* not a seat at all: a bad argument, as a bad rotation is */
		snprintf(c->err, ERR_CAP, "T-CAP-5: seat %d is not 0..%d", q,
		         s->setup.n_players - 1);
		return CITY_EINVAL;
	}
	if (!(tower_ransom_options(s) >> q & 1u)) {
		snprintf(c->err, ERR_CAP,
		         "T-CAP-5: player %d holds no follower of player %d to "
		         "ransom",
		         q, p);
		return CITY_EILLEGAL;
	}
	log_move(s, CITY_MOVE_RANSOM, 0, q, 0);
	s->cc.tw.held[q][p]--;
	players_to_supply(s, p);
	players_transfer(s, p, q, CC_CAT_RANSOM, CITY_REASON_RANSOM, 3);
	s->cc.tw.ransomed = 1;
	return CITY_OK;
}

static size_t tower_list_follower(const city_tileset *ts, const state *s,
                           city_move *out, size_t cap, size_t n)
{
	const ptile *tl = st_tiles(s);
	int p = s->turn.player, w, nw = (s->board.n_tiles + 63) >> 6;
	unsigned floors = s->cc.tw.floors[p] != 0, tops = s->pl.supply[p] != 0;
	size_t nf = 0, top;
	(void)ts;
	if (!tw_on(s))
		return n;
	/* T-ACT: floors (on every open tower, or none), then tops (on the
	 * open towers with a floor), each in placement order. One pass over
	 * the open towers writes both: the floors from out[n], the tops
	 * after as many as there are floors; a top is written either way
	 * and kept without a branch (list_put), at the end of its run. */
	if (floors)
		for (w = 0; w < nw; w++)
			nf += (size_t)popcount64(open_word(s, w));
	top = n + nf;
	for (w = 0; w < nw; w++) {
		uint64_t b, raised = s->cc.tw.raised[w];
		for (b = open_word(s, w); b; b &= b - 1) {
			int i = low_bit64(b), t = 64 * w + i;
			if (floors)
				list_emit(out, cap, &n, CITY_MOVE_FLOOR, tl[t].x,
				          tl[t].y, 0, 0, 0, 0);
			list_put(out, cap, &top, tops & (unsigned)(raised >> i & 1u),
			         CITY_MOVE_TOP, tl[t].x, tl[t].y, 0, 0, 0, 0);
		}
	}
	return top;
}

static size_t tower_list_capture(const city_tileset *ts, const state *s,
                          city_move *out, size_t cap)
{
	size_t n = 0;
	uint64_t m;
	for (m = s->cc.tw.capture; m; m &= m - 1) {
		int i = low_bit64(m);
		const ptile *t = &st_tiles(s)[s->pl.fol[i].tile];
		list_emit(out, cap, &n, CITY_MOVE_CAPTURE, t->x, t->y, 0, 0, 0,
		          fol_part_name(ts, s, i));
	}
	return n;
}

static size_t tower_list_ransom(const state *s, city_move *out, size_t cap)
{
	unsigned m = tower_ransom_options(s);
	size_t n = 0;
	int i;
	for (i = 0; m; i++, m >>= 1)
		if (m & 1u)
			list_emit(out, cap, &n, CITY_MOVE_RANSOM, i, 0, 0, 0, 0, 0);
	return n;
}

static int tower_check_state(const city_tileset *ts, const state *s, char *msg,
                      size_t cap)
{
	int t, i;
	uint64_t want = 0; /* capture_set's slow twin: capturable, slot by slot */
	if (s->turn.decision == CITY_DECISION_CAPTURE)
		for (i = 0; i < s->pl.n_fol; i++)
			want |= (uint64_t)capturable(s, i) << i;
	if (s->cc.tw.capture != want) {
		snprintf(msg, cap, "tower: the capture set is %#llx, not %#llx",
		         (unsigned long long)s->cc.tw.capture,
		         (unsigned long long)want);
		return 1;
	}
	for (t = 0; t < s->board.n_tiles; t++) {
		int has = tw_on(s) &&
		          (ts->designs[st_tiles(s)[t].design].features & TS_TOWER);
		if (bits_at(s->cc.tw.towers, t) != has) {
			snprintf(msg, cap, "tower: tile %d's tower bit is %d", t,
			         bits_at(s->cc.tw.towers, t));
			return 1;
		}
		if (bits_at(s->cc.tw.closed, t) != (tw_top(s, t) >= 0)) {
			snprintf(msg, cap, "tower: tile %d's closed bit is %d", t,
			         bits_at(s->cc.tw.closed, t));
			return 1;
		}
		if (st_height(s)[t] && !has) {
			snprintf(msg, cap, "tower: tile %d has floors", t);
			return 1;
		}
		if (bits_at(s->cc.tw.raised, t) != (st_height(s)[t] >= 1)) {
			snprintf(msg, cap, "tower: tile %d's raised bit is %d", t,
			         bits_at(s->cc.tw.raised, t));
			return 1;
		}
	}
	return 0;
}

/* ---- the hooks on the base game's turn (expansion.h) ------------------- */

static void tw_start(const city_tileset *ts, state *s)
{
	static const uint8_t floors[4] = {10, 9, 7, 6}; /* T-SET-1 */
	(void)ts;
	for (int p = 0; p < s->setup.n_players; p++)
		s->cc.tw.floors[p] = floors[s->setup.n_players - 2];
}

/* T-CAP-5: the ransom decision before the draw, while a tile is left. */
static int tw_turn_begin(state *s, int tiles_left)
{
	s->cc.tw.ransomed = 0;
	return tiles_left && tower_ransom_options(s) ? CITY_DECISION_RANSOM
	                                             : -1;
}

static int tw_decision_of(int kind)
{
	return kind == CITY_MOVE_CAPTURE  ? CITY_DECISION_CAPTURE
	       : kind == CITY_MOVE_RANSOM ? CITY_DECISION_RANSOM
	                                  : CITY_DECISION_FOLLOWER;
}

/* A floor or a top ends the follower decision (a floor with somebody in
 * range asks the capture decision, T-CAP-1), a capture ends the capture
 * decision, a ransom goes on to the draw. */
static int tw_apply(const rules_ctx *c, const rules_move *m,
                    expansion_next *next)
{
	int rc, capture = 0;
	*next = NEXT_END_TURN;
	switch (m->kind) {
	case CITY_MOVE_FLOOR:
		rc = tower_floor(c, m->x, m->y, &capture);
		if (rc == CITY_OK && capture) {
			c->s->turn.decision = CITY_DECISION_CAPTURE;
			*next = NEXT_ASK;
		}
		return rc;
	case CITY_MOVE_TOP:
		return tower_top_move(c, m->x, m->y);
	case CITY_MOVE_CAPTURE:
		return tower_capture(c, m->x, m->y, m->part);
	default:
		*next = NEXT_DRAW;
		return tower_ransom(c, m->x);
	}
}

/* A pass: no ransom this turn (then the draw), or no capture. */
static expansion_next tw_pass(state *s)
{
	if (s->turn.decision != CITY_DECISION_RANSOM)
		return NEXT_END_TURN;
	s->cc.tw.ransomed = 1;
	return NEXT_DRAW;
}

static size_t tw_list(const city_tileset *ts, const state *s,
                      city_move *out, size_t cap)
{
	return s->turn.decision == CITY_DECISION_CAPTURE
	           ? tower_list_capture(ts, s, out, cap)
	           : tower_list_ransom(s, out, cap);
}

/* C-END-3: the tops went home with every follower; the towers open. */
static void tw_score_final(const city_tileset *ts, state *s)
{
	(void)ts;
	memset(s->cc.tw.closed, 0, sizeof s->cc.tw.closed);
}

static void tw_turn_end(state *s)
{
	s->cc.tw.capture = 0; /* the capture decision, if any, is over */
}

const expansion tw_expansion = {
    .bit = CITY_EXPANSION_TOWER,
    .moves = 1u << CITY_MOVE_FLOOR | 1u << CITY_MOVE_TOP |
             1u << CITY_MOVE_CAPTURE | 1u << CITY_MOVE_RANSOM,
    .decisions = 1u << CITY_DECISION_CAPTURE | 1u << CITY_DECISION_RANSOM,
    .not_in_play = "T-ACT-1: the expansion tower is not in play",
    .start = tw_start,
    .turn_begin = tw_turn_begin,
    .placed = tower_add_tile,
    .follower_moves = tower_options,
    .list_follower = tower_list_follower,
    .decision_of = tw_decision_of,
    .apply = tw_apply,
    .pass = tw_pass,
    .list = tw_list,
    .turn_end = tw_turn_end,
    .score_final = tw_score_final,
    .check_state = tower_check_state,
};
