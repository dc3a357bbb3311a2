import type { pageCatalogues } from './page-catalogues';

/**
 * The English namespaces of the lazy pages, each its own small chunk fetched with the pages that
 * use it (lib/i18n.ts loadPageNamespaces): the till pays for its own words and the receipt's,
 * not for every page's. page-catalogues.ts gathers the same files for the tests and the types
 * (catalogues.test.ts checks both lists agree).
 */
export const PAGE_NAMESPACE_LOADERS = {
  inventory: () => import('./inventory.json'),
  products: () => import('./products.json'),
  suppliers: () => import('./suppliers.json'),
  purchaseOrders: () => import('./purchaseOrders.json'),
  pos: () => import('./pos.json'),
  receipts: () => import('./receipts.json'),
  shop: () => import('./shop.json'),
  sales: () => import('./sales.json'),
  orders: () => import('./orders.json'),
  expenses: () => import('./expenses.json'),
  customers: () => import('./customers.json'),
  reports: () => import('./reports.json'),
  // Issue 24: the return dialog's words, with the dialog (the sales page's and the till's).
  returns: () => import('./returns.json'),
  // Issue 25: the labels print view's words, with the view (opened from /inventory).
  labels: () => import('./labels.json'),
  settings: () => import('./settings.json'),
  // Issue 24: the till's shift bar and the Shifts page.
  shifts: () => import('./shifts.json'),
  // Issue 25: the Counts tab of /inventory, with the tab.
  counts: () => import('./counts.json'),
  // The header's connection status and the pages' offline notice: every protected page.
  connection: () => import('./connection.json'),
  // The header's cart and the till's (issue 25: out of the first load): every protected page.
  cart: () => import('./cart.json'),
  // Issue 25 (bundle budgets): the profile, users and stores pages' words, with their page.
  profile: () => import('./profile.json'),
  users: () => import('./users.json'),
  stores: () => import('./stores.json'),
  // Issue 25: the inventory's Transfers tab, with the tab.
  transfers: () => import('./transfers.json'),
  // Issue 27: the System page (backups), with the page.
  system: () => import('./system.json'),
} as const satisfies Record<keyof typeof pageCatalogues, () => Promise<{ default: unknown }>>;

export type PageNamespace = keyof typeof PAGE_NAMESPACE_LOADERS;

/** The names of page-catalogues.ts's namespaces, without loading them. */
export const PAGE_NAMESPACES = Object.keys(PAGE_NAMESPACE_LOADERS) as PageNamespace[];
