import { saleReference, type MpesaTillConfig } from '@duka/shared/payments/mpesa.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { clearToasts } from '@/components/ui/use-toast';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { useSyncStatus } from '@/features/offline/sync-status-store';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';
import { stubApi, stubResizeObserver, type ApiReply, type SentRequest } from '@/test/api-stub';
import { buildShopperProduct } from '@/test/fixtures';
import { CHECKOUT_KEY_STORAGE } from '../lib/checkout-key';
import { Till } from './till';

// The checkout, its parts and the M-Pesa panel are lazy chunks: their first load is slow here.
configure({ asyncUtilTimeout: 3000 });

const jogoo = buildShopperProduct();
const walkIn = {
  id: 1,
  name: 'Walk-in Customer',
  email: null,
  phone: null,
  address: null,
  notes: null,
  is_walk_in: true,
  created_at: '2026-01-01T00:00:00.000Z',
};
const amina = {
  ...walkIn,
  id: 7,
  name: 'Amina Wanjiru',
  phone: '+254712345678',
  is_walk_in: false,
};

const TILL: MpesaTillConfig = {
  prompts_enabled: true,
  kind: 'till',
  pay_to: '5432101',
  receives_confirmations: true,
};

type Reply = ApiReply | ((request: SentRequest) => ApiReply | undefined);

/** The till's server with M-Pesa: the store's config, prompts, their answers, received list. */
function stubMpesaTill({
  config = { body: { success: true, data: TILL } },
  stkStatuses = [],
  received = [],
  sale = { status: 201, body: { success: true, data: { id: 41 } } },
}: {
  config?: Reply;
  stkStatuses?: Record<string, unknown>[];
  received?: Record<string, unknown>[] | (() => Record<string, unknown>[]);
  sale?: Reply;
} = {}) {
  let polled = 0;
  return stubApi({
    'GET /products': { body: { data: [jogoo], total: 1, page: 1, pageSize: 12 } },
    'GET /customers': { body: { data: [walkIn, amina] } },
    'GET /payments/mpesa/config': config,
    'POST /payments/mpesa/stk': {
      status: 201,
      body: { success: true, data: { id: 301, status: 'pending', checkout_request_id: 'ws_CO_1' } },
    },
    'GET /payments/mpesa/301': () => {
      const status = stkStatuses[Math.min(polled, stkStatuses.length - 1)];
      polled += 1;
      return {
        body: {
          success: true,
          data: {
            id: 301,
            status: 'pending',
            result_code: null,
            result_desc: null,
            mpesa_receipt: null,
            amount: 185,
            phone: '+254712345678',
            sale_id: null,
            ...status,
          },
        },
      };
    },
    'GET /payments/mpesa/received': () => ({
      body: { success: true, data: typeof received === 'function' ? received() : received },
    }),
    'POST /sales': sale,
  });
}

function renderTill() {
  const onSaleCompleted = vi.fn();
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <RoleContext.Provider value="sales">
          <Till onSaleCompleted={onSaleCompleted} />
          <Toaster />
        </RoleContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return onSaleCompleted;
}

/** Jogoo (KSh 185) in the cart, 'Complete Sale' open with M-Pesa chosen. */
async function checkOutMpesa({ customer }: { customer?: string } = {}) {
  await userEvent.click(await screen.findByRole('button', { name: `Add ${jogoo.name}` }));
  await userEvent.keyboard('{F2}');
  const dialog = await screen.findByRole('dialog', { name: 'Complete Sale' });
  if (customer) {
    await userEvent.selectOptions(within(dialog).getByLabelText('Customer (optional)'), customer);
  }
  await userEvent.selectOptions(within(dialog).getByLabelText('Payment method'), 'mpesa');
  return dialog;
}

const checkoutReference = () => {
  const stored = JSON.parse(sessionStorage.getItem(CHECKOUT_KEY_STORAGE) ?? '{}') as {
    key?: string;
  };
  return saleReference(stored.key ?? '');
};
const sales = (sent: SentRequest[]) =>
  sent.filter((call) => call.method === 'POST' && call.path === '/sales');

beforeEach(() => {
  useCartStore.getState().clearCart();
  useSyncStatus.getState().set({ online: true });
  stubResizeObserver();
});
afterEach(() => {
  clearToasts();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('M-Pesa at Complete Sale (issue 23)', () => {
  it('sends the prompt for the total to the customer’s phone with this checkout’s reference, and completes the sale once paid', async () => {
    const sent = stubMpesaTill({
      stkStatuses: [
        {},
        { status: 'paid', result_code: '0', result_desc: 'Done', mpesa_receipt: 'TJR4ABC123' },
      ],
    });
    const onSaleCompleted = renderTill();
    const dialog = await checkOutMpesa({ customer: '7' });

    expect(await within(dialog).findByTestId('mpesa-pay-to')).toHaveTextContent('Till 5432101');
    const phone = within(dialog).getByLabelText("Customer's phone");
    // Prefilled from the chosen customer; Enter sends the prompt, never the sale.
    expect(phone).toHaveValue('0712 345 678');
    await userEvent.type(phone, '{Enter}');

    expect(await within(dialog).findByText('Waiting for the customer…')).toBeVisible();
    expect(within(dialog).getByText('Waiting for the customer…').closest('[aria-live]')).toBe(
      within(dialog).getAllByRole('status')[0],
    );
    const prompts = sent.filter((call) => call.path === '/payments/mpesa/stk');
    expect(prompts).toHaveLength(1);
    expect(prompts[0]!.body).toEqual({
      phone: '0712 345 678',
      amount: 185,
      sale_reference: checkoutReference(),
    });
    expect(sales(sent)).toHaveLength(0);

    // Paid at the next poll (about 2 s): the sale completes by itself, once.
    await vi.waitFor(() => expect(onSaleCompleted).toHaveBeenCalledWith(41), { timeout: 5000 });
    const [posted] = sales(sent);
    expect(sales(sent)).toHaveLength(1);
    expect(posted!.body).toMatchObject({ payment_method: 'mpesa', mpesa_payment_id: 301 });
    expect(posted!.body).not.toHaveProperty('mpesa_code');
    // One id per checkout: the prompt's reference is the sale's client_sale_id's.
    const clientSaleId = (posted!.body as { client_sale_id: string }).client_sale_id;
    expect(prompts[0]!.body).toMatchObject({ sale_reference: saleReference(clientSaleId) });
  }, 15_000);

  it('in a split, prompts for the M-Pesa part’s amount and completes with that part paid', async () => {
    const sent = stubMpesaTill({
      stkStatuses: [
        { status: 'paid', result_code: '0', result_desc: 'Done', mpesa_receipt: 'TJR4SPLIT1' },
      ],
    });
    const onSaleCompleted = renderTill();
    await userEvent.click(await screen.findByRole('button', { name: `Add ${jogoo.name}` }));
    await userEvent.keyboard('{F2}');
    const dialog = await screen.findByRole('dialog', { name: 'Complete Sale' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Payment method'), 'split');
    await userEvent.type(await within(dialog).findByLabelText('Cash'), '85');
    await userEvent.type(within(dialog).getByLabelText('M-Pesa'), '100');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Prompt or received payment (M-Pesa)' }),
    );
    await userEvent.type(await within(dialog).findByLabelText("Customer's phone"), '0712345678');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send prompt' }));

    await vi.waitFor(() => expect(onSaleCompleted).toHaveBeenCalledWith(41), { timeout: 5000 });
    const prompt = sent.find((call) => call.path === '/payments/mpesa/stk')!;
    expect(prompt.body).toEqual({
      phone: '0712345678',
      amount: 100,
      sale_reference: expect.stringMatching(/^[0-9A-F]{8}$/) as unknown,
    });
    expect(sales(sent)).toHaveLength(1);
    const body = sales(sent)[0]!.body as { client_sale_id: string; payments: unknown };
    expect(body).toMatchObject({ payment_method: 'split' });
    expect(body.payments).toEqual([
      { method: 'cash', amount: 85 },
      { method: 'mpesa', amount: 100, mpesa_payment_id: 301 },
    ]);
    expect(prompt.body).toMatchObject({ sale_reference: saleReference(body.client_sale_id) });
  }, 15_000);

  it.each([
    ['1032', 'The customer cancelled the prompt on their phone.'],
    ['2001', 'The customer entered a wrong PIN.'],
    ['1', 'The customer does not have enough money on M-Pesa.'],
    ['1037', 'The phone could not be reached: it is off, busy or out of network.'],
    ['1019', 'The prompt expired before the customer answered.'],
    ['2028', 'The payment did not go through: Not permitted according to product assignment'],
  ])('says why a prompt answered %s failed, and offers the other ways', async (code, words) => {
    const sent = stubMpesaTill({
      stkStatuses: [
        {
          status: code === '1032' ? 'cancelled' : 'failed',
          result_code: code,
          result_desc: 'Not permitted according to product assignment',
        },
      ],
    });
    renderTill();
    const dialog = await checkOutMpesa();
    await userEvent.type(await within(dialog).findByLabelText("Customer's phone"), '0712345678');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send prompt' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(words);
    const ways = within(dialog).getByRole('group', { name: 'Other ways to pay' });
    const resend = within(ways).getByRole('button', { name: 'Resend' });
    await vi.waitFor(() => expect(resend).toHaveFocus());
    expect(within(ways).getByRole('button', { name: 'Another number' })).toBeVisible();
    expect(within(ways).getByRole('button', { name: 'Cash instead' })).toBeVisible();
    expect(within(ways).getByRole('button', { name: 'Type the code' })).toBeVisible();
    expect(sales(sent)).toHaveLength(0);
  });

  it('after a cancelled prompt: Resend asks again, Type the code focuses the code, Cash instead takes cash', async () => {
    const sent = stubMpesaTill({
      stkStatuses: [{ status: 'cancelled', result_code: '1032', result_desc: 'Cancelled' }],
    });
    const onSaleCompleted = renderTill();
    const dialog = await checkOutMpesa();
    await userEvent.type(await within(dialog).findByLabelText("Customer's phone"), '0712345678');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send prompt' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Resend' }));
    await within(dialog).findByRole('button', { name: 'Resend' });
    expect(sent.filter((call) => call.path === '/payments/mpesa/stk')).toHaveLength(2);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Type the code' }));
    await vi.waitFor(() =>
      expect(within(dialog).getByLabelText(/M-Pesa transaction code/)).toHaveFocus(),
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cash instead' }));
    expect(within(dialog).getByLabelText('Payment method')).toHaveValue('cash');
    const tendered = within(dialog).getByLabelText('Amount tendered');
    await vi.waitFor(() => expect(tendered).toHaveFocus());
    await userEvent.type(tendered, '200');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));
    await vi.waitFor(() => expect(onSaleCompleted).toHaveBeenCalledWith(41));
    expect(sales(sent)[0]!.body).toMatchObject({ payment_method: 'cash', amount_paid: 200 });
    expect(sales(sent)[0]!.body).not.toHaveProperty('mpesa_payment_id');
  });

  it('lists the received payments; one too small is refused with why, one that covers the total pays the sale', async () => {
    const sent = stubMpesaTill({
      received: [
        {
          id: 501,
          trans_id: 'TJR5SMALL1',
          amount: 100,
          phone_or_name: 'JOHN K***',
          received_at: '2026-11-26T09:15:00.000Z',
          sale_id: null,
          bill_ref: null,
        },
        {
          id: 502,
          trans_id: 'TJR5ENOUGH',
          amount: 200,
          phone_or_name: '2547******678',
          received_at: '2026-11-26T09:16:00.000Z',
          sale_id: null,
          bill_ref: null,
        },
      ],
    });
    const onSaleCompleted = renderTill();
    const dialog = await checkOutMpesa();

    const list = await within(dialog).findByTestId('mpesa-received');
    expect(list).toHaveTextContent('JOHN K***');
    expect(list).toHaveTextContent('12:15');
    expect(sent.find((call) => call.path.startsWith('/payments/mpesa/received'))!.path).toBe(
      '/payments/mpesa/received?unmatched=true',
    );
    await userEvent.click(
      within(list).getByRole('button', { name: /Attach .*100.* JOHN K\*\*\*/ }),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      /100\.00 is less than the .*185\.00 to pay by M-Pesa: it cannot be attached/,
    );
    expect(sales(sent)).toHaveLength(0);

    await userEvent.click(within(list).getByRole('button', { name: /Attach .*200/ }));
    await vi.waitFor(() => expect(onSaleCompleted).toHaveBeenCalledWith(41));
    expect(sales(sent)).toHaveLength(1);
    expect(sales(sent)[0]!.body).toMatchObject({ payment_method: 'mpesa', mpesa_payment_id: 502 });
  });

  it('a paybill payment made to this checkout’s reference picks itself', async () => {
    const sent = stubMpesaTill({
      config: {
        body: {
          success: true,
          data: { ...TILL, kind: 'paybill', pay_to: '600999', prompts_enabled: false },
        },
      },
      received: () => (paid ? mine : []),
    });
    const mine = [
      {
        id: 601,
        trans_id: 'TJR6OTHER1',
        amount: 185,
        phone_or_name: 'MARY W***',
        received_at: '2026-11-26T09:15:00.000Z',
        sale_id: null,
        bill_ref: 'NOTTHIS1',
      },
      {
        id: 602,
        trans_id: 'TJR6MINE01',
        amount: 185,
        phone_or_name: 'PETER O***',
        received_at: '2026-11-26T09:16:00.000Z',
        sale_id: null,
        bill_ref: null as string | null,
      },
    ];
    let paid = false;
    const onSaleCompleted = renderTill();
    const dialog = await checkOutMpesa();

    expect(
      await within(dialog).findByTestId('mpesa-pay-to', undefined, { timeout: 3000 }),
    ).toHaveTextContent(`Paybill 600999 · Account ${checkoutReference()}`);
    // The customer pays the paybill with this account number (typed in small letters).
    mine[1]!.bill_ref = checkoutReference().toLowerCase();
    paid = true;
    // Prompts are off for this store: no Send prompt.
    expect(within(dialog).queryByRole('button', { name: 'Send prompt' })).not.toBeInTheDocument();
    // At the list's next read (every 3 s).
    await vi.waitFor(() => expect(onSaleCompleted).toHaveBeenCalledWith(41), { timeout: 5000 });
    expect(sales(sent)).toHaveLength(1);
    expect(sales(sent)[0]!.body).toMatchObject({ mpesa_payment_id: 602 });
  }, 15_000);

  it('shows the server’s 409 for a payment already used, and the cashier pays another way', async () => {
    const sent = stubMpesaTill({
      received: [
        {
          id: 701,
          trans_id: 'TJR7USED01',
          amount: 185,
          phone_or_name: 'JANE A***',
          received_at: '2026-11-26T09:15:00.000Z',
          sale_id: null,
          bill_ref: null,
        },
      ],
      sale: (request) =>
        (request.body as { mpesa_payment_id?: number }).mpesa_payment_id === 701
          ? {
              status: 409,
              body: { message: 'This M-Pesa payment is already used by sale #12' },
            }
          : { status: 201, body: { success: true, data: { id: 42 } } },
    });
    const onSaleCompleted = renderTill();
    const dialog = await checkOutMpesa();
    const list = await within(dialog).findByTestId('mpesa-received');
    await userEvent.click(within(list).getByRole('button', { name: /Attach/ }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This M-Pesa payment is already used by sale #12',
    );
    expect(onSaleCompleted).not.toHaveBeenCalled();
    expect(useCartStore.getState().items).toHaveLength(1);

    await userEvent.type(within(dialog).getByLabelText(/M-Pesa transaction code/), 'TJR7TYPED1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));
    await vi.waitFor(() => expect(onSaleCompleted).toHaveBeenCalledWith(42));
    expect(sales(sent)[1]!.body).toMatchObject({ mpesa_code: 'TJR7TYPED1' });
    expect(sales(sent)[1]!.body).not.toHaveProperty('mpesa_payment_id');
  });

  it('offline: no prompt and no received list, and the typed code works as before', async () => {
    const sent = stubMpesaTill();
    useSyncStatus.getState().set({ online: false });
    const onSaleCompleted = renderTill();
    const dialog = await checkOutMpesa();

    await userEvent.type(within(dialog).getByLabelText(/M-Pesa transaction code/), 'sft4a1b2c3');
    expect(within(dialog).queryByRole('button', { name: 'Send prompt' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Received payments')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));
    await vi.waitFor(() => expect(onSaleCompleted).toHaveBeenCalledWith(41));
    expect(sent.some((call) => call.path.startsWith('/payments/mpesa'))).toBe(false);
    expect(sales(sent)[0]!.body).toMatchObject({ mpesa_code: 'SFT4A1B2C3' });
  });

  it('a store without M-Pesa settings (or a failed config) gets the typed code as before', async () => {
    const sent = stubMpesaTill({ config: { status: 500, body: { message: 'Server error' } } });
    const onSaleCompleted = renderTill();
    const dialog = await checkOutMpesa();

    await vi.waitFor(() =>
      expect(sent.some((call) => call.path === '/payments/mpesa/config')).toBe(true),
    );
    expect(within(dialog).queryByRole('button', { name: 'Send prompt' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Received payments')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));
    await vi.waitFor(() => expect(onSaleCompleted).toHaveBeenCalledWith(41));
    expect(sent.some((call) => call.path.startsWith('/payments/mpesa/received'))).toBe(false);
  });
});
