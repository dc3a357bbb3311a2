/** Sign-in and registration (spec §2 Login/Register, PRODUCT.md §5). */
import type { LoginInput, RegisterInput } from '@duka/shared/auth/auth.schemas';
import type { Database } from '../../db/client';
import { AppError, conflict, fieldError, unauthorized } from '../../lib/errors';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../lib/passwords';
import { findDefaultStore, findStore } from '../stores/stores.service';
import { findUserByEmail, insertUser } from '../users/users.service';
import type { UserRow } from '../users/users.table';

export const authErrors = {
  // One message for unknown email and wrong password: the answer must not reveal accounts.
  invalidCredentials: () => unauthorized('Invalid email or password', 'auth.invalid_credentials'),
  accountDisabled: () =>
    new AppError(403, 'auth.account_disabled', 'This account has been deactivated'),
  storeNotFound: () => fieldError('auth.store_not_found', 'store_id', 'Store not found'),
  noStoreOpen: () => conflict('auth.no_store', 'No store is open for registration'),
};

export async function authenticate(db: Database, input: LoginInput): Promise<UserRow> {
  const user = await findUserByEmail(db, input.email);
  // Verify against a dummy hash for unknown emails so both paths take the same time.
  const valid = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || !valid) throw authErrors.invalidCredentials();
  if (!user.isActive) throw authErrors.accountDisabled();
  return user;
}

/**
 * A shopper signs up: role `user`, in the store of the shop link (`store_id`) or else the first
 * open store (PRODUCT.md §5).
 */
export async function registerShopper(db: Database, input: RegisterInput): Promise<UserRow> {
  const store = input.store_id ? await findStore(db, input.store_id) : await findDefaultStore(db);
  if (input.store_id && (!store || !store.isActive)) throw authErrors.storeNotFound();
  if (!store) throw authErrors.noStoreOpen();
  return insertUser(db, {
    name: input.name,
    email: input.email,
    password: input.password,
    role: 'user',
    storeId: store.id,
  });
}
