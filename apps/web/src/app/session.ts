import { toast } from '@/components/ui/use-toast';
import { SESSION_EXPIRED, translateNotice } from '@/features/auth/lib/auth-notice';
import { useAuthStore } from '@/features/auth/stores/auth-store';

/** Spec §2/§8: the session is checked when the app starts; a failed check signs out loudly. */
export function startSessionCheck(): void {
  useAuthStore
    .getState()
    .checkSession()
    .catch(() => {
      toast(translateNotice(SESSION_EXPIRED));
    });
}
