import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('query defaults (spec §4 Data cache)', () => {
  it('never goes stale, never retries, never refetches on focus and never polls', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      staleTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
    });
    // TanStack's own default is no polling; make sure nobody turned it on.
    expect(queries?.refetchInterval ?? false).toBe(false);
    expect(mutations?.retry).toBe(false);
  });
});
