/**
 * Writes a .gz and a .br copy beside every compressible file of the build, so the server sends
 * them as they are (@fastify/static `preCompressed`) instead of compressing on each request —
 * or, as before, not at all. Maximum levels: this runs once per build, not per request.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Text formats; images such as PNG or WebP are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Compresses one file; a copy that would not be smaller is not written. */
async function precompressFile(file: string): Promise<void> {
  const content = await readFile(file);
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
    brotliAsync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  ]);
  await Promise.all([
    gzipped.length < content.length ? writeFile(`${file}.gz`, gzipped) : undefined,
    brotli.length < content.length ? writeFile(`${file}.br`, brotli) : undefined,
  ]);
}

export async function precompressDir(dir: string): Promise<number> {
  const files = (await filesIn(dir)).filter((file) => COMPRESSIBLE.test(file));
  await Promise.all(files.map(precompressFile));
  return files.length;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'duka:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // closeBundle: every file is on disk by then, the copied public/ ones included. Last and
    // in sequence: after vite-plugin-pwa has written the service worker (its closeBundle).
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        await precompressDir(outDir);
      },
    },
  };
}
