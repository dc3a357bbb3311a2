import { PageHeader } from '@/components/ui/page-header';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useStoreContext } from '@/features/stores/components/store-provider';
import { UsersManager } from '@/features/users/components/users-manager';
import { actsOnChosenStore } from '@duka/shared/auth/permissions';

export function UsersPage() {
  const user = useAuthStore((state) => state.user);
  const { currentStore } = useStoreContext();
  if (!user) return null;
  // A super_admin's /users call needs a chosen store (PRODUCT.md §2); wait for one.
  const storeReady = !actsOnChosenStore(user.role) || currentStore !== null;
  return (
    <>
      <PageHeader
        title="Users"
        subtitle={currentStore ? `Staff accounts of ${currentStore.name}` : 'Staff accounts'}
      />
      <UsersManager currentUser={user} enabled={storeReady} />
    </>
  );
}
