/**
 * Sending a store's invoices to eTIMS (issue 26, decisions/0017 "eTIMS"). The sale's and the
 * return's triggers (migration 0042) write each invoice as `pending`, numbered (etims_no, OSCU's
 * invcNo) in the store's one series; one 'etims-send' job per store (its dedupe key) sends them
 * in that order:
 * - '000': `sent`, with the control unit's numbers and signature kept;
 * - another resultCd: `failed` with KRA's code and message — the next one goes on (a refusal
 *   is about that invoice; a manager's Retry makes it pending again);
 * - a credit note whose sale's invoice is not sent is not sent either: it waits, pending with a
 *   message naming the invoice, while the others go on, and goes once that invoice is sent;
 * - 994 (overlapped data) for an invoice tried before: `failed` with 994 and a message saying
 *   KRA already holds it (an earlier answer was lost); Retry answers 409 for it;
 * - no answer (down, a timeout, an HTTP error): it stays `pending` with why, the run stops and
 *   the job is retried with backoff — the later invoices wait behind it, so the order holds.
 *
 * Queued after each sale and return commits (queueEtimsSend) and, so that nothing pending is
 * ever stranded (a commit that raced a finishing job, a job that ran out of attempts, a crash
 * between commit and queueing), every minute for each store with pending invoices
 * (sweepPendingEtims, on the job runner's clock).
 */
import { and, asc, eq, not, notInArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app/deps';
import type { Executor, Transaction } from '../../db/client';
import { buildSalesPayload } from '../../lib/etims/etims-payload';
import { EtimsError, type OscuDevice } from '../../lib/etims/oscu-client';
import { enqueueJob } from '../jobs/jobs.service';
import { jobs } from '../jobs/jobs.table';
import { sales } from '../sales/sales.table';
import { loadEtimsDocument } from './etims-documents';
import { findEtimsSettings } from './etims-settings.service';
import { etimsInvoices, type EtimsInvoiceRow } from './etims.table';

export const ETIMS_SEND_JOB = 'etims-send';
/** With the runner's backoff (15 s doubling, at most an hour), about 8 hours of tries. */
export const ETIMS_SEND_MAX_ATTEMPTS = 12;
/** How often the sweep queues a send for every store with invoices pending. */
export const ETIMS_SWEEP_EVERY_MS = 60_000;
/**
 * A run sends for at most this long, then hands over to a fresh job: the runner's lease is two
 * minutes, and a run past it could be taken over by another runner and send twice.
 */
export const ETIMS_RUN_BUDGET_MS = 60_000;

export interface EtimsSendPayload {
  store_id: number;
}

const dedupeKey = (storeId: number) => `etims-send:${storeId}`;

/** Queues the store's send job (one queued-or-running per store; a second is a no-op). */
export async function enqueueEtimsSend(db: Executor, now: Date, storeId: number): Promise<void> {
  await enqueueJob(db, now, {
    kind: ETIMS_SEND_JOB,
    storeId,
    payload: { store_id: storeId } satisfies EtimsSendPayload,
    maxAttempts: ETIMS_SEND_MAX_ATTEMPTS,
    dedupeKey: dedupeKey(storeId),
  });
}

/**
 * The store's send job due now (a manager's Retry): the queued one waiting out its backoff is
 * moved to now, or a new one queued. A running one is left to finish.
 */
export async function sendEtimsNow(db: Executor, now: Date, storeId: number): Promise<void> {
  await db
    .update(jobs)
    .set({ runAt: now, updatedAt: now })
    .where(
      and(
        eq(jobs.kind, ETIMS_SEND_JOB),
        eq(jobs.dedupeKey, dedupeKey(storeId)),
        eq(jobs.state, 'queued'),
      ),
    );
  await enqueueEtimsSend(db, now, storeId);
}

/**
 * After a sale or a return committed: queue the store's send when it has invoices pending (a
 * registered store; for the others one indexed look and nothing more).
 */
export async function queueEtimsSend(db: Executor, storeId: number, now: Date): Promise<void> {
  const [pending] = await db
    .select({ id: etimsInvoices.id })
    .from(etimsInvoices)
    .where(and(eq(etimsInvoices.storeId, storeId), eq(etimsInvoices.status, 'pending')))
    .limit(1);
  if (pending) await enqueueEtimsSend(db, now, storeId);
}

/**
 * Queues the send after a sale's or a return's commit without ever failing the request: the
 * sale or return is made, and the till must not see a 500 for it because the job could not be
 * queued (the database hiccuped between the two). The failure is logged and the minute's sweep
 * (sweepPendingEtims) queues the send within a minute.
 */
export async function queueEtimsSendAfterCommit(
  queue: () => Promise<void>,
  storeId: number,
): Promise<void> {
  try {
    await queue();
  } catch (error) {
    // The database's own reason, not the query Drizzle wraps it in.
    const reason =
      error instanceof Error && error.cause instanceof Error ? error.cause : (error as Error);
    // Services carry no request logger; stderr is where the server's own failures go.
    console.error(
      `eTIMS send for store ${storeId} not queued after its commit (the sweep will): ` +
        String(reason?.message ?? reason),
    );
  }
}

/**
 * A pending credit note whose sale's invoice KRA has not accepted (refused, or waiting for a
 * Retry): sending it would name an orgInvcNo KRA does not hold. It waits, pending, and goes with
 * the run that follows its sale's invoice being sent. (The sale's invoice always has the lower
 * etims_no, so a run reaches it first.)
 */
const waitsForItsSale = sql`(${etimsInvoices.kind} = 'credit_note' and exists (
  select 1 from etims_invoices sale_invoice
  where sale_invoice.sale_id = ${etimsInvoices.saleId} and sale_invoice.kind = 'sale'
    and sale_invoice.status <> 'sent'))`;

export const etimsWaitingMessage = (invoiceNo: number) =>
  `Waits for invoice No. ${invoiceNo} to be accepted by eTIMS: it is sent once that invoice is`;

/**
 * Every store with invoices to send gets its send job queued (when none is already). A credit
 * note waiting for its sale's invoice is not one: the Retry of that invoice queues the send.
 */
export async function sweepPendingEtims(db: Executor, now: Date): Promise<void> {
  const stores = await db
    .selectDistinct({ storeId: etimsInvoices.storeId })
    .from(etimsInvoices)
    .where(and(eq(etimsInvoices.status, 'pending'), not(waitsForItsSale)));
  for (const { storeId } of stores) await enqueueEtimsSend(db, now, storeId);
}

/**
 * The store's next invoice to send: its lowest pending etims_no but those in `skipped` (credit
 * notes found waiting in this run), with whether it waits for its sale's invoice.
 */
async function nextPending(
  db: Executor,
  storeId: number,
  skipped: readonly number[],
): Promise<{ invoice: EtimsInvoiceRow; waits: boolean } | undefined> {
  const [row] = await db
    .select({ invoice: etimsInvoices, waits: sql<boolean>`${waitsForItsSale}` })
    .from(etimsInvoices)
    .where(
      and(
        eq(etimsInvoices.storeId, storeId),
        eq(etimsInvoices.status, 'pending'),
        skipped.length ? notInArray(etimsInvoices.id, [...skipped]) : undefined,
      ),
    )
    .orderBy(asc(etimsInvoices.etimsNo))
    .limit(1);
  return row;
}

/** A waiting credit note says which invoice it waits for (the sale's own invoice number). */
async function markWaiting(db: Executor, invoice: EtimsInvoiceRow): Promise<void> {
  const [sale] = await db
    .select({ invoiceNo: sales.invoiceNo })
    .from(sales)
    .where(eq(sales.id, invoice.saleId));
  if (!sale) return;
  await db
    .update(etimsInvoices)
    .set({ message: etimsWaitingMessage(sale.invoiceNo), resultCode: null })
    .where(and(eq(etimsInvoices.id, invoice.id), eq(etimsInvoices.status, 'pending')));
}

/** OSCU's resultCd for an invcNo the branch already has. */
export const OVERLAPPED_DATA = '994';

/**
 * A 994 on an invoice tried before: failed for good, since sending it again (the same invcNo)
 * only gets 994 again, and OSCU offers no lookup we use to fetch its signature.
 */
export const ETIMS_ANSWER_LOST_MESSAGE =
  'eTIMS already holds this invoice: it took an earlier try whose answer was lost, so its ' +
  'signature is not known here. Retry cannot help';

export const etimsUnreachableMessage = (why: string) =>
  `eTIMS could not be reached (${why}): it will be sent when eTIMS answers`;

export type SendOutcome =
  /** Nothing left pending. */
  | { kind: 'done'; sent: number; failed: number }
  /** OSCU did not answer: the rest waits. */
  | { kind: 'unreachable'; message: string; sent: number; failed: number }
  /** The run's time is up with invoices left. */
  | { kind: 'more'; sent: number; failed: number };

/**
 * Sends the store's pending invoices in etims_no order until none is left, OSCU stops
 * answering, or the run's budget (real time) is spent.
 */
export async function sendPendingInvoices(
  { db, clock, etims }: AppDeps,
  storeId: number,
  budgetMs = ETIMS_RUN_BUDGET_MS,
): Promise<SendOutcome> {
  const started = performance.now();
  let sent = 0;
  let failed = 0;
  const settings = await findEtimsSettings(db, storeId);
  if (!settings?.cmcKey || !settings.registeredAt) return { kind: 'done', sent, failed };
  const device: OscuDevice = {
    environment: settings.environment,
    tin: settings.kraPin,
    bhfId: settings.branchId,
    cmcKey: settings.cmcKey,
  };
  const skipped: number[] = [];
  for (;;) {
    if (performance.now() - started > budgetMs) return { kind: 'more', sent, failed };
    const next = await nextPending(db, storeId, skipped);
    if (!next) return { kind: 'done', sent, failed };
    const { invoice } = next;
    if (next.waits) {
      // The invoices behind it go on: sales are independent of each other, and a credit note
      // sent later than its number only changes where it falls in OSCU's invcNo order.
      await markWaiting(db, invoice);
      skipped.push(invoice.id);
      continue;
    }
    const pendingOnly = and(eq(etimsInvoices.id, invoice.id), eq(etimsInvoices.status, 'pending'));
    const document = await loadEtimsDocument(db, invoice);
    if (!document) {
      // Its sale is gone (a store deleted under it): nothing can be sent for it.
      await db
        .update(etimsInvoices)
        .set({ status: 'failed', resultCode: null, message: 'The sale no longer exists' })
        .where(pendingOnly);
      failed += 1;
      continue;
    }
    try {
      const answer = await etims.saveSales(device, buildSalesPayload(document));
      await db
        .update(etimsInvoices)
        .set({
          status: 'sent',
          receiptNo: answer.curRcptNo,
          totalReceiptNo: answer.totRcptNo,
          internalData: answer.intrlData,
          signature: answer.rcptSign,
          sdcDateTime: answer.sdcDateTime,
          // What it was signed under: its receipt keeps these if the settings change later.
          kraPin: settings.kraPin,
          branchId: settings.branchId,
          environment: settings.environment,
          sdcId: settings.sdcId,
          resultCode: null,
          message: null,
          attempts: sql`${etimsInvoices.attempts} + 1`,
          sentAt: clock.now(),
        })
        .where(pendingOnly);
      sent += 1;
    } catch (error) {
      if (!(error instanceof EtimsError)) throw error;
      if (error.failure === 'refused') {
        // 994 (overlapped data) for an invoice tried before: KRA took it then and its answer
        // was lost (a timeout, a runner that died), not a refusal of its content.
        const lost = error.resultCode === OVERLAPPED_DATA && invoice.attempts > 0;
        await db
          .update(etimsInvoices)
          .set({
            status: 'failed',
            resultCode: error.resultCode,
            message: lost ? ETIMS_ANSWER_LOST_MESSAGE : error.resultMessage,
            attempts: sql`${etimsInvoices.attempts} + 1`,
          })
          .where(pendingOnly);
        failed += 1;
        continue;
      }
      const message = etimsUnreachableMessage(error.resultMessage);
      await db
        .update(etimsInvoices)
        .set({ message, attempts: sql`${etimsInvoices.attempts} + 1` })
        .where(pendingOnly);
      return { kind: 'unreachable', message, sent, failed };
    }
  }
}

/** Thrown for OSCU not answering; the runner retries the job with backoff. */
export class EtimsUnreachable extends Error {}

/** What the job's commit does when its run left invoices for a fresh job. */
export function handOver(storeId: number, now: Date) {
  return async (tx: Transaction) => {
    // The job is marked done in this transaction first: its dedupe key is free again.
    await enqueueEtimsSend(tx, now, storeId);
  };
}
