/**
 * The API reference documents every operation's error answers and security, generated from the
 * routes' access (app/api-docs.ts), and API_DOCS=0 switches it off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../testing/create-test-app';

interface ErrorSchema {
  required?: string[];
  properties?: Record<string, unknown>;
}
interface Operation {
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: ErrorSchema }> }
  >;
  security?: Record<string, string[]>[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { type: string; in: string; name: string }> };
}

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  document = (await t.client().get('/api/docs/json', { csrf: false })).json<Document>();
});
afterAll(() => t.close());

const normal = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '');

function operationOf(method: string, url: string): Operation | undefined {
  const path = Object.keys(document.paths).find((key) => normal(key) === normal(url));
  return path ? document.paths[path]?.[method.toLowerCase()] : undefined;
}

describe('the API reference (/api/docs)', () => {
  it('declares the cookie session and the CSRF header as security schemes', () => {
    expect(document.components?.securitySchemes).toEqual({
      session: { type: 'apiKey', in: 'cookie', name: 'duka_session' },
      csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
      bearer: { type: 'http', scheme: 'bearer' },
    });
  });

  it('gives every operation its error answers in the error shape and its security', () => {
    const routes = t.app.routeAccessTable;
    expect(routes.length).toBeGreaterThan(50);
    for (const { method, url, access } of routes) {
      const label = `${method} ${url}`;
      const operation = operationOf(method, url);
      expect(operation, label).toBeDefined();
      const signedIn = 'capability' in access;
      // A webhook (issue 21): no session, no CSRF; a wrong secret in its path is the 404.
      const webhook = 'webhook' in access;
      const writes = method !== 'GET';
      const checksCsrf =
        !webhook && (writes || (url.startsWith('/api/auth/') && url !== '/api/auth/csrf-token'));

      const expected = webhook
        ? ['400', '404']
        : [
            ...(signedIn ? ['401', '403'] : checksCsrf ? ['403'] : []),
            ...(url.includes(':') ? ['404'] : []),
            ...(writes ? ['400', '409'] : []),
            ...(access.limited ? ['429'] : []),
          ];
      for (const status of expected) {
        const answer = operation!.responses?.[status];
        expect(answer, `${label} documents ${status}`).toBeDefined();
        expect(answer!.description, `${label} ${status}`).toBeTruthy();
        const schema = answer!.content?.['application/json']?.schema;
        expect(schema?.required, `${label} ${status} is the error shape`).toEqual([
          'message',
          'code',
        ]);
        expect(Object.keys(schema?.properties ?? {}), `${label} ${status}`).toEqual([
          'message',
          'code',
          'errors',
        ]);
      }
      // Security: the session on signed-in routes, the CSRF header wherever the gate checks it.
      const schemes = Object.keys(operation!.security?.[0] ?? {}).sort();
      expect(operation!.security, `${label} declares its security`).toBeDefined();
      expect(schemes, `${label} security`).toEqual(
        [...(checksCsrf ? ['csrf'] : []), ...(signedIn ? ['session'] : [])].sort(),
      );
    }
  });

  it('documents 429 where attempts are counted: sign-in, sign-up, password change, a sale', () => {
    for (const [method, url] of [
      ['post', '/api/auth/login'],
      ['post', '/api/auth/register'],
      ['post', '/api/users/change-password'],
      ['post', '/api/sales'],
    ] as const) {
      expect(operationOf(method, url)?.responses?.['429'], url).toBeDefined();
    }
    expect(operationOf('get', '/api/products')?.responses?.['429']).toBeUndefined();
  });
});

describe('API_DOCS=0', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ apiDocs: false });
  });
  afterAll(() => off.close());

  it('answers 404 for /api/docs and its JSON; the API itself is untouched', async () => {
    for (const url of [
      '/api/docs',
      '/api/docs/',
      '/api/docs/json',
      '/api/docs/static/index.html',
    ]) {
      const response = await off.client().get(url, { csrf: false });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
    expect((await off.client().get('/api/health', { csrf: false })).statusCode).toBe(200);
  });

  it('is read from the environment: on unless API_DOCS is 0', () => {
    const base = { DATA_DIR: '/tmp/duka-config-test' };
    expect(loadConfig(base).apiDocs).toBe(true);
    expect(loadConfig({ ...base, API_DOCS: '1' }).apiDocs).toBe(true);
    expect(loadConfig({ ...base, API_DOCS: '0' }).apiDocs).toBe(false);
    expect(() => loadConfig({ ...base, API_DOCS: 'off' })).toThrow(/API_DOCS/);
  });
});
