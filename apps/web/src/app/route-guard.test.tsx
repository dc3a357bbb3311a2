import type { User } from '@duka/shared/auth/auth.schemas';
import { act, render, renderHook, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { buildUser } from '@/test/fixtures';
import { RouteGuard } from './route-guard';

function renderAt(path: string, user: User | null, sessionChecked = true) {
  useAuthStore.setState({ user, isAuthenticated: user !== null, sessionChecked });
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <p>Sign-in page</p> },
      { path: '/unauthorized', element: <p>Refused page</p> },
      {
        path: '/customers',
        element: (
          <RouteGuard page="/customers">
            <p>Customers content</p>
          </RouteGuard>
        ),
      },
      {
        path: '/profile',
        element: (
          <RouteGuard page="/profile" announceSignIn>
            <p>Profile content</p>
          </RouteGuard>
        ),
      },
      {
        path: '/pos',
        element: (
          <RouteGuard page="/pos">
            <p>Till content</p>
          </RouteGuard>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

beforeEach(() => {
  useAuthStore.setState({ user: null, isAuthenticated: false, sessionChecked: false });
});

afterEach(() => {
  act(() => clearToasts());
});

describe('RouteGuard', () => {
  it('sends a signed-out visitor to /auth', async () => {
    const { router } = renderAt('/pos', null);
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('sends a cashier opening /customers to /unauthorized', async () => {
    const { router } = renderAt('/customers', buildUser('sales'));
    expect(await screen.findByText('Refused page')).toBeInTheDocument();
    expect(screen.queryByText('Customers content')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('shows the page to a role the matrix allows', async () => {
    renderAt('/customers', buildUser('manager'));
    expect(await screen.findByText('Customers content')).toBeInTheDocument();
  });

  it('renders nothing and stays put while the session check runs', () => {
    const { router, container } = renderAt('/pos', buildUser('sales'), false);
    expect(container).toBeEmptyDOMElement();
    expect(router.state.location.pathname).toBe('/pos');
  });

  it("tells a signed-out visitor of /profile 'Authentication Required', and only there", async () => {
    const { result } = renderHook(() => useToast());
    renderAt('/pos', null);
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(result.current.toasts).toEqual([]);

    renderAt('/profile', null);
    await screen.findAllByText('Sign-in page');
    expect(result.current.toasts).toEqual([
      expect.objectContaining({
        variant: 'destructive',
        title: 'Authentication Required',
        description: 'Please log in to access this page',
      }),
    ]);
  });
});
