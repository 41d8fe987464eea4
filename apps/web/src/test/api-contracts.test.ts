import { googleClientIdResponseSchema } from '@samvad/contracts/auth';
import { describe, expect, it } from 'vitest';
import { stubbedAnswerProblem, stubResponse } from './api-contracts.ts';
import { bannedSession, testUser } from './server-answers.ts';

// The check every stubbed answer goes through: it must refuse what the server never sends.

describe('stubbedAnswerProblem', () => {
  it('accepts what the server sends', () => {
    expect(stubbedAnswerProblem('GET', '/api/auth/google-client-id', 200, { clientId: null })).toBe(
      null,
    );
    const banned = bannedSession(testUser(), 'Spam');
    expect(stubbedAnswerProblem('GET', '/api/auth/session', 403, banned.body)).toBe(null);
    const notFound = { error: { code: 'not_found', message: 'No profile has the username x' } };
    expect(stubbedAnswerProblem('GET', '/api/community/profiles/x?y=1', 404, notFound)).toBe(null);
  });

  it('refuses a ban reply without its message, and an error without one', () => {
    const { message: _, ...withoutMessage } = bannedSession(testUser(), 'Spam').body;
    expect(stubbedAnswerProblem('GET', '/api/auth/session', 403, withoutMessage)).toMatch(
      /message/,
    );
    const bare = { error: { code: 'internal' } };
    expect(stubbedAnswerProblem('GET', '/api/persona', 500, bare)).toMatch(/error\.message/);
  });

  it('refuses a body missing a field, or with a field the server never sends', () => {
    expect(stubbedAnswerProblem('GET', '/api/auth/google-client-id', 200, {})).toMatch(/clientId/);
    const extra = { clientId: null, clientSecret: 's' };
    expect(stubbedAnswerProblem('GET', '/api/auth/google-client-id', 200, extra)).toMatch(
      /body\.clientSecret/,
    );
  });

  it("refuses a success status the route never answers, and a route it doesn't know", () => {
    const toggle = { liked: true, reposted: false, likeCount: 1, repostCount: 0 };
    expect(stubbedAnswerProblem('POST', '/api/community/posts/p1/like', 201, toggle)).toMatch(
      /answers 200, not 201/,
    );
    expect(stubbedAnswerProblem('GET', '/api/nowhere', 200, {})).toMatch(/no contract/);
    expect(stubbedAnswerProblem('PUT', '/api/persona', 200, {})).toMatch(/no contract/);
  });

  it('prefers a fixed path over a parameter (/profiles/me is not a username)', () => {
    const profile = { profile: null };
    expect(stubbedAnswerProblem('GET', '/api/community/me', 200, profile)).toBe(null);
    expect(stubbedAnswerProblem('GET', '/api/community/profiles/suggested', 200, profile)).toMatch(
      /profiles/,
    );
  });
});

describe('stubResponse', () => {
  it('returns a body that fits and throws on one that does not', () => {
    expect(stubResponse(googleClientIdResponseSchema, { clientId: 'id' })).toEqual({
      status: 200,
      body: { clientId: 'id' },
    });
    expect(() =>
      stubResponse(googleClientIdResponseSchema, { clientId: 3 } as unknown as {
        clientId: string;
      }),
    ).toThrow(/does not fit its contract/);
  });
});
