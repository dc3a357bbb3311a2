/**
 * Cash-drawer shifts (issue 24). A person opens a shift in their store with the opening float
 * counted (one open at a time: 409 'You already have an open shift'); sales, cash refunds and
 * cash repayments they take while it is open belong to it; Pay in / Pay out move cash in or out
 * of the drawer with a reason (a pay-out may be recorded as an expense at once). The X report is
 * the figures so far; closing counts the drawer (by denomination or a total) and freezes the Z
 * report: a closed shift is final (409).
 *
 *   expected_cash = opening_float + cash_sales − change_given − cash_refunds + cash_repayments
 *                   + pay_ins − pay_outs
 *
 * where cash_sales is the cash tendered (the sales' cash parts, written net of change, plus the
 * change given) — M-Pesa and credit are never counted as cash.
 */
import { z } from 'zod';
import { dateOnlySchema, idSchema, moneySchema, textSchema } from '../api/primitives';
import { EXPENSE_CATEGORIES } from '../expenses/expenses.schemas';
import { storeIdSchema } from '../stores/stores.schemas';

/** The Kenyan notes and coins a drawer is counted in, largest first. */
export const NOTE_DENOMINATIONS = [1000, 500, 200, 100, 50] as const;
export const COIN_DENOMINATIONS = [20, 10, 5, 1] as const;
export const DENOMINATIONS = [...NOTE_DENOMINATIONS, ...COIN_DENOMINATIONS] as const;
export type Denomination = (typeof DENOMINATIONS)[number];
export const DENOMINATION_COUNT_MAX = 100_000;

export const CASH_MOVEMENT_TYPES = ['pay_in', 'pay_out'] as const;
export type CashMovementType = (typeof CASH_MOVEMENT_TYPES)[number];
export const CASH_MOVEMENT_REASON_MAX = 200;

export const SHIFT_MESSAGES = {
  /** 409 on POST /shifts. */
  alreadyOpen: 'You already have an open shift',
  /** 409 on POST /sales when the store requires a shift (store setting require_shift). */
  openShiftFirst: 'Open a shift first',
  /** 409 on a closed shift's close or cash movement. */
  closed: 'This shift is closed',
  /** 403: another person's shift, for a caller who is not a manager. */
  notYours: 'Only a manager can act on another person’s shift',
  /** 400 on expense_category with a pay-in. */
  expenseOnlyPayOut: 'Only a pay-out can be recorded as an expense',
  /** 400 on counted_cash when denominations are sent and do not add up to it. */
  countMismatch: 'Counted cash must equal the notes and coins counted',
  denomination: 'Each count must be a whole number from 0 to 100,000',
} as const;

function shillings(label: string, minCents = 0) {
  return moneySchema({
    minCents,
    messages: {
      required: `${label} is required`,
      invalid: `${label} must be a number of shillings with at most 2 decimals`,
      negative: `${label} cannot be negative`,
      tooSmall: `${label} must be more than 0`,
      tooLarge: `${label} must be at most 10,000,000`,
    },
  });
}

/** POST /shifts: the float counted into the drawer (may be 0). Cents. */
export const openShiftSchema = z.object({
  opening_float: shillings('Opening float'),
  store_id: storeIdSchema.optional(),
});
export type OpenShiftInput = z.infer<typeof openShiftSchema>;

/** POST /shifts/{id}/cash-movements. Amount in cents. */
export const cashMovementInputSchema = z
  .object({
    type: z.enum(CASH_MOVEMENT_TYPES, { error: 'Type must be pay_in or pay_out' }),
    amount: shillings('Amount', 1),
    reason: textSchema({ label: 'Reason', min: 1, max: CASH_MOVEMENT_REASON_MAX }),
    /** A pay-out recorded as an expense of this category at once (the expense's date: today). */
    expense_category: z.enum(EXPENSE_CATEGORIES, { error: 'Please select a category' }).optional(),
    store_id: storeIdSchema.optional(),
  })
  .refine((input) => input.type === 'pay_out' || input.expense_category === undefined, {
    error: SHIFT_MESSAGES.expenseOnlyPayOut,
    path: ['expense_category'],
  });
export type CashMovementInput = z.infer<typeof cashMovementInputSchema>;

const denominationCount = z
  .number({ error: SHIFT_MESSAGES.denomination })
  .int({ error: SHIFT_MESSAGES.denomination })
  .min(0, { error: SHIFT_MESSAGES.denomination })
  .max(DENOMINATION_COUNT_MAX, { error: SHIFT_MESSAGES.denomination });

/** How many of each note and coin were counted, keyed by its value in shillings ('1000'…'1'). */
export const denominationsSchema = z.strictObject(
  Object.fromEntries(DENOMINATIONS.map((value) => [String(value), denominationCount.optional()])),
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown note or coin: ${issue.keys.join(', ')}`
        : 'Denominations must be an object',
  },
) as z.ZodType<Partial<Record<`${Denomination}`, number>>>;
export type Denominations = z.infer<typeof denominationsSchema>;

/** The shillings the counts add up to, in cents. */
export function denominationsTotalCents(counts: Denominations): number {
  return DENOMINATIONS.reduce((sum, value) => sum + value * 100 * (counts[`${value}`] ?? 0), 0);
}

/**
 * POST /shifts/{id}/close: counted cash in cents; with denominations, it must be their sum. A
 * mismatch is one disagreement of two fields: it names counted_cash first, then denominations.
 */
export const closeShiftSchema = z
  .object({
    counted_cash: shillings('Counted cash'),
    denominations: denominationsSchema.optional(),
    /** Why a manager closed someone's forgotten shift, or the cashier's note on a difference. */
    note: textSchema({ label: 'Note', max: 500, multiline: true }).optional(),
    store_id: storeIdSchema.optional(),
  })
  .superRefine((input, context) => {
    if (
      input.denominations === undefined ||
      denominationsTotalCents(input.denominations) === input.counted_cash
    ) {
      return;
    }
    for (const path of ['counted_cash', 'denominations']) {
      context.addIssue({ code: 'custom', message: SHIFT_MESSAGES.countMismatch, path: [path] });
    }
  });
export type CloseShiftInput = z.infer<typeof closeShiftSchema>;

export const shiftListQuerySchema = z
  .object({
    from: dateOnlySchema({
      required: 'From date must be a date (YYYY-MM-DD)',
      invalid: 'From date must be a date (YYYY-MM-DD)',
    }).optional(),
    to: dateOnlySchema({
      required: 'To date must be a date (YYYY-MM-DD)',
      invalid: 'To date must be a date (YYYY-MM-DD)',
    }).optional(),
    status: z.enum(['open', 'closed'], { error: 'Status must be open or closed' }).optional(),
    store_id: storeIdSchema.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'To date must not be before From date',
    path: ['to'],
  });

/** GET /shifts/summary?date: the shop day (Nairobi) to sum by cashier; today when left out. */
export const shiftSummaryQuerySchema = z.object({
  date: dateOnlySchema({
    required: 'Date must be a date (YYYY-MM-DD)',
    invalid: 'Date must be a date (YYYY-MM-DD)',
  }).optional(),
  store_id: storeIdSchema.optional(),
});

export const shiftParamsSchema = z.object({ id: idSchema('Invalid shift') });

const person = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** The money of a shift, in shillings (numbers): the X report's figures, the Z report's too. */
export const shiftFiguresSchema = z.object({
  opening_float: z.number(),
  /** Cash tendered for the shift's sales (cash parts as written + change given). */
  cash_sales: z.number(),
  change_given: z.number(),
  cash_refunds: z.number(),
  /** Customers' credit repaid in cash during the shift. */
  cash_repayments: z.number(),
  pay_ins: z.number(),
  pay_outs: z.number(),
  expected_cash: z.number(),
  mpesa_total: z.number(),
  credit_total: z.number(),
  mpesa_refunds: z.number(),
  credit_refunds: z.number(),
  /** All the shift's sales' totals added up. */
  sales_total: z.number(),
  sales_count: z.number().int(),
  returns_count: z.number().int(),
});
export type ShiftFigures = z.infer<typeof shiftFiguresSchema>;

export const cashMovementSchema = z.object({
  id: z.number().int(),
  type: z.enum(CASH_MOVEMENT_TYPES),
  amount: z.number(),
  reason: z.string(),
  /** The expense the pay-out was recorded as, or null. */
  expense_id: z.number().int().nullable(),
  User: person,
  created_at: z.string(),
});
export type CashMovement = z.infer<typeof cashMovementSchema>;

/** A shift as lists show it. */
export const shiftSchema = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  status: z.enum(['open', 'closed']),
  User: person,
  opening_float: z.number(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  /** Who closed it: the cashier, or a manager closing a forgotten shift. */
  closed_by: person,
  /** Frozen at close; null while open. */
  expected_cash: z.number().nullable(),
  counted_cash: z.number().nullable(),
  /** counted − expected: above 0 over, below 0 short; null while open. */
  difference: z.number().nullable(),
  note: z.string().nullable(),
});
export type Shift = z.infer<typeof shiftSchema>;

/**
 * GET /shifts/{id}/report (X while open: counted_cash and difference null) and the answer of
 * POST /shifts/{id}/close (Z). A closed shift's figures are those frozen at its close.
 */
export const shiftReportSchema = shiftSchema.extend({
  ...shiftFiguresSchema.shape,
  expected_cash: z.number(),
  denominations: z.record(z.string(), z.number().int()).nullable(),
  movements: z.array(cashMovementSchema),
});
export type ShiftReport = z.infer<typeof shiftReportSchema>;

export const shiftResponseSchema = z.object({ success: z.literal(true), data: shiftSchema });
export const currentShiftResponseSchema = z.object({
  success: z.literal(true),
  data: shiftSchema.nullable(),
});
export const shiftReportResponseSchema = z.object({
  success: z.literal(true),
  data: shiftReportSchema,
});
export const cashMovementResponseSchema = z.object({
  success: z.literal(true),
  data: cashMovementSchema,
});
export const shiftListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(shiftSchema),
});

/** GET /shifts/summary: the day's shifts added up per person (the end-of-day summary). */
export const shiftDaySummaryRowSchema = z.object({
  User: person,
  shifts: z.number().int(),
  open_shifts: z.number().int(),
  sales_count: z.number().int(),
  sales_total: z.number(),
  cash_sales: z.number(),
  mpesa_total: z.number(),
  credit_total: z.number(),
  refunds: z.number(),
  expected_cash: z.number(),
  /** Of the closed shifts only. */
  counted_cash: z.number(),
  difference: z.number(),
});
export const shiftDaySummaryResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ date: z.string(), rows: z.array(shiftDaySummaryRowSchema) }),
});
