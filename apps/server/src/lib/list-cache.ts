/**
 * What a list query found, kept for a few seconds (issue 10): a list's row count, or the ids a
 * till search matched. A page of the till's grid or of the sales list is an index walk of a
 * dozen rows, but counting every row behind it reads a whole index (and, on a live shop, much
 * of the heap: each sale's stock update clears the pages' all-visible bits), which cost far
 * more than the page; a search's first twenty matches by name read a heap page for every
 * product that matches. Each kind of list has its cache, named; a write of that kind forgets
 * its entries (the store's, when the writer names it; the writers call `changed()` once their
 * transaction is committed), here at once and on every other app server on the same
 * PostgreSQL within a second, told through lib/change-bus.ts (issue 27). Should a notice be
 * lost, an entry still lives LIST_TTL_MS at most — or, in a cache made with
 * `answerWhileLoading`, twice that. The rows themselves are always read fresh: only what they
 * are (which ids, how many) is kept.
 */
import type { Executor } from '../db/client';
import { announceChange, registerCache } from './change-bus';

export const LIST_TTL_MS = 10_000;
/** Entries kept per database (the oldest goes first), unless a cache sets its own. */
const MAX_ENTRIES = 10_000;

export interface ListCacheOptions {
  /** What other instances are told to forget (lib/change-bus): one name per kind of list. */
  name: string;
  maxEntries?: number;
  /**
   * An entry old by time alone (no write in this process since) answers while the new one
   * loads, for up to twice the TTL, so a caller never waits for an expiry. Only for values
   * that stand on their own (a search's ids, a whole ordering); not for a count that pages a
   * list, where an older count and newer rows would skip or repeat a row.
   */
  answerWhileLoading?: boolean;
}

interface Entry<T> {
  value: T;
  at: number;
  generation: number;
}

interface Loading<T> {
  value: Promise<T>;
  generation: number;
}

export interface ListCache<T> {
  /** The cached value for `key` of the store, or `load()` (then cached). */
  get(db: Executor, storeId: number, key: string, load: () => Promise<T>, now?: number): Promise<T>;
  /**
   * A row of this kind was added, changed or removed, in `storeId` (every store's entries go
   * when it is not known): forgotten here, and every other instance is told.
   */
  changed(storeId?: number): void;
}

export function createListCache<T>({
  name,
  maxEntries = MAX_ENTRIES,
  answerWhileLoading = false,
}: ListCacheOptions): ListCache<T> {
  /** Per database (tests run many), per store and key. */
  const entries = new WeakMap<object, Map<string, Entry<T>>>();
  /**
   * Loads under way, per database and key: the tills asking for the same thing at the same
   * moment (the cache just expired) share one load instead of each running the query.
   */
  const loading = new WeakMap<object, Map<string, Loading<T>>>();
  /**
   * Bumped by a write of any store; a store's own count by a write of that store. An entry
   * keeps the sum of the two as it was when its load started: an older sum is stale (both
   * only grow, so the sum does too).
   */
  let generation = 0;
  const storeGenerations = new Map<number, number>();
  const generationOf = (storeId: number) => generation + (storeGenerations.get(storeId) ?? 0);

  function forget(storeId: number | undefined): void {
    if (storeId === undefined) generation += 1;
    else storeGenerations.set(storeId, (storeGenerations.get(storeId) ?? 0) + 1);
  }
  registerCache(name, forget);

  /** Runs `load`, shared with whoever asks for the key meanwhile, and keeps what it found. */
  function startLoad(
    storeId: number,
    byKey: Map<string, Entry<T>>,
    pending: Map<string, Loading<T>>,
    fullKey: string,
    load: () => Promise<T>,
    now: number,
  ): Promise<T> {
    // The generation the load started in: a write landing while it runs leaves it stale.
    const started = generationOf(storeId);
    const own: Loading<T> = {
      generation: started,
      value: load()
        .then((loaded) => {
          // Never over a fresher entry that a later load, started after a write, has kept.
          const kept = byKey.get(fullKey);
          if (!kept || kept.generation <= started) {
            // Last in the map's order, which is the order entries go when it is full.
            byKey.delete(fullKey);
            if (byKey.size >= maxEntries) byKey.delete(byKey.keys().next().value!);
            byKey.set(fullKey, { value: loaded, at: now, generation: started });
          }
          return loaded;
        })
        .finally(() => {
          if (pending.get(fullKey) === own) pending.delete(fullKey);
        }),
    };
    pending.set(fullKey, own);
    return own.value;
  }

  return {
    async get(db, storeId, key, load, now = Date.now()) {
      let byKey = entries.get(db);
      if (!byKey) entries.set(db, (byKey = new Map<string, Entry<T>>()));
      let pending = loading.get(db);
      if (!pending) loading.set(db, (pending = new Map<string, Loading<T>>()));
      const fullKey = `${storeId}|${key}`;
      const hit = byKey.get(fullKey);
      const current = generationOf(storeId);
      const unchanged = hit !== undefined && hit.generation === current;
      if (unchanged && now - hit.at < LIST_TTL_MS) return hit.value;
      // A load that started before a write may have read what the write changed: not shared.
      const shared = pending.get(fullKey);
      const loaded =
        shared && shared.generation === current
          ? shared.value
          : startLoad(storeId, byKey, pending, fullKey, load, now);
      // Old by time alone (no write in this process since): the last value answers while the
      // new one loads (answerWhileLoading) — up to twice the TTL, so a load that keeps failing
      // does not keep an old value forever.
      if (answerWhileLoading && unchanged && now - hit.at < 2 * LIST_TTL_MS) {
        loaded.catch(() => undefined);
        return hit.value;
      }
      return loaded;
    },
    changed(storeId) {
      forget(storeId);
      announceChange(name, storeId);
    },
  };
}
