/**
 * Database sessions (ARCHITECTURE.md, Auth). The cookie holds a random token; the table holds
 * its hash. A session of a deactivated user, or of anyone but a super_admin in a closed store
 * (PRODUCT.md §2), no longer authenticates.
 */
import type { Role } from '@duka/shared/auth/roles';
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../app/deps';
import type { Executor } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { sessions } from '../modules/auth/auth.table';
import { stores } from '../modules/stores/stores.table';
import { users, type UserRow } from '../modules/users/users.table';
import { randomToken, sha256 } from './tokens';

export const SESSION_COOKIE = 'duka_session';

/** The signed-in person as the server sees them: a user row without its password hash. */
// A signed-in person is never archived (an archived account is inactive for good).
export type AuthUser = Omit<UserRow, 'passwordHash' | 'archivedAt'> & { role: Role };

export interface AuthContext {
  user: AuthUser;
  sessionTokenHash: string;
  expiresAt: Date;
}

const authUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  storeId: users.storeId,
  isActive: users.isActive,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/** Start a session for a user and set its cookie. Returns the stored hash. */
export async function startSession(
  deps: AppDeps,
  reply: FastifyReply,
  userId: number,
  executor: Executor = deps.db,
): Promise<string> {
  const token = randomToken();
  const tokenHash = sha256(token);
  const expiresAt = new Date(deps.clock.now().getTime() + deps.config.sessionTtlMs);
  await executor
    .insert(sessions)
    .values({ tokenHash, userId, expiresAt, createdAt: deps.clock.now() });
  setSessionCookie(deps, reply, token, expiresAt);
  return tokenHash;
}

function setSessionCookie(deps: AppDeps, reply: FastifyReply, token: string, expires: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.env === 'production',
    expires,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The query behind findSession (db/prepared): it runs on every API call. */
const sessionQueryFor = preparedPerDatabase((db) =>
  db
    .select({
      user: authUserColumns,
      expiresAt: sessions.expiresAt,
      storeIsActive: stores.isActive,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(stores, eq(stores.id, users.storeId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('duka_find_session'),
);

/**
 * The session behind a cookie token, or null when unknown, expired, the user is inactive, or
 * the user's store is closed (a super_admin has no store and is never shut out).
 */
export async function findSession(
  deps: AppDeps,
  token: string | undefined,
): Promise<AuthContext | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = sha256(token);
  // A placeholder skips the column's encoder: pass the timestamp as drizzle would (ISO text).
  const [row] = await sessionQueryFor(deps.db).execute({
    tokenHash,
    now: deps.clock.now().toISOString(),
  });
  if (!row || !row.user.isActive) return null;
  if (row.user.role !== 'super_admin' && row.storeIsActive !== true) return null;
  return { user: row.user, sessionTokenHash: tokenHash, expiresAt: row.expiresAt };
}

/**
 * Sliding expiry: a session in use is renewed once half its lifetime has passed, so a till
 * used every day stays signed in while an abandoned one still expires. One write per half
 * lifetime, not per request.
 */
export async function renewSessionIfDue(
  deps: AppDeps,
  reply: FastifyReply,
  auth: AuthContext,
  token: string,
): Promise<void> {
  const now = deps.clock.now().getTime();
  if (auth.expiresAt.getTime() - now > deps.config.sessionTtlMs / 2) return;
  const expiresAt = new Date(now + deps.config.sessionTtlMs);
  await deps.db
    .update(sessions)
    .set({ expiresAt })
    .where(eq(sessions.tokenHash, auth.sessionTokenHash));
  auth.expiresAt = expiresAt;
  setSessionCookie(deps, reply, token, expiresAt);
}

export async function endSession(deps: AppDeps, tokenHash: string): Promise<void> {
  await deps.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Sign a user out everywhere (deactivation, password change), optionally keeping one session. */
export async function endUserSessions(
  executor: Executor,
  userId: number,
  keepTokenHash?: string,
): Promise<void> {
  await executor
    .delete(sessions)
    .where(
      keepTokenHash
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash))
        : eq(sessions.userId, userId),
    );
}

/** Sign out every member of a store (it was closed); super_admins belong to none. */
export async function endStoreSessions(executor: Executor, storeId: number): Promise<void> {
  const members = executor.select({ id: users.id }).from(users).where(eq(users.storeId, storeId));
  await executor.delete(sessions).where(inArray(sessions.userId, members));
}
