/** Shifts as the API answers them (issue 24): money in shillings, people by id and name. */
import { centsToNumber, storedMoneyToNumber } from '@duka/shared/money/money';
import type { CashMovement, Shift, ShiftReport } from '@duka/shared/shifts/shifts.schemas';
import type {
  CashMovementWithUser,
  DaySummaryRow,
  ShiftReportData,
  ShiftWithPeople,
} from './shifts.service';

const money = (stored: string | null) => (stored === null ? null : storedMoneyToNumber(stored));

export function presentShift({ row, user, closedBy }: ShiftWithPeople): Shift {
  return {
    id: row.id,
    store_id: row.storeId,
    status: row.closedAt === null ? 'open' : 'closed',
    User: user,
    opening_float: storedMoneyToNumber(row.openingFloat),
    opened_at: row.openedAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
    closed_by: closedBy,
    expected_cash: money(row.expectedCash),
    counted_cash: money(row.countedCash),
    difference: money(row.difference),
    note: row.note,
  };
}

export function presentCashMovement({ row, user }: CashMovementWithUser): CashMovement {
  return {
    id: row.id,
    type: row.type,
    amount: storedMoneyToNumber(row.amount),
    reason: row.reason,
    expense_id: row.expenseId,
    User: user,
    created_at: row.createdAt.toISOString(),
  };
}

/** X (open: no count, no difference) or Z (closed: the figures frozen at the close). */
export function presentShiftReport(report: ShiftReportData): ShiftReport {
  return {
    ...presentShift(report),
    ...report.figures,
    denominations: report.row.denominations ?? null,
    movements: report.movements.map(presentCashMovement),
  };
}

export function presentDaySummaryRow(row: DaySummaryRow) {
  return {
    User: row.user,
    shifts: row.shifts,
    open_shifts: row.openShifts,
    sales_count: row.salesCount,
    sales_total: centsToNumber(row.salesTotal),
    cash_sales: centsToNumber(row.cashSales),
    mpesa_total: centsToNumber(row.mpesaTotal),
    credit_total: centsToNumber(row.creditTotal),
    refunds: centsToNumber(row.refunds),
    expected_cash: centsToNumber(row.expectedCash),
    counted_cash: centsToNumber(row.countedCash),
    difference: centsToNumber(row.difference),
  };
}
