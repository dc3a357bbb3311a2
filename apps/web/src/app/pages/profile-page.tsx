import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { ProfileTabs } from '@/features/profile/components/profile-tabs';

export function ProfilePage() {
  const { t } = useTranslation('profile');
  const user = useAuthStore((state) => state.user);
  const setUser = useAuthStore((state) => state.setUser);
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <ProfileTabs user={user} onUpdated={setUser} />
    </>
  );
}
