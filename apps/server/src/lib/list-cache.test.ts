import { describe, expect, it } from 'vitest';
import type { Executor } from '../db/client';
import { LIST_TTL_MS, createListCache } from './list-cache';

const cache = createListCache<number>({ name: 'test.counts' });
const cachedCount = cache.get.bind(cache);
const catalogueChanged = cache.changed.bind(cache);

/** A stand-in database handle (the cache only keys on its identity) and a counting source. */
function source(values: number[]) {
  const db = {} as Executor;
  let calls = 0;
  const count = () => Promise.resolve(values[Math.min(calls++, values.length - 1)]!);
  return { db, count, calls: () => calls };
}

describe('list cache', () => {
  it('counts once within the TTL, again after it: a count that pages a list is never old', async () => {
    const s = source([10, 11]);
    expect(await cachedCount(s.db, 1, 'k', s.count, 1_000)).toBe(10);
    expect(await cachedCount(s.db, 1, 'k', s.count, 1_000 + LIST_TTL_MS - 1)).toBe(10);
    expect(s.calls()).toBe(1);
    expect(await cachedCount(s.db, 1, 'k', s.count, 1_000 + LIST_TTL_MS)).toBe(11);
  });

  it('with answerWhileLoading, answers with the last value while loading again', async () => {
    const ordered = createListCache<number>({ name: 'test.ordered', answerWhileLoading: true });
    const s = source([10, 11, 12]);
    expect(await ordered.get(s.db, 1, 'k', s.count, 1_000)).toBe(10);
    // Expired: the last value at once, and a new one for the next caller.
    const expired = 1_000 + LIST_TTL_MS;
    expect(await ordered.get(s.db, 1, 'k', s.count, expired)).toBe(10);
    expect(s.calls()).toBe(2);
    expect(await ordered.get(s.db, 1, 'k', s.count, expired + 1)).toBe(11);
    // A value older than twice the TTL is not answered: the caller waits for a new one.
    expect(await ordered.get(s.db, 1, 'k', s.count, expired + 2 * LIST_TTL_MS)).toBe(12);
  });

  it('lets the oldest entry go when full, and keeps the rest', async () => {
    const small = createListCache<number>({ name: 'test.small', maxEntries: 2 });
    const db = {} as Executor;
    const value = (n: number) => () => Promise.resolve(n);
    await small.get(db, 1, 'a', value(1), 0);
    await small.get(db, 1, 'b', value(2), 0);
    // Loading 'a' again (expired) makes it the newest; 'c' then pushes out 'b'.
    await small.get(db, 1, 'a', value(3), LIST_TTL_MS);
    await small.get(db, 1, 'c', value(4), LIST_TTL_MS);
    expect(await small.get(db, 1, 'a', value(9), LIST_TTL_MS)).toBe(3);
    expect(await small.get(db, 1, 'c', value(9), LIST_TTL_MS)).toBe(4);
    expect(await small.get(db, 1, 'b', value(5), LIST_TTL_MS)).toBe(5);
  });

  it('forgets every count when a row of its kind changes, and only its own', async () => {
    const s = source([5, 6]);
    expect(await cachedCount(s.db, 1, 'k', s.count, 0)).toBe(5);
    createListCache<number>({ name: 'test.other' }).changed();
    expect(await cachedCount(s.db, 1, 'k', s.count, 1)).toBe(5);
    catalogueChanged();
    expect(await cachedCount(s.db, 1, 'k', s.count, 2)).toBe(6);
  });

  it("forgets one store's entries when the write names its store, every store's otherwise", async () => {
    const perStore = createListCache<number>({ name: 'test.stores' });
    const db = {} as Executor;
    const value = (n: number) => () => Promise.resolve(n);
    await perStore.get(db, 1, 'k', value(1), 0);
    await perStore.get(db, 2, 'k', value(2), 0);
    perStore.changed(1);
    expect(await perStore.get(db, 1, 'k', value(11), 1)).toBe(11);
    expect(await perStore.get(db, 2, 'k', value(12), 1)).toBe(2);
    perStore.changed();
    expect(await perStore.get(db, 1, 'k', value(21), 2)).toBe(21);
    expect(await perStore.get(db, 2, 'k', value(22), 2)).toBe(22);
    // A store's write overtaking its load leaves that load unkept, as a write of all does.
    let finish!: (n: number) => void;
    const loading = perStore.get(db, 1, 'k2', () => new Promise<number>((r) => (finish = r)), 3);
    perStore.changed(1);
    finish(30);
    expect(await loading).toBe(30);
    expect(await perStore.get(db, 1, 'k2', value(31), 4)).toBe(31);
  });

  it('keeps stores, keys and databases apart', async () => {
    const a = source([1]);
    const b = source([2]);
    expect(await cachedCount(a.db, 1, 'k', a.count, 0)).toBe(1);
    expect(await cachedCount(b.db, 1, 'k', b.count, 0)).toBe(2);
    expect(await cachedCount(a.db, 2, 'k', () => Promise.resolve(3), 0)).toBe(3);
    expect(await cachedCount(a.db, 1, 'other', () => Promise.resolve(4), 0)).toBe(4);
  });

  it('does not keep a count that a write overtook while it ran', async () => {
    const db = {} as Executor;
    const racing = () => {
      catalogueChanged();
      return Promise.resolve(7);
    };
    expect(await cachedCount(db, 1, 'k', racing, 0)).toBe(7);
    expect(await cachedCount(db, 1, 'k', () => Promise.resolve(8), 1)).toBe(8);
  });
});

describe('list cache: loads at the same moment', () => {
  it('shares one load between callers asking for the same key at once', async () => {
    const shared = createListCache<number>({ name: 'test.counts' });
    const db = {} as Executor;
    let calls = 0;
    let finish!: (n: number) => void;
    const load = () => {
      calls += 1;
      return new Promise<number>((resolve) => (finish = resolve));
    };
    const first = shared.get(db, 1, 'k', load, 0);
    const second = shared.get(db, 1, 'k', load, 0);
    const otherKey = shared.get(db, 1, 'other', () => Promise.resolve(9), 0);
    finish(5);
    expect(await Promise.all([first, second, otherKey])).toEqual([5, 5, 9]);
    expect(calls).toBe(1);
  });

  it('does not share a load that a write overtook, and lets a failed load be tried again', async () => {
    const shared = createListCache<number>({ name: 'test.counts' });
    const db = {} as Executor;
    let finish!: (n: number) => void;
    const before = shared.get(
      db,
      1,
      'k',
      () => new Promise<number>((resolve) => (finish = resolve)),
      0,
    );
    shared.changed();
    const after = shared.get(db, 1, 'k', () => Promise.resolve(6), 0);
    finish(5);
    expect(await before).toBe(5);
    expect(await after).toBe(6);
    // The overtaken load, finishing last, did not replace the fresh entry.
    expect(await shared.get(db, 1, 'k', () => Promise.resolve(7), 1)).toBe(6);

    const failing = shared.get(db, 2, 'k', () => Promise.reject(new Error('down')), 0);
    await expect(failing).rejects.toThrow('down');
    expect(await shared.get(db, 2, 'k', () => Promise.resolve(8), 0)).toBe(8);
  });

  it('answers with the last value when the load after an expiry fails, then loads again', async () => {
    const shared = createListCache<number>({ name: 'test.ordered', answerWhileLoading: true });
    const db = {} as Executor;
    expect(await shared.get(db, 1, 'k', () => Promise.resolve(1), 0)).toBe(1);
    const failing = () => Promise.reject(new Error('down'));
    expect(await shared.get(db, 1, 'k', failing, LIST_TTL_MS)).toBe(1);
    // The failed load is not kept nor shared: the next caller loads afresh.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await shared.get(db, 1, 'k', () => Promise.resolve(3), 3 * LIST_TTL_MS)).toBe(3);
  });
});
