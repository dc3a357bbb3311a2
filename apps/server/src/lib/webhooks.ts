/**
 * Calls from outside services (issue 21, decisions/0010): the webhook access kind's one secret
 * check, and the record that makes a webhook idempotent by the sender's id. A webhook route
 * names `:token` in its path; lib/access.plugin.ts calls storeOfWebhookToken before the body is
 * read, so a missing or wrong token is a 404 whatever the body holds.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { storeWebhookSecrets, webhookEvents } from '../modules/webhooks/webhooks.table';

/** randomToken()'s form: 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The store whose webhook secret `token` is; null for anything else. */
export async function storeOfWebhookToken(db: Executor, token: unknown): Promise<number | null> {
  if (typeof token !== 'string' || !TOKEN.test(token)) return null;
  const [row] = await db
    .select({ storeId: storeWebhookSecrets.storeId })
    .from(storeWebhookSecrets)
    .where(eq(storeWebhookSecrets.token, token));
  return row?.storeId ?? null;
}

/**
 * Records the sender's event once: true the first time (handle it, in the same transaction),
 * false for a repeat (answer as before, change nothing).
 */
export async function firstDelivery(
  tx: Executor,
  event: { storeId: number; source: string; eventId: string; receivedAt: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(webhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return inserted.length === 1;
}
