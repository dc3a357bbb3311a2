/**
 * Real child processes for the start-up tests: the server (src/main.ts) and create-admin run
 * through `node --import tsx`, with a clean environment; a compiled script (a .js file that
 * scripts/build.mjs wrote) runs as production runs it, `node --enable-source-maps`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
export const MAIN_SCRIPT = 'src/main.ts';
export const CREATE_ADMIN_SCRIPT = 'src/scripts/create-admin.ts';
export const CHECK_DATA_DIR_SCRIPT = 'src/scripts/check-data-dir.ts';

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface SpawnOptions {
  env?: Record<string, string>;
  args?: string[];
  /** Run as this user (only possible as root): read-only folders do not stop root. */
  uid?: number;
}

function childEnv(env: Record<string, string> = {}): NodeJS.ProcessEnv {
  // Nothing from the test runner's own configuration leaks in (DATABASE_URL, SESSION_SECRET…).
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // No nightly backup unless a test asks for one (issue 27): a server started after 03:00
    // Nairobi would otherwise make that day's at once, into the default DATA_DIR/backups.
    BACKUP_NIGHTLY: '0',
    ...env,
  };
}

export function spawnScript(script: string, options: SpawnOptions = {}): ChildProcess {
  const runner = script.endsWith('.js') ? ['--enable-source-maps'] : ['--import', 'tsx'];
  return spawn(process.execPath, [...runner, script, ...(options.args ?? [])], {
    cwd: SERVER_DIR,
    env: childEnv(options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.uid } : {}),
  });
}

/** Runs a script to its end and collects what it printed. */
export function runScript(script: string, options: SpawnOptions = {}): Promise<RunResult> {
  const child = spawnScript(script, options);
  return collect(child);
}

function collect(child: ChildProcess): Promise<RunResult> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The non-empty lines of a process's output. */
export function linesOf(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  child: ChildProcess;
  port: number;
  /** Resolves once /api/health answers 200; rejects if the process ends first. */
  ready: Promise<void>;
  /** Resolves with the exit code and output once the process has ended. */
  ended: Promise<RunResult>;
}

/** Starts the server (src/main.ts through tsx, or a compiled dist/main.js) on a free port. */
export async function startServer(
  env: Record<string, string>,
  script = MAIN_SCRIPT,
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawnScript(script, { env: { PORT: String(port), ...env } });
  const ended = collect(child);
  let exited = false;
  void ended.then(() => (exited = true));
  const ready = (async () => {
    for (;;) {
      if (exited) {
        const result = await ended;
        throw new Error(`server exited (${result.code}) before it was ready: ${result.stderr}`);
      }
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.status === 200) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return { child, port, ready, ended };
}
