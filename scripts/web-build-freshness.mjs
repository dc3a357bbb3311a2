// Is apps/web/dist worth serving as it is? `npm start` (scripts/start.mjs) rebuilds the web app
// only when its build is missing or older than what it is built from, so a restart on a built
// checkout takes seconds instead of a Vite build.
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
 * Why the web app must be (re)built, or undefined when dist is up to date.
 * @param {string} rootDir the repository root
 * @returns {string | undefined}
 */
export function webBuildStaleReason(rootDir) {
  let builtAt;
  try {
    builtAt = statSync(path.join(rootDir, WEB_BUILD_MARKER)).mtimeMs;
  } catch {
    return 'no build yet';
  }
  for (const input of WEB_BUILD_INPUTS) {
    if (newestModification(path.join(rootDir, input)) > builtAt)
      return `${input} changed since the last build`;
  }
  return undefined;
}
