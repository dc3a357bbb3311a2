/** Test data: sales as GET /sales answers them. */
import type { Sale } from '@duka/shared/sales/sales.schemas';

export function buildSale(overrides: Partial<Sale> = {}): Sale {
  return {
    id: 42,
    createdAt: '2026-11-20T06:05:00.000Z',
    total_amount: 880,
    subtotal: 880,
    delivery_fee: 0,
    payment_method: 'cash',
    status: 'completed',
    payment_status: 'paid',
    amount_paid: 1000,
    change_amount: 120,
    mpesa_code: null,
    receipt_status: { sms: false, whatsapp: false },
    customer_id: 7,
    Customer: { name: 'Grace Wambui', email: 'grace@example.co.ke', phone: '+254711562904' },
    User: { name: 'Wanjiku Cashier', email: 'cashier@duka.test' },
    items: [
      {
        id: 1,
        product_id: 3,
        Product: { name: 'Brookside Milk 500ml', sku: 'MLK-500' },
        quantity: 2,
        unit_type: 'piece',
        unit_price: 65,
        total: 130,
        buying_price: 55,
      },
      {
        id: 2,
        product_id: 3,
        Product: { name: 'Brookside Milk 500ml', sku: 'MLK-500' },
        quantity: 1,
        unit_type: 'dozen',
        unit_price: 750,
        total: 750,
        buying_price: 640,
      },
    ],
    ...overrides,
  };
}

export function salesPage(sales: Sale[], total = sales.length, page = 1) {
  return { body: { sales, total, page, pageSize: 10 } };
}
