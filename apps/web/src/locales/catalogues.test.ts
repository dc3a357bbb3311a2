/**
 * Every language has every text of every screen: the same keys as English in every namespace,
 * no empty string, and the same {{variables}} (a translation that drops {{name}} would show a
 * cart line without its product). Run with `npm test -w @duka/web`.
 */
import { describe, expect, it } from 'vitest';
import { en, NAMESPACES } from './en';
import { pageCatalogues } from './en/page-catalogues';
import { PAGE_NAMESPACE_LOADERS, PAGE_NAMESPACES } from './en/page-namespaces';
import fr from './fr';
import sw from './sw';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

function variables(text: string): string[] {
  return [...text.matchAll(/{{\s*([\w.]+)[^}]*}}/g)].map((match) => match[1]!).sort();
}

const LANGUAGES = { sw, fr } as Record<string, Record<string, Tree>>;
const english = en as unknown as Record<string, Tree>;

describe('English catalogues', () => {
  it('have no empty text', () => {
    for (const namespace of NAMESPACES) {
      for (const [key, text] of flatten(english[namespace]!)) {
        expect(text.trim(), `en/${namespace}.json ${key}`).not.toBe('');
      }
    }
  });

  it('name every lazy page namespace in PAGE_NAMESPACES (what the loader fetches)', () => {
    expect([...PAGE_NAMESPACES].sort()).toEqual(Object.keys(pageCatalogues).sort());
  });

  it('load each lazy page namespace from its own file, the one page-catalogues.ts holds', async () => {
    for (const namespace of PAGE_NAMESPACES) {
      const loaded = await PAGE_NAMESPACE_LOADERS[namespace]();
      expect(loaded.default, namespace).toEqual(pageCatalogues[namespace]);
    }
  });

  it("key the 'messages' namespace by the exact English message", () => {
    for (const [key, text] of flatten(english.messages!)) expect(text).toBe(key);
  });
});

describe.each(Object.keys(LANGUAGES))('%s catalogues', (language) => {
  const catalogues = LANGUAGES[language]!;

  it('have exactly the namespaces of English', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...NAMESPACES].sort());
  });

  it.each(NAMESPACES)('%s: same keys as English, none empty, same {{variables}}', (namespace) => {
    // The messages namespace is keyed by English sentences that contain dots: compare it flat.
    const flat = (tree: Tree) =>
      namespace === 'messages'
        ? new Map(Object.entries(tree as Record<string, string>))
        : flatten(tree);
    const reference = flat(english[namespace]!);
    const translated = flat(catalogues[namespace]!);

    const missing = [...reference.keys()].filter((key) => !translated.has(key));
    const unknown = [...translated.keys()].filter((key) => !reference.has(key));
    expect(missing, `missing in ${language}/${namespace}.json`).toEqual([]);
    expect(unknown, `not in en/${namespace}.json`).toEqual([]);

    for (const [key, text] of translated) {
      expect(text.trim(), `${language}/${namespace}.json ${key} is empty`).not.toBe('');
      expect(variables(text), `${language}/${namespace}.json ${key}`).toEqual(
        variables(reference.get(key)!),
      );
    }
  });
});
