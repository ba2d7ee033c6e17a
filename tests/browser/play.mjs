// Browser test of the web page (issues 15, 23): serve web/ on 127.0.0.1,
// load the page in Debian's chromium through playwright-core, play a whole
// game of The City, human (seat 0, by the pointer and keys) against the
// AI, with undo, hint (drawn on the board), save and load; then a whole
// game of the base game of Carcassonne (3 players, farmers, two humans at
// one screen and an AI) and of Carcassonne with The Tower (tower floors and
// captures clicked on the board); fail on any page error or console error.
// Tiles are placed by hovering a cell (the tile follows, turned to a
// fitting rotation), turning it (R, the wheel, the button) and clicking.
// At every human decision the remaining-tiles panel must match
// city_game_tiles_remaining and sum to the tiles left. Each downloaded
// record must replay with `city-cli replay` to the final scores the page
// shows. Screenshots go to OUT (default build/browser):
// city-/carcassonne-/tower- start, middle and end .png.
//
// usage: node play.mjs            (env: CITY_CLI, CHROMIUM, OUT, SEED,
//                                  BENCH_GAMES=0 to skip the speed line)
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const out = resolve(process.env.OUT || join(root, 'build', 'browser'));
const cli = process.env.CITY_CLI || join(root, 'build', 'test', 'examples', 'city-cli');
const seed = Number(process.env.SEED || 7);
const benchGames = Number(process.env.BENCH_GAMES ?? 300);
mkdirSync(out, { recursive: true });

function fail(msg) {
  console.error('browser test: FAILED: ' + msg);
  process.exitCode = 1;
  throw new Error(msg);
}

// a tiny deterministic chooser for the human's clicks
let r = seed >>> 0;
const pick = (n) => {
  r = (Math.imul(r, 1664525) + 1013904223) >>> 0;
  return (r >>> 8) % n;
};

async function serve() {
  const srv = spawn('python3', [join(root, 'scripts', 'web_serve.py'), join(root, 'web'), '0'],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((res, rej) => {
    srv.stdout.on('data', (d) => {
      const m = /serving (\S+)/.exec(String(d));
      if (m) res(m[1]);
    });
    srv.on('exit', (c) => rej(new Error('server exited ' + c)));
    setTimeout(() => rej(new Error('server did not start')), 10000);
  });
  return { srv, url };
}

const { srv, url } = await serve();
const errors = [];
let browser;
let pageRef = null;
try {
  if (!existsSync(join(root, 'web', 'city.wasm'))) fail('web/city.wasm missing: run scripts/wasm.sh');
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  pageRef = page;
  page.on('pageerror', (e) => errors.push('page error: ' + e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push('console error: ' + m.text()); });
  page.on('requestfailed', (q) => errors.push('request failed: ' + q.url()));
  page.on('worker', (w) => w.on('close', () => {}));

  await page.goto(url + '?fast'); // AI moves at once (no pacing for the eye)
  await page.waitForSelector('body[data-loaded="1"]', { timeout: 30000 });

  const moves = () => page.evaluate(() => +document.body.dataset.moves);
  const waitTurn = async (before) => {
    // the human's turn again (the AI moves in between) or the end
    await page.waitForFunction((b) => {
      const d = document.body.dataset;
      return d.ready === 'ended' || (+d.moves !== b && d.ready === 'human');
    }, before, { timeout: 30000 });
  };

  // Where the page is, and what is wrong with it, in one round trip (the
  // test runs on 2 loaded cores): the board keeps only the board (the
  // status strip is the HTML panel's), and the area round it is the
  // picture's ground colour; the banner names the player the game
  // waits for; the remaining-tiles grid shows city_game_tiles_remaining per
  // stack, its counts summing to the tiles left.
  const probe = () => page.evaluate(() => {
    const d = document.body.dataset;
    const at = { ready: d.ready, decision: d.decision, moves: +d.moves, bad: '' };
    if (d.ready === 'human' || d.ready === 'ended') at.bad = (() => {
      if (document.querySelector('#board g.strip')) return 'the status strip is still in the board SVG';
      const ground = document.querySelector('#board rect.ground');
      const swatch = document.createElement('i');
      swatch.style.color = ground ? ground.getAttribute('fill') : '';
      document.body.append(swatch);
      const want = getComputedStyle(swatch).color;
      swatch.remove();
      const around = getComputedStyle(document.getElementById('boardwrap')).backgroundColor;
      if (!ground || around !== want) return `the board's surround is ${around}, its ground ${want}`;
      const s = window.cityPage.state();
      const b = document.getElementById('banner');
      if (s.decision !== 'end' && b.dataset.player !== String(s.player)) return `the banner shows player ${b.dataset.player}, the game waits for ${s.player}`;
      if (/\b1 followers\b/.test(document.getElementById('scores').textContent)) return '"1 followers"';
      const left = s.left.reduce((a, b) => a + b, 0);
      let sum = 0;
      for (const grid of document.querySelectorAll('#remaining .grid')) {
        const shown = [...grid.querySelectorAll('.rt:not([hidden])')].map((e) => [+e.dataset.design, +e.dataset.count]);
        const q = window.cityPage.remaining(+grid.dataset.stack);
        if (JSON.stringify(shown) !== JSON.stringify(q)) return `stack ${grid.dataset.stack}: panel ${JSON.stringify(shown)}, query ${JSON.stringify(q)}`;
        sum += shown.reduce((a, [, c]) => a + c, 0);
      }
      const all = window.cityPage.remaining(0).reduce((a, [, c]) => a + c, 0);
      if (sum !== left || all !== left) return `panel counts sum to ${sum}, the query to ${all}, tiles left ${left}`;
      return '';
    })();
    return at;
  });

  // One whole game; `humans` seats clicked by the test (hot seat), the
  // others AI. Tiles are placed as a player does: point at a cell where the
  // tile fits (the tile follows), turn it (R, the wheel or the buttons; only
  // fitting rotations are shown), click. `extras`: Undo and Hint on the way.
  async function playGame({ tag, game, players, humans = 1, ai, farmers, extras, river }) {
    await page.selectOption('#game', game);
    if (game !== 'the-city') await page.setChecked('#farmers', !!farmers);
    if (game !== 'the-city') await page.setChecked('#river', !!river);
    await page.selectOption('#players', String(players));
    for (let p = 0; p < players; p++) await page.selectOption('#seat' + p, p < humans ? 'human' : ai);
    await page.fill('#seed', String(seed));
    await page.click('#new');
    await page.waitForFunction((g) => {
      const s = window.cityPage.state();
      return s.moves === 0 && (g[0] === 'the-city' ? s.game === 0 : s.game === 1 && s.tower === (g[0] === 'carcassonne-tower' ? 1 : 0) &&
        s.river === (g[1] ? 1 : 0));
    }, [game, !!river], { timeout: 30000 });
    await page.waitForSelector('body[data-ready="human"]');
    await page.screenshot({ path: join(out, `${tag}start.png`) });

    const seen = {};
    let exactSeen = 0; // tiles shown as the library draws them placed, compared
    let clicks = 0, turns = 0, undone = false, hinted = false, shot = false;
    const turnBy = ['key', 'wheel', 'button'];
    for (;;) {
      const { ready, decision, moves: before, bad } = await probe();
      if (ready === 'ended') break;
      if (ready !== 'human') {
        await page.waitForFunction(() => ['human', 'ended'].includes(document.body.dataset.ready), null, { timeout: 30000 });
        continue;
      }
      seen[decision] = (seen[decision] || 0) + 1;
      if (bad) fail(`move ${before}: ${bad}`);
      if (decision === 'tile') {
        if (extras && !hinted && clicks > 10) {
          await page.click('#hint');
          await page.waitForFunction(() => /^hint: \S/.test(document.getElementById('hinttext').textContent), null, { timeout: 30000 })
            .catch(async () => fail('no hint: "' + await page.textContent('#hinttext') + '" ' + errors.join(' ')));
          // drawn on the board: the suggested cell with the tile turned as suggested
          const h = await page.evaluate(() => {
            const g = document.querySelector('#board g.hintghost');
            return { move: document.getElementById('hinttext').dataset.move, at: g && `place ${g.dataset.x} ${g.dataset.y} ${g.dataset.rot}` };
          });
          if (h.move !== h.at) fail(`the hint ${h.move} is drawn on the board as ${h.at}`);
          hinted = true;
        }
        const cells = page.locator('#board rect.legal');
        const n = await cells.count();
        if (n === 0) fail('tile decision without a highlighted cell');
        const cell = cells.nth(pick(n));
        const rots = (await cell.getAttribute('data-rot')).split(' ').map(Number);
        const where = `${await cell.getAttribute('data-x')} ${await cell.getAttribute('data-y')}`;
        await cell.hover();
        const ghost = () => page.evaluate(() => document.body.dataset.ghost || '');
        let g = await ghost();
        if (!g.startsWith(where + ' ') || !rots.includes(+g.split(' ')[2])) fail(`hover on ${where} (rotations ${rots}) shows the tile at "${g}"`);
        // turn it now and then, by each of the three ways in turn
        const k = pick(3);
        for (let i = 0; i < k; i++) {
          const how = turnBy[turns++ % 3];
          const was = +g.split(' ')[2];
          if (how === 'key') await page.keyboard.press('r');
          else if (how === 'wheel') await page.mouse.wheel(0, 120);
          else await page.click('#rotr');
          if (how === 'button') await cell.hover();
          g = await ghost();
          const now = +g.split(' ')[2];
          const want = rots[(rots.indexOf(was) + 1) % rots.length];
          if (now !== want) fail(`turning by ${how} at ${where} (rotations ${rots}) went from ${was} to ${now}, not ${want}`);
          seen['turn ' + how] = 1;
        }
        if (clicks > 40 && !shot) {
          // the middle of the game, the tile under the pointer
          await page.screenshot({ path: join(out, `${tag}middle.png`) });
          shot = true;
        }
        // the tile shown (the library's drawing of the tile placed there, once
        // a tile is down to line it up with) must be the tile placed
        const shown = await page.evaluate(() => {
          const e = document.querySelector('#board g.ghost[data-exact]');
          return e ? { tile: e.firstChild.innerHTML.replace(/ xmlns="[^"]*"/g, ''), frame: e.dataset.exact } : null;
        });
        await cell.click();
        await page.waitForFunction((b) => +document.body.dataset.moves >= b + 1, before);
        const { placed, drawn, frame } = await page.evaluate(([b, at]) => {
          const [x, y] = at.split(' ');
          const e = document.querySelector(`#board g.tile[data-x="${x}"][data-y="${y}"]`);
          const svg = document.querySelector('#board svg');
          return {
            placed: window.cityPage.state().history[b],
            drawn: e ? e.innerHTML.replace(/ xmlns="[^"]*"/g, '') : '',
            frame: ['data-min-x', 'data-min-y', 'width'].map((a) => svg.getAttribute(a)).join(' '),
          };
        }, [before, g]);
        if (placed !== 'place ' + g) fail(`the tile shown at ${g} was placed as ${placed}`);
        // (when an AI has since grown the board, its frame moved: not comparable)
        if (shown && shown.frame === frame) {
          exactSeen++;
          if (shown.tile !== drawn) fail(`the tile shown at ${g} is not the tile drawn there once placed`);
        }
        if ((await page.evaluate(() => document.body.dataset.ready)) !== 'human') await waitTurn(before + 1);
      } else if (decision === 'follower') {
        // a follower spot, a tower floor/top mark (The Tower) or pass
        const spots = page.locator('#board .legal-spot, #board .legal-tower');
        const n = await spots.count();
        if (n > 0 && pick(3) > 0) {
          const k = pick(n);
          seen['board ' + (await spots.nth(k).getAttribute('data-move')).split(' ')[0]] = 1;
          await spots.nth(k).click();
        } else await page.click('#actions button[data-move="pass"]');
        await waitTurn(before);
      } else if (decision === 'gate') {
        const sides = page.locator('#board .legal-gate');
        const n = await sides.count();
        if (n === 0) fail('gate decision without a highlighted side');
        await sides.nth(pick(n)).click();
        await waitTurn(before);
      } else if (decision === 'capture') {
        // a ring round a follower in the tower's range, or pass
        const rings = page.locator('#board .legal-capture');
        const n = await rings.count();
        if (n === 0) fail('capture decision without a ring on the board');
        if (pick(4) > 0) {
          await rings.nth(pick(n)).click();
          seen['board capture'] = 1;
        } else await page.click('#actions button[data-move="pass"]');
        await waitTurn(before);
      } else {
        // the choices: marks on the board (data-move) where the library
        // draws them, else the panel's buttons
        const choices = page.locator('#board [data-move], #actions button.move');
        const n = await choices.count();
        if (n === 0) fail(`${decision} decision without a choice`);
        const c = choices.nth(pick(n));
        if (await c.evaluate((e) => !!e.closest('#board'))) seen['board ' + (await c.getAttribute('data-move')).split(' ')[0]] = 1;
        await c.click();
        await waitTurn(before);
      }
      clicks++;
      if (extras && !undone && clicks === 20) {
        const m = await moves();
        await page.click('#undo');
        await page.waitForFunction((b) => +document.body.dataset.moves < b && document.body.dataset.ready === 'human', m);
        undone = true;
      }
      if (errors.length) fail(errors.join('\n'));
      if (clicks > 400) fail('the game did not end after 400 human decisions');
    }
    const { bad } = await probe();
    if (bad) fail(`the end: ${bad}`);
    if (exactSeen === 0) fail('no tile shown under the pointer was compared with the tile placed');
    seen['shown = placed ' + exactSeen] = 1;
    await page.screenshot({ path: join(out, `${tag}end.png`) });
    const shown = await page.getAttribute('#final', 'data-scores');
    if (!shown) fail('no final scores on the page');
    // the followers final scoring sent home stay on the board, faded
    const scored = await page.evaluate(() => [...document.querySelectorAll('#board .scored-follower')].length);
    seen['scored followers shown ' + scored] = 1;
    seen.scored = scored;

    // the record: download, replay with city-cli, same final scores
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
    const recordPath = join(out, `${tag}game.city`);
    await download.saveAs(recordPath);
    const replay = execFileSync(cli, ['replay', recordPath], { encoding: 'utf8' });
    const fin = /^final (.*)$/m.exec(replay);
    if (!fin) fail('city-cli replay printed no final line');
    if (fin[1].trim() !== shown.trim()) fail(`${tag}page shows final scores "${shown}", city-cli replay "${fin[1]}"`);

    // load the record back through the file input: the same end
    await page.setInputFiles('#load', recordPath);
    await page.waitForFunction((s) => document.getElementById('final').dataset.scores === s, shown);
    const rec2 = await page.evaluate(() => window.cityPage.record());
    if (rec2 !== readFileSync(recordPath, 'utf8')) fail('the loaded record differs from the saved one');
    if (errors.length) fail(errors.join('\n'));
    const what = Object.keys(seen).filter((k) => k !== 'scored').sort().map((k) => (/^(board|turn|scored|shown)/.test(k) ? k : `${k} ${seen[k]}`)).join(', ');
    console.log(`browser test: ok: ${game}${river ? ' + river' : ''}${farmers ? ' (farmers)' : ''}, ${players} players, ${humans} human: ${clicks} human decisions (${what}` +
      (extras ? `; undo ${undone}, hint ${hinted}` : '') + `), final ${shown} = city-cli replay`);
    return seen;
  }

  const t0 = Date.now();
  const city = await playGame({ tag: 'city-', game: 'the-city', players: 2, ai: 'easy', extras: true });
  const t1 = Date.now();
  // hot seat: two humans at one screen and an AI
  const carc = await playGame({ tag: 'carcassonne-', game: 'carcassonne', players: 3, humans: 2, ai: 'easy', farmers: true });
  if (!carc.scored) fail('the base game\'s end board shows no follower final scoring sent home');
  const t2 = Date.now();
  const tower = await playGame({ tag: 'tower-', game: 'carcassonne-tower', players: 2, ai: 'easy' });
  const t3 = Date.now();
  if (!tower['board floor']) fail('the Tower game never raised a tower by a click on the board');
  for (const how of ['key', 'wheel', 'button']) if (!city['turn ' + how]) fail(`The City's game never turned the tile by ${how}`);
  // The River with The Tower (V-SET, V-TILE: the river tiles first)
  await playGame({ tag: 'river-', game: 'carcassonne-tower', players: 2, ai: 'easy', river: true });
  const t4 = Date.now();
  console.log(`browser test: seconds per game: the-city ${(t1 - t0) / 1000}, carcassonne ${(t2 - t1) / 1000}, tower ${(t3 - t2) / 1000}, ` +
    `river + tower ${(t4 - t3) / 1000}; screenshots in ${out}`);

  let bench = null;
  if (benchGames > 0) {
    // The City, the base game, The Tower; 2 and 4 players
    bench = await page.evaluate((g) => [0, 1, 2].flatMap((k) => [2, 4].map((p) => window.cityPage.bench(p, g, 1, k))), benchGames);
  }
  if (errors.length) fail(errors.join('\n'));
  if (bench) for (const b of bench) console.log('chromium ' + JSON.stringify({ ...b, seconds: +b.seconds.toFixed(4), games_per_s: +b.games_per_s.toFixed(1) }));
} catch (e) {
  process.exitCode = 1;
  if (pageRef) {
    try {
      await pageRef.screenshot({ path: join(out, 'failure.png') });
      console.error('page state:', JSON.stringify(await pageRef.evaluate(() => ({
        data: { ...document.body.dataset }, message: document.getElementById('message').textContent,
        banner: document.getElementById('banner').textContent,
        actions: [...document.querySelectorAll('#actions button')].map((b) => b.textContent),
        legal: window.cityPage.state().legal.slice(0, 10) }))));
    } catch (e2) { console.error('(no page state: ' + e2.message + ')'); }
  }
  console.error('browser test: FAILED: ' + e.message + (errors.length ? '\n' + errors.join('\n') : ''));
} finally {
  if (browser) await browser.close();
  srv.kill();
}
