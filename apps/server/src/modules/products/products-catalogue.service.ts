/**
 * The catalogue's reads (spec §3): the product list, the till's search, one product and its
 * stock history. The grid's counts and order and the searches' matches are kept a few
 * seconds (lib/list-cache); any product write calls catalogueChanged.
 */
import type { Role } from '@duka/shared/auth/roles';
import { type ProductListQuery, type StockMovement } from '@duka/shared/products/products.schemas';
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  lt,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { containsPattern } from '../../lib/like';
import { pageWindow } from '../../lib/paging';
import { createListCache } from '../../lib/list-cache';
import { categories } from '../categories/categories.table';
import { users } from '../users/users.table';
import { type ImageRef } from './product-images.presenters';
import { productImages } from './product-images.table';
import { productErrors } from './products.errors';
import { products, type ProductRow } from './products.table';
import { stockMovements } from './stock-movements.table';
import { otherStoresOf } from '../stock-transfers/stock-transfer-movements.service';
import { presentMovement, type CategoryRef, type ProductWithCategory } from './products.presenters';

const SEARCH_LIMIT = 20;
/** What a barcode scanner types: 8 or more digits (EAN-8, UPC, EAN-13…). */
const SCANNED_CODE = /^\d{8,}$/;

const isShopper = (role: Role) => role === 'user';

/** Pieces in one stock unit of a product, as SQL (for the low-stock filter). */
const piecesPerStockUnit = sql`(case ${products.stockUnit} when 'piece' then 1 when 'dozen' then 12 else ${products.packSize} end)`;

/**
 * Products with their category and their photos, in one query: the photos of each row come as
 * a JSON array from product_images_product_idx (a round trip less for every list, search and
 * product; issue 10).
 */
function selectWithCategory(db: Executor) {
  return db
    .select({
      product: products,
      category: { id: categories.id, name: categories.name },
      images: sql<ImageRef[]>`(select coalesce(json_agg(json_build_object('id', ${productImages.id},
          'storeId', ${productImages.storeId}, 'fileName', ${productImages.fileName},
          'thumbnailName', ${productImages.thumbnailName})
          order by ${productImages.position}, ${productImages.id}), '[]')
        from ${productImages} where ${productImages.productId} = ${products.id})`,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId));
}

function withCategory(rows: { product: ProductRow; category: CategoryRef; images: ImageRef[] }[]) {
  return rows.map(({ product, category, images }) => ({ ...product, category, images }));
}

function matchesSearch(q: string): SQL {
  return sql`${products.searchText} like ${containsPattern(q.toLowerCase())}`;
}

function visibleTo(role: Role, storeId: number): SQL {
  return isShopper(role)
    ? (and(eq(products.storeId, storeId), eq(products.isActive, true)) as SQL)
    : eq(products.storeId, storeId);
}

/**
 * visibleTo for a prepared statement (db/prepared): the store and whether the caller is staff
 * are its `storeId` and `staff` parameters.
 */
function visibleToCaller(): SQL {
  return and(
    eq(products.storeId, sql.placeholder('storeId')),
    sql`(${products.isActive} or ${sql.placeholder('staff')}::boolean)`,
  )!;
}

/** The grid's counts and the till searches' matches (lib/list-cache). */
const catalogueCounts = createListCache<number>({ name: 'catalogue.counts' });
const searchMatches = createListCache<number[]>({
  name: 'catalogue.search',
  answerWhileLoading: true,
});

/**
 * Each store's whole catalogue as ids in name order, per audience (staff, or shoppers: active
 * products only), kept a few seconds like the counts (lib/list-cache; any product write
 * forgets them). The till's grid, unfiltered, is most of the catalogue's reads, and any page
 * of it is then a slice of this list and one read of its twelve rows by id: a page in the
 * middle of 50,000 products costs what the first does, whereas walking the name index to it
 * reads half the catalogue (and, on a live shop whose sales clear the pages' all-visible
 * bits, a heap page for many of them). 4 bytes a product: 200 kB for 50,000. A few stores'
 * lists at most are kept per database.
 */
const catalogueOrder = createListCache<Int32Array>({
  name: 'catalogue.order',
  maxEntries: 64,
  answerWhileLoading: true,
});

/**
 * A product of `storeId` (of any store, when not known) was added, changed or removed
 * (committed): the grid's counts and order and the searches' matches are read again, on every
 * instance (lib/change-bus). A sale's stock change is no such write: none of them depends on
 * stock.
 */
export function catalogueChanged(storeId?: number): void {
  catalogueCounts.changed(storeId);
  searchMatches.changed(storeId);
  catalogueOrder.changed(storeId);
}

export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  pageSize: number;
}

const catalogueIdsByName = preparedPerDatabase((db) =>
  db
    .select({
      ids: sql<
        string | null
      >`string_agg(${products.id}::text, ',' order by ${products.name}, ${products.id})`,
    })
    .from(products)
    .where(visibleToCaller())
    .prepare('duka_catalogue_ids_by_name'),
);

async function catalogueInNameOrder(db: Database, storeId: number, staff: boolean) {
  return catalogueOrder.get(db, storeId, String(staff), async () => {
    const [row] = await catalogueIdsByName(db).execute({ storeId, staff });
    return row?.ids ? Int32Array.from(row.ids.split(','), Number) : new Int32Array(0);
  });
}

/** The visible products among `ids`, in that order (a product gone since is left out). */
async function productsInOrder(db: Database, role: Role, storeId: number, ids: ArrayLike<number>) {
  if (ids.length === 0) return [];
  const rows = await productsByIds(db).execute({
    ids: `{${Array.from(ids).join(',')}}`,
    storeId,
    staff: !isShopper(role),
  });
  const position = new Map(Array.from(ids, (id, i) => [id, i]));
  return withCategory(
    rows.sort((a, b) => position.get(a.product.id)! - position.get(b.product.id)!),
  );
}

/**
 * GET /products: filtered by q, category, low stock, count needed (stock below zero) and
 * active; ordered by name; one page.
 */
export async function listProducts(
  db: Database,
  role: Role,
  storeId: number,
  query: ProductListQuery,
): Promise<Page<ProductWithCategory>> {
  const unfiltered =
    !query.q &&
    query.category_id === undefined &&
    query.active === undefined &&
    query.kind === undefined &&
    query.low_stock !== 'true' &&
    query.count_needed !== 'true';
  if (unfiltered) {
    const ids = await catalogueInNameOrder(db, storeId, !isShopper(role));
    const start = (query.page - 1) * query.pageSize;
    return {
      data: await productsInOrder(db, role, storeId, ids.subarray(start, start + query.pageSize)),
      total: ids.length,
      page: query.page,
      pageSize: query.pageSize,
    };
  }
  const conditions: SQL[] = [visibleTo(role, storeId)];
  if (query.q) conditions.push(matchesSearch(query.q));
  if (query.category_id !== undefined) conditions.push(eq(products.categoryId, query.category_id));
  if (query.active !== undefined) conditions.push(eq(products.isActive, query.active === 'true'));
  if (query.kind !== undefined) conditions.push(eq(products.kind, query.kind));
  // Quantity (whole units) below min_quantity ⟺ pieces below min_quantity × pieces per unit;
  // a service has no stock to run low.
  if (query.low_stock === 'true') {
    conditions.push(
      eq(products.kind, 'goods'),
      sql`${products.stockPieces} < ${products.minQuantity} * ${piecesPerStockUnit}`,
    );
  }
  // Issue 22: stock below zero (offline sales the shelf could not cover) needs a count.
  if (query.count_needed === 'true') conditions.push(lt(products.stockPieces, 0));
  const where = and(...conditions);
  const countAll = async () => {
    const [row] = await db.select({ n: count() }).from(products).where(where);
    return row?.n ?? 0;
  };
  // The list's count is kept a few seconds (lib/list-cache); a search or a stock filter is
  // counted every time.
  const total =
    query.q || query.low_stock === 'true' || query.count_needed === 'true'
      ? await countAll()
      : await catalogueCounts.get(
          db,
          storeId,
          `${isShopper(role)}|${query.category_id ?? ''}|${query.active ?? ''}|${query.kind ?? ''}`,
          countAll,
        );
  // The page's ids from the (store, name, id) index, walked from the nearer end (lib/paging),
  // then those rows alone: a deep page costs an index walk, not a sort of the catalogue.
  const window = pageWindow(total, query.page, query.pageSize);
  const order = window.reverse
    ? [desc(products.name), desc(products.id)]
    : [asc(products.name), asc(products.id)];
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset);
  const rows = await selectWithCategory(db)
    .where(inArray(products.id, pageIds))
    .orderBy(asc(products.name), asc(products.id));
  return {
    data: withCategory(rows),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * GET /products/search: up to 20 products whose name, SKU or barcode contains `q` (any case);
 * an exact barcode match first, then an exact SKU match, then the rest by name — a scanner's
 * barcode lands on the product scanned.
 */
export async function searchProducts(
  db: Database,
  role: Role,
  storeId: number,
  q: string,
): Promise<ProductWithCategory[]> {
  if (!q) return [];
  // A scanned code (8 or more digits: a scanner sends the whole code) is answered by its exact
  // match alone, from the btree indexes; a contains-search for it would scan the catalogue, as
  // every barcode shares the country prefix's trigrams (issue 10).
  if (SCANNED_CODE.test(q)) {
    const rows = await productsByCode(db).execute({
      code: q.toLowerCase(),
      storeId,
      staff: !isShopper(role),
    });
    return withCategory(rows);
  }
  // Typed letters: which products match is kept a few seconds (lib/list-cache) — the till's
  // cashiers type the same few letters all day, and finding the first twenty by name reads a
  // heap page for every product that matches — and their rows are read fresh by id.
  const ids = await searchMatches.get(db, storeId, `${isShopper(role)}|${q.toLowerCase()}`, () =>
    matchingIds(db, role, storeId, q),
  );
  return productsInOrder(db, role, storeId, ids);
}

/** The visible products among `ids` (a Postgres array literal), unordered (db/prepared). */
const productsByIds = preparedPerDatabase((db) =>
  selectWithCategory(db)
    .where(and(sql`${products.id} = any(${sql.placeholder('ids')}::integer[])`, visibleToCaller()))
    .prepare('duka_products_by_ids'),
);

/** Visible products whose barcode or SKU is the code (lower case), the barcode's first. */
const productsByCode = preparedPerDatabase((db) => {
  const code = sql.placeholder('code');
  return selectWithCategory(db)
    .where(and(visibleToCaller(), exactCode(code)))
    .orderBy(exactBarcodeFirst(code), asc(products.name), asc(products.id))
    .limit(SEARCH_LIMIT)
    .prepare('duka_products_by_code');
});

/** The product's barcode or SKU is `code` (in lower case, or a placeholder for it). */
function exactCode(code: string | Placeholder): SQL {
  return or(sql`lower(${products.barcode}) = ${code}`, sql`lower(${products.sku}) = ${code}`)!;
}

const exactBarcodeFirst = (code: string | Placeholder) =>
  sql`case when lower(${products.barcode}) = ${code} then 0 else 1 end`;

/**
 * The ids of the first SEARCH_LIMIT products for `q`: an exact barcode match first, then an
 * exact SKU match, then those whose name, SKU or barcode contains `q`, by name.
 */
async function matchingIds(db: Executor, role: Role, storeId: number, q: string) {
  const exact = await db
    .select({ id: products.id })
    .from(products)
    .where(and(visibleTo(role, storeId), exactCode(q.toLowerCase())))
    .orderBy(exactBarcodeFirst(q.toLowerCase()), asc(products.name), asc(products.id))
    .limit(SEARCH_LIMIT);
  // The matches first (the trigram index), then the first of them by name. OFFSET 0 keeps
  // PostgreSQL from walking the name index instead and filtering as it goes, which reads most
  // of the catalogue when the matches sort late (a brand starting with W).
  const matches = db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(visibleTo(role, storeId), matchesSearch(q)))
    .offset(0)
    .as('matches');
  const containing = await db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(asc(matches.name), asc(matches.id))
    .limit(SEARCH_LIMIT + exact.length);
  const ids = [...new Set([...exact, ...containing].map(({ id }) => id))];
  return ids.slice(0, SEARCH_LIMIT);
}

export async function getProduct(
  db: Executor,
  role: Role,
  storeId: number,
  id: number,
): Promise<ProductWithCategory> {
  const [row] = await selectWithCategory(db)
    .where(and(eq(products.id, id), visibleTo(role, storeId)))
    .limit(1);
  if (!row) throw productErrors.notFound();
  return withCategory([row])[0]!;
}

/**
 * GET /products/{id}/movements: a product's stock history, newest first, with who did it and,
 * for a transfer's, the other store.
 */
export async function listMovements(
  db: Executor,
  storeId: number,
  productId: number,
  paging: { page: number; pageSize: number },
): Promise<Page<StockMovement>> {
  await getProduct(db, 'admin', storeId, productId);
  const where = and(eq(stockMovements.productId, productId), eq(stockMovements.storeId, storeId));
  const [totalRow] = await db.select({ n: count() }).from(stockMovements).where(where);
  const rows = await db
    .select({ movement: stockMovements, user: { id: users.id, name: users.name } })
    .from(stockMovements)
    .leftJoin(users, eq(users.id, stockMovements.userId))
    .where(where)
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  // Issue 25: a transfer's movement names the other store (its reference is the transfer).
  const otherStores = await otherStoresOf(
    db,
    rows.map(({ movement }) => movement),
  );
  return {
    data: rows.map(({ movement, user }, index) =>
      presentMovement({ ...movement, user, otherStore: otherStores[index] }),
    ),
    total: totalRow?.n ?? 0,
    page: paging.page,
    pageSize: paging.pageSize,
  };
}
