import { z } from 'zod';

export const userRoleSchema = z.enum(['user', 'admin']);
export type UserRole = z.infer<typeof userRoleSchema>;

/** The signed-in user as the browser sees it (spec: "User (session user)"). */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  image: z.string().nullable(),
  role: userRoleSchema,
  banned: z.boolean(),
  /** The spec reads the flag under both names. */
  isBanned: z.boolean(),
  banReason: z.string().nullable(),
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
