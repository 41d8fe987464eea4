import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testEngine } from './support/test-database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('is alive', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it(`is ready on ${testEngine} with every migration applied`, async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      database: { kind: testEngine, reachable: true, migrationsApplied: true },
      storage: 'ok',
    });
  });
});

describe('GET /api/auth/session', () => {
  it('answers a visitor with no user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ user: null, banned: false });
  });

  it('treats a forged or malformed cookie as a visitor', async () => {
    for (const token of ['x', 'A'.repeat(43), "'; drop table users; --"]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: `${t.config.sessions.cookieName}=${encodeURIComponent(token)}` },
      });
      expect(res.json()).toEqual({ user: null, banned: false });
    }
  });
});

describe('GET /api/auth/google-client-id', () => {
  it('is null while sign-in is not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/google-client-id' });
    expect(res.json()).toEqual({ clientId: null });
  });

  it('returns the configured client id', async () => {
    const configured = await createTestApp({ GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com' });
    try {
      const res = await configured.app.inject({ method: 'GET', url: '/api/auth/google-client-id' });
      expect(res.json()).toEqual({ clientId: 'abc.apps.googleusercontent.com' });
    } finally {
      await configured.close();
    }
  });
});

describe('GET /api/persona', () => {
  it('serves the default persona for Dr. B. R. Ambedkar', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/persona' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ productName: 'Samvad', reformerName: 'Dr. B. R. Ambedkar' });
    expect(res.json().headlineLines.length).toBeGreaterThan(0);
  });

  it('ships no donation details until a deployment sets its own', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/persona' });
    expect(res.json()).not.toHaveProperty('donation');
    expect(res.body).not.toContain('samvad@upi');
  });

  it('says who writes the answers: the offline answerer, or a configured model', async () => {
    const offline = await t.app.inject({ method: 'GET', url: '/api/persona' });
    expect(offline.json().answerer).toBe('extractive');
    const withModel = await createTestApp({
      LLM_BASE_URL: 'http://127.0.0.1:9/v1',
      LLM_MODEL: 'some-model',
    });
    try {
      const res = await withModel.app.inject({ method: 'GET', url: '/api/persona' });
      expect(res.json().answerer).toBe('model');
    } finally {
      await withModel.close();
    }
  });

  it("serves a persona file's donation settings", async () => {
    const donation = {
      upiId: 'project@examplebank',
      payeeName: 'The Project',
      paymentUrl: 'https://donate.example.org/project',
      message: 'Donations pay for the server.',
    };
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'samvad-persona-')), 'persona.json');
    const defaults = JSON.parse(readFileSync(t.config.personaFile, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...defaults, donation }));
    const themed = await createTestApp({ PERSONA_FILE: file });
    try {
      const res = await themed.app.inject({ method: 'GET', url: '/api/persona' });
      expect(res.json().donation).toEqual(donation);
    } finally {
      await themed.close();
    }
  });
});
