/**
 * eTIMS end to end against the fake OSCU over real HTTP (issue 26): a store's registration
 * (saved only once OSCU accepted the device; KRA's refusal and OSCU down save nothing), and its
 * sales and returns sent by the 'etims-send' job in order — signed with the fake's numbers,
 * kept pending while eTIMS is down and sent in order once it is back, a refusal kept with KRA's
 * code and sent again by Retry, a return as a credit note naming its sale; the KRA QR code.
 *
 * Sales and returns are made through their services, which queue the send themselves (the
 * routes and /sales/sync call them).
 */
import { createProductSchema } from '@duka/shared/products/products.schemas';
import { createReturnSchema } from '@duka/shared/returns/returns.schemas';
import { createSaleSchema } from '@duka/shared/sales/sales.schemas';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { customers } from '../customers/customers.table';
import { jobs } from '../jobs/jobs.table';
import { insertProduct } from '../products/products-writes.service';
import { createReturn } from '../returns/returns.service';
import { createSale, insertSale } from '../sales/sales.service';
import { sales } from '../sales/sales.table';
import { createTestApp, type TestApp, type TestClient } from '../../testing/create-test-app';
import { buildStore, saleBody, saleLine, signedIn } from '../../testing/factories';
import { startFakeEtims, type FakeEtims } from '../../testing/fake-etims';
import { etimsQrText } from './etims-invoices.service';
import { ETIMS_SEND_JOB } from './etims-send.service';
import { etimsInvoices, storeEtimsSettings } from './etims.table';

let t: TestApp;
let fake: FakeEtims;
let pins = 0;

beforeAll(async () => {
  fake = await startFakeEtims();
  t = await createTestApp({ etims: { baseUrl: fake.baseUrl } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => {
  fake.down = false;
});

const settingsPath = (store: number) => `/api/stores/${store}/etims-settings`;
const noApproval = async () => {
  throw new Error('no approval in these tests');
};

interface Shop {
  store: number;
  manager: TestClient;
  cashier: TestClient;
  cashierUser: { id: number; name: string; email: string; role: 'sales' };
  managerId: number;
  customerId: number;
  productId: number;
  kraPin: string;
}

async function newShop(): Promise<Shop> {
  const store = (await buildStore(t.db)).id;
  const { client: manager, user: managerUser } = await signedIn(t, 'manager', store);
  const { client: cashier, user } = await signedIn(t, 'sales', store);
  const [customer] = await t.db
    .insert(customers)
    .values({ storeId: store, name: 'Achieng Otieno', phone: '0712345678' })
    .returning();
  const product = await insertProduct(t.db, store, managerUser.id, {
    ...createProductSchema.parse({
      name: 'Sugar 1kg',
      sku: `SUG-${store}`,
      category_id: 1,
      piece_buying_price: 100,
      piece_selling_price: 116,
      pack_buying_price: 0,
      pack_selling_price: 0,
      dozen_buying_price: 0,
      dozen_selling_price: 0,
      quantity: 1000,
      min_quantity: 1,
    }),
    category_id: null,
  });
  pins += 1;
  return {
    store,
    manager,
    cashier,
    cashierUser: { id: user.id, name: user.name, email: user.email, role: 'sales' },
    managerId: managerUser.id,
    customerId: customer!.id,
    productId: product.id,
    kraPin: `P0${String(50_000_000 + pins).padStart(8, '0')}K`,
  };
}

async function register(shop: Shop) {
  const response = await shop.manager.put(settingsPath(shop.store), {
    kra_pin: shop.kraPin,
    branch_id: '00',
    device_serial: `DEV-${shop.store}`,
    environment: 'sandbox',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function sell(shop: Shop, fields: Record<string, unknown> = {}, quantity = 2) {
  const input = createSaleSchema.parse(
    saleBody({
      customer_id: shop.customerId,
      items: [saleLine(shop.productId, quantity, 116)],
      ...fields,
    }),
  );
  const { sale } = await createSale(
    t.db,
    shop.store,
    shop.cashierUser,
    input,
    undefined,
    noApproval,
    t.clock.now(),
  );
  return sale;
}

async function invoiceOfSale(saleId: number) {
  const [row] = await t.db
    .select()
    .from(etimsInvoices)
    .where(and(eq(etimsInvoices.saleId, saleId), eq(etimsInvoices.kind, 'sale')));
  return row;
}

/** Runs the due jobs, and after a backoff moves the clock past it first. */
async function runJobs(advanceMs = 0) {
  t.clock.advance(advanceMs);
  return t.app.jobs.runDueJobs();
}

describe('GET/PUT /api/stores/{id}/etims-settings', () => {
  it('starts empty; saving registers the device with OSCU and keeps its ids, never the key', async () => {
    const shop = await newShop();
    const empty = await shop.manager.get(settingsPath(shop.store));
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data).toEqual({
      kra_pin: null,
      branch_id: null,
      device_serial: null,
      environment: null,
      sdc_id: null,
      mrc_no: null,
      has_cmc_key: false,
      registered_at: null,
    });

    const saved = await shop.manager.put(settingsPath(shop.store), {
      kra_pin: ` ${shop.kraPin.toLowerCase()} `,
      branch_id: '01',
      device_serial: 'KRA-OSCU-0042',
      environment: 'sandbox',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [device] = [...fake.devices.entries()].filter(
      ([, known]) => known.dvcSrlNo === 'KRA-OSCU-0042',
    );
    expect(device![1]).toMatchObject({ tin: shop.kraPin, bhfId: '01', dvcSrlNo: 'KRA-OSCU-0042' });
    const cmcKey = device![0];
    expect(saved.json().data).toEqual({
      kra_pin: shop.kraPin,
      branch_id: '01',
      device_serial: 'KRA-OSCU-0042',
      environment: 'sandbox',
      sdc_id: expect.stringMatching(/^KRACU\d{10}$/),
      mrc_no: expect.stringMatching(/^WIS\d{9}$/),
      has_cmc_key: true,
      registered_at: t.clock.now().toISOString(),
    });
    const again = await shop.manager.get(settingsPath(shop.store));
    expect(again.json().data).toEqual(saved.json().data);
    for (const body of [saved.body, again.body]) expect(body).not.toContain(cmcKey);
    const [row] = await t.db
      .select()
      .from(storeEtimsSettings)
      .where(eq(storeEtimsSettings.storeId, shop.store));
    expect(row!.cmcKey).toBe(cmcKey);
  });

  it('refuses bad input naming the field, and saves nothing', async () => {
    const shop = await newShop();
    const valid = {
      kra_pin: shop.kraPin,
      branch_id: '00',
      device_serial: 'DEV-1',
      environment: 'sandbox',
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { ...valid, kra_pin: 'A12345678B' },
        'kra_pin',
        'KRA PIN must be a letter, 9 digits and a letter (A123456789B)',
      ],
      [
        { ...valid, branch_id: 'AB' },
        'branch_id',
        'Branch ID must be 2 digits (00 for the head office)',
      ],
      [{ ...valid, device_serial: '' }, 'device_serial', 'Device serial is required'],
      [
        { ...valid, environment: 'live' },
        'environment',
        'Environment must be sandbox or production',
      ],
    ];
    const before = fake.requests.length;
    for (const [body, path, message] of cases) {
      const response = await shop.manager.put(settingsPath(shop.store), body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual([{ path, message }]);
    }
    expect(fake.requests.length).toBe(before);
    expect((await shop.manager.get(settingsPath(shop.store))).json().data.registered_at).toBeNull();
  });

  it("KRA's refusal is 422 with its code and message, OSCU down 503: nothing saved either way", async () => {
    const shop = await newShop();
    const body = {
      kra_pin: shop.kraPin,
      branch_id: '00',
      device_serial: 'DEV-2',
      environment: 'production',
    };
    fake.refuseNext({ code: '901', message: 'It is not valid device' });
    const refused = await shop.manager.put(settingsPath(shop.store), body);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'etims.registration_refused',
      message: 'eTIMS refused the device (901): It is not valid device. Nothing was saved',
    });

    fake.down = 503;
    const down = await shop.manager.put(settingsPath(shop.store), body);
    expect(down.statusCode, down.body).toBe(503);
    expect(down.json().message).toBe(
      'eTIMS could not be reached (HTTP 503): nothing was saved, try again when it answers',
    );
    fake.down = 'connection';
    const dropped = await shop.manager.put(settingsPath(shop.store), body);
    expect(dropped.statusCode).toBe(503);
    expect((await shop.manager.get(settingsPath(shop.store))).json().data.has_cmc_key).toBe(false);
  });

  it("is a manager's, of their own store", async () => {
    const shop = await newShop();
    const other = await newShop();
    expect((await shop.cashier.get(settingsPath(shop.store))).statusCode).toBe(403);
    expect((await shop.manager.get(settingsPath(other.store))).statusCode).toBe(404);
  });
});

describe('sending invoices', () => {
  it("a registered store's sale is sent and signed with the fake's numbers; an earlier one is not registered", async () => {
    const shop = await newShop();
    const before = await sell(shop);
    expect(await invoiceOfSale(before.sale.id)).toBeUndefined();
    await register(shop);

    const sold = await sell(shop, { buyer_kra_pin: 'a123456789b' });
    expect(sold.etims).toEqual({ status: 'pending' });
    const pending = await invoiceOfSale(sold.sale.id);
    expect(pending).toMatchObject({ status: 'pending', kind: 'sale', etimsNo: 1 });
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.storeId, shop.store), eq(jobs.kind, ETIMS_SEND_JOB)));
    expect(job).toMatchObject({ state: 'queued', dedupeKey: `etims-send:${shop.store}` });

    await runJobs();
    const [stored] = await t.db
      .select({ invoiceNo: sales.invoiceNo })
      .from(sales)
      .where(eq(sales.id, sold.sale.id));
    const signed = fake.invoices.at(-1)!;
    expect(signed).toMatchObject({
      tin: shop.kraPin,
      bhfId: '00',
      invcNo: 1,
      orgInvcNo: 0,
      rcptTyCd: 'S',
      trdInvcNo: `INV-${stored!.invoiceNo}`,
      totAmt: 232,
    });
    expect(signed.payload).toMatchObject({
      custTin: 'A123456789B',
      pmtTyCd: '01',
      taxblAmtB: 200,
      taxAmtB: 32,
      regrNm: shop.cashierUser.name,
    });
    expect(await invoiceOfSale(sold.sale.id)).toMatchObject({
      status: 'sent',
      receiptNo: signed.answer.curRcptNo,
      totalReceiptNo: signed.answer.totRcptNo,
      internalData: signed.answer.intrlData,
      signature: signed.answer.rcptSign,
      sdcDateTime: signed.answer.sdcDateTime,
      resultCode: null,
      message: null,
      attempts: 1,
      sentAt: t.clock.now(),
    });
    // As the API shows it (etims-read.service.ts): the control unit's number and KRA's page.
    const shown = await shop.cashier.get(`/api/sales/${sold.sale.id}`);
    expect(shown.statusCode, shown.body).toBe(200);
    const { sdc_id: sdcId } = (await shop.manager.get(settingsPath(shop.store))).json().data;
    expect(shown.json().data.etims).toEqual({
      status: 'sent',
      invoice_number: `${sdcId}/${signed.answer.curRcptNo}`,
      signature: signed.answer.rcptSign,
      internal_data: signed.answer.intrlData,
      sdc_date_time: signed.answer.sdcDateTime,
      qr_url: `https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=${shop.kraPin}00${signed.answer.rcptSign}`,
    });
  });

  it('eTIMS down: the invoices wait pending, then go in order once it is back; the till never waits', async () => {
    const shop = await newShop();
    await register(shop);
    fake.down = 'connection';
    const made = [await sell(shop), await sell(shop, {}, 1), await sell(shop, {}, 3)];
    const tried = fake.requests.length;
    await runJobs();
    // One try, of the first: the later ones wait behind it.
    expect(fake.requests.length).toBe(tried + 1);
    const states = await Promise.all(made.map(({ sale }) => invoiceOfSale(sale.id)));
    expect(states.map((row) => row!.status)).toEqual(['pending', 'pending', 'pending']);
    expect(states[0]).toMatchObject({
      attempts: 1,
      message: 'eTIMS could not be reached (could not connect): it will be sent when eTIMS answers',
    });
    expect(states[1]).toMatchObject({ attempts: 0, message: null });

    // Still down (503) at the first retry (15 s later): still pending.
    fake.down = 503;
    await runJobs(15_000);
    expect((await invoiceOfSale(made[0]!.sale.id))!.message).toBe(
      'eTIMS could not be reached (HTTP 503): it will be sent when eTIMS answers',
    );

    // Back up before the next try is due (30 s later): a manager's Retry of a waiting invoice
    // tries now, in order.
    fake.down = false;
    const early = await shop.manager.post(`/api/sales/${made[1]!.sale.id}/etims/retry`, {});
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().data).toEqual({ status: 'pending' });
    await runJobs();
    const sent = await Promise.all(made.map(({ sale }) => invoiceOfSale(sale.id)));
    expect(sent.map((row) => row!.status)).toEqual(['sent', 'sent', 'sent']);
    expect(sent.map((row) => row!.message)).toEqual([null, null, null]);
    const signed = fake.invoices.filter((invoice) => invoice.tin === shop.kraPin);
    expect(signed.map((invoice) => invoice.invcNo)).toEqual([1, 2, 3]);
    expect(signed.map((invoice) => invoice.totAmt)).toEqual([232, 116, 348]);
    expect(sent.map((row) => row!.receiptNo)).toEqual([1, 2, 3]);
  });

  it("a refusal is kept with KRA's code and the next goes on; Retry sends it again", async () => {
    const shop = await newShop();
    await register(shop);
    fake.refuseNext({ code: '910', message: 'Request parameter error' }, 1, '/saveTrnsSalesOsdc');
    const refused = await sell(shop);
    const next = await sell(shop);
    await runJobs();
    expect(await invoiceOfSale(refused.sale.id)).toMatchObject({
      status: 'failed',
      resultCode: '910',
      message: 'Request parameter error',
    });
    expect((await invoiceOfSale(next.sale.id))!.status).toBe('sent');

    const retryPath = `/api/sales/${refused.sale.id}/etims/retry`;
    expect((await shop.cashier.post(retryPath, {})).statusCode).toBe(403);
    const retried = await shop.manager.post(retryPath, {});
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ success: true, data: { status: 'pending' } });
    expect(await invoiceOfSale(refused.sale.id)).toMatchObject({
      status: 'pending',
      resultCode: null,
      message: null,
    });
    await runJobs();
    expect(await invoiceOfSale(refused.sale.id)).toMatchObject({ status: 'sent', attempts: 2 });

    const again = await shop.manager.post(retryPath, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Only a failed or waiting invoice can be retried: this one is sent',
    );
    const other = await newShop();
    expect((await other.manager.post(retryPath, {})).statusCode).toBe(404);
  });

  it('a return is sent as a credit note naming its sale; both have a KRA QR code once signed', async () => {
    const shop = await newShop();
    await register(shop);
    const sold = await sell(shop, {}, 3);
    const qrPath = `/api/sales/${sold.sale.id}/etims/qr`;
    const early = await shop.cashier.get(qrPath);
    expect(early.statusCode).toBe(404);
    expect(early.json().message).toBe(
      'This invoice has no KRA QR code: eTIMS has not signed it yet',
    );
    await runJobs();

    const { saleReturn } = await createReturn(
      t.db,
      shop.store,
      shop.managerId,
      sold.sale.id,
      createReturnSchema.parse({
        items: [{ sale_item_id: sold.items[0]!.id, quantity: 1, restock: true }],
        refund_method: 'cash',
        reason: 'Torn bag',
      }),
      undefined,
      t.clock.now(),
    );
    const [pending] = await t.db
      .select()
      .from(etimsInvoices)
      .where(eq(etimsInvoices.returnId, saleReturn.id));
    expect(pending).toMatchObject({ kind: 'credit_note', status: 'pending', etimsNo: 2 });
    await runJobs();
    const note = fake.invoices.at(-1)!;
    expect(note).toMatchObject({ invcNo: 2, orgInvcNo: 1, rcptTyCd: 'R', totAmt: 116 });
    expect(note.trdInvcNo).toMatch(/^CN-\d+$/);
    expect(note.payload).toMatchObject({ rfdRsnCd: '06', remark: 'Torn bag', taxAmtB: 16 });
    const [sent] = await t.db
      .select()
      .from(etimsInvoices)
      .where(eq(etimsInvoices.returnId, saleReturn.id));
    expect(sent).toMatchObject({ status: 'sent', signature: note.answer.rcptSign });

    for (const path of [qrPath, `/api/returns/${saleReturn.id}/etims/qr`]) {
      const qr = await shop.cashier.get(path);
      expect(qr.statusCode, qr.body).toBe(200);
      expect(qr.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(qr.body).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    }
    const other = await newShop();
    expect((await other.cashier.get(qrPath)).statusCode).toBe(404);
    expect(
      (await other.manager.post(`/api/returns/${saleReturn.id}/etims/retry`, {})).statusCode,
    ).toBe(404);
  });

  it('the minute sweep sends what no job was queued for', async () => {
    const shop = await newShop();
    await register(shop);
    // The demo seed's way: insertSale writes the sale (and its invoice) and queues nothing.
    const row = await insertSale(
      t.db,
      shop.store,
      shop.cashierUser.id,
      createSaleSchema.parse(
        saleBody({ customer_id: shop.customerId, items: [saleLine(shop.productId, 1, 116)] }),
      ),
    );
    expect((await invoiceOfSale(row.id))!.status).toBe('pending');
    await runJobs(60_000);
    expect((await invoiceOfSale(row.id))!.status).toBe('sent');
    const [stored] = await t.db
      .select({ invoiceNo: sales.invoiceNo })
      .from(sales)
      .where(eq(sales.id, row.id));
    expect(fake.invoices.at(-1)!.trdInvcNo).toBe(`INV-${stored!.invoiceNo}`);
    const sent = await t.db
      .select()
      .from(etimsInvoices)
      .where(eq(etimsInvoices.storeId, shop.store))
      .orderBy(asc(etimsInvoices.etimsNo));
    expect(sent.map((invoice) => invoice.status)).toEqual(['sent']);
  });

  it('a send job that cannot be queued never fails the sale or the return: logged, and the sweep sends them', async () => {
    const shop = await newShop();
    await register(shop);
    const sold = await shop.cashier.post(
      '/api/sales',
      saleBody({ customer_id: shop.customerId, items: [saleLine(shop.productId, 2, 116)] }),
    );
    expect(sold.statusCode, sold.body).toBe(201);
    const saleId: number = sold.json().data.id;
    await runJobs();
    expect((await invoiceOfSale(saleId))!.status).toBe('sent');

    // The jobs insert fails for this store's sends from now on (a database hiccup after the
    // sale's own commit).
    const refuse = sql.raw(`
      create or replace function refuse_etims_job_${shop.store}() returns trigger as $$
      begin
        if new.kind = 'etims-send' and new.store_id = ${shop.store} then
          raise exception 'jobs insert refused for the test';
        end if;
        return new;
      end $$ language plpgsql`);
    await t.db.execute(refuse);
    await t.db.execute(
      sql.raw(`create trigger refuse_etims_job_${shop.store} before insert on jobs
        for each row execute function refuse_etims_job_${shop.store}()`),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const made = await shop.cashier.post(
        '/api/sales',
        saleBody({ customer_id: shop.customerId, items: [saleLine(shop.productId, 3, 116)] }),
      );
      expect(made.statusCode, made.body).toBe(201);
      const returned = await shop.manager.post(`/api/sales/${saleId}/returns`, {
        items: [{ sale_item_id: sold.json().data.items[0].id, quantity: 1, restock: true }],
        refund_method: 'cash',
        reason: 'Torn bag',
      });
      expect(returned.statusCode, returned.body).toBe(201);
      expect(logged.mock.calls.map(([line]) => String(line))).toEqual([
        expect.stringMatching(
          new RegExp(`^eTIMS send for store ${shop.store} not queued after its commit .*refused`),
        ),
        expect.stringMatching(new RegExp(`^eTIMS send for store ${shop.store} not queued`)),
      ]);
      const queued = await t.db
        .select()
        .from(jobs)
        .where(
          and(
            eq(jobs.storeId, shop.store),
            eq(jobs.kind, ETIMS_SEND_JOB),
            eq(jobs.state, 'queued'),
          ),
        );
      expect(queued).toEqual([]);
    } finally {
      logged.mockRestore();
      await t.db.execute(sql.raw(`drop trigger refuse_etims_job_${shop.store} on jobs`));
    }
    // The sweep queues the send once the database takes jobs again: both go out.
    await runJobs(60_000);
    await runJobs();
    const rows = await t.db
      .select()
      .from(etimsInvoices)
      .where(eq(etimsInvoices.storeId, shop.store))
      .orderBy(asc(etimsInvoices.etimsNo));
    expect(rows.map((row) => [row.kind, row.status])).toEqual([
      ['sale', 'sent'],
      ['sale', 'sent'],
      ['credit_note', 'sent'],
    ]);
  });

  it("a credit note waits for its sale's refused invoice while the others go on, and goes after it on Retry", async () => {
    const shop = await newShop();
    await register(shop);
    fake.refuseNext({ code: '910', message: 'Request parameter error' }, 1, '/saveTrnsSalesOsdc');
    const refused = await sell(shop, {}, 3);
    const returnIt = () =>
      createReturn(
        t.db,
        shop.store,
        shop.managerId,
        refused.sale.id,
        createReturnSchema.parse({
          items: [{ sale_item_id: refused.items[0]!.id, quantity: 1, restock: true }],
          refund_method: 'cash',
          reason: 'Torn bag',
        }),
        undefined,
        t.clock.now(),
      );
    const { saleReturn } = await returnIt();
    const after = await sell(shop, {}, 1);
    await runJobs();

    const noteOf = async () =>
      (await t.db.select().from(etimsInvoices).where(eq(etimsInvoices.returnId, saleReturn.id)))[0];
    const [stored] = await t.db
      .select({ invoiceNo: sales.invoiceNo })
      .from(sales)
      .where(eq(sales.id, refused.sale.id));
    expect(await invoiceOfSale(refused.sale.id)).toMatchObject({ status: 'failed', etimsNo: 1 });
    expect(await noteOf()).toMatchObject({
      status: 'pending',
      etimsNo: 2,
      attempts: 0,
      resultCode: null,
      message: `Waits for invoice No. ${stored!.invoiceNo} to be accepted by eTIMS: it is sent once that invoice is`,
    });
    // The sale behind it is independent and went.
    expect(await invoiceOfSale(after.sale.id)).toMatchObject({ status: 'sent', etimsNo: 3 });
    const signed = () =>
      fake.invoices.filter((invoice) => invoice.tin === shop.kraPin).map((i) => i.invcNo);
    expect(signed()).toEqual([3]);
    // As the API shows it.
    const shown = await shop.cashier.get(`/api/sales/${refused.sale.id}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data.returns[0].etims).toEqual({
      status: 'pending',
      message: (await noteOf())!.message,
    });

    // A waiting credit note alone does not make the sweep queue a send every minute.
    const tried = fake.requests.length;
    await runJobs(60_000);
    expect(fake.requests.length).toBe(tried);

    // The sale's Retry brings its credit note: the invoice first, then the note naming it.
    const retried = await shop.manager.post(`/api/sales/${refused.sale.id}/etims/retry`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    await runJobs();
    expect(await invoiceOfSale(refused.sale.id)).toMatchObject({ status: 'sent' });
    expect(await noteOf()).toMatchObject({ status: 'sent', message: null, attempts: 1 });
    expect(signed()).toEqual([3, 1, 2]);
    expect(fake.invoices.at(-1)).toMatchObject({ invcNo: 2, orgInvcNo: 1, rcptTyCd: 'R' });
  });

  it('an answer lost after KRA took the invoice: the resend gets 994, kept failed as held by KRA, and Retry is 409', async () => {
    const shop = await newShop();
    await register(shop);
    fake.loseNextAnswers(1);
    const sold = await sell(shop);
    await runJobs();
    const signed = () => fake.invoices.filter((invoice) => invoice.tin === shop.kraPin);
    expect(signed().map((invoice) => invoice.invcNo)).toEqual([1]);
    expect(await invoiceOfSale(sold.sale.id)).toMatchObject({ status: 'pending', attempts: 1 });

    await runJobs(15_000);
    const held =
      'eTIMS already holds this invoice: it took an earlier try whose answer was lost, so its ' +
      'signature is not known here. Retry cannot help';
    expect(await invoiceOfSale(sold.sale.id)).toMatchObject({
      status: 'failed',
      resultCode: '994',
      message: held,
      attempts: 2,
    });
    const shown = await shop.cashier.get(`/api/sales/${sold.sale.id}`);
    expect(shown.json().data.etims).toEqual({
      status: 'failed',
      result_code: '994',
      message: held,
    });
    const tried = fake.requests.length;
    const retried = await shop.manager.post(`/api/sales/${sold.sale.id}/etims/retry`, {});
    expect(retried.statusCode, retried.body).toBe(409);
    expect(retried.json()).toMatchObject({ code: 'etims.not_retryable', message: held });
    await runJobs();
    expect(fake.requests.length).toBe(tried);
    expect((await invoiceOfSale(sold.sale.id))!.status).toBe('failed');

    // A 994 on a first try is KRA's refusal as any other: kept with its own message.
    const next = await sell(shop);
    fake.refuseNext({ code: '994', message: 'Overlapped data' }, 1, '/saveTrnsSalesOsdc');
    await runJobs();
    expect(await invoiceOfSale(next.sale.id)).toMatchObject({
      status: 'failed',
      resultCode: '994',
      message: 'Overlapped data',
    });
  });

  it('a sent invoice keeps the registration it was signed under when the settings change; pending ones go under the new', async () => {
    const shop = await newShop();
    await register(shop);
    const before = await sell(shop);
    await runJobs();
    // The next waits pending: eTIMS is down.
    fake.down = 'connection';
    const waiting = await sell(shop, {}, 1);
    await runJobs();
    expect((await invoiceOfSale(waiting.sale.id))!.status).toBe('pending');
    const { sdc_id: oldSdcId } = (await shop.manager.get(settingsPath(shop.store))).json().data;
    const signed = await invoiceOfSale(before.sale.id);
    expect(signed).toMatchObject({
      status: 'sent',
      kraPin: shop.kraPin,
      branchId: '00',
      environment: 'sandbox',
      sdcId: oldSdcId,
    });
    const oldQr = `https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=${shop.kraPin}00${signed!.signature}`;

    // Another branch, environment and device (eTIMS answers again, before the send's retry).
    fake.down = false;
    const saved = await shop.manager.put(settingsPath(shop.store), {
      kra_pin: shop.kraPin,
      branch_id: '01',
      device_serial: `DEV-${shop.store}-B`,
      environment: 'production',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const newSdcId: string = saved.json().data.sdc_id;
    expect(newSdcId).not.toBe(oldSdcId);

    const shown = await shop.cashier.get(`/api/sales/${before.sale.id}`);
    expect(shown.json().data.etims).toMatchObject({
      status: 'sent',
      invoice_number: `${oldSdcId}/${signed!.receiptNo}`,
      qr_url: oldQr,
    });
    expect(await etimsQrText(t.db, shop.store, 'sale', before.sale.id)).toBe(oldQr);

    // The one never sent goes under the new registration.
    const retried = await shop.manager.post(`/api/sales/${waiting.sale.id}/etims/retry`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    await runJobs();
    const later = await invoiceOfSale(waiting.sale.id);
    expect(later).toMatchObject({
      status: 'sent',
      branchId: '01',
      environment: 'production',
      sdcId: newSdcId,
    });
    expect(fake.invoices.at(-1)).toMatchObject({ tin: shop.kraPin, bhfId: '01', invcNo: 2 });
    const shownLater = await shop.cashier.get(`/api/sales/${waiting.sale.id}`);
    expect(shownLater.json().data.etims).toMatchObject({
      invoice_number: `${newSdcId}/${later!.receiptNo}`,
      qr_url: expect.stringMatching(
        new RegExp(`^https://etims\\.kra\\.go\\.ke/.*Data=${shop.kraPin}01${later!.signature}$`),
      ),
    });
  });
});
