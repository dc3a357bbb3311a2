import type { Store } from '@duka/shared/stores/stores.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useSyncStatus } from '@/features/offline/sync-status-store';
import { StoreProvider } from '@/features/stores/components/store-provider';
import { createQueryClient } from '@/lib/query-client';
import { buildUser } from '@/test/fixtures';
import { ProtectedPage } from './protected-page';

const NOTICE = 'You are offline — this page needs a connection';
const stores: Store[] = [
  { id: 1, name: 'Duka Demo — Nairobi', is_active: true, created_at: '2025-01-01T00:00:00Z' },
];

function setOnline(online: boolean) {
  act(() => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

function renderAt(path: string) {
  useAuthStore.setState({ user: buildUser('admin'), isAuthenticated: true, sessionChecked: true });
  const router = createMemoryRouter(
    [
      {
        path: '/reports',
        element: (
          <ProtectedPage page="/reports">
            <p>Reports content</p>
          </ProtectedPage>
        ),
      },
      {
        path: '/sales',
        element: (
          <ProtectedPage page="/sales">
            <p>Sales content</p>
          </ProtectedPage>
        ),
      },
      {
        path: '/pos',
        element: (
          <ProtectedPage page="/pos">
            <p>Till content</p>
          </ProtectedPage>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StoreProvider enabled>
        <RouterProvider router={router} />
      </StoreProvider>
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ success: true, data: stores })),
  );
});
afterEach(() => {
  setOnline(true);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a page that needs the server', () => {
  it('opened offline says so, under the header, and opens by itself when the connection returns', async () => {
    setOnline(false);
    renderAt('/reports');
    expect((await screen.findByText(NOTICE)).closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText('Reports content')).toBeNull();
    // The header and its navigation stay, with the connection status.
    expect(screen.getByRole('banner')).toHaveTextContent('Offline');

    setOnline(true);
    expect(await screen.findByText('Reports content')).toBeVisible();
    expect(screen.queryByText(NOTICE)).toBeNull();
  });

  it('already open when the connection drops stays, under the notice', async () => {
    renderAt('/reports');
    expect(await screen.findByText('Reports content')).toBeVisible();
    setOnline(false);
    expect(screen.getByText(NOTICE)).toBeVisible();
    expect(screen.getByText('Reports content')).toBeVisible();
    expect(useSyncStatus.getState().online).toBe(false);
  });

  it('reached offline from a page that was open says so too', async () => {
    const router = renderAt('/reports');
    expect(await screen.findByText('Reports content')).toBeVisible();
    setOnline(false);
    await act(() => router.navigate('/sales'));
    expect(screen.getByText(NOTICE)).toBeVisible();
    expect(screen.queryByText('Sales content')).toBeNull();
  });
});

describe('the till', () => {
  it('opens offline', async () => {
    setOnline(false);
    renderAt('/pos');
    expect(await screen.findByText('Till content')).toBeVisible();
    expect(screen.queryByText(NOTICE)).toBeNull();
  });
});
