/**
 * Products of a store and their stock (spec §3, PRODUCT.md §3). Stock lives in whole pieces;
 * the API speaks in the product's stock unit (units.ts). Every stock change writes a
 * stock_movements row in the same transaction as the change.
 */
import {
  forbiddenProductChanges,
  stockPiecesAfter,
  type PRODUCT_PRICE_LABELS,
  type ProductAsStored,
} from '@duka/shared/auth/product-changes';
import type { Role } from '@duka/shared/auth/roles';
import { centsToDecimal, storedMoneyToNumber } from '@duka/shared/money/money';
import { toPieces, wholeUnits } from '@duka/shared/money/units';
import {
  DEFAULT_STOCK_REASON,
  STOCK_PIECES_MAX,
  shopperProductSchema,
  type CreateProductInput,
  type MovementReason,
  type Product,
  type ProductListQuery,
  type ShopperProduct,
  type StockMovement,
  type StockReason,
  type UpdateProductInput,
} from '@duka/shared/products/products.schemas';
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { isUniqueViolation } from '../../lib/errors';
import { containsPattern } from '../../lib/like';
import { pageWindow } from '../../lib/paging';
import { createListCache } from '../../lib/list-cache';
import { assertCategoryForProduct } from '../categories/categories.service';
import { categories } from '../categories/categories.table';
import { users } from '../users/users.table';
import {
  addProductImages,
  presentImage,
  type ImageRef,
  productImageFiles,
  removeImageFiles,
  withImageFiles,
  type ImageUpload,
} from './product-images.service';
import { productImages } from './product-images.table';
import { productErrors } from './products.errors';
import { products, type ProductRow } from './products.table';
import { stockMovements, type StockMovementRow } from './stock-movements.table';

const SEARCH_LIMIT = 20;
/** What a barcode scanner types: 8 or more digits (EAN-8, UPC, EAN-13…). */
const SCANNED_CODE = /^\d{8,}$/;

type CategoryRef = { id: number; name: string } | null;
type ProductWithCategory = ProductRow & { category: CategoryRef; images: ImageRef[] };

const price = storedMoneyToNumber;

/** A product as staff see it: prices as numbers with two decimals, quantity in its stock unit. */
export function presentProduct(row: ProductWithCategory): Product {
  const images = row.images.map(presentImage);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    sku: row.sku,
    barcode: row.barcode,
    category_id: row.categoryId,
    Category: row.category,
    piece_buying_price: price(row.pieceBuyingPrice),
    piece_selling_price: price(row.pieceSellingPrice),
    pack_buying_price: price(row.packBuyingPrice),
    pack_selling_price: price(row.packSellingPrice),
    dozen_buying_price: price(row.dozenBuyingPrice),
    dozen_selling_price: price(row.dozenSellingPrice),
    quantity: wholeUnits(row.stockPieces, row.stockUnit, row.packSize),
    stock_pieces: row.stockPieces,
    min_quantity: row.minQuantity,
    pack_size: row.packSize,
    stock_unit: row.stockUnit,
    image_url: images[0]?.url ?? null,
    thumbnail_url: images[0]?.thumbnail_url ?? null,
    images,
    is_active: row.isActive,
    kind: row.kind,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * What a caller of `role` may see: shoppers get the shopper schema's fields only — parsed
 * through it, so buying prices and minimums cannot leak (PRODUCT.md §1). The exact stock is
 * theirs to see (issue 20: the shop shows it as on the shelf).
 */
export function presentFor(role: Role, row: ProductWithCategory): Product | ShopperProduct {
  const product = presentProduct(row);
  return role === 'user' ? shopperProductSchema.parse(product) : product;
}

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
const catalogueCounts = createListCache<number>();
const searchMatches = createListCache<number[]>({ answerWhileLoading: true });

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
const catalogueOrder = createListCache<Int32Array>({ maxEntries: 64, answerWhileLoading: true });

/**
 * A product was added, changed or removed (committed): the grid's counts and order and the
 * searches' matches are read again. A sale's stock change is no such write: none of them
 * depends on stock.
 */
export function catalogueChanged(): void {
  catalogueCounts.changed();
  searchMatches.changed();
  catalogueOrder.changed();
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

/** GET /products: filtered by q, category, low stock and active; ordered by name; one page. */
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
    query.low_stock !== 'true';
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
  const where = and(...conditions);
  const countAll = async () => {
    const [row] = await db.select({ n: count() }).from(products).where(where);
    return row?.n ?? 0;
  };
  // The list's count is kept a few seconds (lib/list-cache); a search or the
  // low-stock filter is counted every time.
  const total =
    query.q || query.low_stock === 'true'
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

function stockPieces(quantity: number, unit: ProductRow['stockUnit'], packSize: number) {
  const pieces = toPieces(quantity, unit, packSize);
  if (pieces > STOCK_PIECES_MAX) throw productErrors.tooMuchStock();
  return pieces;
}

/** Record one stock change (pieces, signed) of a product. */
export interface Movement {
  storeId: number;
  productId: number;
  changePieces: number;
  reason: MovementReason;
  /** Why a manager adjusted the stock: only with reason 'adjustment'. */
  adjustmentReason?: StockReason | null;
  reference?: string | null;
  userId: number | null;
  /** When it happened, if not now (the demo seed's history). */
  createdAt?: Date;
}

export async function recordMovement(tx: Executor, movement: Movement): Promise<void> {
  await recordMovements(tx, [movement]);
}

/** Several movements in one INSERT (a sale's lines). */
export async function recordMovements(tx: Executor, movements: Movement[]): Promise<void> {
  if (movements.length === 0) return;
  await tx.insert(stockMovements).values(
    movements.map((movement) => ({
      storeId: movement.storeId,
      productId: movement.productId,
      changePieces: movement.changePieces,
      reason: movement.reason,
      adjustmentReason: movement.adjustmentReason ?? null,
      reference: movement.reference ?? null,
      userId: movement.userId,
      ...(movement.createdAt ? { createdAt: movement.createdAt } : {}),
    })),
  );
}

const blankToNull = (value: string | undefined) => (value ? value : null);

/**
 * Insert a product and its 'initial' movement (when it starts with stock) inside the caller's
 * transaction. The demo seed uses this too, with the day its shop opened (`at`).
 */
export async function insertProduct(
  tx: Executor,
  storeId: number,
  userId: number | null,
  input: CreateProductInput,
  at?: Date,
): Promise<ProductRow> {
  await assertCategoryForProduct(tx, storeId, input.category_id);
  // A service has no stock: its quantity is not read.
  const pieces =
    input.kind === 'service' ? 0 : stockPieces(input.quantity, input.stock_unit, input.pack_size);
  const [row] = await tx
    .insert(products)
    .values({
      storeId,
      name: input.name,
      description: input.description,
      sku: input.sku,
      barcode: blankToNull(input.barcode),
      categoryId: input.category_id,
      pieceBuyingPrice: centsToDecimal(input.piece_buying_price),
      pieceSellingPrice: centsToDecimal(input.piece_selling_price),
      packBuyingPrice: centsToDecimal(input.pack_buying_price),
      packSellingPrice: centsToDecimal(input.pack_selling_price),
      dozenBuyingPrice: centsToDecimal(input.dozen_buying_price),
      dozenSellingPrice: centsToDecimal(input.dozen_selling_price),
      stockPieces: pieces,
      minQuantity: input.min_quantity,
      packSize: input.pack_size,
      stockUnit: input.stock_unit,
      isActive: input.is_active,
      ...(at ? { createdAt: at, updatedAt: at } : {}),
      kind: input.kind,
    })
    .returning();
  if (pieces > 0) {
    await recordMovement(tx, {
      storeId,
      productId: row!.id,
      changePieces: pieces,
      reason: 'initial',
      userId,
      createdAt: at,
    });
  }
  return row!;
}

async function withSkuCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'products_store_sku_unique')) throw productErrors.skuTaken();
    throw error;
  }
}

const NO_IMAGES: ImageUpload = { uploadDir: '', images: [] };

/** Each price field of the API and its column. */
export const PRICE_COLUMNS = [
  ['piece_buying_price', 'pieceBuyingPrice'],
  ['piece_selling_price', 'pieceSellingPrice'],
  ['pack_buying_price', 'packBuyingPrice'],
  ['pack_selling_price', 'packSellingPrice'],
  ['dozen_buying_price', 'dozenBuyingPrice'],
  ['dozen_selling_price', 'dozenSellingPrice'],
] as const satisfies readonly (readonly [keyof typeof PRODUCT_PRICE_LABELS, keyof ProductRow])[];

/** A stored product in the terms of the edit policy (auth/product-changes.ts). */
export function productAsStored(row: ProductRow): ProductAsStored {
  const stored: ProductAsStored = {
    stock_pieces: row.stockPieces,
    stock_unit: row.stockUnit,
    pack_size: row.packSize,
    kind: row.kind,
  };
  for (const [field, column] of PRICE_COLUMNS) stored[field] = row[column];
  return stored;
}

/** An edit in the policy's terms: prices back from cents to shillings, as stored. */
function asEdit(input: UpdateProductInput): Record<string, unknown> {
  const edit: Record<string, unknown> = { ...input };
  for (const [field] of PRICE_COLUMNS) {
    const cents = input[field];
    if (cents !== undefined) edit[field] = centsToDecimal(cents);
  }
  return edit;
}

/**
 * Refuses a change of prices, stock or kind by a role that may not make it (issue 20): 403
 * naming the fields, each field with its own error.
 */
export function assertMayChange(role: Role, current: ProductRow, input: UpdateProductInput) {
  const refused = forbiddenProductChanges(role, productAsStored(current), asEdit(input));
  if (refused.length > 0) throw productErrors.managerOnly(refused);
}

/**
 * POST /products: the product, its initial stock movement and its photos, in one transaction;
 * the photos' files are removed again if it fails.
 */
export async function createProduct(
  db: Database,
  storeId: number,
  userId: number,
  input: CreateProductInput,
  upload: ImageUpload = NO_IMAGES,
): Promise<ProductWithCategory> {
  return withImageFiles(upload.uploadDir, (writer) =>
    withSkuCheck(() =>
      db.transaction(async (tx) => {
        const row = await insertProduct(tx, storeId, userId, input);
        await addProductImages(tx, writer, storeId, row.id, upload.images);
        return getProduct(tx, 'admin', storeId, row.id);
      }),
    ),
  ).finally(catalogueChanged);
}

/**
 * PUT /products/{id}. The row is locked while the new stock is worked out, so two edits at
 * once cannot lose a change. `quantity` is read in the stock unit the product has after the
 * update; the same unit and the quantity it reports already leave the exact pieces alone (a
 * form sending every field back does not round away pieces sold singly). A different stock
 * writes an 'adjustment' movement with the difference in pieces and the reason sent
 * ('correction' when none). A cashier's change of a price or the stock is 403, checked on the
 * locked row (assertMayChange). Photos sent with it are added after the existing ones, in the
 * same transaction. A product becoming a service gives up its
 * stock (an adjustment); changing the kind is manager-only like prices and stock (issue 20).
 */
export async function updateProduct(
  db: Database,
  storeId: number,
  actor: { id: number; role: Role },
  id: number,
  input: UpdateProductInput,
  upload: ImageUpload = NO_IMAGES,
): Promise<ProductWithCategory> {
  return withImageFiles(upload.uploadDir, (writer) =>
    withSkuCheck(() =>
      db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(products)
          .where(and(eq(products.id, id), eq(products.storeId, storeId)))
          .for('update');
        if (!current) throw productErrors.notFound();
        assertMayChange(actor.role, current, input);
        const kind = input.kind ?? current.kind;
        if (input.category_id !== undefined)
          await assertCategoryForProduct(tx, storeId, input.category_id);

        // A service has no stock: a product becoming one gives its stock up (an adjustment).
        const pieces = kind === 'service' ? 0 : stockPiecesAfter(productAsStored(current), input);
        if (pieces > STOCK_PIECES_MAX) throw productErrors.tooMuchStock();

        const changes: Partial<typeof products.$inferInsert> = { updatedAt: new Date() };
        if (input.name !== undefined) changes.name = input.name;
        if (input.description !== undefined) changes.description = input.description;
        if (input.sku !== undefined) changes.sku = input.sku;
        if (input.barcode !== undefined) changes.barcode = blankToNull(input.barcode);
        if (input.category_id !== undefined) changes.categoryId = input.category_id;
        for (const [field, column] of PRICE_COLUMNS) {
          const cents = input[field];
          if (cents !== undefined) changes[column] = centsToDecimal(cents);
        }
        if (input.min_quantity !== undefined) changes.minQuantity = input.min_quantity;
        if (input.pack_size !== undefined) changes.packSize = input.pack_size;
        if (input.stock_unit !== undefined) changes.stockUnit = input.stock_unit;
        if (input.is_active !== undefined) changes.isActive = input.is_active;
        changes.kind = kind;
        changes.stockPieces = pieces;

        await tx.update(products).set(changes).where(eq(products.id, id));
        const change = pieces - current.stockPieces;
        if (change !== 0) {
          await recordMovement(tx, {
            storeId,
            productId: id,
            changePieces: change,
            reason: 'adjustment',
            adjustmentReason: input.stock_reason ?? DEFAULT_STOCK_REASON,
            userId: actor.id,
          });
        }
        await addProductImages(tx, writer, storeId, id, upload.images);
        return getProduct(tx, 'admin', storeId, id);
      }),
    ),
  );
}

/**
 * DELETE /products/{id}. A product with stock history beyond its 'initial' movement (a sale,
 * a receipt, an adjustment…) is deactivated instead, so that history keeps its product (and
 * its photos); otherwise it is deleted with its initial movement and its photos, whose files
 * are removed once the deletion is committed. True when it was deactivated.
 */
export async function deleteProduct(
  db: Database,
  uploadDir: string,
  storeId: number,
  id: number,
): Promise<boolean> {
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, id), eq(products.storeId, storeId)))
      .for('update');
    if (!current) throw productErrors.notFound();
    const [history] = await tx
      .select({ n: count() })
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, id), ne(stockMovements.reason, 'initial')));
    if ((history?.n ?? 0) > 0) {
      await tx
        .update(products)
        .set({ isActive: false, updatedAt: new Date() })
        .where(eq(products.id, id));
      return { deactivated: true, files: [] };
    }
    const files = await productImageFiles(tx, id);
    await tx.delete(products).where(eq(products.id, id));
    return { deactivated: false, files };
  });
  await removeImageFiles(uploadDir, outcome.files);
  return outcome.deactivated;
}

export function presentMovement(
  row: StockMovementRow & { user: { id: number; name: string } | null },
): StockMovement {
  return {
    id: row.id,
    product_id: row.productId,
    change_pieces: row.changePieces,
    reason: row.reason,
    adjustment_reason: row.adjustmentReason,
    reference: row.reference,
    User: row.user,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /products/{id}/movements: a product's stock history, newest first, with who did it. */
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
  return {
    data: rows.map(({ movement, user }) => presentMovement({ ...movement, user })),
    total: totalRow?.n ?? 0,
    page: paging.page,
    pageSize: paging.pageSize,
  };
}
