/**
 * Cash-drawer shifts (issue 24; decisions/0014 "Shifts"). A person opens one shift at a time in
 * a store (the partial unique index shifts_one_open_per_person decides a race: its violation is
 * the 409); write_sale (migration 0040) and a cash repayment join the taker's open shift, a
 * return its refunding person's. The figures are SQL aggregates over the shift's own rows —
 * never a running total kept on the shift — so the X report is the truth at any moment, and the
 * close, holding the shift's row FOR UPDATE, waits for every in-flight sale (they hold it FOR
 * SHARE) before it freezes them. Money is exact: numeric in the tables, integer cents here.
 */
import { can } from '@duka/shared/auth/permissions';
import type { Role } from '@duka/shared/auth/roles';
import { centsToDecimal, centsToNumber, toCents } from '@duka/shared/money/money';
import type {
  CashMovementInput,
  CloseShiftInput,
  ShiftFigures,
} from '@duka/shared/shifts/shifts.schemas';
import { and, asc, desc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../lib/errors';
import { endOfShopDay, startOfShopDay } from '../../lib/shop-day';
import { customerRepayments } from '../customers/customer-accounts.table';
import { createExpense } from '../expenses/expenses.service';
import { saleReturns } from '../returns/returns.table';
import { salePayments, sales } from '../sales/sales.table';
import { users } from '../users/users.table';
import { shiftErrors } from './shifts.errors';
import {
  shiftCashMovements,
  shifts,
  type ShiftCashMovementRow,
  type ShiftRow,
} from './shifts.table';

/** The person acting: their shift, or a manager acting on anyone's in their store. */
export interface ShiftActor {
  id: number;
  role: Role;
}

export type Person = { id: number; name: string } | null;

export interface ShiftWithPeople {
  row: ShiftRow;
  user: Person;
  closedBy: Person;
}

export interface CashMovementWithUser {
  row: ShiftCashMovementRow;
  user: Person;
}

export interface ShiftReportData extends ShiftWithPeople {
  figures: ShiftFigures;
  movements: CashMovementWithUser[];
}

const OPEN_UNIQUE = 'shifts_one_open_per_person';

const closer = alias(users, 'shift_closer');

function person(id: number | null, name: string | null): Person {
  return id !== null && name !== null ? { id, name } : null;
}

const withPeople = (db: Executor) =>
  db
    .select({ shift: shifts, userName: users.name, closerName: closer.name })
    .from(shifts)
    .leftJoin(users, eq(users.id, shifts.userId))
    .leftJoin(closer, eq(closer.id, shifts.closedBy));

type JoinedShift = { shift: ShiftRow; userName: string | null; closerName: string | null };

function fromJoined({ shift, userName, closerName }: JoinedShift): ShiftWithPeople {
  return {
    row: shift,
    user: person(shift.userId, userName),
    closedBy: person(shift.closedBy, closerName),
  };
}

/** POST /shifts: the caller's new open shift in the store; a second one while open is 409. */
export async function openShift(
  db: Database,
  storeId: number,
  userId: number,
  openingFloatCents: number,
  openedAt?: Date,
): Promise<ShiftWithPeople> {
  let id: number;
  try {
    // No look first: two opens at once both find none; the partial unique index lets one in.
    const [row] = await db
      .insert(shifts)
      .values({
        storeId,
        userId,
        openingFloat: centsToDecimal(openingFloatCents),
        ...(openedAt ? { openedAt } : {}),
      })
      .returning({ id: shifts.id });
    id = row!.id;
  } catch (error) {
    if (isUniqueViolation(error, OPEN_UNIQUE)) throw shiftErrors.alreadyOpen();
    throw error;
  }
  return (await findShift(db, storeId, id))!;
}

/** GET /shifts/current: the caller's open shift in the store, or null. */
export async function currentShift(
  db: Executor,
  storeId: number,
  userId: number,
): Promise<ShiftWithPeople | null> {
  const [found] = await withPeople(db).where(
    and(eq(shifts.storeId, storeId), eq(shifts.userId, userId), isNull(shifts.closedAt)),
  );
  return found ? fromJoined(found) : null;
}

async function findShift(
  db: Executor,
  storeId: number,
  id: number,
): Promise<ShiftWithPeople | undefined> {
  const [found] = await withPeople(db).where(and(eq(shifts.id, id), eq(shifts.storeId, storeId)));
  return found ? fromJoined(found) : undefined;
}

/** Own shift, or any shift of the store for a manager (shifts:manage); else 403. */
function assertMayAct(shift: ShiftRow, actor: ShiftActor) {
  if (shift.userId !== actor.id && !can(actor.role, 'shifts:manage')) {
    throw shiftErrors.notYours();
  }
}

/**
 * The shift's row locked (FOR UPDATE to close it, FOR SHARE to add to it), 404 when it is not
 * the store's, 403 when it is not the actor's to act on, 409 when closed.
 */
async function lockOpenShift(
  tx: Executor,
  storeId: number,
  id: number,
  actor: ShiftActor,
  strength: 'update' | 'share',
): Promise<ShiftRow> {
  const [row] = await tx
    .select()
    .from(shifts)
    .where(and(eq(shifts.id, id), eq(shifts.storeId, storeId)))
    .for(strength);
  if (!row) throw shiftErrors.notFound();
  assertMayAct(row, actor);
  if (row.closedAt !== null) throw shiftErrors.closed();
  return row;
}

const cents = (value: unknown) => toCents(value) ?? 0;
const shillings = (value: number) => centsToNumber(value);

interface FigureSums {
  change_given: string;
  sales_total: string;
  sales_count: number;
  cash_parts: string;
  mpesa_total: string;
  credit_total: string;
  cash_refunds: string;
  mpesa_refunds: string;
  credit_refunds: string;
  returns_count: number;
  cash_repayments: string;
  pay_ins: string;
  pay_outs: string;
}

/**
 * The shift's figures as they are now: one statement of aggregates over its rows, each found
 * by its shift_id index. cash_sales is the cash tendered — the cash parts as written (net of the
 * change) plus the change — so the change given is counted out once, and a cash part handed back
 * whole (decisions/0011: not written) comes in and goes out as change, leaving the drawer as it
 * was.
 */
export async function computeFigures(db: Executor, shift: ShiftRow): Promise<ShiftFigures> {
  const id = shift.id;
  const storeId = shift.storeId;
  const result: unknown = await db.execute(sql`
    select sa.change_given, sa.sales_total, sa.sales_count, pa.cash_parts, pa.mpesa_total,
      pa.credit_total, ra.cash_refunds, ra.mpesa_refunds, ra.credit_refunds, ra.returns_count,
      cr.cash_repayments, mv.pay_ins, mv.pay_outs
    from (select coalesce(sum(s.change_amount), 0)::text as change_given,
            coalesce(sum(s.total_amount), 0)::text as sales_total, count(*)::int as sales_count
          from ${sales} s where s.shift_id = ${id} and s.store_id = ${storeId}) sa,
      (select coalesce(sum(p.amount) filter (where p.method = 'cash'), 0)::text as cash_parts,
            coalesce(sum(p.amount) filter (where p.method = 'mpesa'), 0)::text as mpesa_total,
            coalesce(sum(p.amount) filter (where p.method = 'credit'), 0)::text as credit_total
          from ${sales} s join ${salePayments} p on p.sale_id = s.id
          where s.shift_id = ${id} and s.store_id = ${storeId}) pa,
      (select coalesce(sum(r.amount) filter (where r.refund_method = 'cash'), 0)::text
              as cash_refunds,
            coalesce(sum(r.amount) filter (where r.refund_method = 'mpesa'), 0)::text
              as mpesa_refunds,
            coalesce(sum(r.amount) filter (where r.refund_method = 'credit'), 0)::text
              as credit_refunds,
            count(*)::int as returns_count
          from ${saleReturns} r where r.shift_id = ${id} and r.store_id = ${storeId}) ra,
      (select coalesce(sum(c.amount), 0)::text as cash_repayments
          from ${customerRepayments} c
          where c.shift_id = ${id} and c.store_id = ${storeId} and c.method = 'cash') cr,
      (select coalesce(sum(m.amount) filter (where m.type = 'pay_in'), 0)::text as pay_ins,
            coalesce(sum(m.amount) filter (where m.type = 'pay_out'), 0)::text as pay_outs
          from ${shiftCashMovements} m where m.shift_id = ${id}) mv`);
  // Both drivers (pg, PGlite) answer raw SQL with `rows` of objects.
  const sums = (result as { rows: FigureSums[] }).rows[0]!;
  const opening = cents(shift.openingFloat);
  const changeGiven = cents(sums.change_given);
  const cashSales = cents(sums.cash_parts) + changeGiven;
  const cashRefunds = cents(sums.cash_refunds);
  const cashRepayments = cents(sums.cash_repayments);
  const payIns = cents(sums.pay_ins);
  const payOuts = cents(sums.pay_outs);
  const expected =
    opening + cashSales - changeGiven - cashRefunds + cashRepayments + payIns - payOuts;
  return {
    opening_float: shillings(opening),
    cash_sales: shillings(cashSales),
    change_given: shillings(changeGiven),
    cash_refunds: shillings(cashRefunds),
    cash_repayments: shillings(cashRepayments),
    pay_ins: shillings(payIns),
    pay_outs: shillings(payOuts),
    expected_cash: shillings(expected),
    mpesa_total: shillings(cents(sums.mpesa_total)),
    credit_total: shillings(cents(sums.credit_total)),
    mpesa_refunds: shillings(cents(sums.mpesa_refunds)),
    credit_refunds: shillings(cents(sums.credit_refunds)),
    sales_total: shillings(cents(sums.sales_total)),
    sales_count: Number(sums.sales_count),
    returns_count: Number(sums.returns_count),
  };
}

async function movementsOf(db: Executor, shiftId: number): Promise<CashMovementWithUser[]> {
  const rows = await db
    .select({ movement: shiftCashMovements, userName: users.name })
    .from(shiftCashMovements)
    .leftJoin(users, eq(users.id, shiftCashMovements.userId))
    .where(eq(shiftCashMovements.shiftId, shiftId))
    .orderBy(asc(shiftCashMovements.createdAt), asc(shiftCashMovements.id));
  return rows.map(({ movement, userName }) => ({
    row: movement,
    user: person(movement.userId, userName),
  }));
}

/** An open shift's figures computed now (X); a closed one's as frozen at its close (Z). */
async function reportOf(db: Executor, shift: ShiftWithPeople): Promise<ShiftReportData> {
  const figures = shift.row.figures ?? (await computeFigures(db, shift.row));
  return { ...shift, figures, movements: await movementsOf(db, shift.row.id) };
}

/** GET /shifts/{id}/report: the actor's own shift, or any of the store's for a manager. */
export async function shiftReport(
  db: Executor,
  storeId: number,
  id: number,
  actor: ShiftActor,
): Promise<ShiftReportData> {
  const shift = await findShift(db, storeId, id);
  if (!shift) throw shiftErrors.notFound();
  assertMayAct(shift.row, actor);
  return reportOf(db, shift);
}

/**
 * POST /shifts/{id}/cash-movements: a pay-in or pay-out of an open shift (held FOR SHARE, so a
 * close waits for it and a movement after the close finds it closed). A pay-out with an expense
 * category is also that expense — its description the reason, paid in cash, dated today in
 * Nairobi — in the same transaction, and the movement points at it.
 */
export async function addCashMovement(
  db: Database,
  storeId: number,
  id: number,
  actor: ShiftActor,
  input: CashMovementInput,
  today: string,
): Promise<CashMovementWithUser> {
  if (input.expense_category !== undefined && input.amount > 100_000_000) {
    throw shiftErrors.expenseTooLarge();
  }
  const movementId = await db.transaction(async (tx) => {
    await lockOpenShift(tx, storeId, id, actor, 'share');
    let expenseId: number | null = null;
    if (input.type === 'pay_out' && input.expense_category !== undefined) {
      const expense = await createExpense(tx, storeId, actor.id, {
        description: input.reason,
        amount: input.amount,
        category: input.expense_category,
        date: today,
        payment_method: 'cash',
      });
      expenseId = expense.id;
    }
    const [row] = await tx
      .insert(shiftCashMovements)
      .values({
        shiftId: id,
        storeId,
        type: input.type,
        amount: centsToDecimal(input.amount),
        reason: input.reason,
        expenseId,
        userId: actor.id,
        createdAt: sql`clock_timestamp()`,
      })
      .returning({ id: shiftCashMovements.id });
    return row!.id;
  });
  const [found] = await db
    .select({ movement: shiftCashMovements, userName: users.name })
    .from(shiftCashMovements)
    .leftJoin(users, eq(users.id, shiftCashMovements.userId))
    .where(eq(shiftCashMovements.id, movementId));
  return { row: found!.movement, user: person(found!.movement.userId, found!.userName) };
}

/**
 * POST /shifts/{id}/close: the Z report. The shift's row is locked FOR UPDATE first — every sale
 * still writing to it holds it FOR SHARE, so the close waits for them and no sale can join it
 * after — then the figures are computed and frozen with the count and its difference
 * (counted − expected: above 0 over, below 0 short). A manager may close anyone's shift of the
 * store (a forgotten one); closed_by says who did.
 */
export async function closeShift(
  db: Database,
  storeId: number,
  id: number,
  actor: ShiftActor,
  input: CloseShiftInput,
  closedAt?: Date,
): Promise<ShiftReportData> {
  await db.transaction(async (tx) => {
    const row = await lockOpenShift(tx, storeId, id, actor, 'update');
    const figures = await computeFigures(tx, row);
    const expected = cents(figures.expected_cash);
    await tx
      .update(shifts)
      .set({
        closedAt: closedAt ?? sql`clock_timestamp()`,
        closedBy: actor.id,
        expectedCash: centsToDecimal(expected),
        countedCash: centsToDecimal(input.counted_cash),
        difference: centsToDecimal(input.counted_cash - expected),
        denominations: input.denominations ? countsOf(input.denominations) : null,
        figures,
        note: input.note ?? null,
      })
      .where(eq(shifts.id, row.id));
  });
  return reportOf(db, (await findShift(db, storeId, id))!);
}

/** The counts as sent, without the notes and coins left out. */
function countsOf(counts: Partial<Record<string, number | undefined>>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(counts).filter((entry): entry is [string, number] => entry[1] !== undefined),
  );
}

export interface ShiftListFilter {
  from?: string;
  to?: string;
  status?: 'open' | 'closed';
}

/** The shop days [from, to] (Nairobi) as a range of opened_at, so the index serves it. */
function openedWithin(filter: { from?: string; to?: string }): SQL[] {
  const conditions: SQL[] = [];
  if (filter.from) conditions.push(gte(shifts.openedAt, startOfShopDay(filter.from)));
  if (filter.to) conditions.push(lt(shifts.openedAt, endOfShopDay(filter.to)));
  return conditions;
}

/** GET /shifts (managers): the store's shifts, newest first, by the day they were opened. */
export async function listShifts(
  db: Executor,
  storeId: number,
  filter: ShiftListFilter,
): Promise<ShiftWithPeople[]> {
  const conditions: SQL[] = [eq(shifts.storeId, storeId), ...openedWithin(filter)];
  if (filter.status === 'open') conditions.push(isNull(shifts.closedAt));
  if (filter.status === 'closed') conditions.push(isNotNull(shifts.closedAt));
  const rows = await withPeople(db)
    .where(and(...conditions))
    .orderBy(desc(shifts.openedAt), desc(shifts.id));
  return rows.map(fromJoined);
}

export interface DaySummaryRow {
  user: Person;
  shifts: number;
  openShifts: number;
  /** Cents. */
  salesCount: number;
  salesTotal: number;
  cashSales: number;
  mpesaTotal: number;
  creditTotal: number;
  refunds: number;
  expectedCash: number;
  countedCash: number;
  difference: number;
}

/**
 * GET /shifts/summary (managers): the shifts opened on a shop day, added up per person. An open
 * shift counts with its figures so far (and no count); counted cash and the difference are of
 * the closed shifts only.
 */
export async function daySummary(
  db: Executor,
  storeId: number,
  day: string,
): Promise<DaySummaryRow[]> {
  const dayShifts = await listShifts(db, storeId, { from: day, to: day });
  const byPerson = new Map<string, DaySummaryRow>();
  for (const shift of dayShifts) {
    const figures = shift.row.figures ?? (await computeFigures(db, shift.row));
    const key = shift.row.userId === null ? 'none' : String(shift.row.userId);
    let row = byPerson.get(key);
    if (!row) {
      row = {
        user: shift.user,
        shifts: 0,
        openShifts: 0,
        salesCount: 0,
        salesTotal: 0,
        cashSales: 0,
        mpesaTotal: 0,
        creditTotal: 0,
        refunds: 0,
        expectedCash: 0,
        countedCash: 0,
        difference: 0,
      };
      byPerson.set(key, row);
    }
    row.shifts += 1;
    if (shift.row.closedAt === null) row.openShifts += 1;
    row.salesCount += figures.sales_count;
    row.salesTotal += cents(figures.sales_total);
    row.cashSales += cents(figures.cash_sales);
    row.mpesaTotal += cents(figures.mpesa_total);
    row.creditTotal += cents(figures.credit_total);
    row.refunds +=
      cents(figures.cash_refunds) + cents(figures.mpesa_refunds) + cents(figures.credit_refunds);
    row.expectedCash += cents(figures.expected_cash);
    if (shift.row.closedAt !== null) {
      row.countedCash += cents(shift.row.countedCash);
      row.difference += cents(shift.row.difference);
    }
  }
  return [...byPerson.values()].sort((a, b) =>
    (a.user?.name ?? '').localeCompare(b.user?.name ?? ''),
  );
}
