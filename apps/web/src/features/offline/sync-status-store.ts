/**
 * The device's connection and upload state (issue 22), read by the header's status and its
 * dialog. The outbox's uploader (outbox-api.ts, loaded lazily) writes the counts; the header
 * listens to the browser's online/offline events and writes `online`. Tiny on purpose and
 * free of IndexedDB: the app shell imports it up front.
 */
import { create } from 'zustand';

export interface SyncStatus {
  /** What the browser and the last request said about the connection. */
  online: boolean;
  /** Sales in the batch being uploaded now. */
  sending: number;
  /** Sales on this device waiting to be uploaded by the person signed in. */
  waiting: number;
  /** Sales the server refused for good: they stay on the device until retried or exported. */
  attention: number;
  /** Sales by another person, waiting for them to sign in on this device. */
  blocked: { name: string; count: number } | null;
}

export interface SyncStatusState extends SyncStatus {
  set: (patch: Partial<SyncStatus>) => void;
}

const initiallyOnline = typeof navigator === 'undefined' ? true : navigator.onLine !== false;

export const useSyncStatus = create<SyncStatusState>()((set) => ({
  online: initiallyOnline,
  sending: 0,
  waiting: 0,
  attention: 0,
  blocked: null,
  set: (patch) => set(patch),
}));
