/**
 * GET /products/export.csv and /products/import-template.csv (issue 6). The export reads the
 * store's products in id order, BATCH at a time (keyset paging), and streams each batch as CSV
 * lines: a store with 50,000 products never holds them all in memory.
 */
import { centsToNumber, toCents } from '@duka/shared/money/money';
import { wholeUnits } from '@duka/shared/money/units';
import { and, asc, eq, gt } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { Executor } from '../../db/client';
import { categories } from '../categories/categories.table';
import { stores } from '../stores/stores.table';
import { CSV_HEADER_LINE, UTF8_BOM, csvCell, csvLine, csvTextCell } from './products-csv';
import { products, type ProductRow } from './products.table';

const BATCH = 1000;

/** A price column: two decimals, never formula-guarded (it is a number). */
const money = (value: string) => centsToNumber(toCents(value) ?? 0).toFixed(2);

function productLine(product: ProductRow, category: string | null): string {
  return csvLine([
    csvTextCell(product.sku),
    csvTextCell(product.name),
    csvTextCell(product.description),
    csvTextCell(product.barcode ?? ''),
    csvTextCell(category ?? ''),
    money(product.pieceBuyingPrice),
    money(product.pieceSellingPrice),
    money(product.packBuyingPrice),
    money(product.packSellingPrice),
    money(product.dozenBuyingPrice),
    money(product.dozenSellingPrice),
    String(product.packSize),
    csvCell(product.stockUnit),
    String(wholeUnits(product.stockPieces, product.stockUnit, product.packSize)),
    String(product.minQuantity),
    String(product.isActive),
    csvCell(product.kind),
    csvCell(product.taxType),
  ]);
}

async function* exportLines(db: Executor, storeId: number): AsyncGenerator<string> {
  yield UTF8_BOM + CSV_HEADER_LINE;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ product: products, category: categories.name })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(products.storeId, storeId), gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    yield rows.map(({ product, category }) => productLine(product, category)).join('');
    after = rows[rows.length - 1]!.product.id;
    if (rows.length < BATCH) return;
  }
}

/** The store's products as a UTF-8 CSV stream (with BOM), one batch of lines per chunk. */
export function exportProductsCsv(db: Executor, storeId: number): Readable {
  return Readable.from(exportLines(db, storeId), { objectMode: false });
}

/** The download's name: products-<store>-<yyyy-mm-dd>.csv, the date as it is in Kenya. */
export async function exportFileName(db: Executor, storeId: number, now: Date): Promise<string> {
  const [store] = await db
    .select({ name: stores.name })
    .from(stores)
    .where(eq(stores.id, storeId))
    .limit(1);
  const slug =
    (store?.name ?? '')
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'store';
  const date = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Nairobi',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return `products-${slug}-${date}.csv`;
}

/** The same header and two lines of a Kenyan shop, to fill in. */
export const IMPORT_TEMPLATE_CSV =
  UTF8_BOM +
  CSV_HEADER_LINE +
  csvLine(
    [
      'UNGA-2KG',
      'Unga maize flour 2kg',
      'Sifted maize meal',
      '6161101600019',
      'Flour',
      '175.00',
      '195.00',
      '0.00',
      '0.00',
      '2040.00',
      '2280.00',
      '1',
      'piece',
      '40',
      '10',
      'true',
      'goods',
      'B',
    ].map(csvTextCell),
  ) +
  csvLine(
    [
      'SODA-500',
      'Soda 500ml',
      'Bottled soft drink, crate of 24',
      '5449000000996',
      'Drinks',
      '45.00',
      '60.00',
      '1000.00',
      '1320.00',
      '520.00',
      '690.00',
      '24',
      'dozen',
      '10',
      '4',
      'true',
      'goods',
      'B',
    ].map(csvTextCell),
  );
