/**
 * The sale's statement (write_sale, migration 0015) counts pieces, costs a unit and earns
 * points in SQL, where the rest of the server uses the TypeScript rules: each SQL rule is held
 * equal to its twin over every unit, pack size and price case, and points over the edges.
 */
import { piecesPerUnit, UNIT_TYPES } from '@duka/shared/money/units';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { pointsEarned } from '../customers/loyalty.service';
import type { ProductRow } from '../products/products.table';
import { buyingPriceOf } from '../products/unit-prices.service';

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
});
