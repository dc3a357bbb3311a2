/**
 * A private PostgreSQL cluster for the operations tests (issue 27): initdb into a folder of its
 * own, started on a port of its own (127.0.0.1, socket in the folder), so a test can stop,
 * restart or crash it — or stream a replica from it with pg_basebackup — without touching the
 * machine's server on 5432.
 *
 * PostgreSQL refuses to run as root: when the tests run as root (CI, this machine), every
 * PostgreSQL program runs as the `postgres` user through `runuser`, and the folders are handed
 * to that user. The binaries are PG_BIN's, else the newest /usr/lib/postgresql/N/bin, else
 * `pg_config --bindir`; `postgresBinDir()` is undefined when none is found, and the suites that
 * need a cluster skip with that reason.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { appendFile, chown, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Where initdb, pg_ctl and pg_basebackup live, or undefined when PostgreSQL is not installed. */
export function postgresBinDir(): string | undefined {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    for (const version of readdirSync(debian).sort((a, b) => Number(b) - Number(a))) {
      candidates.push(path.join(debian, version, 'bin'));
    }
  }
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // no pg_config on the PATH
  }
  return candidates.find((dir) => existsSync(path.join(dir, 'pg_ctl')));
}

const isRoot = process.getuid?.() === 0;

/** The uid and gid of `postgres`, when running as root. */
function postgresIds(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/** Runs a PostgreSQL program (as `postgres` when we are root); throws with its output on failure. */
function runPg(binDir: string, program: string, args: string[]): string {
  const file = path.join(binDir, program);
  const [command, commandArgs] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', file, ...args]]
    : [file, args];
  const result = spawnSync(command, commandArgs, { encoding: 'utf8', cwd: tmpdir() });
  if (result.status !== 0) {
    throw new Error(
      `${program} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`,
    );
  }
  return result.stdout;
}

/**
 * runPg without blocking the event loop: a test's own load (requests in flight while the
 * server stops and starts) keeps going meanwhile.
 */
function runPgAsync(binDir: string, program: string, args: string[]): Promise<string> {
  const file = path.join(binDir, program);
  const [command, commandArgs] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', file, ...args]]
    : [file, args];
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: tmpdir(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (status) => {
      if (status === 0) resolve(output);
      else reject(new Error(`${program} ${args.join(' ')} failed (${status}): ${output}`));
    });
  });
}

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function makeOwnedFolder(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  if (isRoot) {
    const { uid, gid } = postgresIds();
    await chown(dir, uid, gid);
  }
  return dir;
}

export interface PgCluster {
  port: number;
  /** The folder holding the data directory (`data`), the socket and the log (`log`). */
  root: string;
  /** postgres://postgres@127.0.0.1:{port}/{database} (trust authentication). */
  url(database?: string): string;
  /** pg_ctl start, waiting until it accepts connections. */
  start(): Promise<void>;
  /** pg_ctl stop: 'fast' (a clean shutdown) or 'immediate' (as a crash: recovery on start). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
  /** A streaming replica of this cluster (pg_basebackup -R), started on a port of its own. */
  createReplica(): Promise<PgCluster>;
  /** Runs SQL on a database of the cluster and answers its rows. */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params?: unknown[],
    database?: string,
  ): Promise<T[]>;
  /** Stops the cluster (if running) and deletes its folder. */
  destroy(): Promise<void>;
}

const SETTINGS = [
  "listen_addresses = '127.0.0.1'",
  // The tests crash the server, never the machine: the OS keeps what PostgreSQL wrote.
  'fsync = off',
  'full_page_writes = off',
  'wal_level = replica',
  'max_wal_senders = 5',
  'hot_standby = on',
  'max_connections = 60',
  "shared_buffers = '32MB'",
  "log_min_messages = 'warning'",
];

function makeCluster(binDir: string, root: string, port: number): PgCluster {
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'log');
  let running = false;
  const cluster: PgCluster = {
    port,
    root,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      await runPgAsync(binDir, 'pg_ctl', [
        'start',
        '-D',
        dataDir,
        '-l',
        logFile,
        '-w',
        '-t',
        '60',
        '-o',
        `-p ${port} -k ${root}`,
      ]);
      running = true;
    },
    async stop(mode = 'fast') {
      if (!running) return;
      await runPgAsync(binDir, 'pg_ctl', ['stop', '-D', dataDir, '-m', mode, '-w', '-t', '60']);
      running = false;
    },
    async restart(mode = 'fast') {
      await cluster.stop(mode);
      await cluster.start();
    },
    async createReplica() {
      const replicaRoot = await makeOwnedFolder('duka-pg-replica-');
      const replicaPort = await freePort();
      runPg(binDir, 'pg_basebackup', [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-D',
        path.join(replicaRoot, 'data'),
        '-R',
        '-X',
        'stream',
        '--checkpoint=fast',
      ]);
      const replica = makeCluster(binDir, replicaRoot, replicaPort);
      await replica.start();
      return replica;
    },
    async query<T extends pg.QueryResultRow>(
      sql: string,
      params: unknown[] = [],
      database = 'postgres',
    ) {
      const client = new pg.Client({ connectionString: cluster.url(database) });
      await client.connect();
      try {
        return (await client.query<T>(sql, params)).rows;
      } finally {
        await client.end();
      }
    },
    async destroy() {
      try {
        await cluster.stop('immediate');
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    },
  };
  return cluster;
}

/**
 * initdb a new cluster (trust authentication, UTF-8) and start it on a free port. Destroy it in
 * the suite's afterAll.
 */
export async function startPgCluster(): Promise<PgCluster> {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error('PostgreSQL is not installed here (set PG_BIN to its bin folder)');
  const root = await makeOwnedFolder('duka-pg-');
  const dataDir = path.join(root, 'data');
  runPg(binDir, 'initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8']);
  const conf = path.join(dataDir, 'postgresql.conf');
  await appendFile(conf, `\n${SETTINGS.join('\n')}\n`);
  // initdb's pg_hba already trusts replication from 127.0.0.1; say so anyway for other builds.
  await appendFile(
    path.join(dataDir, 'pg_hba.conf'),
    '\nhost replication all 127.0.0.1/32 trust\n',
  );
  const cluster = makeCluster(binDir, root, await freePort());
  await cluster.start();
  // A database for the app (the tests' own; `postgres` stays the maintenance database).
  await cluster.query('CREATE DATABASE duka');
  return cluster;
}

/** Waits until the replica has replayed everything the primary had written when this was called. */
export async function waitForReplay(primary: PgCluster, replica: PgCluster, timeoutMs = 15_000) {
  const [current] = await primary.query<{ lsn: string }>(
    'SELECT pg_current_wal_lsn()::text AS lsn',
  );
  const lsn = current!.lsn;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ caught_up }] = (await replica.query<{ caught_up: boolean }>(
      'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS caught_up',
      [lsn],
    )) as [{ caught_up: boolean }];
    if (caught_up) return;
    if (Date.now() > deadline) throw new Error(`the replica did not replay ${lsn} in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
