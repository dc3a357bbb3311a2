/**
 * The till with no connection (issue 22): the same calls as the server's, answered from the
 * device's catalogue (features/offline). Loaded with import() when the server cannot be
 * reached, so the till's own chunk stays within its budget. A device that has never downloaded
 * its store answers nothing: the caller shows the connection error as before.
 */
import { isNetworkFailure } from '@/lib/api-client';
import type * as Answers from './device-answers';

/** The device's answers, with the catalogue and IndexedDB: loaded the first time they are needed. */
export type DeviceAnswers = typeof Answers;

/**
 * Runs the server call, or the device's answer when there is no connection: the browser says
 * it is offline, or the call failed for network reasons. The device's answer is used only if
 * the device holds a catalogue; otherwise the network error stands.
 */
export async function orFromDevice<T>(
  online: () => Promise<T>,
  offline: (device: DeviceAnswers) => Promise<T>,
): Promise<T> {
  let failure: unknown = null;
  // The browser knows it has no connection: no need to wait for fetch to fail.
  if (navigator.onLine !== false) {
    try {
      return await online();
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      failure = error;
    }
  }
  const device = await import('./device-answers');
  if (!(await device.holdsCatalogue())) {
    throw failure instanceof Error
      ? failure
      : new TypeError('No connection, and no catalogue on this device yet');
  }
  return offline(device);
}
