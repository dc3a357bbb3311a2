import { toast } from '@/components/ui/use-toast';
import { SESSION_EXPIRED, translateNotice } from '@/features/auth/lib/auth-notice';
import { useAuthStore } from '@/features/auth/stores/auth-store';

/**
 * Spec §2/§8: the session is checked when the app starts; a failed check signs out loudly.
 * Issue 22: with no connection the last known person stays (the till starts offline), and the
 * check runs again when the connection returns.
 */
export function startSessionCheck(target: Window = window): void {
  useAuthStore
    .getState()
    .checkSession()
    .then((outcome) => {
      if (outcome === 'unreachable') {
        target.addEventListener('online', () => startSessionCheck(target), { once: true });
      }
    })
    .catch(() => {
      toast(translateNotice(SESSION_EXPIRED));
    });
}
