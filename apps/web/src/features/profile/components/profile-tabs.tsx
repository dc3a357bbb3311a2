import type { User } from '@duka/shared/auth/auth.schemas';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ChangePasswordForm } from './change-password-form';
import { PreferencesCard } from './preferences-card';
import { ProfileDetailsForm } from './profile-details-form';
import { TwoFactorCard } from './two-factor-card';

export function ProfileTabs({ user, onUpdated }: { user: User; onUpdated: (user: User) => void }) {
  return (
    <Tabs defaultValue="profile">
      <TabsList>
        <TabsTrigger value="profile">Profile</TabsTrigger>
        <TabsTrigger value="security">Security</TabsTrigger>
        <TabsTrigger value="preferences">Preferences</TabsTrigger>
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
