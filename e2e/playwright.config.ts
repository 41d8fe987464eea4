import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN, E2E_OIDC_CLIENT } from './support/e2e-identities.ts';

// The config is evaluated by the runner and again by each worker: the first evaluation
// picks the port and data directory and passes them on through the environment.
process.env.E2E_PORT ??= String(40_000 + Math.floor(Math.random() * 20_000));
process.env.E2E_OIDC_PORT ??= String(Number(process.env.E2E_PORT) + 1);
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'samvad-e2e-'));
const port = Number(process.env.E2E_PORT);
const oidcIssuer = `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`;
const baseURL = `http://127.0.0.1:${port}`;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
};

export default defineConfig({
  testDir: 'tests',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../reports/playwright.json' }]],
  use: {
    baseURL,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // Every test runs at both sizes the product is designed for.
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: [
    // A real OpenID Connect provider on loopback: sign-in runs the whole redirect flow.
    {
      command: 'node support/oidc-provider-server.ts',
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_OIDC_PORT: String(process.env.E2E_OIDC_PORT), PATH: process.env.PATH ?? '' },
    },
    // The real server on a fresh embedded database, serving the built web app.
    {
      command: 'node ../apps/server/src/main.ts',
      url: `${baseURL}/api/ready`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        PATH: process.env.PATH ?? '',
        PUBLIC_URL: baseURL,
        OIDC_ISSUER: oidcIssuer,
        GOOGLE_CLIENT_ID: E2E_OIDC_CLIENT.clientId,
        GOOGLE_CLIENT_SECRET: E2E_OIDC_CLIENT.clientSecret,
        ADMIN_USERNAME: E2E_ADMIN.username,
        ADMIN_PASSWORD: E2E_ADMIN.password,
      },
    },
  ],
});
