import { z } from 'zod';
import { isStorableText, STORABLE_TEXT_MESSAGE } from './storable-text.ts';

export const userRoleSchema = z.enum(['user', 'admin']);
export type UserRole = z.infer<typeof userRoleSchema>;

/** The signed-in user as the browser sees it (spec: "User (session user)"). */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  image: z.string().nullable(),
  /** Admin login name; null for members who only sign in with Google. */
  username: z.string().nullable(),
  role: userRoleSchema,
  banned: z.boolean(),
  /** The spec reads the flag under both names. */
  isBanned: z.boolean(),
  banReason: z.string().nullable(),
  /** When a temporary ban ends (ISO); null for none or a permanent ban. */
  bannedUntil: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/auth/session: `{ user: null, banned: false }` for a visitor. */
export const sessionResponseSchema = z.object({
  user: sessionUserSchema.nullable(),
  banned: z.boolean(),
  message: z.string().optional(),
  banReason: z.string().nullable().optional(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** GET /api/auth/google-client-id: `clientId` is null while sign-in is not configured. */
export const googleClientIdResponseSchema = z.object({
  clientId: z.string().nullable(),
});
export type GoogleClientIdResponse = z.infer<typeof googleClientIdResponseSchema>;

/**
 * 403 body for a banned user, from the session and sign-in calls and any call acting for them.
 * Carries the usual error object plus the spec's top-level fields.
 */
export const bannedResponseSchema = z.object({
  error: z.object({ code: z.literal('banned'), message: z.string() }),
  banned: z.literal(true),
  message: z.string(),
  reason: z.string().nullable(),
  user: sessionUserSchema.nullable(),
});
export type BannedResponse = z.infer<typeof bannedResponseSchema>;

/** POST /api/auth/google: a Google Identity Services credential (an ID token). */
export const googleTokenRequestSchema = z.object({ token: z.string().min(1).max(8192) });

/** POST /api/auth/google/callback: what the provider sent back to /auth/google/callback. */
export const oidcCallbackRequestSchema = z.object({
  code: z.string().min(1).max(4096),
  state: z.string().min(1).max(512),
  iss: z.string().max(2048).optional(),
});

export const signInResponseSchema = z.object({ user: sessionUserSchema });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });

/** GET /api/auth/sessions: the caller's own sessions. */
export const sessionSummarySchema = z.object({
  id: z.string(),
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
});
export const sessionListResponseSchema = z.object({ sessions: z.array(sessionSummarySchema) });
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const adminLoginRequestSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'Username is required')
    .max(64)
    .refine(isStorableText, STORABLE_TEXT_MESSAGE),
  password: z.string().min(1, 'Password is required').max(128),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;

/** Password rules, shared by the server and the admin form. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const changePasswordRequestSchema = z.object({
  username: z.string().trim().min(1).max(64).refine(isStorableText, STORABLE_TEXT_MESSAGE),
  currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** PATCH /api/admin/users/{id}/ban-status. */
export const banStatusRequestSchema = z.object({
  banned: z.boolean(),
  banReason: z.string().trim().max(500).nullable().optional(),
  /** ISO time the ban ends; absent or null for a ban without end. */
  bannedUntil: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type BanStatusRequest = z.infer<typeof banStatusRequestSchema>;
