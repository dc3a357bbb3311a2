import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MpesaSummary } from '@duka/shared/payments/mpesa.schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';
import { stubApi, type SentRequest } from '@/test/api-stub';
import { buildSale } from '@/test/fixtures';
import { MpesaTab, shopToday } from './mpesa-tab';

afterEach(() => act(() => clearToasts()));

const SUMMARY: MpesaSummary = {
  date: '2026-11-26',
  received: [
    {
      id: 9,
      trans_id: 'TKQ7B2X9PL',
      amount: 1250.5,
      phone_or_name: 'JOHN KAMAU',
      received_at: '2026-11-26T09:40:00.000Z',
      sale_id: null,
      bill_ref: null,
      source: 'c2b',
    },
    {
      id: 8,
      trans_id: 'TKQ6A1W8OK',
      amount: 880,
      phone_or_name: '2547 ***** 126',
      received_at: '2026-11-26T08:05:00.000Z',
      sale_id: 41,
      bill_ref: 'A1B2C3D4',
      source: 'c2b',
    },
    {
      id: 7,
      trans_id: 'TKQ5Z0V7NJ',
      amount: 300,
      phone_or_name: '2547 ***** 149',
      received_at: '2026-11-26T06:30:00.000Z',
      sale_id: 40,
      bill_ref: null,
      source: 'stk',
    },
  ],
  unverified_sales: [
    {
      id: 43,
      created_at: '2026-11-26T10:12:00.000Z',
      total_amount: 450,
      mpesa_code: 'SFT4A1B2C3',
      cashier_name: 'Wanjiku Cashier',
    },
  ],
  totals: { received: 2430.5, matched: 1180, unmatched: 1250.5, unverified: 450 },
};

const unverifiedSale = buildSale({
  id: 43,
  payment_method: 'mpesa',
  mpesa_code: 'SFT4A1B2C3',
  mpesa_verified: false,
  total_amount: 450,
  amount_paid: 450,
  change_amount: 0,
});
const paidSale = buildSale({
  id: 41,
  payment_method: 'mpesa',
  mpesa_code: 'TKQ6A1W8OK',
  mpesa_verified: true,
  total_amount: 880,
  amount_paid: 880,
  change_amount: 0,
  Customer: { name: 'Brian Mwangi', email: null, phone: null },
});

function renderTab(routes: Parameters<typeof stubApi>[0] = {}) {
  const sent = stubApi({
    'GET /payments/mpesa/summary': { body: { success: true, data: SUMMARY } },
    'GET /sales/41': { body: { success: true, data: paidSale } },
    'GET /sales/43': { body: { success: true, data: unverifiedSale } },
    ...routes,
  });
  const onViewReceipt = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RoleContext.Provider value="manager">
        <MpesaTab onViewReceipt={onViewReceipt} />
      </RoleContext.Provider>
    </QueryClientProvider>,
  );
  const toasts = renderHook(() => useToast()).result;
  return { sent, toasts, onViewReceipt };
}

const summaryCalls = (sent: SentRequest[]) =>
  sent.filter((call) => call.path.startsWith('/payments/mpesa/summary')).map((call) => call.path);
const table = (name: string) => screen.getByRole('table', { name });
const rowOf = (name: string, text: string) => within(table(name)).getByText(text).closest('tr')!;

describe("the manager's M-Pesa view (issue 23)", () => {
  it("asks for today's summary (the shop's day) and shows the four totals with their counts", async () => {
    const { sent } = renderTab();
    expect(await screen.findByTestId('mpesa-total-received')).toHaveTextContent(
      'ReceivedKSh 2,430.503 payments',
    );
    expect(screen.getByTestId('mpesa-total-matched')).toHaveTextContent(
      'Matched to a saleKSh 1,180.002 payments',
    );
    expect(screen.getByTestId('mpesa-total-unmatched')).toHaveTextContent(
      'UnmatchedKSh 1,250.501 payment',
    );
    expect(screen.getByTestId('mpesa-total-unverified')).toHaveTextContent(
      'Unverified salesKSh 450.001 sale',
    );
    expect(screen.getByLabelText('Day')).toHaveValue(shopToday());
    expect(summaryCalls(sent)).toEqual([`/payments/mpesa/summary?date=${shopToday()}`]);
  });

  it('lists each payment with the sale it paid, or Unmatched', async () => {
    renderTab();
    await screen.findByTestId('mpesa-total-received');
    const received = 'Payments received';
    expect(
      within(table(received))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Time', 'Amount', 'Paid by', 'M-Pesa receipt', 'How', 'Sale']);

    const unmatched = rowOf(received, 'TKQ7B2X9PL');
    for (const text of ['26 Nov 2026, 12:40', 'KSh 1,250.50', 'JOHN KAMAU']) {
      expect(within(unmatched).getByText(text)).toBeInTheDocument();
    }
    expect(within(unmatched).getByText('Paid to the till or paybill')).toBeInTheDocument();
    expect(within(unmatched).getByTestId('unmatched-badge')).toHaveTextContent('Unmatched');
    expect(within(unmatched).queryByRole('button')).toBeNull();

    const paybill = rowOf(received, 'TKQ6A1W8OK');
    expect(within(paybill).getByText('2547 ***** 126')).toBeInTheDocument();
    expect(within(paybill).getByText('Account A1B2C3D4')).toBeInTheDocument();
    expect(within(paybill).getByRole('button', { name: 'View sale #41' })).toHaveTextContent(
      'Sale #41',
    );
    expect(within(paybill).queryByTestId('unmatched-badge')).toBeNull();

    const prompt = rowOf(received, 'TKQ5Z0V7NJ');
    expect(within(prompt).getByText('Prompt at the till')).toBeInTheDocument();
    expect(within(prompt).getByRole('button', { name: 'View sale #40' })).toBeInTheDocument();
  });

  it('opens the sale a payment paid in its details, with its receipt', async () => {
    const { sent, onViewReceipt } = renderTab();
    await screen.findByTestId('mpesa-total-received');
    await userEvent.click(screen.getByRole('button', { name: 'View sale #41' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sale Details' });
    expect(within(dialog).getByText('Sale #41')).toBeInTheDocument();
    expect(within(dialog).getByText('Brian Mwangi')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('unverified-badge')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'View Receipt' }));
    expect(onViewReceipt).toHaveBeenCalledWith(41);
    expect(sent.filter((call) => call.path === '/sales/41')).toHaveLength(1);
  });

  it('lists the unverified sales with an Unverified badge, each opening the sale', async () => {
    renderTab();
    await screen.findByTestId('mpesa-total-received');
    const row = rowOf('Unverified sales', 'SFT4A1B2C3');
    for (const text of ['26 Nov 2026, 13:12', 'KSh 450.00', 'Wanjiku Cashier']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).getByTestId('unverified-badge')).toHaveTextContent('Unverified');
    await userEvent.click(within(row).getByRole('button', { name: 'View sale #43' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sale Details' });
    expect(within(dialog).getByTestId('sale-unverified')).toHaveTextContent(
      'UnverifiedNo M-Pesa payment the store received has this code: check it on the M-Pesa statement.',
    );
  });

  it('asks for the day picked', async () => {
    const { sent } = renderTab({
      'GET /payments/mpesa/summary': (request) => ({
        body: {
          success: true,
          data: request.path.endsWith('2026-11-20')
            ? {
                date: '2026-11-20',
                received: [],
                unverified_sales: [],
                totals: { received: 0, matched: 0, unmatched: 0, unverified: 0 },
              }
            : SUMMARY,
        },
      }),
    });
    await screen.findByTestId('mpesa-total-received');
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-11-20' } });
    expect(await screen.findByText('No M-Pesa payment was received this day.')).toBeInTheDocument();
    expect(screen.getByText('No unverified sale this day.')).toBeInTheDocument();
    expect(screen.getByTestId('mpesa-total-unmatched')).toHaveTextContent(
      'UnmatchedKSh 0.000 payments',
    );
    expect(summaryCalls(sent).at(-1)).toBe('/payments/mpesa/summary?date=2026-11-20');
  });

  it('says so when the sale of a payment cannot be loaded', async () => {
    const { toasts } = renderTab({
      'GET /sales/41': { status: 500, body: { message: 'Database unavailable' } },
    });
    await screen.findByTestId('mpesa-total-received');
    await userEvent.click(screen.getByRole('button', { name: 'View sale #41' }));
    await vi.waitFor(() =>
      expect(toasts.current.toasts[0]).toMatchObject({ description: 'Database unavailable' }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers a retry when the summary fails', async () => {
    let fail = true;
    renderTab({
      'GET /payments/mpesa/summary': () =>
        fail
          ? { status: 500, body: { message: 'Database unavailable' } }
          : { body: { success: true, data: SUMMARY } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('mpesa-total-received')).toBeInTheDocument();
  });
});

describe('shopToday', () => {
  it("is the day in Nairobi, not the device's", () => {
    expect(shopToday(new Date('2026-11-26T21:30:00.000Z'))).toBe('2026-11-27');
    expect(shopToday(new Date('2026-11-26T20:59:00.000Z'))).toBe('2026-11-26');
  });
});
