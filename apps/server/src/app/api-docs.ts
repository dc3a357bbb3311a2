/**
 * The API reference (OpenAPI, served at /api/docs unless API_DOCS=0): every operation's error
 * answers and security come from the route's `config.access`, the same declaration the gate
 * (lib/access.plugin.ts) enforces, so no route documents them by hand and none can forget them.
 *
 * - 400: the route reads a body, query or path parameters (a field named in `errors`), or acts
 *   on a store ('No store selected').
 * - 401: a signed-in route called without a session.
 * - 403: a signed-in route the role may not call, or any call that needs the CSRF header.
 * - 404: a path that names a record (another store's is not found either).
 * - 409: a write that meets a record it conflicts with (a duplicate, a stock or state clash).
 * - 429: a route that counts attempts (`access.limited`: the sign-in limits).
 *
 * Security: the session cookie on signed-in routes; the X-CSRF-Token header on every call the
 * gate checks it for (lib/csrf.ts needsCsrfCheck). A webhook (issue 21) has neither: its secret
 * is in its path, and a wrong one is the 404. The metrics (issue 27) take a bearer token: 401.
 */
import { apiErrorSchema } from '@duka/shared/api/errors.schemas';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../lib/access.plugin';
import { needsCsrf } from '../lib/csrf';

export const ERROR_STATUS_DESCRIPTIONS = {
  400: 'Bad input: the fields at fault are named in `errors`',
  401: 'Not signed in, or the session has ended',
  403: 'Not allowed for this role, or the CSRF token is missing or invalid',
  404: 'Not found (also a record of another store)',
  409: 'Conflicts with the current state of a record',
  429: 'Too many attempts: wait the seconds in Retry-After',
} as const;
export type ErrorStatus = keyof typeof ERROR_STATUS_DESCRIPTIONS;

export const SECURITY_SCHEMES = {
  session: { type: 'apiKey', in: 'cookie', name: 'duka_session' },
  csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
  bearer: { type: 'http', scheme: 'bearer' },
} as const;

interface DocumentedRoute {
  method: string;
  url: string;
  access: RouteAccess;
  schema?: FastifySchema;
}

/** The error statuses a route can answer, from its access and what it reads. */
export function errorStatusesOf({ method, url, access, schema }: DocumentedRoute): ErrorStatus[] {
  const signedIn = 'capability' in access;
  if ('webhook' in access) return [400, 404];
  if ('bearer' in access) return [401];
  const reads = Boolean(schema?.body ?? schema?.querystring ?? schema?.params);
  const writes = method !== 'GET' && method !== 'HEAD';
  const statuses: ErrorStatus[] = [];
  if (reads || writes || (signedIn && access.store)) statuses.push(400);
  if (signedIn) statuses.push(401);
  if (signedIn || needsCsrf(method, url)) statuses.push(403);
  if (url.includes(':')) statuses.push(404);
  if (writes) statuses.push(409);
  if (access.limited) statuses.push(429);
  return statuses;
}

/** The security requirement of a route: cookie session and/or the CSRF header (both at once). */
export function securityOf({ method, url, access }: DocumentedRoute) {
  const schemes: Record<string, string[]> = {};
  if ('webhook' in access) return [];
  if ('bearer' in access) return [{ bearer: [] }];
  if ('capability' in access) schemes.session = [];
  if (needsCsrf(method, url)) schemes.csrf = [];
  return Object.keys(schemes).length ? [schemes] : [];
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * @fastify/swagger's transform: the route's own schema with its error answers (the shared error
 * shape) and security added, then zod turned into JSON Schema as before.
 */
export function apiDocsTransform(input: TransformInput) {
  const route = input.route;
  const access = route.config?.access;
  if (!access) return jsonSchemaTransform(input);
  const schema: FastifySchema = input.schema ?? {};
  const methods = [route.method].flat().filter((method) => method !== 'HEAD');
  const documented = { method: methods[0] ?? 'GET', url: route.url, access, schema };
  const response: Record<string, unknown> = { ...(schema.response as object) };
  for (const status of errorStatusesOf(documented)) {
    response[status] ??= apiErrorSchema.meta({ description: ERROR_STATUS_DESCRIPTIONS[status] });
  }
  return jsonSchemaTransform({
    ...input,
    schema: { ...schema, response, security: securityOf(documented) },
  });
}
