import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
const root = '/work/wt/page';
const srv = spawn('python3', [root + '/scripts/web_serve.py', root + '/web', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((res) => srv.stdout.on('data', (d) => { const m = /serving (\S+)/.exec(String(d)); if (m) res(m[1]); }));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
try {
  await page.goto(url);
  await page.waitForSelector('body[data-loaded="1"]');
  await page.selectOption('#game', process.argv[2] || 'the-city');
  await page.selectOption('#seat0', 'human');
  await page.selectOption('#seat1', 'easy');
  await page.click('#new');
  const ms = [];
  for (let i = 0; i < 30; i++) {
    await page.waitForSelector('body[data-ready="human"]');
    ms.push(+(await page.evaluate(() => window.cityPage.updateMs())).toFixed(1));
    const t0 = Date.now();
    const m = await page.evaluate(() => window.cityPage.state().legal[0]);
    const mv = await page.evaluate(() => +document.body.dataset.moves);
    // play through the page's own path: a board mark or a button
    await page.evaluate((m) => { const e = document.querySelector(`#board [data-move="${m}"], #actions [data-move="${m}"]`); if (e) e.dispatchEvent(new MouseEvent('click', { bubbles: true })); else { const [_, x, y, r] = m.split(' '); const c = document.querySelector(`#board rect.legal[data-x="${x}"][data-y="${y}"]`); c.dispatchEvent(new MouseEvent('click', { bubbles: true })); } }, m);
    await page.waitForFunction((b) => +document.body.dataset.moves > b, mv);
  }
  console.log('update ms', ms.join(' '));
} finally { await browser.close(); srv.kill(); }
