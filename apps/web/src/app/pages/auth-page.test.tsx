import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { authNoticeState, LOGGED_OUT } from '@/features/auth/lib/auth-notice';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { RouteGuard } from '../route-guard';
import { AuthPage } from './auth-page';

function renderApp(initialEntry: string | { pathname: string; state: unknown }) {
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <AuthPage /> },
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
    { initialEntries: [initialEntry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  useAuthStore.setState({ user: null, isAuthenticated: false, sessionChecked: true });
});

describe('why the sign-in page is shown', () => {
  it("shows 'Authentication Required' on the card after a guarded page sent us", async () => {
    const router = renderApp('/profile');
    const notice = await screen.findByRole('status');
    expect(router.state.location.pathname).toBe('/auth');
    expect(within(notice).getByText('Authentication Required')).toBeInTheDocument();
    expect(within(notice).getByText('Please log in to access this page')).toBeInTheDocument();
  });

  it('shows the logout message it was given', async () => {
    renderApp({ pathname: '/auth', state: authNoticeState(LOGGED_OUT) });
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Logged out successfully');
  });

  it('shows nothing when the visitor came on their own or from a page that does not announce', async () => {
    renderApp('/pos');
    expect(await screen.findByText('Welcome back! Please login to continue.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
