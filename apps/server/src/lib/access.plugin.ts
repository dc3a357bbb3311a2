/**
 * The one gate every API route passes (STYLE.md rule 4). Each route declares its access in
 * `config.access`: public, or the capability of the shared matrix it needs, and whether it acts
 * on a store. The app refuses to start if an /api route declares nothing, so no route can
 * forget its check. Order: session → CSRF (403) → signed in (401) → capability (403) → store.
 *
 * A call from an outside service (issue 21) declares `{ webhook: true }`: no session, no CSRF;
 * its path's `:token` must be a store's webhook secret (lib/webhooks.ts), checked first — before
 * the body is read — and anything else is a 404. The store it names is `request.storeId`.
 *
 * A scraper's call (issue 27, GET /api/metrics) declares `{ bearer: 'metrics' }`: no session, no
 * CSRF; `Authorization: Bearer <METRICS_TOKEN>` or a 401.
 */
import { can, type Capability } from '@duka/shared/auth/permissions';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, notFound, unauthorized } from './errors';
import { isValidCsrfToken, needsCsrfCheck } from './csrf';
import { findSession, renewSessionIfDue, SESSION_COOKIE, type AuthContext } from './session';
import { resolveStoreId } from './store-scope';
import { sha256, safeEqual } from './tokens';
import { storeOfHookToken, type WebhookKind } from './webhooks';

export type RouteAccess = (
  | { public: true }
  /**
   * An outside service's call: `:token` in the path is the store's webhook secret (true) or its
   * Daraja hook token ('daraja', issue 23).
   */
  | { webhook: WebhookKind }
  /** A machine's call with a bearer token from the configuration (METRICS_TOKEN). */
  | { bearer: 'metrics' }
  | {
      capability: Capability;
      /**
       * Resolve `request.storeId` (PRODUCT.md §2) before the handler runs; 'optional' lets a
       * super_admin call without a store (request.storeId stays null).
       */
      store?: boolean | 'optional';
    }
) & {
  /** The route counts attempts with the sign-in limits (may answer 429): the API docs say so. */
  limited?: true;
};

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every API route with its declared access; the role sweep test reads it. */
    routeAccessTable: RouteAccessEntry[];
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Set on store-scoped routes; the only store id a handler may use. */
    storeId: number | null;
  }
}

/** The signed-in user of a route that declared a capability (the gate guarantees one). */
export function requireAuth(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The store of a route that declared `store: true`. */
export function requireStoreId(request: { storeId: number | null }): number {
  if (request.storeId === null) throw new Error('Route did not declare store: true');
  return request.storeId;
}

/**
 * `Authorization: Bearer <expected>`, compared in constant time (the hashes, so not even the
 * length is told); no token configured matches nothing.
 */
export function bearerMatches(header: string | undefined, expected: string | undefined): boolean {
  if (!expected || !header) return false;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match !== null && safeEqual(sha256(match[1]!), sha256(expected));
}

function isApiRoute(url: string) {
  return url.startsWith('/api') && !url.startsWith('/api/docs');
}

export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('storeId', null);

  const table: RouteAccessEntry[] = [];
  app.decorate('routeAccessTable', table);
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) return;
    const access = route.config?.access;
    if (!access)
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no access (config.access)`,
      );
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    if ('webhook' in access) {
      // The secret first, and nothing else: no session is read, no CSRF token asked for.
      const params = request.params as { token?: unknown };
      const storeId = await storeOfHookToken(app.deps.db, access.webhook, params.token);
      if (storeId === null) throw notFound();
      request.storeId = storeId;
      return;
    }
    if ('bearer' in access) {
      if (bearerMatches(request.headers.authorization, app.deps.config.metricsToken)) return;
      throw new AppError(401, 'auth.unauthenticated', 'A valid token is required', undefined, {
        'WWW-Authenticate': 'Bearer realm="metrics"',
      });
    }
    const token = request.cookies[SESSION_COOKIE];
    request.auth = await findSession(app.deps, token);
    if (request.auth && token) await renewSessionIfDue(app.deps, reply, request.auth, token);
    if (needsCsrfCheck(request) && !isValidCsrfToken(app.deps, request)) {
      throw forbidden('Invalid or missing CSRF token', 'auth.csrf_invalid');
    }
    if ('capability' in access) {
      if (!request.auth) throw unauthorized();
      if (!can(request.auth.user.role, access.capability)) throw forbidden();
    }
  });

  // After the body is parsed (store_id may travel in it) and before validation strips it.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (access && 'capability' in access && access.store && request.auth) {
      const optional = access.store === 'optional';
      request.storeId = await resolveStoreId(app.deps, request, request.auth.user, optional);
    }
  });
});
