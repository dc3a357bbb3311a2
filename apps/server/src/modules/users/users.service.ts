/**
 * Accounts: staff management of a store (PRODUCT.md §1), the profile and password of the
 * signed-in person. Every lookup is scoped to the acting store; another store's user is 404.
 */
import { assignableRoles } from '@duka/shared/auth/permissions';
import type { Role } from '@duka/shared/auth/roles';
import type {
  ChangePasswordInput,
  ProfileInput,
  UpdateUserInput,
} from '@duka/shared/users/users.schemas';
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import {
  failedPasswordSubject,
  reserveOrRefuse,
  type AttemptLimiter,
} from '../../lib/attempt-limiter';
import { isUniqueViolation } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { endUserSessions, type AuthUser } from '../../lib/session';
import { noStoreSelected } from '../../lib/store-scope';
import { loyaltyTransactions } from '../customers/loyalty.table';
import { expenses } from '../expenses/expenses.table';
import { orders } from '../orders/orders.table';
import { stockMovements } from '../products/stock-movements.table';
import { purchaseOrders } from '../purchase-orders/purchase-orders.table';
import { receiptSends, sales } from '../sales/sales.table';
import { userErrors } from './users.errors';
import { users, type UserRow } from './users.table';

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

export interface NewAccount {
  name: string;
  email: string;
  password: string;
  role: Role;
  storeId: number | null;
  isActive?: boolean;
}

/** Insert an account; a taken email (any case) is a 409 on the email field. */
export async function insertUser(db: Executor, account: NewAccount): Promise<UserRow> {
  const passwordHash = await hashPassword(account.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        name: account.name,
        email: account.email.toLowerCase(),
        passwordHash,
        role: account.role,
        // A super_admin floats above the stores (users_store_matches_role).
        storeId: account.role === 'super_admin' ? null : account.storeId,
        isActive: account.isActive ?? true,
      })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw userErrors.emailTaken();
    throw error;
  }
}

/**
 * The accounts an actor manages in a store: that store's users, and for a super_admin also the
 * other super_admins (they belong to no store).
 */
function managedBy(actor: AuthUser, storeId: number): SQL {
  const inStore = eq(users.storeId, storeId);
  return actor.role === 'super_admin'
    ? (or(inStore, eq(users.role, 'super_admin')) as SQL)
    : inStore;
}

export async function listUsers(
  db: Executor,
  actor: AuthUser,
  storeId: number,
): Promise<UserRow[]> {
  return db.select().from(users).where(managedBy(actor, storeId)).orderBy(asc(users.id));
}

export async function getManagedUser(
  db: Executor,
  actor: AuthUser,
  storeId: number,
  id: number,
): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), managedBy(actor, storeId)))
    .limit(1);
  if (!row) throw userErrors.notFound();
  return row;
}

function assertAssignable(actor: AuthUser, role: Role) {
  if (!assignableRoles(actor.role).includes(role)) throw userErrors.roleNotAllowed();
}

export async function createUser(
  db: Executor,
  actor: AuthUser,
  storeId: number | null,
  input: { name: string; email: string; password: string; role: Role; is_active: boolean },
): Promise<UserRow> {
  assertAssignable(actor, input.role);
  // Everyone but a super_admin belongs to a store, so one must have been chosen.
  if (input.role !== 'super_admin' && storeId === null) throw noStoreSelected();
  return insertUser(db, { ...input, storeId, isActive: input.is_active });
}

/**
 * Edit an account. Nobody can change their own role or deactivate themselves (lock-out), nor
 * set their own password here without the current one; deactivation and a password reset end
 * the person's sessions. One transaction.
 */
export async function updateUser(
  db: Database,
  actor: AuthUser,
  storeId: number,
  id: number,
  input: UpdateUserInput,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const target = await getManagedUser(tx, actor, storeId, id);
    // An admin may not touch an account whose role they could not have given.
    assertAssignable(actor, target.role);
    // Archived is for good: the person left, and their account only keeps their name.
    if (target.archivedAt) throw userErrors.archived();
    const isSelf = target.id === actor.id;
    if (input.role !== undefined && input.role !== target.role) {
      if (isSelf) throw userErrors.cannotChangeOwnRole();
      assertAssignable(actor, input.role);
    }
    if (input.is_active === false && isSelf) throw userErrors.cannotDeactivateSelf();
    if (input.password !== undefined && isSelf) throw userErrors.ownPasswordNeedsChangePassword();

    const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (input.name !== undefined) changes.name = input.name;
    if (input.email !== undefined) changes.email = input.email;
    if (input.is_active !== undefined) changes.isActive = input.is_active;
    if (input.password !== undefined) changes.passwordHash = await hashPassword(input.password);
    if (input.role !== undefined) {
      changes.role = input.role;
      // Promoted to super_admin: leaves the store. Demoted from it: joins the acting store.
      changes.storeId = input.role === 'super_admin' ? null : (target.storeId ?? storeId);
    }

    let row: UserRow | undefined;
    try {
      [row] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw userErrors.emailTaken();
      throw error;
    }
    if (input.is_active === false || input.password !== undefined) {
      await endUserSessions(tx, id);
    }
    return row!;
  });
}

/** Every record that names the person who made it: their name must stay on it. */
const HISTORY: readonly [PgTable, AnyPgColumn][] = [
  [sales, sales.userId],
  // A manager who approved a discount stays named on it (an untraced price cut otherwise).
  [sales, sales.discountApprovedBy],
  [stockMovements, stockMovements.userId],
  [receiptSends, receiptSends.userId],
  [orders, orders.userId],
  [expenses, expenses.userId],
  [loyaltyTransactions, loyaltyTransactions.userId],
  [purchaseOrders, purchaseOrders.createdBy],
];

async function hasHistory(db: Executor, id: number): Promise<boolean> {
  const checks = HISTORY.map(
    ([table, column]) => sql`exists (select 1 from ${table} where ${column} = ${id})`,
  );
  // Both drivers (pg, PGlite) answer raw SQL with `rows` of objects.
  const result: unknown = await db.execute(sql`select (${sql.join(checks, sql` or `)}) as found`);
  return (result as { rows: { found: boolean }[] }).rows[0]?.found === true;
}

/**
 * DELETE /users/{id}. Someone with history — sales (made or discounts approved), stock movements, receipts sent, orders,
 * expenses, loyalty entries, purchase orders — is archived instead (issue 20): inactive for
 * good, their sessions ended, their name kept on what they did. Anyone else is deleted. True
 * when archived. One transaction, with the account row locked.
 */
export async function deleteUser(
  db: Database,
  actor: AuthUser,
  storeId: number,
  id: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const target = await getManagedUser(tx, actor, storeId, id);
    if (target.id === actor.id) throw userErrors.cannotDeleteSelf();
    assertAssignable(actor, target.role);
    await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    if (!(await hasHistory(tx, id))) {
      await tx.delete(users).where(eq(users.id, id));
      return false;
    }
    const now = new Date();
    await tx
      .update(users)
      .set({ isActive: false, archivedAt: target.archivedAt ?? now, updatedAt: now })
      .where(eq(users.id, id));
    await endUserSessions(tx, id);
    return true;
  });
}

export async function updateProfile(
  db: Executor,
  actor: AuthUser,
  input: ProfileInput,
): Promise<UserRow> {
  try {
    const [row] = await db
      .update(users)
      .set({ name: input.name, email: input.email, updatedAt: new Date() })
      .where(eq(users.id, actor.id))
      .returning();
    if (!row) throw userErrors.notFound();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw userErrors.emailTaken();
    throw error;
  }
}

/**
 * Checks the current password, stores the new one and signs out every other session. A wrong
 * current password counts against the account from this address on the same counter as
 * sign-in (`failedPasswords`, docs/decisions/0002): otherwise a stolen session could guess the
 * password without limit. While that pair is limited (429), even the right password is refused.
 */
export async function changePassword(
  db: Database,
  failedPasswords: AttemptLimiter,
  actor: AuthUser,
  currentSessionHash: string,
  input: ChangePasswordInput,
  address: string,
): Promise<void> {
  // Sign-in's key for this account and address.
  const counterKey = failedPasswordSubject(actor, actor.email, address);
  await reserveOrRefuse(failedPasswords, counterKey);
  const [row] = await db.select().from(users).where(eq(users.id, actor.id)).limit(1);
  if (!row || !(await verifyPassword(input.currentPassword, row.passwordHash))) {
    throw userErrors.wrongCurrentPassword();
  }
  await failedPasswords.release(counterKey);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, actor.id));
    await endUserSessions(tx, actor.id, currentSessionHash);
  });
}
