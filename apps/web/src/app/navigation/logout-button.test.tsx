import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import * as authApi from '@/features/auth/api/auth-api';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useSyncStatus } from '@/features/offline/sync-status-store';
import { buildUser } from '@/test/fixtures';
import { LogoutButton } from './logout-button';

vi.mock('@/features/auth/api/auth-api');
vi.mock('@/features/offline/offline-catalogue', () => ({
  clearDeviceCatalogue: vi.fn(async () => undefined),
}));
const { clearDeviceCatalogue } = await import('@/features/offline/offline-catalogue');

function renderButton() {
  const router = createMemoryRouter(
    [
      { path: '/pos', element: <LogoutButton /> },
      { path: '/auth', element: <p>Sign-in page</p> },
    ],
    { initialEntries: ['/pos'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  useAuthStore.setState({
    user: buildUser('manager'),
    isAuthenticated: true,
    sessionChecked: true,
  });
});

afterEach(() => {
  act(() => clearToasts());
  useSyncStatus.getState().set({ waiting: 0, sending: 0 });
  vi.mocked(authApi.logoutRequest).mockReset();
  vi.mocked(clearDeviceCatalogue).mockClear();
});

describe('LogoutButton (spec §8 Logout)', () => {
  it("says 'Logged out successfully' and goes to /auth", async () => {
    vi.mocked(authApi.logoutRequest).mockResolvedValueOnce();
    const { result } = renderHook(() => useToast());
    const router = renderButton();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(result.current.toasts).toEqual([
      expect.objectContaining({ title: 'Success', description: 'Logged out successfully' }),
    ]);
    expect(result.current.toasts[0]?.variant).not.toBe('destructive');
    expect(useAuthStore.getState().user).toBeNull();
  });

  it("says 'Logout failed' when the call fails, and is signed out locally anyway", async () => {
    vi.mocked(authApi.logoutRequest).mockRejectedValueOnce(new Error('offline'));
    const { result } = renderHook(() => useToast());
    renderButton();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(result.current.toasts).toEqual([
      expect.objectContaining({
        variant: 'destructive',
        title: 'Logout failed',
        description: 'Please try again later',
      }),
    ]);
    expect(useAuthStore.getState()).toMatchObject({ user: null, isAuthenticated: false });
  });
});

describe('LogoutButton with sales waiting on the device (issue 22)', () => {
  it('warns that they stay on the device, then signs out when asked', async () => {
    vi.mocked(authApi.logoutRequest).mockResolvedValueOnce();
    useSyncStatus.getState().set({ waiting: 2, sending: 1 });
    const router = renderButton();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    const warning = await screen.findByRole('alertdialog', { name: 'Sales waiting to be sent' });
    expect(warning).toHaveTextContent(
      '3 sales are waiting to be sent. They stay on this device and are sent when you sign in again.',
    );
    expect(authApi.logoutRequest).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(useAuthStore.getState().user).toBeNull();
    // The store's catalogue leaves the device; the outbox is not touched.
    await vi.waitFor(() => expect(clearDeviceCatalogue).toHaveBeenCalledTimes(1));
  });

  it('stays signed in when the person chooses to', async () => {
    useSyncStatus.getState().set({ waiting: 1, sending: 0 });
    renderButton();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText(/1 sale is waiting to be sent/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));

    expect(authApi.logoutRequest).not.toHaveBeenCalled();
    expect(useAuthStore.getState().user).not.toBeNull();
    expect(clearDeviceCatalogue).not.toHaveBeenCalled();
  });
});
