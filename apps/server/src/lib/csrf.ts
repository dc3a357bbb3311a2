/**
 * CSRF tokens (spec §7: header X-CSRF-Token on every non-GET request and every /auth call).
 * A token is an HMAC of what binds it: the session when signed in, otherwise an anonymous
 * httpOnly seed cookie, so a page on another site can neither read nor forge it. Signing in
 * or out changes the binding; the web client then fetches a fresh token (spec §8).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app/deps';
import { hmac, randomToken, safeEqual } from './tokens';

export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_SEED_COOKIE = 'duka_csrf';

function bindingOf(request: FastifyRequest): string | undefined {
  if (request.auth) return `session:${request.auth.sessionTokenHash}`;
  const seed = request.cookies[CSRF_SEED_COOKIE];
  return seed ? `anonymous:${seed}` : undefined;
}

/** The token for this request's binding, creating the anonymous seed cookie when needed. */
export function issueCsrfToken(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): string {
  let binding = bindingOf(request);
  if (!binding) {
    const seed = randomToken();
    reply.setCookie(CSRF_SEED_COOKIE, seed, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.config.env === 'production',
    });
    binding = `anonymous:${seed}`;
  }
  return hmac(deps.config.sessionSecret, binding);
}

export function isValidCsrfToken(deps: AppDeps, request: FastifyRequest): boolean {
  const sent = request.headers[CSRF_HEADER];
  const binding = bindingOf(request);
  if (typeof sent !== 'string' || !binding) return false;
  return safeEqual(sent, hmac(deps.config.sessionSecret, binding));
}

export function needsCsrfCheck(request: FastifyRequest): boolean {
  // The matched route, not the raw URL: '/api/%61uth/me' routes to /api/auth/me too.
  return needsCsrf(request.method, request.routeOptions.url ?? '');
}

/** Whether a call of `method` on the route `path` must carry the CSRF header (also the docs'). */
export function needsCsrf(method: string, path: string): boolean {
  const safeMethod = method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
  const isAuthCall = path.startsWith('/api/auth/') && path !== '/api/auth/csrf-token';
  return !safeMethod || isAuthCall;
}
