import type { User } from '@duka/shared/auth/auth.schemas';
import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ChangePasswordForm } from './change-password-form';
import { PreferencesCard } from './preferences-card';
import { ProfileDetailsForm } from './profile-details-form';
import { TwoFactorCard } from './two-factor-card';

export function ProfileTabs({ user, onUpdated }: { user: User; onUpdated: (user: User) => void }) {
  const { t } = useTranslation('profile');
  return (
    <Tabs defaultValue="profile">
      <TabsList>
        <TabsTrigger value="profile">{t('tabs.profile')}</TabsTrigger>
        <TabsTrigger value="security">{t('tabs.security')}</TabsTrigger>
        <TabsTrigger value="preferences">{t('tabs.preferences')}</TabsTrigger>
      </TabsList>
      <TabsContent value="profile">
        <ProfileDetailsForm user={user} onUpdated={onUpdated} />
      </TabsContent>
      <TabsContent value="security" className="grid gap-6">
        <ChangePasswordForm />
        <TwoFactorCard />
      </TabsContent>
      <TabsContent value="preferences">
        <PreferencesCard />
      </TabsContent>
    </Tabs>
  );
}
