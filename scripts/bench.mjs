#!/usr/bin/env node
// `npm run bench`: the same perft and fixed-depth searches in Chromium (wasm, from dist/) and
// natively (target/release/shashki), printed side by side with the native/wasm ratio.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

const root = new URL('..', import.meta.url).pathname;
const cli = `${root}target/release/shashki`;
if (!existsSync(`${root}dist/bench.html`)) throw new Error('dist/bench.html missing: run scripts/build-site.sh first');
execFileSync('cargo', ['build', '--release', '-p', 'shashki-cli', '--quiet'], { cwd: root, stdio: 'inherit' });

function nativeOnce(w) {
  if (w.kind === 'perft') {
    const out = execFileSync(cli, ['perft', '--variant', w.variant, '--fen', w.fen, String(w.depth)]).toString();
    const last = out.trim().split('\n').pop().split(/\s+/);
    return { nodes: Number(last[1]), ms: parseFloat(last[2]) };
  }
  const args = ['bestmove', '--variant', w.variant, '--fen', w.fen, '--depth', String(w.depth), '--hash', '16'];
  const r = spawnSync(cli, args);
  const nodes = Number(/nodes (\d+)/.exec(r.stdout.toString())[1]);
  const ms = parseFloat(/time ([\d.]+)ms/.exec(r.stderr.toString())[1]);
  return { nodes, ms };
}

const server = spawn('node', [`${root}scripts/serve.mjs`, '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve) => {
  server.stdout.on('data', (d) => {
    const m = /http:\/\/[^\s]+/.exec(d.toString());
    if (m) resolve(m[0].replace(/\/$/, ''));
  });
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
// Runs per workload (BENCH_RUNS to change): on a shared two-core machine one run's wall-clock
// time can be a third off, so both the fastest runs and the median of the paired ratios are shown.
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS) || 5);
const rows = [];
try {
  const page = await browser.newPage();
  await page.goto(`${url}/bench.html?driven`);
  await page.waitForFunction(() => window.benchReady, null, { timeout: 300_000 });
  const error = await page.evaluate(() => window.benchError);
  if (error) throw new Error(error);
  const count = await page.evaluate(() => window.benchWorkloads);
  for (let i = 0; i < count; i++) {
    // Each wasm run is followed by the same native run: the page is idle (no timers, no
    // animation) while the native binary runs, so the two never share the CPU, and a drift in
    // the machine's speed falls on both sides of the ratio alike. The fastest run of each counts,
    // and so does the median of the runs' own ratios (each wasm run against its native run).
    let w = null;
    let n = null;
    const paired = [];
    for (let k = 0; k < RUNS; k++) {
      const a = await page.evaluate((j) => window.benchOne(j), i);
      const b = nativeOnce(a);
      if (b.nodes !== a.nodes) throw new Error(`${a.name}: native ${b.nodes} nodes, wasm ${a.nodes}`);
      paired.push(a.ms / b.ms);
      if (!w || a.ms < w.ms) w = a;
      if (!n || b.ms < n.ms) n = b;
    }
    rows.push({
      workload: w.name,
      nodes: w.nodes,
      'native Mn/s': (n.nodes / n.ms / 1000).toFixed(2),
      'wasm Mn/s': (w.nodes / w.ms / 1000).toFixed(2),
      'native/wasm': (w.ms / n.ms).toFixed(2),
      'paired median': median(paired).toFixed(2),
    });
  }
} finally {
  await browser.close();
  server.kill();
}
console.table(rows);

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
