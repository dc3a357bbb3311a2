import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  budgetViolations,
  formatReport,
  measureBundle,
  measureRoutes,
  type RouteBudget,
} from './bundle-report.ts';

const ROOT = path.resolve('/repo/apps/web');

/** Code that barely compresses, so each chunk's gzip size differs and a wrong sum shows. */
function code(seed: number, length: number): string {
  let state = seed;
  let text = '';
  while (text.length < length) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    text += String.fromCharCode(33 + (state % 90));
  }
  return text;
}

interface FakeChunk {
  fileName: string;
  code: string;
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  /** Relative to ROOT. */
  module?: string;
}

/** The few fields of Rolldown's output chunks the report reads. */
function fakeBundle(chunks: FakeChunk[]): Rolldown.OutputBundle {
  const bundle: Record<string, unknown> = Object.fromEntries(
    chunks.map((chunk) => [
      chunk.fileName,
      {
        type: 'chunk',
        fileName: chunk.fileName,
        name: path.basename(chunk.fileName, '.js'),
        code: chunk.code,
        imports: chunk.imports ?? [],
        isEntry: chunk.isEntry ?? false,
        isDynamicEntry: chunk.isDynamicEntry ?? false,
        facadeModuleId: chunk.module ? path.join(ROOT, chunk.module) : null,
      },
    ]),
  );
  // An asset sits in the bundle too; the report skips it.
  bundle['assets/index.css'] = { type: 'asset', fileName: 'assets/index.css', source: 'a{}' };
  return bundle as unknown as Rolldown.OutputBundle;
}

const chunks = {
  index: code(1, 3000),
  react: code(2, 5000),
  apiClient: code(3, 700),
  pos: code(4, 1500),
  forms: code(5, 2500),
  zod: code(6, 1800),
  shop: code(7, 900),
  reports: code(8, 9000),
  frame: code(9, 600),
  nav: code(10, 1200),
  texts: code(11, 800),
};
const gzip = (text: string) => gzipSync(text, { level: 9 }).length;

// index.html's entry and its static imports are up front; /pos needs forms, which needs zod;
// /shop needs only what is up front; the reports page is lazy and needed by neither. Both pages
// come in a frame (which needs the nav and, like /pos, forms) and with their texts.
const bundle = fakeBundle([
  {
    fileName: 'assets/index.js',
    code: chunks.index,
    imports: ['assets/react.js', 'assets/api-client.js'],
    isEntry: true,
    module: 'index.html',
  },
  { fileName: 'assets/react.js', code: chunks.react },
  { fileName: 'assets/api-client.js', code: chunks.apiClient, imports: ['assets/react.js'] },
  {
    fileName: 'assets/pos-page.js',
    code: chunks.pos,
    imports: ['assets/react.js', 'assets/forms.js'],
    isDynamicEntry: true,
    module: 'src/app/pages/pos-page.tsx',
  },
  { fileName: 'assets/forms.js', code: chunks.forms, imports: ['assets/zod.js'] },
  { fileName: 'assets/zod.js', code: chunks.zod, imports: ['assets/react.js'] },
  {
    fileName: 'assets/shop-page.js',
    code: chunks.shop,
    imports: ['assets/api-client.js'],
    isDynamicEntry: true,
    module: 'src/app/pages/shop-page.tsx',
  },
  {
    fileName: 'assets/protected-page.js',
    code: chunks.frame,
    imports: ['assets/nav.js', 'assets/forms.js', 'assets/react.js'],
    isDynamicEntry: true,
    module: 'src/app/layout/protected-page.tsx',
  },
  { fileName: 'assets/nav.js', code: chunks.nav, imports: ['assets/api-client.js'] },
  {
    fileName: 'assets/page-catalogues.js',
    code: chunks.texts,
    isDynamicEntry: true,
    module: 'src/locales/en/page-catalogues.ts',
  },
  {
    fileName: 'assets/reports-page.js',
    code: chunks.reports,
    imports: ['assets/forms.js'],
    isDynamicEntry: true,
    module: 'src/app/pages/reports-page.tsx',
  },
]);

const upFront = gzip(chunks.index) + gzip(chunks.react) + gzip(chunks.apiClient);
const frame = ['src/app/layout/protected-page.tsx', 'src/locales/en/page-catalogues.ts'];
const frameFiles = gzip(chunks.frame) + gzip(chunks.nav) + gzip(chunks.texts);
// forms and zod once for /pos, though its page and its frame both need them.
const posTotal = upFront + gzip(chunks.pos) + gzip(chunks.forms) + gzip(chunks.zod) + frameFiles;
const shopTotal = upFront + gzip(chunks.shop) + gzip(chunks.forms) + gzip(chunks.zod) + frameFiles;

function budgets(posKb: number, shopKb: number): RouteBudget[] {
  return [
    { path: '/pos', modules: ['src/app/pages/pos-page.tsx', ...frame], budgetKb: posKb },
    { path: '/shop', modules: ['src/app/pages/shop-page.tsx', ...frame], budgetKb: shopKb },
  ];
}

describe('route budgets', () => {
  const report = measureBundle(bundle, ROOT);

  it('counts up front and every lazy chunk the route loads with its static imports, each once', () => {
    expect(report.upFrontTotal).toBe(upFront);
    const totals = measureRoutes(report, budgets(250, 200));
    expect(totals.map((route) => [route.path, route.total])).toEqual([
      ['/pos', posTotal],
      ['/shop', shopTotal],
    ]);
  });

  it('passes a build within every budget, a route exactly at its budget included', () => {
    const atBudget = budgets(posTotal / 1000, shopTotal / 1000);
    expect(budgetViolations(report, 150, measureRoutes(report, atBudget))).toEqual([]);
  });

  it('names the route, its size and its budget when a page is over budget', () => {
    const tight = budgets((posTotal - 1) / 1000, 200);
    const violations = budgetViolations(report, 150, measureRoutes(report, tight));
    expect(violations).toHaveLength(1);
    expect(violations[0]).toContain('/pos');
    expect(violations[0]).toContain(`${(posTotal / 1000).toFixed(1)} kB`);
    expect(violations[0]).toContain(`${(posTotal - 1) / 1000} kB budget`);
  });

  it('fails a budget whose module is not a lazy chunk, so a rename cannot switch it off', () => {
    const stale: RouteBudget[] = [
      { path: '/pos', modules: [...frame, 'src/app/pages/till-page.tsx'], budgetKb: 250 },
      // A chunk of the build, but the entry rather than a lazy route.
      { path: '/', modules: ['index.html'], budgetKb: 250 },
    ];
    const totals = measureRoutes(report, stale);
    expect(totals.map((route) => route.total)).toEqual([undefined, undefined]);
    const violations = budgetViolations(report, 150, totals);
    expect(violations).toHaveLength(2);
    expect(violations[0]).toContain('/pos');
    expect(violations[0]).toContain('src/app/pages/till-page.tsx');
    expect(violations[1]).toContain('index.html');
  });

  it('still fails the up-front budget', () => {
    const violations = budgetViolations(report, (upFront - 1) / 1000, []);
    expect(violations).toHaveLength(1);
    expect(violations[0]).toContain('up front');
  });

  it('prints each budgeted route with its total and budget', () => {
    const text = formatReport(report, 150, measureRoutes(report, budgets(250, 200)));
    expect(text).toMatch(new RegExp(`/pos\\s+${(posTotal / 1000).toFixed(1)} kB {2}of 250 kB`));
    expect(text).toMatch(new RegExp(`/shop\\s+${(shopTotal / 1000).toFixed(1)} kB {2}of 200 kB`));
  });
});
