/**
 * Deep pages without a deep scan (issue 10: "any page" within budget). A page of an ordered
 * list is found by walking its index to the page's offset; a page past the middle is found
 * faster from the other end, walking the index backwards, so no page walks more than half of
 * the list. The caller counts the rows first, asks `pageWindow` which way to walk, and reverses
 * what a backward walk returns.
 */
export interface PageWindow {
  /** Walk the list in reverse order (and reverse the rows it returns). */
  reverse: boolean;
  offset: number;
  limit: number;
}

/** The walk for 1-based `page` of `pageSize` in a list of `total` rows; limit 0 past the end. */
export function pageWindow(total: number, page: number, pageSize: number): PageWindow {
  const offset = (page - 1) * pageSize;
  if (offset >= total) return { reverse: false, offset, limit: 0 };
  const limit = Math.min(pageSize, total - offset);
  const fromEnd = total - offset - limit;
  return fromEnd < offset
    ? { reverse: true, offset: fromEnd, limit }
    : { reverse: false, offset, limit };
}

/** The rows of a page in list order, whichever way they were walked. */
export function inListOrder<T>(window: PageWindow, rows: T[]): T[] {
  return window.reverse ? [...rows].reverse() : rows;
}
