/**
 * The English namespaces every screen may need: bundled with the first load, so the app
 * renders at once and tests render synchronously.
 */
import auth from './auth.json';
import common from './common.json';
import navigation from './navigation.json';
import pages from './pages.json';

export const coreCatalogues = {
  common,
  navigation,
  auth,
  pages,
};
