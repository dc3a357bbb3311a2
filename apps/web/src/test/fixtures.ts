import type { User } from '@duka/shared/auth/auth.schemas';
import type { Role } from '@duka/shared/auth/roles';
import type { ShopperProduct } from '@duka/shared/products/products.schemas';
import type { Sale } from '@duka/shared/sales/sales.schemas';

export function buildUser(role: Role, overrides: Partial<User> = {}): User {
  return {
    id: 10,
    name: `Test ${role}`,
    email: `${role}@duka.test`,
    role,
    store_id: role === 'super_admin' ? null : 1,
    is_active: true,
    created_at: '2025-01-15T09:30:00.000Z',
    ...overrides,
  };
}

/** A product as a shopper (and the till) gets it. */
export function buildShopperProduct(overrides: Partial<ShopperProduct> = {}): ShopperProduct {
  return {
    id: 1,
    name: 'Jogoo Maize Flour 2kg',
    description: 'Sifted maize meal',
    sku: 'UNG-JOG2',
    barcode: '6161101600019',
    category_id: 1,
    Category: { id: 1, name: 'Flour & Grains' },
    piece_selling_price: 185,
    pack_selling_price: 2131,
    dozen_selling_price: 2109,
    quantity: 48,
    stock_pieces: 48,
    pack_size: 12,
    stock_unit: 'piece',
    image_url: null,
    thumbnail_url: null,
    images: [],
    is_active: true,
    kind: 'goods',
    ...overrides,
  };
}

/**
 * A sale as GET /sales answers it (the sales list and the receipt share it). Unless given, its
 * payments are one part of its method for its total (a credit sale owing all of it).
 */
export function buildSale(overrides: Partial<Sale> = {}): Sale {
  const sale: Sale = {
    id: 42,
    createdAt: '2026-11-20T06:05:00.000Z',
    total_amount: 880,
    subtotal: 880,
    delivery_fee: 0,
    payment_method: 'cash',
    payments: [{ method: 'cash', amount: 880, mpesa_code: null, mpesa_payment_id: null }],
    balance_due: 0,
    status: 'completed',
    payment_status: 'paid',
    amount_paid: 1000,
    change_amount: 120,
    mpesa_code: null,
    mpesa_verified: null,
    discount_total: 0,
    discount_approved_by: null,
    receipt_status: { sms: false, whatsapp: false, sms_state: null, sms_error: null },
    customer_id: 7,
    Customer: { name: 'Grace Wambui', email: 'grace@example.co.ke', phone: '+254711562904' },
    User: { name: 'Wanjiku Cashier', email: 'cashier@duka.test' },
    client_sale_id: null,
    sold_at: '2026-11-20T06:05:00.000Z',
    received_at: '2026-11-20T06:05:00.000Z',
    offline: false,
    device_receipt_number: null,
    needs_review: false,
    review_reasons: [],
    reviewed_at: null,
    reviewed_by: null,
    review_note: null,
    returned_amount: 0,
    returns: [],
    shift_id: null,
    // Issue 26: a store not registered for eTIMS; the VAT inside the lines' totals (16% of B).
    invoice_no: 17,
    tax: [{ tax_type: 'B', rate: 16, taxable_amount: 758.62, tax_amount: 121.38 }],
    buyer_kra_pin: null,
    store_kra_pin: null,
    etims: { status: 'not_registered' },
    items: [
      {
        id: 1,
        product_id: 3,
        Product: { name: 'Brookside Milk 500ml', sku: 'MLK-500' },
        quantity: 2,
        unit_type: 'piece',
        unit_price: 65,
        total: 130,
        list_price: 65,
        discount: 0,
        buying_price: 55,
        returned_quantity: 0,
        tax_type: 'B',
        tax_amount: 17.93,
      },
      {
        id: 2,
        product_id: 3,
        Product: { name: 'Brookside Milk 500ml', sku: 'MLK-500' },
        quantity: 1,
        unit_type: 'dozen',
        unit_price: 750,
        total: 750,
        list_price: 750,
        discount: 0,
        buying_price: 640,
        returned_quantity: 0,
        tax_type: 'B',
        tax_amount: 103.45,
      },
    ],
    ...overrides,
  };
  const method = sale.payment_method;
  const single = method === 'split' ? null : method;
  return {
    ...sale,
    payments:
      overrides.payments ??
      (single && sale.total_amount > 0
        ? [
            {
              method: single,
              amount: sale.total_amount,
              mpesa_code: sale.mpesa_code,
              mpesa_payment_id: null,
            },
          ]
        : []),
    balance_due: overrides.balance_due ?? (method === 'credit' ? sale.total_amount : 0),
  };
}
