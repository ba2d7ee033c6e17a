#!/usr/bin/env python3
"""An independent model of the base game of Carcassonne, The Tower and The
River (carcassonne.md), written from the spec alone to cross-check the
engine's golden games (tests/data/carc_golden_games.txt,
carc_tower_golden.txt, carc_river_golden.txt).

It shares no algorithm with lib/cc_rules.c and lib/cc_score.c: features
are found by a flood over (cell, part) nodes every time they are needed,
completion by looking at every side of every node, followers by a list.
It plays the golden games
with the same move chooser as tests/test_carc_golden.c and prints the same
lines:

    tools/carc_model.py spec/carcassonne.tiles > model.txt
    diff model.txt tests/data/carc_golden_games.txt
    tools/carc_model.py spec/carcassonne-tower.tiles 256 tower > tower.txt
    diff tower.txt tests/data/carc_tower_golden.txt
    tools/carc_model.py spec/carcassonne.tiles 256 river \
        spec/the-river.tiles spec/the-tower.tiles > river.txt
    diff river.txt tests/data/carc_river_golden.txt

The River's rules (V-*) are modelled from scratch as well: the open end
and the last curve's turn are found by walking the river from the spring
every time a river tile is placed.
"""
import sys

MASK = (1 << 64) - 1
DX = [0, 1, 0, -1]
DY = [-1, 0, 1, 0]


def parse(text):
    designs = []
    for line in text.splitlines():
        line = line.split('#')[0].strip()
        if not line or line.startswith('tileset'):
            continue
        t = line.split()
        d = {'id': int(t[0]), 'count': int(t[1]), 'sides': t[2:6],
             'kind': {}, 'coats': set(), 'mon': False, 'start': False,
             'tow': False, 'adj': set(), 'spring': False, 'lake': False}
        for tok in t[6:]:
            if tok in ('spring', 'lake'):
                d[tok] = True
            elif tok == 'mon':
                d['mon'] = True
            elif tok == 'start':
                d['start'] = True
            elif tok == 'tow':
                d['tow'] = True
            elif tok.startswith('pen='):
                d['coats'] = set(tok[4:])
            elif tok.startswith('adj='):
                for pr in tok[4:].split(','):
                    d['adj'].add((pr[0], pr[1]))
                    d['adj'].add((pr[1], pr[0]))
            else:
                d['kind'][tok[0]] = 'city' if tok[2] == 'C' else 'field'
        # parts in the engine's order: region letters, road digits, 'm'
        letters = sorted(d['kind'])
        digits = sorted({s[1] for s in d['sides'] if s[1] not in '-~'})
        # V-GEO-1: the river sides (no part: the river is no feature)
        d['river'] = [i for i in range(4) if d['sides'][i][1] == '~']
        d['parts'] = letters + digits + (['m'] if d['mon'] else [])
        # in-tile adjacency: the clockwise walk of the 12 positions
        pos = []
        for s in d['sides']:
            pos += [s[0], s[1], s[2]]
        for i in range(12):
            a, b = pos[i], pos[(i + 1) % 12]
            if a in '-~123456789' or b in '-~123456789':
                continue
            if a != b:
                d['adj'].add((a, b))
                d['adj'].add((b, a))
        for i in range(4):  # across a middle holding '-'
            l, m, r = pos[3 * i], pos[3 * i + 1], pos[3 * i + 2]
            if m == '-' and l != r:
                d['adj'].add((l, r))
                d['adj'].add((r, l))
        designs.append(d)
    designs.sort(key=lambda d: d['id'])
    return designs


def splitmix(state):
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


TOPTS = ('capture_own', 'capture_top', 'ransom_min', 'capture_gaps',
         'tower_range', 'capture_diagonal', 'ransom')


class Game:
    def __init__(self, designs, players, seed, farmers, tower=None,
                 river=None):
        self.D = designs
        self.n = players
        self.farmers = farmers
        self.tower = tower  # None, or {T-OPT name: value}
        self.river = river  # None, 'shuffle' or 'remove' (V-OPT-1)
        self.floors = [[10, 9, 7, 6][players - 2] if tower else 0] * players
        self.height = {}
        self.held = [[0] * players for _ in range(players)]
        start = [i for i, d in enumerate(designs) if d['start']][0]
        self.rng = seed
        if river is None:
            inst = []
            for i, d in enumerate(designs):
                inst += [i] * (d['count'] - (1 if i == start else 0))
            self.order = self.shuffle(inst)
        else:
            # V-SET-1: the spring starts; V-SET-2: river list (design
            # order, no spring, no lake) shuffled first, then the land list
            # (every instance of the other designs; V-OPT-1 remove sets one
            # start instance aside), one generator; river, lake, land.
            spring = [i for i, d in enumerate(designs) if d['spring']][0]
            lake = [i for i, d in enumerate(designs) if d['lake']][0]
            rivl, land = [], []
            for i, d in enumerate(designs):
                if d['spring'] or d['lake']:
                    continue
                c = d['count'] - (1 if i == start and river == 'remove'
                                  else 0)
                (rivl if d['river'] else land).extend([i] * c)
            rivl = self.shuffle(rivl)
            self.order = rivl + [lake] + self.shuffle(land)
            start = spring
        self.board = {(0, 0): (start, 0)}
        self.fol = []  # [x, y, part, owner] or None, slots ('t': on top)
        self.supply = [7] * players
        self.score = [[0] * 5 for _ in range(players)]
        self.events = 0
        self.pos = 0
        self.player = 0
        self.decision = None
        self.last = None
        self.start_turn(0)

    def shuffle(self, inst):
        """R-RNG's Fisher-Yates, continuing the game's one generator."""
        for i in range(len(inst) - 1, 0, -1):
            self.rng, v = splitmix(self.rng)
            j = v % (i + 1)
            inst[i], inst[j] = inst[j], inst[i]
        return inst

    # ---- tiles
    def side(self, cell, s):
        d, r = self.board[cell]
        return self.D[d]['sides'][(s - r) % 4]

    def sig(self, text, d):
        if text[1] == '~':
            return 3  # V-GEO-1: a river side faces a river side only
        if self.D[d]['kind'][text[0]] == 'city':
            return 2
        return 1 if text[1] != '-' else 0

    def river_end(self):
        """Walk the river from the spring: (empty cell the open end faces,
        the side of the last river tile it leaves by, the last curve's turn
        'L'/'R' or None), or None once the lake closes it."""
        cell = (0, 0)
        d, r = self.board[cell]
        out = (self.D[d]['river'][0] + r) % 4
        turn = None
        while True:
            nb = (cell[0] + DX[out], cell[1] + DY[out])
            if nb not in self.board:
                return nb, out, turn
            d, r = self.board[nb]
            back = (out + 2) % 4
            rest = [(s + r) % 4 for s in self.D[d]['river']
                    if (s + r) % 4 != back]
            if not rest:
                return None  # the lake
            if rest[0] != out:  # a curve: clockwise from the flow = right
                turn = 'R' if rest[0] == (out + 1) % 4 else 'L'
            cell, out = nb, rest[0]

    def river_fits(self, x, y, d, r):
        """V-TILE-1 and V-TILE-2 for a river tile (C-TILE-2 checked apart)."""
        end = self.river_end()
        if end is None or (x, y) != end[0]:
            return False
        cell, out, turn = end
        back = (out + 2) % 4
        sides = [(s + r) % 4 for s in self.D[d]['river']]
        if back not in sides:
            return False
        rest = [s for s in sides if s != back]
        if not rest:
            return True  # the lake
        nxt = rest[0]
        if (x + DX[nxt], y + DY[nxt]) in self.board:
            return False
        if nxt == out:
            return True  # a straight
        return ('R' if nxt == (out + 1) % 4 else 'L') != turn

    def fits(self, x, y, d, r):
        if (x, y) in self.board:
            return False
        any_nb = False
        for s in range(4):
            c = (x + DX[s], y + DY[s])
            if c not in self.board:
                continue
            any_nb = True
            mine = self.D[d]['sides'][(s - r) % 4]
            od, _ = self.board[c]
            theirs = self.side(c, (s + 2) % 4)
            if self.sig(mine, d) != self.sig(theirs, od):
                return False
        return any_nb

    def candidates(self):
        cells = set()
        for (x, y) in self.board:
            for s in range(4):
                c = (x + DX[s], y + DY[s])
                if c not in self.board:
                    cells.add(c)
        return sorted(cells, key=lambda c: (c[1], c[0]))

    def placements(self, d):
        riv = self.D[d]['river']
        return [(x, y, r) for (x, y) in self.candidates() for r in range(4)
                if self.fits(x, y, d, r) and
                (not riv or self.river_fits(x, y, d, r))]

    def live(self):
        return [f for f in self.fol if f is not None]

    def add_fol(self, f):
        for i, g in enumerate(self.fol):
            if g is None:
                self.fol[i] = f
                return
        self.fol.append(f)

    def total(self, p):
        return sum(self.score[p])

    def ransom_to(self):
        if not self.tower or not self.tower['ransom'] or self.ransomed:
            return []
        p = self.player
        if self.tower['ransom_min'] and self.total(p) < 3:
            return []
        return [q for q in range(self.n) if q != p and self.held[q][p]]

    def start_turn(self, p):
        self.player = p
        self.ransomed = False
        if self.pos < len(self.order) and self.ransom_to():
            self.decision = 'ransom'
            return
        self.draw()

    def towers(self):
        return [c for c in self.board if self.tower and
                self.D[self.board[c][0]]['tow']]

    def top_of(self, c):
        for f in self.live():
            if f[2] == 't' and (f[0], f[1]) == c:
                return f
        return None

    def in_range(self, t, c):
        h = self.height.get(t, 0)
        r = h - 1 if self.tower['tower_range'] == 'short' else h
        dx, dy = c[0] - t[0], c[1] - t[1]
        if r < 0:
            return False
        if not self.tower['capture_diagonal']:
            if dx and dy:
                return False
            d = abs(dx) + abs(dy)
            if d > r:
                return False
            if self.tower['capture_gaps']:
                return True
            sx = (dx > 0) - (dx < 0)
            sy = (dy > 0) - (dy < 0)
            return all((t[0] + k * sx, t[1] + k * sy) in self.board
                       for k in range(1, d))
        if abs(dx) + abs(dy) > r:
            return False
        if self.tower['capture_gaps']:
            return True
        seen = {t: 0}
        todo = [t]
        while todo:
            x = todo.pop(0)
            if x == c:
                return True
            if seen[x] >= r:
                continue
            for s in range(4):
                y = (x[0] + DX[s], x[1] + DY[s])
                if y in self.board and y not in seen:
                    seen[y] = seen[x] + 1
                    todo.append(y)
        return False

    def capturable(self):
        out = []
        for f in self.fol:
            if f is None:
                continue
            if f[2] == 't' and not self.tower['capture_top']:
                continue
            if f[3] == self.player and not self.tower['capture_own']:
                continue
            if self.in_range(self.raised, (f[0], f[1])):
                out.append(f)
        return out

    def draw(self):
        while self.pos < len(self.order):
            d = self.order[self.pos]
            self.pos += 1
            if self.placements(d):
                self.cur = d
                self.decision = 'tile'
                return
            self.events += 1  # discard
        self.cur = None
        self.decision = 'end'

    # ---- features
    def kind(self, cell, part):
        d = self.D[self.board[cell][0]]
        if part == 'm':
            return 'monastery'
        if part.isdigit():
            return 'road'
        return d['kind'][part]

    def links(self, cell, part):
        """Nodes joined to (cell, part) across the sides of its tile."""
        x, y = cell
        out = []
        if part == 'm':
            return out
        for s in range(4):
            t = self.side(cell, s)
            nb = (x + DX[s], y + DY[s])
            if nb not in self.board:
                continue
            o = self.side(nb, (s + 2) % 4)
            if part.isdigit():
                if t[1] == part:
                    out.append((nb, o[1]))
            else:
                if t[0] == part:
                    out.append((nb, o[2]))
                if t[2] == part:
                    out.append((nb, o[0]))
        return out

    def feature(self, cell, part):
        seen = {(cell, part)}
        todo = [(cell, part)]
        while todo:
            c, p = todo.pop()
            for q in self.links(c, p):
                if q not in seen:
                    seen.add(q)
                    todo.append(q)
        return seen

    def around(self, cell):
        x, y = cell
        return sum((x + dx, y + dy) in self.board for dx in (-1, 0, 1)
                   for dy in (-1, 0, 1) if dx or dy)

    def complete(self, nodes):
        for (c, p) in nodes:
            if p == 'm':
                return self.around(c) == 8
            x, y = c
            for s in range(4):
                t = self.side(c, s)
                touches = (t[1] == p) if p.isdigit() else (
                    t[0] == p and self.kind(c, p) == 'city')
                if touches and (x + DX[s], y + DY[s]) not in self.board:
                    return False
        return True

    def owners(self, nodes):
        cnt = [0] * self.n
        for f in self.live():
            if ((f[0], f[1]), f[2]) in nodes:
                cnt[f[3]] += 1
        return cnt

    def award(self, nodes, cat, pts, ret):
        cnt = self.owners(nodes)
        m = max(cnt)
        if m == 0:
            return
        for p in range(self.n):
            if cnt[p] == m and pts > 0:
                self.score[p][cat] += pts
                self.events += 1
        if ret:
            for i, f in enumerate(self.fol):
                if f is not None and ((f[0], f[1]), f[2]) in nodes:
                    self.supply[f[3]] += 1
                    self.fol[i] = None

    def value(self, nodes, final):
        cells = {c for c, _ in nodes}
        c0, p0 = next(iter(nodes))
        k = self.kind(c0, p0)
        if k == 'road':
            return 0, len(cells)
        coats = sum(1 for (c, p) in nodes
                    if p in self.D[self.board[c][0]]['coats'])
        if final:
            return 1, len(cells) + coats
        return 1, 2 * len(cells) + 2 * coats

    # ---- decisions
    def legal(self):
        if self.decision == 'tile':
            return [('place', x, y, r)
                    for (x, y, r) in self.placements(self.cur)]
        if self.decision == 'follower':
            out = []
            if self.supply[self.player] > 0:
                for part in self.D[self.board[self.last][0]]['parts']:
                    k = self.kind(self.last, part)
                    if k == 'field' and not self.farmers:
                        continue
                    if any(self.owners(self.feature(self.last, part))):
                        continue
                    out.append(('follower', part))
            if self.tower:
                open_t = [c for c in self.towers() if not self.top_of(c)]
                if self.floors[self.player]:
                    out += [('floor', c[0], c[1]) for c in open_t]
                if self.supply[self.player]:
                    out += [('top', c[0], c[1]) for c in open_t
                            if self.height.get(c, 0) >= 1]
            out.append(('pass',))
            return out
        if self.decision == 'capture':
            return [('capture', f[0], f[1], f[2])
                    for f in self.capturable()] + [('pass',)]
        if self.decision == 'ransom':
            return [('ransom', q) for q in self.ransom_to()] + [('pass',)]
        return []

    def apply(self, m):
        if self.decision == 'ransom':
            if m[0] == 'ransom':
                q, p = m[1], self.player
                self.held[q][p] -= 1
                self.supply[p] += 1
                self.score[p][4] -= 3
                self.score[q][4] += 3
                self.events += 2
            self.ransomed = True
            self.draw()
            return
        if m[0] == 'floor':
            c = (m[1], m[2])
            self.height[c] = self.height.get(c, 0) + 1
            self.floors[self.player] -= 1
            self.raised = c
            if self.capturable():
                self.decision = 'capture'
            else:
                self.finish()
            return
        if m[0] == 'top':
            self.add_fol([m[1], m[2], 't', self.player])
            self.supply[self.player] -= 1
            self.finish()
            return
        if m[0] == 'capture':
            f = [g for g in self.capturable()
                 if (g[0], g[1], g[2]) == (m[1], m[2], m[3])][0]
            self.fol[self.fol.index(f)] = None
            me, o = self.player, f[3]
            self.events += 1
            if o == me:
                self.supply[me] += 1
            else:
                self.held[me][o] += 1
                if self.held[o][me]:
                    self.held[me][o] -= 1
                    self.supply[o] += 1
                    self.held[o][me] -= 1
                    self.supply[me] += 1
                    self.events += 1
            self.finish()
            return
        if m[0] == 'place':
            self.board[(m[1], m[2])] = (self.cur, m[3])
            self.last = (m[1], m[2])
            self.decision = 'follower'
            if len(self.legal()) == 1:
                self.finish()
        elif m[0] == 'follower':
            x, y = self.last
            self.add_fol([x, y, m[1], self.player])
            self.supply[self.player] -= 1
            self.finish()
        else:
            self.finish()

    def finish(self):
        d = self.D[self.board[self.last][0]]
        done = []
        for want in ('road', 'city'):
            for part in d['parts']:
                if part == 'm' or self.kind(self.last, part) != want:
                    continue
                nodes = self.feature(self.last, part)
                if frozenset(nodes) in done or not self.complete(nodes):
                    continue
                done.append(frozenset(nodes))
                cat, pts = self.value(nodes, False)
                self.award(nodes, cat, pts, True)
        x, y = self.last
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                c = (x + dx, y + dy)
                if c in self.board and self.D[self.board[c][0]]['mon'] \
                        and self.around(c) == 8:
                    self.award({(c, 'm')}, 2, 9, True)
        self.start_turn((self.player + 1) % self.n)

    def final(self):
        done = []
        for phase in (0, 1):
            for f in self.live():
                c, p = (f[0], f[1]), f[2]
                if p == 't':
                    continue  # C-END-4
                k = self.kind(c, p)
                if (k == 'field') != (phase == 1):
                    continue
                nodes = frozenset(self.feature(c, p))
                if nodes in done:
                    continue
                done.append(nodes)
                if k == 'monastery':
                    self.award(nodes, 2, 1 + self.around(c), False)
                elif k == 'field':
                    cities = set()
                    for (fc, fp) in nodes:
                        dd = self.D[self.board[fc][0]]
                        for q in dd['kind']:
                            if dd['kind'][q] == 'city' and \
                                    (fp, q) in dd['adj']:
                                cn = frozenset(self.feature(fc, q))
                                if self.complete(cn):
                                    cities.add(cn)
                    self.award(nodes, 3, 3 * len(cities), False)
                else:
                    cat, pts = self.value(nodes, True)
                    self.award(nodes, cat, pts, False)
        self.events += len(self.live())  # the returns
        for f in self.live():
            self.supply[f[3]] += 1
        self.fol = []


def line(designs, players, seed, farmers, tower=None, river=None):
    g = Game(designs, players, seed, farmers, tower, river)
    r = (seed * 31 + players + 7 * farmers) & MASK
    h = 1469598103934665603
    moves = 0
    while g.decision != 'end':
        ms = g.legal()
        h = ((h ^ len(ms)) * 1099511628211) & MASK
        r = (r * 6364136223846793005 + 1442695040888963407) & MASK
        g.apply(ms[(r >> 33) % len(ms)])
        moves += 1
    g.final()
    s = '%d %d farmers=%d moves=%d legalhash=%x scores' % (
        players, seed, farmers, moves, h)
    if tower:
        s = 'tower=%s ' % ''.join(str(int(tower[k] not in (0, False,
                                                            'height')))
                                  for k in TOPTS) + s
    if river:
        s = 'river=%s ' % river + s
    for p in range(players):
        s += ''.join(' %d' % v for v in g.score[p])
    return s + ' ev=%d' % g.events


def tower_options(g):
    """The T-OPT values of tower game g (as the engine's test drivers)."""
    return {'capture_own': (g >> 1) & 1, 'capture_top': 1 - ((g >> 2) & 1),
            'ransom_min': 1 - ((g >> 3) & 1),
            'capture_gaps': 1 - ((g >> 4) & 1),
            'tower_range': 'short' if (g >> 5) & 1 else 'height',
            'capture_diagonal': (g >> 6) & 1, 'ransom': 1 - ((g >> 7) & 1)}


def river_game(g):
    """River golden game g: (players, farmers, river_start, with The
    Tower) from its low bits, as tests/test_carc_golden.c."""
    return (2 + g % 4, (g >> 2) & 1, 'remove' if (g >> 3) & 1 else 'shuffle',
            (g >> 4) & 1)


def main():
    designs = parse(open(sys.argv[1]).read())
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    if len(sys.argv) > 3 and sys.argv[3] == 'river':
        # argv[4], argv[5]: the-river.tiles, the-tower.tiles (fragments
        # concatenated after the base set)
        base = open(sys.argv[1]).read()
        river = base + open(sys.argv[4]).read()
        sets = (parse(river), parse(river + open(sys.argv[5]).read()))
        for g in range(games):
            players, farmers, start, tower = river_game(g)
            print(line(sets[tower], players, g, farmers,
                       tower_options((g * 53) & 255) if tower else None,
                       start))
        return
    if len(sys.argv) > 3 and sys.argv[3] == 'tower':
        for g in range(games):
            print(line(designs, 2 + g % 4, g, int(g % 3 == 0),
                       tower_options(g)))
        return
    for players in (2, 3, 4, 5):
        for farmers in (0, 1):
            for seed in range(games):
                print(line(designs, players, seed, farmers))


if __name__ == '__main__':
    main()
