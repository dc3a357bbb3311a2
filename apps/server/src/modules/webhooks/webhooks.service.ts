/**
 * A store's webhook secret and the addresses built on it (issue 21). The secret is made the
 * first time it is asked for; the gate (lib/webhooks.ts) finds the store by it.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { randomToken } from '../../lib/tokens';
import { storeWebhookSecrets } from './webhooks.table';

export async function webhookSecretOf(db: Executor, storeId: number): Promise<string> {
  await db
    .insert(storeWebhookSecrets)
    .values({ storeId, token: randomToken() })
    .onConflictDoNothing({ target: storeWebhookSecrets.storeId });
  const [row] = await db
    .select({ token: storeWebhookSecrets.token })
    .from(storeWebhookSecrets)
    .where(eq(storeWebhookSecrets.storeId, storeId));
  return row!.token;
}

/** The store's webhook addresses under `origin` (PUBLIC_URL, or where the request came). */
export async function storeWebhooks(db: Executor, storeId: number, origin: string) {
  const token = await webhookSecretOf(db, storeId);
  return { sms_delivery_reports_url: `${origin}/api/webhooks/${token}/sms/delivery-reports` };
}
