/**
 * npm run bench:cost -- [--sales 3000] [--warmup 500] [--mode one|split|both] [--repeat 1]
 *                       [--servers <checkout>,<checkout>] [--databases <url>,<url>]
 *
 * The CPU one checkout costs, for a shared machine where throughput is noise (issue 21): starts
 * the production server on the bench database (PostgreSQL only: DATABASE_URL), makes a fixed
 * number of bench sales (3 lines, paid one way or split in cash and M-Pesa, as `npm run bench`'s
 * checkout scenarios) over 16 connections, and reads the CPU time (user + system, from
 * /proc/<pid>/stat) that the server's node process and its database backends used for them,
 * divided by the sales made. Other work on the machine slows both down but is not counted in
 * them. To compare two versions of the code, --servers starts a server from each checkout (each
 * runs its own migrations; --databases gives each its own database, else they share
 * DATABASE_URL) and drives them at the same time, so both meet the same machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client';
import { BENCH_CASHIER } from './catalogue';
import { benchDatabase, numberFlag, root, stringFlag } from './options';
import { signIn } from './server';

const PORT = numberFlag('--port', 4311);
const SALES = numberFlag('--sales', 3000);
const WARMUP = numberFlag('--warmup', 500);
const REPEAT = numberFlag('--repeat', 1);
const MODE = stringFlag('--mode', 'both');
const SERVER_ROOTS = stringFlag('--servers', root);
const target = benchDatabase();
if (!target.databaseUrl) {
  console.error('bench:cost reads the CPU of PostgreSQL backends: set DATABASE_URL');
  process.exit(2);
}
const TICK_MS = 10; // USER_HZ = 100 on Linux

/** utime + stime of a process, in ms; 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** One server of the comparison: its checkout, port and database connections. */
interface Server {
  label: string;
  process: ChildProcess;
  base: string;
  appName: string;
}

const admin = await openDatabase(target);
const roots = SERVER_ROOTS.split(',');
const databases = stringFlag('--databases', '').split(',').filter(Boolean);
const servers: Server[] = roots.map((serverRoot, index) => {
  // Each server's connections carry its own application_name, so its backends are told apart.
  const appName = `duka-bench-cost-${index}`;
  const url = new URL(databases[index] ?? target.databaseUrl!);
  url.searchParams.set('application_name', appName);
  const port = PORT + index;
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: serverRoot,
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        NODE_ENV: 'production',
        PORT: String(port),
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '/nonexistent',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  return {
    label: roots.length > 1 ? `${index}:${serverRoot}` : '',
    process: child,
    base: `http://127.0.0.1:${port}`,
    appName,
  };
});

async function backends(server: Server): Promise<number[]> {
  const result = await admin.db.execute(
    sql`select pid from pg_stat_activity where application_name = ${server.appName}`,
  );
  return (result as { rows: { pid: number }[] }).rows.map((row) => row.pid);
}

async function waitForHealth(base: string) {
  for (let deadline = Date.now() + 60_000; ;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${base} did not become healthy`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A fixed number of bench sales against one server, 16 connections; the sales made. */
async function checkouts(server: Server, amount: number, split: boolean) {
  const cashier = await signIn(server.base, BENCH_CASHIER);
  const get = async <T>(url: string) =>
    (await (
      await fetch(`${server.base}${url}`, { headers: { cookie: cashier.cookie } })
    ).json()) as T;
  const pool: { id: number; price: number }[] = [];
  for (let page = 1; page <= 20; page += 1) {
    const { data } = await get<{ data: { id: number; piece_selling_price: number }[] }>(
      `/api/products?page=${page * 7}&pageSize=100`,
    );
    pool.push(...data.map((p) => ({ id: p.id, price: p.piece_selling_price })));
  }
  const customers = await get<{ data: { id: number; name: string }[] }>('/api/customers');
  const walkIn = customers.data.find((c) => c.name === 'Walk-in Customer')!;
  const runId = `${Date.now().toString(36)}-${server.appName.slice(-1)}`;
  let sequence = 0;
  // As `npm run bench`'s checkout scenarios: 3 lines from 2,000 products, a fresh key each.
  const body = () => {
    const lines = [0, 1, 2].map(() => {
      const p = pool[Math.floor(Math.random() * pool.length)]!;
      return { product_id: p.id, quantity: 1, unit_type: 'piece', unit_price: p.price };
    });
    const cents = lines.reduce((s, l) => s + Math.round(l.unit_price * 100), 0);
    sequence += 1;
    const payment = split
      ? {
          payments: [
            { method: 'cash', amount: (Math.floor(cents / 2 / 10_000) * 10_000 + 10_000) / 100 },
            {
              method: 'mpesa',
              amount: (cents - Math.floor(cents / 2)) / 100,
              mpesa_code: `BN${String(sequence % 100_000_000).padStart(8, '0')}`,
            },
          ],
        }
      : { payment_method: sequence % 2 ? 'cash' : 'mpesa' };
    return {
      key: `bench-${runId}-${sequence}`,
      text: JSON.stringify({
        items: lines,
        total: cents / 100,
        customer_id: walkIn.id,
        ...payment,
      }),
    };
  };
  let created = 0;
  const instance = autocannon({
    url: server.base,
    connections: 16,
    amount,
    headers: {
      cookie: cashier.cookie,
      'x-csrf-token': cashier.csrf,
      'content-type': 'application/json',
    },
    requests: [
      {
        setupRequest: (request) => {
          const { key, text } = body();
          return {
            ...request,
            method: 'POST',
            path: '/api/sales',
            body: text,
            headers: { ...request.headers, 'idempotency-key': key },
          };
        },
      },
    ],
  }) as unknown as Promise<autocannon.Result> & {
    on(event: 'response', listener: (client: unknown, status: number) => void): void;
  };
  instance.on('response', (_client, status) => {
    if (status === 201) created += 1;
  });
  await instance;
  return created;
}

try {
  await Promise.all(servers.map((server) => waitForHealth(server.base)));
  const modes = MODE === 'both' ? ['one', 'split'] : [MODE];
  for (const mode of modes) {
    await Promise.all(servers.map((server) => checkouts(server, WARMUP, mode === 'split')));
  }
  for (let round = 0; round < REPEAT; round += 1) {
    for (const mode of modes) {
      const pids = await Promise.all(servers.map(backends));
      const cpuNow = () =>
        servers.map((server, i) => ({
          server: cpuMs(server.process.pid!),
          db: pids[i]!.reduce((sum, pid) => sum + cpuMs(pid), 0),
        }));
      const before = cpuNow();
      const started = performance.now();
      const made = await Promise.all(
        servers.map((server) => checkouts(server, SALES, mode === 'split')),
      );
      const after = cpuNow();
      const seconds = (performance.now() - started) / 1000;
      servers.forEach((server, i) => {
        const serverMs = after[i]!.server - before[i]!.server;
        const dbMs = after[i]!.db - before[i]!.db;
        const per = (ms: number) => ((ms / made[i]!) * 1000).toFixed(0).padStart(5);
        console.log(
          `${mode.padEnd(5)} ${made[i]} sales in ${seconds.toFixed(1)} s: server ${per(serverMs)} µs` +
            ` + postgres ${per(dbMs)} µs = ${per(serverMs + dbMs)} µs CPU a sale ${server.label}`,
        );
      });
    }
  }
} finally {
  await admin.close();
  for (const server of servers) server.process.kill('SIGTERM');
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) =>
          server.process.exitCode !== null
            ? resolve()
            : server.process.once('exit', () => resolve()),
        ),
    ),
  );
}
