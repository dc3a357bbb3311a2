import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useStoreContext } from '@/features/stores/components/store-provider';
import { UsersManager } from '@/features/users/components/users-manager';
import { actsOnChosenStore } from '@duka/shared/auth/permissions';

export function UsersPage() {
  const { t } = useTranslation('users');
  const user = useAuthStore((state) => state.user);
  const { currentStore } = useStoreContext();
  if (!user) return null;
  // A super_admin's /users call needs a chosen store (PRODUCT.md §2); wait for one.
  const storeReady = !actsOnChosenStore(user.role) || currentStore !== null;
  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={
          currentStore
            ? t('page.subtitleOfStore', { store: currentStore.name })
            : t('page.subtitle')
        }
      />
      <UsersManager currentUser={user} enabled={storeReady} />
    </>
  );
}
