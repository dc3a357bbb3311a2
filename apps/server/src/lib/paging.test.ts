import { describe, expect, it } from 'vitest';
import { inListOrder, pageWindow } from './paging';

/** The page as a plain offset walk would find it, for comparison. */
function expected(total: number, page: number, size: number): number[] {
  const all = Array.from({ length: total }, (_, i) => i);
  return all.slice((page - 1) * size, page * size);
}

/** The page as pageWindow walks it: forwards, or backwards and reversed. */
function walked(total: number, page: number, size: number): number[] {
  const all = Array.from({ length: total }, (_, i) => i);
  const window = pageWindow(total, page, size);
  const order = window.reverse ? [...all].reverse() : all;
  return inListOrder(window, order.slice(window.offset, window.offset + window.limit));
}

describe('pageWindow', () => {
  it('finds the same rows as an offset walk on every page, from whichever end is nearer', () => {
    for (const total of [0, 1, 9, 10, 11, 25, 100, 101]) {
      for (const size of [1, 10, 12]) {
        for (let page = 1; page <= Math.ceil(total / size) + 1; page += 1) {
          expect(walked(total, page, size), `total ${total} size ${size} page ${page}`).toEqual(
            expected(total, page, size),
          );
        }
      }
    }
  });

  it('never walks more than half of the list', () => {
    const total = 200_000;
    for (let page = 1; page <= total / 10; page += 997) {
      expect(pageWindow(total, page, 10).offset).toBeLessThanOrEqual(total / 2);
    }
    expect(pageWindow(total, total / 10, 10)).toEqual({ reverse: true, offset: 0, limit: 10 });
    expect(pageWindow(total, 1, 10)).toEqual({ reverse: false, offset: 0, limit: 10 });
  });
});
