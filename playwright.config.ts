import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'tests/e2e',
  // The pseudo-locale's spec runs on a build of its own (playwright.pseudo.config.ts, `npm run test:pseudo`).
  testIgnore: 'untranslated-texts.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  globalSetup: './tests/e2e/support/global-setup.ts',
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace costs a passing run about a quarter of its time: only a retried test records one.
    trace: 'on-first-retry',
    // The stand-in for Open Library serves its covers over https with a self-signed certificate (tests/support/tls),
    // and the add-a-book form shows the suggested one from there.
    ignoreHTTPSErrors: true,
    launchOptions: {
      // Debian's build of Chromium's headless shell (package chromium-headless-shell), the same engine without the
      // full browser's windows and compositor: 155 ms of CPU a page load against 261–528 ms (ADR 039).
      executablePath: '/usr/bin/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node tests/e2e/support/serve.ts',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(port), APP_URL: `http://localhost:${port}` },
  },
});
