/**
 * What a log line keeps of a request. A webhook's secret is part of its path
 * (/api/webhooks/<token>/…, lib/access.plugin.ts), so every url written to the log — the
 * "incoming request" line's req.url, and an error's message or stack that quotes one — has the
 * token replaced by [redacted]. The rest is Fastify's default.
 */
import type { FastifyRequest } from 'fastify';

const WEBHOOK_TOKEN = /\/api\/webhooks\/[^/?#\s]+\//g;

/** `text` with any webhook secret in a path replaced by [redacted]. */
export function redactWebhookTokens(text: string): string {
  return text.replace(WEBHOOK_TOKEN, '/api/webhooks/[redacted]/');
}

export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactWebhookTokens(request.url),
      version: [request.headers?.['accept-version']].flat()[0],
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/** The error to log: itself, or a copy whose message and stack hide a webhook secret. */
export function loggableError(error: Error): Error {
  const message = redactWebhookTokens(error.message);
  const stack = error.stack === undefined ? undefined : redactWebhookTokens(error.stack);
  if (message === error.message && stack === error.stack) return error;
  const copy = Object.assign(Object.create(Object.getPrototypeOf(error) as object) as Error, error);
  Object.defineProperty(copy, 'message', { value: message, enumerable: false, writable: true });
  Object.defineProperty(copy, 'stack', { value: stack, enumerable: false, writable: true });
  return copy;
}
