import type { SaleReturn } from '@duka/shared/returns/returns.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { stubApi, type ApiReply } from '@/test/api-stub';
import { buildSale } from '@/test/fixtures';
import { SETTINGS } from '../lib/receipt-fixtures';
import { RefundReceiptDialog } from './refund-receipt-dialog';

vi.mock('../lib/open-link', () => ({
  openInNewTab: vi.fn(),
  openSmsApp: vi.fn(),
  handedOff: vi.fn(async () => true),
}));
const { openInNewTab, openSmsApp } = await import('../lib/open-link');

afterEach(() => {
  act(() => clearToasts());
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

const refund: SaleReturn = {
  id: 7,
  sale_id: 42,
  amount: 815,
  refund_method: 'mpesa',
  mpesa_code: 'SFT4A1B2C3',
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
    {
      sale_item_id: 2,
      product_id: 3,
      product_name: 'Brookside Milk 500ml',
      unit_type: 'dozen',
      quantity: 1,
      pieces: 12,
      amount: 750,
      restock: true,
    },
  ],
  points_reversed: 0,
  shift_id: null,
  User: { id: 2, name: 'Mary Manager' },
  created_at: '2026-11-21T07:30:00.000Z',
  credit_note_no: 3,
  tax: [],
  etims: { status: 'not_registered' },
};

const sale = buildSale({ status: 'partially_returned', returned_amount: 815, returns: [refund] });

function renderRefund(routes: Record<string, ApiReply> = {}, returnId = 7) {
  const sent = stubApi({
    'GET /sales/42': { body: { success: true, data: sale } },
    'GET /stores/1/receipt-settings': { body: { success: true, data: SETTINGS } },
    ...routes,
  });
  const toasts = renderHook(() => useToast()).result;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RefundReceiptDialog target={{ saleId: 42, returnId }} storeId={1} onClose={vi.fn()} />
    </QueryClientProvider>,
  );
  return { sent, toasts };
}

const SEND_ANSWER = {
  success: true,
  data: {
    channel: 'whatsapp',
    phone: '254711562904',
    text: 'Refund #7',
    link: 'https://wa.me/254711562904?text=Refund',
    sent: false,
    queued: false,
    receipt_status: sale.receipt_status,
  },
};

describe('Refund receipt (issue 24)', () => {
  it("shows the store's header, the return, its lines and where they went, the total, method and reason", async () => {
    renderRefund();
    await screen.findByText('Mama Mboga Duka');
    const dialog = screen.getByRole('dialog', { name: 'Refund Receipt #7' });
    expect(within(dialog).getByText('REFUND')).toBeInTheDocument();
    expect(within(dialog).getByText('Refund no.').nextSibling).toHaveTextContent('#7');
    expect(within(dialog).getByText('Of sale').nextSibling).toHaveTextContent('#42');
    expect(within(dialog).getByText('Refunded by').nextSibling).toHaveTextContent('Mary Manager');
    const lines = within(within(dialog).getByRole('list', { name: 'Items' })).getAllByRole(
      'listitem',
    );
    expect(lines.map((line) => line.textContent)).toEqual([
      'Brookside Milk 500ml1 piece returned−KSh 65.00Damaged',
      'Brookside Milk 500ml1 dozen returned−KSh 750.00Back on the shelf',
    ]);
    expect(within(dialog).getByText('Total refunded').nextSibling).toHaveTextContent('KSh 815.00');
    expect(within(dialog).getByText('Refunded in').nextSibling).toHaveTextContent('M-Pesa');
    expect(within(dialog).getByText('M-Pesa code').nextSibling).toHaveTextContent('SFT4A1B2C3');
    expect(within(dialog).getByText('Reason').nextSibling).toHaveTextContent('Milk was sour');
  });

  it("sends by WhatsApp through the return's own receipt route and opens the chat, asking nothing after", async () => {
    const { sent } = renderRefund({
      'POST /sales/42/returns/7/receipt/whatsapp': { body: SEND_ANSWER },
    });
    await screen.findByText('Mama Mboga Duka');
    await userEvent.click(screen.getByRole('button', { name: 'WhatsApp' }));
    await vi.waitFor(() =>
      expect(openInNewTab).toHaveBeenCalledWith('https://wa.me/254711562904?text=Refund'),
    );
    expect(sent.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', path: '/sales/42/returns/7/receipt/whatsapp', body: {} },
    ]);
    expect(screen.queryByText('Sent?')).not.toBeInTheDocument();
  });

  it('says an SMS queued through the provider is on its way', async () => {
    const { toasts } = renderRefund({
      'POST /sales/42/returns/7/receipt/sms': {
        body: { ...SEND_ANSWER, data: { ...SEND_ANSWER.data, channel: 'sms', queued: true } },
      },
    });
    await screen.findByText('Mama Mboga Duka');
    await userEvent.click(screen.getByRole('button', { name: 'SMS' }));
    await vi.waitFor(() =>
      expect(toasts.current.toasts[0]).toMatchObject({
        title: 'SMS on its way',
        description: 'The refund receipt is being sent to +254711562904.',
      }),
    );
    expect(openSmsApp).not.toHaveBeenCalled();
  });

  it('says so when the return is not on the sale', async () => {
    renderRefund({}, 99);
    expect(await screen.findByText('This return is not on the sale.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print / Save PDF' })).toBeDisabled();
  });
});
