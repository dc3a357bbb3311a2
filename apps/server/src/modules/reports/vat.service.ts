/**
 * The monthly VAT report (issue 26): the output VAT of a store's sales in one Nairobi calendar
 * month per KRA tax letter, and the month's credit notes (returns) apart — a return is its own
 * document with KRA, so it is reported beside the sales, never netted off them.
 *
 * Every figure is an SQL sum of what the sale's triggers kept (migration 0042): each line's
 * letter and the VAT inside its total, and each sale's delivery fee with its VAT, which is
 * always B. The tax of a letter is therefore the sum of its lines' taxes, each rounded on its
 * own — the same figures the sales' receipts print, added up. Which sales and returns count
 * follows the other reports: cancelled sales and the returns of them are left out, and a
 * return counts in the month it was made, not its sale's.
 */
import type { VatReport, VatReportQuery } from '@duka/shared/etims/etims.schemas';
import { TAX_TYPES, type TaxType } from '@duka/shared/tax/tax';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { shopMonthDays } from '../../lib/shop-day';
import { saleReturnItems, saleReturns } from '../returns/returns.table';
import { saleItems, sales } from '../sales/sales.table';
import { countedReturns, countedSales } from './reports.service';

/** A numeric sum as it leaves PostgreSQL ('1234.50', or null over no rows) → 1234.5 KSh. */
function shillings(value: string | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/**
 * GET /reports/vat?month=YYYY-MM: per letter (A to E, only those sold in the month) the taxable
 * amount (the lines' VAT-inclusive totals less their VAT, OSCU's taxblAmt) and the VAT; the
 * credit notes' taxable amount and VAT, all letters together.
 */
export async function vatReport(
  db: Executor,
  storeId: number,
  query: VatReportQuery,
): Promise<VatReport> {
  const month = shopMonthDays(query.month);
  const soldInMonth = countedSales(storeId, month);
  const taxed = db.$with('taxed').as(
    unionAll(
      db
        .select({
          taxType: sql<TaxType>`${saleItems.taxType}`.as('tax_type'),
          total: sql<string>`sum(${saleItems.total})`.as('total'),
          tax: sql<string>`sum(${saleItems.taxAmount})`.as('tax'),
        })
        .from(sales)
        .innerJoin(saleItems, eq(saleItems.saleId, sales.id))
        .where(soldInMonth)
        .groupBy(saleItems.taxType),
      // The delivery fee is a charge on the sale, not a line: VAT at 16%, letter B.
      db
        .select({
          taxType: sql<TaxType>`'B'`.as('tax_type'),
          total: sql<string>`sum(${sales.deliveryFee})`.as('total'),
          tax: sql<string>`sum(${sales.deliveryTax})`.as('tax'),
        })
        .from(sales)
        .where(and(soldInMonth, ne(sales.deliveryFee, '0')))
        .having(sql`count(*) > 0`),
    ),
  );
  const [letters, [credit]] = await Promise.all([
    db
      .with(taxed)
      .select({
        taxType: taxed.taxType,
        taxable: sql<string>`(sum(${taxed.total}) - sum(${taxed.tax}))::numeric(18, 2)`,
        tax: sql<string>`sum(${taxed.tax})::numeric(18, 2)`,
      })
      .from(taxed)
      .groupBy(taxed.taxType)
      .orderBy(asc(taxed.taxType)),
    db
      .select({
        taxable: sql<string>`coalesce(sum(${saleReturnItems.amount}) - sum(${saleReturnItems.taxAmount}), 0)::numeric(18, 2)`,
        tax: sql<string>`coalesce(sum(${saleReturnItems.taxAmount}), 0)::numeric(18, 2)`,
      })
      .from(saleReturns)
      .innerJoin(saleReturnItems, eq(saleReturnItems.returnId, saleReturns.id))
      .where(countedReturns(storeId, month)),
  ]);
  const byLetter = new Map(letters.map((row) => [row.taxType, row]));
  return {
    month: query.month,
    by_tax_type: TAX_TYPES.filter((letter) => byLetter.has(letter)).map((letter) => {
      const row = byLetter.get(letter)!;
      return {
        tax_type: letter,
        taxable_amount: shillings(row.taxable),
        tax_amount: shillings(row.tax),
      };
    }),
    credit_notes: {
      taxable_amount: shillings(credit?.taxable),
      tax_amount: shillings(credit?.tax),
    },
  };
}
