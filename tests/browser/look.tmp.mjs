import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
const root = process.env.ROOT || '/work/wt/page';
const srv = spawn('python3', [root + '/scripts/web_serve.py', root + '/web', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((res) => srv.stdout.on('data', (d) => { const m = /serving (\S+)/.exec(String(d)); if (m) res(m[1]); }));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
page.on('console', (m) => console.log('console', m.type(), m.text()));
const game = process.argv[2] || 'carcassonne';
const turnsToPlay = +(process.argv[3] || 12);
try {
  await page.goto(url);
  await page.waitForSelector('body[data-loaded="1"]');
  await page.selectOption('#game', game);
  await page.selectOption('#seat1', 'easy');
  await page.fill('#seed', '3');
  await page.click('#new');
  let tiles = 0;
  for (let t = 0; t < turnsToPlay; t++) {
    await page.waitForFunction(() => ['human', 'ended'].includes(document.body.dataset.ready));
    if (await page.evaluate(() => document.body.dataset.ready) === 'ended') break;
    const d = await page.evaluate(() => document.body.dataset.decision);
    if (d === 'tile') {
      const cells = page.locator('#board rect.legal');
      const n = await cells.count();
      const c = cells.nth(t % n);
      await c.hover();
      await page.mouse.wheel(0, 100);
      if (++tiles === 4) { await page.screenshot({ path: '/tmp/page_look/hover.png' }); await page.click('#hint'); await page.waitForSelector('#board g.hintghost', { timeout: 30000 }).catch(() => console.log('no hint ghost', )); await page.screenshot({ path: '/tmp/page_look/hint.png' }); }
      await c.click();
    } else {
      const spots = page.locator('#board .legal-spot');
      if (d === 'follower' && await spots.count() && t % 2) {
        if (tiles === 2) await page.screenshot({ path: '/tmp/page_look/follower.png' });
        await spots.first().click();
      } else {
        const b = page.locator(d === 'follower' ? '#actions button.move' : '#board [data-move], #actions button.move');
        await b.nth(0).click();
      }
    }
    await page.waitForTimeout(100);
  }
  await page.screenshot({ path: '/tmp/page_look/after.png' });
  console.log(await page.textContent('#last'));
} finally { await browser.close(); srv.kill(); }
