import { toast } from '@/components/ui/use-toast';
import { authNoticeState, SESSION_EXPIRED, translateNotice } from '@/features/auth/lib/auth-notice';
import { authPathFor } from '@/features/auth/lib/next-path';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { getCurrentStoreId } from '@/features/stores/stores/current-store';
import { apiClient } from '@/lib/api-client';
import type { AppRouter } from './router';

/**
 * Connects the UI-free API client to the app: where the super_admin's store comes from and
 * what an expired session does (spec §8: toast, then /auth unless already there).
 */
export function setupApiClient(router: AppRouter): void {
  apiClient.configure({
    getStoreScope: () => ({
      role: useAuthStore.getState().user?.role ?? null,
      storeId: getCurrentStoreId(),
    }),
    onUnauthorized: () => {
      useAuthStore.getState().clearSession();
      const { pathname, search, hash } = router.state.location;
      if (pathname === '/auth') return;
      toast(translateNotice(SESSION_EXPIRED));
      // Signing in again comes back to the page the session ran out on.
      void router.navigate(authPathFor(`${pathname}${search}${hash}`), {
        state: authNoticeState(SESSION_EXPIRED),
      });
    },
  });
}
