import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { pageTitle, type PageTitleKey } from './page-titles';
import { appRoutes } from './routes';
import routesSource from './routes.tsx?raw';

// Opening a page compiles its modules on first use; give a busy machine time for that.
const LOAD = { timeout: 15_000 };

/** The pages: every route below the root layout. */
const pageRoutes: RouteObject[] = appRoutes.flatMap((route) => route.children ?? []);

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  useAuthStore.setState({ user: null, isAuthenticated: false, sessionChecked: true });
  document.title = 'Duka';
});

describe('every page is a lazy route', () => {
  it('imports no page module statically, so none lands in the up-front script', () => {
    const staticImports = [...routesSource.matchAll(/^import\s[^;]*?from\s+'([^']+)'/gms)].map(
      (match) => match[1],
    );
    expect(staticImports.length).toBeGreaterThan(0);
    const pageImports = staticImports.filter((source) =>
      /(^|\/)(pages|features)\/|protected-page|app-shell/.test(source ?? ''),
    );
    expect(pageImports).toEqual([]);
  });

  it('declares every page with `lazy` and no component of its own', () => {
    expect(pageRoutes.length).toBeGreaterThanOrEqual(14);
    for (const route of pageRoutes) {
      expect(route.lazy, route.path).toBeTypeOf('function');
      expect(route.element, route.path).toBeUndefined();
      expect(route.Component, route.path).toBeUndefined();
    }
  });

  it('gives every page but the / redirect a title from the one table', () => {
    const untitled = pageRoutes.filter((route) => route.handle === undefined).map((r) => r.path);
    expect(untitled).toEqual(['/']);
    const titles = pageRoutes.flatMap((route) => {
      const handle = route.handle as { title: PageTitleKey } | undefined;
      return handle ? [pageTitle(handle.title)] : [];
    });
    expect(titles).toContain('Users');
    expect(titles).toContain('Page not found');
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("loads each page's code on demand", { timeout: 60_000 }, async () => {
    for (const route of pageRoutes) {
      const lazy = route.lazy as () => Promise<RouteObject>;
      const loaded = await lazy();
      expect(loaded.element, route.path).toBeTruthy();
    }
  });
});

describe('opening a page', () => {
  it('shows a loading state, then the page with its title', { timeout: 30_000 }, async () => {
    renderAt('/auth');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(
      await screen.findByText('Welcome back! Please login to continue.', {}, LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Login · Duka'), LOAD);
  });

  it('names an unknown address "Page not found"', { timeout: 30_000 }, async () => {
    renderAt('/no-such-page');
    expect(
      await screen.findByRole('heading', { name: 'Page not found' }, LOAD),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found · Duka'), LOAD);
  });

  it(
    'titles a guarded page after where the guard sends a signed-out visitor',
    { timeout: 30_000 },
    async () => {
      const router = renderAt('/users');
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth'), LOAD);
      await waitFor(() => expect(document.title).toBe('Login · Duka'), LOAD);
    },
  );

  it('names the sign-up view after itself', { timeout: 30_000 }, async () => {
    renderAt('/auth?mode=register');
    expect(
      await screen.findByText('Create an account to get started.', {}, LOAD),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Create Account · Duka'), LOAD);
  });

  it("shows an error screen with Retry when a page's code cannot be fetched", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const [root] = appRoutes;
    const failing: RouteObject[] = [
      {
        element: root?.element,
        errorElement: root?.errorElement,
        children: [
          {
            path: '/broken',
            lazy: () =>
              Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
          },
        ],
      },
    ];
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={createMemoryRouter(failing, { initialEntries: ['/broken'] })} />
      </QueryClientProvider>,
    );
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be loaded.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
