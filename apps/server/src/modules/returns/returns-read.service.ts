/**
 * Reading returns back (issue 24): the returns of several sales with their lines and who gave
 * each refund, in two queries whatever the number of sales — the sales list's page and a
 * sale's details alike (sales.service.ts withParts). Apart from returns.service.ts so the sales
 * module reads them without importing the writer (which imports the sales module).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { etimsInvoicesOfReturns, presentEtimsState } from '../etims/etims-read.service';
import { saleItems } from '../sales/sales.table';
import { users } from '../users/users.table';
import type { SaleReturnWithItems } from './returns.presenters';
import { saleReturnItems, saleReturns } from './returns.table';

/** The returns of these sales by sale id, each sale's oldest first (by id: the order written). */
export async function returnsOfSales(
  db: Executor,
  saleIds: readonly number[],
): Promise<Map<number, SaleReturnWithItems[]>> {
  const bySale = new Map<number, SaleReturnWithItems[]>();
  if (saleIds.length === 0) return bySale;
  const rows = await db
    .select({ row: saleReturns, userName: users.name })
    .from(saleReturns)
    .leftJoin(users, eq(users.id, saleReturns.userId))
    .where(inArray(saleReturns.saleId, [...saleIds]))
    .orderBy(asc(saleReturns.id));
  if (rows.length === 0) return bySale;
  return group(db, rows, bySale);
}

/** One return by id, as the API shows it (its replay), or undefined. */
export async function returnById(
  db: Executor,
  id: number,
): Promise<SaleReturnWithItems | undefined> {
  const rows = await db
    .select({ row: saleReturns, userName: users.name })
    .from(saleReturns)
    .leftJoin(users, eq(users.id, saleReturns.userId))
    .where(eq(saleReturns.id, id));
  if (rows.length === 0) return undefined;
  return (await group(db, rows, new Map())).get(rows[0]!.row.saleId)![0];
}

async function group(
  db: Executor,
  rows: { row: typeof saleReturns.$inferSelect; userName: string | null }[],
  bySale: Map<number, SaleReturnWithItems[]>,
): Promise<Map<number, SaleReturnWithItems[]>> {
  const returnIds = rows.map(({ row }) => row.id);
  const [items, invoices] = await Promise.all([
    db
      .select({
        item: saleReturnItems,
        productName: saleItems.productName,
        unitType: saleItems.unitType,
      })
      .from(saleReturnItems)
      .innerJoin(saleItems, eq(saleItems.id, saleReturnItems.saleItemId))
      .where(inArray(saleReturnItems.returnId, returnIds))
      .orderBy(asc(saleReturnItems.id)),
    etimsInvoicesOfReturns(db, returnIds),
  ]);
  for (const { row, userName } of rows) {
    const entry: SaleReturnWithItems = {
      row,
      items: items
        .filter(({ item }) => item.returnId === row.id)
        .map(({ item, productName, unitType }) => ({ ...item, productName, unitType })),
      user: row.userId === null || userName === null ? null : { id: row.userId, name: userName },
      etims: presentEtimsState(invoices.get(row.id)),
    };
    const list = bySale.get(row.saleId);
    if (list) list.push(entry);
    else bySale.set(row.saleId, [entry]);
  }
  return bySale;
}
