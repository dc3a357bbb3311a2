import { beforeEach, describe, expect, it } from 'vitest';
import { useSyncStatus } from './sync-status-store';

beforeEach(() => {
  useSyncStatus
    .getState()
    .set({ online: true, sending: 0, waiting: 0, attention: 0, blocked: null });
});

describe('sync status', () => {
  it('merges a partial update and keeps the other fields', () => {
    useSyncStatus.getState().set({ waiting: 3 });
    useSyncStatus.getState().set({ online: false, blocked: { name: 'Amina', count: 2 } });
    const { online, sending, waiting, attention, blocked } = useSyncStatus.getState();
    expect({ online, sending, waiting, attention, blocked }).toEqual({
      online: false,
      sending: 0,
      waiting: 3,
      attention: 0,
      blocked: { name: 'Amina', count: 2 },
    });
  });
});
