/**
 * Calls from outside services (issue 21, decisions/0010): the webhook access kind's one secret
 * check, and the record that makes a webhook idempotent by the sender's id. A webhook route
 * names `:token` in its path; lib/access.plugin.ts calls storeOfWebhookToken before the body is
 * read, so a missing or wrong token is a 404 whatever the body holds.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { storeMpesaSettings } from '../modules/payments/mpesa.table';
import { storeWebhookSecrets, webhookEvents } from '../modules/webhooks/webhooks.table';

/**
 * Which secret a webhook route's `:token` is: the store's webhook secret (true), or its Daraja
 * hook token ('daraja', issue 23: hex, since Safaricom refuses callback URLs holding words such
 * as "exe" or "sql" that base64 could spell).
 */
export type WebhookKind = true | 'daraja';

/** randomToken()'s form: 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** darajaHookToken()'s form: 32 random bytes in lower-case hex. */
const DARAJA_TOKEN = /^[0-9a-f]{64}$/;

/** The store whose `kind` of secret `token` is; null for anything else. */
export async function storeOfHookToken(
  db: Executor,
  kind: WebhookKind,
  token: unknown,
): Promise<number | null> {
  if (kind === true) return storeOfWebhookToken(db, token);
  if (typeof token !== 'string' || !DARAJA_TOKEN.test(token)) return null;
  const [row] = await db
    .select({ storeId: storeMpesaSettings.storeId })
    .from(storeMpesaSettings)
    .where(eq(storeMpesaSettings.hookToken, token));
  return row?.storeId ?? null;
}

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
