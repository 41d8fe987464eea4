import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.ts';
import type { AuditActor } from '../repositories/admin-log-repository.ts';
import type { AdminCall } from '../services/admin-user-service.ts';
import { requireAdmin } from './guards.ts';

/**
 * The audit log's "who and from where". `request.ip` already honours TRUST_PROXY: with it, the
 * client address from X-Forwarded-For; without it, the socket's peer.
 */
export function auditActorOf(request: FastifyRequest, admin: UserRow | null): AuditActor {
  return {
    adminId: admin?.id ?? null,
    adminEmail: admin ? (admin.email ?? admin.username) : null,
    ipAddress: request.ip ?? null,
  };
}

/** Authorize an admin call (401/403 otherwise) and gather what its audit row needs. */
export function adminCallOf(request: FastifyRequest, now: Date): AdminCall {
  const { user } = requireAdmin(request, now);
  return { admin: user, actor: auditActorOf(request, user), now };
}
