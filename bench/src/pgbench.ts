/**
 * pgbench's built-in simple-update script on the bench's own PostgreSQL, so the checkout rate
 * can be read as a fraction of what the database alone sustains. Its tables live in a database
 * of their own beside the bench one (<name>_pgbench), created and initialised on first use.
 */
import { execFileSync } from 'node:child_process';

export function runPgbench(databaseUrl: string, seconds: number, clients: number): { tps: number } {
  const url = new URL(databaseUrl);
  const database = `${url.pathname.slice(1) || 'postgres'}_pgbench`;
  const exists = execFileSync(
    'psql',
    [databaseUrl, '-Atc', `SELECT 1 FROM pg_database WHERE datname = '${database}'`],
    { encoding: 'utf8' },
  ).trim();
  url.pathname = `/${database}`;
  if (exists !== '1') {
    execFileSync('psql', [databaseUrl, '-qc', `CREATE DATABASE "${database}"`]);
    execFileSync('pgbench', ['-i', '-q', '-s', '10', url.toString()], { stdio: 'ignore' });
  }
  const out = execFileSync(
    'pgbench',
    [
      '-n',
      '-b',
      'simple-update',
      '-c',
      String(clients),
      '-j',
      '2',
      '-T',
      String(seconds),
      url.toString(),
    ],
    { encoding: 'utf8' },
  );
  const match = /tps = ([\d.]+)/.exec(out);
  if (!match) throw new Error(`pgbench printed no tps:\n${out}`);
  return { tps: Math.round(Number(match[1])) };
}
