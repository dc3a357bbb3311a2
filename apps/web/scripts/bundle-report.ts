/**
 * Prints what the browser loads up front (index.html's entry script and its static imports,
 * i.e. the modulepreloads) and what each lazy route adds, in gzip bytes, and fails the build
 * when the up-front JavaScript exceeds the budget. CI builds, so CI holds the budget.
 * Why 150 kB: at 1.6 Mbit/s (a shop's mobile data) that is under a second of download.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Logger, Plugin, Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/** kB as Vite prints them (1000 bytes), gzip at the level of the .gz files we serve. */
const KB = 1000;

function gzipSize(code: string): number {
  return gzipSync(code, { level: 9 }).length;
}

function formatKb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} kB`;
}

/** The chunk and every chunk it imports statically, transitively. */
function withStaticImports(chunk: OutputChunk, chunks: Map<string, OutputChunk>): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  visit(chunk.fileName);
  return seen;
}

export interface BundleReport {
  upFront: { fileName: string; gzip: number }[];
  upFrontTotal: number;
  routes: { name: string; own: number; shared: number }[];
}

export function measureBundle(bundle: Rolldown.OutputBundle): BundleReport {
  const chunks = new Map<string, OutputChunk>();
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk') chunks.set(output.fileName, output);
  }
  const sizes = new Map(
    [...chunks.values()].map((chunk) => [chunk.fileName, gzipSize(chunk.code)]),
  );
  const size = (fileName: string) => sizes.get(fileName) ?? 0;

  const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
  const upFrontFiles = new Set(entries.flatMap((entry) => [...withStaticImports(entry, chunks)]));
  const upFront = [...upFrontFiles]
    .map((fileName) => ({ fileName, gzip: size(fileName) }))
    .sort((a, b) => b.gzip - a.gzip);

  const routes = [...chunks.values()]
    .filter((chunk) => chunk.isDynamicEntry)
    .map((chunk) => {
      const extra = [...withStaticImports(chunk, chunks)].filter(
        (fileName) => fileName !== chunk.fileName && !upFrontFiles.has(fileName),
      );
      return {
        name: chunk.facadeModuleId
          ? path.relative(process.cwd(), chunk.facadeModuleId)
          : chunk.name,
        own: size(chunk.fileName),
        shared: extra.reduce((sum, fileName) => sum + size(fileName), 0),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));

  return {
    upFront,
    upFrontTotal: upFront.reduce((sum, file) => sum + file.gzip, 0),
    routes,
  };
}

export function formatReport(report: BundleReport, budgetKb: number): string {
  const lines = [
    `Up-front JavaScript (index.html entry + modulepreloads): ${formatKb(report.upFrontTotal)} gzip, budget ${budgetKb} kB`,
    ...report.upFront.map(
      (file) => `  ${file.fileName.padEnd(44)} ${formatKb(file.gzip).padStart(9)}`,
    ),
    'Lazy chunks (gzip: own chunk + shared chunks it needs that are not loaded up front):',
    ...report.routes.map(
      (route) =>
        `  ${route.name.padEnd(44)} ${formatKb(route.own).padStart(9)}  + ${formatKb(route.shared)} shared`,
    ),
  ];
  return lines.join('\n');
}

export function bundleReport({ budgetKb }: { budgetKb: number }): Plugin {
  let logger: Logger | undefined;
  return {
    name: 'duka:bundle-report',
    apply: 'build',
    configResolved(config) {
      logger = config.logger;
    },
    // After every other plugin has had its say, so the sizes are those of the files written.
    writeBundle(_options, bundle) {
      const report = measureBundle(bundle);
      logger?.info(`\n${formatReport(report, budgetKb)}`);
      if (report.upFrontTotal > budgetKb * KB) {
        this.error(
          `The JavaScript index.html loads up front is ${formatKb(report.upFrontTotal)} gzip, over the ` +
            `${budgetKb} kB budget. Load the new code lazily (a route's lazy import) instead.`,
        );
      }
    },
  };
}
