/**
 * Reports (spec §2 Reports, §3 Reports, §7 reports calls; PRODUCT.md §4; issue 9).
 *
 * Every report reads `data.data`. `start` and `end` are shop days (YYYY-MM-DD, Africa/Nairobi),
 * both inclusive; the range applies only when BOTH are sent (spec §2: "the date filter would
 * apply only when both dates are set") — one alone is ignored. `end` before `start` is a 400.
 * Money is exact (summed as numeric in SQL) and sent as numbers with two decimals; quantities
 * are pieces.
 */
import { z } from 'zod';
import { UNIT_TYPES } from '../money/units';
import { STOCK_STATUS_LABELS } from '../products/stock-status';
import { dateOnlySchema, idSchema, textSchema } from '../api/primitives';
import { PAYMENT_PART_METHODS, REPAYMENT_METHODS } from '../sales/sales.schemas';

export const REPORT_SORTS = ['revenue', 'profit', 'quantity', 'lastSold'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];
export const REPORT_PAGE_SIZE_MAX = 500;
/** The top sellers card (spec §2, §9): the first three by revenue. */
export const TOP_SELLERS = 3;

/** A blank field of the web form counts as not sent. */
const blankAsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const startSchema = z.preprocess(
  blankAsMissing,
  dateOnlySchema({
    required: 'Start date must be a date (YYYY-MM-DD)',
    invalid: 'Start date must be a date (YYYY-MM-DD)',
  }).optional(),
);
const endSchema = z.preprocess(
  blankAsMissing,
  dateOnlySchema({
    required: 'End date must be a date (YYYY-MM-DD)',
    invalid: 'End date must be a date (YYYY-MM-DD)',
  }).optional(),
);

const pageSchema = idSchema('Page must be a whole number of at least 1').default(1);
const pageSizeSchema = idSchema(`Page size must be between 1 and ${REPORT_PAGE_SIZE_MAX}`)
  .refine((value) => value <= REPORT_PAGE_SIZE_MAX, {
    error: `Page size must be between 1 and ${REPORT_PAGE_SIZE_MAX}`,
  })
  .default(100);

const rangeFields = { start: startSchema, end: endSchema };
const endNotBeforeStart = (query: { start?: string; end?: string }) =>
  !query.start || !query.end || query.start <= query.end;
const endMessage = { error: 'End date must not be before Start date', path: ['end'] };

/** ?start&end for the sales and expenses summaries. */
export const reportRangeQuerySchema = z.object(rangeFields).refine(endNotBeforeStart, endMessage);
export type ReportRangeQuery = z.infer<typeof reportRangeQuerySchema>;

/** GET /reports/inventory?q&page&pageSize */
export const inventoryReportQuerySchema = z.object({
  q: textSchema({ label: 'Search', max: 100 }).optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
});
export type InventoryReportQuery = z.infer<typeof inventoryReportQuerySchema>;

/** GET /reports/product-performance?start&end&sort&page&pageSize (sorted descending). */
export const performanceReportQuerySchema = z
  .object({
    ...rangeFields,
    sort: z
      .enum(REPORT_SORTS, { error: 'Sort must be one of revenue, profit, quantity, lastSold' })
      .default('revenue'),
    page: pageSchema,
    pageSize: pageSizeSchema,
  })
  .refine(endNotBeforeStart, endMessage);
export type PerformanceReportQuery = z.infer<typeof performanceReportQuerySchema>;

export const inventoryReportRowSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  sku: z.string(),
  /** The piece selling price (spec §3: "In reports, price is taken from the piece price"). */
  price: z.number(),
  /** Pieces on the shelf. */
  quantity: z.number().int(),
  /** The unit the product is kept in and its pack size: the shelf's count ('3 dozen 11 pcs'). */
  stockUnit: z.enum(UNIT_TYPES),
  packSize: z.number().int(),
  status: z.enum(STOCK_STATUS_LABELS),
  /** quantity × price: stock valued at the piece selling price. */
  value: z.number(),
});
export type InventoryReportRow = z.infer<typeof inventoryReportRowSchema>;

export const inventoryReportResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    products: z.array(inventoryReportRowSchema),
    /** Over every matching product, not only this page. */
    summary: z.object({ productCount: z.number().int(), totalValue: z.number() }),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});
export type InventoryReport = z.infer<typeof inventoryReportResponseSchema>['data'];

export const performanceReportRowSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  productSku: z.string(),
  /** Pieces sold. */
  quantity: z.number().int(),
  revenue: z.number(),
  profit: z.number(),
  /** Revenue per piece sold; 0 when none sold. */
  averagePrice: z.number(),
  /** The latest sale (ISO time), null when never sold in the range. */
  lastSold: z.string().nullable(),
});
export type PerformanceReportRow = z.infer<typeof performanceReportRowSchema>;

export const performanceReportResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    products: z.array(performanceReportRowSchema),
    summary: z.object({
      totalRevenue: z.number(),
      totalProfit: z.number(),
      /** Products listed in all (the rows of every page). */
      productCount: z.number().int(),
    }),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});
export type PerformanceReport = z.infer<typeof performanceReportResponseSchema>['data'];

export const salesSummaryResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /**
     * KSh per payment method of the sales' parts (delivery fees included), every method
     * present: cash net of change, mpesa, credit (issue 21), each less the refunds made by it
     * in the range (issue 24: cash refunds off cash, M-Pesa off M-Pesa, credit off credit).
     */
    paymentMethods: z.record(z.enum(PAYMENT_PART_METHODS), z.number()),
    /** Repayments of credit received in the range, per method (issue 21). */
    repayments: z.record(z.enum(REPAYMENT_METHODS), z.number()),
    /** The sales' totals less the returns made in the range: the sum of paymentMethods. */
    totalSales: z.number(),
    /** Sales made in the range (a returned sale still counts as one). */
    count: z.number().int(),
    /**
     * KSh refunded by the returns made in the range (issue 24), by the day of the return, not of
     * its sale; already taken off totalSales, paymentMethods and byDay.
     */
    returns: z.number(),
    /**
     * One entry per shop day (Africa/Nairobi), oldest first — revenue net of that day's
     * returns: every day of a range of at most a year, days without sales as zero; else (or with no range) from the first sale's day to
     * the last's.
     */
    byDay: z.array(z.object({ date: z.string(), revenue: z.number(), count: z.number().int() })),
  }),
});
export type SalesSummary = z.infer<typeof salesSummaryResponseSchema>['data'];

export const expensesSummaryResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    totalExpenses: z.number(),
    count: z.number().int(),
    /** KSh per category, only categories with expenses. */
    byCategory: z.record(z.string(), z.number()),
  }),
});
export type ExpensesSummary = z.infer<typeof expensesSummaryResponseSchema>['data'];

export const profitReportResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** Goods sold in the range (line totals; not the delivery service, not cancelled sales). */
    revenue: z.number(),
    /** Those goods at the buying prices kept on their sale lines. */
    costOfGoods: z.number(),
    /** revenue − costOfGoods. */
    grossProfit: z.number(),
    /** The store's expenses dated in the range. */
    expenses: z.number(),
    /** grossProfit − expenses (negative when the expenses exceed it). */
    profitAfterExpenses: z.number(),
  }),
});
export type ProfitReport = z.infer<typeof profitReportResponseSchema>['data'];

/** The most rows each table of the discounts report lists (largest discounts first). */
export const DISCOUNT_REPORT_ROWS = 50;

/**
 * GET /reports/discounts (issue 20): the discounts given in the range (sales not cancelled),
 * per cashier and per product, largest first. A discount is list price × quantity − what the
 * line was charged (docs/decisions/0004).
 */
export const discountsReportResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** KSh given off in all. */
    total: z.number(),
    byCashier: z.array(
      z.object({
        user_id: z.number().int().nullable(),
        name: z.string(),
        /** Sales with a discount. */
        sales: z.number().int(),
        discount: z.number(),
      }),
    ),
    byProduct: z.array(
      z.object({
        product_id: z.number().int().nullable(),
        name: z.string(),
        /** Sale lines with a discount. */
        lines: z.number().int(),
        discount: z.number(),
      }),
    ),
  }),
});
export type DiscountsReport = z.infer<typeof discountsReportResponseSchema>['data'];
