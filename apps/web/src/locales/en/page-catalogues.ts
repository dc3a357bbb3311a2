/**
 * The English namespaces of lazy pages (the inventory tabs, the till and its receipts, the
 * sales and orders, the shop): a chunk of their own, fetched with the page (lib/i18n.ts
 * loadPageNamespaces), so the first load stays within its budget.
 */
import connection from './connection.json';
import expenses from './expenses.json';
import customers from './customers.json';
import inventory from './inventory.json';
import labels from './labels.json';
import pos from './pos.json';
import products from './products.json';
import purchaseOrders from './purchaseOrders.json';
import orders from './orders.json';
import reports from './reports.json';
import returns from './returns.json';
import settings from './settings.json';
import shifts from './shifts.json';
import counts from './counts.json';
import receipts from './receipts.json';
import shop from './shop.json';
import profile from './profile.json';
import stores from './stores.json';
import users from './users.json';
import cart from './cart.json';
import sales from './sales.json';
import suppliers from './suppliers.json';
import transfers from './transfers.json';
import system from './system.json';

export const pageCatalogues = {
  inventory,
  products,
  suppliers,
  purchaseOrders,
  pos,
  receipts,
  shop,
  sales,
  orders,
  expenses,
  customers,
  reports,
  returns,
  labels,
  settings,
  shifts,
  counts,
  connection,
  profile,
  users,
  stores,
  cart,
  transfers,
  system,
};
