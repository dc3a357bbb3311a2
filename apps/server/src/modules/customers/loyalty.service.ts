/**
 * Loyalty points (spec §7 loyalty calls; issue 9). A customer's balance lives on its row
 * (customers.loyalty_points) and every change writes a loyalty_transactions row in the same
 * transaction. Adjustments lock the customer row first, so concurrent redemptions queue and the
 * balance can never go below zero (the table's check is the last line of defence).
 */
import type {
  LoyaltyAdjustInput,
  LoyaltyKind,
  LoyaltyTransaction,
} from '@duka/shared/customers/customers.schemas';
import { ID_MAX } from '@duka/shared/api/primitives';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { users } from '../users/users.table';
import { customerErrors } from './customers.errors';
import { findCustomer } from './customers.service';
import { customers, type CustomerRow } from './customers.table';
import { loyaltyTransactions } from './loyalty.table';

/** The history shows the latest this many changes. */
export const LOYALTY_HISTORY_LIMIT = 100;

export async function getLoyaltyPoints(
  db: Executor,
  storeId: number,
  customerId: number,
): Promise<{ customer_id: number; points: number }> {
  const customer = await findCustomer(db, storeId, customerId);
  if (!customer) throw customerErrors.notFound();
  return { customer_id: customer.id, points: customer.loyaltyPoints };
}

/** The customer's loyalty changes, newest first, with who made them. */
export async function listLoyaltyTransactions(
  db: Executor,
  storeId: number,
  customerId: number,
): Promise<LoyaltyTransaction[]> {
  const customer = await findCustomer(db, storeId, customerId);
  if (!customer) throw customerErrors.notFound();
  const rows = await db
    .select({ row: loyaltyTransactions, userName: users.name })
    .from(loyaltyTransactions)
    .leftJoin(users, eq(users.id, loyaltyTransactions.userId))
    .where(
      and(eq(loyaltyTransactions.customerId, customerId), eq(loyaltyTransactions.storeId, storeId)),
    )
    .orderBy(desc(loyaltyTransactions.createdAt), desc(loyaltyTransactions.id))
    .limit(LOYALTY_HISTORY_LIMIT);
  return rows.map(({ row, userName }) => ({
    id: row.id,
    customer_id: row.customerId,
    points: row.points,
    kind: row.kind,
    reason: row.reason,
    sale_id: row.saleId,
    user_name: userName,
    created_at: row.createdAt.toISOString(),
  }));
}

/**
 * Writes one change and moves the balance, inside the caller's transaction (the demo seed uses
 * it too). A redemption beyond the balance fails the customers check instead of going negative.
 */
export async function recordLoyalty(
  tx: Executor,
  customer: Pick<CustomerRow, 'id' | 'storeId'>,
  change: { points: number; kind: LoyaltyKind; reason?: string | null; saleId?: number | null },
  userId: number | null,
  createdAt?: Date,
): Promise<number> {
  const [updated] = await tx
    .update(customers)
    .set({ loyaltyPoints: sql`${customers.loyaltyPoints} + ${change.points}` })
    .where(eq(customers.id, customer.id))
    .returning({ points: customers.loyaltyPoints });
  await tx.insert(loyaltyTransactions).values({
    storeId: customer.storeId,
    customerId: customer.id,
    points: change.points,
    kind: change.kind,
    reason: change.reason ? change.reason : null,
    saleId: change.saleId ?? null,
    userId,
    ...(createdAt ? { createdAt } : {}),
  });
  return updated!.points;
}

/**
 * POST /loyalty/add-points and /loyalty/redeem-points. The customer row is locked for the
 * transaction, so ten redemptions at once are applied one after another and the ones the
 * balance cannot cover get 409. The Walk-in Customer collects no points (400).
 */
export async function adjustLoyaltyPoints(
  db: Database,
  storeId: number,
  userId: number,
  kind: 'add' | 'redeem',
  input: LoyaltyAdjustInput,
): Promise<{ customer_id: number; points: number }> {
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select()
      .from(customers)
      .where(
        and(
          eq(customers.id, input.customer_id),
          eq(customers.storeId, storeId),
          isNull(customers.archivedAt),
        ),
      )
      .for('update');
    if (!customer) throw customerErrors.notFound();
    if (customer.isWalkIn) throw customerErrors.walkInLoyalty();
    if (kind === 'redeem' && customer.loyaltyPoints < input.points) {
      throw customerErrors.notEnoughPoints();
    }
    // The balance is a PostgreSQL integer.
    if (kind === 'add' && customer.loyaltyPoints + input.points > ID_MAX) {
      throw customerErrors.balanceTooLarge();
    }
    const points = await recordLoyalty(
      tx,
      customer,
      { points: kind === 'redeem' ? -input.points : input.points, kind, reason: input.reason },
      userId,
    );
    return { customer_id: customer.id, points };
  });
}

/**
 * Points a sale earns: floor(goods / KSh 100 × the store's rate), on the goods only (the total
 * less the delivery fee), in whole cents so no float rounding creeps in. The sale's own statement
 * (write_sale, migration 0015) earns them by its twin, points_earned (sale-rules.test.ts).
 */
export function pointsEarned(goodsCents: number, pointsPer100: number): number {
  return Math.floor((goodsCents * pointsPer100) / 10_000);
}
