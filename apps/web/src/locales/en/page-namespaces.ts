import type { pageCatalogues } from './page-catalogues';

/** The names of page-catalogues.ts's namespaces, without loading them (checked in catalogues.test.ts). */
export const PAGE_NAMESPACES = [
  'inventory',
  'products',
  'suppliers',
  'purchaseOrders',
  'pos',
  'receipts',
  'shop',
  'sales',
  'orders',
  'expenses',
  'customers',
  'reports',
  'settings',
] as const satisfies readonly (keyof typeof pageCatalogues)[];

export type PageNamespace = (typeof PAGE_NAMESPACES)[number];
