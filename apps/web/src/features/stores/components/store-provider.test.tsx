import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useStoreContext } from './store-provider';

function Consumer() {
  useStoreContext();
  return null;
}

describe('useStoreContext', () => {
  it('refuses to run outside StoreProvider, with the spec message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Consumer />)).toThrow('useStoreContext must be used within StoreProvider');
  });
});
