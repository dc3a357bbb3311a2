/**
 * What the bench scripts share: where the bench database is, command-line numbers and a
 * progress bar.
 */
import path from 'node:path';
import { describeDatabaseUrl } from '../../apps/server/src/db/client';

export const root = path.resolve(import.meta.dirname, '../..');

export interface BenchTarget {
  databaseUrl: string | undefined;
  dataDir: string;
}

/** DATABASE_URL when set, otherwise PGlite in BENCH_DATA_DIR (default bench/.data). */
export function benchDatabase(): BenchTarget {
  return {
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: path.resolve(process.env.BENCH_DATA_DIR ?? path.join(root, 'bench/.data')),
  };
}

export function describeTarget(target: BenchTarget): string {
  return target.databaseUrl
    ? `PostgreSQL (${describeDatabaseUrl(target.databaseUrl)})`
    : `PGlite (${path.relative(process.cwd(), target.dataDir) || '.'})`;
}

/** `--name 123` (or `--name=123`) from the command line, else the default. */
export function numberFlag(name: string, fallback: number): number {
  const args = process.argv;
  const inline = args.find((arg) => arg.startsWith(`${name}=`));
  const raw = inline ? inline.slice(name.length + 1) : args[args.indexOf(name) + 1];
  if (!inline && !args.includes(name)) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a whole number, got ${raw}`);
    process.exit(2);
  }
  return value;
}

/** `--name value` (or `--name=value`), else the default. */
export function stringFlag(name: string, fallback: string): string {
  const args = process.argv;
  const inline = args.find((arg) => arg.startsWith(`${name}=`));
  if (inline) return inline.slice(name.length + 1);
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
}

/** A one-line progress bar on stderr: call it with how many are done. */
export function progress(label: string, total: number): (done: number) => void {
  const started = performance.now();
  return (done) => {
    const width = 30;
    const filled = total === 0 ? width : Math.round((done / total) * width);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stderr.write(
      `\r${label.padEnd(9)} [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ` +
        `${done}/${total} ${seconds}s`,
    );
    if (done >= total) process.stderr.write('\n');
  };
}
