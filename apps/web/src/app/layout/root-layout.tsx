import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { clearToasts } from '@/components/ui/use-toast';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { RoleContext } from '@/lib/role-context';
import { pageChanged } from '../page-changes';
import { usePageTitle } from '../use-page-title';
import { PendingNavigation } from './pending-navigation';

// Radix Toast is not needed to paint the first page: it arrives just after. Toasts raised
// meanwhile wait in the toast store and show once it is there.
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

export function RootLayout() {
  const { pathname, key } = useLocation();
  const isAuthPage = pathname === '/auth';
  const user = useAuthStore((state) => state.user);
  const queryClient = useQueryClient();
  usePageTitle();
  // Issue 22: a completed page change, for the service worker's update (app/page-changes.ts).
  const shownKey = useRef(key);
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    pageChanged();
  }, [key]);

  useEffect(() => {
    // Spec §2: no notification area on /auth. Toasts raised on the way there (logout, expired
    // session) would otherwise pop up after the next sign-in, long out of context.
    clearToasts();
    // Whoever signs in next must not see the previous person's cached data.
    if (isAuthPage) queryClient.clear();
  }, [isAuthPage, queryClient]);

  return (
    <RoleContext.Provider value={user?.role ?? null}>
      <Outlet />
      <PendingNavigation />
      {!isAuthPage && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </RoleContext.Provider>
  );
}
