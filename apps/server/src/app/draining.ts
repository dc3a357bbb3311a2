/**
 * The HTTP side of a graceful shutdown (issue 27; main.ts handles SIGTERM): once app.close()
 * begins, the server takes no new connection, the requests it is serving finish, and each of
 * their answers says `Connection: close` — a keep-alive socket ends after its answer instead of
 * holding the close up for the whole keep-alive timeout. A request that still reaches an open
 * socket meanwhile gets a clean 503 in the API's shape (Fastify's own would be
 * `{ error, statusCode }`), never a reset.
 */
import type { FastifyInstance } from 'fastify';

export const SERVER_CLOSING = {
  status: 503,
  code: 'server.shutting_down',
  message: 'The server is restarting — try again',
  retryAfterSeconds: 5,
} as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests being served now (the shutdown's log says how many it waits for). */
    requestsInFlight(): number;
  }
}

/** Fastify's options that hand the close to these hooks (its own 503 is off). */
export const DRAINING_OPTIONS = { return503OnClosing: false } as const;

export function registerDraining(app: FastifyInstance): void {
  let draining = false;
  let inFlight = 0;
  app.decorate('requestsInFlight', () => inFlight);

  // Runs as close() begins, before the server stops listening.
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });

  app.addHook('onRequest', (_request, reply, done) => {
    if (draining) {
      const { status, code, message, retryAfterSeconds } = SERVER_CLOSING;
      void reply
        .status(status)
        .header('connection', 'close')
        .header('retry-after', String(retryAfterSeconds))
        .send({ message, code });
      return;
    }
    inFlight += 1;
    reply.raw.once('close', () => {
      inFlight -= 1;
      // An answer that left before its onSend saw the close kept its socket open: idle now.
      if (draining) app.server.closeIdleConnections();
    });
    done();
  });

  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) void reply.header('connection', 'close');
    done(null, payload);
  });
}
