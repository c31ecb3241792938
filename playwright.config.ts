import { defineConfig } from '@playwright/test'

// Debian's Chromium; Playwright cannot download its own browsers on these machines (README).
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export default defineConfig({
  testDir: 'test/e2e',
  // The tests run the built app: build once when the sources are newer than out/.
  globalSetup: './test/support/global-build.ts',
  // Timeouts end a hung test; they measure nothing. A loaded 2-core machine needs room: a step that takes 2 s when
  // quiet can take ten times that while the machine is busy.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  // Two files at a time: a test mostly waits (on the app, the sandbox, the disk), so two workers on the 2-core CI
  // machine take about half the time of one; each test has its own app and data folder, so they never share state.
  fullyParallel: false,
  workers: 2,
  // On CI one retry: a test that passes only on its second attempt is counted and named as flaky by the summary
  // (scripts/test-summary.mjs), to be fixed, instead of holding back a whole submission. Known: the holdings picker.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    headless: true,
    // A failed test keeps its trace: every action with the page's DOM before and after it. Without the screencast:
    // its frames took about a fifth of the e2e run's time on the 2-core machine, for every test, passed or not.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'browser-mode', testMatch: /.*\.e2e\.ts$/ },
    { name: 'electron', testMatch: /.*\.electron\.ts$/ },
  ],
})
