// Are the builds worth running as they are? `npm start` (scripts/start.mjs) rebuilds the web app
// (apps/web/dist) and compiles the server (apps/server/dist) only when a build is missing or
// older than what it is made from, so a restart on a built checkout takes seconds instead of a
// Vite build.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the web build is made from, relative to the repository root. */
export const WEB_BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/scripts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'tsconfig.base.json',
  'package-lock.json',
  'packages/shared/src',
  'packages/shared/package.json',
];

/** The file whose time marks a finished build: Vite writes it with the bundle. */
export const WEB_BUILD_MARKER = 'apps/web/dist/index.html';

/** What the compiled server is made from (apps/server/scripts/build.mjs bundles it). */
export const SERVER_BUILD_INPUTS = [
  'apps/server/src',
  'apps/server/scripts',
  'apps/server/tsconfig.json',
  'apps/server/package.json',
  'tsconfig.base.json',
  'package-lock.json',
  'packages/shared/src',
  'packages/shared/package.json',
];

/** The compiled server's entry point: the build swaps dist in whole, so its time is the build's. */
export const SERVER_BUILD_MARKER = 'apps/server/dist/main.js';

/**
 * Newest modification time (ms) under `target`, folders included: deleting or renaming a file
 * changes only its folder's time. 0 when `target` does not exist.
 * @param {string} target
 * @returns {number}
 */
export function newestModification(target) {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  let newest = stat.mtimeMs;
  if (stat.isDirectory()) {
    for (const entry of readdirSync(target)) {
      if (entry === 'node_modules') continue;
      newest = Math.max(newest, newestModification(path.join(target, entry)));
    }
  }
  return newest;
}

/**
 * Why a build must be (re)made, or undefined when it is up to date.
 * @param {string} rootDir the repository root
 * @param {string[]} inputs what it is made from, relative to rootDir
 * @param {string} marker the file whose time marks a finished build
 * @returns {string | undefined}
 */
export function buildStaleReason(rootDir, inputs, marker) {
  let builtAt;
  try {
    builtAt = statSync(path.join(rootDir, marker)).mtimeMs;
  } catch {
    return 'no build yet';
  }
  for (const input of inputs) {
    if (newestModification(path.join(rootDir, input)) > builtAt)
      return `${input} changed since the last build`;
  }
  return undefined;
}

/**
 * Why the web app must be (re)built, or undefined when dist is up to date.
 * @param {string} rootDir the repository root
 * @returns {string | undefined}
 */
export function webBuildStaleReason(rootDir) {
  return buildStaleReason(rootDir, WEB_BUILD_INPUTS, WEB_BUILD_MARKER);
}

/**
 * Why the server must be (re)compiled, or undefined when apps/server/dist is up to date.
 * @param {string} rootDir the repository root
 * @returns {string | undefined}
 */
export function serverBuildStaleReason(rootDir) {
  return buildStaleReason(rootDir, SERVER_BUILD_INPUTS, SERVER_BUILD_MARKER);
}
