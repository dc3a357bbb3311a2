import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app';

let t: TestApp;
let distDir: string;

const INDEX_HTML = '<!doctype html><title>Duka</title><div id="root"></div>';
const SCRIPT = `console.log(${JSON.stringify('duka '.repeat(200))});`;
const SERVICE_WORKER = `self.addEventListener('fetch', () => {}); // ${'precache '.repeat(50)}`;
const MANIFEST = JSON.stringify({ name: 'Duka', start_url: '/pos', display: 'standalone' });

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

beforeAll(async () => {
  // A build as apps/web's produces it: hashed assets with .gz and .br copies beside them.
  distDir = mkdtempSync(path.join(os.tmpdir(), 'duka-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The service worker and the web app manifest vite-plugin-pwa writes (issue 22).
  writeFileSync(path.join(distDir, 'sw.js'), SERVICE_WORKER);
  writeFileSync(`${path.join(distDir, 'sw.js')}.br`, brotliCompressSync(SERVICE_WORKER));
  writeFileSync(path.join(distDir, 'manifest.webmanifest'), MANIFEST);
  const script = path.join(distDir, 'assets', 'app-abc123.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  t = await createTestApp({ webDistDir: distDir });
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('compressed assets', () => {
  it('sends the brotli copy to a browser that accepts it, cached for a year', async () => {
    const response = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when brotli is not accepted', async () => {
    const response = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file itself when no encoding is accepted', async () => {
    const response = await get('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SCRIPT);
  });

  it('answers a missing asset with 404, not with the app', async () => {
    const response = await get('/assets/app-old999.js', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toContain('text/html');
    expect(response.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });
});

describe('the page', () => {
  it('is revalidated on every visit, at / and as the fallback of a client route', async () => {
    for (const url of ['/', '/users', '/stores/12']) {
      const response = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['etag'], url).toBeTruthy();
      expect(response.body, url).toBe(INDEX_HTML);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/profile' });
    expect(head.statusCode).toBe(200);
  });

  it('answers a revalidation of an unchanged page with 304', async () => {
    const first = await get('/users');
    const again = await get('/users', { 'if-none-match': String(first.headers['etag']) });
    expect(again.statusCode).toBe(304);
  });

  it('revalidates unhashed files outside /assets too', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('does not serve the compressed copies as files of their own', async () => {
    const response = await get('/assets/app-abc123.js.br');
    expect(response.statusCode).toBe(404);
  });

  it('keeps unknown API paths a JSON 404', async () => {
    const response = await t.client().get('/api/unknown', { csrf: false });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });
});

describe('the installable app', () => {
  // A service worker or manifest kept a year would keep every till on the release it first
  // installed: the browser must check them with the server on every use.
  it('revalidates the service worker on every check, compressed, as JavaScript', async () => {
    const response = await get('/sw.js', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['etag']).toBeTruthy();
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SERVICE_WORKER);
    const again = await get('/sw.js', {
      'accept-encoding': 'br, gzip',
      'if-none-match': String(response.headers['etag']),
    });
    expect(again.statusCode).toBe(304);
  });

  it('revalidates the web app manifest, served as a manifest', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toContain('application/manifest+json');
    expect(response.json()).toEqual(JSON.parse(MANIFEST));
  });
});
