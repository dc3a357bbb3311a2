/**
 * Factories for the records tests need. Stores and users are written straight to the database
 * (a test starts from them); products, customers and sales go through the API with a signed-in
 * client, as the till and the back office make them, each with defaults a test overrides.
 */
import type { Role } from '@duka/shared/auth/roles';
import type { Customer } from '@duka/shared/customers/customers.schemas';
import { WALK_IN_CUSTOMER } from '@duka/shared/customers/customers.schemas';
import type { Product } from '@duka/shared/products/products.schemas';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import { saleItems, salePayments, sales } from '../modules/sales/sales.table';
import { createStore } from '../modules/stores/stores.service';
import type { StoreRow } from '../modules/stores/stores.table';
import { insertUser } from '../modules/users/users.service';
import type { UserRow } from '../modules/users/users.table';
import type { TestApp, TestClient } from './create-test-app';

export const TEST_PASSWORD = 'correct-horse-battery';

let sequence = 0;
const next = () => (sequence += 1);

export function buildStore(db: Database, name = `Store ${next()}`): Promise<StoreRow> {
  return createStore(db, { name });
}

export async function buildUser(
  db: Database,
  attributes: {
    role: Role;
    storeId: number | null;
    email?: string;
    name?: string;
    password?: string;
    isActive?: boolean;
  },
): Promise<UserRow & { password: string }> {
  const n = next();
  const password = attributes.password ?? TEST_PASSWORD;
  const row = await insertUser(db, {
    name: attributes.name ?? `${attributes.role} ${n}`,
    email: attributes.email ?? `${attributes.role}-${n}@example.test`,
    password,
    role: attributes.role,
    storeId: attributes.storeId,
    isActive: attributes.isActive ?? true,
  });
  return { ...row, password };
}

/** A signed-in client of the given role in the given store. */
export async function signedIn(
  testApp: TestApp,
  role: Role,
  storeId: number,
): Promise<{ client: TestClient; user: UserRow & { password: string } }> {
  const user = await buildUser(testApp.db, {
    role,
    storeId: role === 'super_admin' ? null : storeId,
  });
  const client = testApp.client();
  const response = await client.login(user.email, user.password);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return { client, user };
}

/** A 201 from a create, or the test fails showing the answer; its `data`. */
function created<T>(response: { statusCode: number; body: string; json(): unknown }): T {
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: T }).data;
}

/** One category per client, made the first time a product needs one. */
const categoryOf = new WeakMap<TestClient, Promise<number>>();

/** A category of the client's store, through POST /api/categories. */
export async function createCategory(client: TestClient, name = `Category ${next()}`) {
  return created<{ id: number; name: string }>(await client.post('/api/categories', { name }));
}

function defaultCategory(client: TestClient): Promise<number> {
  let id = categoryOf.get(client);
  if (!id) {
    id = createCategory(client).then((category) => category.id);
    categoryOf.set(client, id);
  }
  return id;
}

/**
 * A product of the client's store through POST /api/products (the client must be allowed to
 * add one). Defaults: a unique name and SKU, a category of the client's store, piece 50 → 60,
 * pack 280 → 330, dozen 550 → 650 (buying → selling), 100 in stock, min quantity 1; every
 * field in `overrides` is sent as given.
 */
export async function createProduct(
  client: TestClient,
  overrides: Record<string, unknown> = {},
): Promise<Product> {
  const n = next();
  const category_id = overrides.category_id ?? (await defaultCategory(client));
  const response = await client.post('/api/products', {
    name: `Product ${n}`,
    sku: `SKU-${n}`,
    category_id,
    piece_buying_price: 50,
    piece_selling_price: 60,
    pack_buying_price: 280,
    pack_selling_price: 330,
    dozen_buying_price: 550,
    dozen_selling_price: 650,
    quantity: 100,
    min_quantity: 1,
    ...overrides,
  });
  return created<Product>(response);
}

/**
 * A customer of the client's store through POST /api/customers. Defaults: a unique name,
 * phone and email, address 'Moi Avenue'; `overrides` are sent as given.
 */
export async function createCustomer(
  client: TestClient,
  overrides: Record<string, unknown> = {},
): Promise<Customer> {
  const n = next();
  const digits = String(n % 1_000_000).padStart(6, '0');
  const response = await client.post('/api/customers', {
    name: `Customer ${n}`,
    phone: `0712 ${digits.slice(0, 3)} ${digits.slice(3)}`,
    email: `c${n}@example.co.ke`,
    address: 'Moi Avenue',
    ...overrides,
  });
  return created<Customer>(response);
}

/** The store's Walk-in Customer, as the client's customer list shows it. */
export async function walkInCustomer(client: TestClient): Promise<Customer> {
  const response = await client.get('/api/customers');
  expect(response.statusCode, response.body).toBe(200);
  const walkIn = response
    .json<{ data: Customer[] }>()
    .data.find((customer) => customer.name === WALK_IN_CUSTOMER);
  if (!walkIn) throw new Error(`no ${WALK_IN_CUSTOMER} in ${response.body}`);
  return walkIn;
}

export interface SaleLineFields {
  product_id: number;
  quantity: number;
  unit_price: number;
  unit_type?: string;
  total?: number;
}

/** A sale line as the till sends it: `quantity` × `unit_price` (shillings) and its total. */
export const saleLine = (
  product_id: number,
  quantity: number,
  unit_price: number,
  unit_type = 'piece',
) => ({
  product_id,
  quantity,
  unit_price,
  total: Math.round(quantity * unit_price * 100) / 100,
  unit_type,
});

export type SaleFields = { items: SaleLineFields[]; customer_id: number } & Record<string, unknown>;

/**
 * The body of POST /api/sales for `fields`: cash unless `payment_method` says otherwise, and
 * `total` (unless given) the lines at their prices, plus `delivery_fee`, less `cart_discount`,
 * worked out in cents.
 */
export function saleBody(fields: SaleFields): Record<string, unknown> {
  const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100);
  const lines = fields.items.reduce((sum, line) => sum + cents(line.unit_price) * line.quantity, 0);
  const total = (lines + cents(fields.delivery_fee) - cents(fields.cart_discount)) / 100;
  return { total, payment_method: 'cash', ...fields };
}

/** A sale through POST /api/sales (see saleBody), expected to be made (201); its `data`. */
export async function createSale(client: TestClient, fields: SaleFields): Promise<Sale> {
  return created<Sale>(await client.post('/api/sales', saleBody(fields)));
}

/**
 * Moves a sale made now to `at`, as a sale of that time would have been written: the sale, and
 * its lines' and its payment parts' copies of the time. Returns the sale's id.
 */
export async function backdateSale(db: Database, sale: { id: number }, at: string) {
  await db
    .update(sales)
    .set({ createdAt: new Date(at) })
    .where(eq(sales.id, sale.id));
  await db
    .update(saleItems)
    .set({ soldAt: new Date(at) })
    .where(eq(saleItems.saleId, sale.id));
  await db
    .update(salePayments)
    .set({ createdAt: new Date(at) })
    .where(eq(salePayments.saleId, sale.id));
  return sale.id;
}
