/**
 * Swahili (natural Kenyan Swahili, as a cashier speaks it). One chunk, fetched the first time the language is chosen
 * (lib/i18n.ts); `satisfies Catalogues` makes a missing key a type error.
 */
import type { Catalogues } from '../en';
import auth from './auth.json';
import cart from './cart.json';
import common from './common.json';
import messages from './messages.json';
import navigation from './navigation.json';
import pages from './pages.json';
import profile from './profile.json';
import stores from './stores.json';
import users from './users.json';
import inventory from './inventory.json';
import products from './products.json';
import suppliers from './suppliers.json';
import purchaseOrders from './purchaseOrders.json';
import pos from './pos.json';
import receipts from './receipts.json';
import shop from './shop.json';
import sales from './sales.json';
import orders from './orders.json';
import expenses from './expenses.json';
import customers from './customers.json';
import reports from './reports.json';
import returns from './returns.json';
import labels from './labels.json';
import settings from './settings.json';
import shifts from './shifts.json';
import counts from './counts.json';
import connection from './connection.json';
import transfers from './transfers.json';
import system from './system.json';

const catalogues = {
  common,
  navigation,
  auth,
  pages,
  profile,
  users,
  stores,
  cart,
  messages,
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
  transfers,
  system,
} satisfies Catalogues;

export default catalogues;
