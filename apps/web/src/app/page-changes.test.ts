import { describe, expect, it, vi } from 'vitest';
import { onPageChange, pageChanged } from './page-changes';

describe('page changes', () => {
  it('calls every listener on each change until it stops', () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = onPageChange(first);
    const stopSecond = onPageChange(second);
    pageChanged();
    stopFirst();
    pageChanged();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
    stopSecond();
    pageChanged();
    expect(second).toHaveBeenCalledTimes(2);
  });
});
