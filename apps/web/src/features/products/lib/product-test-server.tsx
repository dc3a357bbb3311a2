/** Test support: a fake API behind `fetch` and a render with the query cache and a role. */
import type { Role } from '@duka/shared/auth/roles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';

export interface SentRequest {
  method: string;
  /** Path and query under /api, e.g. 'GET /products?page=1'. */
  path: string;
  /** Parsed JSON, the FormData itself, or undefined. */
  body: unknown;
}

type Reply = { status?: number; body: unknown };
type Handler = (request: SentRequest) => Reply;

/** Answers `METHOD /path` (query string ignored) from `routes`; records every call. */
export function fakeApi(routes: Record<string, Handler | Reply>) {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.replace(/^\/api/, '');
      if (path === '/auth/csrf-token') return Response.json({ token: 't' });
      const body =
        typeof init.body === 'string'
          ? (JSON.parse(init.body) as unknown)
          : (init.body ?? undefined);
      const request = { method: init.method ?? 'GET', path, body };
      sent.push(request);
      const route = routes[`${request.method} ${path.split('?')[0]}`];
      const reply = typeof route === 'function' ? route(request) : route;
      if (!reply) return Response.json({ message: 'Not found' }, { status: 404 });
      return Response.json(reply.body, { status: reply.status ?? 200 });
    }),
  );
  return sent;
}

/** jsdom has no ResizeObserver; Radix's Switch measures itself with one. */
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

export function renderWithRole(role: Role, element: ReactElement) {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RoleContext.Provider value={role}>{element}</RoleContext.Provider>
    </QueryClientProvider>,
  );
}
