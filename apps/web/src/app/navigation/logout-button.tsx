import { LogOutIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useAuthStore } from '@/features/auth/stores/auth-store';

export function LogoutButton() {
  const logout = useAuthStore((state) => state.logout);
  const navigate = useNavigate();

  const handleLogout = async () => {
    try {
      await logout();
      toast({ title: 'Success', description: 'Logged out successfully' });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Logout failed',
        description: 'Please try again later',
      });
    }
    // Signed out locally either way (spec §4), so the sign-in page is where to go.
    void navigate('/auth');
  };

  return (
    <Button variant="ghost" aria-label="Logout" onClick={() => void handleLogout()}>
      <LogOutIcon />
      <span className="hidden sm:inline">Logout</span>
    </Button>
  );
}
