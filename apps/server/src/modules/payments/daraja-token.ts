/**
 * A store's Daraja hook token (issue 23, decisions/0013): the unguessable part of the three
 * addresses Safaricom calls for the store (/api/hooks/daraja/{token}/stk|validation|confirmation).
 * Made the first time it is asked for, with the store's M-Pesa settings row. Hex, so it can never
 * spell a word Safaricom refuses in a callback URL (hasForbiddenUrlWord).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { storeMpesaSettings } from './mpesa.table';

export function newDarajaHookToken(): string {
  return randomBytes(32).toString('hex');
}

export async function darajaHookTokenOf(db: Executor, storeId: number): Promise<string> {
  await db
    .insert(storeMpesaSettings)
    .values({ storeId, hookToken: newDarajaHookToken() })
    .onConflictDoNothing({ target: storeMpesaSettings.storeId });
  const [row] = await db
    .select({ token: storeMpesaSettings.hookToken })
    .from(storeMpesaSettings)
    .where(eq(storeMpesaSettings.storeId, storeId));
  return row!.token;
}

/** The three hook addresses under `origin` (PUBLIC_URL, or where the request came). */
export function darajaHookUrls(origin: string, token: string) {
  const base = `${origin}/api/hooks/daraja/${token}`;
  return {
    callback_url: `${base}/stk`,
    validation_url: `${base}/validation`,
    confirmation_url: `${base}/confirmation`,
  };
}
