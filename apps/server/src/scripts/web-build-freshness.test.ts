/**
 * `npm start` rebuilds the web app only when apps/web/dist is missing or older than its sources
 * (scripts/web-build-freshness.mjs at the repository root, used by scripts/start.mjs).
 */
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

interface FreshnessModule {
  WEB_BUILD_INPUTS: string[];
  webBuildStaleReason: (rootDir: string) => string | undefined;
}
const modulePath = path.resolve(import.meta.dirname, '../../../../scripts/web-build-freshness.mjs');
const { WEB_BUILD_INPUTS, webBuildStaleReason } = (await import(
  pathToFileURL(modulePath).href
)) as FreshnessModule;

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
