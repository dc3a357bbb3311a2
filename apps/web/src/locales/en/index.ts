/**
 * English: the specification's words, exactly. Bundled with the app as the fallback of every
 * language and the reference the other catalogues are checked against (catalogues.test.ts).
 */
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

export const en = {
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
};

/** Every namespace with every key; another language's catalogues must have the same shape. */
export type Catalogues = typeof en;
export type Namespace = keyof Catalogues;

export const NAMESPACES = Object.keys(en) as Namespace[];
