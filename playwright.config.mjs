// Browser tests of the built page (dist/): `npm run test:browser` after `trunk build --release`.
// Uses Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH); never downloads a browser.
import { createServer } from 'node:net';
import { defineConfig } from '@playwright/test';

/// A free loopback port, chosen once in the runner and handed to its workers through the
/// environment (each worker loads this file again and must see the same port).
async function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

if (!process.env.SHASHKI_TEST_PORT) process.env.SHASHKI_TEST_PORT = String(await freePort());
const port = Number(process.env.SHASHKI_TEST_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/browser',
  testMatch: '**/*.spec.mjs',
  fullyParallel: true,
  // Two cores: the page's AI worker needs one of them while a test waits for it.
  workers: process.env.PW_WORKERS ? Number(process.env.PW_WORKERS) : 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'target/playwright',
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1100, height: 900 },
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
  },
  webServer: {
    command: `node scripts/serve.mjs ${port}`,
    url: `${baseURL}/`,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    timeout: 15_000,
  },
});
