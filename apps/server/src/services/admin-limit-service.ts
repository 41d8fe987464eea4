import type {
  GlobalLimits,
  UserRateLimit,
  userRateLimitRequestSchema,
} from '@samvad/contracts/admin';
import type { z } from 'zod';
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { presentUserRateLimit } from '../presenters/admin-presenter.ts';
import { recordAdminAction } from '../repositories/admin-log-repository.ts';
import { findUserByIdOrEmail } from '../repositories/admin-user-repository.ts';
import {
  deleteUserLimit,
  findGlobalLimits,
  findUserLimit,
  type Limits,
  listUserLimits,
  type UserLimitRow,
  updateGlobalLimits,
  upsertUserLimit,
} from '../repositories/limit-settings-repository.ts';
import { requestTotalsOf } from '../repositories/usage-repository.ts';
import { type AdminCall, applyBan, banStateOf } from './admin-user-service.ts';
import { isBanned } from './session-service.ts';
import { dayWindow, monthWindow } from './usage-limit-service.ts';

export { findGlobalLimits };

/** PATCH /api/admin/rate-limits/global: one update_global_limits row with before and after. */
export function setGlobalLimits(
  db: Database,
  call: AdminCall,
  input: Partial<GlobalLimits>,
): Promise<Limits> {
  return db.transaction(async (tx) => {
    const before = await findGlobalLimits(tx);
    const after = await updateGlobalLimits(tx, input, call.now);
    await recordAdminAction(tx, call.actor, {
      action: 'update_global_limits',
      details: { before, after },
      at: call.now,
    });
    return after;
  });
}

/** The Rate Limits table: every override with its user's restriction and today's requests. */
export async function listUserRateLimits(
  db: Database,
  now: Date,
  timezone: string,
): Promise<UserRateLimit[]> {
  const rows = await listUserLimits(db);
  const usage = await requestTotalsOf(
    db,
    rows.map((row) => row.user.id),
    windowsOf(now, timezone),
  );
  return rows.map(({ limit, user }) =>
    presentUserRateLimit(limit, user, isBanned(user, now), usage.get(user.id)?.today ?? 0),
  );
}

/** The user a per-user limit call names, by id or by email. */
async function findTargetUser(db: Database, key: string): Promise<UserRow> {
  const user = await findUserByIdOrEmail(db, key);
  if (!user) throw new AppError('not_found', `No user has the id or email ${key}`);
  return user;
}

const limitsOf = (row: UserLimitRow | null): Limits | null =>
  row
    ? {
        maxRequestsPerDay: row.maxRequestsPerDay,
        maxMessagesPerConversation: row.maxMessagesPerConversation,
        maxConversations: row.maxConversations,
      }
    : null;

/**
 * POST …/rate-limits/users/{userId}: sets the user's limits and their restriction together.
 * isRestricted bans the user (until bannedUntil, when given); saving without it lifts a ban, as
 * the form shows the current restriction when a row is loaded. One update_user_limits row.
 */
export function setUserRateLimit(
  db: Database,
  call: AdminCall,
  userKey: string,
  input: z.output<typeof userRateLimitRequestSchema>,
  timezone: string,
): Promise<UserRateLimit> {
  return db.transaction(async (tx) => {
    const user = await findTargetUser(tx, userKey);
    if (input.isRestricted && user.id === call.admin.id) {
      throw new AppError('validation_failed', 'You cannot restrict yourself.');
    }
    const before = await findUserLimit(tx, user.id);
    const limits: Limits = {
      maxRequestsPerDay: input.maxRequestsPerDay,
      maxMessagesPerConversation: input.maxMessagesPerConversation,
      maxConversations: input.maxConversations,
    };
    const row = await upsertUserLimit(tx, user.id, limits, call.now);
    const wasBanned = isBanned(user, call.now);
    const updated =
      input.isRestricted || wasBanned
        ? await applyBan(tx, call, user, {
            banned: input.isRestricted,
            reason: input.banReason ?? null,
            until: input.bannedUntil ? new Date(input.bannedUntil) : null,
          })
        : user;
    await recordAdminAction(tx, call.actor, {
      action: 'update_user_limits',
      details: {
        before: { limits: limitsOf(before), ...banStateOf(user, call.now) },
        after: { limits, ...banStateOf(updated, call.now) },
      },
      target: user,
      at: call.now,
    });
    const [usage] = (await requestTotalsOf(tx, [user.id], windowsOf(call.now, timezone))).values();
    return presentUserRateLimit(row, updated, isBanned(updated, call.now), usage?.today ?? 0);
  });
}

/** DELETE …/rate-limits/users/{userId}: back to the global defaults; 404 without an override. */
export function resetUserRateLimit(db: Database, call: AdminCall, userKey: string): Promise<void> {
  return db.transaction(async (tx) => {
    const user = await findTargetUser(tx, userKey);
    const before = await findUserLimit(tx, user.id);
    if (!before || !(await deleteUserLimit(tx, user.id))) {
      throw new AppError('not_found', `${user.email ?? user.id} has no custom limits`);
    }
    await recordAdminAction(tx, call.actor, {
      action: 'reset_user_limits',
      details: { before: { limits: limitsOf(before) }, after: { limits: null } },
      target: user,
      at: call.now,
    });
  });
}

function windowsOf(now: Date, timezone: string) {
  return { day: dayWindow(now, timezone), month: monthWindow(now, timezone) };
}
