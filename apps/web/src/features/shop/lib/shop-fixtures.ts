/** Test support: orders as GET /orders answers them. */
import type { Order } from '@duka/shared/orders/orders.schemas';

export function buildOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 7,
    createdAt: '2026-03-14T09:05:00.000Z',
    updatedAt: '2026-03-14T09:05:00.000Z',
    status: 'pending',
    total_amount: 555,
    items_count: 2,
    User: { name: 'Otieno Shopper', email: 'shopper@duka.test' },
    phone: '+254712345678',
    fulfilment: 'delivery',
    address: 'Ngong Road, Kilimani',
    items: [
      {
        id: 1,
        product_id: 1,
        Product: { name: 'Jogoo Maize Flour 2kg', sku: 'UNG-JOG2' },
        quantity: 2,
        unit_type: 'piece',
        unit_price: 185,
        total: 370,
      },
      {
        id: 2,
        product_id: 2,
        Product: { name: 'Pembe Maize Flour 2kg', sku: 'UNG-PEM2' },
        quantity: 1,
        unit_type: 'piece',
        unit_price: 185,
        total: 185,
      },
    ],
    ...overrides,
  };
}
