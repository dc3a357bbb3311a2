/**
 * "The database is not reachable" told apart from every other failure (issue 27): PostgreSQL
 * restarting, failing over or refusing connections is the client's cue to try again (503),
 * never a bug (500). Recognised by the error itself, wherever it hides in Drizzle's cause chain,
 * so any connection — the pool, a transaction's client, a dedicated LISTEN client — is judged
 * the same way.
 */

/** Node's socket errors when the server is gone, refuses, or cannot be found for a moment. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  // DNS during a failover (a name moved to the new primary).
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of an unavailable server: class 08 (connection exception), admin and crash
 * shutdown, "the database system is starting up / shutting down" (57P03), too many connections
 * (53300), and a write reaching a server that is (now) a standby: a failover's old primary, or a
 * connection that landed on the wrong host of a multi-host URL (25006).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '25006']);

/** node-postgres and pg-pool say these in words only (no code). */
const DRIVER_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
]);

/**
 * Why the database could not be used — a socket error code, a SQLSTATE or the driver's words,
 * short enough for a log line — or undefined when `error` is something else.
 */
export function unavailableReason(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 16) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const candidate = current as {
      code?: unknown;
      severity?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    const code = typeof candidate.code === 'string' ? candidate.code : undefined;
    if (code && NETWORK_CODES.has(code)) return code;
    if (code && /^[0-9A-Z]{5}$/.test(code) && typeof candidate.severity === 'string') {
      if (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code)) return code;
      // The server's own answer to this query: it is up, whatever went wrong.
      return undefined;
    }
    if (typeof candidate.message === 'string' && DRIVER_MESSAGES.has(candidate.message)) {
      return candidate.message;
    }
    queue.push(candidate.cause);
    // Node's AggregateError: every address of a host name refused (IPv6 and IPv4 of localhost).
    if (Array.isArray(candidate.errors)) queue.push(...(candidate.errors as unknown[]));
  }
  return undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableReason(error) !== undefined;
}

/**
 * One warning when an outage starts and at most one every `everyMs` while it lasts (with how
 * many failures it stands for), instead of a line per request or per dropped connection.
 */
export function outageWarner(
  warn: (message: string, details: { reason: string; failures: number }) => void,
  everyMs = 10_000,
  now: () => number = Date.now,
): (reason: string) => void {
  let warnedAt = Number.NEGATIVE_INFINITY;
  let failures = 0;
  return (reason) => {
    failures += 1;
    if (now() - warnedAt < everyMs) return;
    warn('The database is not reachable', { reason, failures });
    warnedAt = now();
    failures = 0;
  };
}
