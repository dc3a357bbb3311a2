/**
 * Expenses (spec §3 Expense, §5 Expense, §7, §9; issue 9).
 *
 * GET /expenses answers `{ expenses }`, newest day first (optional `from` / `to` shop days,
 * each inclusive); POST answers 201 `{ success: true, data }`; DELETE answers `{ success: true }`.
 *
 * Amount: a JSON number or a decimal string with at most two decimals, read exactly into
 * integer cents; 0.01 to 1,000,000 inclusive (the spec: "at least 0.01 … at most 1,000,000", so
 * exactly 1,000,000 is accepted). Responses carry it as a JSON number of shillings.
 *
 * Date: a shop day 'yyyy-MM-dd' (Africa/Nairobi), from 1900-01-01 to today in Nairobi. "Today"
 * is a function the caller passes (the server's clock, the browser's time), read when the body
 * is parsed.
 */
import { z } from 'zod';
import { dateOnlySchema, moneySchema, textSchema } from '../api/primitives';

export const EXPENSE_CATEGORIES = [
  'Inventory',
  'Utilities',
  'Rent',
  'Salaries',
  'Marketing',
  'Equipment',
  'Maintenance',
  'Other',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const DEFAULT_EXPENSE_CATEGORY: ExpenseCategory = 'Other';

/** Stored and sent as codes; shown with their labels (spec §9). */
export const EXPENSE_PAYMENT_METHODS = ['cash', 'card', 'mobile_money', 'other'] as const;
export type ExpensePaymentMethod = (typeof EXPENSE_PAYMENT_METHODS)[number];
export const DEFAULT_EXPENSE_PAYMENT_METHOD: ExpensePaymentMethod = 'cash';
export const EXPENSE_PAYMENT_METHOD_LABELS: Record<ExpensePaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  mobile_money: 'Mobile Money',
  other: 'Other',
};

export const EXPENSE_AMOUNT_MIN_CENTS = 1;
export const EXPENSE_AMOUNT_MAX_CENTS = 100_000_000;
export const EXPENSE_DATE_MIN = '1900-01-01';
export const EXPENSE_DESCRIPTION_MAX = 500;

export const EXPENSE_MESSAGES = {
  descriptionRequired: 'Description is required',
  amountRequired: 'Amount is required',
  amountInvalid: 'Amount must be a number with at most 2 decimals',
  amountTooSmall: 'Amount must be greater than 0',
  amountTooLarge: 'Amount must be less than 1,000,000',
  category: 'Please select a category',
  dateRequired: 'Date is required',
  dateInvalid: 'Date must be a date (YYYY-MM-DD)',
  dateFuture: 'Date cannot be in the future',
  dateTooEarly: 'Date cannot be before 1900-01-01',
  paymentMethod: 'Please select a payment method',
} as const;

const nairobiDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Nairobi',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The shop day (yyyy-MM-dd, Africa/Nairobi) an instant falls on. */
export function nairobiToday(now: Date): string {
  return nairobiDay.format(now);
}

/** 0.01..1,000,000 shillings, at most two decimals → integer cents. */
export function expenseAmountSchema() {
  const m = EXPENSE_MESSAGES;
  return moneySchema({
    minCents: EXPENSE_AMOUNT_MIN_CENTS,
    maxCents: EXPENSE_AMOUNT_MAX_CENTS,
    messages: {
      required: m.amountRequired,
      invalid: m.amountInvalid,
      tooSmall: m.amountTooSmall,
      tooLarge: m.amountTooLarge,
    },
  });
}

/** A shop day from 1900-01-01 up to `today()` (both inclusive). */
export function expenseDateSchema(today: () => string) {
  const m = EXPENSE_MESSAGES;
  return dateOnlySchema({ required: m.dateRequired, invalid: m.dateInvalid })
    .refine((date) => date >= EXPENSE_DATE_MIN, { error: m.dateTooEarly })
    .refine((date) => date <= today(), { error: m.dateFuture });
}

/**
 * POST /expenses. Category defaults to Other and payment method to cash (spec §7, §9); the
 * form always sends both.
 */
export function createExpenseSchema(today: () => string) {
  const m = EXPENSE_MESSAGES;
  return z.object({
    description: textSchema({
      label: 'Description',
      min: 1,
      max: EXPENSE_DESCRIPTION_MAX,
      messages: { required: m.descriptionRequired },
    }),
    amount: expenseAmountSchema(),
    category: z.enum(EXPENSE_CATEGORIES, { error: m.category }).default(DEFAULT_EXPENSE_CATEGORY),
    date: expenseDateSchema(today),
    payment_method: z
      .enum(EXPENSE_PAYMENT_METHODS, { error: m.paymentMethod })
      .default(DEFAULT_EXPENSE_PAYMENT_METHOD),
  });
}
export type CreateExpenseBody = z.input<ReturnType<typeof createExpenseSchema>>;
export type CreateExpenseInput = z.output<ReturnType<typeof createExpenseSchema>>;

/** GET /expenses?from&to — shop days, each inclusive, each applied on its own. */
export const expenseListQuerySchema = z
  .object({
    from: dateOnlySchema({
      required: 'From date must be a date (YYYY-MM-DD)',
      invalid: 'From date must be a date (YYYY-MM-DD)',
    }).optional(),
    to: dateOnlySchema({
      required: 'To date must be a date (YYYY-MM-DD)',
      invalid: 'To date must be a date (YYYY-MM-DD)',
    }).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'To date must not be before From date',
    path: ['to'],
  });

export const expenseSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  /** Shillings, at most two decimals. */
  amount: z.number(),
  category: z.enum(EXPENSE_CATEGORIES),
  /** yyyy-MM-dd, a shop day. */
  date: z.string(),
  payment_method: z.enum(EXPENSE_PAYMENT_METHODS),
  createdAt: z.string(),
  /** Who recorded it; null once that user is gone. */
  User: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type Expense = z.infer<typeof expenseSchema>;

export const expenseListResponseSchema = z.object({ expenses: z.array(expenseSchema) });
export const expenseCreateResponseSchema = z.object({
  success: z.literal(true),
  data: expenseSchema,
});
export const expenseDeleteResponseSchema = z.object({ success: z.literal(true) });
