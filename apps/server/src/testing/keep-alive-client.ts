/**
 * A signed-in person over real HTTP to a server process (testing/processes.ts), like
 * testing/http-client.ts, but on node:http with a keep-alive agent: the operations tests
 * (issue 27: a database restart, SIGTERM) see exactly what a client sees — the status and
 * headers, or the socket error (ECONNRESET, ECONNREFUSED) when there is no answer.
 */
import http from 'node:http';
import { DEMO_PASSWORD } from '../db/seed/demo-seed';

export interface KeepAliveAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  json: Record<string, unknown>;
}

/** The answer, or the error code of a request that got none. */
export type KeepAliveOutcome = KeepAliveAnswer | { error: string };

function parseJson(text: string): Record<string, unknown> {
  if (!text) return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { text };
  }
}

export class KeepAliveClient {
  private readonly cookies = new Map<string, string>();
  private token: string | undefined;
  readonly agent: http.Agent;

  constructor(
    readonly port: number,
    agent?: http.Agent,
  ) {
    this.agent = agent ?? new http.Agent({ keepAlive: true, maxSockets: 64 });
  }

  private keep(headers: http.IncomingHttpHeaders) {
    for (const header of headers['set-cookie'] ?? []) {
      const [pair] = header.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      if (value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** One request; rejects with the socket error when no answer came. */
  raw(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<KeepAliveAnswer> {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...extraHeaders,
    };
    if (method !== 'GET' && this.token) headers['x-csrf-token'] = this.token;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    return new Promise((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port: this.port, method, path, headers, agent: this.agent },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('error', reject);
          response.on('end', () => {
            this.keep(response.headers);
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              json: parseJson(text),
            });
          });
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  /** raw(), with a socket error as `{ error: code }` instead of a rejection. */
  async send(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<KeepAliveOutcome> {
    try {
      return await this.raw(method, path, body, headers);
    } catch (error) {
      return { error: (error as NodeJS.ErrnoException).code ?? String(error) };
    }
  }

  async request(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
    // The token first: fetching it may set the cookie it is bound to.
    if (method !== 'GET') this.token ??= await this.csrfToken();
    return this.raw(method, path, body, headers);
  }

  private async csrfToken(): Promise<string> {
    const answer = await this.raw('GET', '/api/auth/csrf-token');
    return answer.json.token as string;
  }

  /** Signs in as a demo account; throws unless the server says 200. */
  async login(email: string, password = DEMO_PASSWORD): Promise<void> {
    const answer = await this.request('POST', '/api/auth/login', { email, password });
    if (answer.status !== 200) throw new Error(`login ${email}: ${answer.status}`);
    // The session binds a new token.
    this.token = await this.csrfToken();
  }

  close(): void {
    this.agent.destroy();
  }
}
