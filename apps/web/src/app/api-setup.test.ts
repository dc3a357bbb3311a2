import { act, renderHook } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useCurrentStore } from '@/features/stores/stores/current-store';
import { apiClient } from '@/lib/api-client';
import { buildUser } from '@/test/fixtures';
import { setupApiClient } from './api-setup';
import type { AppRouter } from './router';

const requested: string[] = [];

function routerAt(path: string): AppRouter {
  return createMemoryRouter([{ path: '*', element: null }], { initialEntries: [path] });
}

beforeEach(() => {
  requested.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(url);
      return Response.json({ message: 'Not signed in', code: 'auth.required' }, { status: 401 });
    }),
  );
  useAuthStore.setState({ user: buildUser('admin'), isAuthenticated: true, sessionChecked: true });
  useCurrentStore.setState({ currentStore: null });
});

afterEach(() => {
  act(() => clearToasts());
});

describe('an expired session (spec §8, 401)', () => {
  it("shows 'Session expired', signs out and goes to /auth, which returns to the page", async () => {
    const router = routerAt('/users');
    setupApiClient(router);
    const { result } = renderHook(() => useToast());

    await expect(apiClient.get('/users')).rejects.toMatchObject({ status: 401 });

    expect(result.current.toasts).toEqual([
      expect.objectContaining({
        variant: 'destructive',
        title: 'Session expired',
        description: 'Please log in again.',
      }),
    ]);
    expect(useAuthStore.getState()).toMatchObject({ user: null, isAuthenticated: false });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.search).toBe('?next=%2Fusers');
  });

  it('stays on /auth when already there', async () => {
    const router = routerAt('/auth');
    const navigate = vi.spyOn(router, 'navigate');
    setupApiClient(router);

    await expect(apiClient.get('/users')).rejects.toMatchObject({ status: 401 });
    expect(navigate).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/auth');
  });
});

describe('store scope', () => {
  it("sends the chosen store's id for a super_admin, from the current store", async () => {
    setupApiClient(routerAt('/users'));
    useAuthStore.setState({ user: buildUser('super_admin') });
    useCurrentStore.setState({
      currentStore: { id: 2, name: 'Mombasa', is_active: true, created_at: '2025-01-01' },
    });
    await apiClient.get('/users').catch(() => undefined);

    useAuthStore.setState({ user: buildUser('admin') });
    await apiClient.get('/users').catch(() => undefined);

    expect(requested).toEqual(['/api/users?store_id=2', '/api/users']);
  });
});
