import { LogOutIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import {
  authNoticeState,
  LOGGED_OUT,
  LOGOUT_FAILED,
  translateNotice,
  type AuthNotice,
} from '@/features/auth/lib/auth-notice';
import { useAuthStore } from '@/features/auth/stores/auth-store';

export function LogoutButton() {
  const { t } = useTranslation('navigation');
  const logout = useAuthStore((state) => state.logout);
  const navigate = useNavigate();

  const handleLogout = async () => {
    let notice: AuthNotice = LOGGED_OUT;
    try {
      await logout();
    } catch {
      notice = LOGOUT_FAILED;
    }
    toast(translateNotice(notice));
    // Signed out locally either way (spec §4), so the sign-in page is where to go.
    void navigate('/auth', { state: authNoticeState(notice) });
  };

  return (
    <Button variant="ghost" aria-label={t('logout')} onClick={() => void handleLogout()}>
      <LogOutIcon />
      <span className="hidden sm:inline">{t('logout')}</span>
    </Button>
  );
}
