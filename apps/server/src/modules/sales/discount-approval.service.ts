/**
 * A manager's approval typed at the till for a cashier's discount over the store's cap
 * (issue 20). It is a password check, so it is counted by the sign-in limits
 * (lib/attempt-limiter.ts, docs/decisions/0002) like a sign-in: the address's attempts, and a
 * wrong answer against the account from that address. Only an active manager or admin of the sale's store, or a
 * super_admin, may approve; anything else is one answer, 'Manager approval failed', that tells
 * a guesser nothing about which part was wrong.
 */
import type { DiscountApproval } from '@duka/shared/sales/sales.schemas';
import type { AppDeps } from '../../app/deps';
import { failedPasswordSubject, reserveOrRefuse, signInLimiters } from '../../lib/attempt-limiter';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../lib/passwords';
import { findUserByEmail } from '../users/users.service';
import type { UserRow } from '../users/users.table';
import { saleErrors } from './sales.errors';
import type { ApproveDiscount } from './sales.service';

function mayApprove(account: UserRow, storeId: number): boolean {
  if (!account.isActive) return false;
  if (account.role === 'super_admin') return true;
  return (account.role === 'admin' || account.role === 'manager') && account.storeId === storeId;
}

/** The approval check of one store's sale, from the caller's address. */
export function discountApprover(deps: AppDeps) {
  const limits = signInLimiters(deps);
  return (storeId: number, address: string): ApproveDiscount =>
    async (approval: DiscountApproval) => {
      await reserveOrRefuse(limits.loginsPerIp, address);
      const account = await findUserByEmail(deps.db, approval.email);
      const subject = failedPasswordSubject(account, approval.email, address);
      await reserveOrRefuse(limits.failedPasswords, subject);
      // Against a dummy hash for an unknown email, so both paths take the same time.
      const valid = await verifyPassword(
        approval.password,
        account?.passwordHash ?? DUMMY_PASSWORD_HASH,
      );
      if (!account || !valid || !mayApprove(account, storeId)) throw saleErrors.approvalFailed();
      await limits.failedPasswords.release(subject);
      return { id: account.id, name: account.name };
    };
}
