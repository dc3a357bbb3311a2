/**
 * The one HTTP client of the web app (spec §7–§8). It knows the API's rules — CSRF header,
 * retry after a rejected token, the super_admin's store_id, the error body — but shows no UI:
 * app/ injects what happens on a 401 and where the current store comes from.
 */
import type { ApiError } from '@duka/shared/api/errors.schemas';
import { actsOnChosenStore, type Role } from '@duka/shared/auth/roles';

export type FieldError = NonNullable<ApiError['errors']>[number];

export class ApiRequestError extends Error {
  readonly status: number;
  /** The server's own message; null when the answer carried none (then a fallback shows). */
  readonly serverMessage: string | null;
  readonly code: string | null;
  readonly errors: FieldError[];
  /** Seconds to wait, from the Retry-After header of a 429; null when absent. */
  readonly retryAfter: number | null;

  constructor(init: {
    status: number;
    message: string;
    code?: string | null;
    errors?: FieldError[];
    retryAfter?: number | null;
  }) {
    super(init.message || `Request failed with status ${init.status}`);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.serverMessage = init.message || null;
    this.code = init.code ?? null;
    this.errors = init.errors ?? [];
    this.retryAfter = init.retryAfter ?? null;
  }
}

/**
 * The server's message when there is one, else the caller's fallback text (spec §8: "the
 * server message or 'Failed to …'"). A failed call without a message in its body gets the
 * fallback, never a technical "Request failed with status 500".
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return error.serverMessage ?? fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * Issue 22: the request got no answer — no connection (fetch's TypeError), a timeout, or the
 * browser knows it is offline. An answer, even a 5xx, is not a network failure.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiRequestError) return false;
  if (error instanceof TypeError) return true;
  if (error instanceof DOMException && error.name === 'TimeoutError') return true;
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface StoreScope {
  role: Role | null;
  storeId: number | null;
}

export interface ApiClientOptions {
  baseUrl?: string;
  onUnauthorized?: () => void;
  getStoreScope?: () => StoreScope;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// A 401 here is an answer, not an expired session: signed out (me) or wrong credentials.
const SILENT_UNAUTHORIZED = new Set(['/auth/me', '/auth/login', '/auth/register']);
// The server binds the CSRF token to the session, so a new session needs a new token.
const SESSION_CHANGING = new Set(['/auth/login', '/auth/register', '/auth/logout']);
const CSRF_TOKEN_PATH = '/auth/csrf-token';

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Calls that are not about one store's records (PRODUCT.md §2). */
function isStoreExempt(pathname: string): boolean {
  return (
    isUnder(pathname, '/auth') ||
    isUnder(pathname, '/stores') ||
    // Issue 27: the install's backups hold every store.
    isUnder(pathname, '/system') ||
    pathname === '/users/profile' ||
    pathname === '/users/change-password'
  );
}

function withStoreId(body: unknown, storeId: number): unknown {
  if (body === undefined || body === null) return { store_id: storeId };
  if (body instanceof FormData) {
    if (!body.has('store_id')) body.append('store_id', String(storeId));
    return body;
  }
  if (typeof body === 'object' && !Array.isArray(body)) {
    return 'store_id' in body ? body : { ...body, store_id: storeId };
  }
  return body;
}

function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isFieldError(value: unknown): value is FieldError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FieldError).path === 'string' &&
    typeof (value as FieldError).message === 'string'
  );
}

async function toRequestError(response: Response): Promise<ApiRequestError> {
  const body = (await readBody(response).catch(() => undefined)) as
    Partial<Record<keyof ApiError, unknown>> | string | undefined;
  const data = typeof body === 'object' && body !== null ? body : {};
  return new ApiRequestError({
    status: response.status,
    message: typeof data.message === 'string' ? data.message : '',
    code: typeof data.code === 'string' ? data.code : null,
    errors: Array.isArray(data.errors) ? data.errors.filter(isFieldError) : [],
    retryAfter: parseRetryAfter(response.headers.get('Retry-After')),
  });
}

export function createApiClient(initial: ApiClientOptions = {}) {
  const options: ApiClientOptions = { ...initial };
  const baseUrl = () => options.baseUrl ?? '/api';
  let csrfToken: string | null = null;
  let pendingToken: Promise<string | null> | null = null;

  async function fetchCsrfToken(): Promise<string | null> {
    try {
      const response = await fetch(`${baseUrl()}${CSRF_TOKEN_PATH}`, {
        credentials: 'include',
        headers: { Accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const body = (await response.json()) as { token?: unknown };
      if (typeof body.token !== 'string') throw new Error('the answer holds no token');
      return body.token;
    } catch (error) {
      // Spec §8: a failed token fetch is logged and the request goes on without it.
      console.warn('Could not fetch a CSRF token:', error);
      return null;
    }
  }

  function ensureCsrfToken(): Promise<string | null> {
    if (csrfToken) return Promise.resolve(csrfToken);
    pendingToken ??= fetchCsrfToken().then((token) => {
      csrfToken = token;
      pendingToken = null;
      return token;
    });
    return pendingToken;
  }

  function scopedStoreId(pathname: string): number | null {
    if (isStoreExempt(pathname)) return null;
    const scope = options.getStoreScope?.();
    return scope && actsOnChosenStore(scope.role) && scope.storeId != null ? scope.storeId : null;
  }

  /**
   * Where a call goes: the path with its query, and a super_admin's store — in the query for
   * GET and DELETE; for other methods `bodyStoreId`, to go into the body.
   */
  function resolve(method: Method, path: string, query: RequestOptions['query'] = {}) {
    const queryStart = path.indexOf('?');
    const pathname = queryStart === -1 ? path : path.slice(0, queryStart);
    const params = new URLSearchParams(queryStart === -1 ? '' : path.slice(queryStart + 1));
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.set(key, String(value));
    }
    const storeId = scopedStoreId(pathname);
    const inQuery = method === 'GET' || method === 'DELETE';
    if (storeId !== null && inQuery && !params.has('store_id')) {
      params.set('store_id', String(storeId));
    }
    const search = params.toString();
    const url = `${baseUrl()}${pathname}${search ? `?${search}` : ''}`;
    return { pathname, url, bodyStoreId: inQuery ? null : storeId };
  }

  async function request<T>(
    method: Method,
    path: string,
    body: unknown,
    requestOptions: RequestOptions = {},
  ): Promise<T> {
    const { pathname, url, bodyStoreId } = resolve(method, path, requestOptions.query);
    const payload = bodyStoreId === null ? body : withStoreId(body, bodyStoreId);
    const needsCsrf = method !== 'GET' || isUnder(pathname, '/auth');

    const send = async (): Promise<Response> => {
      const headers: Record<string, string> = {
        Accept: 'application/json',
        ...requestOptions.headers,
      };
      let serialized: BodyInit | undefined;
      if (payload instanceof FormData) {
        serialized = payload;
      } else if (payload !== undefined) {
        // Only with a body: Fastify refuses an empty body declared as JSON.
        headers['Content-Type'] = 'application/json';
        serialized = JSON.stringify(payload);
      }
      if (needsCsrf) {
        const token = await ensureCsrfToken();
        if (token) headers['X-CSRF-Token'] = token;
      }
      return fetch(url, {
        method,
        credentials: 'include',
        headers,
        body: serialized,
        signal: requestOptions.signal,
      });
    };

    let response = await send();
    if (response.status === 403 && method !== 'GET') {
      // Spec §8: the token may have been rotated with the session; try once with a fresh one.
      csrfToken = null;
      response = await send();
    }

    if (!response.ok) {
      const error = await toRequestError(response);
      if (response.status === 401 && !SILENT_UNAUTHORIZED.has(pathname)) {
        options.onUnauthorized?.();
      }
      throw error;
    }

    if (SESSION_CHANGING.has(pathname)) csrfToken = null;
    return (await readBody(response)) as T;
  }

  return {
    get: <T>(path: string, requestOptions?: RequestOptions) =>
      request<T>('GET', path, undefined, requestOptions),
    post: <T>(path: string, body?: unknown, requestOptions?: RequestOptions) =>
      request<T>('POST', path, body, requestOptions),
    put: <T>(path: string, body?: unknown, requestOptions?: RequestOptions) =>
      request<T>('PUT', path, body, requestOptions),
    patch: <T>(path: string, body?: unknown, requestOptions?: RequestOptions) =>
      request<T>('PATCH', path, body, requestOptions),
    delete: <T>(path: string, requestOptions?: RequestOptions) =>
      request<T>('DELETE', path, undefined, requestOptions),
    /**
     * The URL of a GET the browser makes itself (a download link), with the super_admin's
     * store_id as every GET of this client carries it.
     */
    href: (path: string, query?: RequestOptions['query']) => resolve('GET', path, query).url,
    /** Forget the cached CSRF token; the next call that needs one fetches it again. */
    clearCsrfToken: () => {
      csrfToken = null;
    },
    configure: (partial: Partial<ApiClientOptions>) => {
      Object.assign(options, partial);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client; app/ wires onUnauthorized and the store scope at start-up. */
export const apiClient = createApiClient();
