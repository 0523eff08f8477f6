import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const p = await b.newPage();
p.on('console', m => console.log('console', m.type(), m.text()));
await p.goto('http://127.0.0.1:38295/');
await p.waitForSelector('[data-square="c3"] [data-piece]');
await p.evaluate(() => {
  const board = document.querySelector('[data-board]');
  for (const t of ['pointerdown','pointermove','pointerup']) board.addEventListener(t, e => { if (t !== 'pointermove') console.log(t, e.clientX, e.clientY, e.target.className, document.elementFromPoint(e.clientX, e.clientY)?.className, document.elementFromPoint(e.clientX, e.clientY)?.closest('[data-square]')?.dataset.square); });
});
const box = async s => { const r = await p.locator('[data-square="'+s+'"]').boundingBox(); return { x: r.x + r.width/2, y: r.y + r.height/2 }; };
const a = await box('c3'), c = await box('d4');
await p.mouse.move(a.x, a.y); await p.mouse.down(); await p.mouse.move(c.x, c.y, { steps: 8 }); await p.mouse.up();
console.log('moves', await p.locator('[data-moves] li').count());
// hard timing
await p.click('[data-action="menu"]'); await p.click('button[data-level="hard"]');
await p.click('[data-action="menu"]'); await p.click('button[data-variant="russian"]');
await p.click('[data-square="c3"]'); await p.click('[data-square="d4"]');
const t = await p.evaluate(() => new Promise(r => { const t0 = performance.now(); const id = setInterval(() => { if (!document.querySelector('[data-thinking]')) { clearInterval(id); r(performance.now() - t0); } }, 5); }));
console.log('hard thinking ms after move', t);
await p.click('[data-square="e3"]'); await p.click('[data-square="f4"]').catch(e => console.log('e3f4', e.message.slice(0,80)));
const t2 = await p.evaluate(() => new Promise(r => { const t0 = performance.now(); const id = setInterval(() => { if (!document.querySelector('[data-thinking]')) { clearInterval(id); r(performance.now() - t0); } }, 5); }));
console.log('hard thinking ms 2nd', t2, await p.locator('[data-moves] li').allTextContents());
await b.close();
