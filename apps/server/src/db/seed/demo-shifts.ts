/**
 * Last week's cash-drawer shifts (issue 24) for the demo cashier and manager of the Nairobi
 * store, a shift a day from 06:30 to 20:30 Nairobi (around the seeded sales' 07:00–20:00): the
 * cashier's on each of the last six days, the manager's on the days they sold; every one
 * closed. Their sales, cash refunds and cash repayments of those hours join them; the figures
 * are the shifts' own aggregates (computeFigures, as the close computes them), the drawer
 * counted by notes and coins — one shift short by KSh 50, one over, the rest exact. Its own
 * file and one call in seedDemo, after every seeded sale.
 */
import { DENOMINATIONS, type ShiftFigures } from '@duka/shared/shifts/shifts.schemas';
import { centsToDecimal, toCents } from '@duka/shared/money/money';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../client';
import { endOfShopDay, shopDayOf, startOfShopDay } from '../../lib/shop-day';
import { customerRepayments } from '../../modules/customers/customer-accounts.table';
import { saleReturns } from '../../modules/returns/returns.table';
import { sales } from '../../modules/sales/sales.table';
import { computeFigures } from '../../modules/shifts/shifts.service';
import { shiftCashMovements, shifts } from '../../modules/shifts/shifts.table';
import { users } from '../../modules/users/users.table';

const DAYS = 6;
const HOUR = 3_600_000;
/** The floats counted in, shift by shift (whole notes). */
const FLOATS = [2000, 3000, 2000, 2500, 2000, 3000];
/** The third shift (oldest first) is short by KSh 50; the fifth is KSh 20 over. */
const DIFFERENCES: Record<number, number> = { 2: -50, 4: 20 };

/** The notes and coins of `shillings` (whole), largest first. */
function countOf(shillings: number): Record<string, number> {
  const counts: Record<string, number> = {};
  let left = shillings;
  for (const value of DENOMINATIONS) {
    const n = Math.floor(left / value);
    if (n > 0) counts[`${value}`] = n;
    left -= n * value;
  }
  return counts;
}

export async function seedDemoShifts(
  tx: Executor,
  storeId: number,
  now = new Date(),
): Promise<void> {
  // The cashier first: a shift on each of the last six days; the manager on the days they sold.
  const people = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.storeId, storeId), inArray(users.role, ['sales', 'manager'])))
    .orderBy(sql`${users.role} = 'sales' desc`, asc(users.id));
  const lastWeek = Array.from({ length: DAYS }, (_, index) =>
    shopDayOf(new Date(now.getTime() - (DAYS - index) * 24 * HOUR)),
  );
  let made = 0;
  for (const person of people) {
    const soldOn = new Set(
      (
        await tx
          .selectDistinct({
            day: sql<string>`to_char(${sales.createdAt} at time zone 'Africa/Nairobi', 'YYYY-MM-DD')`,
          })
          .from(sales)
          .where(
            and(
              eq(sales.storeId, storeId),
              eq(sales.userId, person.id),
              gte(sales.createdAt, startOfShopDay(lastWeek[0]!)),
            ),
          )
      ).map((row) => row.day),
    );
    const chosen = person.role === 'sales' ? lastWeek : lastWeek.filter((day) => soldOn.has(day));
    for (const day of chosen) {
      const openedAt = new Date(startOfShopDay(day).getTime() + 6.5 * HOUR);
      const closedAt = new Date(Math.min(endOfShopDay(day).getTime() - 3.5 * HOUR, now.getTime()));
      const float = FLOATS[made % FLOATS.length]!;
      const [shift] = await tx
        .insert(shifts)
        .values({ storeId, userId: person.id, openingFloat: centsToDecimal(float * 100), openedAt })
        .returning();
      const during = (column: AnyPgColumn) => and(gte(column, openedAt), lt(column, closedAt));
      await tx
        .update(sales)
        .set({ shiftId: shift!.id })
        .where(
          and(eq(sales.storeId, storeId), eq(sales.userId, person.id), during(sales.createdAt)),
        );
      await tx
        .update(customerRepayments)
        .set({ shiftId: shift!.id })
        .where(
          and(
            eq(customerRepayments.storeId, storeId),
            eq(customerRepayments.userId, person.id),
            eq(customerRepayments.method, 'cash'),
            during(customerRepayments.createdAt),
          ),
        );
      await tx
        .update(saleReturns)
        .set({ shiftId: shift!.id })
        .where(
          and(
            eq(saleReturns.storeId, storeId),
            eq(saleReturns.userId, person.id),
            during(saleReturns.createdAt),
          ),
        );
      // A morning's change from the bank on one shift, the cleaner paid from the drawer on
      // another.
      if (made === 1 || made === 3) {
        await tx.insert(shiftCashMovements).values({
          shiftId: shift!.id,
          storeId,
          type: made === 1 ? 'pay_in' : 'pay_out',
          amount: made === 1 ? '1000.00' : '300.00',
          reason: made === 1 ? 'Change from the bank' : 'Paid the cleaner',
          userId: person.id,
          createdAt: new Date(openedAt.getTime() + 2 * HOUR),
        });
      }
      const figures: ShiftFigures = await computeFigures(tx, shift!);
      const expected = toCents(figures.expected_cash) ?? 0;
      const counted = expected + (DIFFERENCES[made] ?? 0) * 100;
      await tx
        .update(shifts)
        .set({
          closedAt,
          closedBy: person.id,
          expectedCash: centsToDecimal(expected),
          countedCash: centsToDecimal(counted),
          difference: centsToDecimal(counted - expected),
          // Counted note by note when the drawer holds whole shillings.
          denominations: counted % 100 === 0 ? countOf(counted / 100) : null,
          figures,
          note: DIFFERENCES[made] === -50 ? 'A KSh 50 note short at the count' : null,
        })
        .where(eq(shifts.id, shift!.id));
      made += 1;
    }
  }
}
