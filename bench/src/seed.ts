/**
 * npm run bench:seed -- --products 50000 --sales 200000 [--reset]
 *
 * A chain store's year, written straight into the database in batches (SQL generate_series, so
 * the rows never cross the wire one by one): the "Duka Bench" store with its manager and
 * cashier, categories, products in pieces, packs and dozens, customers, sales of 1 to 5 lines
 * (3 on average) over the last 12 months with their payment, stock movements and loyalty points,
 * expenses, and opening stock that the movements add up to. Into DATABASE_URL when it is set,
 * otherwise into the embedded database in bench/.data (or BENCH_DATA_DIR).
 *
 * --reset first wipes that database: on PGlite the folder, on PostgreSQL every table of the
 * public schema (so point DATABASE_URL at a database kept for benchmarks).
 */
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { DEMO_PASSWORD } from '../../apps/server/src/db/seed/demo-seed';
import { stores } from '../../apps/server/src/modules/stores/stores.table';
import { insertUser } from '../../apps/server/src/modules/users/users.service';
import {
  BENCH_CASHIER,
  BENCH_MANAGER,
  BENCH_STORE,
  BRANDS,
  CATEGORIES,
  GOODS,
  IMPORT_MANAGER,
  IMPORT_STORE,
  SIZES,
} from './catalogue';
import { benchDatabase, describeTarget, numberFlag, progress } from './options';

const PRODUCTS = numberFlag('--products', 50_000);
const SALES = numberFlag('--sales', 200_000);
const CUSTOMERS = numberFlag('--customers', 2_000);
const RESET = process.argv.includes('--reset');
const BATCH = 10_000;

/** A SQL literal for trusted constant text (the word lists above). */
function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
function textArray(values: readonly string[]): string {
  return `ARRAY[${values.map(literal).join(',')}]::text[]`;
}

async function one<T>(db: Database, query: string): Promise<T> {
  const result = await db.execute(sql.raw(query));
  return (result as { rows: T[] }).rows[0]!;
}
async function run(db: Database, query: string): Promise<void> {
  await db.execute(sql.raw(query));
}

async function wipe(db: Database, driver: 'pglite' | 'pg') {
  if (driver === 'pg') {
    await run(db, 'DROP SCHEMA IF EXISTS public CASCADE');
    await run(db, 'DROP SCHEMA IF EXISTS drizzle CASCADE');
    await run(db, 'CREATE SCHEMA public');
  }
}

const target = benchDatabase();
if (RESET && !target.databaseUrl) rmSync(target.dataDir, { recursive: true, force: true });
const handle = await openDatabase(target);
const started = performance.now();
try {
  if (RESET) await wipe(handle.db, handle.driver);
  await handle.migrate();
  const db = handle.db;
  const existing = await one<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM stores WHERE name = ${literal(BENCH_STORE)}`,
  );
  if (existing.n > 0) {
    console.error(
      `${describeTarget(target)} already holds the "${BENCH_STORE}" store: ` +
        'run with --reset to wipe it and seed again.',
    );
    process.exit(1);
  }
  console.log(
    `Seeding ${describeTarget(target)}: ${PRODUCTS} products, ${SALES} sales, ${CUSTOMERS} customers`,
  );

  const [store] = await db.insert(stores).values({ name: BENCH_STORE }).returning();
  const storeId = store!.id;
  const manager = await insertUser(db, {
    email: BENCH_MANAGER,
    name: 'Bench Manager',
    role: 'manager',
    password: DEMO_PASSWORD,
    storeId,
  });
  const cashier = await insertUser(db, {
    email: BENCH_CASHIER,
    name: 'Bench Cashier',
    role: 'sales',
    password: DEMO_PASSWORD,
    storeId,
  });
  const [importStore] = await db.insert(stores).values({ name: IMPORT_STORE }).returning();
  await insertUser(db, {
    email: IMPORT_MANAGER,
    name: 'Bench Importer',
    role: 'manager',
    password: DEMO_PASSWORD,
    storeId: importStore!.id,
  });
  await run(
    db,
    `INSERT INTO categories (store_id, name) SELECT ${storeId}, c FROM unnest(${textArray(CATEGORIES)}) c`,
  );
  const { first: firstCategory } = await one<{ first: number }>(
    db,
    `SELECT min(id) AS first FROM categories WHERE store_id = ${storeId}`,
  );

  // Products, in batches. Names come from catalogue.ts (the search scenario types them).
  const bar = progress('products', PRODUCTS);
  for (let from = 1; from <= PRODUCTS; from += BATCH) {
    const to = Math.min(PRODUCTS, from + BATCH - 1);
    await run(
      db,
      `INSERT INTO products (store_id, name, description, sku, barcode, category_id,
         piece_buying_price, piece_selling_price, pack_buying_price, pack_selling_price,
         dozen_buying_price, dozen_selling_price, stock_pieces, min_quantity, pack_size, stock_unit)
       SELECT ${storeId},
         (${textArray(BRANDS)})[1 + n % ${BRANDS.length}] || ' ' ||
           (${textArray(GOODS)})[1 + (n / ${BRANDS.length}) % ${GOODS.length}] || ' ' ||
           (${textArray(SIZES)})[1 + (n / ${BRANDS.length * GOODS.length}) % ${SIZES.length}] ||
           ' No.' || n,
         'Bench product ' || n,
         'BN' || lpad(n::text, 7, '0'),
         (6199000000000 + n)::text,
         ${firstCategory} + n % ${CATEGORIES.length},
         c, round(c * 1.25), c * k * 0.95, round(c * k * 1.2), c * 12 * 0.97, round(c * 12 * 1.22),
         0, 10, k, (ARRAY['piece','pack','dozen'])[1 + n % 3]
       FROM generate_series(${from}, ${to}) n,
         LATERAL (SELECT (20 + n % 480)::numeric AS c, (ARRAY[6, 12, 24])[1 + n % 3] AS k) x`,
    );
    bar(to);
  }
  const span = await one<{ first: number; last: number; n: number }>(
    db,
    `SELECT min(id) AS first, max(id) AS last, count(*)::int AS n FROM products WHERE store_id = ${storeId}`,
  );
  if (span.last - span.first + 1 !== span.n) throw new Error('product ids are not contiguous');

  await run(
    db,
    `INSERT INTO customers (store_id, name, phone, email)
     SELECT ${storeId}, 'Mteja ' || n, '+2547' || lpad((n % 100000000)::text, 8, '0'),
       'mteja' || n || '@example.ke'
     FROM generate_series(1, ${CUSTOMERS}) n`,
  );
  const people = await one<{ walkIn: number; first: number }>(
    db,
    `SELECT min(id) FILTER (WHERE is_walk_in) AS "walkIn", min(id) FILTER (WHERE NOT is_walk_in) AS first
     FROM customers WHERE store_id = ${storeId}`,
  );

  // Sales: a third to named customers, two in five by M-Pesa, over the last 365 days; a
  // quarter of the lines go to the 500 best sellers. Then each batch's totals, its stock
  // movements and its loyalty points.
  const salesBar = progress('sales', SALES);
  for (let from = 1; from <= SALES; from += BATCH) {
    const to = Math.min(SALES, from + BATCH - 1);
    const { before } = await one<{ before: number }>(
      db,
      `SELECT coalesce(max(id), 0) AS before FROM sales`,
    );
    await run(
      db,
      `WITH s AS (
         INSERT INTO sales (store_id, customer_id, user_id, subtotal, total_amount,
           payment_method, amount_paid, created_at)
         SELECT ${storeId},
           CASE WHEN g % 3 = 0 THEN ${people.first} + (g * 7) % ${CUSTOMERS} ELSE ${people.walkIn} END,
           ${cashier.id}, 0, 0, CASE WHEN g % 5 < 2 THEN 'mpesa' ELSE 'cash' END, 0,
           now() - make_interval(secs => ((g::bigint * 104729) % 31536000)::double precision)
         FROM generate_series(${from}, ${to}) g
         RETURNING id, created_at
       )
       INSERT INTO sale_items (sale_id, store_id, sold_at, product_id, product_name, product_sku,
         unit_type, quantity, pieces, unit_price, buying_price, total)
       SELECT s.id, ${storeId}, s.created_at, p.id, p.name, p.sku, u.unit, q.qty,
         q.qty * CASE u.unit WHEN 'pack' THEN p.pack_size WHEN 'dozen' THEN 12 ELSE 1 END,
         CASE u.unit WHEN 'pack' THEN p.pack_selling_price WHEN 'dozen' THEN p.dozen_selling_price
           ELSE p.piece_selling_price END,
         CASE u.unit WHEN 'pack' THEN p.pack_buying_price WHEN 'dozen' THEN p.dozen_buying_price
           ELSE p.piece_buying_price END,
         q.qty * CASE u.unit WHEN 'pack' THEN p.pack_selling_price
           WHEN 'dozen' THEN p.dozen_selling_price ELSE p.piece_selling_price END
       FROM s
       CROSS JOIN LATERAL generate_series(1, 1 + (s.id * 13) % 5) k
       JOIN products p ON p.id = ${span.first} + CASE WHEN (s.id + k) % 4 = 0
         THEN (s.id::bigint * 31 + k * 7) % 500
         ELSE (s.id::bigint * 7919 + k * 104729) % ${span.n} END
       CROSS JOIN LATERAL (SELECT 1 + (s.id + k) % 3 AS qty,
         CASE (s.id + k * 2) % 6 WHEN 0 THEN 'pack' WHEN 1 THEN 'dozen' ELSE 'piece' END AS unit) q
       CROSS JOIN LATERAL (SELECT q.unit) u`,
    );
    await run(
      db,
      `UPDATE sales s SET subtotal = t.total, total_amount = t.total, amount_paid = t.total
       FROM (SELECT sale_id, sum(total) AS total FROM sale_items WHERE sale_id > ${before}
             GROUP BY sale_id) t
       WHERE s.id = t.sale_id`,
    );
    // Each sale's one payment part (issue 21: the sales summary sums the parts).
    await run(
      db,
      `INSERT INTO sale_payments (sale_id, store_id, method, amount, created_at)
       SELECT id, store_id, payment_method, total_amount, created_at
       FROM sales WHERE id > ${before} AND total_amount > 0 ORDER BY id`,
    );
    await run(
      db,
      `INSERT INTO stock_movements (store_id, product_id, change_pieces, reason, reference, user_id, created_at)
       SELECT ${storeId}, i.product_id, -i.pieces, 'sale', 'SALE-' || i.sale_id, ${cashier.id}, s.created_at
       FROM sale_items i JOIN sales s ON s.id = i.sale_id WHERE i.sale_id > ${before}`,
    );
    await run(
      db,
      `INSERT INTO loyalty_transactions (store_id, customer_id, points, kind, sale_id, user_id, created_at)
       SELECT ${storeId}, customer_id, floor(total_amount / 100)::int, 'earn', id, ${cashier.id}, created_at
       FROM sales WHERE id > ${before} AND customer_id <> ${people.walkIn} AND total_amount >= 100`,
    );
    salesBar(to);
  }

  // Stock on the shelf now, and the opening count a year ago that the movements add up to.
  await run(db, `UPDATE products SET stock_pieces = 500 + id % 5000 WHERE store_id = ${storeId}`);
  await run(
    db,
    `INSERT INTO stock_movements (store_id, product_id, change_pieces, reason, reference, user_id, created_at)
     SELECT ${storeId}, p.id, p.stock_pieces + coalesce(t.sold, 0), 'initial', NULL, ${manager.id},
       now() - interval '366 days'
     FROM products p LEFT JOIN (
       SELECT i.product_id, sum(i.pieces) AS sold FROM sale_items i JOIN sales s ON s.id = i.sale_id
       WHERE s.store_id = ${storeId} GROUP BY i.product_id) t ON t.product_id = p.id
     WHERE p.store_id = ${storeId}`,
  );
  await run(
    db,
    `UPDATE customers c SET loyalty_points = t.points
     FROM (SELECT customer_id, sum(points)::int AS points FROM loyalty_transactions
           WHERE store_id = ${storeId} GROUP BY customer_id) t
     WHERE c.id = t.customer_id`,
  );
  await run(
    db,
    `INSERT INTO expenses (store_id, user_id, description, amount, category, date, payment_method)
     SELECT ${storeId}, ${manager.id}, 'Bench expense ' || n, 100 + (n * 37) % 20000,
       (ARRAY['Inventory','Utilities','Rent','Salaries','Marketing','Equipment','Maintenance','Other'])[1 + n % 8],
       (now() AT TIME ZONE 'Africa/Nairobi')::date - (n / 3),
       (ARRAY['cash','card','mobile_money','other'])[1 + n % 4]
     FROM generate_series(0, 1094) n`,
  );
  // Fresh statistics and visibility maps, as autovacuum would leave them on a live shop.
  await run(db, 'VACUUM ANALYZE');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Seeded "${BENCH_STORE}" in ${seconds} s. Accounts: ${BENCH_MANAGER}, ${BENCH_CASHIER}.`,
  );
} finally {
  await handle.close();
}
