/**
 * Prints what the browser loads up front (index.html's entry script and its static imports,
 * i.e. the modulepreloads) and what each lazy route adds, in gzip bytes, and fails the build
 * when the up-front JavaScript exceeds the budget. CI builds, so CI holds the budget.
 * Why 150 kB: at 1.6 Mbit/s (a shop's mobile data) that is under a second of download.
 *
 * The busiest pages (the till, the shop) also have a budget for all the JavaScript that shows
 * them: the up-front code, and every lazy chunk the route's loader fetches — the page, the
 * protected-page frame, the page texts — with the chunks they import statically that are not
 * loaded up front, each file once. A page can grow heavy without touching the up-front code;
 * this catches it.
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
  /**
   * name: the lazy chunk's module relative to the Vite root (or the chunk's name); files: its
   * chunk and the chunks it imports statically that are not up front, with their gzip sizes.
   */
  routes: { name: string; own: number; shared: number; files: Map<string, number> }[];
}

/** The JavaScript one route may need to show its page, and the modules its loader imports lazily. */
export interface RouteBudget {
  path: string;
  /** Relative to the Vite root, as the report prints them: 'src/app/pages/pos-page.tsx'. */
  modules: string[];
  budgetKb: number;
}

/**
 * A budgeted route's gzip total; undefined when one of its modules (`missing`) is not a lazy
 * chunk of the build.
 */
export interface RouteTotal extends RouteBudget {
  total: number | undefined;
  missing?: string;
}

/** root: the Vite root, which the route budgets' modules are relative to. */
export function measureBundle(
  bundle: Rolldown.OutputBundle,
  root: string = process.cwd(),
): BundleReport {
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
      const files = new Map(
        [chunk.fileName, ...extra].map((fileName) => [fileName, size(fileName)] as const),
      );
      return {
        // Forward slashes on every OS, so a budget's module matches the name as written.
        name: chunk.facadeModuleId
          ? path.relative(root, chunk.facadeModuleId).split(path.sep).join('/')
          : chunk.name,
        own: size(chunk.fileName),
        shared: extra.reduce((sum, fileName) => sum + size(fileName), 0),
        files,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));

  return {
    upFront,
    upFrontTotal: upFront.reduce((sum, file) => sum + file.gzip, 0),
    routes,
  };
}

/**
 * What showing each budgeted route costs: everything up front, and each file its lazy modules
 * need beyond that, counted once however many of them share it.
 */
export function measureRoutes(report: BundleReport, routeBudgets: RouteBudget[]): RouteTotal[] {
  return routeBudgets.map((budget) => {
    const files = new Map<string, number>();
    for (const module of budget.modules) {
      const route = report.routes.find((candidate) => candidate.name === module);
      if (!route) return { ...budget, total: undefined, missing: module };
      for (const [fileName, gzip] of route.files) files.set(fileName, gzip);
    }
    const lazy = [...files.values()].reduce((sum, gzip) => sum + gzip, 0);
    return { ...budget, total: report.upFrontTotal + lazy };
  });
}

/** Every budget the build breaks, as the messages that fail it; empty when all hold. */
export function budgetViolations(
  report: BundleReport,
  budgetKb: number,
  routeTotals: RouteTotal[],
): string[] {
  const violations: string[] = [];
  if (report.upFrontTotal > budgetKb * KB) {
    violations.push(
      `The JavaScript index.html loads up front is ${formatKb(report.upFrontTotal)} gzip, over the ` +
        `${budgetKb} kB budget. Load the new code lazily (a route's lazy import) instead.`,
    );
  }
  for (const route of routeTotals) {
    if (route.total === undefined) {
      // A renamed or no longer lazy page would otherwise switch its budget off without a word.
      violations.push(
        `The budget of ${route.path} names ${route.missing}, which is not a lazy chunk of this ` +
          `build. Point the budget in vite.config.ts at the modules the route lazily imports.`,
      );
    } else if (route.total > route.budgetKb * KB) {
      violations.push(
        `Showing ${route.path} takes ${formatKb(route.total)} of JavaScript gzip, over its ` +
          `${route.budgetKb} kB budget. Load what the page does not need at first lazily.`,
      );
    }
  }
  return violations;
}

export function formatReport(
  report: BundleReport,
  budgetKb: number,
  routeTotals: RouteTotal[] = [],
): string {
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
  if (routeTotals.length > 0) {
    lines.push('Pages with a budget (gzip: up front + every lazy chunk the route loads):');
    for (const route of routeTotals) {
      const total = route.total === undefined ? 'no lazy chunk' : formatKb(route.total);
      lines.push(`  ${route.path.padEnd(44)} ${total.padStart(9)}  of ${route.budgetKb} kB`);
    }
  }
  return lines.join('\n');
}

export function bundleReport({
  budgetKb,
  routeBudgets = [],
}: {
  budgetKb: number;
  routeBudgets?: RouteBudget[];
}): Plugin {
  let logger: Logger | undefined;
  let root = process.cwd();
  return {
    name: 'duka:bundle-report',
    apply: 'build',
    configResolved(config) {
      logger = config.logger;
      root = config.root;
    },
    // After every other plugin has had its say, so the sizes are those of the files written.
    writeBundle(_options, bundle) {
      const report = measureBundle(bundle, root);
      const routeTotals = measureRoutes(report, routeBudgets);
      logger?.info(`\n${formatReport(report, budgetKb, routeTotals)}`);
      const violations = budgetViolations(report, budgetKb, routeTotals);
      if (violations.length > 0) this.error(violations.join('\n'));
    },
  };
}
