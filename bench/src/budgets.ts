/**
 * The budgets of issue 10 (a 2-core machine, PostgreSQL, 50,000 products, 200,000 sales), and
 * the check `npm run bench -- --check` applies. On PGlite only "no scenario may error" holds, and
 * the budgets of scenarios that use no database (anyDatabase: the offline search).
 */
import type { CheckoutVerification } from './verify';

export interface Measured {
  scenario: string;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  statuses: Record<number, number>;
  /** Bytes on the wire, for a scenario that measures them (the offline till's download). */
  bytes?: number;
}

interface Budget {
  /** Which scenarios (by title) it applies to. */
  match: RegExp;
  p95?: number;
  p99?: number;
  minRps?: number;
  maxBytes?: number;
  /** Checked on PGlite too: the scenario involves no database (the device's own search). */
  anyDatabase?: boolean;
}

export const BUDGETS: Budget[] = [
  { match: /^search/, p95: 25, minRps: 1500 },
  { match: /^till grid/, p95: 25 },
  { match: /^checkout/, p99: 80, minRps: 400 },
  { match: /^sales list/, p95: 40 },
  { match: /^report .*12 months/, p95: 300 },
  { match: /^CSV import/, p95: 10_000 },
  // Issue 22, the offline till: a device's first download of 50,000 products (pages of 5,000;
  // its time is the whole download, kept in p95), the delta after 100 changes, and 500 waiting
  // sales uploaded in batches of 100 (sales/s in rps).
  { match: /^sync: first download/, p95: 10_000, maxBytes: 5_000_000 },
  { match: /^sync: delta/, p95: 100 },
  { match: /^sync: upload/, minRps: 200 },
  // The device's search over its 50,000 products, Chromium with the CPU slowed 4× (a cheap phone).
  { match: /^offline search/, p95: 50, anyDatabase: true },
];

/**
 * Checkout — paid one way, and split (issue 21) — must reach this fraction of pgbench's
 * simple-update rate in the same run. Issue 21 set 18%; issue 26 sets 10%: a store's gap-free
 * invoice number is a counter row each sale holds from its insert to its commit, so one store's
 * sales commit one after the other (no group commit), which pgbench's 16 independent clients
 * never do. The bench's store is one store: this is the figure issue 26 asks for.
 */
export const CHECKOUT_PGBENCH_FRACTION = 0.1;

export function checkBudgets(run: {
  measured: Measured[];
  pgbenchTps?: number;
  checkout?: CheckoutVerification;
  onPostgres: boolean;
}): string[] {
  const missed: string[] = [];
  for (const m of run.measured) {
    if (m.errors > 0) missed.push(`${m.scenario}: ${m.errors} requests failed`);
  }
  if (run.checkout) {
    if (run.checkout.salesMissingMovements > 0)
      missed.push(`checkout: ${run.checkout.salesMissingMovements} sales lack stock movements`);
    if (run.checkout.negativeStock > 0)
      missed.push(`checkout: ${run.checkout.negativeStock} products below zero stock`);
    if (run.checkout.invoiceGaps > 0)
      missed.push(`checkout: ${run.checkout.invoiceGaps} invoice numbers missing (issue 26)`);
  }
  for (const m of run.measured) {
    for (const budget of BUDGETS.filter((b) => b.match.test(m.scenario))) {
      if (!run.onPostgres && !budget.anyDatabase) continue;
      if (budget.p95 !== undefined && m.p95 > budget.p95)
        missed.push(`${m.scenario}: p95 ${m.p95} ms > ${budget.p95} ms`);
      if (budget.p99 !== undefined && m.p99 > budget.p99)
        missed.push(`${m.scenario}: p99 ${m.p99} ms > ${budget.p99} ms`);
      if (budget.minRps !== undefined && m.rps < budget.minRps)
        missed.push(`${m.scenario}: ${m.rps} requests/s < ${budget.minRps}`);
      if (budget.maxBytes !== undefined && (m.bytes ?? 0) > budget.maxBytes)
        missed.push(`${m.scenario}: ${m.bytes} bytes > ${budget.maxBytes}`);
    }
  }
  if (run.onPostgres && run.pgbenchTps) {
    const floor = Math.ceil(run.pgbenchTps * CHECKOUT_PGBENCH_FRACTION);
    const percent = Math.round(CHECKOUT_PGBENCH_FRACTION * 100);
    for (const checkout of run.measured.filter((m) => m.scenario.startsWith('checkout'))) {
      if (checkout.rps < floor)
        missed.push(
          `${checkout.scenario}: ${checkout.rps} sales/s < ${percent}% of pgbench simple-update (${run.pgbenchTps} tps)`,
        );
    }
  }
  return missed;
}
