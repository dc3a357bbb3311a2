/**
 * Every request's id (issue 27): the X-Request-Id a proxy in front sent, when it is a sane
 * token, else a new UUID. Fastify puts it on every log line of the request (`reqId`) and the
 * app answers it in X-Request-Id, so a person's complaint, the proxy's log and ours meet.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy's id may be: short, and nothing a log line or a header could trip on. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's genReqId. A repeated header arrives joined with ", " and so is replaced. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}
