/** Test data: a page of sales as GET /sales answers it. */
import type { Sale } from '@duka/shared/sales/sales.schemas';

export function salesPage(sales: Sale[], total = sales.length, page = 1) {
  return { body: { sales, total, page, pageSize: 10 } };
}
