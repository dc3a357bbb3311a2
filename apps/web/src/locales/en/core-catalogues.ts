/**
 * The English namespaces every screen may need: bundled with the first load, so the app
 * renders at once and tests render synchronously.
 */
import auth from './auth.json';
import cart from './cart.json';
import common from './common.json';
import navigation from './navigation.json';
import pages from './pages.json';
import profile from './profile.json';
import stores from './stores.json';
import users from './users.json';

export const coreCatalogues = {
  common,
  navigation,
  auth,
  pages,
  profile,
  users,
  stores,
  cart,
};
