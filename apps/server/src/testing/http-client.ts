/**
 * A browser-like client over real HTTP, for tests against server processes (testing/processes):
 * it keeps cookies and the CSRF token as the web app does.
 */
import { DEMO_PASSWORD } from '../db/seed/demo-seed';

export interface HttpAnswer {
  status: number;
  json: Record<string, unknown>;
}

export class HttpClient {
  private cookies = new Map<string, string>();
  private token: string | undefined;
  constructor(readonly base: string) {}

  private keep(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      if (value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** The raw answer (a CSV, say); JSON calls use request(). */
  async fetch(method: string, url: string, body?: unknown): Promise<Response> {
    // The token first: fetching it may set the cookie it is bound to.
    if (method !== 'GET') this.token ??= await this.csrfToken();
    const headers: Record<string, string> = { cookie: this.cookieHeader() };
    if (method !== 'GET') headers['x-csrf-token'] = this.token!;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    this.keep(response);
    return response;
  }

  async request(method: string, url: string, body?: unknown): Promise<HttpAnswer> {
    const response = await this.fetch(method, url, body);
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  }

  private async csrfToken(): Promise<string> {
    const response = await fetch(`${this.base}/api/auth/csrf-token`, {
      headers: { cookie: this.cookieHeader() },
    });
    this.keep(response);
    return ((await response.json()) as { token: string }).token;
  }

  /** Signs in (a demo account by default password); throws unless it is let in. */
  async login(email: string, password = DEMO_PASSWORD): Promise<void> {
    const response = await this.request('POST', '/api/auth/login', { email, password });
    if (response.status !== 200) {
      throw new Error(`login ${email}: ${response.status} ${JSON.stringify(response.json)}`);
    }
    this.token = undefined; // the session binds a new token
  }
}
