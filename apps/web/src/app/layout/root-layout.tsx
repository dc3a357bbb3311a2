import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { clearToasts } from '@/components/ui/use-toast';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { StoreProvider } from '@/features/stores/components/store-provider';
import { RoleContext } from '@/lib/use-can';

export function RootLayout() {
  const { pathname } = useLocation();
  const isAuthPage = pathname === '/auth';
  const user = useAuthStore((state) => state.user);
  const queryClient = useQueryClient();

  useEffect(() => {
    // Spec §2: no notification area on /auth. Toasts raised on the way there (logout, expired
    // session) would otherwise pop up after the next sign-in, long out of context.
    clearToasts();
    // Whoever signs in next must not see the previous person's cached data.
    if (isAuthPage) queryClient.clear();
  }, [isAuthPage, queryClient]);

  return (
    <RoleContext.Provider value={user?.role ?? null}>
      <StoreProvider enabled={user !== null && !isAuthPage}>
        <Outlet />
        {!isAuthPage && <Toaster />}
      </StoreProvider>
    </RoleContext.Provider>
  );
}
