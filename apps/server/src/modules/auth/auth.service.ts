/** Sign-in and registration (spec §2 Login/Register, PRODUCT.md §2 and §5). */
import type { LoginInput, RegisterInput } from '@duka/shared/auth/auth.schemas';
import type { Database, Executor } from '../../db/client';
import { AppError, conflict, fieldError, unauthorized } from '../../lib/errors';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../lib/passwords';
import { findStore, lockStoreForJoining } from '../stores/stores.service';
import { insertUser } from '../users/users.service';
import type { UserRow } from '../users/users.table';

export const authErrors = {
  // One message for unknown email and wrong password: the answer must not reveal accounts.
  invalidCredentials: () => unauthorized('Invalid email or password', 'auth.invalid_credentials'),
  accountDisabled: () =>
    new AppError(403, 'auth.account_disabled', 'This account has been deactivated'),
  // PRODUCT.md §2: a deactivated store is closed to its staff and shoppers until reopened.
  storeClosed: () =>
    new AppError(403, 'auth.store_closed', 'This store is closed. Ask the owner to reopen it.'),
  storeNotFound: () => fieldError('auth.store_not_found', 'store_id', 'Store not found'),
  noStoreOpen: () => conflict('auth.no_store', 'No store is open for registration'),
};

/**
 * The account behind an email and password, or 401 — whatever the account's state.
 * `account` is the row already looked up for `input.email` (undefined when there is none).
 */
export async function verifyCredentials(
  account: UserRow | undefined,
  input: LoginInput,
): Promise<UserRow> {
  // Verify against a dummy hash for unknown emails so both paths take the same time.
  const valid = await verifyPassword(input.password, account?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!account || !valid) throw authErrors.invalidCredentials();
  return account;
}

/**
 * Whether an account with the right password may sign in: it must be active, and — but for a
 * super_admin, who belongs to no store and is never locked out — its store must be open.
 * Checked only after the password, so neither answer reveals anything to a guesser.
 */
export async function assertMaySignIn(db: Executor, user: UserRow): Promise<void> {
  if (!user.isActive) throw authErrors.accountDisabled();
  if (user.role === 'super_admin') return;
  const store = user.storeId === null ? undefined : await findStore(db, user.storeId);
  if (!store?.isActive) throw authErrors.storeClosed();
}

/**
 * A shopper signs up: role `user`, in the store of the shop link (`store_id`) or else the first
 * open store (PRODUCT.md §5). Never into a closed store: the store row stays locked against
 * closing until the account is written.
 */
export async function registerShopper(db: Database, input: RegisterInput): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const store = await lockStoreForJoining(tx, input.store_id);
    if (input.store_id !== undefined && !store) throw authErrors.storeNotFound();
    if (!store) throw authErrors.noStoreOpen();
    if (!store.isActive) throw authErrors.storeClosed();
    return insertUser(tx, {
      name: input.name,
      email: input.email,
      password: input.password,
      role: 'user',
      storeId: store.id,
    });
  });
}
