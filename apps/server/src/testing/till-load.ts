/**
 * Checkouts as load for the operations tests (issue 27): the demo cashier's sales of 1–3 lines
 * of a few goods whose stock the demo manager topped up (an adjustment through the ledger), so
 * the load never runs short of stock. Each sale goes with an Idempotency-Key, as the till sends
 * it; the same key with the same body is the same sale.
 */
import { KeepAliveClient, type KeepAliveOutcome } from './keep-alive-client';

export interface SaleBody {
  items: { product_id: number; quantity: number; unit_type: string; unit_price: number }[];
  total: number;
  customer_id: number;
  payment_method: 'cash';
}

export interface Till {
  cashier: KeepAliveClient;
  manager: KeepAliveClient;
  /** The n-th sale's body (its lines vary with n). */
  saleBody: (n: number) => SaleBody;
  checkout: (key: string, body: SaleBody) => Promise<KeepAliveOutcome>;
  close: () => void;
}

export async function openTill(port: number): Promise<Till> {
  const manager = new KeepAliveClient(port);
  const cashier = new KeepAliveClient(port);
  await manager.login('manager@duka.test');
  await cashier.login('cashier@duka.test');

  const list = await cashier.request('GET', '/api/products?pageSize=50');
  const goods = (
    list.json.data as { id: number; kind: string; piece_selling_price: number }[]
  ).filter((product) => product.kind === 'goods');
  const shelf = goods.slice(0, 8);
  if (shelf.length < 4) throw new Error(`the demo store has ${shelf.length} goods`);
  for (const product of shelf) {
    const topped = await manager.request('PUT', `/api/products/${product.id}`, {
      stock_unit: 'piece',
      quantity: 500_000,
      stock_reason: 'count',
    });
    if (topped.status !== 200) throw new Error(`stock top-up: ${JSON.stringify(topped.json)}`);
  }
  const customers = await cashier.request('GET', '/api/customers');
  const walkIn = (customers.json.data as { id: number; name: string }[]).find(
    (customer) => customer.name === 'Walk-in Customer',
  )!;

  return {
    cashier,
    manager,
    saleBody: (n) => {
      const items = Array.from({ length: 1 + (n % 3) }, (_, index) => {
        const product = shelf[(n + index) % shelf.length]!;
        return {
          product_id: product.id,
          quantity: 1,
          unit_type: 'piece',
          unit_price: product.piece_selling_price,
        };
      });
      const total = items.reduce((sum, item) => sum + Math.round(item.unit_price * 100), 0) / 100;
      return { items, total, customer_id: walkIn.id, payment_method: 'cash' };
    },
    checkout: (key, body) => cashier.send('POST', '/api/sales', body, { 'idempotency-key': key }),
    close: () => {
      manager.close();
      cashier.close();
    },
  };
}
