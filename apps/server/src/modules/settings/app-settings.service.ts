/**
 * Installation-wide values made once and shared by every instance through the database
 * (app_settings). First writer wins: insert-if-absent, then read what is there.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { appSettings } from './app-settings.table';

export const SESSION_SECRET_KEY = 'session_secret';

/**
 * The value stored under `key`, storing `make()` first when there is none. Race-safe: instances
 * starting together each try to insert, the first one's value stays, and all read that one.
 */
export async function getOrCreateSetting(
  db: Executor,
  key: string,
  make: () => string,
): Promise<string> {
  await db.insert(appSettings).values({ key, value: make() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  if (!row) throw new Error(`app setting ${key} vanished after it was written`);
  return row.value;
}

/**
 * The secret that signs CSRF tokens: SESSION_SECRET when configured, otherwise one generated
 * once and kept in the database, so a restart keeps every open till's token valid and several
 * instances on one PostgreSQL sign alike.
 */
export async function resolveSessionSecret(
  db: Executor,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  return getOrCreateSetting(db, SESSION_SECRET_KEY, () => randomBytes(32).toString('hex'));
}
