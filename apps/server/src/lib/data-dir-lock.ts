/**
 * One process per PGlite data folder. PGlite has no lock of its own: a second server or
 * create-admin on the same DATA_DIR would open the same files, hand out the same ids and lose
 * writes. So the first process binds a Unix domain socket inside DATA_DIR and keeps it open.
 *
 * Why a socket and not a pid file: the kernel closes it when the process dies, however it dies
 * (a shop's server comes back after a power cut), so a lock can never be held by a dead process.
 * A socket file left behind refuses connections (ECONNREFUSED): it is stale and is removed. A
 * live holder accepts them: the folder is in use.
 *
 * The socket is bound under a private name and hard-linked to the lock name only once it
 * listens (link fails if the name exists: one winner), so whatever sits at the lock name either
 * accepts (alive) or refuses (dead) — never "bound but not listening yet". A stale file is
 * deleted only by the holder of a short recovery guard after probing it once more, so two
 * processes recovering the same stale lock cannot delete each other's new one. The guard is an
 * abstract socket on Linux (it vanishes with its process too); elsewhere recovery is unguarded
 * and only processes starting in the same instant on a stale lock could still collide.
 *
 * The same socket carries one request from a script to the process holding the folder
 * (`npm run backup` beside a running server): one line in (`backup\n`), one JSON line out from
 * the handler the holder registered with answer(), then the connection closes. A connection
 * that sends nothing is a probe; one that sends no line is closed after REQUEST_WAIT_MS.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, statSync, unlinkSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import net from 'node:net';
import path from 'node:path';
import { describeSystemError, StartupError } from './startup-error';

export const LOCK_FILE_NAME = '.duka.lock';

/** sun_path is 108 bytes on Linux, 104 on macOS; libuv silently truncates longer paths. */
const MAX_SOCKET_PATH_BYTES = 100;

export class DataDirInUseError extends StartupError {}

/** Answers one request line (without its newline) with the JSON object sent back. */
export type LockRequestHandler = (command: string) => Promise<Record<string, unknown>>;

export interface DataDirLock {
  release(): Promise<void>;
  /** From now on, requests over the lock's socket are answered by `handler`. */
  answer(handler: LockRequestHandler): void;
}

/** How long a connection may stay without sending its request line. */
const REQUEST_WAIT_MS = 10_000;
/** A request is one short word: a longer line is refused. */
const MAX_REQUEST_BYTES = 64;
const NOT_READY = 'The server is still starting: try again in a moment';

/** Creates DATA_DIR when missing; a path that cannot be a folder is a StartupError naming it. */
export function ensureDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new StartupError(`DATA_DIR ${dataDir} is a file, not a folder`);
    throw new StartupError(`DATA_DIR ${dataDir} cannot be created: ${describeSystemError(error)}`);
  }
  let isDirectory: boolean;
  try {
    isDirectory = statSync(dataDir).isDirectory();
  } catch (error) {
    throw new StartupError(`DATA_DIR ${dataDir} cannot be read: ${describeSystemError(error)}`);
  }
  if (!isDirectory) throw new StartupError(`DATA_DIR ${dataDir} is a file, not a folder`);
}

function inUse(dataDir: string): DataDirInUseError {
  return new DataDirInUseError(
    `DATA_DIR ${dataDir} is in use by another Duka process (one process per data folder)`,
  );
}

function listen(server: net.Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(address, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/** 'alive' when something accepts a connection at `address`, 'dead' when refused or gone. */
function probe(address: string): Promise<'alive' | 'dead'> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(address);
    socket.once('connect', () => {
      socket.destroy();
      resolve('alive');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      socket.destroy();
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve('dead');
      else reject(error);
    });
  });
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

interface LockServer {
  server: net.Server;
  answer: (handler: LockRequestHandler) => void;
  /** Stops listening and ends the connections still open (close() alone would wait for them). */
  close: () => Promise<void>;
}

function createLockServer(): LockServer {
  let handler: LockRequestHandler | undefined;
  // unref() (server and connections): the lock alone must not keep a finished process
  // (create-admin) alive.
  const connections = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
    socket.unref();
    socket.on('error', () => undefined);
    socket.setTimeout(REQUEST_WAIT_MS, () => socket.destroy());
    let received = '';
    const reply = (body: Record<string, unknown>) => socket.end(`${JSON.stringify(body)}\n`);
    const onData = (chunk: Buffer) => {
      received += chunk.toString('utf8');
      const end = received.indexOf('\n');
      if (end < 0 && received.length <= MAX_REQUEST_BYTES) return;
      socket.off('data', onData);
      socket.setTimeout(0);
      if (end < 0 || end > MAX_REQUEST_BYTES) {
        reply({ error: 'The request is not one short line' });
        return;
      }
      const command = received.slice(0, end).trim();
      if (!handler) {
        reply({ error: NOT_READY });
        return;
      }
      handler(command).then(reply, (error: unknown) =>
        reply({ error: error instanceof Error ? error.message : String(error) }),
      );
    };
    socket.on('data', onData);
  });
  server.unref();
  return {
    server,
    answer: (next) => void (handler = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of connections) socket.destroy();
      }),
  };
}

/**
 * Takes the lock of `dataDir` (created when missing) or throws a StartupError: in use, or the
 * folder cannot be written. The lock dies with the process; release() frees it earlier.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  ensureDataDir(dataDir);
  const address = lockAddress(dataDir);
  if (address.kind === 'address') return lockWithAddress(dataDir, address.address);
  return lockWithSocketFile(dataDir, address.address);
}

/**
 * Where the lock of `dataDir` listens: a named pipe (Windows), an abstract socket (Linux, a
 * path too long for sun_path), or the socket file DATA_DIR/.duka.lock.
 */
function lockAddress(dataDir: string): { kind: 'address' | 'file'; address: string } {
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  // The longest name used beside it: the private name adds a dash and 12 hex digits.
  const longestPath = `${lockPath}-${'0'.repeat(12)}`;
  if (process.platform === 'win32') {
    return { kind: 'address', address: `\\\\?\\pipe\\duka-${identityOf(dataDir)}` };
  }
  if (Buffer.byteLength(longestPath) > MAX_SOCKET_PATH_BYTES) {
    // Linux's abstract socket namespace has no length trap and no file to go stale; it is
    // keyed by the folder's identity, so every path to the same folder meets the same lock.
    if (process.platform === 'linux')
      return { kind: 'address', address: `\0duka-data-dir-${identityOf(dataDir)}` };
    throw new StartupError(
      `DATA_DIR ${dataDir} is too long a path for its lock (at most ${MAX_SOCKET_PATH_BYTES - (longestPath.length - dataDir.length)} bytes); choose a shorter one`,
    );
  }
  return { kind: 'file', address: lockPath };
}

/**
 * Sends `command` to the process holding the lock of `dataDir` and answers its JSON reply;
 * throws when nobody answers (the holder stopped, or is not a Duka that answers requests).
 */
export function requestFromLockHolder(dataDir: string, command: string): Promise<unknown> {
  const { address } = lockAddress(dataDir);
  return new Promise((resolve, reject) => {
    const socket = net.connect(address);
    let received = '';
    socket.setEncoding('utf8');
    socket.once('connect', () => socket.write(`${command}\n`));
    socket.on('data', (chunk: string) => (received += chunk));
    socket.once('error', (error) =>
      reject(new Error(`The server did not answer: ${describeSystemError(error)}`)),
    );
    socket.once('close', () => {
      const line = received.split('\n')[0] ?? '';
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error('The server closed the connection without an answer'));
      }
    });
  });
}

function identityOf(dataDir: string): string {
  const stat = statSync(dataDir);
  return `${stat.dev}-${stat.ino}`;
}

/** Named pipes and abstract sockets vanish with their process: bound = held. */
async function lockWithAddress(dataDir: string, address: string): Promise<DataDirLock> {
  const { server, answer, close } = createLockServer();
  try {
    await listen(server, address);
  } catch (error) {
    if (errorCode(error) === 'EADDRINUSE') throw inUse(dataDir);
    throw new StartupError(`DATA_DIR ${dataDir} cannot be locked: ${describeSystemError(error)}`);
  }
  return { release: close, answer };
}

async function lockWithSocketFile(dataDir: string, lockPath: string): Promise<DataDirLock> {
  const privatePath = path.join(dataDir, `.duka.lock-${randomBytes(6).toString('hex')}`);
  const { server, answer, close: closeServer } = createLockServer();
  try {
    await listen(server, privatePath);
  } catch (error) {
    const code = errorCode(error);
    const reason =
      code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
        ? `it is read-only for this user: ${describeSystemError(error)}`
        : describeSystemError(error);
    throw new StartupError(`DATA_DIR ${dataDir} cannot be written: ${reason}`);
  }
  try {
    // Each round takes the lock, finds it alive, clears a stale one, or waits for another
    // process that is clearing it; a bounded number, so nothing can spin for ever.
    for (let round = 0; round < 200; round += 1) {
      try {
        linkSync(privatePath, lockPath);
        unlinkSync(privatePath);
        return {
          release: async () => {
            // Unlink first: once our server closes, the name may already be someone else's.
            try {
              unlinkSync(lockPath);
            } catch {
              // Already gone: nothing to free.
            }
            await closeServer();
          },
          answer,
        };
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error;
      }
      if ((await probe(lockPath)) === 'alive') throw inUse(dataDir);
      if (!(await clearStaleLock(dataDir, lockPath))) await sleep(10);
    }
    throw inUse(dataDir);
  } catch (error) {
    try {
      unlinkSync(privatePath);
    } catch {
      // Linked and unlinked already, or never created.
    }
    await closeServer();
    if (error instanceof StartupError) throw error;
    throw new StartupError(`DATA_DIR ${dataDir} cannot be locked: ${describeSystemError(error)}`);
  }
}

/**
 * Deletes the lock file if it is still dead, holding the recovery guard; false when another
 * process holds the guard (it is clearing the same file: try again shortly).
 */
async function clearStaleLock(dataDir: string, lockPath: string): Promise<boolean> {
  let guard: net.Server | undefined;
  if (process.platform === 'linux') {
    guard = createLockServer().server;
    try {
      await listen(guard, `\0duka-data-dir-recovery-${identityOf(dataDir)}`);
    } catch (error) {
      if (errorCode(error) === 'EADDRINUSE') return false;
      throw error;
    }
  }
  try {
    // Probed again under the guard: a live lock can only have appeared by link(), which fails
    // while the dead file is there, so a file found dead now is still the dead one.
    if ((await probe(lockPath)) === 'dead') {
      try {
        unlinkSync(lockPath);
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') throw error;
      }
    }
    return true;
  } finally {
    const server = guard;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
