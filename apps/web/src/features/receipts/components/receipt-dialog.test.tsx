import type { Role } from '@duka/shared/auth/roles';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';
import { stubApi, type ApiReply, type SentRequest } from '@/test/api-stub';
import { buildSale } from '@/test/fixtures';
import { SETTINGS } from '../lib/receipt-fixtures';
import { PAPER_STORAGE_KEY } from '../lib/paper';
import { ReceiptDialog } from './receipt-dialog';

vi.mock('../lib/open-link', () => ({
  openInNewTab: vi.fn(),
  openSmsApp: vi.fn(),
  handedOff: vi.fn(async () => true),
}));
const { handedOff, openInNewTab, openSmsApp } = await import('../lib/open-link');

afterEach(() => {
  act(() => clearToasts());
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

/** Nothing sent yet, no SMS through the provider. */
const NONE: Sale['receipt_status'] = {
  sms: false,
  whatsapp: false,
  sms_state: null,
  sms_error: null,
};

type Routes = Record<string, ApiReply | ((request: SentRequest) => ApiReply | undefined)>;

function renderReceipt(
  sale: Sale,
  { role = 'sales', routes = {} }: { role?: Role; routes?: Routes } = {},
) {
  // Like the server: a recorded send shows in the sale's receipt_status from then on.
  let current = sale;
  const recordSends = Object.fromEntries(
    Object.entries(routes).map(([route, reply]) => [
      route,
      (request: SentRequest) => {
        const answer = typeof reply === 'function' ? reply(request) : reply;
        const status = (answer?.body as { data?: { receipt_status?: Sale['receipt_status'] } })
          ?.data?.receipt_status;
        if (status) current = { ...current, receipt_status: status };
        return answer;
      },
    ]),
  );
  const sent = stubApi({
    [`GET /sales/${sale.id}`]: () => ({ body: { success: true, data: current } }),
    'GET /stores/1/receipt-settings': { body: { success: true, data: SETTINGS } },
    ...recordSends,
  });
  const client = createQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const toasts = renderHook(() => useToast()).result;
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <RoleContext.Provider value={role}>
        <ReceiptDialog saleId={sale.id} storeId={1} onClose={onClose} />
      </RoleContext.Provider>
    </QueryClientProvider>,
  );
  return { sent, invalidate, toasts, onClose };
}

const receipt = async () => {
  await screen.findByText('Mama Mboga Duka');
  return screen.getByRole('dialog', { name: /Sale Receipt #/ });
};

const sendReply = (channel: 'whatsapp' | 'sms', extra: Record<string, unknown> = {}) => ({
  body: {
    success: true,
    data: {
      channel,
      phone: '254711562904',
      text: 'Receipt #42',
      link:
        channel === 'whatsapp'
          ? 'https://wa.me/254711562904?text=Receipt%20%2342'
          : 'sms:+254711562904?body=Receipt%20%2342',
      sent: false,
      // Opening a link is not a send (issue 20): the badge waits for "Sent?" → Yes.
      receipt_status: NONE,
      ...extra,
    },
  },
});

describe('ReceiptDialog (spec §2 Point of Sale, PRODUCT.md §4, §4b)', () => {
  it('shows the header, the sale, its lines, the total, cash tendered, change and the thank-you', async () => {
    renderReceipt(buildSale());
    const dialog = await receipt();
    expect(within(dialog).getByRole('heading', { name: 'Sale Receipt #42' })).toBeInTheDocument();
    for (const text of [
      'Moi Avenue, Nairobi',
      'Tel: 0722 000 111',
      'duka@example.co.ke',
      'https://duka.example.co.ke',
      'KRA PIN: P051234567X',
      'M-Pesa till/paybill: 522533',
      '#42',
      'Wanjiku Cashier',
      'Grace Wambui',
      '2 pieces × KSh 65.00',
      'KSh 130.00',
      '1 dozen × KSh 750.00',
      'KSh 880.00',
      'Cash',
      'KSh 1,000.00',
      'KSh 120.00',
      'Asante kwa kununua!',
    ]) {
      expect(within(dialog).getAllByText(text).length, text).toBeGreaterThan(0);
    }
    // 06:05 UTC is 09:05 in Nairobi.
    expect(within(dialog).getByText('20 Nov 2026, 09:05')).toBeInTheDocument();
    expect(within(dialog).getByText('Cash tendered')).toBeInTheDocument();
    expect(within(dialog).getByText('Change')).toBeInTheDocument();
    expect(within(dialog).queryByText('Delivery fee')).toBeNull();
    expect(within(dialog).queryByText('M-Pesa code')).toBeNull();
    expect(within(dialog).getByTestId('receipt-logo')).toBeInTheDocument();
    expect(within(dialog).getByText('Not sent')).toBeInTheDocument();
  });

  it('shows the M-Pesa code and the delivery fee with the subtotal', async () => {
    renderReceipt(
      buildSale({
        payment_method: 'mpesa',
        mpesa_code: 'SFT4A1B2C3',
        amount_paid: 1080,
        change_amount: 0,
        subtotal: 880,
        delivery_fee: 200,
        total_amount: 1080,
      }),
    );
    const dialog = await receipt();
    expect(within(dialog).getByText('M-Pesa')).toBeInTheDocument();
    expect(within(dialog).getByText('SFT4A1B2C3')).toBeInTheDocument();
    expect(within(dialog).getByText('Subtotal')).toBeInTheDocument();
    expect(within(dialog).getByText('KSh 880.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Delivery fee')).toBeInTheDocument();
    expect(within(dialog).getByText('KSh 200.00')).toBeInTheDocument();
    expect(within(dialog).getByText('KSh 1,080.00')).toBeInTheDocument();
    expect(within(dialog).queryByText('Cash tendered')).toBeNull();
  });

  it('offers a retry when the sale cannot be loaded', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    renderReceipt(buildSale(), {
      routes: {
        'GET /sales/42': () =>
          fail
            ? { status: 500, body: { message: 'Internal error' } }
            : { body: { success: true, data: buildSale() } },
      },
    });
    expect(await screen.findByText('The receipt could not be loaded.')).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Print / Save PDF' })).toBeDisabled();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Mama Mboga Duka')).toBeInTheDocument();
    error.mockRestore();
  });

  it('prints as Receipt_{id} on the chosen paper and puts the title back after printing', async () => {
    document.title = 'Point of Sale · Duka';
    let printed: { title: string; paper: string | undefined; page: string } | null = null;
    vi.stubGlobal(
      'print',
      vi.fn(() => {
        const paper = document.querySelector<HTMLElement>('.receipt-paper');
        printed = {
          title: document.title,
          paper: paper?.dataset.paper,
          page: document.getElementById('receipt-page-size')?.textContent ?? '',
        };
      }),
    );
    renderReceipt(buildSale());
    await receipt();
    await userEvent.selectOptions(screen.getByLabelText('Paper'), '58');
    expect(localStorage.getItem(PAPER_STORAGE_KEY)).toBe('58');
    await userEvent.click(screen.getByRole('button', { name: 'Print / Save PDF' }));
    expect(printed).toMatchObject({ title: 'Receipt_42', paper: '58' });
    expect(printed!.page).toMatch(/@page \{ size: 58mm \d+mm; margin: 0; \}/);
    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(document.title).toBe('Point of Sale · Duka');
    expect(document.querySelector('.receipt-paper')).toBeNull();
    expect(document.getElementById('receipt-page-size')).toBeNull();
  });

  it('sends by WhatsApp: opens the wa.me link; the badge turns on only when Sent? is answered Yes', async () => {
    const { sent, invalidate } = renderReceipt(buildSale(), {
      routes: {
        'POST /sales/42/receipt/whatsapp': sendReply('whatsapp'),
        'POST /sales/42/receipt/whatsapp/confirm': {
          body: { success: true, data: { receipt_status: { ...NONE, whatsapp: true } } },
        },
      },
    });
    const dialog = await receipt();
    await userEvent.click(within(dialog).getByRole('button', { name: 'WhatsApp' }));
    expect(openInNewTab).toHaveBeenCalledWith('https://wa.me/254711562904?text=Receipt%20%2342');
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({});
    const question = await within(dialog).findByRole('group', { name: 'Sent? WhatsApp' });
    expect(within(dialog).getByText('Not sent')).toBeInTheDocument();

    // No: nothing recorded, the badge stays off.
    await userEvent.click(within(question).getByRole('button', { name: 'No' }));
    expect(within(dialog).queryByRole('group', { name: 'Sent? WhatsApp' })).toBeNull();
    expect(sent.some((call) => call.path.endsWith('/confirm'))).toBe(false);
    expect(within(dialog).getByText('Not sent')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'WhatsApp' }));
    const again = await within(dialog).findByRole('group', { name: 'Sent? WhatsApp' });
    await userEvent.click(within(again).getByRole('button', { name: 'Yes' }));
    expect(await within(dialog).findByText('WhatsApp', { selector: 'span' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Not sent')).toBeNull();
    expect(sent.filter((call) => call.path.endsWith('/confirm'))).toHaveLength(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['sales'] });
  });

  it('asks for a number when the customer has none, and shows a refused number under the field', async () => {
    let calls = 0;
    const { sent } = renderReceipt(
      buildSale({ Customer: { name: 'Walk-in Customer', email: null, phone: null } }),
      {
        routes: {
          'POST /sales/42/receipt/whatsapp': (request) => {
            calls += 1;
            const phone = (request.body as { phone?: string }).phone;
            if (phone === '0712') {
              return {
                status: 400,
                body: {
                  message: 'Enter a Kenyan phone number, e.g. 0712 345 678',
                  errors: [
                    { path: 'phone', message: 'Enter a Kenyan phone number, e.g. 0712 345 678' },
                  ],
                },
              };
            }
            return sendReply('whatsapp');
          },
        },
      },
    );
    const dialog = await receipt();
    await userEvent.click(within(dialog).getByRole('button', { name: 'WhatsApp' }));
    // No call without a number: the prompt asks first.
    expect(calls).toBe(0);
    const field = within(dialog).getByLabelText('Customer phone number');
    await userEvent.type(field, '0712');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send · WhatsApp' }));
    expect(
      await within(dialog).findByText('Enter a Kenyan phone number, e.g. 0712 345 678'),
    ).toBeInTheDocument();
    expect(openInNewTab).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, '0712 345 678');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send · WhatsApp' }));
    expect(openInNewTab).toHaveBeenCalledTimes(1);
    expect(sent.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { phone: '0712' },
      { phone: '0712 345 678' },
    ]);
    expect(within(dialog).queryByLabelText('Customer phone number')).toBeNull();
  });

  it('asks for a number when the server answers that there is none', async () => {
    renderReceipt(buildSale(), {
      routes: {
        'POST /sales/42/receipt/sms': {
          status: 400,
          body: {
            message: 'This customer has no phone number. Enter the number to send the receipt to.',
            errors: [
              {
                path: 'phone',
                message:
                  'This customer has no phone number. Enter the number to send the receipt to.',
              },
            ],
          },
        },
      },
    });
    const dialog = await receipt();
    await userEvent.click(within(dialog).getByRole('button', { name: 'SMS' }));
    expect(await within(dialog).findByLabelText('Customer phone number')).toBeInTheDocument();
    expect(openSmsApp).not.toHaveBeenCalled();
  });

  it('sends by SMS without a provider: the sms: link, then Sent?', async () => {
    const { sent } = renderReceipt(buildSale(), {
      routes: {
        'POST /sales/42/receipt/sms': sendReply('sms'),
        'POST /sales/42/receipt/sms/confirm': {
          body: { success: true, data: { receipt_status: { ...NONE, sms: true } } },
        },
      },
    });
    const dialog = await receipt();
    await userEvent.click(within(dialog).getByRole('button', { name: 'SMS' }));
    expect(openSmsApp).toHaveBeenCalledWith('sms:+254711562904?body=Receipt%20%2342');
    const question = await within(dialog).findByRole('group', { name: 'Sent? SMS' });
    await userEvent.click(within(question).getByRole('button', { name: 'Yes' }));
    await vi.waitFor(() =>
      expect(sent.filter((call) => call.path === '/sales/42/receipt/sms/confirm')).toHaveLength(1),
    );
    expect(await within(dialog).findByText('SMS', { selector: 'span' })).toBeInTheDocument();
  });

  it("queues an SMS through Africa's Talking: Sending SMS… until it has gone, then the badge", async () => {
    const sale = buildSale();
    let status: Sale['receipt_status'] = NONE;
    const { toasts, sent } = renderReceipt(sale, {
      routes: {
        'GET /sales/42': () => ({
          body: { success: true, data: { ...sale, receipt_status: status } },
        }),
        'POST /sales/42/receipt/sms': () => {
          status = { ...NONE, sms_state: 'queued' };
          return sendReply('sms', { queued: true, receipt_status: status });
        },
      },
    });
    const dialog = await receipt();
    await userEvent.click(within(dialog).getByRole('button', { name: 'SMS' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Sending SMS…');
    expect(openSmsApp).not.toHaveBeenCalled();
    expect(toasts.current.toasts).toHaveLength(0);
    expect(within(dialog).getByText('Not sent')).toBeInTheDocument();

    // The worker sends it; the receipt, looking again while it is queued, shows the badge.
    status = { ...NONE, sms: true, sms_state: 'sent' };
    expect(
      await within(dialog).findByText('SMS', { selector: 'span' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('Sending SMS…')).toBeNull();
    const polls = sent.filter((call) => call.method === 'GET' && call.path === '/sales/42').length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    // Gone: it stops looking.
    expect(sent.filter((call) => call.method === 'GET' && call.path === '/sales/42')).toHaveLength(
      polls,
    );
  }, 15_000);

  it('shows why the SMS finally failed, and Retry queues it again', async () => {
    const sale = buildSale({
      receipt_status: { ...NONE, sms_state: 'failed', sms_error: 'InvalidPhoneNumber' },
    });
    const { sent } = renderReceipt(sale, {
      routes: {
        'POST /sales/42/receipt/sms': sendReply('sms', {
          queued: true,
          receipt_status: { ...NONE, sms_state: 'queued' },
        }),
      },
    });
    const dialog = await receipt();
    const failure = within(dialog).getByRole('alert');
    expect(failure).toHaveTextContent('SMS not sent: InvalidPhoneNumber');
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() =>
      expect(sent.filter((call) => call.path === '/sales/42/receipt/sms')).toHaveLength(1),
    );
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Sending SMS…');
    expect(within(dialog).queryByText(/SMS not sent/)).toBeNull();
  });

  it('says so when no app on the device took the sms: link, and asks nothing', async () => {
    vi.mocked(handedOff).mockResolvedValueOnce(false);
    const { sent } = renderReceipt(buildSale(), {
      routes: { 'POST /sales/42/receipt/sms': sendReply('sms') },
    });
    const dialog = await receipt();
    await userEvent.click(within(dialog).getByRole('button', { name: 'SMS' }));
    expect(
      await within(dialog).findByText(
        'This device could not open an SMS app. Send the receipt by WhatsApp or print it.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: /Sent\?/ })).toBeNull();
    expect(within(dialog).getByText('Not sent')).toBeInTheDocument();
    expect(sent.some((call) => call.path.endsWith('/confirm'))).toBe(false);
  });

  it('shows a send failure as an error toast', async () => {
    const { toasts } = renderReceipt(buildSale(), {
      routes: {
        'POST /sales/42/receipt/sms': {
          status: 502,
          body: { message: 'The SMS could not be sent: InvalidPhoneNumber' },
        },
      },
    });
    const dialog = await receipt();
    await userEvent.click(within(dialog).getByRole('button', { name: 'SMS' }));
    expect(toasts.current.toasts[0]).toMatchObject({
      variant: 'destructive',
      description: 'The SMS could not be sent: InvalidPhoneNumber',
    });
  });

  it('offers Customize Receipt to managers only, and Close closes', async () => {
    const { onClose } = renderReceipt(buildSale());
    const dialog = await receipt();
    expect(within(dialog).queryByRole('button', { name: 'Customize Receipt' })).toBeNull();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    expect(onClose).toHaveBeenCalled();
  });
});
