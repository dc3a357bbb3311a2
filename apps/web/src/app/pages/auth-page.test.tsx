import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as authApi from '@/features/auth/api/auth-api';
import { authNoticeState, LOGGED_OUT } from '@/features/auth/lib/auth-notice';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { RouteGuard } from '../route-guard';
import { buildUser } from '@/test/fixtures';
import { AuthPage } from './auth-page';

vi.mock('@/features/auth/api/auth-api');

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
      {
        path: '/users',
        element: (
          <RouteGuard page="/users">
            <p>Users content</p>
          </RouteGuard>
        ),
      },
      { path: '/shop', element: <p>Shop content</p> },
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

async function signIn(email: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'duka-demo-1234');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('coming back to the page one wanted', () => {
  it('sends a signed-out visitor to /auth?next=… and, once signed in, to that page', async () => {
    vi.mocked(authApi.loginRequest).mockResolvedValueOnce(buildUser('admin'));
    const router = renderApp('/users');
    expect(await screen.findByLabelText('Email')).toHaveFocus();
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.search).toBe('?next=%2Fusers');

    await signIn('admin@duka.test');
    expect(await screen.findByText('Users content')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users');
  });

  it("goes to the role's home when next leaves the app or is a page the role may not open", async () => {
    vi.mocked(authApi.loginRequest).mockResolvedValueOnce(buildUser('admin'));
    const router = renderApp('/auth?next=%2F%2Fevil.example%2Fusers');
    await signIn('admin@duka.test');
    expect(await screen.findByText('Till content')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pos');
  });

  it('does not take a shopper to a staff page they were sent from', async () => {
    vi.mocked(authApi.loginRequest).mockResolvedValueOnce(buildUser('user'));
    const router = renderApp('/auth?next=/users');
    await signIn('shopper@duka.test');
    expect(await screen.findByText('Shop content')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shop');
  });
});

describe('the sign-up view has its own address', () => {
  it('is /auth?mode=register, keeps next, and Back returns to the login view', async () => {
    const router = renderApp('/auth?next=%2Fusers');
    await userEvent.click(await screen.findByRole('link', { name: 'Sign up' }));
    expect(screen.getByText('Create an account to get started.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=%2Fusers&mode=register');
    expect(screen.getByLabelText('Name')).toHaveFocus();

    await router.navigate(-1);
    expect(await screen.findByText('Welcome back! Please login to continue.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=%2Fusers');
  });

  it('opens straight on the sign-up view from a link', async () => {
    renderApp('/auth?mode=register');
    expect(await screen.findByText('Create an account to get started.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
  });
});
