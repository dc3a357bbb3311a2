/**
 * English: the specification's words, exactly. The fallback of every language and the
 * reference the other catalogues are checked against (catalogues.test.ts). The core
 * namespaces are bundled with the app; the pages' namespaces load with their page.
 */
import { coreCatalogues } from './core-catalogues';
import messages from './messages.json';
import { pageCatalogues } from './page-catalogues';

/**
 * `messages` (the server's and the schemas' English messages, keyed by themselves) is not
 * bundled: in English a message is its own translation (translateMessage falls back to it), so
 * it is fetched in the background; the other languages load it with their chunk.
 */
export const en = { ...coreCatalogues, messages, ...pageCatalogues };

/** Every namespace with every key; another language's catalogues must have the same shape. */
export type Catalogues = typeof en;
export type Namespace = keyof Catalogues;

export const NAMESPACES = Object.keys(en) as Namespace[];
