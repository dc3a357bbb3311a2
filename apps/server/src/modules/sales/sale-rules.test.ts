/**
 * The sale's statement (write_sale, migrations 0015 and 0027) counts pieces, costs a unit,
 * earns points and holds a credit part to the customer's limit in SQL, where the rest of the
 * server uses the TypeScript rules: each SQL rule is held equal to its twin over every unit,
 * pack size and price case, and points and credit over the edges. Issue 26: a line's VAT
 * (line_tax and tax_rate, migration 0042) equals lineTaxCents at every letter's rate.
 */
import { centsToDecimal, toCents } from '@duka/shared/money/money';
import { piecesPerUnit, UNIT_TYPES } from '@duka/shared/money/units';
import { exceedsCreditLimit } from '@duka/shared/sales/credit';
import { exceedsDiscountCap, lineDiscountCents } from '@duka/shared/sales/discounts';
import { lineTaxCents, TAX_RATES, TAX_TYPES } from '@duka/shared/tax/tax';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { pointsEarned } from '../customers/loyalty.service';
import type { ProductRow } from '../products/products.table';
import { buyingPriceOf, listPriceOf } from '../products/unit-prices.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const result: unknown = await t.db.execute(query);
  return Object.values((result as { rows: Record<string, T>[] }).rows[0]!)[0]!;
}

describe('the sale rules in SQL equal the TypeScript ones', () => {
  it('pieces per unit and the buying price of a unit', async () => {
    for (const unit of UNIT_TYPES) {
      for (const packSize of [1, 4, 6, 24]) {
        for (const [pack, dozen] of [
          ['280.00', '550.00'],
          ['0.00', '0.00'],
          ['0.01', '0.00'],
        ] as const) {
          const product = {
            packSize,
            pieceBuyingPrice: '47.35',
            packBuyingPrice: pack,
            dozenBuyingPrice: dozen,
          } as ProductRow;
          expect(
            await one<number>(sql`select pieces_per_unit(${unit}, ${packSize}::integer) as n`),
          ).toBe(piecesPerUnit(unit, packSize));
          const buying =
            await one<string>(sql`select unit_buying_price(${unit}, ${packSize}::integer,
            ${product.pieceBuyingPrice}::numeric, ${pack}::numeric, ${dozen}::numeric)::numeric(12, 2)::text as p`);
          expect(buying, `${unit} of ${packSize}, pack ${pack}, dozen ${dozen}`).toBe(
            buyingPriceOf(product, unit),
          );
        }
      }
    }
  });

  it('the selling (list) price of a unit: its own, else its pieces at the piece price', async () => {
    for (const [pack, dozen] of [
      ['900.50', '0.00'],
      ['0.00', '1150.00'],
      ['0.00', '0.00'],
    ] as const) {
      for (const packSize of [1, 6, 24]) {
        const product = {
          pieceSellingPrice: '100.00',
          packSellingPrice: pack,
          dozenSellingPrice: dozen,
          packSize,
        } as ProductRow;
        for (const unit of UNIT_TYPES) {
          const list = await one<string>(sql`select unit_selling_price(${unit},
            ${packSize}::integer, ${product.pieceSellingPrice}::numeric, ${pack}::numeric,
            ${dozen}::numeric)::numeric(12, 2)::text as p`);
          expect(list, `${unit} of ${packSize}, pack ${pack}, dozen ${dozen}`).toBe(
            listPriceOf(product, unit),
          );
        }
      }
    }
    // A dozen with no price of its own lists at twelve pieces, never at nothing.
    const loose = { pieceSellingPrice: '100.00', dozenSellingPrice: '0.00' } as ProductRow;
    expect(listPriceOf(loose, 'dozen')).toBe('1200.00');
  });

  it("a line's discount and the cashier's cap", async () => {
    for (const listCents of [0, 1, 10_000, 99_999]) {
      for (const quantity of [1, 3, 1_000]) {
        for (const totalCents of [
          0,
          1,
          9_000 * quantity,
          10_000 * quantity - 1,
          12_000 * quantity,
        ]) {
          const args = sql`${centsToDecimal(listCents)}::numeric, ${quantity}::integer,
            ${centsToDecimal(totalCents)}::numeric`;
          const discount = await one<string>(
            sql`select line_discount(${args})::numeric(16, 2)::text as d`,
          );
          const label = `${listCents} × ${quantity} for ${totalCents}`;
          expect(toCents(discount), label).toBe(lineDiscountCents(listCents, quantity, totalCents));
          for (const cap of [0, 10, 99, 100]) {
            const over = await one<boolean>(
              sql`select over_discount_cap(${args}, ${cap}::integer) as o`,
            );
            expect(over, `${label} at ${cap}%`).toBe(
              exceedsDiscountCap(listCents, quantity, totalCents, cap),
            );
          }
        }
      }
    }
  });

  it('points earned on the goods', async () => {
    for (const goodsCents of [0, 9_999, 10_000, 123_456, 138_000, 99_999_999_999]) {
      for (const rate of [0, 1, 3, 7, 1000]) {
        const points = await one<string | number>(
          sql`select points_earned(${goodsCents}::bigint, ${rate}::integer) as n`,
        );
        expect(Number(points), `${goodsCents} at ${rate}`).toBe(pointsEarned(goodsCents, rate));
      }
    }
  });

  it('a credit part past the credit limit (issue 21)', async () => {
    for (const limit of [null, 0, 100_000, 99_999_999_999]) {
      for (const owed of [0, 1, 50_000, 100_000]) {
        for (const credit of [1, 49_999, 50_000, 50_001, 100_000]) {
          const sqlLimit = limit === null ? null : centsToDecimal(limit);
          const exceeds = await one<boolean>(sql`select exceeds_credit_limit(
            ${centsToDecimal(owed)}::numeric, ${centsToDecimal(credit)}::numeric,
            ${sqlLimit}::numeric) as e`);
          expect(exceeds, `${owed} + ${credit} against ${limit}`).toBe(
            exceedsCreditLimit(owed, credit, limit),
          );
        }
      }
    }
  });

  it('the VAT inside a line total, at every letter’s rate', async () => {
    const totals = [0, 1, 4, 29, 57, 100, 145, 999, 2_175, 10_000, 12_345, 51_035, 103_750];
    // Every total up to 10 shillings too: the rounding edges repeat every 29 and 27 cents.
    for (let cents = 0; cents <= 1_000; cents += 1) totals.push(cents);
    for (const letter of TAX_TYPES) {
      const result: unknown = await t.db.execute(sql`
        SELECT t.cents, (line_tax(t.cents / 100.0, tax_rate(${letter})) * 100)::bigint AS tax
        FROM unnest(${`{${totals.join(',')}}`}::bigint[]) AS t (cents)
      `);
      const { rows } = result as { rows: { cents: string | number; tax: string | number }[] };
      for (const row of rows) {
        expect([letter, Number(row.cents), Number(row.tax)]).toEqual([
          letter,
          Number(row.cents),
          lineTaxCents(Number(row.cents), TAX_RATES[letter]),
        ]);
      }
    }
  });
});
