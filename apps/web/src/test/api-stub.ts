import { vi } from 'vitest';

export interface SentRequest {
  method: string;
  /** Path under /api, with its query string. */
  path: string;
  body: unknown;
}

export type ApiReply = { status?: number; body: unknown };
type Handler = (request: SentRequest) => ApiReply | undefined;

/**
 * Stubs fetch for the API client: the CSRF token is answered, every other call is recorded
 * in `sent` and answered by the first handler that returns a reply (else 404). A handler is
 * `'GET /suppliers'` → reply, matched on method and path without the query string.
 */
export function stubApi(routes: Record<string, ApiReply | Handler>) {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.endsWith('/auth/csrf-token')) return Response.json({ token: 't' });
      const request: SentRequest = {
        method: init.method ?? 'GET',
        path: url.replace(/^\/api/, ''),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      sent.push(request);
      const route = routes[`${request.method} ${request.path.split('?')[0]}`];
      const reply = typeof route === 'function' ? route(request) : route;
      if (!reply) return Response.json({ message: 'Not found' }, { status: 404 });
      return Response.json(reply.body, { status: reply.status ?? 200 });
    }),
  );
  return sent;
}

/** jsdom has no ResizeObserver; Radix's Switch measures itself with one. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
