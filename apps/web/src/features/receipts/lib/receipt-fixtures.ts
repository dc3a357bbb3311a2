/** Test data: a sale and receipt settings as the server answers them. */
import type { ReceiptSettings } from '@duka/shared/receipt-settings/receipt-settings.schemas';
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
    Customer: { name: 'Grace Wambui', email: null, phone: '+254711562904' },
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

export const SETTINGS: ReceiptSettings = {
  business_name: 'Mama Mboga Duka',
  address: 'Moi Avenue, Nairobi',
  phone: '0722 000 111',
  email: 'duka@example.co.ke',
  website: 'https://duka.example.co.ke',
  thank_you_message: 'Asante kwa kununua!',
  show_logo: true,
  kra_pin: 'P051234567X',
  mpesa_till: '522533',
};
