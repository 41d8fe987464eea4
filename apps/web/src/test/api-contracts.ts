import {
  adminConversationListResponseSchema,
  adminLogListResponseSchema,
  adminUserListResponseSchema,
  adminUserResponseSchema,
  dailyUsageResponseSchema,
  globalLimitsSchema,
  userMetricsResponseSchema,
  userRateLimitListResponseSchema,
  userRateLimitResponseSchema,
} from '@samvad/contracts/admin';
import {
  adminDocumentListResponseSchema,
  adminDocumentRemovedResponseSchema,
  adminDocumentResponseSchema,
  embeddingStatusResponseSchema,
} from '@samvad/contracts/admin-documents';
import { rateAnswerResponseSchema } from '@samvad/contracts/answer-feedback';
import {
  bannedResponseSchema,
  googleClientIdResponseSchema,
  okResponseSchema,
  sessionListResponseSchema,
  sessionResponseSchema,
  signInResponseSchema,
} from '@samvad/contracts/auth';
import { chatResponseSchema } from '@samvad/contracts/chat';
import {
  availabilityResponseSchema,
  collectionDetailResponseSchema,
  collectionListResponseSchema,
  collectionQuoteStateSchema,
  collectionResponseSchema,
  commentPageSchema,
  commentSchema,
  followResponseSchema,
  myProfileResponseSchema,
  postPageSchema,
  postSchema,
  postToggleResponseSchema,
  profilePageSchema,
  profileResponseSchema,
  searchResponseSchema,
} from '@samvad/contracts/community';
import {
  addMessageResponseSchema,
  conversationListSchema,
  conversationSchema,
  conversationSummarySchema,
  sharedConversationSchema,
  shareResponseSchema,
} from '@samvad/contracts/conversations';
import { errorBodySchema } from '@samvad/contracts/errors';
import { healthResponseSchema, readyResponseSchema } from '@samvad/contracts/health';
import { knowledgeStatusSchema } from '@samvad/contracts/knowledge-status';
import { rateLimitResponseSchema, userRateLimitsSchema } from '@samvad/contracts/limits';
import { personaResponseSchema } from '@samvad/contracts/persona';
import { documentTextResponseSchema } from '@samvad/contracts/source-reader';
import { z } from 'zod';
import { recordStubViolation } from './stub-violations.ts';

// What the server answers on each JSON route: the success status and its body's schema, as in
// the route files (apps/server/src/routes). Stubbed answers in the web tests are checked against
// it, so a stub cannot drift from what the server really sends (a ban reply without `message`).

/** A JSON body with this status and schema, or a stream (never a JSON success). */
type Success = { status: 200 | 201; schema: z.ZodType } | { status: 200; stream: string };
const ok = (schema: z.ZodType): Success => ({ status: 200, schema });
const created = (schema: z.ZodType): Success => ({ status: 201, schema });

const postResponse = z.object({ post: postSchema });

/** `METHOD /path/:param` → the success answer. */
const ROUTES: Record<string, Success> = {
  'GET /api/persona': ok(personaResponseSchema),
  'GET /api/knowledge/status': ok(knowledgeStatusSchema),
  'GET /api/health': ok(healthResponseSchema),
  'GET /api/ready': ok(readyResponseSchema),
  'GET /api/auth/session': ok(sessionResponseSchema),
  'GET /api/auth/google-client-id': ok(googleClientIdResponseSchema),
  'POST /api/auth/google': ok(signInResponseSchema),
  'POST /api/auth/google/callback': ok(signInResponseSchema),
  'POST /api/auth/signout': ok(okResponseSchema),
  'GET /api/auth/sessions': ok(sessionListResponseSchema),
  'DELETE /api/auth/sessions/:id': ok(okResponseSchema),
  'GET /api/user/rate-limits': ok(userRateLimitsSchema),
  'POST /api/chat': ok(chatResponseSchema),
  // Rating answers (issue #31).
  'PUT /api/answer-ratings': ok(rateAnswerResponseSchema),
  'DELETE /api/answer-ratings/:id': ok(okResponseSchema),
  // The source reader (issue 20).
  'GET /api/documents/:id/text': ok(documentTextResponseSchema),
  // Conversations and sharing.
  'GET /api/conversations': ok(conversationListSchema),
  'POST /api/conversations': created(conversationSchema),
  'GET /api/conversations/:id': ok(conversationSchema),
  'PATCH /api/conversations/:id': ok(conversationSummarySchema),
  'DELETE /api/conversations/:id': ok(okResponseSchema),
  'POST /api/conversations/:id/messages': created(addMessageResponseSchema),
  'POST /api/conversations/:id/share': ok(shareResponseSchema),
  'DELETE /api/conversations/:id/share': ok(okResponseSchema),
  'GET /api/shared/:id': ok(sharedConversationSchema),
  // The community.
  'GET /api/community/me': ok(myProfileResponseSchema),
  'POST /api/community/profiles': created(profileResponseSchema),
  'PATCH /api/community/profiles/me': ok(profileResponseSchema),
  'GET /api/community/profiles/suggested': ok(profilePageSchema),
  'GET /api/community/profiles/:username': ok(profileResponseSchema),
  'GET /api/community/profiles/:username/available': ok(availabilityResponseSchema),
  'GET /api/community/users/:id/profile': ok(profileResponseSchema),
  'GET /api/community/users/:id/followers': ok(profilePageSchema),
  'GET /api/community/users/:id/following': ok(profilePageSchema),
  'GET /api/community/users/:id/quote-collections': ok(collectionListResponseSchema),
  'POST /api/community/follow/:id': ok(followResponseSchema),
  'DELETE /api/community/follow/:id': ok(followResponseSchema),
  'POST /api/community/posts': created(postResponse),
  'GET /api/community/posts': ok(postPageSchema),
  'GET /api/community/feed': ok(postPageSchema),
  'GET /api/community/posts/:id': ok(postResponse),
  'DELETE /api/community/posts/:id': ok(okResponseSchema),
  'POST /api/community/posts/:id/like': ok(postToggleResponseSchema),
  'DELETE /api/community/posts/:id/like': ok(postToggleResponseSchema),
  'POST /api/community/posts/:id/repost': ok(postToggleResponseSchema),
  'DELETE /api/community/posts/:id/repost': ok(postToggleResponseSchema),
  'GET /api/community/posts/:id/comments': ok(commentPageSchema),
  'POST /api/community/posts/:id/comments': created(z.object({ comment: commentSchema })),
  'DELETE /api/community/comments/:id': ok(okResponseSchema),
  'GET /api/community/search': ok(searchResponseSchema),
  'POST /api/community/quote-collections': created(collectionResponseSchema),
  'GET /api/community/quote-collections/:id': ok(collectionDetailResponseSchema),
  'PATCH /api/community/quote-collections/:id': ok(collectionResponseSchema),
  'DELETE /api/community/quote-collections/:id': ok(okResponseSchema),
  'GET /api/community/quote-collections/:id/quotes/:postId': ok(collectionQuoteStateSchema),
  'PUT /api/community/quote-collections/:id/quotes/:postId': ok(collectionResponseSchema),
  'DELETE /api/community/quote-collections/:id/quotes/:postId': ok(collectionResponseSchema),
  // The admin dashboard.
  'POST /api/admin/login': ok(signInResponseSchema),
  'POST /api/admin/logout': ok(okResponseSchema),
  'POST /api/admin/change-password': ok(okResponseSchema),
  'GET /api/admin/users': ok(adminUserListResponseSchema),
  'PATCH /api/admin/users/:id/role': ok(adminUserResponseSchema),
  'PATCH /api/admin/users/:id/ban-status': ok(adminUserResponseSchema),
  'GET /api/admin/conversations': ok(adminConversationListResponseSchema),
  'GET /api/admin/user-metrics': ok(userMetricsResponseSchema),
  'GET /api/admin/usage/daily': ok(dailyUsageResponseSchema),
  'GET /api/admin/logs': ok(adminLogListResponseSchema),
  'GET /api/admin/rate-limits/global': ok(globalLimitsSchema),
  'PATCH /api/admin/rate-limits/global': ok(globalLimitsSchema),
  'GET /api/admin/rate-limits/users': ok(userRateLimitListResponseSchema),
  'POST /api/admin/rate-limits/users/:id': ok(userRateLimitResponseSchema),
  'DELETE /api/admin/rate-limits/users/:id': ok(okResponseSchema),
  'GET /api/admin/documents': ok(adminDocumentListResponseSchema),
  // Its progress events are NDJSON lines (uploadEventSchema); refusals before them are JSON.
  'POST /api/admin/documents': { status: 200, stream: 'application/x-ndjson' },
  'DELETE /api/admin/documents/:id': ok(adminDocumentRemovedResponseSchema),
  'PATCH /api/admin/documents/:id': ok(adminDocumentResponseSchema),
  'GET /api/admin/embeddings': ok(embeddingStatusResponseSchema),
};

type Pattern = { method: string; segments: string[]; params: number; success: Success };

const PATTERNS: Pattern[] = Object.entries(ROUTES).map(([key, success]) => {
  const [method = '', path = ''] = key.split(' ');
  const segments = path.split('/');
  return { method, segments, params: segments.filter((s) => s.startsWith(':')).length, success };
});

/** The route a request is for: the one with the fewest parameters (`/profiles/me` over `:username`). */
function routeOf(method: string, pathname: string): Pattern | null {
  const segments = pathname.split('/');
  const matches = PATTERNS.filter(
    (pattern) =>
      pattern.method === method &&
      pattern.segments.length === segments.length &&
      pattern.segments.every((part, i) => part.startsWith(':') || part === segments[i]),
  );
  return matches.sort((a, b) => a.params - b.params)[0] ?? null;
}

/** The error bodies the server sends: a ban and a usage limit carry more than the error. */
function errorSchemaOf(body: unknown): z.ZodType {
  const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
  if (code === 'banned') return bannedResponseSchema;
  if (code === 'rate_limited' && body && typeof body === 'object' && 'type' in body) {
    return rateLimitResponseSchema;
  }
  return errorBodySchema;
}

/** Keys of `sent` that the schema does not know (it dropped them): the server never sends them. */
function unknownKeys(sent: unknown, parsed: unknown, at: string): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    return sent.flatMap((item, i) => unknownKeys(item, parsed[i], `${at}[${i}]`));
  }
  if (!isRecord(sent) || !isRecord(parsed)) return [];
  return Object.keys(sent).flatMap((key) =>
    key in parsed ? unknownKeys(sent[key], parsed[key], `${at}.${key}`) : [`${at}.${key}`],
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why the body does not fit the schema, or null when it does (and has no unknown keys). */
export function contractProblem(schema: z.ZodType, body: unknown): string | null {
  const result = schema.safeParse(body);
  if (!result.success) return z.prettifyError(result.error);
  const extra = unknownKeys(body, result.data, 'body');
  return extra.length > 0 ? `keys the server never sends: ${extra.join(', ')}` : null;
}

/**
 * Why a stubbed answer could not have come from the server, or null when it could: an unknown
 * route, a success status the route never answers, or a body that does not fit its schema.
 */
export function stubbedAnswerProblem(
  method: string,
  url: string,
  status: number,
  body: unknown,
): string | null {
  const { pathname } = new URL(url, 'http://localhost');
  const route = routeOf(method, pathname);
  if (!route) {
    return `no contract for ${method} ${pathname}: add the route to apps/web/src/test/api-contracts.ts`;
  }
  if (status < 300) {
    const success = route.success;
    if (status !== success.status) {
      return `${method} ${pathname} answers ${success.status}, not ${status}`;
    }
    if ('stream' in success) return `${method} ${pathname} answers a ${success.stream} stream`;
    return contractProblem(success.schema, body);
  }
  return contractProblem(errorSchemaOf(body), body);
}

/**
 * A stubbed answer whose body is checked against `schema` at once (throws on a mismatch), for
 * stubs that are not made through `stubApi`, which checks its answers by route.
 */
export function stubResponse<Schema extends z.ZodType>(
  schema: Schema,
  body: z.input<Schema>,
  status = 200,
): { status: number; body: z.input<Schema> } {
  const problem = contractProblem(schema, body);
  if (problem) throw new Error(`stubbed body does not fit its contract: ${problem}`);
  return { status, body };
}

/**
 * For fetch stubs of their own (not `stubApi`): checks a JSON answer like stubApi's, keeping a
 * violation for setup.ts to fail the test with. Answers of other types pass unchecked.
 */
export async function checkStubbedResponse(
  method: string,
  url: string,
  response: Response,
): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const text = await response.clone().text();
  const body: unknown = text === '' ? undefined : JSON.parse(text);
  const problem = stubbedAnswerProblem(method, url, response.status, body);
  if (problem) recordStubViolation(`${method} ${url} → ${response.status}: ${problem}`);
  return response;
}
