/**
 * Demo data for a fresh embedded database (PRODUCT.md §6). Later capabilities extend it with
 * their own records. Never runs against a production DATABASE_URL unless SEED_DEMO=1.
 */
import type { Role } from '@duka/shared/auth/roles';
import { count } from 'drizzle-orm';
import type { Database, Executor } from '../client';
import { categories } from '../../modules/categories/categories.table';
import { withImageFiles } from '../../modules/products/product-images.service';
import { catalogueChanged } from '../../modules/products/products-catalogue.service';
import { insertProduct } from '../../modules/products/products-writes.service';
import { stores } from '../../modules/stores/stores.table';
import { users } from '../../modules/users/users.table';
import { insertUser } from '../../modules/users/users.service';
import { seedDemoExpenses } from './demo-expenses';
import { seedDemoOrders } from './demo-orders';
import { seedDemoPhotos } from './demo-photos';
import { seedDemoProductSuppliers } from './demo-product-suppliers';
import { seedDemoPurchaseOrders } from './demo-purchase-orders';
import { seedDemoReturns } from './demo-returns';
import { seedDemoCounts } from './demo-counts';
import { seedDemoCredit } from './demo-credit';
import { seedDemoEtims } from './demo-etims';
import { renumberDemoDocuments } from './demo-numbers';
import { seedDemoMpesa } from './demo-mpesa';
import { seedDemoSales } from './demo-sales';
import { seedDemoShifts } from './demo-shifts';
import { seedDemoSuppliers } from './demo-suppliers';
import { seedDemoTransfers } from './demo-transfers';
import {
  demoProductInput,
  MOMBASA_PRODUCTS,
  NAIROBI_PRODUCTS,
  type DemoProduct,
} from './demo-catalogue';

export const DEMO_PASSWORD = 'duka-demo-1234';
export const DEMO_STORES = ['Duka Demo — Nairobi', 'Duka Demo — Mombasa'] as const;

/** The demo's people; each of Nairobi's but the Mombasa admin (issue 25: its transfers). */
export const DEMO_ACCOUNTS: readonly {
  email: string;
  name: string;
  role: Role;
  store?: (typeof DEMO_STORES)[number];
}[] = [
  { email: 'super@duka.test', name: 'Sam Super', role: 'super_admin' },
  { email: 'admin@duka.test', name: 'Amina Admin', role: 'admin' },
  { email: 'manager@duka.test', name: 'Musa Manager', role: 'manager' },
  { email: 'cashier@duka.test', name: 'Wanjiku Cashier', role: 'sales' },
  { email: 'shopper@duka.test', name: 'Otieno Shopper', role: 'user' },
  {
    email: 'mombasa@duka.test',
    name: 'Mwanaisha Admin',
    role: 'admin',
    store: 'Duka Demo — Mombasa',
  },
];

/** The demo shop opened (its opening stock count) this many days before the seed runs. */
const OPENED_DAYS_AGO = 35;

/** True when the database holds no account yet (a fresh install). */
export async function isEmptyDatabase(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

export interface DemoOptions {
  /**
   * Issue 26: register Nairobi for eTIMS (demo-etims.ts). Only when an OSCU host is configured
   * (ETIMS_BASE_URL: the local fake under `npm run dev` and in the browser tests): a plain
   * `npm start` would otherwise send the demo's made-up invoices to KRA's sandbox.
   */
  registerEtims: boolean;
}

/**
 * The demo, in one transaction; its photos' files go under `uploadDir` and are removed again
 * if the seed fails.
 */
export async function seedDemo(
  db: Database,
  uploadDir: string,
  options: DemoOptions = { registerEtims: true },
): Promise<void> {
  await withImageFiles(uploadDir, (writer) =>
    db.transaction(async (tx) => {
      const [nairobi, mombasa] = await tx
        .insert(stores)
        .values(DEMO_STORES.map((name) => ({ name })))
        .returning();
      let admin: number | null = null;
      let mombasaAdmin: number | null = null;
      for (const { store, ...account } of DEMO_ACCOUNTS) {
        const inMombasa = store === mombasa!.name;
        const row = await insertUser(tx, {
          ...account,
          password: DEMO_PASSWORD,
          storeId: inMombasa ? mombasa!.id : nairobi!.id,
        });
        if (account.role === 'admin') {
          if (inMombasa) mombasaAdmin = row.id;
          else admin = row.id;
        }
      }
      await seedDemoSuppliers(tx);
      // The admin took the opening stock count in Nairobi, before the month of history the
      // demo shows; Mombasa's, before its admin joined.
      const openedAt = new Date(Date.now() - OPENED_DAYS_AGO * 86_400_000);
      const nairobiProducts = await seedCatalogue(
        tx,
        nairobi!.id,
        admin,
        NAIROBI_PRODUCTS,
        openedAt,
      );
      await seedCatalogue(tx, mombasa!.id, null, MOMBASA_PRODUCTS, openedAt);
      await seedDemoPhotos(tx, writer, nairobi!.id, nairobiProducts);
      await seedDemoProductSuppliers(tx, nairobi!.id, nairobi!.name);
      await seedDemoProductSuppliers(tx, mombasa!.id, mombasa!.name);
      await seedDemoPurchaseOrders(tx, nairobi!.id, admin);
      // Issue 26: registered for eTIMS since it opened, so every sale and return is an invoice.
      if (options.registerEtims) await seedDemoEtims(tx, nairobi!.id, openedAt);
      await seedDemoSales(tx, nairobi!.id, nairobi!.name);
      await seedDemoMpesa(tx, nairobi!.id);
      await seedDemoCredit(tx, nairobi!.id);
      await seedDemoOrders(tx, nairobi!.id);
      await seedDemoExpenses(tx, nairobi!.id);
      await seedDemoReturns(tx, nairobi!.id);
      await seedDemoShifts(tx, nairobi!.id);
      await seedDemoTransfers(tx, nairobi!.id, mombasa!.id, admin, mombasaAdmin);
      // Issue 25: last, after every other change of Nairobi's stock.
      await seedDemoCounts(tx, nairobi!.id);
      // Issue 26: the numbers in the order of the days, once every sale and return is written.
      await renumberDemoDocuments(tx);
    }),
  );
  // Committed: a grid or search cached before the seed (none, at start-up) reads again.
  catalogueChanged();
}

/**
 * A store's categories and products, each product with its 'initial' stock movement; the
 * products by SKU.
 */
async function seedCatalogue(
  tx: Executor,
  storeId: number,
  userId: number | null,
  catalogue: readonly DemoProduct[],
  openedAt: Date,
): Promise<Map<string, { id: number; name: string }>> {
  const names = [...new Set(catalogue.map((product) => product.category))];
  const rows = await tx
    .insert(categories)
    .values(names.map((name) => ({ storeId, name })))
    .returning();
  const categoryIds = new Map(rows.map((row) => [row.name, row.id]));
  const bySku = new Map<string, { id: number; name: string }>();
  for (const product of catalogue) {
    const row = await insertProduct(
      tx,
      storeId,
      userId,
      demoProductInput(product, categoryIds.get(product.category)!),
      openedAt,
    );
    bySku.set(row.sku, { id: row.id, name: row.name });
  }
  return bySku;
}

/**
 * Seeds the demo data when the database has no account yet; true when it did. Run it inside
 * `DatabaseHandle.migrateThen` so the empty-check and the seed share the start-up lock: two
 * instances starting together on one empty PostgreSQL seed once, and both come up.
 */
export async function seedDemoIfEmpty(
  db: Database,
  uploadDir: string,
  options?: DemoOptions,
): Promise<boolean> {
  if (!(await isEmptyDatabase(db))) return false;
  await seedDemo(db, uploadDir, options);
  return true;
}
