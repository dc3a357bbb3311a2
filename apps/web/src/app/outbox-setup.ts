import { actsOnChosenStore } from '@duka/shared/auth/permissions';
import { isStaff } from '@duka/shared/auth/roles';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { getCurrentStoreId, useCurrentStore } from '@/features/stores/stores/current-store';

/** Who may upload the device's sales now: a staff member signed in, and the store they act on. */
function uploadSession() {
  const user = useAuthStore.getState().user;
  if (!user || !isStaff(user.role)) return null;
  const storeId = actsOnChosenStore(user.role) ? getCurrentStoreId() : user.store_id;
  return storeId === null ? null : { userId: user.id, userName: user.name, storeId };
}

let following: (() => void) | null = null;

/**
 * Issue 22: the device's uploader follows the signed-in person and their store, so the sales
 * kept on the device upload under the session of the person who made them, and stop when they
 * sign out. Its code (IndexedDB and all) loads only once a staff member is signed in: never in
 * the first load. Started with the protected pages' code, once; returns the unsubscribe.
 */
export function followOutboxSession(): () => void {
  if (following) return following;
  let last = '';
  let loaded = false;
  const follow = () => {
    const session = uploadSession();
    const key = session ? `${session.userId}:${session.storeId}:${session.userName}` : '';
    if (key === last || (!session && !loaded)) return;
    last = key;
    loaded = true;
    void import('@/features/offline/uploader')
      .then(({ startUploader }) => startUploader(uploadSession()))
      .catch((error: unknown) => console.warn('The outbox could not start', error));
  };
  follow();
  const stopAuth = useAuthStore.subscribe(follow);
  const stopStore = useCurrentStore.subscribe(follow);
  following = () => {
    stopAuth();
    stopStore();
    following = null;
  };
  return following;
}
