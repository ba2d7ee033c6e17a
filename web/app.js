// The libcity web page: the game lives in a WASM instance on this thread
// (web/glue.c); the board is the library's SVG (city_game_svg); the AI
// thinks in a Web Worker (worker.js). Plain ES module, no framework.
import createCity from './city.mjs';

const $ = (id) => document.getElementById(id);
const COLORS = ['#d62728', '#1f5fbf', '#f0c419', '#2ca02c', '#222222', '#9a9a9a'];
const NAMES = ['red', 'blue', 'yellow', 'green', 'black', 'grey'];
// score categories (CITY_CAT_STREETS .. CITY_CAT_RANSOM): The City's five,
// then the base game's (and The Tower's ransom)
const CATS = ['streets', 'markets', 'towers', 'stewards', 'guards',
  'roads', 'cities', 'monasteries', 'farms', 'ransom'];
const CITY_CATS = [0, 1, 2, 3, 4];
const CARC_CATS = [5, 6, 7, 8];
const TOWER_CATS = [5, 6, 7, 8, 9];
// CITY_REASON_*
const REASONS = ['', 'street', 'market', 'street (wall)', 'market (wall)', 'tower',
  'street (final)', 'market (final)', 'stewards', 'guard',
  'road', 'city', 'monastery', 'road (final)', 'city (final)', 'monastery (final)',
  'farm', 'ransom'];
const SVG_LEGAL = 1;

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
  save: M.cwrap('wc_save', 'string', ['number']),
  state: M.cwrap('wc_state', 'string', ['number']),
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
let placing = null;    // the human's tile being rotated: {x, y, rots, i, moves}
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
  placing = null;
  view.auto = true;
  $('hinttext').textContent = '';
  showMessage('');
  update();
}

function showMessage(t) { $('message').textContent = t; }

// ---- drawing --------------------------------------------------------------
function drawBoard() {
  const human = st.decision !== 'end' && seats[st.player] === 'human' && !placing?.busy;
  let svg = api.svg(game, human ? SVG_LEGAL : 0);
  svg = svg.replace(/^<\?xml[^>]*\?>\s*/, '');
  $('board').innerHTML = svg;
  const el = $('board').querySelector('svg');
  if (view.auto && el) fit();
  applyView();
}

function applyView() {
  $('board').style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.s})`;
}

function fit() {
  const el = $('board').querySelector('svg');
  const wrap = $('boardwrap').getBoundingClientRect();
  if (!el) return;
  const w = +el.getAttribute('width'), h = +el.getAttribute('height');
  view.s = Math.min(wrap.width / w, wrap.height / h, 1.5);
  view.x = (wrap.width - w * view.s) / 2;
  view.y = (wrap.height - h * view.s) / 2;
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

function seatName(p) {
  return `${NAMES[p]} (${seats[p] === 'human' ? 'human' : 'AI ' + seats[p]})`;
}

function drawPanel() {
  const d = st.decision;
  document.body.dataset.decision = d;
  document.body.dataset.player = st.player;
  document.body.dataset.moves = st.moves;
  $('turn').innerHTML = d === 'end'
    ? 'The game has ended.'
    : `<span class="swatch" style="background:${COLORS[st.player]}"></span>${seatName(st.player)}: ${describe(d)}`;
  // scores with their breakdown
  const cats = st.game === 0 ? CITY_CATS : (st.tower ? TOWER_CATS : CARC_CATS);
  const supplyTitle = st.game === 0 ? 'followers / towers in supply'
    : (st.tower ? 'followers / tower floors in supply; prisoners held' : 'followers in supply');
  let html = '<tr><th>player</th><th>total</th>' + cats.map((c) => `<th title="${CATS[c]}">${CATS[c].slice(0, 3)}</th>`).join('') + `<th title="${supplyTitle}">supply</th></tr>`;
  st.scores.forEach((s, p) => {
    let supply = st.game === 0 ? `${s.followers}/${s.towers}` : `${s.followers}`;
    if (st.tower) {
      const held = s.prisoners.map((c, o) => c ? `${c} ${NAMES[o]}` : '').filter(Boolean).join(', ');
      supply += `/${s.floors}` + (held ? ` (holds ${held})` : '');
    }
    html += `<tr class="${p === st.player && d !== 'end' ? 'current' : ''}" data-player="${p}"><td><span class="swatch" style="background:${COLORS[p]}"></span>${NAMES[p]}</td><td class="total">${s.total}</td>` +
      cats.map((c) => `<td>${s.cat[c]}</td>`).join('') + `<td class="supply">${supply}</td></tr>`;
  });
  $('scores').innerHTML = html;
  if (st.final) {
    const winners = st.scores.map((s, p) => p).filter((p) => st.winners & (1 << p));
    $('final').textContent = 'Final: ' + st.scores.map((s, p) => `${NAMES[p]} ${s.total}`).join(', ') +
      ' — ' + (winners.length > 1 ? 'winners ' : 'winner ') + winners.map((p) => NAMES[p]).join(' and ');
    $('final').dataset.scores = st.scores.map((s) => s.total).join(' ');
  } else {
    $('final').textContent = '';
    delete $('final').dataset.scores;
  }
  // event log, newest last
  const ev = $('events');
  ev.innerHTML = st.events.map((e) => {
    if (e.kind === 1) return `<li>move ${e.move}: ${NAMES[e.player]} +${e.points} ${REASONS[e.reason] || ''}</li>`;
    if (e.kind === 2) return `<li>move ${e.move}: tile ${e.design} discarded</li>`;
    if (e.kind === 4) return `<li>move ${e.move}: ${NAMES[e.player]} took a follower (${e.x},${e.y} ${e.part})</li>`;
    if (e.kind === 5) return `<li>move ${e.move}: prisoners exchanged (${NAMES[e.player]})</li>`;
    return `<li>move ${e.move}: ${NAMES[e.player]}'s followers return</li>`;
  }).join('');
  ev.scrollTop = ev.scrollHeight;
  drawActions();
}

function describe(d) {
  return {
    tile: 'place the tile (click a highlighted cell)',
    follower: 'place a follower (click a highlighted part) or pass',
    gate: 'place the city gate (click a highlighted side)',
    wall: 'build a wall piece',
    guard: 'place a guard on the new piece or pass',
    tower: 'place a tower or pass',
    capture: 'take a follower in the tower\'s range (click a red ring) or pass',
    ransom: 'pay a ransom to free a follower, or pass',
  }[d] || d;
}

function label(move) {
  const [k, a] = move.split(' ');
  if (k === 'wall') return a === 'cw' ? 'Wall: clockwise end' : 'Wall: counter-clockwise end';
  if (k === 'tower') return a === 'cw' ? 'Tower: clockwise end' : 'Tower: counter-clockwise end';
  if (k === 'guard') return 'Guard';
  if (k === 'pass') return 'Pass';
  const w = move.split(' ');
  if (k === 'floor') return `Tower floor at ${w[1]},${w[2]}`;
  if (k === 'top') return `Follower on top of the tower at ${w[1]},${w[2]}`;
  if (k === 'capture') return `Capture at ${w[1]},${w[2]} (${w[3] === 't' ? 'tower top' : 'part ' + w[3]})`;
  if (k === 'ransom') return `Pay ransom (3 points) to ${NAMES[+w[1]] || w[1]}`;
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

function drawActions() {
  const box = $('actions');
  box.innerHTML = '';
  const d = st.decision;
  if (d === 'end' || seats[st.player] !== 'human') return;
  if (placing && st.moves === placing.after) {
    box.append(button('Rotate ⟳', rotate, 'rotate'));
  }
  if (d === 'tile' || d === 'gate') return; // on the board
  for (const m of st.legal) {
    if (m.startsWith('follower ')) continue; // on the board
    box.append(button(label(m), () => play(m), 'move'));
    box.lastChild.dataset.move = m;
  }
}

function update() {
  st = JSON.parse(api.state(game));
  drawBoard();
  drawPanel();
  const human = st.decision === 'end' || seats[st.player] === 'human';
  document.body.dataset.ready = st.decision === 'end' ? 'ended' : (human ? 'human' : 'ai');
  if (!human) aiTurn();
}

// ---- moves ----------------------------------------------------------------
function play(move) {
  const rc = api.apply(game, move);
  if (rc !== 0) {
    showMessage(`${move}: ${api.error(game)}`);
    return false;
  }
  showMessage('');
  $('hinttext').textContent = '';
  if (!move.startsWith('place ')) placing = null;
  update();
  return true;
}

function placeAt(x, y, rots) {
  placing = { x, y, rots, i: 0, after: 0 };
  const m = `place ${x} ${y} ${rots[0]}`;
  if (api.apply(game, m) !== 0) {
    showMessage(`${m}: ${api.error(game)}`);
    placing = null;
    return;
  }
  placing.after = +JSON.parse(api.state(game)).moves;
  update();
}

function rotate() {
  if (!placing || placing.rots.length < 2 || api.undo(game) !== 0) return;
  placing.i = (placing.i + 1) % placing.rots.length;
  api.apply(game, `place ${placing.x} ${placing.y} ${placing.rots[placing.i]}`);
  update();
}

async function aiTurn() {
  const gen = generation;
  const moves = st.moves;
  document.body.classList.add('thinking');
  const answer = await think(seats[st.player], seedBase * 1000003 + moves);
  if (gen !== generation || moves !== st.moves) return; // the game changed meanwhile
  document.body.classList.remove('thinking');
  if (answer.error || !answer.move) {
    showMessage('AI: ' + (answer.error || 'no move'));
    return;
  }
  placing = null;
  play(answer.move);
}

// ---- board clicks, pan and zoom ------------------------------------------
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
  const r = $('boardwrap').getBoundingClientRect();
  zoomAt(e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX - r.left, e.clientY - r.top);
}, { passive: false });
$('zoomin').onclick = () => { const r = $('boardwrap').getBoundingClientRect(); zoomAt(1.25, r.width / 2, r.height / 2); };
$('zoomout').onclick = () => { const r = $('boardwrap').getBoundingClientRect(); zoomAt(0.8, r.width / 2, r.height / 2); };
$('fit').onclick = () => { view.auto = true; fit(); };

$('board').addEventListener('click', (e) => {
  if (drag?.moved) return;
  if (!st || st.decision === 'end' || seats[st.player] !== 'human') return;
  const t = e.target.closest('[data-move], .legal, g.tile');
  if (!t) return;
  if (t.classList.contains('legal')) {
    placeAt(+t.dataset.x, +t.dataset.y, t.dataset.rot.split(' ').map(Number));
  } else if (t.dataset.move) {
    play(t.dataset.move);
  } else if (placing && +t.dataset.x === placing.x && +t.dataset.y === placing.y && st.moves === placing.after) {
    rotate(); // a click on the tile just placed turns it
  }
});

// ---- tools ---------------------------------------------------------------
$('undo').onclick = () => {
  // back to the last decision a human made
  generation++;
  document.body.classList.remove('thinking');
  placing = null;
  let undone = 0;
  while (api.undo(game) === 0) {
    undone++;
    const s = JSON.parse(api.state(game));
    if (seats[s.player] === 'human') break;
  }
  showMessage(undone ? '' : 'nothing to undo');
  update();
};

$('hint').onclick = async () => {
  if (!st || st.decision === 'end' || seats[st.player] !== 'human') return;
  const gen = generation, moves = st.moves;
  $('hinttext').textContent = 'thinking…';
  const a = await think('hard', seedBase * 7919 + moves);
  if (gen !== generation || moves !== st.moves) return;
  $('hinttext').textContent = a.error ? 'hint: ' + a.error : `hint: ${a.move} (${a.how})` +
    (a.analysis?.length ? ' — ' + a.analysis.map((l) => {
      const [k, ...rest] = l.split(' ');
      const mean = rest.pop(), visits = rest.pop();
      return `${[k, ...rest].join(' ')}: ${visits} visits, ${(+mean).toFixed(2)}`;
    }).join('; ') : '');
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

// a hook for tests and the console: the record and the state
// (bench: random games/s of this WASM build on this thread, web/glue.c)
window.cityPage = {
  record: () => api.save(game),
  state: () => JSON.parse(api.state(game)),
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
