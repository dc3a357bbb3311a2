/**
 * The outbox's counts for the header (issue 22): read from the device database and written to
 * the sync status store. Every tab reads them itself; the tab that changes the outbox tells the
 * others through a BroadcastChannel, so the header of a tab that does not upload follows too.
 */
import { outboxOldestFirst } from './outbox';
import type { OutboxEntry } from './outbox-types';
import { useSyncStatus, type SyncStatus } from './sync-status-store';

export const OUTBOX_CHANNEL = 'duka-outbox';

export type OutboxCounts = Pick<SyncStatus, 'sending' | 'waiting' | 'attention' | 'blocked'>;

/**
 * sending: being uploaded now; waiting: the signed-in person's sales not yet sent; attention:
 * refused by the server; blocked: the most sales another person left waiting (they upload only
 * when that person signs in), with their name.
 */
export function outboxCounts(entries: readonly OutboxEntry[], userId: number | null): OutboxCounts {
  let sending = 0;
  let waiting = 0;
  let attention = 0;
  const others = new Map<number, { name: string; count: number }>();
  for (const entry of entries) {
    if (entry.state === 'refused') attention += 1;
    if (entry.state === 'sending') sending += 1;
    if (entry.state !== 'waiting') continue;
    if (entry.user_id === userId) {
      waiting += 1;
    } else {
      const other = others.get(entry.user_id) ?? { name: entry.user_name, count: 0 };
      other.count += 1;
      others.set(entry.user_id, other);
    }
  }
  let blocked: OutboxCounts['blocked'] = null;
  for (const other of others.values()) {
    if (!blocked || other.count > blocked.count) blocked = { ...other };
  }
  return { sending, waiting, attention, blocked };
}

let channel: BroadcastChannel | null | undefined;

function outboxChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);
  }
  return channel;
}

let currentUserId: number | null = null;

/** Reads the outbox and writes the counts for the person signed in. */
export async function refreshOutboxStatus(userId: number | null = currentUserId): Promise<void> {
  currentUserId = userId;
  const counts = outboxCounts(await outboxOldestFirst(), userId);
  useSyncStatus.getState().set(counts);
}

/** After a change to the outbox: this tab's counts, then the other tabs'. */
export async function outboxChanged(userId: number | null = currentUserId): Promise<void> {
  await refreshOutboxStatus(userId);
  outboxChannel()?.postMessage('changed');
}

/** Follows the other tabs' changes; returns the way to stop. */
export function followOtherTabs(onChange: () => void): () => void {
  const target = outboxChannel();
  if (!target) return () => undefined;
  const listener = () => onChange();
  target.addEventListener('message', listener);
  return () => target.removeEventListener('message', listener);
}
