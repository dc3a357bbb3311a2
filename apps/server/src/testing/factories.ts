/** Factories for records the tests need, written straight to the database. */
import type { Role } from '@duka/shared/auth/roles';
import type { Database } from '../db/client';
import { createStore } from '../modules/stores/stores.service';
import type { StoreRow } from '../modules/stores/stores.table';
import { insertUser } from '../modules/users/users.service';
import type { UserRow } from '../modules/users/users.table';
import type { TestApp, TestClient } from './create-test-app';

export const TEST_PASSWORD = 'correct-horse-battery';

let sequence = 0;
const next = () => (sequence += 1);

export function buildStore(db: Database, name = `Store ${next()}`): Promise<StoreRow> {
  return createStore(db, { name });
}

export async function buildUser(
  db: Database,
  attributes: {
    role: Role;
    storeId: number | null;
    email?: string;
    name?: string;
    password?: string;
    isActive?: boolean;
  },
): Promise<UserRow & { password: string }> {
  const n = next();
  const password = attributes.password ?? TEST_PASSWORD;
  const row = await insertUser(db, {
    name: attributes.name ?? `${attributes.role} ${n}`,
    email: attributes.email ?? `${attributes.role}-${n}@example.test`,
    password,
    role: attributes.role,
    storeId: attributes.storeId,
    isActive: attributes.isActive ?? true,
  });
  return { ...row, password };
}

/** A signed-in client of the given role in the given store. */
export async function signedIn(
  testApp: TestApp,
  role: Role,
  storeId: number,
): Promise<{ client: TestClient; user: UserRow & { password: string } }> {
  const user = await buildUser(testApp.db, {
    role,
    storeId: role === 'super_admin' ? null : storeId,
  });
  const client = testApp.client();
  const response = await client.login(user.email, user.password);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return { client, user };
}
