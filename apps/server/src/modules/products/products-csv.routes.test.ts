import { PRODUCT_CSV_COLUMNS } from '@duka/shared/products/products-csv.schemas';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import { buildStore, createProduct, signedIn } from '../../testing/factories';
import { categories } from '../categories/categories.table';
import { products } from './products.table';
import { stockMovements } from './stock-movements.table';

let t: TestApp;
let storeA: number;
let storeB: number;
let manager: TestClient;
let managerB: TestClient;
let shopper: TestClient;
let unga: number;

const HEADER = PRODUCT_CSV_COLUMNS.join(',');

/** A CSV of `lines` under the full header, CRLF line ends as a spreadsheet writes them. */
const csvOf = (...lines: string[]) => [HEADER, ...lines].join('\r\n') + '\r\n';

/** A full line for a product: sku, name, then the other columns in order. */
function line(sku: string, name: string, overrides: Partial<Record<string, string>> = {}) {
  const values: Record<string, string> = {
    sku,
    name,
    description: '',
    barcode: '',
    category: 'Unga',
    piece_buying_price: '100.00',
    piece_selling_price: '120.50',
    pack_buying_price: '0',
    pack_selling_price: '0',
    dozen_buying_price: '0',
    dozen_selling_price: '0',
    pack_size: '1',
    stock_unit: 'piece',
    quantity: '10',
    min_quantity: '2',
    is_active: 'true',
    ...overrides,
  };
  return PRODUCT_CSV_COLUMNS.map((column) => values[column]).join(',');
}

async function importCsv(client: TestClient, csv: string, commit = false) {
  return client.post('/api/products/import', { csv, commit });
}

async function storeProducts(storeId: number) {
  return t.db.select().from(products).where(eq(products.storeId, storeId));
}

async function movementsOf(productId: number) {
  return t.db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .orderBy(stockMovements.id);
}

/** A product added by hand before an import: sold by the piece only, 5 in stock. */
const BY_THE_PIECE = {
  piece_buying_price: 100,
  piece_selling_price: 120,
  pack_buying_price: 0,
  pack_selling_price: 0,
  dozen_buying_price: 0,
  dozen_selling_price: 0,
  quantity: 5,
  min_quantity: 1,
};

beforeAll(async () => {
  t = await createTestApp();
  storeA = (await buildStore(t.db, 'Duka — Nairobi CBD')).id;
  storeB = (await buildStore(t.db)).id;
  manager = (await signedIn(t, 'manager', storeA)).client;
  managerB = (await signedIn(t, 'manager', storeB)).client;
  shopper = (await signedIn(t, 'user', storeA)).client;
  unga = (await manager.post('/api/categories', { name: 'Unga' })).json().data.id;
});
afterAll(() => t.close());

describe('products CSV: access', () => {
  it('refuses shoppers on all three routes', async () => {
    expect((await shopper.get('/api/products/export.csv')).statusCode).toBe(403);
    expect((await shopper.get('/api/products/import-template.csv')).statusCode).toBe(403);
    const imported = await importCsv(shopper, csvOf(line('SHOP-1', 'Sneaky')), true);
    expect(imported.statusCode).toBe(403);
    expect(await storeProducts(storeA)).toEqual([]);
  });
});

describe('products CSV: template', () => {
  it('is the header and two example lines that import without errors', async () => {
    const response = await manager.get('/api/products/import-template.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(3);
    const preview = await importCsv(manager, response.body);
    expect(preview.json().data).toMatchObject({ errors: [], total: 2, created: 2, updated: 0 });
    expect(await storeProducts(storeA)).toEqual([]);
  });
});

describe('products CSV: import', () => {
  it('refuses prices in exponent form or past 10,000,000 on their line and field', async () => {
    const csv = csvOf(
      line('HUGE-1', 'Exponent', { piece_selling_price: '1e21' }),
      line('HUGE-2', 'Past the maximum', { piece_buying_price: '10000000.01' }),
    );
    const preview = await importCsv(manager, csv);
    expect(preview.json().data.errors).toEqual([
      {
        row: 2,
        field: 'piece_selling_price',
        message: 'Piece Selling Price must be a number of shillings with at most 2 decimals',
      },
      {
        row: 3,
        field: 'piece_buying_price',
        message: 'Piece Buying Price must be at most 10,000,000',
      },
    ]);
    expect((await importCsv(manager, csv, true)).statusCode).toBe(400);
    expect(await storeProducts(storeA)).toEqual([]);
  });

  it('reports every bad line with its line number and field, and a commit writes nothing', async () => {
    const csv = csvOf(
      line('GOOD-1', 'Good flour', { category: 'Brand new category' }),
      line('BAD-1', 'Negative', { piece_selling_price: '-5' }),
      line('BAD-2', 'Boxed', { stock_unit: 'box', quantity: 'lots' }),
      line('', 'No SKU'),
    );
    const preview = await importCsv(manager, csv);
    expect(preview.statusCode).toBe(200);
    const data = preview.json().data;
    expect(data.committed).toBe(false);
    expect(data.total).toBe(4);
    expect(data.errors).toEqual([
      { row: 3, field: 'piece_selling_price', message: 'Piece Selling Price cannot be negative' },
      { row: 4, field: 'quantity', message: 'Quantity must be a whole number' },
      { row: 4, field: 'stock_unit', message: 'Stock unit must be one of piece, pack, dozen' },
      { row: 5, field: 'sku', message: 'Please fill the required field: SKU' },
    ]);
    expect(data.preview[0]).toEqual({
      row: 2,
      sku: 'GOOD-1',
      name: 'Good flour',
      action: 'create',
    });

    const commit = await importCsv(manager, csv, true);
    expect(commit.statusCode).toBe(400);
    expect(commit.json()).toMatchObject({
      message: 'The file has errors. Nothing was imported.',
      code: 'products.import_invalid',
    });
    expect(commit.json().errors).toContainEqual({
      path: 'rows.3.piece_selling_price',
      message: 'Piece Selling Price cannot be negative',
    });
    expect(await storeProducts(storeA)).toEqual([]);
    const category = await t.db
      .select()
      .from(categories)
      .where(eq(categories.name, 'Brand new category'));
    expect(category).toEqual([]);
    const movements = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.storeId, storeA));
    expect(movements).toEqual([]);
  });

  it('creates new SKUs and updates existing ones (any case), with import movements', async () => {
    const existing = await createProduct(manager, {
      ...BY_THE_PIECE,
      category_id: unga,
      name: 'Sugar 1kg',
      sku: 'SUG-1KG',
    });
    const preview = await importCsv(
      manager,
      csvOf(
        line('sug-1kg', 'Mumias Sugar 1kg', { quantity: '30', category: 'sukari' }),
        line('MILK-500', 'Maziwa Lala 500ml', { category: 'Maziwa', quantity: '0' }),
        line('SODA-24', 'Soda 500ml', {
          category: 'SUKARI',
          pack_size: '24',
          stock_unit: 'dozen',
          quantity: '3',
          dozen_selling_price: '690',
        }),
      ),
    );
    expect(preview.json().data).toMatchObject({ created: 2, updated: 1, errors: [] });
    expect(preview.json().data.preview.map((p: { action: string }) => p.action)).toEqual([
      'update',
      'create',
      'create',
    ]);
    expect(await storeProducts(storeA)).toHaveLength(1);

    const commit = await importCsv(
      manager,
      csvOf(
        line('sug-1kg', 'Mumias Sugar 1kg', { quantity: '30', category: 'sukari' }),
        line('MILK-500', 'Maziwa Lala 500ml', { category: 'Maziwa', quantity: '0' }),
        line('SODA-24', 'Soda 500ml', {
          category: 'SUKARI',
          pack_size: '24',
          stock_unit: 'dozen',
          quantity: '3',
          dozen_selling_price: '690',
        }),
      ),
      true,
    );
    expect(commit.statusCode).toBe(200);
    expect(commit.json().data).toMatchObject({ committed: true, created: 2, updated: 1 });

    const sugar = (await manager.get(`/api/products/${existing.id}`)).json().data;
    expect(sugar).toMatchObject({
      name: 'Mumias Sugar 1kg',
      sku: 'sug-1kg',
      quantity: 30,
      piece_selling_price: 120.5,
      Category: { name: 'sukari' },
    });
    const soda = (await manager.get('/api/products', { query: { q: 'SODA-24' } })).json().data[0];
    // One category for 'sukari' and 'SUKARI'; 3 dozen are 36 pieces.
    expect(soda).toMatchObject({ stock_unit: 'dozen', quantity: 3, stock_pieces: 36 });
    expect(soda.Category.id).toBe(sugar.Category.id);

    expect((await movementsOf(existing.id)).map((m) => [m.reason, m.changePieces])).toEqual([
      ['initial', 5],
      ['import', 25],
    ]);
    expect((await movementsOf(soda.id)).map((m) => [m.reason, m.changePieces])).toEqual([
      ['import', 36],
    ]);
    const milk = (await manager.get('/api/products', { query: { q: 'MILK-500' } })).json().data[0];
    expect(await movementsOf(milk.id)).toEqual([]);
  });

  it('refuses a SKU repeated in the file on its later line', async () => {
    const response = await importCsv(
      manager,
      csvOf(line('DUP-1', 'First'), line('OTHER-1', 'Other'), line('dup-1', 'Second')),
    );
    expect(response.json().data.errors).toEqual([
      { row: 4, field: 'sku', message: 'This SKU appears on an earlier line of the file' },
    ]);
  });

  it('reads a BOM, semicolons, decimal commas, quoted fields and case-insensitive headers', async () => {
    const csv =
      '\uFEFFSKU;Name;Description;Piece_Selling_Price;Category\r\n' +
      'QUOTE-1;"Chai ""Kericho"" 250g";"Majani ya chai;\r\nbora sana";"95,50";Vinywaji\r\n' +
      'QUOTE-2;Mkate;;60;Vinywaji\r\n';
    const response = await importCsv(manager, csv, true);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ errors: [], created: 2, total: 2 });
    const tea = (await manager.get('/api/products', { query: { q: 'QUOTE-1' } })).json().data[0];
    expect(tea).toMatchObject({
      name: 'Chai "Kericho" 250g',
      description: 'Majani ya chai;\r\nbora sana',
      piece_selling_price: 95.5,
      piece_buying_price: 0,
      stock_unit: 'piece',
      pack_size: 1,
      quantity: 0,
      is_active: true,
    });

    // A line after a quoted line break is still named by the line it starts on.
    const bad = await importCsv(
      manager,
      'sku,name,description,piece_selling_price\n' +
        'ML-1,Multi,"one\ntwo\nthree",10\n' +
        'ML-2,Broken,,abc\n',
    );
    expect(bad.json().data.errors).toEqual([
      {
        row: 5,
        field: 'piece_selling_price',
        message: 'Piece Selling Price must be a number of shillings with at most 2 decimals',
      },
    ]);
  });

  it('refuses unknown and missing columns, an unreadable or empty file, and too many lines', async () => {
    const columns = await importCsv(manager, 'sku,name,colour\nA,B,red\n');
    expect(columns.json().data.errors).toEqual([
      { row: 1, field: 'colour', message: 'Unknown column' },
      { row: 1, field: 'piece_selling_price', message: 'Required column is missing' },
    ]);
    const unreadable = await importCsv(
      manager,
      'sku,name,piece_selling_price\nA,B,1\nC,"unclosed,2\n',
    );
    expect(unreadable.json().data.errors).toMatchObject([{ row: 3, field: null }]);
    const control = await importCsv(manager, 'sku,name,piece_selling_price\nA,B\u001b[2J,1\n');
    expect(control.statusCode).toBe(400);
    expect(control.json().message).toBe('The file contains characters that are not allowed');
    const tooMuch = await importCsv(
      manager,
      'sku,name,piece_selling_price,pack_size,stock_unit,quantity\nBIG-1,Big,1,10000,pack,1000000\n',
    );
    expect(tooMuch.json().data.errors).toEqual([
      { row: 2, field: 'quantity', message: 'Quantity is too large for this unit' },
    ]);
    const empty = await importCsv(manager, '');
    expect(empty.json().data.errors).toEqual([
      { row: 1, field: null, message: 'The file is empty' },
    ]);
    const many = Array.from({ length: 10_001 }, (_, i) => `S${i},Item ${i},1`);
    const tooMany = await importCsv(manager, ['sku,name,piece_selling_price', ...many].join('\n'));
    expect(tooMany.json().data.errors).toEqual([
      { row: 10_002, field: null, message: 'The file has more than 10,000 products' },
    ]);
  });

  it('creates a new product in my store for a SKU another store has, leaving theirs', async () => {
    const theirs = await createProduct(managerB, {
      ...BY_THE_PIECE,
      name: 'Theirs',
      sku: 'SHARED-1',
      category_id: (await managerB.post('/api/categories', { name: 'B' })).json().data.id,
    });
    const response = await importCsv(manager, csvOf(line('SHARED-1', 'Mine')), true);
    expect(response.json().data).toMatchObject({ created: 1, updated: 0 });
    const [mine] = await t.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, storeA), eq(products.sku, 'SHARED-1')));
    expect(mine?.name).toBe('Mine');
    const after = (await managerB.get(`/api/products/${theirs.id}`)).json().data;
    expect(after).toMatchObject({ name: 'Theirs', quantity: 5 });
  });
});

describe('products CSV: a cashier imports (issue 20)', () => {
  it('may add products and rename, not change existing prices or stock: preview errors, 403 on commit', async () => {
    const cashier = (await signedIn(t, 'sales', storeA)).client;
    const existing = await createProduct(manager, {
      ...BY_THE_PIECE,
      category_id: unga,
      name: 'Pembe 2kg',
      sku: 'CSV-CASH-1',
      quantity: 10,
      piece_selling_price: 120.5,
    });
    const refused = csvOf(
      line('CSV-CASH-1', 'Pembe 2kg', { piece_selling_price: '99.00', quantity: '3' }),
      line('CSV-CASH-NEW', 'New from the cashier'),
    );
    const preview = await importCsv(cashier, refused);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.errors).toEqual([
      { row: 2, field: 'piece_selling_price', message: 'Only a manager can change this' },
      { row: 2, field: 'quantity', message: 'Only a manager can change this' },
    ]);
    const commit = await importCsv(cashier, refused, true);
    expect(commit.statusCode).toBe(403);
    expect(commit.json().message).toBe(
      'Only a manager can change the prices or stock of existing products. Nothing was imported.',
    );
    expect(commit.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'rows.2.piece_selling_price',
      'rows.2.quantity',
    ]);
    const [kept] = await t.db.select().from(products).where(eq(products.id, existing.id));
    expect(kept).toMatchObject({ pieceSellingPrice: '120.50', stockPieces: 10 });
    expect(await t.db.select().from(products).where(eq(products.sku, 'CSV-CASH-NEW'))).toEqual([]);

    // The same prices and stock, a new name and a new product: allowed.
    const allowed = csvOf(
      line('CSV-CASH-1', 'Pembe Maize Flour 2kg', { quantity: '10' }),
      line('CSV-CASH-NEW', 'New from the cashier'),
    );
    const done = await importCsv(cashier, allowed, true);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ committed: true, created: 1, updated: 1 });
    const [renamed] = await t.db.select().from(products).where(eq(products.id, existing.id));
    expect(renamed).toMatchObject({ name: 'Pembe Maize Flour 2kg', stockPieces: 10 });
    expect((await movementsOf(existing.id)).map((m) => m.reason)).toEqual(['initial']);
  });
});

describe('products CSV: tax type (issue 26)', () => {
  const taxTypeOf = async (sku: string) => {
    const [row] = await t.db
      .select({ taxType: products.taxType })
      .from(products)
      .where(and(eq(products.storeId, storeA), eq(products.sku, sku)));
    return row?.taxType;
  };
  const setTaxType = (id: number, taxType: 'A' | 'B' | 'C' | 'D' | 'E') =>
    t.db.update(products).set({ taxType }).where(eq(products.id, id));

  it("reads the letter (any case), defaults a new product to B and keeps an existing one's", async () => {
    const exempt = await createProduct(manager, {
      ...BY_THE_PIECE,
      category_id: unga,
      name: 'Eggs tray',
      sku: 'TAX-KEEP-1',
    });
    await setTaxType(exempt.id, 'A');
    const zero = await createProduct(manager, {
      ...BY_THE_PIECE,
      category_id: unga,
      name: 'Bread',
      sku: 'TAX-KEEP-2',
    });
    await setTaxType(zero.id, 'C');

    // Full columns: a letter, a lower-case letter, an empty cell on an existing product.
    const full = await importCsv(
      manager,
      csvOf(
        line('TAX-NEW-E', 'Gas refill', { tax_type: 'E' }),
        line('TAX-NEW-D', 'Stamp', { tax_type: 'd' }),
        line('TAX-NEW-B', 'Soda', { tax_type: '' }),
        line('TAX-KEEP-1', 'Eggs tray', { quantity: '5', tax_type: '' }),
      ),
      true,
    );
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().data).toMatchObject({ errors: [], created: 3, updated: 1 });
    expect(await taxTypeOf('TAX-NEW-E')).toBe('E');
    expect(await taxTypeOf('TAX-NEW-D')).toBe('D');
    expect(await taxTypeOf('TAX-NEW-B')).toBe('B');
    expect(await taxTypeOf('TAX-KEEP-1')).toBe('A');

    // A file from before issue 26, without the column: new products are B, others keep theirs.
    const old = await importCsv(
      manager,
      'sku,name,piece_selling_price\nTAX-KEEP-2,Bread,120\nTAX-OLD-NEW,Milk,60\n',
      true,
    );
    expect(old.json().data).toMatchObject({ errors: [], created: 1, updated: 1 });
    expect(await taxTypeOf('TAX-KEEP-2')).toBe('C');
    expect(await taxTypeOf('TAX-OLD-NEW')).toBe('B');

    // The file changes an existing product's letter.
    const changed = await importCsv(
      manager,
      csvOf(line('TAX-KEEP-2', 'Bread', { tax_type: 'B' })),
      true,
    );
    expect(changed.json().data).toMatchObject({ errors: [], updated: 1 });
    expect(await taxTypeOf('TAX-KEEP-2')).toBe('B');
  });

  it('refuses a letter that is not A to E on its line and field, writing nothing', async () => {
    const csv = csvOf(
      line('TAX-BAD-1', 'Good line', { tax_type: 'B' }),
      line('TAX-BAD-2', 'Bad letter', { tax_type: 'F' }),
      line('TAX-BAD-3', 'A word', { tax_type: 'VAT' }),
    );
    const preview = await importCsv(manager, csv);
    expect(preview.json().data.errors).toEqual([
      { row: 3, field: 'tax_type', message: 'Tax type must be one of A, B, C, D, E' },
      { row: 4, field: 'tax_type', message: 'Tax type must be one of A, B, C, D, E' },
    ]);
    const commit = await importCsv(manager, csv, true);
    expect(commit.statusCode).toBe(400);
    expect(commit.json().errors).toContainEqual({
      path: 'rows.3.tax_type',
      message: 'Tax type must be one of A, B, C, D, E',
    });
    expect(await taxTypeOf('TAX-BAD-1')).toBeUndefined();
  });

  it("refuses a cashier's change of an existing product's letter, like prices", async () => {
    const cashier = (await signedIn(t, 'sales', storeA)).client;
    const existing = await createProduct(manager, {
      ...BY_THE_PIECE,
      category_id: unga,
      name: 'Cooking gas 6kg',
      sku: 'TAX-CASH-1',
    });
    await setTaxType(existing.id, 'E');

    const refused = csvOf(
      line('TAX-CASH-1', 'Cooking gas 6kg', {
        piece_selling_price: '120',
        quantity: '5',
        tax_type: 'B',
      }),
    );
    const preview = await importCsv(cashier, refused);
    expect(preview.json().data.errors).toEqual([
      { row: 2, field: 'tax_type', message: 'Only a manager can change this' },
    ]);
    const commit = await importCsv(cashier, refused, true);
    expect(commit.statusCode).toBe(403);
    expect(commit.json().errors.map((e: { path: string }) => e.path)).toEqual(['rows.2.tax_type']);
    expect(await taxTypeOf('TAX-CASH-1')).toBe('E');

    // The letter it already has (in any case), and a new product with its own letter: allowed.
    const allowed = csvOf(
      line('TAX-CASH-1', 'Cooking gas 6kg refill', {
        piece_selling_price: '120',
        quantity: '5',
        tax_type: 'e',
      }),
      line('TAX-CASH-NEW', 'Eggs', { tax_type: 'A' }),
    );
    const done = await importCsv(cashier, allowed, true);
    expect(done.statusCode, done.body).toBe(200);
    expect(await taxTypeOf('TAX-CASH-1')).toBe('E');
    expect(await taxTypeOf('TAX-CASH-NEW')).toBe('A');
  });

  it("exports each product's letter as the last column, and the template carries it", async () => {
    const response = await manager.get('/api/products/export.csv');
    expect(response.body).toMatch(/\r\nTAX-NEW-E,Gas refill,.*,goods,E\r\n/);
    expect(response.body).toMatch(/\r\nTAX-KEEP-1,Eggs tray,.*,goods,A\r\n/);
    const template = await manager.get('/api/products/import-template.csv');
    const lines = template.body.trimEnd().split('\r\n');
    expect(lines.slice(1).every((l) => l.endsWith(',goods,B'))).toBe(true);
  });
});

describe('products CSV: export', () => {
  it('exports with BOM, quoting and formula guard, and imports back unchanged', async () => {
    const formula = await createProduct(manager, {
      ...BY_THE_PIECE,
      category_id: unga,
      name: '=HYPERLINK("http://x")',
      sku: '+FORMULA',
      description: 'Tamu, "safi"\nna bei nzuri — très bon',
      barcode: '@123',
    });
    const packed = await createProduct(manager, {
      ...BY_THE_PIECE,
      category_id: unga,
      name: 'Biscuits Nuvita',
      sku: 'BISC-6',
      stock_unit: 'pack',
      pack_size: 6,
      quantity: 3,
      pack_selling_price: '330.25',
    });
    // Two pieces sold singly: 20 pieces report 3 packs; the round trip keeps all 20.
    await t.db.update(products).set({ stockPieces: 20 }).where(eq(products.id, packed.id));

    const response = await manager.get('/api/products/export.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="products-duka-nairobi-cbd-2026-11-22.csv"',
    );
    expect(response.body.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
    expect(response.body).toContain(
      `'+FORMULA,"'=HYPERLINK(""http://x"")","Tamu, ""safi""\nna bei nzuri — très bon",'@123,Unga,100.00,120.00,`,
    );
    expect(response.body).toContain('BISC-6,Biscuits Nuvita,,,Unga,100.00,120.00,0.00,330.25,');
    expect(response.body).toContain(',6,pack,3,1,true,goods,B\r\n');

    const before = (await manager.get('/api/products', { query: { pageSize: 100 } })).json().data;
    const movementsBefore = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockMovements)
      .where(eq(stockMovements.storeId, storeA));

    const preview = await importCsv(manager, response.body);
    expect(preview.json().data).toMatchObject({ errors: [], created: 0, updated: before.length });
    const commit = await importCsv(manager, response.body, true);
    expect(commit.json().data).toMatchObject({ committed: true, created: 0 });

    const after = (await manager.get('/api/products', { query: { pageSize: 100 } })).json().data;
    const comparable = (list: Record<string, unknown>[]) =>
      list.map(({ updated_at: _updated, ...rest }) => rest);
    expect(comparable(after)).toEqual(comparable(before));
    expect(after.find((p: { id: number }) => p.id === formula.id).name).toBe(
      '=HYPERLINK("http://x")',
    );
    const movementsAfter = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockMovements)
      .where(eq(stockMovements.storeId, storeA));
    expect(movementsAfter).toEqual(movementsBefore);
  });

  it("gives a super_admin the chosen store's file", async () => {
    const superAdmin = (await signedIn(t, 'super_admin', storeA)).client;
    expect((await superAdmin.get('/api/products/export.csv')).statusCode).toBe(400);
    const response = await superAdmin.get('/api/products/export.csv', {
      query: { store_id: storeA },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('BISC-6,Biscuits Nuvita');
    expect(response.body).not.toContain('SHARED-1,Theirs');
  });

  it("never includes another store's products", async () => {
    const response = await managerB.get('/api/products/export.csv');
    expect(response.body).toContain('SHARED-1,Theirs');
    expect(response.body).not.toContain('BISC-6');
  });
});
