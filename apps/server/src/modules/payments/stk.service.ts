/**
 * STK push at the till (issue 23, decisions/0013 "STK push"): the prompt to the customer's
 * phone, its status, and the job that asks Daraja when no callback came.
 *
 * A prompt Daraja accepted is a row of mpesa_payments (source 'stk', status 'pending') with the
 * sale's exact amount and the whole shillings the phone was asked for (prompt_amount, rounded
 * up); the status query job is queued with it, due 30 s later. A prompt Daraja refuses writes
 * nothing: there is no CheckoutRequestID to follow, and the till shows why at once.
 */
import { centsToDecimal } from '@duka/shared/money/money';
import {
  darajaPhone,
  promptShillings,
  type StkPushInput,
  type StkStatusView,
} from '@duka/shared/payments/mpesa.schemas';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app/deps';
import type { Executor } from '../../db/client';
import { DarajaError, type DarajaMerchant } from '../../lib/daraja/daraja-client';
import { AppError, conflict, notFound } from '../../lib/errors';
import { enqueueJob } from '../jobs/jobs.service';
import { stores } from '../stores/stores.table';
import { darajaHookUrls } from './daraja-token';
import { storeMpesaSettings, mpesaPayments } from './mpesa.table';
import type { MpesaPaymentRow } from './stk-callback.service';

export const STK_QUERY_JOB = 'mpesa-stk-query';
/** The query job is due this long after the prompt, when no callback settled it first. */
export const STK_QUERY_DELAY_MS = 30_000;
/** After this long with no final answer the request is failed ("no answer came"). */
export const STK_GIVE_UP_MS = 3 * 60_000;
/** Attempts of the query job: enough retries (the runner backs off) to pass STK_GIVE_UP_MS. */
export const STK_QUERY_MAX_ATTEMPTS = 8;

export interface StkQueryPayload {
  payment_id: number;
}

/** TransactionDesc: at most 13 characters (research notes §1.2). */
export const STK_TRANSACTION_DESC = 'Duka sale';
/** AccountReference when the till gives no sale reference and the store's name has no letters. */
export const STK_DEFAULT_REFERENCE = 'Duka';

export const NOT_SET_UP_MESSAGE =
  'M-Pesa is not set up for this store: a manager enters its details in Settings';

/** The store's Daraja account when its settings are complete, else null. */
export async function merchantOf(db: Executor, storeId: number): Promise<DarajaMerchant | null> {
  const [settings] = await db
    .select()
    .from(storeMpesaSettings)
    .where(eq(storeMpesaSettings.storeId, storeId));
  if (!settings) return null;
  const { shortcode, kind, environment, passkey, consumerKey, consumerSecret, partyB } = settings;
  if (!shortcode || !kind || !environment || !passkey || !consumerKey || !consumerSecret) {
    return null;
  }
  if (kind === 'till' && !partyB) return null;
  return {
    environment,
    consumerKey,
    consumerSecret,
    shortcode,
    kind,
    partyB: kind === 'till' ? partyB : null,
    passkey,
  };
}

/** The store's name as letters and digits, at most 12 (AccountReference's limit). */
function storeReference(name: string | undefined): string {
  return (name ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 12) || STK_DEFAULT_REFERENCE;
}

/** Daraja's refusal of a prompt in words the till shows; nothing of it is a secret. */
export function promptRefusal(error: DarajaError): AppError {
  if (error.failure !== 'refused' || (error.retryable && error.errorCode !== '500.001.1001')) {
    return new AppError(
      503,
      'mpesa.unreachable',
      'M-Pesa could not be reached: try again or take cash',
    );
  }
  const said = `${error.errorCode ?? ''} ${error.errorMessage}`;
  if (/in process|lock subscriber/i.test(said)) {
    return conflict(
      'mpesa.phone_busy',
      'This phone has another M-Pesa request in progress: wait a minute and try again',
    );
  }
  if (/phone|partya|msisdn|subscriber/i.test(error.errorMessage)) {
    return new AppError(
      400,
      'mpesa.phone_refused',
      'M-Pesa refused this phone number: check it and try again',
      [{ path: 'phone', message: 'M-Pesa refused this phone number' }],
    );
  }
  return new AppError(
    502,
    'mpesa.details_refused',
    "M-Pesa refused the store's details: a manager should check them in Settings",
  );
}

export interface SentPrompt {
  id: number;
  status: 'pending';
  checkout_request_id: string;
}

/**
 * Sends the prompt for `input` from store `storeId` (its settings complete, else 409) and
 * records it, with its status query job, when Daraja accepted it.
 */
export async function sendStkPush(
  { db, clock, daraja }: AppDeps,
  storeId: number,
  userId: number,
  input: StkPushInput,
  origin: string,
): Promise<SentPrompt> {
  const merchant = await merchantOf(db, storeId);
  if (!merchant) throw conflict('mpesa.not_configured', NOT_SET_UP_MESSAGE);
  const [settings] = await db
    .select({ hookToken: storeMpesaSettings.hookToken, storeName: stores.name })
    .from(storeMpesaSettings)
    .innerJoin(stores, eq(stores.id, storeMpesaSettings.storeId))
    .where(eq(storeMpesaSettings.storeId, storeId));
  const reference = input.sale_reference ?? storeReference(settings?.storeName);
  const promptAmount = promptShillings(input.amount);
  let accepted;
  try {
    accepted = await daraja.stkPush(
      merchant,
      {
        amount: promptAmount,
        phone: darajaPhone(input.phone),
        callbackUrl: darajaHookUrls(origin, settings!.hookToken).callback_url,
        accountReference: reference,
        transactionDesc: STK_TRANSACTION_DESC,
      },
      clock.now(),
    );
  } catch (error) {
    if (error instanceof DarajaError) throw promptRefusal(error);
    throw error;
  }
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mpesaPayments)
      .values({
        storeId,
        source: 'stk',
        status: 'pending',
        amount: centsToDecimal(input.amount),
        promptAmount,
        phone: input.phone,
        reference,
        merchantRequestId: accepted.merchantRequestId || null,
        checkoutRequestId: accepted.checkoutRequestId,
        userId,
        createdAt: now,
      })
      .returning({ id: mpesaPayments.id });
    const payload: StkQueryPayload = { payment_id: row!.id };
    await enqueueJob(tx, now, {
      kind: STK_QUERY_JOB,
      storeId,
      payload: { ...payload },
      maxAttempts: STK_QUERY_MAX_ATTEMPTS,
      dedupeKey: `stk-${row!.id}`,
      runAt: new Date(now.getTime() + STK_QUERY_DELAY_MS),
    });
    return {
      id: row!.id,
      status: 'pending' as const,
      checkout_request_id: accepted.checkoutRequestId,
    };
  });
}

export function presentStk(row: MpesaPaymentRow): StkStatusView {
  return {
    id: row.id,
    status: row.status,
    result_code: row.resultCode,
    result_desc: row.resultDesc,
    mpesa_receipt: row.mpesaReceipt,
    amount: Number(row.amount),
    phone: row.phone ?? '',
    sale_id: row.saleId,
  };
}

/** One STK request of the store (a received C2B payment's id is not one: 404). */
export async function stkStatus(db: Executor, storeId: number, id: number): Promise<StkStatusView> {
  const [row] = await db
    .select()
    .from(mpesaPayments)
    .where(
      and(
        eq(mpesaPayments.id, id),
        eq(mpesaPayments.storeId, storeId),
        eq(mpesaPayments.source, 'stk'),
      ),
    );
  if (!row) throw notFound('M-Pesa request not found', 'mpesa.not_found');
  return presentStk(row);
}
