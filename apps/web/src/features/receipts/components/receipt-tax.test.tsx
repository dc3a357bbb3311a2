import type { EtimsState } from '@duka/shared/etims/etims.schemas';
import type { SaleReturn } from '@duka/shared/returns/returns.schemas';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';
import { stubApi } from '@/test/api-stub';
import { buildSale } from '@/test/fixtures';
import { ETIMS_POLL_FOR_MS, ETIMS_POLL_MS } from '../api/get-sale';
import { SETTINGS } from '../lib/receipt-fixtures';
import { ReceiptDialog } from './receipt-dialog';
import { ReceiptView } from './receipt-view';
import { RefundReceiptView } from './refund-receipt-view';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const SENT: EtimsState = {
  status: 'sent',
  invoice_number: 'KRACU0100000001/152',
  signature: 'V249-J39C-FJ48-HE2W',
  internal_data: 'RBSDH6KSW2MNZQDJTTBZQCXW6E',
  sdc_date_time: '20261127093015',
  qr_url: 'https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=x',
};

/** A basket across the letters: milk at 16%, a bag of rice exempt, bread zero-rated. */
const MIXED: Sale['tax'] = [
  { tax_type: 'A', rate: 0, taxable_amount: 1250, tax_amount: 0 },
  { tax_type: 'B', rate: 16, taxable_amount: 758.62, tax_amount: 121.38 },
  { tax_type: 'C', rate: 0, taxable_amount: 60, tax_amount: 0 },
  { tax_type: 'E', rate: 8, taxable_amount: 1000, tax_amount: 80 },
];

function showReceipt(sale: Sale) {
  render(<ReceiptView sale={sale} settings={SETTINGS} paper="58" />);
}

/** The tax table's rows as text: the letter and rate, taxable, VAT. */
function taxRows(): string[][] {
  const table = screen.getByRole('table', { name: 'Tax' });
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.children].map((cell) => cell.textContent ?? ''));
}

const label = (text: string) => screen.getByText(text).nextSibling?.textContent;

describe('the VAT and eTIMS of a sale on its receipt (issue 26)', () => {
  it('shows the invoice number, the PINs and the VAT per tax letter with the total VAT', () => {
    showReceipt(
      buildSale({
        invoice_no: 152,
        tax: MIXED,
        store_kra_pin: 'P051111111A',
        buyer_kra_pin: 'A123456789B',
      }),
    );
    expect(label('Invoice No.')).toBe('152');
    // The PIN registered with eTIMS stands for the one in the receipt settings.
    expect(screen.getByText('KRA PIN: P051111111A')).toBeInTheDocument();
    expect(screen.queryByText('KRA PIN: P051234567X')).toBeNull();
    expect(label("Buyer's KRA PIN")).toBe('A123456789B');
    expect(taxRows()).toEqual([
      ['Tax', 'Taxable', 'VAT'],
      ['A Exempt', '1,250.00', '0.00'],
      ['B 16%', '758.62', '121.38'],
      ['C Zero-rated', '60.00', '0.00'],
      ['E 8%', '1,000.00', '80.00'],
      ['Total VAT', 'KSh 201.38'],
    ]);
  });

  it("keeps the settings' KRA PIN and shows no buyer's PIN when the sale has none", () => {
    showReceipt(buildSale());
    expect(screen.getByText('KRA PIN: P051234567X')).toBeInTheDocument();
    expect(screen.queryByText("Buyer's KRA PIN")).toBeNull();
    expect(taxRows().at(-1)).toEqual(['Total VAT', 'KSh 121.38']);
  });

  it("prints KRA's control-unit number, signature, internal data, date and the QR code once sent", () => {
    showReceipt(buildSale({ etims: SENT }));
    expect(label('CU Invoice No.')).toBe('KRACU0100000001/152');
    expect(label('Receipt Signature')).toBe('V249-J39C-FJ48-HE2W');
    expect(label('Internal Data')).toBe('RBSDH6KSW2MNZQDJTTBZQCXW6E');
    expect(label('CU Date/Time')).toBe('27/11/2026 09:30:15');
    const qr = screen.getByRole('img', { name: 'KRA eTIMS QR code' });
    expect(qr).toHaveAttribute('src', '/api/sales/42/etims/qr');
    expect(screen.queryByText(/eTIMS: (pending|failed)/)).toBeNull();
  });

  it('says pending while KRA has not signed it, with no QR code', () => {
    showReceipt(buildSale({ etims: { status: 'pending' } }));
    expect(screen.getByText('eTIMS: pending')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'KRA eTIMS QR code' })).toBeNull();
    expect(screen.queryByText('CU Invoice No.')).toBeNull();
  });

  it("says failed with KRA's code when refused", () => {
    showReceipt(
      buildSale({ etims: { status: 'failed', result_code: '910', message: 'Invalid tin' } }),
    );
    expect(screen.getByText('eTIMS: failed (code 910)')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'KRA eTIMS QR code' })).toBeNull();
  });

  it('prints nothing of eTIMS for a store not registered', () => {
    showReceipt(buildSale({ etims: { status: 'not_registered' } }));
    expect(screen.queryByText(/eTIMS/)).toBeNull();
    expect(screen.queryByRole('img', { name: 'KRA eTIMS QR code' })).toBeNull();
  });

  it('shows no invoice number, tax or eTIMS on a sale kept on the device (not uploaded yet)', () => {
    showReceipt(
      buildSale({
        id: 0,
        offline: true,
        device_receipt_number: 'T3-0042',
        invoice_no: 0,
        tax: [],
        etims: { status: 'not_registered' },
      }),
    );
    expect(screen.getByText('T3-0042')).toBeInTheDocument();
    expect(screen.queryByText('Invoice No.')).toBeNull();
    expect(screen.queryByRole('table', { name: 'Tax' })).toBeNull();
    expect(screen.queryByText(/eTIMS/)).toBeNull();
  });
});

describe('the credit note of a return on its refund receipt (issue 26)', () => {
  const saleReturn: SaleReturn = {
    id: 7,
    sale_id: 42,
    amount: 65,
    refund_method: 'cash',
    mpesa_code: null,
    reason: 'Milk was sour',
    items: [
      {
        sale_item_id: 1,
        product_id: 3,
        product_name: 'Brookside Milk 500ml',
        unit_type: 'piece',
        quantity: 1,
        pieces: 1,
        amount: 65,
        restock: false,
      },
    ],
    points_reversed: 0,
    shift_id: null,
    User: { id: 2, name: 'Mary Manager' },
    created_at: '2026-11-21T07:30:00.000Z',
    credit_note_no: 4,
    tax: [{ tax_type: 'B', rate: 16, taxable_amount: 56.03, tax_amount: 8.97 }],
    etims: { ...SENT, invoice_number: 'KRACU0100000001/153' },
  };

  it('shows its own number, the invoice it corrects, its VAT and its QR code', () => {
    render(
      <RefundReceiptView
        sale={buildSale({ invoice_no: 152, returns: [saleReturn] })}
        saleReturn={saleReturn}
        settings={SETTINGS}
        paper="58"
      />,
    );
    expect(label('Credit Note No.')).toBe('4');
    expect(label('for Invoice No.')).toBe('152');
    expect(taxRows()).toEqual([
      ['Tax', 'Taxable', 'VAT'],
      ['B 16%', '56.03', '8.97'],
      ['Total VAT', 'KSh 8.97'],
    ]);
    expect(label('CU Invoice No.')).toBe('KRACU0100000001/153');
    expect(screen.getByRole('img', { name: 'KRA eTIMS QR code' })).toHaveAttribute(
      'src',
      '/api/returns/7/etims/qr',
    );
  });

  it('says pending while its credit note waits for KRA', () => {
    const waiting = { ...saleReturn, etims: { status: 'pending' as const } };
    render(
      <RefundReceiptView
        sale={buildSale({ returns: [waiting] })}
        saleReturn={waiting}
        settings={SETTINGS}
        paper="80"
      />,
    );
    expect(screen.getByText('eTIMS: pending')).toBeInTheDocument();
  });
});

describe('an open receipt waiting for eTIMS (issue 26)', () => {
  it('looks again while pending, shows the signed receipt, then stops looking', async () => {
    let etims: EtimsState = { status: 'pending' };
    const sent = stubApi({
      'GET /sales/42': () => ({ body: { success: true, data: buildSale({ etims }) } }),
      'GET /stores/1/receipt-settings': { body: { success: true, data: SETTINGS } },
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RoleContext.Provider value="sales">
          <ReceiptDialog saleId={42} storeId={1} onClose={vi.fn()} />
        </RoleContext.Provider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('eTIMS: pending')).toBeInTheDocument();
    etims = SENT;
    expect(
      await screen.findByRole(
        'img',
        { name: 'KRA eTIMS QR code' },
        { timeout: ETIMS_POLL_MS + 2000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('eTIMS: pending')).toBeNull();
    const polls = () => sent.filter((call) => call.path === '/sales/42').length;
    const after = polls();
    await new Promise((resolve) => setTimeout(resolve, ETIMS_POLL_MS + 500));
    expect(polls()).toBe(after);
  }, 15_000);

  it('backs off while KRA is down, stops after five minutes, and Check again starts over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const opened = Date.now();
    /** When each read of the sale went out, in seconds after the receipt opened. */
    const reads: number[] = [];
    stubApi({
      'GET /sales/42': () => {
        reads.push(Math.round((Date.now() - opened) / 1000));
        return { body: { success: true, data: buildSale({ etims: { status: 'pending' } }) } };
      },
      'GET /stores/1/receipt-settings': { body: { success: true, data: SETTINGS } },
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RoleContext.Provider value="sales">
          <ReceiptDialog saleId={42} storeId={1} onClose={vi.fn()} />
        </RoleContext.Provider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('eTIMS: pending')).toBeInTheDocument();
    const wait = async (ms: number) => {
      for (let step = 0; step < ms; step += 500) {
        await act(() => vi.advanceTimersByTimeAsync(500));
      }
    };
    await wait(ETIMS_POLL_FOR_MS - 5_000);
    // 3 s, 3 s, 6 s, 12 s, 24 s, then every 30 s: not a hundred reads in five minutes.
    expect(reads).toEqual([0, 3, 6, 12, 24, 48, 78, 108, 138, 168, 198, 228, 258, 288]);
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
    await wait(35_000);
    expect(reads.at(-1)).toBe(318);
    const button = await screen.findByRole('button', { name: 'Check again' });
    // Ten minutes more of KRA down: the receipt reads nothing.
    await wait(10 * 60_000);
    expect(reads).toHaveLength(15);
    await userEvent.click(button);
    await vi.waitFor(() => expect(reads).toHaveLength(16));
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
    // The schedule starts over: 3 s after the click, then 3 s, then 6 s.
    const clicked = reads.at(-1)!;
    await wait(13_000);
    expect(reads.slice(15).map((at) => at - clicked)).toEqual([0, 3, 6, 12]);
    expect(screen.getByText('eTIMS: pending')).toBeInTheDocument();
  }, 60_000);

  it('reads the sale again when a receipt printed pending is reopened', async () => {
    let etims: EtimsState = { status: 'pending' };
    stubApi({
      'GET /sales/42': () => ({ body: { success: true, data: buildSale({ etims }) } }),
      'GET /stores/1/receipt-settings': { body: { success: true, data: SETTINGS } },
    });
    const client = createQueryClient();
    const open = (saleId: number | null) => (
      <QueryClientProvider client={client}>
        <RoleContext.Provider value="sales">
          <ReceiptDialog saleId={saleId} storeId={1} onClose={vi.fn()} />
        </RoleContext.Provider>
      </QueryClientProvider>
    );
    const { rerender } = render(open(42));
    expect(await screen.findByText('eTIMS: pending')).toBeInTheDocument();
    rerender(open(null));
    etims = SENT;
    rerender(open(42));
    expect(await screen.findByRole('img', { name: 'KRA eTIMS QR code' })).toBeInTheDocument();
  });
});
