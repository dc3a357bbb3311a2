/**
 * English: the specification's words, exactly. The fallback of every language and the
 * reference the other catalogues are checked against (catalogues.test.ts). The core
 * namespaces are bundled with the app; the pages' namespaces load with their page.
 */
import { coreCatalogues } from './core-catalogues';
import { pageCatalogues } from './page-catalogues';

export const en = { ...coreCatalogues, ...pageCatalogues };

/** Every namespace with every key; another language's catalogues must have the same shape. */
export type Catalogues = typeof en;
export type Namespace = keyof Catalogues;

export const NAMESPACES = Object.keys(en) as Namespace[];
