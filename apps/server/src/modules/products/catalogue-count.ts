/**
 * The number of products a grid page reports, kept for a few seconds (issue 10). Counting a
 * 50,000-product catalogue reads most of its heap on a live shop (every sale's stock update
 * clears the pages' all-visible bits), which cost more than the page itself; the count of an
 * unfiltered or category/active-filtered catalogue changes only when a product is added,
 * edited, deleted or imported. Such a write in this process forgets every count at once (the
 * products routes call catalogueChanged before replying); another instance's write shows
 * within COUNT_TTL_MS. Searches and the low-stock filter (which a sale changes) are never
 * cached.
 */
import type { Executor } from '../../db/client';

export const COUNT_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  n: number;
  at: number;
  generation: number;
}

/** Per database (tests run many), per key. */
const counts = new WeakMap<object, Map<string, Entry>>();
/** Bumped by every product write; an entry from an older generation is stale. */
let generation = 0;

/** A product was added, edited, deleted or imported (in any store: writes are rare). */
export function catalogueChanged(): void {
  generation += 1;
}

/** The cached count for `key` of the store, or `count()` (then cached). */
export async function cachedCount(
  db: Executor,
  storeId: number,
  key: string,
  count: () => Promise<number>,
  now = Date.now(),
): Promise<number> {
  let byKey = counts.get(db);
  if (!byKey) counts.set(db, (byKey = new Map<string, Entry>()));
  const fullKey = `${storeId}|${key}`;
  const hit = byKey.get(fullKey);
  if (hit && hit.generation === generation && now - hit.at < COUNT_TTL_MS) return hit.n;
  // The generation the count started in: a write landing while it runs leaves it stale.
  const counted = generation;
  const n = await count();
  if (byKey.size >= MAX_ENTRIES) byKey.clear();
  byKey.set(fullKey, { n, at: now, generation: counted });
  return n;
}
