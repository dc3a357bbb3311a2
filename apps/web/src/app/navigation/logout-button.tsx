import { LogOutIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import {
  authNoticeState,
  LOGGED_OUT,
  LOGOUT_FAILED,
  type AuthNotice,
} from '@/features/auth/lib/auth-notice';
import { useAuthStore } from '@/features/auth/stores/auth-store';

export function LogoutButton() {
  const logout = useAuthStore((state) => state.logout);
  const navigate = useNavigate();

  const handleLogout = async () => {
    let notice: AuthNotice = LOGGED_OUT;
    try {
      await logout();
    } catch {
      notice = LOGOUT_FAILED;
    }
    toast(notice);
    // Signed out locally either way (spec §4), so the sign-in page is where to go.
    void navigate('/auth', { state: authNoticeState(notice) });
  };

  return (
    <Button variant="ghost" aria-label="Logout" onClick={() => void handleLogout()}>
      <LogOutIcon />
      <span className="hidden sm:inline">Logout</span>
    </Button>
  );
}
