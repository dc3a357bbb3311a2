/**
 * createListeningTestApp(): createTestApp() whose app also listens on a real port of 127.0.0.1,
 * with PUBLIC_URL (config.publicUrl) pointing there — so an outside service's fake (Daraja's
 * callbacks, Africa's Talking's delivery reports) reaches the app over real HTTP at the
 * addresses the app itself hands out (darajaHookUrls, the webhook URLs).
 *
 * The port is known only once the app listens, so publicUrl is set on the app's own config
 * object afterwards (the one buildApp was given: every request reads it from there).
 */
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../config';
import { createTestApp, type TestApp } from './create-test-app';

export interface ListeningTestApp extends TestApp {
  /** http://127.0.0.1:{port}: where the app listens, and its config.publicUrl. */
  origin: string;
}

export async function createListeningTestApp(
  overrides: Partial<AppConfig> = {},
  options: { uploads?: boolean } = {},
): Promise<ListeningTestApp> {
  const t = await createTestApp(overrides, options);
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await t.close();
    throw error;
  }
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  t.config.publicUrl = origin;
  return { ...t, origin };
}
