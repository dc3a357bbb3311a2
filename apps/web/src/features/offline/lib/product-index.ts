/**
 * Offline search over the store's products (issue 22): everything the device keeps, in memory,
 * with each product's search keys prepared once, so a search over 50,000 products is one pass
 * of plain string tests — well under the 50 ms budget on a cheap phone (bench: offline-search).
 *
 * Order of results: an exact barcode or SKU first (a scan), then names that start with what
 * was typed, then names with a word starting with each word typed, then the rest that contain
 * every word typed anywhere in the name, SKU or barcode; alphabetical within each. Only active
 * products are offered.
 */
import type { SyncProduct } from '@duka/shared/sync/sync.schemas';

interface Entry {
  product: SyncProduct;
  /** The name, lowercase. */
  name: string;
  /** ' ' + the name's words, lowercase, split on anything but letters and digits. */
  words: string;
  /** Name, SKU and barcode, lowercase: what every typed word must be found in. */
  haystack: string;
  sku: string;
  barcode: string;
}

export interface ProductSearchOptions {
  /** How many to return (default 20). */
  limit?: number;
  /** How many to skip first (a page of the till's grid). */
  offset?: number;
  /** Only goods (the grid) or only services; both when left out (a scan). */
  kind?: SyncProduct['kind'];
}

export interface ProductSearchResult {
  products: SyncProduct[];
  /** Every match, for the grid's pager. */
  total: number;
}

const NOT_WORD = /[^\p{L}\p{N}]+/gu;

/** Lowercase, trimmed, one space between words. */
export function normaliseQuery(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

function entryOf(product: SyncProduct): Entry {
  const name = product.name.toLowerCase();
  const sku = product.sku.trim().toLowerCase();
  const barcode = (product.barcode ?? '').trim().toLowerCase();
  return {
    product,
    name,
    words: ` ${name.replace(NOT_WORD, ' ')}`,
    haystack: `${name} ${sku} ${barcode}`,
    sku,
    barcode,
  };
}

const byName = (a: Entry, b: Entry) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.product.id - b.product.id;

export class ProductIndex {
  private readonly byId = new Map<number, Entry>();
  /** Active products by name, and by code; rebuilt on the first search after a change. */
  private sorted: Entry[] = [];
  private barcodes = new Map<string, Entry>();
  private skus = new Map<string, Entry>();
  private dirty = true;

  constructor(products: Iterable<SyncProduct> = []) {
    for (const product of products) this.byId.set(product.id, entryOf(product));
  }

  get size(): number {
    return this.byId.size;
  }

  /** A delta: changed products replace theirs, deleted ids go. */
  apply(changed: readonly SyncProduct[], deletedIds: readonly number[] = []): void {
    for (const product of changed) this.byId.set(product.id, entryOf(product));
    for (const id of deletedIds) this.byId.delete(id);
    if (changed.length > 0 || deletedIds.length > 0) this.dirty = true;
  }

  private prepare(): void {
    if (!this.dirty) return;
    this.sorted = [...this.byId.values()].filter((entry) => entry.product.is_active).sort(byName);
    this.barcodes = new Map();
    this.skus = new Map();
    // Alphabetical order: when two products share a code, the first by name answers it.
    for (const entry of this.sorted) {
      if (entry.barcode && !this.barcodes.has(entry.barcode))
        this.barcodes.set(entry.barcode, entry);
      if (entry.sku && !this.skus.has(entry.sku)) this.skus.set(entry.sku, entry);
    }
    this.dirty = false;
  }

  /** The active product whose barcode (first) or SKU is exactly `code`, case-insensitive. */
  findByCode(code: string): SyncProduct | null {
    this.prepare();
    const wanted = code.trim().toLowerCase();
    if (!wanted) return null;
    return (this.barcodes.get(wanted) ?? this.skus.get(wanted))?.product ?? null;
  }

  search(text: string, options: ProductSearchOptions = {}): ProductSearchResult {
    this.prepare();
    const { limit = 20, offset = 0, kind } = options;
    const query = normaliseQuery(text);
    const end = offset + limit;
    if (!query) {
      const all = kind ? this.sorted.filter((entry) => entry.product.kind === kind) : this.sorted;
      return { products: all.slice(offset, end).map((entry) => entry.product), total: all.length };
    }

    const exact = this.barcodes.get(query) ?? this.skus.get(query) ?? null;
    const tokens = query.split(' ');
    const wordTokens = tokens.map((token) => ` ${token.replace(NOT_WORD, ' ').trim()}`);
    // Ranks: 0 code starts with it, 1 name starts with it, 2 every word starts a name word, 3 rest.
    const ranked: Entry[][] = [[], [], [], []];
    for (const entry of this.sorted) {
      if (entry === exact) continue;
      if (kind && entry.product.kind !== kind) continue;
      const { haystack } = entry;
      let found = true;
      for (const token of tokens) {
        if (!haystack.includes(token)) {
          found = false;
          break;
        }
      }
      if (!found) continue;
      if (entry.barcode.startsWith(query) || entry.sku.startsWith(query)) ranked[0]!.push(entry);
      else if (entry.name.startsWith(query)) ranked[1]!.push(entry);
      else if (wordTokens.every((token) => entry.words.includes(token))) ranked[2]!.push(entry);
      else ranked[3]!.push(entry);
    }
    const first = exact && (!kind || exact.product.kind === kind) ? [exact] : [];
    const products: SyncProduct[] = [];
    let position = 0;
    for (const list of [first, ...ranked]) {
      if (position >= end) break;
      // Whole lists before the page are skipped by their length.
      if (position + list.length <= offset) {
        position += list.length;
        continue;
      }
      for (const entry of list) {
        if (position >= end) break;
        if (position >= offset) products.push(entry.product);
        position += 1;
      }
    }
    const total = ranked.reduce((sum, list) => sum + list.length, first.length);
    return { products, total };
  }
}
