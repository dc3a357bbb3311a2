import { PageHeader } from '@/components/ui/page-header';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { ProfileTabs } from '@/features/profile/components/profile-tabs';

export function ProfilePage() {
  const user = useAuthStore((state) => state.user);
  const setUser = useAuthStore((state) => state.setUser);
  if (!user) return null;
  return (
    <>
      <PageHeader title="Profile" subtitle="Manage your account, security and preferences" />
      <ProfileTabs user={user} onUpdated={setUser} />
    </>
  );
}
