/**
 * createTestApp(): the real app on a database of its own with the real migrations, a clock
 * the test controls, and a client that keeps cookies and the CSRF token like the web app.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app/build-app';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { Clock } from '../lib/clock';
import { openTestDatabase } from './test-database';

export class TestClock implements Clock {
  constructor(private current = new Date('2026-11-22T08:00:00.000Z')) {}
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: 'test',
    port: 0,
    databaseUrl: undefined,
    dataDir: '/nonexistent',
    uploadDir: '/nonexistent/uploads',
    sessionSecret: 'test-secret-of-sufficient-length',
    seedDemo: false,
    trustProxy: false,
    logLevel: 'silent',
    webDistDir: undefined,
    sessionTtlMs: 7 * 24 * 60 * 60 * 1000,
    authRateLimit: {
      windowMs: 60_000,
      loginPerIp: 1000,
      registerPerIp: 1000,
      failedLoginsPerEmail: 1000,
    },
    sms: null,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  clock: TestClock;
  /** A fresh browser-like client: its own cookies, its own CSRF token (and IP, if given). */
  client(ip?: string): TestClient;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const handle = await openTestDatabase();
  const clock = new TestClock();
  const app = await buildApp({ db: handle.db, config: testConfig(overrides), clock });
  return {
    app,
    db: handle.db,
    clock,
    client: (ip?: string) => new TestClient(app, ip),
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RequestOptions {
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** Send the CSRF header (fetched when missing). Default true; false sends none. */
  csrf?: boolean;
}

/** Cookies and CSRF handled the way the web app's API client does (spec §7). */
export class TestClient {
  private cookies = new Map<string, string>();
  private csrfToken: string | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = '127.0.0.1',
  ) {}

  cookie(name: string) {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  /** Forget the cached token, as the web client does after signing in or out. */
  resetCsrf() {
    this.csrfToken = undefined;
  }

  async fetchCsrfToken(): Promise<string> {
    const response = await this.raw({ method: 'GET', url: '/api/auth/csrf-token' });
    this.csrfToken = response.json<{ token: string }>().token;
    return this.csrfToken;
  }

  async raw(options: InjectOptions): Promise<LightMyRequestResponse> {
    const cookieHeader = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.app.inject({
      remoteAddress: this.ip,
      ...options,
      headers: { ...(cookieHeader ? { cookie: cookieHeader } : {}), ...(options.headers ?? {}) },
    });
    for (const cookie of response.cookies) {
      const expired = cookie.expires && cookie.expires.getTime() <= Date.now();
      if (cookie.value === '' || expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  async request(method: Method, url: string, body?: unknown, options: RequestOptions = {}) {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.csrf !== false && headers['x-csrf-token'] === undefined) {
      headers['x-csrf-token'] = this.csrfToken ?? (await this.fetchCsrfToken());
    }
    const query = options.query
      ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)]))
      : undefined;
    return this.raw({
      method,
      url,
      headers,
      ...(query ? { query } : {}),
      ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
    });
  }

  get(url: string, options?: RequestOptions) {
    return this.request('GET', url, undefined, options);
  }
  post(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('POST', url, body ?? {}, options);
  }
  put(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('PUT', url, body ?? {}, options);
  }
  delete(url: string, options?: RequestOptions) {
    return this.request('DELETE', url, undefined, options);
  }

  /** Sign in; the session binds a new CSRF token, so the cached one is dropped. */
  async login(email: string, password: string, headers?: Record<string, string>) {
    const response = await this.post(
      '/api/auth/login',
      { email, password },
      headers ? { headers } : {},
    );
    this.resetCsrf();
    return response;
  }
}
