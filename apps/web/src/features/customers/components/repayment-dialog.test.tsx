import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { stubApi } from '@/test/api-stub';
import { RepaymentDialog, type RepaymentCustomer } from './repayment-dialog';

const customer: RepaymentCustomer = { id: 4, name: 'Achieng Otieno', balance: 1200 };
const PATH = '/customers/4/repayments';

function renderDialog(props: Partial<Parameters<typeof RepaymentDialog>[0]> = {}) {
  const client = createQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <RepaymentDialog customer={customer} onOpenChange={onOpenChange} {...props} />
    </QueryClientProvider>,
  );
  return { invalidate, onOpenChange };
}

/** The Idempotency-Key of every repayment POST, in order. */
function repaymentKeys(): string[] {
  return vi
    .mocked(fetch)
    .mock.calls.filter(([url, init]) => (url as string).endsWith(PATH) && init?.method === 'POST')
    .map(([, init]) => new Headers(init!.headers).get('Idempotency-Key') ?? '');
}

describe('Record repayment (issue 21)', () => {
  it('starts at the whole balance, asks for the M-Pesa code, then shows what it settled', async () => {
    const sent = stubApi({
      [`POST ${PATH}`]: {
        status: 201,
        body: { data: { id: 9, amount: 1200, balance: 0, settled_sale_ids: [12, 15] } },
      },
    });
    const onRecorded = vi.fn();
    const { invalidate } = renderDialog({ onRecorded });

    expect(
      screen.getByRole('heading', { name: 'Record repayment: Achieng Otieno' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('repayment-balance')).toHaveTextContent('KSh 1,200.00');
    expect(screen.getByLabelText('Amount (KSh)')).toHaveValue('1200.00');
    expect(screen.getByRole('radio', { name: 'Cash' })).toBeChecked();

    await userEvent.click(screen.getByRole('radio', { name: 'M-Pesa' }));
    await userEvent.click(screen.getByRole('button', { name: 'Record repayment' }));
    expect(await screen.findByText('Enter the M-Pesa code')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.type(screen.getByLabelText('M-Pesa code'), 'sft4a1b2c3');
    await userEvent.click(screen.getByRole('button', { name: 'Record repayment' }));

    const done = await screen.findByTestId('repayment-recorded');
    expect(done).toHaveTextContent('Repayment of KSh 1,200.00 recorded.');
    expect(within(done).getByTestId('repayment-new-balance')).toHaveTextContent('KSh 0.00');
    expect(within(done).getByText('It paid off 2 sales:')).toBeInTheDocument();
    expect(
      within(within(done).getByRole('list', { name: 'Sales paid off' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Sale #12', 'Sale #15']);
    expect(sent).toEqual([
      {
        method: 'POST',
        path: PATH,
        body: { amount: 1200, method: 'mpesa', mpesa_code: 'SFT4A1B2C3' },
      },
    ]);
    const [key] = repaymentKeys();
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(onRecorded).toHaveBeenCalledWith({
      id: 9,
      amount: 1200,
      balance: 0,
      settled_sale_ids: [12, 15],
    });
    const refreshed = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(refreshed).toEqual(expect.arrayContaining([['customers'], ['sales'], ['reports']]));
  });

  it("shows the server's refusal of more than the balance; a retry keeps its key, a new amount gets a new one", async () => {
    let reply: 'over' | 'down' | 'ok' = 'over';
    const sent = stubApi({
      [`POST ${PATH}`]: () =>
        reply === 'over'
          ? {
              status: 400,
              body: {
                message: 'Amount is more than the balance of KSh 1,150.00',
                code: 'customers.repayment_over_balance',
                errors: [
                  { path: 'amount', message: 'Amount is more than the balance of KSh 1,150.00' },
                ],
              },
            }
          : reply === 'down'
            ? { status: 503, body: { message: 'Service unavailable' } }
            : {
                status: 201,
                body: { data: { id: 3, amount: 500, balance: 700, settled_sale_ids: [] } },
              },
    });
    renderDialog();
    const amount = screen.getByLabelText('Amount (KSh)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1500');
    await userEvent.click(screen.getByRole('button', { name: 'Record repayment' }));
    // The balance the server holds (a repayment at the till may have come first).
    expect(
      await screen.findByText('Amount is more than the balance of KSh 1,150.00'),
    ).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(sent.map((call) => call.body)).toEqual([{ amount: 1500, method: 'cash' }]);

    // The same repayment again (the answer was lost): the same key.
    reply = 'down';
    await userEvent.click(screen.getByRole('button', { name: 'Record repayment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
    const [first, second] = repaymentKeys();
    expect(second).toBe(first);

    reply = 'ok';
    await userEvent.clear(amount);
    await userEvent.type(amount, '500');
    await userEvent.click(screen.getByRole('button', { name: 'Record repayment' }));
    expect(await screen.findByTestId('repayment-recorded')).toHaveTextContent(
      'No sale is paid off yet: it went to the oldest unpaid sale.',
    );
    expect(screen.getByTestId('repayment-new-balance')).toHaveTextContent('KSh 700.00');
    const keys = repaymentKeys();
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(first);
  });

  it('refuses a blank or zero amount before sending anything', async () => {
    const sent = stubApi({});
    renderDialog();
    const amount = screen.getByLabelText('Amount (KSh)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Record repayment' }));
    expect(await screen.findByText('Amount must be more than 0')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('is closed without a customer, and Cancel closes it', async () => {
    const { onOpenChange } = renderDialog({ customer: null });
    expect(screen.queryByRole('dialog')).toBeNull();
    onOpenChange.mockClear();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RepaymentDialog customer={customer} onOpenChange={onOpenChange} />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('Record repayment in Swahili', () => {
  afterEach(() => changeLanguage('en'));

  it("names the server's balance in the reader's words", async () => {
    await changeLanguage('sw');
    stubApi({
      [`POST ${PATH}`]: {
        status: 400,
        body: {
          message: 'Amount is more than the balance of KSh 1,150.00',
          code: 'customers.repayment_over_balance',
          errors: [{ path: 'amount', message: 'Amount is more than the balance of KSh 1,150.00' }],
        },
      },
    });
    renderDialog();
    expect(
      screen.getByRole('heading', { name: 'Rekodi malipo ya deni: Achieng Otieno' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Rekodi malipo ya deni' }));
    expect(await screen.findByText('Kiasi kinazidi deni la KSh 1,150.00')).toBeInTheDocument();
  });
});
