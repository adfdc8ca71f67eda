import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  // Two workers on the 2-core CI machine, each with its own stack (server, fake channels, SMTP sink) and its own
  // companies: the suite takes ~9 minutes instead of ~19, inside CI's 40. Tests within a file run in order.
  workers: 2,
  fullyParallel: false,
  // Under CI one more try for a test that failed: a 2-core machine under outside load can starve one step past its
  // timeout. A test that passes only on its second try is named in `npm test`'s summary ("flaky"), never hidden.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    // Screens are checked at rest: with reduced motion every transition ends at once (global.css), so no check,
    // axe's contrast above all, measures a tooltip or a dialog halfway through fading in.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
});
