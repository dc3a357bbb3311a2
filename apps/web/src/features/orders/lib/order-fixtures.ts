/** Test data: orders as GET /orders answers them. */
import type { Order } from '@duka/shared/orders/orders.schemas';

export function buildOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 12,
    createdAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
    status: 'pending',
    total_amount: 2491,
    items_count: 2,
    User: { name: 'Otieno Shopper', email: 'shopper@duka.test' },
    phone: '+254712345678',
    fulfilment: 'delivery',
    address: 'Ngong Road, Kilimani',
    items: [
      {
        id: 1,
        product_id: 5,
        Product: { name: 'Jogoo Maize Flour 2kg', sku: 'UNG-JOG2' },
        quantity: 1,
        unit_type: 'pack',
        unit_price: 2131,
        total: 2131,
      },
      {
        id: 2,
        product_id: 6,
        Product: { name: 'Pembe Maize Flour 2kg', sku: 'UNG-PEM2' },
        quantity: 2,
        unit_type: 'piece',
        unit_price: 180,
        total: 360,
      },
    ],
    ...overrides,
  };
}

export function ordersPage(orders: Order[], total = orders.length, page = 1) {
  return { body: { orders, total, page, pageSize: 10 } };
}
