/**
 * Customers at the till with no connection (issue 22): the store's customers kept on the
 * device, and those the cashier adds offline (local_customers) until the server has them.
 *
 * A local customer has no server id yet. The till holds it with a negative placeholder id, the
 * same for the whole page (localPlaceholderId), and its `client_customer_id`; a sale to it goes
 * to the outbox with `local_customer_id` and customer_id null (outbox-types.ts), and the
 * uploader sends the customer first. Once uploaded (server_id), it is offered by that id.
 */
import { createCustomerSchema } from '@duka/shared/customers/customers.schemas';
import type { SyncCustomer } from '@duka/shared/sync/sync.schemas';
import { ApiRequestError } from '@/lib/api-client';
import { openDeviceDb, type DeviceDatabase, type LocalCustomer } from '../device-db';
import { readScope } from './catalogue-meta';

/** A customer the till can pick offline; client_customer_id set for one not on the server yet. */
export type DeviceCustomer = SyncCustomer & { client_customer_id: string | null };

const placeholders = new Map<string, number>();

/** The negative id a local customer has at the till during this page's life. */
export function localPlaceholderId(clientCustomerId: string): number {
  let id = placeholders.get(clientCustomerId);
  if (id === undefined) {
    id = -(placeholders.size + 1);
    placeholders.set(clientCustomerId, id);
  }
  return id;
}

export function isLocalPlaceholderId(id: number): boolean {
  return id < 0;
}

function fromLocal(local: LocalCustomer): DeviceCustomer {
  return {
    id: local.server_id ?? localPlaceholderId(local.client_customer_id),
    name: local.name,
    phone: local.phone,
    email: null,
    is_walk_in: false,
    loyalty_points: 0,
    balance: 0,
    credit_limit: null,
    client_customer_id: local.server_id === null ? local.client_customer_id : null,
  };
}

/** A phone's digits as kept (+254…): a typed 07… or 01… becomes 2547… or 2541…. */
function phoneDigits(text: string): string {
  const digits = text.replace(/\D+/g, '');
  return digits.startsWith('0') ? `254${digits.slice(1)}` : digits;
}

function matches(customer: { name: string; phone: string | null }, query: string): boolean {
  if (!query) return true;
  if (customer.name.toLowerCase().includes(query)) return true;
  const digits = phoneDigits(query);
  return digits.length > 0 && phoneDigits(customer.phone ?? '').includes(digits);
}

/**
 * The device's customers whose name or phone contains `text` — the Walk-in Customer first, then
 * by name — with the local ones of the device's store. A local customer the server has and the
 * device has downloaded since shows once, as downloaded.
 */
export async function searchCustomersIn(
  db: DeviceDatabase,
  text: string,
  limit = 50,
): Promise<DeviceCustomer[]> {
  const query = text.trim().toLowerCase();
  const scope = await readScope(db);
  const [customers, locals] = await Promise.all([
    db.getAll('customers'),
    db.getAll('local_customers'),
  ]);
  const known = new Set(customers.map((customer) => customer.id));
  const found: DeviceCustomer[] = customers
    .filter((customer) => matches(customer, query))
    .map((customer) => ({ ...customer, client_customer_id: null }));
  for (const local of locals) {
    if (!scope || local.store_id !== scope.storeId) continue;
    if (local.server_id !== null && known.has(local.server_id)) continue;
    if (matches(local, query)) found.push(fromLocal(local));
  }
  found.sort(
    (a, b) =>
      Number(b.is_walk_in) - Number(a.is_walk_in) || a.name.localeCompare(b.name) || a.id - b.id,
  );
  return found.slice(0, limit);
}

export function searchDeviceCustomers(text: string, limit?: number): Promise<DeviceCustomer[]> {
  return openDeviceDb().then((db) => searchCustomersIn(db, text, limit));
}

/**
 * A customer added at the till with no connection: checked as POST /customers checks it (a
 * refusal names the field, as the server's 400 would), kept in local_customers for the
 * device's person and store until the uploader sends it with its client_customer_id — the
 * server makes one customer of any number of POSTs with that id.
 */
export interface LocalCustomerInput {
  name: string;
  phone: string;
  /** The id the till already sent with a POST that got no answer; a new one otherwise. */
  client_customer_id?: string;
}

export async function addLocalCustomerIn(
  db: DeviceDatabase,
  input: LocalCustomerInput,
  now: Date = new Date(),
): Promise<DeviceCustomer> {
  const parsed = createCustomerSchema.safeParse({
    name: input.name,
    phone: input.phone,
    client_customer_id: input.client_customer_id ?? crypto.randomUUID(),
  });
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    throw new ApiRequestError({ status: 400, message: errors[0]?.message ?? '', errors });
  }
  const scope = await readScope(db);
  if (!scope) throw new Error('The device holds no store yet: connect once to download it');
  const local: LocalCustomer = {
    client_customer_id: parsed.data.client_customer_id!,
    name: parsed.data.name,
    phone: parsed.data.phone,
    store_id: scope.storeId,
    user_id: scope.userId,
    created_at: now.toISOString(),
    server_id: null,
  };
  await db.add('local_customers', local);
  return fromLocal(local);
}

export function addLocalCustomer(input: LocalCustomerInput): Promise<DeviceCustomer> {
  return openDeviceDb().then((db) => addLocalCustomerIn(db, input));
}
