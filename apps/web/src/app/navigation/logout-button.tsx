import { isStaff } from '@duka/shared/auth/roles';
import { LogOutIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import {
  authNoticeState,
  LOGGED_OUT,
  LOGOUT_FAILED,
  translateNotice,
  type AuthNotice,
} from '@/features/auth/lib/auth-notice';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useSyncStatus } from '@/features/offline/sync-status-store';

export function LogoutButton() {
  const { t } = useTranslation('navigation');
  const logout = useAuthStore((state) => state.logout);
  const navigate = useNavigate();
  // Issue 22: the person's sales the device still holds (the outbox's counts).
  const [warning, setWarning] = useState<number | null>(null);

  const signOut = async () => {
    const staff = isStaff(useAuthStore.getState().user?.role ?? 'user');
    let notice: AuthNotice = LOGGED_OUT;
    try {
      await logout();
    } catch {
      notice = LOGOUT_FAILED;
    }
    // Issue 22: the store's catalogue leaves the device with the person; the sales it has not
    // sent yet and the customers added offline stay (they upload at the next sign-in).
    if (staff) {
      void import('@/features/offline/offline-catalogue')
        .then(({ clearDeviceCatalogue }) => clearDeviceCatalogue())
        .catch((error: unknown) =>
          console.warn('The device catalogue could not be cleared', error),
        );
    }
    toast(translateNotice(notice));
    // Signed out locally either way (spec §4), so the sign-in page is where to go.
    void navigate('/auth', { state: authNoticeState(notice) });
  };

  const handleLogout = () => {
    // Issue 22: sales waiting stay on the device (they upload when this person signs in
    // again): say so before signing out.
    const { waiting, sending } = useSyncStatus.getState();
    if (waiting + sending > 0) setWarning(waiting + sending);
    else void signOut();
  };

  return (
    <>
      <Button variant="ghost" aria-label={t('logout')} onClick={handleLogout}>
        <LogOutIcon />
        <span className="hidden sm:inline">{t('logout')}</span>
      </Button>
      <ConfirmDialog
        open={warning !== null}
        onOpenChange={(open) => !open && setWarning(null)}
        title={t('salesWaiting.title')}
        description={t('salesWaiting.description', { count: warning ?? 0 })}
        confirmLabel={t('salesWaiting.confirm')}
        cancelLabel={t('salesWaiting.cancel')}
        variant="default"
        onConfirm={() => {
          setWarning(null);
          void signOut();
        }}
      />
    </>
  );
}
