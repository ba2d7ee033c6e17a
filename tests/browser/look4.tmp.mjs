import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
const root = process.env.ROOT || '/work/wt/page';
const srv = spawn('python3', [root + '/scripts/web_serve.py', root + '/web', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((res) => srv.stdout.on('data', (d) => { const m = /serving (\S+)/.exec(String(d)); if (m) res(m[1]); }));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
page.on('console', (m) => console.log('console', m.type(), m.text()));
try {
  await page.goto(url + '?fast');
  await page.waitForSelector('body[data-loaded="1"]');
  for (const g of ['the-city', 'carcassonne-tower']) {
    await page.selectOption('#game', g);
    await page.click('#new');
    await page.waitForSelector('body[data-ready="human"]');
    console.log(g, 'legend button hidden:', await page.evaluate(() => document.getElementById('legendbtn').hidden));
    if (await page.isVisible('#legendbtn')) { await page.click('#legendbtn'); await page.screenshot({ path: `/tmp/page_look/legend-${g}.png` }); await page.click('#legendbtn'); }
  }
} finally { await browser.close(); srv.kill(); }
