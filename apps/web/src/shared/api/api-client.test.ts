import { globalLimitsSchema } from '@samvad/contracts/admin';
import { bannedResponseSchema, googleClientIdResponseSchema } from '@samvad/contracts/auth';
import { errorBodySchema } from '@samvad/contracts/errors';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import type { z } from 'zod';
import { stubResponse } from '../../test/api-contracts.ts';
import { bannedSession, DEFAULT_BAN_MESSAGE, testUser } from '../../test/server-answers.ts';
import { assignLocation } from '../lib/browser-location.ts';
import { ApiError, apiFetch, isBannedError } from './api-client.ts';

vi.mock('../lib/browser-location.ts', () => ({ assignLocation: vi.fn() }));

let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(assignLocation).mockReset();
});

/** A JSON answer as the server sends it: the body is checked against `schema` first. */
function json<Schema extends z.ZodType>(
  schema: Schema,
  status: number,
  body: z.input<Schema>,
  statusText = '',
) {
  return new Response(JSON.stringify(stubResponse(schema, body, status).body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });
}

/** The server's 403 for a banned user. */
const banned = (reason: string | null) =>
  json(bannedResponseSchema, 403, bannedSession(testUser(), reason).body);

describe('apiFetch', () => {
  it('GETs with cookies and returns the parsed JSON', async () => {
    fetchMock.mockResolvedValue(json(googleClientIdResponseSchema, 200, { clientId: null }));
    await expect(apiFetch('/api/auth/google-client-id')).resolves.toEqual({ clientId: null });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/google-client-id');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).has('content-type')).toBe(false);
  });

  it('sends a body as JSON with a JSON content type', async () => {
    const limits = { maxRequestsPerDay: 50, maxMessagesPerConversation: 20, maxConversations: -1 };
    fetchMock.mockResolvedValue(json(globalLimitsSchema, 200, limits));
    await expect(
      apiFetch('/api/admin/rate-limits/global', {
        method: 'PATCH',
        body: { maxRequestsPerDay: 50 },
      }),
    ).resolves.toEqual(limits);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe('{"maxRequestsPerDay":50}');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });

  // The server always sends a body; something in front of it may not.
  it('treats 204 as an empty object', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiFetch('/api/conversations/1', { method: 'DELETE' })).resolves.toEqual({});
  });

  it('rejects a non-OK answer with an ApiError carrying status, code, messages and body', async () => {
    const body = { error: { code: 'not_found' as const, message: 'No such conversation' } };
    fetchMock.mockResolvedValue(json(errorBodySchema, 404, body, 'Not Found'));
    const error = await apiFetch('/api/conversations/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 'not_found',
      serverMessage: 'No such conversation',
      body,
      cause: body,
      message: `404: ${JSON.stringify(body)}`,
    });
  });

  // A proxy's answer when the server is down: not one of ours, so not checked against a schema.
  it('uses the status text when the error body is empty or not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiFetch('/api/persona')).rejects.toMatchObject({
      message: '502: Bad Gateway',
      code: undefined,
      serverMessage: 'Bad Gateway',
    });
    fetchMock.mockResolvedValue(new Response('upstream down', { status: 503, statusText: 'X' }));
    await expect(apiFetch('/api/persona')).rejects.toMatchObject({
      message: '503: upstream down',
      body: 'upstream down',
    });
  });

  it('on 403 with banned: true, stores banDetails and sends the page to /banned', async () => {
    fetchMock.mockResolvedValue(banned('Spam & abuse'));
    await expect(apiFetch('/api/auth/session')).rejects.toMatchObject({ status: 403 });
    expect(JSON.parse(sessionStorage.getItem('banDetails') ?? 'null')).toEqual({
      banned: true,
      reason: 'Spam & abuse',
    });
    expect(assignLocation).toHaveBeenCalledWith('/banned?reason=Spam+%26+abuse');
  });

  it("on 403 banned without a reason, keeps the server's default message as the reason", async () => {
    // The server's body then has `reason: null` and its default text as `message`.
    fetchMock.mockResolvedValue(banned(null));
    await expect(apiFetch('/api/auth/session')).rejects.toBeInstanceOf(ApiError);
    expect(JSON.parse(sessionStorage.getItem('banDetails') ?? 'null')).toEqual({
      banned: true,
      reason: DEFAULT_BAN_MESSAGE,
    });
    expect(assignLocation).toHaveBeenCalledWith(
      `/banned?${new URLSearchParams({ reason: DEFAULT_BAN_MESSAGE })}`,
    );
  });

  it('does not reload the banned screen itself (no redirect loop)', async () => {
    window.history.pushState({}, '', '/banned?reason=Spam');
    try {
      fetchMock.mockResolvedValue(banned('Spam'));
      await expect(apiFetch('/api/auth/session')).rejects.toMatchObject({ status: 403 });
      expect(assignLocation).not.toHaveBeenCalled();
      expect(JSON.parse(sessionStorage.getItem('banDetails') ?? 'null')).toEqual({
        banned: true,
        reason: 'Spam',
      });
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('isBannedError recognises only a 403 with banned: true', async () => {
    fetchMock.mockResolvedValue(banned(null));
    expect(isBannedError(await apiFetch('/api/chat').catch((e: unknown) => e))).toBe(true);
    fetchMock.mockResolvedValue(
      json(errorBodySchema, 403, { error: { code: 'forbidden', message: 'No' } }),
    );
    expect(isBannedError(await apiFetch('/api/chat').catch((e: unknown) => e))).toBe(false);
    expect(isBannedError(new Error('banned'))).toBe(false);
  });

  it('leaves other 403s alone', async () => {
    fetchMock.mockResolvedValue(
      json(errorBodySchema, 403, { error: { code: 'forbidden', message: 'Admins only' } }),
    );
    await expect(apiFetch('/api/admin/users')).rejects.toMatchObject({ code: 'forbidden' });
    expect(assignLocation).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('banDetails')).toBeNull();
  });
});
