// Browser test of the web page (issue 15): serve web/ on 127.0.0.1, load
// the page in Debian's chromium through playwright-core, play a whole game
// of The City, human (seat 0, by clicking) against the AI, try rotate,
// undo, hint, save and load; then a whole game of the base game of
// Carcassonne (3 players, farmers) and of Carcassonne with The Tower
// (tower floors and captures clicked on the board); fail on any page error
// or console error. Each downloaded record must replay with `city-cli
// replay` to the final scores the page shows. Screenshots go to OUT
// (default build/browser): start/middle/end.png for The City,
// carcassonne-*.png and tower-*.png for the others.
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

  await page.goto(url);
  await page.waitForSelector('body[data-loaded="1"]', { timeout: 30000 });

  const moves = () => page.evaluate(() => +document.body.dataset.moves);
  const waitTurn = async (before) => {
    // the human's turn again (the AI moves in between) or the end
    await page.waitForFunction((b) => {
      const d = document.body.dataset;
      return d.ready === 'ended' || (+d.moves !== b && d.ready === 'human');
    }, before, { timeout: 30000 });
  };

  // One whole game, seat 0 human (clicking), the others AI. `extras`:
  // try rotate, undo and hint on the way (The City's game).
  async function playGame({ tag, game, players, ai, farmers, extras, river }) {
    await page.selectOption('#game', game);
    if (game !== 'the-city') await page.setChecked('#farmers', !!farmers);
    if (game !== 'the-city') await page.setChecked('#river', !!river);
    await page.selectOption('#players', String(players));
    await page.selectOption('#seat0', 'human');
    for (let p = 1; p < players; p++) await page.selectOption('#seat' + p, ai);
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
    let clicks = 0, rotated = false, undone = false, hinted = false, shot = false;
    for (;;) {
      const ready = await page.evaluate(() => document.body.dataset.ready);
      if (ready === 'ended') break;
      if (ready !== 'human') {
        await page.waitForFunction(() => ['human', 'ended'].includes(document.body.dataset.ready), null, { timeout: 30000 });
        continue;
      }
      const decision = await page.evaluate(() => document.body.dataset.decision);
      seen[decision] = (seen[decision] || 0) + 1;
      const before = await moves();
      if (clicks > 40 && !shot) {
        await page.screenshot({ path: join(out, `${tag}middle.png`) });
        shot = true;
      }
      if (decision === 'tile') {
        if (extras && !hinted && clicks > 10) {
          await page.click('#hint');
          await page.waitForFunction(() => /^hint: \S/.test(document.getElementById('hinttext').textContent), null, { timeout: 30000 })
            .catch(async () => fail('no hint: "' + await page.textContent('#hinttext') + '" ' + errors.join(' ')));
          hinted = true;
        }
        const cells = page.locator('#board rect.legal');
        const n = await cells.count();
        if (n === 0) fail('tile decision without a highlighted cell');
        await cells.nth(pick(n)).click();
        await page.waitForFunction((b) => +document.body.dataset.moves >= b + 1, before);
        // turn it once when the page offers it, and it must stay legal
        const rot = page.locator('#actions button.rotate');
        if (extras && !rotated && await rot.count() > 0 && (await page.evaluate(() => document.body.dataset.ready)) === "human") {
          const svgBefore = await page.locator('#board g.tile').last().getAttribute('data-rot');
          await rot.click();
          const svgAfter = await page.locator('#board g.tile').last().getAttribute('data-rot');
          if (svgBefore === svgAfter) {
            // only one legal rotation at that cell: a rotate is a no-op there
          } else {
            rotated = true;
          }
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
        const buttons = page.locator('#actions button.move');
        const n = await buttons.count();
        if (n === 0) fail(`${decision} decision without a button`);
        await buttons.nth(pick(n)).click();
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
    await page.screenshot({ path: join(out, `${tag}end.png`) });
    const shown = await page.getAttribute('#final', 'data-scores');
    if (!shown) fail('no final scores on the page');

    // the record: download, replay with city-cli, same final scores
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
    const recordPath = join(out, `${tag}game.city`);
    await download.saveAs(recordPath);
    const replay = execFileSync(cli, ['replay', recordPath], { encoding: 'utf8' });
    const fin = /^final (.*)$/m.exec(replay);
    if (!fin) fail('city-cli replay printed no final line');
    if (fin[1].trim() !== shown.trim()) fail(`${tag || 'the-city '}page shows final scores "${shown}", city-cli replay "${fin[1]}"`);

    // load the record back through the file input: the same end
    await page.setInputFiles('#load', recordPath);
    await page.waitForFunction((s) => document.getElementById('final').dataset.scores === s, shown);
    const rec2 = await page.evaluate(() => window.cityPage.record());
    if (rec2 !== readFileSync(recordPath, 'utf8')) fail('the loaded record differs from the saved one');
    if (errors.length) fail(errors.join('\n'));
    const what = Object.keys(seen).sort().map((k) => k.startsWith('board') ? k : `${k} ${seen[k]}`).join(', ');
    console.log(`browser test: ok: ${game}${river ? ' + river' : ''}${farmers ? ' (farmers)' : ''}, ${players} players: ${clicks} human decisions (${what}` +
      (extras ? `; rotate ${rotated}, undo ${undone}, hint ${hinted}` : '') + `), final ${shown} = city-cli replay`);
    return seen;
  }

  const t0 = Date.now();
  await playGame({ tag: '', game: 'the-city', players: 2, ai: 'easy', extras: true });
  const t1 = Date.now();
  await playGame({ tag: 'carcassonne-', game: 'carcassonne', players: 3, ai: 'easy', farmers: true });
  const t2 = Date.now();
  const tower = await playGame({ tag: 'tower-', game: 'carcassonne-tower', players: 2, ai: 'easy' });
  const t3 = Date.now();
  if (!tower['board floor']) fail('the Tower game never raised a tower by a click on the board');
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
        turn: document.getElementById('turn').textContent,
        actions: [...document.querySelectorAll('#actions button')].map((b) => b.textContent),
        legal: window.cityPage.state().legal.slice(0, 10) }))));
    } catch (e2) { console.error('(no page state: ' + e2.message + ')'); }
  }
  console.error('browser test: FAILED: ' + e.message + (errors.length ? '\n' + errors.join('\n') : ''));
} finally {
  if (browser) await browser.close();
  srv.kill();
}
