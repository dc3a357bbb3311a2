import type { Store } from '@duka/shared/stores/stores.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { useCurrentStore } from '../stores/current-store';
import { StoreProvider, useStoreContext } from './store-provider';

const nairobi: Store = { id: 1, name: 'Nairobi', is_active: true, created_at: '2025-01-01' };
const mombasa: Store = { id: 2, name: 'Mombasa', is_active: true, created_at: '2025-01-02' };
const thika: Store = { id: 3, name: 'Thika', is_active: true, created_at: '2025-01-03' };

function CurrentStoreName() {
  const { currentStore } = useStoreContext();
  return <p>Current: {currentStore?.name ?? 'none'}</p>;
}

function renderProvider(stores: Store[], enabled = true) {
  const fetchMock = vi.fn(async () => Response.json({ success: true, data: stores }));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StoreProvider enabled={enabled}>
        <CurrentStoreName />
      </StoreProvider>
    </QueryClientProvider>,
  );
  return fetchMock;
}

beforeEach(() => {
  useCurrentStore.setState({ currentStore: null });
});

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

describe('StoreProvider (spec §4 Current store)', () => {
  it('chooses the first store when none is chosen', async () => {
    renderProvider([nairobi, mombasa]);
    expect(await screen.findByText('Current: Nairobi')).toBeInTheDocument();
    expect(useCurrentStore.getState().currentStore?.id).toBe(1);
  });

  it('never shows a saved store this person was not given (a shared till), even if the list fails', async () => {
    useCurrentStore.setState({ currentStore: mombasa });
    const fetchMock = vi.fn(async () => Response.json({ message: 'down' }, { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <StoreProvider enabled>
          <CurrentStoreName />
        </StoreProvider>
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByText('Current: none')).toBeInTheDocument();
    expect(screen.queryByText(/Mombasa/)).toBeNull();
  });

  it('keeps a chosen store that is still listed', async () => {
    useCurrentStore.setState({ currentStore: mombasa });
    const fetchMock = renderProvider([nairobi, mombasa]);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(await screen.findByText('Current: Mombasa')).toBeInTheDocument();
  });

  it('replaces a chosen store that is no longer listed with the first', async () => {
    useCurrentStore.setState({ currentStore: thika });
    renderProvider([nairobi, mombasa]);
    expect(await screen.findByText('Current: Nairobi')).toBeInTheDocument();
  });

  it('asks for no stores while disabled (signed out, or on /auth)', () => {
    const fetchMock = renderProvider([nairobi], false);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText('Current: none')).toBeInTheDocument();
  });
});
