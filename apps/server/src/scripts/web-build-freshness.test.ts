/**
 * `npm start` rebuilds the web app only when apps/web/dist is missing or older than its sources,
 * and compiles the server only when apps/server/dist is (scripts/web-build-freshness.mjs at the
 * repository root, used by scripts/start.mjs).
 */
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

interface FreshnessModule {
  WEB_BUILD_INPUTS: string[];
  SERVER_BUILD_INPUTS: string[];
  webBuildStaleReason: (rootDir: string) => string | undefined;
  serverBuildStaleReason: (rootDir: string) => string | undefined;
}
const modulePath = path.resolve(import.meta.dirname, '../../../../scripts/web-build-freshness.mjs');
const { WEB_BUILD_INPUTS, SERVER_BUILD_INPUTS, webBuildStaleReason, serverBuildStaleReason } =
  (await import(pathToFileURL(modulePath).href)) as FreshnessModule;

const BUILT_AT = new Date('2026-11-20T10:00:00Z');
const BEFORE = new Date('2026-11-19T10:00:00Z');
const AFTER = new Date('2026-11-21T10:00:00Z');

let root: string;

function write(relative: string, at: Date) {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, relative);
  utimesSync(file, at, at);
}
function touch(relative: string, at: Date) {
  utimesSync(path.join(root, relative), at, at);
}

/** A checkout whose every source (files and folders) predates a finished build. */
function builtCheckout() {
  write('apps/web/src/main.tsx', BEFORE);
  write('apps/web/src/features/cart/cart-store.ts', BEFORE);
  write('apps/web/index.html', BEFORE);
  write('apps/web/public/favicon.svg', BEFORE);
  write('apps/web/vite.config.ts', BEFORE);
  write('apps/web/package.json', BEFORE);
  write('packages/shared/src/money/money.ts', BEFORE);
  write('packages/shared/package.json', BEFORE);
  for (const folder of [
    'apps/web/src/features/cart',
    'apps/web/src/features',
    'apps/web/src',
    'apps/web/public',
    'packages/shared/src/money',
    'packages/shared/src',
  ])
    touch(folder, BEFORE);
  write('apps/web/dist/index.html', BUILT_AT);
}

/** A checkout whose server sources (and shared code) predate a finished server build. */
function compiledCheckout() {
  builtCheckout();
  write('apps/server/src/main.ts', BEFORE);
  write('apps/server/src/db/migrations/0000_foundation.sql', BEFORE);
  write('apps/server/scripts/build.mjs', BEFORE);
  write('apps/server/package.json', BEFORE);
  write('package-lock.json', BEFORE);
  for (const folder of [
    'apps/server/src/db/migrations',
    'apps/server/src/db',
    'apps/server/src',
    'apps/server/scripts',
  ])
    touch(folder, BEFORE);
  write('apps/server/dist/main.js', BUILT_AT);
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'duka-freshness-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('web build staleness (npm start)', () => {
  it('builds when there is no build yet', () => {
    builtCheckout();
    rmSync(path.join(root, 'apps/web/dist'), { recursive: true });
    expect(webBuildStaleReason(root)).toBe('no build yet');
  });

  it('skips the build when dist is newer than every source', () => {
    builtCheckout();
    expect(webBuildStaleReason(root)).toBeUndefined();
  });

  it.each([
    ['apps/web/src/features/cart/cart-store.ts', 'apps/web/src'],
    ['apps/web/index.html', 'apps/web/index.html'],
    ['apps/web/public/favicon.svg', 'apps/web/public'],
    ['apps/web/vite.config.ts', 'apps/web/vite.config.ts'],
    ['apps/web/package.json', 'apps/web/package.json'],
    ['packages/shared/src/money/money.ts', 'packages/shared/src'],
  ])('rebuilds when %s changed after the build', (changed, input) => {
    builtCheckout();
    touch(changed, AFTER);
    expect(webBuildStaleReason(root)).toBe(`${input} changed since the last build`);
  });

  it('rebuilds when a source file was deleted (its folder changed)', () => {
    builtCheckout();
    unlinkSync(path.join(root, 'apps/web/src/main.tsx'));
    touch('apps/web/src', AFTER);
    expect(webBuildStaleReason(root)).toBe('apps/web/src changed since the last build');
  });

  it('watches what the web app is built from, shared code included', () => {
    expect(WEB_BUILD_INPUTS).toEqual(
      expect.arrayContaining([
        'apps/web/src',
        'apps/web/index.html',
        'apps/web/public',
        'apps/web/vite.config.ts',
        'apps/web/package.json',
        'packages/shared/src',
      ]),
    );
  });
});

describe('server build staleness (npm start)', () => {
  it('compiles when there is no build yet', () => {
    compiledCheckout();
    rmSync(path.join(root, 'apps/server/dist'), { recursive: true });
    expect(serverBuildStaleReason(root)).toBe('no build yet');
  });

  it('skips the compile when dist is newer than every source', () => {
    compiledCheckout();
    expect(serverBuildStaleReason(root)).toBeUndefined();
  });

  it.each([
    ['apps/server/src/main.ts', 'apps/server/src'],
    ['apps/server/src/db/migrations/0000_foundation.sql', 'apps/server/src'],
    ['apps/server/scripts/build.mjs', 'apps/server/scripts'],
    ['apps/server/package.json', 'apps/server/package.json'],
    ['package-lock.json', 'package-lock.json'],
    ['packages/shared/src/money/money.ts', 'packages/shared/src'],
  ])('compiles again when %s changed after the build', (changed, input) => {
    compiledCheckout();
    touch(changed, AFTER);
    expect(serverBuildStaleReason(root)).toBe(`${input} changed since the last build`);
  });

  it('a web source changed leaves the server compiled, and the other way round', () => {
    compiledCheckout();
    touch('apps/web/src/main.tsx', AFTER);
    expect(serverBuildStaleReason(root)).toBeUndefined();
    touch('apps/web/src/main.tsx', BEFORE);
    touch('apps/server/src/main.ts', AFTER);
    expect(webBuildStaleReason(root)).toBeUndefined();
    expect(serverBuildStaleReason(root)).toBe('apps/server/src changed since the last build');
  });

  it('watches what the server is compiled from, shared code included', () => {
    expect(SERVER_BUILD_INPUTS).toEqual(
      expect.arrayContaining([
        'apps/server/src',
        'apps/server/scripts',
        'apps/server/package.json',
        'package-lock.json',
        'packages/shared/src',
      ]),
    );
  });
});
