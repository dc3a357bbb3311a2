/**
 * The demo's invoice, credit-note and eTIMS numbers in the order of the sales' and returns'
 * dates (issue 26). The seed writes its sales in groups (the month's sales, then the split,
 * credit, offline and M-Pesa ones, then the returns), each numbered as it is written, so a
 * later number could carry an earlier date; a shop's numbers follow its days. Run last in the
 * seed's transaction: the counters keep their values (as many documents as before), only who
 * holds which number changes, in two steps so no number is held twice on the way.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../client';

export async function renumberDemoDocuments(tx: Executor): Promise<void> {
  // Sales take their numbers and credit notes their eTIMS rows at commit (deferred triggers,
  // migrations 0042 and 0045): have them now. (insertSale has numbered each sale already.)
  await tx.execute(sql`SET CONSTRAINTS ALL IMMEDIATE`);
  await tx.execute(sql`
    UPDATE sales s SET invoice_no = -n.no
    FROM (SELECT id, row_number() OVER (PARTITION BY store_id ORDER BY created_at, id) AS no
          FROM sales) n
    WHERE n.id = s.id`);
  await tx.execute(sql`UPDATE sales SET invoice_no = -invoice_no`);
  await tx.execute(sql`
    UPDATE sale_returns r SET credit_note_no = -n.no
    FROM (SELECT id, row_number() OVER (PARTITION BY store_id ORDER BY created_at, id) AS no
          FROM sale_returns) n
    WHERE n.id = r.id`);
  await tx.execute(sql`UPDATE sale_returns SET credit_note_no = -credit_note_no`);
  await tx.execute(sql`
    UPDATE etims_invoices e SET etims_no = -n.no
    FROM (SELECT i.id, row_number() OVER (PARTITION BY i.store_id
            ORDER BY coalesce(r.created_at, s.created_at), i.kind = 'credit_note', i.id) AS no
          FROM etims_invoices i
          JOIN sales s ON s.id = i.sale_id
          LEFT JOIN sale_returns r ON r.id = i.return_id) n
    WHERE n.id = e.id`);
  await tx.execute(sql`UPDATE etims_invoices SET etims_no = -etims_no`);
}
