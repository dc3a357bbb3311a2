/**
 * drizzle-orm 0.45's node-postgres `transaction()` takes a connection from the pool and sends
 * BEGIN *before* the try/finally that releases it: a BEGIN that fails — the pool lent a
 * connection that PostgreSQL's restart had just cut (issue 27) — never gives the connection
 * back. Each outage leaked a few; the pool's ten could run out (every request then waits its 5 s
 * and answers 503 for good), and `pool.end()` waited for them forever, so a shutdown after an
 * outage ran out its time and exited 1.
 *
 * So the pool's part is ours: the connection is taken here, drizzle's own transaction runs on
 * it as on a single client (BEGIN, the work, COMMIT or ROLLBACK — unchanged), and it goes back
 * in a finally whatever failed; a connection that failed as "not reachable" is handed back with
 * its error, so the pool drops it instead of lending it again.
 */
import { NodePgSession } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { isDatabaseUnavailable } from './unavailable';

type Transaction = NodePgSession<never, never>['transaction'];

interface SessionInternals {
  client: unknown;
  dialect: unknown;
  schema: unknown;
  options: unknown;
}

let installed = false;

export function releaseConnectionsOfFailedTransactions(): void {
  if (installed) return;
  installed = true;
  const prototype = NodePgSession.prototype as unknown as { transaction: Transaction };
  const original = prototype.transaction;
  prototype.transaction = async function transaction(
    this: SessionInternals,
    work: Parameters<Transaction>[0],
    config?: Parameters<Transaction>[1],
  ) {
    if (!(this.client instanceof pg.Pool)) {
      return original.call(this as unknown as NodePgSession<never, never>, work, config);
    }
    const client = await this.client.connect();
    const session = new NodePgSession(
      client,
      this.dialect as never,
      this.schema as never,
      this.options as never,
    );
    let failure: unknown;
    try {
      return await original.call(session, work, config);
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      client.release(isDatabaseUnavailable(failure) ? (failure as Error) : undefined);
    }
  } as unknown as Transaction;
}
