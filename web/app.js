// The libcity web page: the game lives in a WASM instance on this thread
// (web/glue.c); the board is the library's SVG (city_game_svg) without its
// status strip, which this page shows as HTML beside the board; the AI
// thinks in a Web Worker (worker.js). Plain ES module, no framework.
import createCity from './city.mjs';

const $ = (id) => document.getElementById(id);
// The players' colours of the library's palette (lib/render_palette.c).
const COLORS = ['#d0202a', '#1d4fd8', '#ffdd00', '#138a36', '#202020', '#9a9a9a'];
const NAMES = ['Red', 'Blue', 'Yellow', 'Green', 'Black', 'Grey'];
// score categories (CITY_CAT_STREETS .. CITY_CAT_RANSOM): The City's five,
// then the base game's (and The Tower's ransom)
const CATS = ['streets', 'markets', 'towers', 'stewards', 'guards',
  'roads', 'cities', 'monasteries', 'farms', 'ransom'];
const CITY_CATS = [0, 1, 2, 3, 4];
const CARC_CATS = [5, 6, 7, 8];
const TOWER_CATS = [5, 6, 7, 8, 9];
const FARMS = 8;
// CITY_REASON_*
const REASONS = ['', 'street', 'market', 'street (wall)', 'market (wall)', 'tower',
  'street (final)', 'market (final)', 'stewards', 'guard',
  'road', 'city', 'monastery', 'road (final)', 'city (final)', 'monastery (final)',
  'farm', 'ransom'];
const ROLE_GUARD = 3; // CITY_ROLE_GUARD: drawn on its wall piece, not as a follower
const SVG_LEGAL = 1;
const SVG_NO_STRIP = 4; // CITY_SVG_NO_STRIP: the strip is this page's panel
const SVGNS = 'http://www.w3.org/2000/svg';

const bytes = await (await fetch(new URL('city.wasm', import.meta.url))).arrayBuffer();
const M = await createCity({ wasmBinary: bytes });
const api = {
  create: M.cwrap('wc_new', 'number', ['string', 'number', 'number', 'number']),
  load: M.cwrap('wc_load', 'number', ['string']),
  free: M.cwrap('wc_free', null, ['number']),
  ok: M.cwrap('wc_ok', 'number', ['number']),
  error: M.cwrap('wc_error', 'string', ['number']),
  apply: M.cwrap('wc_apply', 'number', ['number', 'string']),
  undo: M.cwrap('wc_undo', 'number', ['number']),
  svg: M.cwrap('wc_svg', 'string', ['number', 'number']),
  svgAfter: M.cwrap('wc_svg_after', 'string', ['number', 'string', 'number']),
  save: M.cwrap('wc_save', 'string', ['number']),
  state: M.cwrap('wc_state', 'string', ['number']),
  designSvg: M.cwrap('wc_design_svg', 'string', ['number', 'number']),
  legendSvg: M.cwrap('wc_legend_svg', 'string', ['number']),
  svgBeforeFinal: M.cwrap('wc_svg_before_final', 'string', ['number', 'number']),
  finalFollowers: M.cwrap('wc_final_followers', 'string', ['number']),
  // city_game_tiles_remaining (absent from builds of a library without it)
  remaining: M._wc_remaining ? M.cwrap('wc_remaining', 'string', ['number', 'number']) : null,
};

const worker = new Worker(new URL('worker.js', import.meta.url), { type: 'module' });
const pending = new Map();
let requestId = 0;
worker.onmessage = (e) => {
  const cb = pending.get(e.data.id);
  pending.delete(e.data.id);
  if (cb) cb(e.data);
};
worker.onerror = (e) => showMessage('AI worker error: ' + e.message);
function think(level, seed) {
  const id = ++requestId;
  const record = api.save(game);
  return new Promise((resolve) => {
    pending.set(id, resolve);
    worker.postMessage({ id, record, level, seed });
  });
}

// ---- page state ----------------------------------------------------------
let game = 0;          // the wc handle
let seats = [];        // per player: 'human' | 'easy' | 'medium' | 'hard'
let seedBase = 1;
let generation = 0;    // bumps on new game / load / undo: stale AI answers are dropped
let st = null;         // last wc_state() JSON
let rot = 0;           // the rotation the human turned the current tile to
let hover = null;      // the legal cell under the cursor: {x, y, rots}
let remainingKey = ''; // what the remaining-tiles grid shows
let hint = null;       // {moves, move, how}: the hint for the decision at `moves`
let lastBanner = '';
let movers = [];       // who made each move (this page's games; loaded records: unknown)
const pictures = new Map(); // design id -> the library's drawing of it (rotation 0)
const view = { x: 0, y: 0, s: 1, auto: true }; // auto: fit the city until the user pans or zooms

function seatsUI() {
  const n = +$('players').value;
  const box = $('seats');
  const old = [...box.querySelectorAll('select')].map((s) => s.value);
  box.innerHTML = '';
  for (let p = 0; p < n; p++) {
    const label = document.createElement('label');
    label.innerHTML = `<span class="swatch" style="background:${COLORS[p]}"></span>`;
    const sel = document.createElement('select');
    sel.id = 'seat' + p;
    sel.title = NAMES[p];
    for (const [v, t] of [['human', 'human'], ['easy', 'AI easy'], ['medium', 'AI medium'], ['hard', 'AI hard']]) {
      const o = document.createElement('option');
      o.value = v; o.textContent = t;
      sel.append(o);
    }
    sel.value = old[p] || (p === 0 ? 'human' : 'medium');
    label.append(sel);
    box.append(label);
  }
}

function splitSeed(text) {
  let v;
  try { v = BigInt.asUintN(64, BigInt(text || '0')); } catch { v = 0n; }
  return [Number(v & 0xffffffffn), Number(v >> 32n)];
}

function newGame() {
  const n = +$('players').value;
  seats = [];
  for (let p = 0; p < n; p++) seats.push($('seat' + p).value);
  seedBase = Number(BigInt.asUintN(32, BigInt($('seed').value || '0')));
  const [lo, hi] = splitSeed($('seed').value);
  const g = $('game').value;
  const carc = g !== 'the-city';
  const h = api.create(g + (carc && $('river').checked ? '+river' : '') +
    (carc && $('farmers').checked ? '+farmers' : ''), n, lo, hi);
  if (!api.ok(h)) {
    showMessage(api.error(h));
    api.free(h);
    return;
  }
  replaceGame(h);
}

function replaceGame(h) {
  if (game) api.free(game);
  game = h;
  generation++;
  pictures.clear();
  movers = [];
  remainingKey = '';
  $('remaining').innerHTML = '';
  drawLegend();
  rot = 0;
  hover = null;
  hint = null;
  view.auto = true;
  showMessage('');
  update();
}

function showMessage(t) { $('message').textContent = t; }
const human = () => st && st.decision !== 'end' && seats[st.player] === 'human';
const esc = (t) => String(t).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));

// ---- tile pictures ---------------------------------------------------------
// The library's own drawing of a design at rotation 0 (wc_design_svg:
// city_tileset_svg), 96 x 96 user units; its patterns are the board's.
function picture(design) {
  if (!pictures.has(design)) {
    const text = api.designSvg(game, design);
    const doc = new DOMParser().parseFromString(text || '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml');
    const cur = doc.querySelector('g.design');
    pictures.set(design, cur ? cur.innerHTML
      : `<rect width="96" height="96" fill="#ccc"/><text x="48" y="56" text-anchor="middle" font-size="24">${design}</text>`);
  }
  return pictures.get(design);
}

// A small picture of a design turned by `r` quarter turns clockwise.
function tileSvg(design, r, size) {
  return `<svg xmlns="${SVGNS}" viewBox="0 0 96 96" width="${size}" height="${size}" class="pic" data-design="${design}" data-rot="${r}">` +
    `<g transform="rotate(${90 * r} 48 48)">${picture(design)}</g></svg>`;
}

// The library's legend (CITY_SVG_LEGEND: the band under the strip of a new
// game's SVG), cut out at its natural size for the legend button; absent
// from a library without it.
function drawLegend() {
  const doc = new DOMParser().parseFromString(api.legendSvg(game) || '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml');
  const band = doc.querySelector('g.legend');
  const rect = band?.querySelector('rect');
  $('legendbtn').hidden = !rect;
  $('legend').innerHTML = '';
  if (!rect) { $('legend').hidden = true; return; }
  const y = +rect.getAttribute('y'), w = +rect.getAttribute('width'), h = +rect.getAttribute('height');
  const defs = doc.querySelector('defs');
  $('legend').innerHTML = `<svg xmlns="${SVGNS}" viewBox="0 ${y} ${w} ${h}" width="${w}" height="${h}">` +
    `${defs ? defs.outerHTML : ''}${band.outerHTML}</svg>`;
}

// ---- drawing --------------------------------------------------------------
function drawBoard() {
  let svg = api.svg(game, (human() ? SVG_LEGAL : 0) | SVG_NO_STRIP);
  svg = svg.replace(/^<\?xml[^>]*\?>\s*/, '');
  $('board').innerHTML = svg;
  const el = $('board').querySelector('svg');
  if (!el) return;
  // the area round the board in the picture's own ground colour, so a
  // narrow board shows no seam
  const ground = el.querySelector('rect.ground');
  if (ground) $('boardwrap').style.background = ground.getAttribute('fill');
  if (st.final) drawScoredFollowers(el);
  drawGhost();
  drawHint();
  if (view.auto) fit();
  applyView();
}

// At the end: the followers final scoring sent home, faded, where they
// stood, with the points each brought its player.
function drawScoredFollowers(el) {
  const list = JSON.parse(api.finalFollowers(game)).filter((f) => f.role !== ROLE_GUARD);
  const pre = new DOMParser().parseFromString(api.svgBeforeFinal(game, 0), 'image/svg+xml');
  const drawn = [...pre.querySelectorAll('g.follower')];
  if (!list.length || drawn.length !== list.length) return;
  // a follower still standing on the final board (The City keeps them) is
  // faded where it stands; one sent home is drawn again, faded
  // (a follower is known by its geometry: every meeple may share one path)
  const geometry = ['transform', 'd', 'cx', 'cy', 'x', 'y'];
  const key = (f) => [f, ...f.querySelectorAll('*')].map((e) => geometry.map((a) => e.getAttribute(a) || '').join(',')).join(';') + f.textContent;
  const still = new Map([...el.querySelectorAll('g.follower')].map((f) => [key(f), f]));
  const g = document.createElementNS(SVGNS, 'g');
  g.setAttribute('class', 'scored');
  el.append(g);
  drawn.forEach((f, i) => {
    let node = still.get(key(f));
    if (!node) {
      node = document.importNode(f, true);
      g.append(node);
    }
    node.classList.add('scored-follower');
    node.dataset.player = list[i].player;
    node.dataset.points = list[i].points;
    if (list[i].points > 0) {
      const b = node.getBBox();
      const t = document.createElementNS(SVGNS, 'text');
      t.setAttribute('x', b.x + b.width / 2);
      t.setAttribute('y', b.y - 3);
      t.setAttribute('class', 'points');
      t.setAttribute('fill', COLORS[list[i].player]);
      t.textContent = '+' + list[i].points;
      g.append(t);
    }
  });
}

// the cell's origin and size in board units, from its legal mark
function cellBox(x, y) {
  const r = $('board').querySelector(`rect.legal[data-x="${x}"][data-y="${y}"]`);
  if (!r) return null;
  const cell = +$('board').querySelector('svg').getAttribute('data-cell') || 96;
  const cx = +r.getAttribute('x') + +r.getAttribute('width') / 2;
  const cy = +r.getAttribute('y') + +r.getAttribute('height') / 2;
  return { x: cx - cell / 2, y: cy - cell / 2, cell };
}

// the rotation the tile shows at a cell: the one turned to when it fits
// there, else the next one clockwise that does
function shownRotation(rots) {
  for (let k = 0; k < 4; k++) if (rots.includes((rot + k) % 4)) return (rot + k) % 4;
  return rots[0];
}

// A point of an element in its parent's coordinates (x/y, cx/cy, or a
// path's first move-to), for lining up two drawings of one tile.
function anchor(e) {
  if (e.hasAttribute('transform')) return null;
  for (const [a, b] of [['x', 'y'], ['cx', 'cy']]) {
    if (e.hasAttribute(a) && e.hasAttribute(b)) return [+e.getAttribute(a), +e.getAttribute(b)];
  }
  const m = /^\s*M\s*(-?[\d.]+)[\s,]+(-?[\d.]+)/.exec(e.getAttribute('d') || '');
  return m ? [+m[1], +m[2]] : null;
}

// an SVG board's frame: its origin cell and width (for the browser test)
const frameOf = (el) => ['data-min-x', 'data-min-y', 'width'].map((a) => el.getAttribute(a)).join(' ');

// The tile as the library will draw it placed at (x, y) turned r: the
// cell's group in the SVG of the game after the move (wc_svg_after), moved
// into this board's frame by lining up a tile both boards hold. null when
// there is none to line up with (the first tile): the picture is turned
// instead.
const exact = new Map();
function exactTile(x, y, r) {
  const k = `${st.moves} ${x} ${y} ${r}`;
  if (exact.has(k)) return exact.get(k);
  let out = null;
  const ref = $('board').querySelector('g.tile');
  if (ref) {
    const doc = new DOMParser().parseFromString(api.svgAfter(game, `place ${x} ${y} ${r}`, 0) || '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml');
    const tile = doc.querySelector(`g.tile[data-x="${x}"][data-y="${y}"]`);
    const ref2 = doc.querySelector(`g.tile[data-x="${ref.dataset.x}"][data-y="${ref.dataset.y}"]`);
    if (tile && ref2 && ref2.children.length === ref.children.length) {
      for (let i = 0; i < ref.children.length && !out; i++) {
        const a = anchor(ref.children[i]), b = anchor(ref2.children[i]);
        if (a && b) out = { markup: tile.innerHTML, dx: a[0] - b[0], dy: a[1] - b[1], frame: frameOf(doc.documentElement) };
      }
    }
  }
  if (exact.size > 200) exact.clear();
  exact.set(k, out);
  return out;
}

function ghostNode(cls, x, y, r) {
  const box = cellBox(x, y);
  const el = $('board').querySelector('svg');
  if (!box || !el || st.tile < 0) return null;
  const g = document.createElementNS(SVGNS, 'g');
  g.setAttribute('class', cls);
  g.dataset.x = x;
  g.dataset.y = y;
  g.dataset.rot = r;
  const t = exactTile(x, y, r);
  const frame = `<rect class="frame" x="${box.x + 1}" y="${box.y + 1}" width="${box.cell - 2}" height="${box.cell - 2}" fill="none"/>`;
  if (t) {
    g.dataset.exact = t.frame;
    g.innerHTML = `<g transform="translate(${t.dx} ${t.dy})">${t.markup}</g>${frame}`;
  } else {
    g.innerHTML = `<g transform="translate(${box.x} ${box.y}) scale(${box.cell / 96}) rotate(${90 * r} 48 48)">${picture(st.tile)}</g>${frame}`;
  }
  el.append(g);
  return g;
}

// the current tile under the cursor, turned to a rotation that fits there
function drawGhost() {
  $('board').querySelector('g.ghost')?.remove();
  $('board').querySelectorAll('rect.legal.hovered').forEach((r) => r.classList.remove('hovered'));
  delete document.body.dataset.ghost;
  if (!hover || !human() || st.decision !== 'tile') return;
  const r = shownRotation(hover.rots);
  const g = ghostNode('ghost', hover.x, hover.y, r);
  if (!g) return;
  $('board').querySelector(`rect.legal[data-x="${hover.x}"][data-y="${hover.y}"]`)?.classList.add('hovered');
  document.body.dataset.ghost = `${hover.x} ${hover.y} ${r}`;
  drawPreview();
}

// the hint, on the board: the cell with the tile turned as suggested, or
// the suggested mark or button
function drawHint() {
  document.querySelectorAll('.hinted').forEach((e) => e.classList.remove('hinted'));
  $('board').querySelector('g.hintghost')?.remove();
  if (!hint || !st || hint.moves !== st.moves) return;
  const w = hint.move.split(' ');
  if (w[0] === 'place') {
    const g = ghostNode('hintghost', +w[1], +w[2], +w[3]);
    const box = cellBox(+w[1], +w[2]);
    if (g && box) g.insertAdjacentHTML('beforeend', `<text x="${box.x + box.cell / 2}" y="${box.y + box.cell - 8}" text-anchor="middle" class="hintlabel">hint</text>`);
    return;
  }
  const sel = `[data-move="${CSS.escape(hint.move)}"]`;
  document.querySelectorAll(`#board ${sel}, #actions ${sel}`).forEach((e) => e.classList.add('hinted'));
}

function applyView() {
  $('board').style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.s})`;
}

function fit() {
  const el = $('board').querySelector('svg');
  const wrap = $('boardwrap').getBoundingClientRect();
  if (!el) return;
  // the zoom buttons keep a strip of their own at the bottom
  const w = +el.getAttribute('width'), h = +el.getAttribute('height');
  const room = { w: wrap.width, h: wrap.height - 40 };
  view.s = Math.min(room.w / w, room.h / h, 1.5);
  view.x = (room.w - w * view.s) / 2;
  view.y = (room.h - h * view.s) / 2;
  applyView();
}

function zoomAt(factor, cx, cy) {
  view.auto = false;
  const s = Math.min(6, Math.max(0.1, view.s * factor));
  view.x = cx - (cx - view.x) * (s / view.s);
  view.y = cy - (cy - view.y) * (s / view.s);
  view.s = s;
  applyView();
}

const seatKind = (p) => (seats[p] === 'human' ? 'human' : 'AI ' + seats[p]);
const swatch = (p) => `<span class="swatch" style="background:${COLORS[p]}"></span>`;
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

function drawBanner() {
  const d = st.decision;
  const b = $('banner');
  let text;
  if (d === 'end') {
    const winners = st.scores.map((s, p) => p).filter((p) => st.winners & (1 << p));
    const best = winners.map((p) => NAMES[p]).join(' and ');
    text = st.final ? `Game over — ${best} ${winners.length > 1 ? 'win' : 'wins'} with ${st.scores[winners[0]]?.total ?? 0} points` : 'Game over';
    b.style.setProperty('--pc', winners.length === 1 ? COLORS[winners[0]] : '#3b3026');
  } else {
    const p = st.player;
    text = seats[p] === 'human'
      ? `${NAMES[p]}, your turn: ${describe(d)}`
      : `${NAMES[p]} (${seatKind(p)}) is thinking…`;
    b.style.setProperty('--pc', COLORS[p]);
  }
  b.innerHTML = `<span class="disc"></span>${esc(text)}`;
  b.dataset.player = d === 'end' ? '' : st.player;
  // a new human at the screen (hot seat): make the change seen
  const key = d === 'end' ? 'end' : `${st.player} ${seats[st.player]}`;
  if (key !== lastBanner && d !== 'end' && seats[st.player] === 'human' && seats.filter((s) => s === 'human').length > 1) {
    b.classList.remove('flash');
    void b.offsetWidth;
    b.classList.add('flash');
  }
  lastBanner = key;
}

function drawPreview() {
  const box = $('preview');
  const tileTurn = st.decision === 'tile' && st.tile >= 0;
  $('tilebox').hidden = !tileTurn;
  if (!tileTurn) return;
  const r = hover ? shownRotation(hover.rots) : rot;
  const t = hover && exactTile(hover.x, hover.y, r);
  const box0 = t && cellBox(hover.x, hover.y);
  box.innerHTML = box0 // the tile as it will be drawn there
    ? `<svg xmlns="${SVGNS}" viewBox="${box0.x - t.dx} ${box0.y - t.dy} ${box0.cell} ${box0.cell}" width="96" height="96" class="pic" data-design="${st.tile}" data-rot="${r}">${t.markup}</svg>`
    : tileSvg(st.tile, r, 96);
  const mine = human();
  $('rotl').disabled = $('rotr').disabled = !mine;
  const cells = new Set(st.legal.filter((m) => m.startsWith('place ')).map((m) => m.split(' ').slice(1, 3).join(' '))).size;
  const stack = st.game === 0 ? ` · stack ${stackOf()}` : '';
  $('tilehelp').innerHTML = (mine
    ? (hover ? `fits here in ${plural(hover.rots.length, 'rotation', 'rotations')}; click to place`
      : `fits on ${plural(cells, 'cell', 'cells')}: point at one, turn with R or the wheel, click to place`)
    : `${NAMES[st.player]} places this tile`) + stack;
}

// The City: the stack the current tile came from (the first with tiles, as
// counted before the draw)
function stackOf() {
  const left = st.left;
  for (let s = 0; s < 3; s++) if (left[s] > 0) return s + 1;
  return 3;
}

function drawScores() {
  const d = st.decision;
  // farms only with the farmers (C-OPT-1)
  const cats = (st.game === 0 ? CITY_CATS : (st.tower ? TOWER_CATS : CARC_CATS)).filter((c) => c !== FARMS || st.farmers);
  const top = Math.max(20, ...st.scores.map((s) => s.total));
  $('scores').innerHTML = st.scores.map((s, p) => {
    const supply = [plural(s.followers, 'follower', 'followers')];
    if (st.game === 0) supply.push(plural(s.towers, 'tower', 'towers'));
    if (st.tower) {
      supply.push(plural(s.floors, 'tower floor', 'tower floors'));
      const held = s.prisoners.map((c, o) => (c ? `${c} ${NAMES[o]}` : '')).filter(Boolean);
      if (held.length) supply.push('holds ' + held.join(', '));
    }
    const pct = Math.max(0, (100 * s.total) / top);
    const win = st.final && st.winners & (1 << p);
    return `<div class="player${p === st.player && d !== 'end' ? ' current' : ''}${win ? ' winner' : ''}" data-player="${p}">` +
      `<div class="who">${swatch(p)}<b>${NAMES[p]}</b> <span class="kind">${seatKind(p)}</span>${win ? ' <span class="crown">winner</span>' : ''}` +
      `<span class="total">${s.total}</span></div>` +
      `<div class="bar"><span style="width:${pct.toFixed(1)}%;background:${COLORS[p]}"></span></div>` +
      `<div class="cats">${cats.map((c) => `<span class="cat${s.cat[c] ? '' : ' zero'}">${CATS[c]} <b>${s.cat[c]}</b></span>`).join('')}</div>` +
      `<div class="supply">${supply.join(' · ')}</div></div>`;
  }).join('');
  if (st.final) {
    $('final').textContent = 'Final: ' + st.scores.map((s, p) => `${NAMES[p]} ${s.total}`).join(', ');
    $('final').dataset.scores = st.scores.map((s) => s.total).join(' ');
  } else {
    $('final').textContent = '';
    delete $('final').dataset.scores;
  }
}

// The designs still to come, as small pictures with their counts (The
// City: by stack). The pictures are drawn once a game; an update sets the
// counts and hides the designs gone.
function drawRemaining() {
  const box = $('remaining');
  const left = st.left.reduce((a, b) => a + b, 0);
  if (!api.remaining) {
    box.textContent = 'this build of the library has no city_game_tiles_remaining';
    $('leftcount').textContent = `(${left})`;
    return;
  }
  const stacks = st.game === 0 ? [1, 2, 3] : [0];
  const lists = stacks.map((s) => api.remaining(game, s));
  const inPlay = st.decision === 'tile' && st.tile >= 0;
  const key = lists.join('|') + inPlay;
  if (key === remainingKey) return; // the same as drawn
  remainingKey = key;
  let total = 0;
  stacks.forEach((s, i) => {
    const list = JSON.parse(lists[i]);
    let grid = box.querySelector(`.grid[data-stack="${s}"]`);
    const known = grid ? new Set([...grid.children].map((e) => +e.dataset.design)) : new Set();
    if (!grid || list.some(([d]) => !known.has(d))) {
      // first drawing (or a design not seen in this stack yet, after an undo)
      const all = new Set([...known, ...list.map(([d]) => d)]);
      const html = [...all].sort((x, y) => x - y).map((d) =>
        `<div class="rt" data-design="${d}">${tileSvg(d, 0, 40)}<span class="count"></span></div>`).join('');
      if (!grid) {
        const name = document.createElement('div');
        name.className = 'stackname';
        name.dataset.stack = s;
        grid = document.createElement('div');
        grid.className = 'grid';
        grid.dataset.stack = s;
        box.append(name, grid);
      }
      grid.innerHTML = html;
    }
    const count = new Map(list);
    let n = 0;
    for (const e of grid.children) {
      const c = count.get(+e.dataset.design) || 0;
      e.dataset.count = c;
      e.hidden = c === 0;
      e.title = `design ${e.dataset.design}: ${c} to come`;
      e.lastChild.textContent = c > 1 ? '×' + c : '';
      n += c;
    }
    total += n;
    const name = box.querySelector(`.stackname[data-stack="${s}"]`);
    name.textContent = st.game === 0 ? `stack ${s}: ${plural(n, 'tile', 'tiles')}` : (n ? '' : 'none');
    name.hidden = st.game === 0 ? n === 0 : n > 0;
  });
  $('leftcount').textContent = `(${total}${inPlay ? ' and the tile in play' : ''})`;
  box.dataset.total = total;
}

// the last turn: what the player before did, as words
function drawLast() {
  const h = st.history;
  if (!h.length) { $('last').textContent = ''; return; }
  let i = h.length - 1;
  while (i > 0 && !h[i].startsWith('place ')) i--;
  const words = h.slice(i).map((m) => label(m, true));
  const who = movers[i];
  const now = st.decision !== 'end' && who === st.player; // still this player's turn
  $('last').innerHTML = `<b>${now ? 'This turn' : 'Last turn'}</b>${who === undefined ? '' : ' ' + swatch(who) + NAMES[who]}: ${words.map(esc).join('; ')}`;
}

function drawEvents() {
  // the log, newest last; the followers going home at one move make one line
  const ev = st.events;
  const items = [];
  for (let i = 0; i < ev.length; i++) {
    const e = ev[i];
    const at = e.move >= st.moves && st.final ? 'final scoring' : `move ${e.move}`;
    if (e.kind === 3) {
      const per = new Map();
      let j = i;
      for (; j < ev.length && ev[j].kind === 3 && ev[j].move === e.move; j++) per.set(ev[j].player, (per.get(ev[j].player) || 0) + 1);
      i = j - 1;
      items.push(`${at}: followers go home (${[...per].map(([p, c]) => `${NAMES[p]} ${c}`).join(', ')})`);
    } else if (e.kind === 1) items.push(`${at}: ${NAMES[e.player]} ${e.points >= 0 ? '+' : ''}${e.points} ${REASONS[e.reason] || ''}`);
    else if (e.kind === 2) items.push(`${at}: tile ${e.design} discarded (fits nowhere)`);
    else if (e.kind === 4) items.push(`${at}: ${NAMES[e.player]} took a follower prisoner (${e.x},${e.y})`);
    else if (e.kind === 5) items.push(`${at}: prisoners exchanged (${NAMES[e.player]})`);
  }
  const box = $('events');
  box.innerHTML = items.map((t) => `<li>${esc(t)}</li>`).join('');
  box.scrollTop = box.scrollHeight;
  $('eventbox').querySelector('summary').textContent = `Events (${items.length})`;
  // at the end the log tells what final scoring gave: open it once
  if (st.decision === 'end' && !$('eventbox').dataset.shownEnd) {
    $('eventbox').dataset.shownEnd = '1';
    $('eventbox').open = true;
  } else if (st.decision !== 'end') delete $('eventbox').dataset.shownEnd;
}

function drawPanel() {
  const d = st.decision;
  document.body.dataset.decision = d;
  document.body.dataset.player = st.player;
  document.body.dataset.moves = st.moves;
  drawBanner();
  drawPreview();
  drawScores();
  drawRemaining();
  drawLast();
  drawEvents();
  drawActions();
}

function describe(d) {
  return {
    tile: 'place the tile',
    follower: 'place a follower on a white spot, or pass',
    gate: 'place the city gate on a highlighted side',
    wall: 'build a wall piece at one end',
    guard: 'place a guard on the new wall piece, or pass',
    tower: 'build a tower at one end, or pass',
    capture: 'take a follower in the tower\'s range (red ring), or pass',
    ransom: 'pay a ransom to free a follower, or pass',
  }[d] || d;
}

// a move in words; `past`: as the last turn's report
function label(move, past) {
  const w = move.split(' ');
  const k = w[0];
  if (k === 'place') return past ? `tile at ${w[1]},${w[2]}` : move;
  if (k === 'follower') return past ? `a follower on part ${w[1]}` : `Follower on part ${w[1]}`;
  if (k === 'gate') return past ? 'the city gate' : `Gate at ${w[1]},${w[2]}`;
  if (k === 'wall') return (past ? 'wall at the ' : 'Wall: ') + (w[1] === 'cw' ? 'clockwise end' : 'counter-clockwise end');
  if (k === 'tower') return (past ? 'tower at the ' : 'Tower: ') + (w[1] === 'cw' ? 'clockwise end' : 'counter-clockwise end');
  if (k === 'guard') return past ? 'a guard on the new wall piece' : 'Guard on the new piece';
  if (k === 'pass') return past ? 'passed' : 'Pass';
  if (k === 'floor') return `${past ? 'a' : 'Tower'} floor at ${w[1]},${w[2]}`;
  if (k === 'top') return `${past ? 'a follower' : 'Follower'} on top of the tower at ${w[1]},${w[2]}`;
  if (k === 'capture') return `${past ? 'took a follower' : 'Capture'} at ${w[1]},${w[2]}`;
  if (k === 'ransom') return `${past ? 'paid' : 'Pay'} a ransom (3 points) to ${NAMES[+w[1]] || w[1]}`;
  return move;
}

function button(text, onclick, cls) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  if (cls) b.className = cls;
  b.onclick = onclick;
  return b;
}

// the choices not on the board, as buttons (a choice the board marks with
// data-move is clicked there)
function drawActions() {
  const box = $('actions');
  box.innerHTML = '';
  if (!human()) return;
  const onBoard = new Set([...$('board').querySelectorAll('[data-move]')].map((e) => e.dataset.move));
  for (const m of st.legal) {
    if (m.startsWith('place ') || m.startsWith('follower ') || onBoard.has(m)) continue;
    const b = button(label(m), () => play(m), 'move' + (m === 'pass' ? ' pass' : ''));
    b.dataset.move = m;
    box.append(b);
  }
}

let updateMs = 0;      // the last redraw's time (window.cityPage.updateMs)
function update() {
  const t0 = performance.now();
  st = JSON.parse(api.state(game));
  if (st.decision !== 'tile') hover = null;
  drawBoard();
  drawPanel();
  drawHint();
  updateMs = performance.now() - t0;
  const me = st.decision === 'end' || seats[st.player] === 'human';
  document.body.dataset.ready = st.decision === 'end' ? 'ended' : (me ? 'human' : 'ai');
  if (!me) aiTurn();
}

// ---- moves ----------------------------------------------------------------
function play(move) {
  const who = st.player, at = st.moves;
  const rc = api.apply(game, move);
  if (rc !== 0) {
    showMessage(`${move}: ${api.error(game)}`);
    return false;
  }
  movers[at] = who;
  showMessage('');
  $('hinttext').textContent = '';
  hint = null;
  hover = null;
  update();
  return true;
}

function turn(step) {
  if (!human() || st.decision !== 'tile') return;
  if (hover) {
    // the next rotation that fits this cell, in the direction asked
    const cur = shownRotation(hover.rots);
    for (let k = 1; k <= 4; k++) {
      const r = (cur + step * k + 8) % 4;
      if (hover.rots.includes(r)) { rot = r; break; }
    }
  } else rot = (rot + step + 4) % 4;
  drawGhost();
  drawPreview();
}

// An AI's move shows no sooner than this after the move before it, so that
// a human sees each move (?fast: at once, for tests).
const AI_PACE_MS = new URLSearchParams(location.search).has('fast') ? 0 : 450;

async function aiTurn() {
  const gen = generation;
  const moves = st.moves;
  const t0 = performance.now();
  document.body.classList.add('thinking');
  const answer = await think(seats[st.player], seedBase * 1000003 + moves);
  const wait = seats.includes('human') ? AI_PACE_MS - (performance.now() - t0) : 0;
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  if (gen !== generation || moves !== st.moves) return; // the game changed meanwhile
  document.body.classList.remove('thinking');
  if (answer.error || !answer.move) {
    showMessage('AI: ' + (answer.error || 'no move'));
    return;
  }
  play(answer.move);
}

// ---- board: placing, clicks, pan and zoom --------------------------------
// The tile follows the pointer from one cell where it fits to the next and
// stays at the last one when the pointer leaves (to the rotate buttons).
$('board').addEventListener('pointerover', (e) => {
  if (!human() || st.decision !== 'tile') return;
  const cell = legalCell(e.target);
  if (!cell || (+cell.dataset.x === hover?.x && +cell.dataset.y === hover?.y)) return;
  hover = { x: +cell.dataset.x, y: +cell.dataset.y, rots: cell.dataset.rot.split(' ').map(Number) };
  drawGhost();
  drawPreview();
});

// The cell mark (rect.legal) under an element of the tile overlay: the
// mark itself, or a rotation arrow in it (class legal-rot, "place X Y R").
function legalCell(target) {
  const cell = target.closest('rect.legal');
  if (cell) return cell;
  const arrow = target.closest('.legal-rot');
  if (!arrow) return null;
  const [, x, y] = arrow.dataset.move.split(' ');
  return $('board').querySelector(`rect.legal[data-x="${x}"][data-y="${y}"]`);
}

function commitHover() {
  if (!hover || !human() || st.decision !== 'tile') return;
  rot = shownRotation(hover.rots); // the next tile starts turned as this one was
  play(`place ${hover.x} ${hover.y} ${rot}`);
}

let drag = null;
$('boardwrap').addEventListener('pointerdown', (e) => {
  if (e.button !== 0) return;
  drag = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y, moved: false };
});
window.addEventListener('pointermove', (e) => {
  if (!drag) return;
  const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
  if (!drag.moved && Math.hypot(dx, dy) < 5) return;
  drag.moved = true;
  view.auto = false;
  $('boardwrap').classList.add('dragging');
  view.x = drag.vx + dx;
  view.y = drag.vy + dy;
  applyView();
});
window.addEventListener('pointerup', () => {
  $('boardwrap').classList.remove('dragging');
  setTimeout(() => { drag = null; }, 0);
});
$('boardwrap').addEventListener('wheel', (e) => {
  e.preventDefault();
  // over a cell where the tile fits, the wheel turns the tile; elsewhere it zooms
  if (hover && legalCell(e.target)) {
    turn(e.deltaY < 0 ? -1 : 1);
    return;
  }
  const r = $('boardwrap').getBoundingClientRect();
  zoomAt(e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX - r.left, e.clientY - r.top);
}, { passive: false });
$('zoomin').onclick = () => { const r = $('boardwrap').getBoundingClientRect(); zoomAt(1.25, r.width / 2, r.height / 2); };
$('zoomout').onclick = () => { const r = $('boardwrap').getBoundingClientRect(); zoomAt(0.8, r.width / 2, r.height / 2); };
$('fit').onclick = () => { view.auto = true; fit(); };
$('legendbtn').onclick = () => { $('legend').hidden = !$('legend').hidden; };
$('rotl').onclick = () => turn(-1);
$('rotr').onclick = () => turn(1);
window.addEventListener('keydown', (e) => {
  if (e.target.closest?.('input, select, textarea') || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === 'r' || e.key === 'R') { turn(e.shiftKey ? -1 : 1); e.preventDefault(); }
  if (e.key === 'Enter' && e.target === document.body) commitHover();
});

$('board').addEventListener('click', (e) => {
  if (drag?.moved) return;
  if (!human()) return;
  // a click in a cell places the tile as it is shown there (an arrow under
  // the tile shown does not choose another rotation)
  const cell = legalCell(e.target);
  if (cell) {
    const x = +cell.dataset.x, y = +cell.dataset.y;
    if (hover?.x !== x || hover?.y !== y) hover = { x, y, rots: cell.dataset.rot.split(' ').map(Number) };
    commitHover();
    return;
  }
  const t = e.target.closest('[data-move]');
  if (t) play(t.dataset.move); // the mark's move text (a refusal shows its reason)
});

// ---- tools ---------------------------------------------------------------
$('undo').onclick = () => {
  // back to the last decision a human made
  generation++;
  document.body.classList.remove('thinking');
  let undone = 0;
  while (api.undo(game) === 0) {
    undone++;
    const s = JSON.parse(api.state(game));
    if (seats[s.player] === 'human') break;
  }
  hint = null;
  hover = null;
  $('hinttext').textContent = '';
  showMessage(undone ? '' : 'nothing to undo');
  update();
};

$('hint').onclick = async () => {
  if (!human()) return;
  const gen = generation, moves = st.moves;
  $('hinttext').textContent = 'thinking…';
  const a = await think('hard', seedBase * 7919 + moves);
  if (gen !== generation || moves !== st.moves) return;
  if (a.error || !a.move) {
    $('hinttext').textContent = 'hint: ' + (a.error || 'none');
    return;
  }
  hint = { moves, move: a.move, how: a.how };
  const w = a.move.split(' ');
  if (w[0] === 'place') rot = +w[3];
  const where = w[0] === 'place' ? 'the marked cell, turned as shown'
    : (document.querySelector(`#board [data-move="${CSS.escape(a.move)}"]`) ? 'the marked spot' : `“${label(a.move)}”`);
  $('hinttext').textContent = `hint: ${where}`;
  $('hinttext').dataset.move = a.move;
  $('hinttext').title = `${a.how}: ${a.move}`;
  drawHint();
  drawPreview();
};

$('save').onclick = () => {
  const text = api.save(game);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  a.download = `game-seed${$('seed').value}-move${st.moves}.city`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
};

$('load').onchange = async (e) => {
  const f = e.target.files[0];
  if (!f) return;
  const h = api.load(await f.text());
  e.target.value = '';
  if (!api.ok(h)) {
    showMessage('cannot load: ' + api.error(h));
    api.free(h);
    return;
  }
  const s0 = JSON.parse(api.state(h));
  const n = s0.players;
  $('game').value = s0.game === 0 ? 'the-city' : (s0.tower ? 'carcassonne-tower' : 'carcassonne');
  $('five').disabled = s0.game === 0;
  $('farmers').disabled = s0.game === 0;
  $('river').disabled = s0.game === 0;
  $('river').checked = !!s0.river;
  $('players').value = String(n);
  seatsUI();
  seats = [];
  for (let p = 0; p < n; p++) seats.push($('seat' + p).value);
  replaceGame(h);
};

$('players').onchange = seatsUI;
// five players, farmers and The River are the base game's (C-SET-1,
// C-OPT-1, V-SET-1)
function gameUI() {
  const city = $('game').value === 'the-city';
  $('five').disabled = city;
  $('farmers').disabled = city;
  $('river').disabled = city;
  if (city && $('players').value === '5') $('players').value = '4';
  seatsUI();
}
$('game').onchange = gameUI;
$('setup').onsubmit = (e) => { e.preventDefault(); newGame(); };
window.addEventListener('resize', () => (view.auto ? fit() : applyView()));

// a hook for tests and the console: the record, the state, the remaining
// designs (city_game_tiles_remaining, [[design, count]...])
// (bench: random games/s of this WASM build on this thread, web/glue.c)
window.cityPage = {
  record: () => api.save(game),
  state: () => JSON.parse(api.state(game)),
  updateMs: () => updateMs,
  remaining: (stack) => (api.remaining ? JSON.parse(api.remaining(game, stack)) : null),
  // game: 0 The City, 1 the base game, 2 with The Tower (wc_bench_game)
  bench: (players, games, seed, game = 0) => {
    M._wc_bench_game(game, players, 20, seed + 100000); // warm-up
    const t0 = performance.now();
    const moves = M._wc_bench_game(game, players, games, seed);
    const s = (performance.now() - t0) / 1000;
    return { game, players, games, moves, seconds: s, games_per_s: games / s };
  },
};

gameUI();
newGame();
document.body.dataset.loaded = '1';
