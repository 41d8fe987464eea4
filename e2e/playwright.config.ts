import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN, E2E_OIDC_CLIENT } from './support/e2e-identities.ts';

// The config is evaluated by the runner and again by each worker: the first evaluation
// picks the port and data directory and passes them on through the environment. The ports
// (E2E_PORT up to E2E_PORT + 6) lie below Linux's ephemeral range (32768–60999): a spec's own
// server binds late in the run, when an outgoing connection could hold a port in that range.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 12_000));
process.env.E2E_OIDC_PORT ??= String(Number(process.env.E2E_PORT) + 1);
process.env.E2E_LLM_APP_PORT ??= String(Number(process.env.E2E_PORT) + 2);
process.env.E2E_FAKE_LLM_PORT ??= String(Number(process.env.E2E_PORT) + 3);
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'samvad-e2e-'));
process.env.E2E_LLM_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'samvad-e2e-llm-'));
const port = Number(process.env.E2E_PORT);
const llmAppPort = Number(process.env.E2E_LLM_APP_PORT);
const fakeLlmURL = `http://127.0.0.1:${process.env.E2E_FAKE_LLM_PORT}/v1`;
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
  // A stray `.only` fails the run on every machine: locally it would pass by skipping the rest.
  forbidOnly: true,
  retries: 0,
  // Budgets for CI's shared 2-core machine, where two browsers, four servers and the tests share
  // the cores: a flow that takes 15 s alone can take twice that there.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: '../reports/playwright.json' }]],
  use: {
    baseURL,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // Every test runs at desktop size; at phone size, the screens whose layout changes there (the
  // sidebar becomes a drawer, the donation page drops its QR code) and every page's
  // accessibility scan. The rest (admin, community, limits, model and XSS flows) is the same
  // code at either size, and running it twice made CI outgrow its 20 minutes.
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      testMatch: [
        'accessibility.spec.ts',
        'landing.spec.ts',
        'chat-guest.spec.ts',
        'chat-member.spec.ts',
        'guest-to-member.spec.ts',
        'donate.spec.ts',
        'accounts-ui.spec.ts',
        'first-run.spec.ts',
        'indic-fonts.spec.ts',
      ],
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
    // The deterministic model the second server answers with (support/fake-llm.ts).
    {
      command: 'node support/fake-llm.ts',
      url: `${fakeLlmURL}/models`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        E2E_FAKE_LLM_PORT: String(process.env.E2E_FAKE_LLM_PORT),
        PATH: process.env.PATH ?? '',
      },
    },
    // The real server on a fresh embedded database with a small ingested corpus, serving the
    // built web app and answering with the offline extractive answerer.
    {
      command: 'node support/start-server.ts',
      url: `${baseURL}/api/ready`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: serverEnv(port, String(process.env.E2E_DATA_DIR)),
    },
    // A second one answering with the loopback model.
    {
      command: 'node support/start-server.ts',
      url: `http://127.0.0.1:${llmAppPort}/api/ready`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv(llmAppPort, String(process.env.E2E_LLM_DATA_DIR)),
        LLM_BASE_URL: fakeLlmURL,
        LLM_MODEL: 'fake-model',
        LLM_TIMEOUT_MS: '20000',
      },
    },
  ],
});

function serverEnv(serverPort: number, dataDir: string): Record<string, string> {
  const publicUrl = `http://127.0.0.1:${serverPort}`;
  return {
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    // Tests present as visitors from different networks (X-Forwarded-For), so guests' per-network
    // limits do not leak from one test into the next.
    TRUST_PROXY: 'true',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PATH: process.env.PATH ?? '',
    PUBLIC_URL: publicUrl,
    OIDC_ISSUER: oidcIssuer,
    GOOGLE_CLIENT_ID: E2E_OIDC_CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: E2E_OIDC_CLIENT.clientSecret,
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  };
}
