/**
 * A list's row count, kept for a few seconds (issue 10). A page of the till's grid or of the
 * sales list is an index walk of a dozen rows, but counting every row behind it reads a whole
 * index (and, on a live shop, much of the heap: each sale's stock update clears the pages'
 * all-visible bits), which cost far more than the page. Each kind of list has its cache; a
 * write of that kind in this process forgets all its counts at once (the writers call
 * `changed()` once their transaction is committed), and another instance's write shows
 * within COUNT_TTL_MS.
 */
import type { Executor } from '../db/client';

export const COUNT_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  n: number;
  at: number;
  generation: number;
}

export interface CountCache {
  /** The cached count for `key` of the store, or `count()` (then cached). */
  get(
    db: Executor,
    storeId: number,
    key: string,
    count: () => Promise<number>,
    now?: number,
  ): Promise<number>;
  /** A row of this kind was added, changed or removed (in any store: writes are rarer). */
  changed(): void;
}

export function createCountCache(): CountCache {
  /** Per database (tests run many), per store and key. */
  const counts = new WeakMap<object, Map<string, Entry>>();
  /** Bumped by every write; an entry from an older generation is stale. */
  let generation = 0;
  return {
    async get(db, storeId, key, count, now = Date.now()) {
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
    },
    changed() {
      generation += 1;
    },
  };
}
