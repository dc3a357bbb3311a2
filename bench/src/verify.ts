/**
 * After the checkout scenario, with the server stopped: every sale it made has one 'sale' stock
 * movement per line, and no product's stock is below zero.
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
}

export async function verifyCheckouts(
  target: BenchTarget,
  keyPrefix: string,
): Promise<CheckoutVerification> {
  const handle = await openDatabase(target);
  try {
    const result = await handle.db.execute(sql`
      WITH made AS (SELECT id FROM sales WHERE idempotency_key LIKE ${`${keyPrefix}%`}),
      per_sale AS (
        SELECT m.id,
          (SELECT count(*) FROM sale_items i WHERE i.sale_id = m.id) AS lines,
          (SELECT count(*) FROM stock_movements s
            WHERE s.reason = 'sale' AND s.reference = 'SALE-' || m.id) AS movements
        FROM made m)
      SELECT count(*)::int AS sales, coalesce(sum(lines), 0)::int AS lines,
        coalesce(sum(movements), 0)::int AS movements,
        count(*) FILTER (WHERE lines <> movements)::int AS "salesMissingMovements",
        (SELECT count(*)::int FROM products WHERE stock_pieces < 0) AS "negativeStock"
      FROM per_sale`);
    return (result as { rows: CheckoutVerification[] }).rows[0]!;
  } finally {
    await handle.close();
  }
}
