import type { PagePath } from '@duka/shared/auth/permissions';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { loadPageNamespaces } from '@/lib/i18n';
import { AppPageLoader } from './layout/app-page-loader';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';
import type { PageHandle, PageTitleKey } from './page-titles';

/*
 * Every page is a lazy route: its code is fetched the first time someone opens it, so the
 * script index.html loads stays small (the build fails above 150 KB gzip, see
 * apps/web/scripts/bundle-report.ts). Never import a page (./pages/*) statically here; a test
 * checks. A new page: a `lazy` import of its module, and its title in page-titles.ts, named in
 * the route's `handle`.
 */

function handle(title: PageTitleKey): PageHandle {
  return { title };
}

/** Spec §2: a protected page sits inside the guard and the navigation bar (ProtectedPage). */
function protectedRoute(
  page: PagePath,
  title: PageTitleKey,
  loadContent: () => Promise<ReactNode>,
  announceSignIn = false,
): RouteObject {
  return {
    path: page,
    handle: handle(title),
    lazy: async () => {
      const [{ ProtectedPage }, content] = await Promise.all([
        import('./layout/protected-page'),
        loadContent(),
        // The header's connection status and the offline notice (issue 22), the header's cart.
        loadPageNamespaces(['connection', 'cart']),
      ]);
      return {
        element: (
          <ProtectedPage page={page} announceSignIn={announceSignIn}>
            {content}
          </ProtectedPage>
        ),
      };
    },
  };
}

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    // A page whose code cannot be fetched (offline) or that crashes: a message and Retry.
    errorElement: <RouteError />,
    // Shown until the first page's code has arrived; later navigations keep the current page
    // on screen under RootLayout's pending indicator instead.
    HydrateFallback: () => <AppPageLoader className="min-h-screen" />,
    children: [
      {
        path: '/',
        lazy: async () => {
          const { HomeRedirect } = await import('./pages/home-redirect');
          return { element: <HomeRedirect /> };
        },
      },
      {
        path: '/auth',
        // /auth?mode=register is the sign-up view, named as such.
        handle: {
          title: 'login',
          titleFor: (search) => (search.get('mode') === 'register' ? 'register' : 'login'),
        } satisfies PageHandle,
        lazy: async () => {
          const { AuthPage } = await import('./pages/auth-page');
          return { element: <AuthPage /> };
        },
      },
      {
        path: '/unauthorized',
        handle: handle('unauthorized'),
        lazy: async () => {
          const { UnauthorizedPage } = await import('./pages/unauthorized-page');
          return { element: <UnauthorizedPage /> };
        },
      },
      protectedRoute('/pos', 'pos', async () => {
        const [{ PosPage }] = await Promise.all([
          import('./pages/pos-page'),
          loadPageNamespaces(['pos', 'receipts']),
        ]);
        return <PosPage />;
      }),
      protectedRoute('/inventory', 'inventory', async () => {
        const [{ InventoryPage }] = await Promise.all([
          import('./pages/inventory-page'),
          loadPageNamespaces(['inventory', 'products', 'suppliers', 'purchaseOrders']),
        ]);
        return <InventoryPage />;
      }),
      // Spec §2: signed out, /expenses sends to /auth with 'Authentication Required'.
      protectedRoute(
        '/expenses',
        'expenses',
        async () => {
          const [{ ExpensesPage }] = await Promise.all([
            import('./pages/expenses-page'),
            loadPageNamespaces(['expenses']),
          ]);
          return <ExpensesPage />;
        },
        true,
      ),
      protectedRoute('/sales', 'sales', async () => {
        const [{ SalesPage }] = await Promise.all([
          import('./pages/sales-page'),
          loadPageNamespaces(['sales', 'orders', 'receipts']),
        ]);
        return <SalesPage />;
      }),
      protectedRoute('/customers', 'customers', async () => {
        const [{ CustomersPage }] = await Promise.all([
          import('./pages/customers-page'),
          loadPageNamespaces(['customers']),
        ]);
        return <CustomersPage />;
      }),
      protectedRoute('/reports', 'reports', async () => {
        const [{ ReportsPage }] = await Promise.all([
          import('./pages/reports-page'),
          loadPageNamespaces(['reports']),
        ]);
        return <ReportsPage />;
      }),
      protectedRoute('/settings', 'settings', async () => {
        const [{ SettingsPage }] = await Promise.all([
          import('./pages/settings-page'),
          loadPageNamespaces(['settings']),
        ]);
        return <SettingsPage />;
      }),
      // Issue 24: the store's shifts, a shift's report, forgotten-shift close (managers).
      protectedRoute('/shifts', 'shifts', async () => {
        const [{ ShiftsPage }] = await Promise.all([
          import('./pages/shifts-page'),
          loadPageNamespaces(['shifts']),
        ]);
        return <ShiftsPage />;
      }),
      protectedRoute('/shop', 'shop', async () => {
        const [{ ShopPage }] = await Promise.all([
          import('./pages/shop-page'),
          loadPageNamespaces(['shop']),
        ]);
        return <ShopPage />;
      }),
      protectedRoute(
        '/profile',
        'profile',
        async () => {
          const [{ ProfilePage }] = await Promise.all([
            import('./pages/profile-page'),
            loadPageNamespaces(['profile']),
          ]);
          return <ProfilePage />;
        },
        true,
      ),
      protectedRoute('/users', 'users', async () => {
        const [{ UsersPage }] = await Promise.all([
          import('./pages/users-page'),
          loadPageNamespaces(['users']),
        ]);
        return <UsersPage />;
      }),
      protectedRoute('/stores', 'stores', async () => {
        const [{ StoresPage }] = await Promise.all([
          import('./pages/stores-page'),
          loadPageNamespaces(['stores']),
        ]);
        return <StoresPage />;
      }),
      // Issue 27: the backups — the last one, Back up now, the schedule and the recent ones.
      protectedRoute('/system', 'system', async () => {
        const [{ SystemPage }] = await Promise.all([
          import('./pages/system-page'),
          loadPageNamespaces(['system']),
        ]);
        return <SystemPage />;
      }),
      {
        path: '*',
        handle: handle('notFound'),
        lazy: async () => {
          const { NotFoundPage } = await import('./pages/not-found-page');
          return { element: <NotFoundPage /> };
        },
      },
    ],
  },
];
