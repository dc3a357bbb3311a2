import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app';

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(os.tmpdir(), 'duka-dist-'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Duka</title>');
  writeFileSync(path.join(distDir, 'app.js'), 'console.log("duka")');
  t = await createTestApp({ webDistDir: distDir });
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('serves files and answers client routes with index.html', async () => {
    const asset = await t.client().get('/app.js', { csrf: false });
    expect(asset.body).toContain('duka');
    const page = await t.client().get('/inventory', { csrf: false });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Duka</title>');
    const head = await t.client().raw({ method: 'HEAD', url: '/profile' });
    expect(head.statusCode).toBe(200);
  });

  it('keeps unknown API paths a JSON 404', async () => {
    const response = await t.client().get('/api/unknown', { csrf: false });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });
});
