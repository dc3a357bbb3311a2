/**
 * Bad input × every API route: never a 5xx, always the JSON error shape, and nothing written.
 * Generated from the routes the app registered (app.routeAccessTable) and their request schemas
 * (the OpenAPI document @fastify/swagger builds from the same zod schemas) — a new route, field
 * or path parameter is swept without anyone listing it.
 *
 * Each route gets: out-of-range, negative and malformed ids in its path, in the query's
 * store_id and in the body's store_id; NUL bytes and 1 MB values in every query parameter it
 * declares; every body field in turn given NUL and other control characters, a 1 MB string,
 * out-of-range numbers (exponent forms and amounts past any money field's maximum among them)
 * and the wrong type (the rest of the body valid, so the bad value is the only thing a missing
 * check would let through); and bodies
 * that are not the object it expects (arrays, scalars, `__proto__` / `constructor` keys, bad
 * JSON, other media types, more than the body limit). Callers: signed out, a super_admin with a
 * chosen store and without one, and an admin — each with a valid CSRF token, so the input
 * reaches validation rather than stopping at the gate.
 */
import { apiErrorSchema } from '@duka/shared/api/errors.schemas';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema';
import type { RouteAccessEntry } from '../lib/access.plugin';
import { createTestApp, type TestApp, type TestClient } from '../testing/create-test-app';
import { buildStore, buildUser, TEST_PASSWORD } from '../testing/factories';
import { darajaHookTokenOf } from '../modules/payments/daraja-token';
import { webhookSecretOf } from '../modules/webhooks/webhooks.service';

interface JsonSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  /** A field that may be null (a credit limit: null for none). */
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
}

interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
}

interface Caller {
  label: string;
  client: TestClient;
  /** The store this caller acts on, sent as store_id the way the web app does (super_admin). */
  chosenStore?: number;
  credentials?: { email: string; password: string };
  isSuperAdmin: boolean;
}

interface BadRequest {
  label: string;
  /** Replaces each `:param` of the route (default: a record the caller may edit). */
  path?: string;
  /** Raw query string, without '?'. */
  query?: string;
  /** A JSON value, or a raw payload with its content type. */
  body?: unknown;
  raw?: { contentType: string; payload: string | Buffer };
  /** Which part of the request is bad — decides what the answer must be. */
  target: 'path' | 'query' | 'query-store' | 'body-store' | 'field' | 'body' | 'junk';
  field?: string;
  /** Whatever the route, this value cannot be valid (else the case only must not crash). */
  alwaysInvalid?: boolean;
}

const BAD_IDS = ['2147483648', '-1', '99999999999999999999', 'abc', '1%00', '%E0%A4%A'];
const BIG_ID = '9'.repeat(1_000_000);
const NUL = 'Sweep\u0000nul';
const ONE_MB = 'x'.repeat(1_000_000);
// Any id that names nothing: a request the validation wrongly lets through still writes nothing.
const MISSING_ID = '999999';
/**
 * Numbers no numeric field may take (issue 20): exponent forms JavaScript prints as "1e+21"
 * (once read as the digits 121), and one cent past the most any money field holds.
 */
const HUGE_NUMBERS = [1e21, 1e308, 10_000_000.01];

let t: TestApp;
let callers: Caller[];
let storeId: number;
/** A user of `storeId` whose id is also a store's id: a valid `:id` on every route. */
let targetId: number;
/** `storeId`'s webhook secret: a webhook route's `:token`, so its input reaches validation. */
let webhookToken: string;
/** `storeId`'s Daraja hook token: the `:token` of a route declaring `{ webhook: 'daraja' }`. */
let darajaToken: string;

/** Bookkeeping a refused request may still touch: its session and sign-in counters. */
const BOOKKEEPING_TABLES = new Set(['sessions', 'auth_attempts', 'app_settings']);

/** Every business table's rows (each table of db/schema.ts, so new ones count at once). */
async function snapshot() {
  const rows: Record<string, string[]> = {};
  // db/schema.ts also holds sequences (the internal barcodes' one): tables only.
  for (const table of Object.values(schema).filter((value) => is(value, PgTable))) {
    const { name } = getTableConfig(table);
    if (BOOKKEEPING_TABLES.has(name)) continue;
    const found = await t.db.select().from(table);
    rows[name] = found.map((row) => JSON.stringify(row)).sort();
  }
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  storeId = (await buildStore(t.db)).id;
  const make = async (label: string, role: 'super_admin' | 'admin', chosenStore?: number) => {
    const user = await buildUser(t.db, { role, storeId: role === 'admin' ? storeId : null });
    const client = t.client();
    const credentials = { email: user.email, password: TEST_PASSWORD };
    const response = await client.login(credentials.email, credentials.password);
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
    return { label, client, chosenStore, credentials, isSuperAdmin: role === 'super_admin' };
  };
  callers = [
    { label: 'signed out', client: t.client(), isSuperAdmin: false },
    await make('super_admin with a store', 'super_admin', storeId),
    await make('super_admin without a store', 'super_admin'),
    await make('admin', 'admin'),
  ];
  const target = await buildUser(t.db, { role: 'sales', storeId });
  let store = await buildStore(t.db);
  while (store.id < target.id) store = await buildStore(t.db);
  if (store.id !== target.id) throw new Error('could not align a store id with a user id');
  targetId = target.id;
  webhookToken = await webhookSecretOf(t.db, storeId);
  darajaToken = await darajaHookTokenOf(t.db, storeId);
});
afterAll(() => t.close());

function operationOf(route: RouteAccessEntry): Operation | undefined {
  const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  // The document writes '/api/users/' for a plugin's root route and '{id}' for ':id'.
  const normal = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '');
  const path = Object.keys(document.paths).find((key) => normal(key) === normal(route.url));
  return path ? document.paths[path]?.[route.method.toLowerCase()] : undefined;
}

function parametersOf(route: RouteAccessEntry, where: 'path' | 'query') {
  return (operationOf(route)?.parameters ?? []).filter((parameter) => parameter.in === where);
}

const typesOf = (schema: JsonSchema = {}) => [
  schema.type,
  ...(schema.anyOf ?? []).map((option) => option.type),
];
const isIdLike = (schema: JsonSchema = {}) => typesOf(schema).includes('integer');
/** Ids, counts and money: every field that takes a JSON number. */
const isNumeric = (schema: JsonSchema = {}) =>
  typesOf(schema).some((type) => type === 'integer' || type === 'number');

function bodySchemaOf(route: RouteAccessEntry): JsonSchema | undefined {
  return operationOf(route)?.requestBody?.content?.['application/json']?.schema;
}

/** A value the schema accepts; the sweep then spoils one field at a time. */
function validValue(name: string, schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum.at(-1);
  const type = schema.type ?? schema.anyOf?.[0]?.type;
  if (type === 'boolean') return false;
  if (type === 'integer' || type === 'number') return storeId;
  if (schema.format === 'email' || /email/i.test(name)) return 'sweep-valid@example.test';
  // A Kenyan phone (packages/shared/src/api/phone.ts): free text would be refused on its own.
  if (/phone/i.test(name)) return '0712 345 678';
  return 'Sweep-valid-text';
}

function validBody(schema: JsonSchema): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of schema.required ?? []) {
    body[name] = validValue(name, schema.properties?.[name] ?? {});
  }
  return body;
}

/** Values no field of this type may take. */
function badValuesFor(schema: JsonSchema): unknown[] {
  const values: unknown[] = [NUL, ONE_MB, 2147483648, -1, {}, []];
  // null is a value of a nullable field (a credit limit of none), bad for any other.
  if (!schema.nullable) values.push(null);
  if (isNumeric(schema)) values.push(...HUGE_NUMBERS);
  // Free text refuses every control character; a password only NUL (it is never shown).
  if (schema.format !== 'password') values.push('Sweep\u001b[2J');
  if (schema.type !== 'boolean') values.push(true);
  return values;
}

function isStoreScoped(route: RouteAccessEntry) {
  return 'capability' in route.access && Boolean(route.access.store);
}

function casesFor(route: RouteAccessEntry): BadRequest[] {
  const cases: BadRequest[] = [];
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const schema = bodySchemaOf(route);

  // Every route: a query (and body) it does not expect, store_id included.
  cases.push({
    label: 'junk query',
    target: 'junk',
    path: MISSING_ID,
    query: 'x=%00&__proto__=1&constructor=1&store_id=2147483648&page=-1',
    ...(hasBody ? { body: { store_id: 2147483648, id: -1, x: '\u0000' } } : {}),
  });
  // Path parameters: every one an id today; the whole path is spoiled at once (one bad part is
  // enough to refuse it), and must be refused when the parameters are ids.
  if (route.url.includes(':')) {
    const ids = parametersOf(route, 'path').every((parameter) => isIdLike(parameter.schema));
    for (const id of [...BAD_IDS, BIG_ID]) {
      cases.push({ label: `id ${id.slice(0, 20)}`, target: 'path', path: id, alwaysInvalid: ids });
    }
  }
  // Query parameters a route declares (pagination, search…): NUL and 1 MB are never valid.
  for (const parameter of parametersOf(route, 'query')) {
    const values = ['%00', 'a%00b', 'x'.repeat(1_000_000), '2147483648', '-1', '1&x=2'];
    for (const value of values) {
      cases.push({
        label: `query ${parameter.name}=${value.slice(0, 20)}`,
        target: 'query',
        path: MISSING_ID,
        query: `${parameter.name}=${value}${value === '1&x=2' ? `&${parameter.name}=2` : ''}`,
        alwaysInvalid: value.includes('%00') || value.length > 1000,
      });
    }
  }
  // Where the store is read (lib/store-scope.ts): query for every method, body before it.
  if (isStoreScoped(route)) {
    for (const id of [...BAD_IDS, BIG_ID, '1&store_id=2']) {
      cases.push({
        label: `query store_id ${id.slice(0, 20)}`,
        target: 'query-store',
        path: MISSING_ID,
        query: `store_id=${id}`,
      });
    }
    if (hasBody) {
      for (const value of [2147483648, -1, '99999999999', [1], 'x\u0000']) {
        cases.push({
          label: `body store_id ${JSON.stringify(value)}`,
          target: 'body-store',
          path: MISSING_ID,
          body: { store_id: value },
        });
      }
    }
  }
  if (!hasBody) return cases;

  for (const [field, fieldSchema] of Object.entries(schema?.properties ?? {})) {
    for (const value of badValuesFor(fieldSchema)) {
      const shown = typeof value === 'string' ? `${value.slice(0, 12)}…` : JSON.stringify(value);
      cases.push({
        label: `${field} = ${JSON.stringify(shown)}`,
        target: 'field',
        field,
        body: { ...validBody(schema!), [field]: value },
        // A field declared to hold more than 1 MB (a CSV file's text) may accept it.
        alwaysInvalid: value !== ONE_MB || (fieldSchema.maxLength ?? 0) < ONE_MB.length,
      });
    }
  }
  const json = (label: string, payload: string | Buffer, contentType = 'application/json') =>
    cases.push({ label, target: 'body', raw: { contentType, payload } });
  json('array body', '[]');
  json('string body', '"text"');
  json('null body', 'null');
  json('__proto__ key', '{"__proto__":{"role":"super_admin"},"name":"Sweep"}');
  json('constructor key', '{"constructor":{"prototype":{"role":"super_admin"}}}');
  json('broken JSON', '{"name": "Sweep"');
  json('empty JSON', '');
  json('invalid UTF-8', Buffer.from([0x5b, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x5d]));
  json('over the body limit', `{"name":"${'x'.repeat(1024 * 1024 + 10)}"}`);
  json('plain text', 'name=Sweep', 'text/plain');
  json('multipart', '--b\r\n\r\n--b--', 'multipart/form-data; boundary=b');
  json('JSON in another charset', '[]', 'application/json; charset=utf-16');
  return cases;
}

async function send(caller: Caller, route: RouteAccessEntry, bad: BadRequest) {
  // A webhook's secret is right unless the case spoils the path: the gate would stop it first.
  const token =
    'webhook' in route.access && bad.target !== 'path'
      ? route.access.webhook === 'daraja'
        ? darajaToken
        : webhookToken
      : undefined;
  let url = route.url
    .replace(':token', token ?? ':token')
    .replace(/:\w+/g, bad.path ?? String(targetId));
  const query: string[] = [];
  if (bad.query) query.push(bad.query);
  // The store a super_admin chose travels with every call (query; and body, as the web does),
  // except where the case puts a bad store_id of its own.
  const setsStore = bad.target === 'query-store' || bad.target === 'body-store';
  if (caller.chosenStore && !setsStore) query.push(`store_id=${caller.chosenStore}`);
  if (query.length) url += `?${query.join('&')}`;

  const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  if (bad.raw) {
    return caller.client.request(method, url, bad.raw.payload, {
      headers: { 'content-type': bad.raw.contentType },
    });
  }
  let body = bad.body;
  if (body === undefined && method !== 'GET' && method !== 'DELETE') body = {};
  if (caller.chosenStore && !setsStore && body && typeof body === 'object') {
    body = { store_id: caller.chosenStore, ...body };
  }
  return caller.client.request(method, url, body);
}

/** True when the request had to be refused (4xx) rather than merely not crash. */
function mustRefuse(caller: Caller, route: RouteAccessEntry, bad: BadRequest): boolean {
  const storeScoped = isStoreScoped(route);
  switch (bad.target) {
    case 'path':
    case 'query':
      return bad.alwaysInvalid === true;
    case 'field':
      return bad.alwaysInvalid !== false;
    case 'body':
      return bodySchemaOf(route) !== undefined;
    case 'query-store':
    case 'body-store':
      return storeScoped && caller.isSuperAdmin;
    case 'junk':
      return false;
  }
}

function check(
  caller: Caller,
  route: RouteAccessEntry,
  bad: BadRequest,
  response: LightMyRequestResponse,
) {
  const label = `${caller.label} ${route.method} ${route.url} [${bad.label}] → ${
    response.statusCode
  } ${response.body.slice(0, 300)}`;
  expect(response.statusCode, label).toBeLessThan(500);
  if (mustRefuse(caller, route, bad)) {
    expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
  }
  if (response.statusCode < 400) return;
  expect(response.headers['content-type'], label).toMatch(/^application\/json/);
  const body = apiErrorSchema.strict().safeParse(response.json());
  expect(body.success, label).toBe(true);
  if (bad.target === 'field' && body.data?.code === 'validation_error') {
    // Refused for that field (the rest of the body is valid): without the field's own check
    // the value would have gone on to the service and the database. An object field ({} given)
    // may be refused by a field of its own it then lacks (Body.stkCallback, issue 23).
    const paths = body.data.errors?.map((error) => error.path) ?? [];
    expect(
      paths.some((path) => path === bad.field || path.startsWith(`${bad.field}.`)),
      `${label} names ${bad.field}`,
    ).toBe(true);
  }
}

/** POST /api/auth/logout (or a future route like it) may end a caller's session: sign back in. */
async function keepSignedIn(caller: Caller) {
  if (!caller.credentials || caller.client.cookie('duka_session')) return;
  caller.client.resetCsrf(); // the old token was bound to the ended session
  const response = await caller.client.login(caller.credentials.email, caller.credentials.password);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
}

describe('bad input sweep', () => {
  it('covers the registered routes and their body fields', () => {
    const routes = t.app.routeAccessTable;
    expect(routes.length).toBeGreaterThan(10);
    expect(
      Object.keys(
        bodySchemaOf(routes.find((r) => r.url === '/api/users' && r.method === 'POST')!)
          ?.properties ?? {},
      ),
    ).toEqual(expect.arrayContaining(['name', 'email', 'password', 'role', 'store_id']));
  });

  it(
    'answers every route and caller with a 4xx JSON error, never a 5xx, and writes nothing',
    // Thousands of requests: under a minute on an idle 2-core machine, minutes on a busy one.
    { timeout: 600_000 },
    async () => {
      const before = await snapshot();
      let sent = 0;
      for (const route of t.app.routeAccessTable) {
        const cases = casesFor(route);
        for (const caller of callers) {
          let gated = false;
          for (const bad of cases) {
            // The gate (lib/access.plugin.ts, onRequest) answers before any input is read: once it
            // has refused this caller, a field-by-field sweep of the body would only repeat that.
            if (gated && bad.target === 'field') continue;
            // Staff act on their own store whatever store_id they send (lib/store-scope.ts): a
            // query store_id is then no input at all, and an empty body a valid request where
            // every field is optional (POST /stock-counts starts a count) — nothing bad to sweep.
            if (bad.target === 'query-store' && caller.credentials && !caller.isSuperAdmin) {
              continue;
            }
            const response = await send(caller, route, bad);
            check(caller, route, bad, response);
            if (bad === cases[0] && response.statusCode >= 400) {
              const { code } = response.json<{ code: string }>();
              gated = code === 'auth.unauthenticated' || code === 'auth.forbidden';
            }
            await keepSignedIn(caller);
            sent += 1;
          }
        }
      }
      expect(sent).toBeGreaterThan(500);
      expect(await snapshot()).toEqual(before);
    },
  );
});

describe('the bad input that used to answer 500', () => {
  const fieldErrors = (response: LightMyRequestResponse) =>
    response.json<{ errors?: { path: string; message: string }[] }>().errors;

  it('refuses a NUL in a name at registration, naming the field', async () => {
    const response = await t.client().post('/api/auth/register', {
      name: 'Jo\u0000 Buyer',
      email: 'nul-name@example.test',
      password: 'secret-enough',
    });
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response)).toEqual([
      { path: 'name', message: 'Name contains characters that are not allowed' },
    ]);
  });

  it('refuses ids past PostgreSQL integer in the path, the query and the body', async () => {
    const [, superAdmin] = callers;
    const inPath = await superAdmin!.client.get('/api/users/2147483648', {
      query: { store_id: storeId },
    });
    expect(inPath.statusCode).toBe(400);
    expect(fieldErrors(inPath)).toEqual([{ path: 'id', message: 'Invalid id' }]);

    const inQuery = await superAdmin!.client.get('/api/users', {
      query: { store_id: '2147483648' },
    });
    expect(inQuery.statusCode).toBe(400);
    expect(fieldErrors(inQuery)).toEqual([{ path: 'store_id', message: 'Invalid store' }]);

    const inBody = await t.client().post('/api/auth/register', {
      name: 'Jo Buyer',
      email: 'big-store@example.test',
      password: 'secret-enough',
      store_id: 2147483648,
    });
    expect(inBody.statusCode).toBe(400);
    expect(fieldErrors(inBody)).toEqual([{ path: 'store_id', message: 'Invalid store' }]);
  });

  it('answers routing errors in the error shape, without echoing the URL', async () => {
    const badEscape = await t.client().get('/api/users/%E0%A4%A');
    expect(badEscape.statusCode).toBe(400);
    expect(badEscape.json()).toEqual({ message: 'Invalid URL', code: 'request.bad_url' });
    const longParam = await t.client().get(`/api/users/${'9'.repeat(500)}`);
    expect(longParam.statusCode).toBe(414);
    expect(longParam.json()).toEqual({ message: 'URL is too long', code: 'request.url_too_long' });
  });
});

/** A path into a body: property names, and 0 for an array's first element. */
type FieldPath = (string | number)[];

/** Every field that takes a number, nested ones (a sale's lines) included. */
function numericFields(schema: JsonSchema, path: FieldPath = []): FieldPath[] {
  if (path.length > 0 && isNumeric(schema)) return [path];
  if (schema.type === 'array' && schema.items) return numericFields(schema.items, [...path, 0]);
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
    numericFields(property, [...path, name]),
  );
}

/** A body valid but for `value` at `path` (each object on the way has its required fields). */
function bodyWith(schema: JsonSchema, path: FieldPath, value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (typeof head === 'number') return [bodyWith(schema.items ?? {}, rest, value)];
  return { ...validBody(schema), [head]: bodyWith(schema.properties?.[head] ?? {}, rest, value) };
}

describe('every numeric field of every route', () => {
  let shopper: Caller;
  beforeAll(async () => {
    const user = await buildUser(t.db, { role: 'user', storeId });
    const client = t.client();
    await client.login(user.email, TEST_PASSWORD);
    shopper = { label: 'shopper', client, isSuperAdmin: false };
  });

  it(
    'refuses 1e21, 1e308 and 10,000,000.01 (and their text forms) with a 400 naming the field',
    { timeout: 300_000 },
    async () => {
      const before = await snapshot();
      const checked: string[] = [];
      for (const route of t.app.routeAccessTable) {
        const schema = bodySchemaOf(route);
        if (!schema || route.method === 'GET') continue;
        for (const path of numericFields(schema)) {
          const field = path.join('.');
          const leaf = path.reduce<JsonSchema>(
            (at, step) => (typeof step === 'number' ? at.items! : at.properties![step]!),
            schema,
          );
          const texts = typesOf(leaf).includes('string') ? HUGE_NUMBERS.map(String) : [];
          for (const value of [...HUGE_NUMBERS, ...texts, '1e3']) {
            if (value === '1e3' && !texts.length) continue;
            const bad = {
              label: field,
              target: 'field' as const,
              body: bodyWith(schema, path, value),
            };
            // The first caller the gate lets through (a shopper for the shop's own routes).
            let answered: LightMyRequestResponse | undefined;
            for (const caller of [...callers, shopper]) {
              const response = await send(caller, route, { ...bad, path: MISSING_ID });
              await keepSignedIn(caller);
              const { code } = response.json<{ code?: string }>();
              if (code === 'auth.unauthenticated' || code === 'auth.forbidden') continue;
              answered = response;
              break;
            }
            const label = `${route.method} ${route.url} ${field} = ${JSON.stringify(value)}`;
            expect(answered, `${label}: no caller got past the gate`).toBeDefined();
            expect(answered!.statusCode, `${label} → ${answered!.body}`).toBe(400);
            const paths = answered!
              .json<{ errors?: { path: string }[] }>()
              .errors?.map((error) => error.path);
            expect(paths, `${label} → ${answered!.body}`).toContain(field);
          }
          checked.push(`${route.method} ${route.url} ${field}`);
        }
      }
      // The money fields this issue names are among those checked (nested lines included).
      expect(checked).toEqual(
        expect.arrayContaining([
          'POST /api/sales items.0.unit_price',
          'POST /api/sales delivery_fee',
          'POST /api/products piece_selling_price',
          'POST /api/purchase-orders items.0.buying_price',
          'POST /api/expenses amount',
        ]),
      );
      expect(await snapshot()).toEqual(before);
    },
  );
});
