import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
const root = process.env.ROOT || '/work/wt/page';
const srv = spawn('python3', [root + '/scripts/web_serve.py', root + '/web', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((res) => srv.stdout.on('data', (d) => { const m = /serving (\S+)/.exec(String(d)); if (m) res(m[1]); }));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
const game = process.argv[2] || 'carcassonne';
try {
  await page.goto(url);
  await page.waitForSelector('body[data-loaded="1"]');
  await page.selectOption('#game', game);
  await page.selectOption('#seat0', 'easy');
  await page.selectOption('#seat1', 'easy');
  await page.fill('#seed', '5');
  await page.click('#new');
  await page.waitForSelector('body[data-ready="ended"]', { timeout: 120000 });
  await page.screenshot({ path: `/tmp/page_look/${game}-end.png` });
  for (let i = 0; i < 4; i++) await page.click('#zoomin');
  await page.screenshot({ path: `/tmp/page_look/${game}-endzoom.png` });
  await page.click('#eventbox summary');
  await page.screenshot({ path: `/tmp/page_look/${game}-events.png` });
  console.log(await page.evaluate(() => document.querySelectorAll('#board .scored-follower').length));
} finally { await browser.close(); srv.kill(); }
