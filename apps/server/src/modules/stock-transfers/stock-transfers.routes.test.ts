/**
 * Stock transfers (issue 25): /api/stock-transfers sent, received (with a shortfall, twice, at
 * once), cancelled, isolated by store, and the history naming the other store. Products are
 * made the real way (POST /products); stock and movements are read back from their tables, and
 * at the end each product's stock is the sum of its movements.
 */
import { STOCK_PIECES_MAX, type StockMovement } from '@duka/shared/products/products.schemas';
import {
  TRANSFER_MESSAGES,
  type StockTransfer,
} from '@duka/shared/stock-transfers/stock-transfers.schemas';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import { buildStore, createCategory, createProduct, signedIn } from '../../testing/factories';
import { holdLocks, untilSomeoneWaitsForALock } from '../../testing/row-locks';
import { products } from '../products/products.table';
import { stockMovements } from '../products/stock-movements.table';
import { stores } from '../stores/stores.table';
import { stockTransferItems, stockTransfers } from './stock-transfers.table';

let t: TestApp;
let nairobi: number;
let mombasa: number;
let kisumu: number;
let adminNairobi: TestClient;
let managerNairobi: TestClient;
let superAdmin: TestClient;
let adminMombasa: TestClient;
let salesMombasa: TestClient;
let adminKisumu: TestClient;

const NAIROBI = 'Duka Test — Nairobi';
const MOMBASA = 'Duka Test — Mombasa';

beforeAll(async () => {
  t = await createTestApp();
  nairobi = (await buildStore(t.db, NAIROBI)).id;
  mombasa = (await buildStore(t.db, MOMBASA)).id;
  kisumu = (await buildStore(t.db, 'Duka Test — Kisumu')).id;
  adminNairobi = (await signedIn(t, 'admin', nairobi)).client;
  managerNairobi = (await signedIn(t, 'manager', nairobi)).client;
  superAdmin = (await signedIn(t, 'super_admin', nairobi)).client;
  adminMombasa = (await signedIn(t, 'admin', mombasa)).client;
  salesMombasa = (await signedIn(t, 'sales', mombasa)).client;
  adminKisumu = (await signedIn(t, 'admin', kisumu)).client;
});
afterAll(() => t.close());

async function stockOf(productId: number): Promise<number> {
  const [row] = await t.db
    .select({ stock: products.stockPieces })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

function movementsOf(productId: number) {
  return t.db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .orderBy(stockMovements.id);
}

async function productBySku(storeId: number, sku: string) {
  const [row] = await t.db
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), sql`lower(${products.sku}) = lower(${sku})`));
  return row;
}

const item = (product_id: number, quantity: number, unit_type = 'piece') => ({
  product_id,
  quantity,
  unit_type,
});

async function send(
  body: Record<string, unknown>,
  client: TestClient = adminNairobi,
): Promise<StockTransfer> {
  const response = await client.post('/api/stock-transfers', { to_store_id: mombasa, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: StockTransfer }>().data;
}

function receive(id: number, body: unknown = {}, client: TestClient = salesMombasa) {
  return client.post(`/api/stock-transfers/${id}/receive`, body);
}

async function received(id: number, body: unknown = {}, client: TestClient = salesMombasa) {
  const response = await receive(id, body, client);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: StockTransfer }>().data;
}

function cancel(id: number, client: TestClient = adminNairobi) {
  return client.post(`/api/stock-transfers/${id}/cancel`, {});
}

async function read(id: number, client: TestClient) {
  const response = await client.get(`/api/stock-transfers/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: StockTransfer }>().data;
}

async function list(client: TestClient, query: Record<string, string | number> = {}) {
  const response = await client.get('/api/stock-transfers', { query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: StockTransfer[]; total: number }>();
}

async function history(client: TestClient, productId: number) {
  const response = await client.get(`/api/products/${productId}/movements`, {
    query: { pageSize: 50 },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: StockMovement[] }>().data;
}

describe('POST /api/stock-transfers (send)', () => {
  it('takes the stock off the sender at once with a transfer_out movement', async () => {
    const flour = await createProduct(adminNairobi, {
      quantity: 100,
      pack_size: 6,
      piece_buying_price: 0,
      pack_buying_price: 270,
    });
    const transfer = await send({ items: [item(flour.id, 2, 'pack')], note: 'For the weekend' });
    expect(transfer).toMatchObject({
      from_store_id: nairobi,
      to_store_id: mombasa,
      from_store: { id: nairobi, name: NAIROBI },
      to_store: { id: mombasa, name: MOMBASA },
      status: 'in_transit',
      note: 'For the weekend',
      received_at: null,
      total_pieces: 12,
      total_difference_pieces: 0,
    });
    expect(transfer.items).toEqual([
      expect.objectContaining({
        product_id: flour.id,
        to_product_id: null,
        sku: flour.sku,
        name: flour.name,
        quantity: 2,
        unit_type: 'pack',
        pieces: 12,
        received_quantity: null,
        difference_pieces: null,
        // No piece price: the pack's over its size.
        piece_buying_price: 45,
      }),
    ]);
    expect(await stockOf(flour.id)).toBe(88);
    const movements = await movementsOf(flour.id);
    expect(movements.at(-1)).toMatchObject({
      storeId: nairobi,
      changePieces: -12,
      reason: 'transfer_out',
      reference: `TRANSFER-${transfer.id}`,
    });
  });

  it('lets the super_admin send from the store it names', async () => {
    const sugar = await createProduct(adminNairobi, { quantity: 40 });
    const response = await superAdmin.post('/api/stock-transfers', {
      store_id: nairobi,
      to_store_id: mombasa,
      items: [item(sugar.id, 1, 'dozen')],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ from_store_id: nairobi, status: 'in_transit' });
    expect(await stockOf(sugar.id)).toBe(28);
  });

  it('refuses short stock with 409 and writes nothing', async () => {
    const rice = await createProduct(adminNairobi, { quantity: 5 });
    const other = await createProduct(adminNairobi, { quantity: 50 });
    const [before] = await t.db.select({ n: sql<number>`count(*)::int` }).from(stockTransfers);
    const response = await adminNairobi.post('/api/stock-transfers', {
      to_store_id: mombasa,
      items: [item(other.id, 10), item(rice.id, 6)],
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe(`Insufficient stock for ${rice.name}`);
    const [after] = await t.db.select({ n: sql<number>`count(*)::int` }).from(stockTransfers);
    expect(after!.n).toBe(before!.n);
    expect(await stockOf(rice.id)).toBe(5);
    expect(await stockOf(other.id)).toBe(50);
    expect((await movementsOf(other.id)).map((m) => m.reason)).toEqual(['initial']);
  });

  it('refuses the sender as destination (400), and a missing or closed store (404)', async () => {
    const oil = await createProduct(adminNairobi, { quantity: 10 });
    const same = await adminNairobi.post('/api/stock-transfers', {
      to_store_id: nairobi,
      items: [item(oil.id, 1)],
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([
      { path: 'to_store_id', message: TRANSFER_MESSAGES.sameStore },
    ]);

    const missing = await adminNairobi.post('/api/stock-transfers', {
      to_store_id: 999999,
      items: [item(oil.id, 1)],
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Store not found');

    const closed = (await buildStore(t.db, 'Duka Test — Closed')).id;
    await t.db.update(stores).set({ isActive: false }).where(eq(stores.id, closed));
    const inactive = await adminNairobi.post('/api/stock-transfers', {
      to_store_id: closed,
      items: [item(oil.id, 1)],
    });
    expect(inactive.statusCode).toBe(404);
    expect(await stockOf(oil.id)).toBe(10);
  });

  it("refuses another store's product and a service on the line (400)", async () => {
    const theirs = await createProduct(adminMombasa, { quantity: 10 });
    const ours = await createProduct(adminNairobi, { quantity: 10 });
    const foreign = await adminNairobi.post('/api/stock-transfers', {
      to_store_id: mombasa,
      items: [item(ours.id, 1), item(theirs.id, 1)],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([
      { path: 'items.1.product_id', message: TRANSFER_MESSAGES.productNotFound },
    ]);

    const delivery = await createProduct(adminNairobi, { kind: 'service', quantity: 0 });
    const service = await adminNairobi.post('/api/stock-transfers', {
      to_store_id: mombasa,
      items: [item(delivery.id, 1)],
    });
    expect(service.statusCode).toBe(400);
    expect(service.json().errors).toEqual([
      { path: 'items.0.product_id', message: TRANSFER_MESSAGES.service },
    ]);
    expect(await stockOf(ours.id)).toBe(10);
  });

  it('is for the sending store’s admin: a manager gets 403', async () => {
    const tea = await createProduct(adminNairobi, { quantity: 10 });
    const response = await managerNairobi.post('/api/stock-transfers', {
      to_store_id: mombasa,
      items: [item(tea.id, 1)],
    });
    expect(response.statusCode).toBe(403);
    expect(await stockOf(tea.id)).toBe(10);
  });
});

describe('POST /api/stock-transfers/:id/receive', () => {
  it('records a shortfall both stores see, creates a missing product and matches a SKU', async () => {
    const nairobiCategory = await createCategory(adminNairobi, 'Baking');
    const mombasaBaking = await createCategory(adminMombasa, 'baking');
    const flour = await createProduct(adminNairobi, {
      name: 'Exe Flour 2kg',
      sku: 'TR-EXE-2KG',
      barcode: '6161100012345',
      description: 'Home baking flour',
      category_id: nairobiCategory.id,
      quantity: 60,
      pack_size: 6,
      stock_unit: 'pack',
      min_quantity: 2,
      piece_buying_price: 150,
      piece_selling_price: 180,
      pack_buying_price: 880,
      pack_selling_price: 1050,
    });
    const soap = await createProduct(adminNairobi, { sku: 'TR-Soap-1', quantity: 30 });
    const mombasaSoap = await createProduct(adminMombasa, { sku: 'tr-soap-1', quantity: 4 });
    expect(await productBySku(mombasa, 'TR-EXE-2KG')).toBeUndefined();

    const transfer = await send(
      { store_id: nairobi, items: [item(flour.id, 2, 'pack'), item(soap.id, 5)] },
      superAdmin,
    );
    expect(await stockOf(flour.id)).toBe(60 * 6 - 12);

    const answer = await received(transfer.id, {
      items: [{ product_id: flour.id, received_quantity: 1 }],
    });
    expect(answer.status).toBe('received');
    expect(answer.received_by).toEqual(expect.objectContaining({ id: expect.any(Number) }));
    expect(answer.received_at).not.toBeNull();
    const created = await productBySku(mombasa, 'TR-EXE-2KG');
    expect(created).toBeDefined();
    expect(answer.items).toEqual([
      expect.objectContaining({
        product_id: flour.id,
        to_product_id: created!.id,
        quantity: 2,
        pieces: 12,
        received_quantity: 1,
        received_pieces: 6,
        difference_pieces: -6,
      }),
      expect.objectContaining({
        product_id: soap.id,
        to_product_id: mombasaSoap.id,
        received_quantity: 5,
        received_pieces: 5,
        difference_pieces: 0,
      }),
    ]);
    expect(answer.total_difference_pieces).toBe(-6);

    // The new product: the sender's, inactive, no stock but what arrived, the same-named category.
    expect(created).toMatchObject({
      name: 'Exe Flour 2kg',
      sku: 'TR-EXE-2KG',
      barcode: '6161100012345',
      description: 'Home baking flour',
      packSize: 6,
      stockUnit: 'pack',
      minQuantity: 2,
      pieceBuyingPrice: '150.00',
      pieceSellingPrice: '180.00',
      packBuyingPrice: '880.00',
      packSellingPrice: '1050.00',
      isActive: false,
      kind: 'goods',
      stockPieces: 6,
    });
    expect(created!.categoryId).toBe(mombasaBaking.id);
    expect(await stockOf(mombasaSoap.id)).toBe(9);
    expect((await movementsOf(created!.id)).map((m) => [m.reason, m.changePieces])).toEqual([
      ['transfer_in', 6],
    ]);
    expect((await movementsOf(mombasaSoap.id)).at(-1)).toMatchObject({
      storeId: mombasa,
      reason: 'transfer_in',
      changePieces: 5,
      reference: `TRANSFER-${transfer.id}`,
    });
    // The sender's stock stays where the send left it.
    expect(await stockOf(flour.id)).toBe(60 * 6 - 12);

    for (const client of [adminNairobi, adminMombasa]) {
      const seen = await read(transfer.id, client);
      expect(seen.status).toBe('received');
      expect(seen.items.map((line) => line.difference_pieces)).toEqual([-6, 0]);
      expect(seen.total_difference_pieces).toBe(-6);
    }

    // Both histories name the other store.
    const out = (await history(adminNairobi, flour.id)).find((m) => m.reason === 'transfer_out');
    expect(out!.other_store).toEqual({ id: mombasa, name: MOMBASA });
    const into = (await history(adminMombasa, created!.id)).find((m) => m.reason === 'transfer_in');
    expect(into!.other_store).toEqual({ id: nairobi, name: NAIROBI });
    expect(into!.reference).toBe(`TRANSFER-${transfer.id}`);
    const initial = (await history(adminNairobi, flour.id)).find((m) => m.reason === 'initial');
    expect(initial!.other_store).toBeNull();

    // Received is final.
    const again = await receive(transfer.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TRANSFER_MESSAGES.notInTransit);
    expect(await stockOf(mombasaSoap.id)).toBe(9);
    const late = await cancel(transfer.id);
    expect(late.statusCode).toBe(409);
    expect(await stockOf(soap.id)).toBe(25);
  });

  it('receives everything as sent when no items are given, and more than sent too', async () => {
    const beans = await createProduct(adminNairobi, { quantity: 50 });
    const maize = await createProduct(adminNairobi, { quantity: 50 });
    const transfer = await send({ items: [item(beans.id, 1, 'dozen'), item(maize.id, 3)] });
    const answer = await received(
      transfer.id,
      { items: [{ product_id: maize.id, received_quantity: 4 }] },
      adminMombasa,
    );
    expect(answer.items.map((line) => [line.received_pieces, line.difference_pieces])).toEqual([
      [12, 0],
      [4, 1],
    ]);
    expect(await stockOf((await productBySku(mombasa, beans.sku))!.id)).toBe(12);
    expect(await stockOf((await productBySku(mombasa, maize.sku))!.id)).toBe(4);
  });

  it('writes nothing for a line received as 0 and makes no product for it', async () => {
    const salt = await createProduct(adminNairobi, { quantity: 50 });
    const transfer = await send({ items: [item(salt.id, 3)] });
    const answer = await received(transfer.id, {
      items: [{ product_id: salt.id, received_quantity: 0 }],
    });
    expect(answer.items[0]).toMatchObject({
      received_pieces: 0,
      difference_pieces: -3,
      to_product_id: null,
    });
    expect(await productBySku(mombasa, salt.sku)).toBeUndefined();
  });

  it('refuses a product not in the transfer (400) and a service with the SKU (409)', async () => {
    const milk = await createProduct(adminNairobi, { quantity: 50 });
    const other = await createProduct(adminNairobi, { quantity: 50 });
    const transfer = await send({ items: [item(milk.id, 2)] });
    const stranger = await receive(transfer.id, {
      items: [{ product_id: other.id, received_quantity: 1 }],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors).toEqual([
      { path: 'items.0.product_id', message: TRANSFER_MESSAGES.notInTransfer },
    ]);

    await createProduct(adminMombasa, { sku: milk.sku, kind: 'service', quantity: 0 });
    const service = await receive(transfer.id);
    expect(service.statusCode).toBe(409);
    expect(service.json().message).toBe(TRANSFER_MESSAGES.destinationService(milk.sku));
    expect((await read(transfer.id, adminMombasa)).status).toBe('in_transit');
  });

  it("refuses (400) what would take the destination's stock beyond the ledger's bound", async () => {
    const cement = await createProduct(adminNairobi, { quantity: 50 });
    // Mombasa already holds STOCK_PIECES_MAX pieces: 1,000,000 packs of 1,000.
    const full = await createProduct(adminMombasa, {
      sku: cement.sku,
      pack_size: 1_000,
      stock_unit: 'pack',
      quantity: 1_000_000,
    });
    expect(await stockOf(full.id)).toBe(STOCK_PIECES_MAX);
    const transfer = await send({ items: [item(cement.id, 2)] });
    const response = await receive(transfer.id, {
      items: [{ product_id: cement.id, received_quantity: 1 }],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual([
      {
        path: 'items.0.received_quantity',
        message: 'Receiving this would take the stock here beyond the limit',
      },
    ]);
    expect(await stockOf(full.id)).toBe(STOCK_PIECES_MAX);
    expect((await read(transfer.id, adminMombasa)).status).toBe('in_transit');
    // Nothing arrived is no stock added: received as 0, it goes through.
    const none = await received(transfer.id, {
      items: [{ product_id: cement.id, received_quantity: 0 }],
    });
    expect(none.items[0]).toMatchObject({ received_pieces: 0, difference_pieces: -2 });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'makes the new products in SKU order: another writer of the same SKUs cannot deadlock it (PostgreSQL)',
    async () => {
      const tag = Date.now().toString(36).toUpperCase();
      const [low, high] = [`RV-A-${tag}`, `RV-Z-${tag}`];
      const zed = await createProduct(adminNairobi, { sku: high, quantity: 10 });
      const aye = await createProduct(adminNairobi, { sku: low, quantity: 10 });
      // The higher SKU's line first.
      const transfer = await send({ items: [item(zed.id, 2), item(aye.id, 3)] });
      const newProduct = (sku: string) =>
        sql`insert into products (store_id, name, sku, is_active)
            values (${mombasa}, ${sku}, ${sku}, false) returning id`;
      // Another writer makes the lower SKU at Mombasa and has not committed yet…
      const other = holdLocks(
        t.db,
        (tx) => tx.execute(newProduct(low)),
        // …then the higher: the receive must not be holding it while it waits for the lower.
        async (tx) => {
          await tx.execute(sql`set local lock_timeout = '2s'`);
          await tx.execute(newProduct(high));
        },
      );
      await other.held;
      const receiving = receive(transfer.id);
      await untilSomeoneWaitsForALock(t.db);
      other.release();
      await other.done;
      const response = await receiving;
      expect(response.statusCode, response.body).toBe(200);
      // The lines entered the other writer's products: one product a SKU.
      expect(await stockOf((await productBySku(mombasa, low))!.id)).toBe(3);
      expect(await stockOf((await productBySku(mombasa, high))!.id)).toBe(2);
    },
  );

  it('values a piece as a count does, and prices a product made from the line to the cent', async () => {
    const zero = { piece_buying_price: 0, pack_buying_price: 0, dozen_buying_price: 0 };
    // 20.10 a pack of 20: 1.005 a piece — half a cent, which a double holds as 1.00499…
    const tape = await createProduct(adminNairobi, {
      ...zero,
      quantity: 100,
      pack_size: 20,
      pack_buying_price: 20.1,
    });
    const pens = await createProduct(adminNairobi, {
      ...zero,
      quantity: 50,
      dozen_buying_price: 100,
    });
    const transfer = await send({ items: [item(tape.id, 4), item(pens.id, 1)] });
    expect(transfer.items.map((line) => line.piece_buying_price)).toEqual([1.005, 8.3333]);
    // The sender's product gone (its line keeps the snapshot): the one made here is priced from
    // the line's four decimals, to the cent, half away from zero.
    await t.db
      .update(stockTransferItems)
      .set({ productId: null })
      .where(eq(stockTransferItems.productId, tape.id));
    await received(transfer.id);
    expect((await productBySku(mombasa, tape.sku))!.pieceBuyingPrice).toBe('1.01');
  });

  it('adds the stock once when two sessions receive at once: one 200, one 409', async () => {
    const water = await createProduct(adminNairobi, { quantity: 50 });
    const transfer = await send({ items: [item(water.id, 7)] });
    const answers = await Promise.all([
      receive(transfer.id, {}, salesMombasa),
      receive(transfer.id, {}, adminMombasa),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().message).toBe(TRANSFER_MESSAGES.notInTransit);
    const arrived = await productBySku(mombasa, water.sku);
    expect(arrived!.stockPieces).toBe(7);
    expect((await movementsOf(arrived!.id)).filter((m) => m.reason === 'transfer_in')).toHaveLength(
      1,
    );
  });

  it('makes one product when two transfers of a new SKU are received at once', async () => {
    const juice = await createProduct(adminNairobi, { quantity: 50 });
    const first = await send({ items: [item(juice.id, 2)] });
    const second = await send({ items: [item(juice.id, 3)] });
    const answers = await Promise.all([
      receive(first.id, {}, salesMombasa),
      receive(second.id, {}, adminMombasa),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const arrived = await productBySku(mombasa, juice.sku);
    expect(arrived!.stockPieces).toBe(5);
  });
});

describe('POST /api/stock-transfers/:id/cancel', () => {
  it("refuses (409) a cancel that would take the sender's restocked shelf beyond the bound", async () => {
    const sacks = await createProduct(adminNairobi, {
      pack_size: 1_000,
      stock_unit: 'pack',
      quantity: 1_000_000,
    });
    const transfer = await send({ items: [item(sacks.id, 1, 'pack')] });
    expect(await stockOf(sacks.id)).toBe(STOCK_PIECES_MAX - 1_000);
    // Restocked to the bound meanwhile.
    const restocked = await adminNairobi.put(`/api/products/${sacks.id}`, {
      quantity: 1_000_000,
      stock_reason: 'count',
    });
    expect(restocked.statusCode, restocked.body).toBe(200);
    const response = await cancel(transfer.id);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe('Cancelling would take the stock here beyond the limit');
    expect(await stockOf(sacks.id)).toBe(STOCK_PIECES_MAX);
    expect((await read(transfer.id, adminNairobi)).status).toBe('in_transit');
  });

  it('brings the stock back with a transfer_cancel movement; cancelled is final', async () => {
    const bread = await createProduct(adminNairobi, { quantity: 30, pack_size: 10 });
    const transfer = await send({ items: [item(bread.id, 2, 'pack')] });
    expect(await stockOf(bread.id)).toBe(10);

    const byDestination = await cancel(transfer.id, adminMombasa);
    expect(byDestination.statusCode).toBe(403);
    expect(byDestination.json().message).toBe(TRANSFER_MESSAGES.notSender);

    const response = await cancel(transfer.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'cancelled',
      cancelled_by: expect.objectContaining({ id: expect.any(Number) }),
    });
    expect(await stockOf(bread.id)).toBe(30);
    expect((await movementsOf(bread.id)).at(-1)).toMatchObject({
      reason: 'transfer_cancel',
      changePieces: 20,
      reference: `TRANSFER-${transfer.id}`,
    });
    const back = (await history(adminNairobi, bread.id)).find(
      (m) => m.reason === 'transfer_cancel',
    );
    expect(back!.other_store).toEqual({ id: mombasa, name: MOMBASA });

    expect((await cancel(transfer.id)).statusCode).toBe(409);
    const late = await receive(transfer.id);
    expect(late.statusCode).toBe(409);
    expect(await productBySku(mombasa, bread.sku)).toBeUndefined();
    expect(await stockOf(bread.id)).toBe(30);
  });
});

describe('isolation and lists', () => {
  it("keeps an admin to their own store: another store's store_id sends nothing of its stock", async () => {
    const tea = await createProduct(adminNairobi, { quantity: 30 });
    const response = await adminKisumu.post('/api/stock-transfers', {
      store_id: nairobi,
      to_store_id: mombasa,
      items: [item(tea.id, 5)],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'items.0.product_id', message: TRANSFER_MESSAGES.productNotFound },
    ]);
    expect(await stockOf(tea.id)).toBe(30);
    const outgoing = await list(adminNairobi, { direction: 'outgoing', pageSize: 100 });
    expect(
      outgoing.data.flatMap((sent) => sent.items.map((line) => line.product_id)),
    ).not.toContain(tea.id);
  });

  it('lets the sender not receive (403) and shows a third store nothing (404)', async () => {
    const rice = await createProduct(adminNairobi, { quantity: 30 });
    const transfer = await send({ items: [item(rice.id, 4)] });

    const bySender = await receive(transfer.id, {}, adminNairobi);
    expect(bySender.statusCode).toBe(403);
    expect(bySender.json().message).toBe(TRANSFER_MESSAGES.notReceiver);

    for (const response of [
      await adminKisumu.get(`/api/stock-transfers/${transfer.id}`),
      await receive(transfer.id, {}, adminKisumu),
      await cancel(transfer.id, adminKisumu),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(TRANSFER_MESSAGES.notFound);
    }
    for (const direction of ['incoming', 'outgoing']) {
      expect(await list(adminKisumu, { direction })).toMatchObject({ data: [], total: 0 });
    }
    expect((await read(transfer.id, adminMombasa)).status).toBe('in_transit');
    expect(await stockOf(rice.id)).toBe(26);
  });

  it("lists each store's own side, newest first, by status and by page", async () => {
    const outgoing = await list(adminNairobi, { direction: 'outgoing', pageSize: 100 });
    expect(outgoing.total).toBeGreaterThan(3);
    expect(outgoing.data.every((transfer) => transfer.from_store_id === nairobi)).toBe(true);
    const ids = outgoing.data.map((transfer) => transfer.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(await list(adminNairobi, { direction: 'incoming' })).toMatchObject({ total: 0 });
    expect((await list(adminMombasa, { direction: 'outgoing' })).total).toBe(0);

    const incoming = await list(salesMombasa, { pageSize: 100 });
    expect(incoming.total).toBe(outgoing.total);
    const inTransit = await list(salesMombasa, { status: 'in_transit', pageSize: 100 });
    expect(inTransit.data.length).toBeGreaterThan(0);
    expect(inTransit.data.every((transfer) => transfer.status === 'in_transit')).toBe(true);

    const page = await list(adminMombasa, { page: 2, pageSize: 2 });
    expect(page.data.map((transfer) => transfer.id)).toEqual(ids.slice(2, 4));
  });
});

describe('the ledger afterwards', () => {
  it("keeps each product's stock equal to the sum of its movements", async () => {
    const result = await t.db.execute(sql`
      select p.id, p.stock_pieces, coalesce(sum(m.change_pieces), 0)::int as moved
      from products p left join stock_movements m on m.product_id = p.id
      group by p.id, p.stock_pieces`);
    const rows = (result as { rows: { stock_pieces: number; moved: number }[] }).rows;
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(Number(row.stock_pieces)).toBe(Number(row.moved));
    const [lines] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockTransferItems)
      .where(sql`${stockTransferItems.receivedPieces} is not null`);
    expect(lines!.n).toBeGreaterThan(3);
  });
});
