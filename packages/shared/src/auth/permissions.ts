/**
 * The one access matrix of Duka (PRODUCT.md §1). The server enforces capabilities on every
 * route; the web app uses the same tables for its route guard, the `/` redirect and the
 * navigation bar. Change access here and both sides follow.
 */
import { STAFF_ROLES, type Role } from './roles';

const ALL: readonly Role[] = ['super_admin', 'admin', 'manager', 'sales', 'user'];
const STAFF: readonly Role[] = STAFF_ROLES;
const MANAGERS: readonly Role[] = ['super_admin', 'admin', 'manager'];

/** API capabilities: what a role may do through the API. */
export const CAPABILITIES = {
  'products:read': ALL,
  'products:write': STAFF,
  // Within products:write, changing a price, the stock or the kind (issue 20): no route asks
  // for it; the policy in product-changes.ts does, for PUT /products/{id} and the CSV import.
  'products:prices-and-stock': MANAGERS,
  'products:delete': MANAGERS,
  // A product's stock history (movements with who and why): staff only, never shoppers.
  'products:history': STAFF,
  'categories:read': ALL,
  'categories:manage': MANAGERS,
  'suppliers:read': STAFF,
  'suppliers:write': STAFF,
  'suppliers:delete': MANAGERS,
  'purchase-orders:read': STAFF,
  // The spec (§6) gives "Create Purchase Order" to admin and sales only.
  'purchase-orders:create': ['admin', 'sales'],
  'purchase-orders:approve': MANAGERS,
  'purchase-orders:receive': STAFF,
  'customers:read': STAFF,
  'customers:create': STAFF,
  'customers:manage': MANAGERS,
  // Issue 21: within customers:manage, setting a customer's credit limit (customer-changes.ts);
  // no route asks for it on its own.
  'customers:credit-limit': MANAGERS,
  // A repayment of credit is taken by whoever sells (the till's customer selector too), and a
  // statement is sent by them like a receipt.
  'customers:repay': STAFF,
  'customers:send-statement': STAFF,
  'loyalty:adjust': MANAGERS,
  'sales:read': STAFF,
  'sales:create': STAFF,
  'sales:send-receipt': STAFF,
  // Issue 22: marking a sale flagged needs_review (an offline sale the shelf could not cover)
  // as reviewed — POST /sales/{id}/review — is the store's managers' check.
  'sales:review': MANAGERS,
  // Issue 22: the offline till — a device downloads the store's products and customers (the
  // staff view: no buying prices) and registers itself for its receipt numbers. Never shoppers.
  'sync:read': STAFF,
  'sync:register-device': STAFF,
  'orders:create': ALL,
  'orders:read-own': ALL,
  'orders:manage': STAFF,
  'expenses:read': STAFF,
  'expenses:write': STAFF,
  'reports:read': MANAGERS,
  'receipt-settings:read': STAFF,
  'receipt-settings:update': MANAGERS,
  // A store's own rules (issue 20): its admin and managers, a super_admin for any store.
  'store-settings:read': MANAGERS,
  'store-settings:update': MANAGERS,
  // Issue 21: the store's background jobs (SMS receipts…: a status, no payload or number) for
  // all its staff; its webhook addresses (the secret is in them) for its managers.
  'jobs:read': STAFF,
  'webhooks:read': MANAGERS,
  // Issue 23, M-Pesa: the store's Daraja settings are the managers'; prompts, the payments the
  // store received and a prompt's status are every staff member's; the day's M-Pesa view
  // (matched, unmatched, unverified) is the managers'.
  'mpesa:settings': MANAGERS,
  'mpesa:prompt': STAFF,
  'mpesa:received': STAFF,
  'mpesa:summary': MANAGERS,
  // Issue 24: returns and refunds are the managers'; every staff member opens, runs and closes
  // their own cash-drawer shift; the store's shifts (list, any shift's report, closing a shift a
  // cashier forgot, the end-of-day summary) are the managers'.
  'returns:create': MANAGERS,
  'shifts:own': STAFF,
  'shifts:manage': MANAGERS,
  // Issue 25: a super_admin (acting on the sending store) or an admin of the sending store
  // sends and cancels transfers; every staff member of a store sees its transfers and receives
  // the incoming ones. A manager starts and finishes a stock count; every staff member counts.
  // Labels are printed, and an internal barcode given, by whoever keeps the products.
  'transfers:send': ['super_admin', 'admin'],
  'transfers:read': STAFF,
  'transfers:receive': STAFF,
  'counts:manage': MANAGERS,
  'counts:read': STAFF,
  'counts:count': STAFF,
  'products:labels': STAFF,
  // Issue 26: a store's eTIMS registration, an invoice's retry and the VAT report are the
  // managers'; the QR code of a receipt is any staff member's (it is printed on the receipt).
  'etims:settings': MANAGERS,
  'etims:retry': MANAGERS,
  'etims:qr': STAFF,
  'reports:vat': MANAGERS,
  // Issue 27: the System page — the backups' state, and a backup made now. The owner of a
  // one-shop install is its admin; a chain's super_admin. The file is never served over HTTP.
  'system:read': ['super_admin', 'admin'],
  'system:backup': ['super_admin', 'admin'],
  'users:manage': ['super_admin', 'admin'],
  'stores:read': ALL,
  'stores:manage': ['super_admin'],
  'profile:manage': ALL,
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof CAPABILITIES;

export function can(role: Role | null | undefined, capability: Capability): boolean {
  if (!role) return false;
  return (CAPABILITIES[capability] as readonly Role[]).includes(role);
}

/** Pages a signed-in person can open, and who may open them. */
export const PAGES = {
  '/pos': STAFF,
  '/inventory': STAFF,
  '/expenses': STAFF,
  '/sales': STAFF,
  '/customers': MANAGERS,
  '/reports': MANAGERS,
  '/settings': MANAGERS,
  '/shifts': MANAGERS,
  '/shop': ALL,
  '/profile': ALL,
  '/users': ['super_admin', 'admin'],
  '/stores': ['super_admin'],
  // Issue 27: the backups (system:read); the owner of a one-shop install is its admin.
  '/system': ['super_admin', 'admin'],
} as const satisfies Record<string, readonly Role[]>;

export type PagePath = keyof typeof PAGES;

export function canOpenPage(role: Role | null | undefined, page: PagePath): boolean {
  if (!role) return false;
  return (PAGES[page] as readonly Role[]).includes(role);
}

/** Where `/` and a successful sign-in send a person: staff to the till, shoppers to the shop. */
export function homePathFor(role: Role): PagePath {
  return role === 'user' ? '/shop' : '/pos';
}

/** Navigation bar entries in display order; each shows only when the role may open it. */
export const NAV_ENTRIES: readonly { path: PagePath; label: string }[] = [
  { path: '/pos', label: 'POS' },
  { path: '/inventory', label: 'Inventory' },
  { path: '/customers', label: 'Customers' },
  { path: '/sales', label: 'Sales' },
  { path: '/reports', label: 'Reports' },
  { path: '/expenses', label: 'Expenses' },
  { path: '/shifts', label: 'Shifts' },
  { path: '/settings', label: 'Settings' },
  { path: '/shop', label: 'Shop' },
  { path: '/users', label: 'Users' },
  { path: '/stores', label: 'Stores' },
  { path: '/system', label: 'System' },
];

export function navEntriesFor(role: Role | null | undefined) {
  return NAV_ENTRIES.filter((entry) => canOpenPage(role, entry.path));
}

// actsOnChosenStore (PRODUCT.md §2) lives in roles.ts, so that the web's API client reads it
// without this matrix; exported here too, as before.
export { actsOnChosenStore } from './roles';

/** Roles a manager of accounts may hand out: an admin may not create a super_admin. */
export function assignableRoles(actor: Role): readonly Role[] {
  if (actor === 'super_admin') return ALL;
  if (actor === 'admin') return ['admin', 'manager', 'sales', 'user'];
  return [];
}
