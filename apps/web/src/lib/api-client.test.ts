import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, createApiClient, errorMessage, type StoreScope } from './api-client';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };

let calls: Call[];
let replies: Reply[];
let tokenCounter: number;

function json(reply: Reply): Response {
  return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
    status: reply.status ?? 200,
    headers: { 'Content-Type': 'application/json', ...reply.headers },
  });
}

beforeEach(() => {
  calls = [];
  replies = [];
  tokenCounter = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({
        url,
        method: init.method ?? 'GET',
        headers,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
        credentials: init.credentials,
      });
      if (url === '/api/auth/csrf-token') {
        tokenCounter += 1;
        return json({ body: { token: `token-${tokenCounter}` } });
      }
      return json(replies.shift() ?? { body: { success: true } });
    }),
  );
});

const nonTokenCalls = () => calls.filter((call) => call.url !== '/api/auth/csrf-token');
const tokenFetches = () => calls.filter((call) => call.url === '/api/auth/csrf-token').length;

describe('CSRF token', () => {
  it('fetches a token first and sends it with a POST, with credentials and JSON', async () => {
    const client = createApiClient();
    await client.post('/customers', { name: 'Wanjiru' });

    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/auth/csrf-token',
      'POST /api/customers',
    ]);
    const post = calls[1]!;
    expect(post.headers['X-CSRF-Token']).toBe('token-1');
    expect(post.headers['Content-Type']).toBe('application/json');
    expect(post.credentials).toBe('include');
    expect(post.body).toEqual({ name: 'Wanjiru' });
  });

  it('sends it on GET calls under /auth but not on other GET calls', async () => {
    const client = createApiClient();
    await client.get('/products');
    expect(tokenFetches()).toBe(0);
    expect(calls[0]!.headers['X-CSRF-Token']).toBeUndefined();

    await client.get('/auth/me');
    expect(tokenFetches()).toBe(1);
    expect(nonTokenCalls()[1]!.headers['X-CSRF-Token']).toBe('token-1');
  });

  it('reuses the cached token', async () => {
    const client = createApiClient();
    await client.post('/expenses', {});
    await client.delete('/expenses/1');
    expect(tokenFetches()).toBe(1);
    expect(nonTokenCalls().map((call) => call.headers['X-CSRF-Token'])).toEqual([
      'token-1',
      'token-1',
    ]);
  });

  it('drops the token after a successful login, since the session changed', async () => {
    const client = createApiClient();
    await client.post('/auth/login', { email: 'a@b.co', password: 'secret1' });
    await client.post('/customers', {});
    expect(nonTokenCalls().map((call) => call.headers['X-CSRF-Token'])).toEqual([
      'token-1',
      'token-2',
    ]);
  });

  it('on a 403 fetches a new token and retries once, and only once', async () => {
    const client = createApiClient();
    replies.push({ status: 403, body: { message: 'Invalid CSRF token', code: 'csrf.invalid' } });
    await client.post('/sales', { total: '10.00' });
    expect(
      calls.map((call) => `${call.method} ${call.url} ${call.headers['X-CSRF-Token']}`),
    ).toEqual([
      'GET /api/auth/csrf-token undefined',
      'POST /api/sales token-1',
      'GET /api/auth/csrf-token undefined',
      'POST /api/sales token-2',
    ]);

    calls = [];
    replies.push({ status: 403, body: { message: 'Forbidden', code: 'forbidden' } });
    replies.push({ status: 403, body: { message: 'Forbidden', code: 'forbidden' } });
    const error = await client.put('/sales/1', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(403);
    expect(nonTokenCalls()).toHaveLength(2);
  });

  it('sends FormData as it is, with the CSRF header and no Content-Type, and retries a 403', async () => {
    const client = createApiClient();
    const form = new FormData();
    form.append('name', 'Sugar 1kg');
    form.append('images', new File(['png'], 'sugar.png', { type: 'image/png' }));
    replies.push({ status: 403, body: { message: 'Invalid CSRF token', code: 'csrf.invalid' } });
    await client.post('/products', form);

    const posts = nonTokenCalls();
    expect(posts.map((call) => call.headers['X-CSRF-Token'])).toEqual(['token-1', 'token-2']);
    for (const post of posts) {
      // The browser writes the multipart boundary into Content-Type itself.
      expect(post.headers['Content-Type']).toBeUndefined();
      expect(post.body).toBe(form);
    }
    expect(form.get('name')).toBe('Sugar 1kg');
    expect((form.get('images') as File).name).toBe('sugar.png');
  });

  it('does not retry a 403 on a GET', async () => {
    const client = createApiClient();
    replies.push({ status: 403, body: { message: 'Forbidden', code: 'forbidden' } });
    await expect(client.get('/reports/inventory')).rejects.toMatchObject({ status: 403 });
    expect(calls).toHaveLength(1);
  });

  it('logs a failed token fetch and sends the request anyway', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push({
          url,
          method: init.method ?? 'GET',
          headers: (init.headers ?? {}) as Record<string, string>,
          body: undefined,
          credentials: init.credentials,
        });
        if (url === '/api/auth/csrf-token') throw new TypeError('Failed to fetch');
        return json({ body: { success: true } });
      }),
    );
    const client = createApiClient();
    await expect(client.post('/auth/logout')).resolves.toEqual({ success: true });
    expect(warn).toHaveBeenCalledOnce();
    expect(calls[1]!.headers['X-CSRF-Token']).toBeUndefined();
  });
});

describe('401 handling', () => {
  it('calls onUnauthorized for an ordinary call and still rejects', async () => {
    const onUnauthorized = vi.fn();
    const client = createApiClient({ onUnauthorized });
    replies.push({ status: 401, body: { message: 'Not signed in', code: 'auth.required' } });
    await expect(client.get('/products')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('leaves a 401 from /auth/me and from login to the caller', async () => {
    const onUnauthorized = vi.fn();
    const client = createApiClient({ onUnauthorized });
    replies.push({ status: 401, body: { message: 'Not signed in', code: 'auth.required' } });
    replies.push({ status: 401, body: { message: 'Invalid email or password', code: 'x' } });
    await expect(client.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    await expect(client.post('/auth/login', {})).rejects.toMatchObject({
      message: 'Invalid email or password',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('errors', () => {
  it('carries status, message, code, field errors and Retry-After seconds', async () => {
    const client = createApiClient();
    replies.push({
      status: 429,
      body: {
        message: 'Too many requests',
        code: 'rate_limited',
        errors: [{ path: 'email', message: 'Slow down' }],
      },
      headers: { 'Retry-After': '42' },
    });
    const error = (await client.post('/auth/login', {}).catch((caught: unknown) => caught)) as
      ApiRequestError | undefined;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 429,
      message: 'Too many requests',
      code: 'rate_limited',
      errors: [{ path: 'email', message: 'Slow down' }],
      retryAfter: 42,
    });
  });
});

describe('errorMessage', () => {
  it("prefers the server's message, else the fallback, even for a body without one", async () => {
    const client = createApiClient();
    replies.push({ status: 400, body: { message: 'Email already in use', code: 'user.email' } });
    replies.push({ status: 500, body: {} });
    replies.push({ status: 502, body: undefined });
    const failures: unknown[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      failures.push(await client.get('/users').catch((caught: unknown) => caught));
    }
    expect(failures.map((failure) => errorMessage(failure, 'Failed to load users'))).toEqual([
      'Email already in use',
      'Failed to load users',
      'Failed to load users',
    ]);
    expect((failures[1] as ApiRequestError).message).toBe('Request failed with status 500');
    expect(errorMessage(new Error('offline'), 'Failed')).toBe('offline');
    expect(errorMessage('nope', 'Failed')).toBe('Failed');
  });
});

describe('store_id for a super_admin', () => {
  const scope = (role: StoreScope['role'], storeId: number | null) => () => ({ role, storeId });

  it('goes in the query string for GET and DELETE and in the body otherwise', async () => {
    const client = createApiClient({ getStoreScope: scope('super_admin', 7) });
    await client.get('/users');
    await client.get('/products/search?q=sugar');
    await client.delete('/users/3');
    await client.post('/users', { name: 'Otieno' });
    await client.put('/users/3', { name: 'Otieno' });

    const sent = nonTokenCalls();
    expect(sent.map((call) => call.url)).toEqual([
      '/api/users?store_id=7',
      '/api/products/search?q=sugar&store_id=7',
      '/api/users/3?store_id=7',
      '/api/users',
      '/api/users/3',
    ]);
    expect(sent[3]!.body).toEqual({ name: 'Otieno', store_id: 7 });
    expect(sent[4]!.body).toEqual({ name: 'Otieno', store_id: 7 });
  });

  it('is appended to a FormData body once', async () => {
    const client = createApiClient({ getStoreScope: scope('super_admin', 7) });
    const form = new FormData();
    form.append('name', 'Sugar 1kg');
    await client.put('/products/3', form);
    await client.put('/products/3', form);

    const sent = nonTokenCalls();
    expect(sent.map((call) => call.body)).toEqual([form, form]);
    expect(form.getAll('store_id')).toEqual(['7']);
  });

  it('is not attached to auth, stores, system, profile and password calls', async () => {
    const client = createApiClient({ getStoreScope: scope('super_admin', 7) });
    await client.get('/auth/me');
    await client.get('/stores');
    await client.put('/stores/2', { name: 'Mombasa' });
    await client.get('/system/backup-status');
    await client.post('/system/backups');
    await client.put('/users/profile', { name: 'Amina', email: 'a@b.co' });
    await client.post('/users/change-password', { currentPassword: 'x' });

    const sent = nonTokenCalls();
    expect(sent.every((call) => !call.url.includes('store_id'))).toBe(true);
    expect(sent.every((call) => !JSON.stringify(call.body ?? {}).includes('store_id'))).toBe(true);
  });

  it('is not attached for an admin, nor before a store is chosen', async () => {
    await createApiClient({ getStoreScope: scope('admin', 7) }).get('/users');
    await createApiClient({ getStoreScope: scope('admin', 7) }).post('/users', { name: 'A' });
    await createApiClient({ getStoreScope: scope('super_admin', null) }).get('/users');

    const sent = nonTokenCalls();
    expect(sent.map((call) => call.url)).toEqual(['/api/users', '/api/users', '/api/users']);
    expect(sent[1]!.body).toEqual({ name: 'A' });
  });

  it('is in the URL of a download link, like any GET', () => {
    const superAdmin = createApiClient({ getStoreScope: scope('super_admin', 7) });
    expect(superAdmin.href('/products/export.csv')).toBe('/api/products/export.csv?store_id=7');
    expect(superAdmin.href('/products/export.csv', { x: 1 })).toBe(
      '/api/products/export.csv?x=1&store_id=7',
    );
    const admin = createApiClient({ getStoreScope: scope('admin', 7) });
    expect(admin.href('/products/export.csv')).toBe('/api/products/export.csv');
  });
});
