/**
 * The connection as the app shows it (issue 22): useSyncStatus's `online`, which the browser's
 * online/offline events keep here (the outbox's uploader also writes it when a request gets no
 * answer). The header's status and the pages' offline notice read it.
 */
import type { PagePath } from '@duka/shared/auth/permissions';
import { useSyncStatus } from '@/features/offline/sync-status-store';

/** Pages that work with no connection: the till sells from the device's data and outbox. */
export const OFFLINE_PAGES: readonly PagePath[] = ['/pos'];

let stopFollowing: (() => void) | null = null;

/** Starts following the browser's online/offline events, once; returns the stop. */
export function followConnection(target: Window = window): () => void {
  if (stopFollowing) return stopFollowing;
  const update = () => useSyncStatus.getState().set({ online: target.navigator.onLine });
  target.addEventListener('online', update);
  target.addEventListener('offline', update);
  update();
  stopFollowing = () => {
    target.removeEventListener('online', update);
    target.removeEventListener('offline', update);
    stopFollowing = null;
  };
  return stopFollowing;
}

export function useOnline(): boolean {
  return useSyncStatus((state) => state.online);
}
