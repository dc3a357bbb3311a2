/**
 * A store's own rules (issue 20), kept on its row in `stores`: the cashier discount limit and
 * the loyalty rate. PUT writes only the fields it was sent.
 */
import type {
  StoreSettings,
  StoreSettingsInput,
} from '@duka/shared/store-settings/store-settings.schemas';
import { centsToDecimal, storedMoneyToNumber } from '@duka/shared/money/money';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/errors';
import { stores } from '../stores/stores.table';

const columns = {
  max_cashier_discount_percent: stores.maxCashierDiscountPercent,
  loyalty_points_per_100: stores.loyaltyPointsPer100,
  default_credit_limit: stores.defaultCreditLimit,
  offline_max_age_days: stores.offlineMaxAgeDays,
  require_shift: stores.requireShift,
};

function present(row: {
  max_cashier_discount_percent: number;
  loyalty_points_per_100: number;
  default_credit_limit: string | null;
  offline_max_age_days: number;
  require_shift: boolean;
}): StoreSettings {
  const limit = row.default_credit_limit;
  return { ...row, default_credit_limit: limit === null ? null : storedMoneyToNumber(limit) };
}

export async function getStoreSettings(db: Executor, storeId: number): Promise<StoreSettings> {
  const [row] = await db.select(columns).from(stores).where(eq(stores.id, storeId)).limit(1);
  if (!row) throw notFound('Store not found', 'store.not_found');
  return present(row);
}

export async function saveStoreSettings(
  db: Executor,
  storeId: number,
  input: StoreSettingsInput,
): Promise<StoreSettings> {
  const changes = {
    maxCashierDiscountPercent: input.max_cashier_discount_percent,
    loyaltyPointsPer100: input.loyalty_points_per_100,
    offlineMaxAgeDays: input.offline_max_age_days,
    requireShift: input.require_shift,
    // In cents when sent; null clears it (no default limit).
    defaultCreditLimit:
      input.default_credit_limit === undefined
        ? undefined
        : input.default_credit_limit === null
          ? null
          : centsToDecimal(input.default_credit_limit),
  };
  if (Object.values(changes).every((value) => value === undefined)) {
    return getStoreSettings(db, storeId);
  }
  const [row] = await db
    .update(stores)
    .set(changes)
    .where(eq(stores.id, storeId))
    .returning(columns);
  if (!row) throw notFound('Store not found', 'store.not_found');
  return present(row);
}
