/**
 * createTestApp(): the real app on a database of its own with the real migrations, a clock
 * the test controls, and a client that keeps cookies and the CSRF token like the web app.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
    databaseRead: undefined,
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
    publicUrl: undefined,
    daraja: { baseUrl: undefined },
    etims: { baseUrl: undefined },
    jobs: { pollMs: 1000, retryBaseMs: 15_000 },
    apiDocs: true,
    metricsToken: undefined,
    backup: {
      // Under a file, so no backup can be written even by root: a test that wants one sets it.
      dir: '/dev/null/duka-backups',
      keepDays: 14,
      time: '03:00',
      timeZone: 'Africa/Nairobi',
      // The nightly backup only in the tests that turn it on: other tests' job passes stay theirs.
      nightly: false,
    },
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  db: Database;
  clock: TestClock;
  /** A fresh browser-like client: its own cookies, its own CSRF token (and IP, if given). */
  client(ip?: string): TestClient;
  close(): Promise<void>;
}

/**
 * `uploads: true` gives the app an UPLOAD_DIR of its own, a fresh temporary folder removed on
 * close; otherwise it points nowhere, so a test that writes a file by surprise fails.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  { uploads = false } = {},
): Promise<TestApp> {
  const uploadDir = uploads ? await temporaryUploadDir() : undefined;
  const handle = await openTestDatabase();
  const clock = new TestClock();
  const config = testConfig({ ...(uploadDir ? { uploadDir } : {}), ...overrides });
  const app = await buildApp({ db: handle.db, config, clock });
  return {
    app,
    config,
    db: handle.db,
    clock,
    client: (ip?: string) => new TestClient(app, ip),
    close: async () => {
      await app.close();
      await handle.close();
      if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
    },
  };
}

/** A new empty folder for uploaded files; the caller removes it. */
export function temporaryUploadDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'duka-uploads-'));
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RequestOptions {
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** Send the CSRF header (fetched when missing). Default true; false sends none. */
  csrf?: boolean;
}

export interface FormFile {
  filename: string;
  data: Buffer;
  /** The declared type (default application/octet-stream); the server does not believe it. */
  type?: string;
  /** Default 'images'. */
  field?: string;
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

  /**
   * A multipart/form-data request, encoded by the platform's FormData as a browser does:
   * text fields as strings, files under their field name (repeat a name to send several).
   */
  async form(
    method: 'POST' | 'PUT',
    url: string,
    fields: Record<string, string | number | boolean>,
    files: FormFile[] = [],
    options: RequestOptions = {},
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
    for (const file of files) {
      const blob = new Blob([file.data], { type: file.type ?? 'application/octet-stream' });
      form.append(file.field ?? 'images', blob, file.filename);
    }
    const encoded = new Request('http://test.invalid/', { method: 'POST', body: form });
    const payload = Buffer.from(await encoded.arrayBuffer());
    const headers = { ...options.headers, 'content-type': encoded.headers.get('content-type')! };
    return this.request(method, url, payload, { ...options, headers });
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
