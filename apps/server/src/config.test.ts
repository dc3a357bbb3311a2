import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { StartupError } from './lib/startup-error';

describe('loadConfig (operational contract)', () => {
  it('defaults: port 3000, PGlite in ./data, demo seed on', () => {
    const config = loadConfig({ INIT_CWD: '/srv/duka' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe('/srv/duka/data');
    expect(config.uploadDir).toBe('/srv/duka/data/uploads');
    expect(config.seedDemo).toBe(true);
  });

  it('never seeds a DATABASE_URL database unless SEED_DEMO=1', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('reads a replica for reports (DATABASE_READ_URL) only beside a DATABASE_URL, bound 10 s unless set', () => {
    expect(loadConfig({}).databaseRead).toBeUndefined();
    expect(
      loadConfig({ DATABASE_URL: 'postgres://p/duka', DATABASE_READ_URL: 'postgres://r/duka' })
        .databaseRead,
    ).toEqual({ url: 'postgres://r/duka', maxLagMs: 10_000, checkEveryMs: 2_000 });
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://p/duka',
        DATABASE_READ_URL: 'postgres://r/duka',
        DATABASE_READ_MAX_LAG_MS: '30000',
      }).databaseRead?.maxLagMs,
    ).toBe(30_000);
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://r/duka' })).toThrow(
      'DATABASE_READ_URL is a replica of the DATABASE_URL server; set both',
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://p/duka', DATABASE_READ_MAX_LAG_MS: 'soon' }),
    ).toThrow('DATABASE_READ_MAX_LAG_MS');
  });

  it('reads relative paths from where npm was run', () => {
    const config = loadConfig({
      INIT_CWD: '/home/shop',
      DATA_DIR: 'store-data',
      UPLOAD_DIR: '/var/uploads',
    });
    expect(config.dataDir).toBe(path.resolve('/home/shop/store-data'));
    expect(config.uploadDir).toBe('/var/uploads');
  });

  it("reads Africa's Talking for SMS receipts: both credentials or none, sandbox host for 'sandbox'", () => {
    expect(loadConfig({}).sms).toBeNull();
    expect(loadConfig({ AT_USERNAME: 'sandbox', AT_API_KEY: 'k' }).sms).toEqual({
      username: 'sandbox',
      apiKey: 'k',
      senderId: undefined,
      baseUrl: 'https://api.sandbox.africastalking.com',
    });
    expect(
      loadConfig({
        AT_USERNAME: 'duka',
        AT_API_KEY: 'k',
        AT_SENDER_ID: 'DUKA',
        AT_BASE_URL: 'http://127.0.0.1:9999/',
      }).sms,
    ).toMatchObject({ senderId: 'DUKA', baseUrl: 'http://127.0.0.1:9999' });
    expect(loadConfig({ AT_USERNAME: 'duka', AT_API_KEY: 'k' }).sms?.baseUrl).toBe(
      'https://api.africastalking.com',
    );
    expect(() => loadConfig({ AT_USERNAME: 'duka' })).toThrow(/AT_API_KEY/);
  });

  it('reads DARAJA_BASE_URL (trailing slash dropped); unset → each store picks its host', () => {
    expect(loadConfig({}).daraja).toEqual({ baseUrl: undefined });
    expect(loadConfig({ DARAJA_BASE_URL: 'http://127.0.0.1:4020/' }).daraja).toEqual({
      baseUrl: 'http://127.0.0.1:4020',
    });
    expect(() => loadConfig({ DARAJA_BASE_URL: 'not a url' })).toThrow(/DARAJA_BASE_URL/);
  });

  it('trusts proxies by hop count or address list, never blindly', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8, 127.0.0.1',
    );
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses a bad PORT or a short SESSION_SECRET with the variable named', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
    // A StartupError: main.ts prints its one line instead of a stack trace.
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(StartupError);
  });

  it('leaves SESSION_SECRET unset for the database to provide; a configured one is kept', () => {
    expect(loadConfig({}).sessionSecret).toBeUndefined();
    const configured = 'a-configured-secret-1234';
    expect(loadConfig({ SESSION_SECRET: configured }).sessionSecret).toBe(configured);
  });
});
