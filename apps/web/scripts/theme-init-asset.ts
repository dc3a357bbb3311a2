/**
 * Loads src/app/theme-init.js as the first script of <head>: a classic, blocking script (it must
 * run before the first paint), which Vite does not bundle. The build emits it content-hashed
 * under /assets — cached a year and immutable like every other asset, its name changing with
 * its content (issue 22: no unhashed script) — and the service worker precaches it with the
 * rest. The dev server serves the source file as it is.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** file: relative to the Vite root. */
export function themeInitAsset(file = 'src/app/theme-init.js'): Plugin {
  let root = process.cwd();
  let source = '';
  let fileName = '';
  return {
    name: 'duka:theme-init-asset',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      const absolute = path.resolve(root, file);
      source = readFileSync(absolute, 'utf8');
      this.addWatchFile(absolute);
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      fileName = `assets/theme-init-${hash}.js`;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml(_html, context) {
      const src = context.server ? `/${file}` : `/${fileName}`;
      return [{ tag: 'script', attrs: { src }, injectTo: 'head' }];
    },
  };
}
