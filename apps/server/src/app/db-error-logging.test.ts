/**
 * A failed query is logged without its parameter values: Drizzle's error message ends in
 * "params: …" (the user's scrypt hash, email and name on an insert), and PostgreSQL's `detail`
 * repeats the row ("Failing row contains (…)"). The log keeps what helps: the SQLSTATE, the
 * constraint, the table, the SQL text with placeholders.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { TestClient, TestClock, testConfig } from '../testing/create-test-app';
import { buildStore, buildUser } from '../testing/factories';
import { openTestDatabase } from '../testing/test-database';
import { buildApp } from './build-app';

let handle: DatabaseHandle;
let app: FastifyInstance;
let admin: TestClient;
const lines: string[] = [];

beforeAll(async () => {
  handle = await openTestDatabase();
  app = await buildApp({
    db: handle.db,
    config: testConfig({ logLevel: 'info' }),
    clock: new TestClock(),
    logger: true,
    logStream: { write: (line) => void lines.push(line) },
  });
  const store = await buildStore(handle.db);
  const user = await buildUser(handle.db, { role: 'admin', storeId: store.id });
  admin = new TestClient(app);
  const response = await admin.login(user.email, user.password);
  expect(response.statusCode).toBe(200);
});
afterAll(async () => {
  await app.close();
  await handle.close();
});
beforeEach(() => {
  lines.length = 0;
});

const databaseErrors = () =>
  lines
    .map(
      (line) =>
        JSON.parse(line) as {
          msg?: string;
          level: number;
          db?: Record<string, string>;
          stack?: string;
        },
    )
    .filter((entry) => entry.msg === 'Database error');

describe('a failed insert', () => {
  it('is a 500 whose log names the constraint but holds no email, name or password hash', async () => {
    // A rule the schemas do not know, so the insert reaches the database and fails there.
    await handle.db.execute(
      sql.raw(
        `ALTER TABLE users ADD CONSTRAINT users_name_not_forbidden CHECK (name <> 'Wanjiru Forbidden')`,
      ),
    );
    const secret = {
      name: 'Wanjiru Forbidden',
      email: 'wanjiru.leak@example.test',
      password: 'leaky-password-4821',
    };
    const response = await admin.post('/api/users', { ...secret, role: 'sales' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong', code: 'internal_error' });

    const log = lines.join('\n');
    for (const value of [
      secret.name,
      secret.email,
      secret.password,
      'scrypt$',
      'params:',
      'Failing row',
    ]) {
      expect(log).not.toContain(value);
    }
    const [entry] = databaseErrors();
    expect(entry?.level).toBe(50); // error
    expect(entry?.db).toMatchObject({
      code: '23514',
      constraint: 'users_name_not_forbidden',
      table: 'users',
    });
    expect(entry?.db?.query).toMatch(/^insert into "users"/);
    expect(entry?.db?.query).toContain('$1');
    expect(entry?.stack).toMatch(/^at /); // where it failed, without the message's parameters
  });

  it('is a 400, logged as a warning without the value, when the database refuses the value', async () => {
    // A limit tighter than the schema's (120): class 22 (data exception) is bad input.
    await handle.db.execute(sql.raw('ALTER TABLE users ALTER COLUMN name TYPE varchar(20)'));
    const response = await admin.post('/api/users', {
      name: 'Akinyi Longer Than Twenty',
      email: 'akinyi.leak@example.test',
      password: 'leaky-password-4821',
      role: 'sales',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'A value in the request is invalid',
      code: 'request.invalid_value',
    });
    const log = lines.join('\n');
    for (const value of ['Akinyi', 'akinyi.leak', 'leaky-password', 'scrypt$']) {
      expect(log).not.toContain(value);
    }
    const [entry] = databaseErrors();
    expect(entry?.level).toBe(40); // warn
    expect(entry?.db?.code).toBe('22001');
  });
});
