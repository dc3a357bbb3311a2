/**
 * After the checkout scenarios, with the server stopped: every sale they made has one 'sale'
 * stock movement per product it sold (the stock ledger's rule, issue 21: a product on two lines
 * is one movement), no product's stock is below zero, and (issue 26) the invoice numbers of
 * every store that sold are consecutive from 1: as many sales as its highest number.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client';
import type { BenchTarget } from './options';

export interface CheckoutVerification {
  sales: number;
  lines: number;
  movements: number;
  salesMissingMovements: number;
  negativeStock: number;
  /** Numbers missing below a store's highest invoice number, all stores of the bench's sales. */
  invoiceGaps: number;
}

export async function verifyCheckouts(
  target: BenchTarget,
  keyPrefix: string,
): Promise<CheckoutVerification> {
  const handle = await openDatabase(target);
  try {
    // Joins, not a lookup per sale: stock_movements.reference has no index of its own.
    const result = await handle.db.execute(sql`
      WITH made AS (SELECT id, 'SALE-' || id AS reference FROM sales
                    WHERE idempotency_key LIKE ${`${keyPrefix}%`}),
      lines AS (SELECT i.sale_id AS id, count(DISTINCT i.product_id) AS n FROM sale_items i
                JOIN made m ON m.id = i.sale_id WHERE i.product_kind = 'goods'
                GROUP BY i.sale_id),
      moved AS (SELECT m.id, count(*) AS n FROM stock_movements s
                JOIN made m ON s.reference = m.reference
                WHERE s.reason = 'sale' GROUP BY m.id),
      per_sale AS (SELECT m.id, coalesce(l.n, 0) AS lines, coalesce(v.n, 0) AS movements
                   FROM made m LEFT JOIN lines l ON l.id = m.id LEFT JOIN moved v ON v.id = m.id)
      SELECT count(*)::int AS sales, coalesce(sum(lines), 0)::int AS lines,
        coalesce(sum(movements), 0)::int AS movements,
        count(*) FILTER (WHERE lines <> movements)::int AS "salesMissingMovements",
        (SELECT count(*)::int FROM products WHERE stock_pieces < 0) AS "negativeStock",
        (SELECT coalesce(sum(n.top - n.sold), 0)::int
         FROM (SELECT max(s.invoice_no) AS top, count(*) AS sold FROM sales s
               WHERE s.store_id IN (SELECT store_id FROM sales JOIN made USING (id))
               GROUP BY s.store_id) n) AS "invoiceGaps"
      FROM per_sale`);
    return (result as { rows: CheckoutVerification[] }).rows[0]!;
  } finally {
    await handle.close();
  }
}
