import type { PagePath } from '@duka/shared/auth/permissions';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { ProtectedPage } from './layout/protected-page';
import { RootLayout } from './layout/root-layout';
import { AuthPage } from './pages/auth-page';
import { ComingSoonPage } from './pages/coming-soon-page';
import { HomeRedirect } from './pages/home-redirect';
import { NotFoundPage } from './pages/not-found-page';
import { ProfilePage } from './pages/profile-page';
import { StoresPage } from './pages/stores-page';
import { UnauthorizedPage } from './pages/unauthorized-page';
import { UsersPage } from './pages/users-page';

function protectedRoute(page: PagePath, element: ReactNode, announceSignIn = false): RouteObject {
  return {
    path: page,
    element: (
      <ProtectedPage page={page} announceSignIn={announceSignIn}>
        {element}
      </ProtectedPage>
    ),
  };
}

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomeRedirect /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/unauthorized', element: <UnauthorizedPage /> },
      protectedRoute('/pos', <ComingSoonPage title="Point of Sale" />),
      protectedRoute('/inventory', <ComingSoonPage title="Inventory" />),
      protectedRoute(
        '/expenses',
        <ComingSoonPage
          title="Expense Tracker"
          subtitle="Manage and track your business expenses"
        />,
        true,
      ),
      protectedRoute('/sales', <ComingSoonPage title="Sales & Orders" />),
      protectedRoute('/customers', <ComingSoonPage title="Customers" />),
      protectedRoute('/reports', <ComingSoonPage title="Reports" />),
      protectedRoute('/shop', <ComingSoonPage title="Shop" />),
      protectedRoute('/profile', <ProfilePage />, true),
      protectedRoute('/users', <UsersPage />),
      protectedRoute('/stores', <StoresPage />),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
