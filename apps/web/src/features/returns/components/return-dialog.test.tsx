import type { SaleReturn } from '@duka/shared/returns/returns.schemas';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { stubApi } from '@/test/api-stub';
import { buildSale } from '@/test/fixtures';
import { ReturnDialog, type ReturnDialogProps } from './return-dialog';

const PATH = '/sales/42/returns';

/** Three lines: 2 milk at 65 (one already back), 1 dozen at 750, 3 sugar at 123.45. */
function saleWithReturns(overrides: Partial<Sale> = {}): Sale {
  const base = buildSale();
  return buildSale({
    status: 'partially_returned',
    items: [
      { ...base.items[0]!, returned_quantity: 1 },
      base.items[1]!,
      {
        ...base.items[0]!,
        id: 3,
        product_id: 9,
        Product: { name: 'Mumias Sugar 1kg', sku: 'SUG-1' },
        quantity: 3,
        unit_price: 123.45,
        total: 370.35,
        list_price: 123.45,
      },
    ],
    ...overrides,
  });
}

const recorded: SaleReturn = {
  id: 5,
  sale_id: 42,
  amount: 311.9,
  refund_method: 'cash',
  mpesa_code: null,
  reason: 'Torn packet',
  items: [],
  points_reversed: 0,
  shift_id: null,
  User: { id: 2, name: 'Mary Manager' },
  created_at: '2026-11-26T10:00:00.000Z',
  credit_note_no: 3,
  tax: [],
  etims: { status: 'not_registered' },
};

function renderDialog(props: Partial<ReturnDialogProps> = {}) {
  const client = createQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const onReturned = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ReturnDialog
        sale={saleWithReturns()}
        onOpenChange={vi.fn()}
        online
        onReturned={onReturned}
        {...props}
      />
    </QueryClientProvider>,
  );
  return { invalidate, onReturned };
}

function lineOf(name: string, index = 0): HTMLElement {
  return screen.getAllByTestId('return-line').filter((line) => line.textContent?.includes(name))[
    index
  ]!;
}

/** The Idempotency-Key of every return POST, in order. */
function returnKeys(): string[] {
  return vi
    .mocked(fetch)
    .mock.calls.filter(([url, init]) => (url as string).endsWith(PATH) && init?.method === 'POST')
    .map(([, init]) => new Headers(init!.headers).get('Idempotency-Key') ?? '');
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('Return items (issue 24)', () => {
  it('shows what is left of each line and adds the refund up in exact cents', async () => {
    stubApi({});
    renderDialog();
    const total = screen.getByTestId('return-refund-total');
    expect(total).toHaveTextContent('KSh 0.00');

    const milk = lineOf('Brookside Milk 500ml', 0);
    expect(milk).toHaveTextContent('Sold 2 pieces for KSh 130.00');
    expect(milk).toHaveTextContent('1 piece left to return');
    expect(lineOf('Brookside Milk 500ml', 1)).toHaveTextContent('1 dozen left to return');

    const sugar = lineOf('Mumias Sugar 1kg');
    await userEvent.click(
      within(sugar).getByRole('button', { name: 'One more of Mumias Sugar 1kg' }),
    );
    await userEvent.click(
      within(sugar).getByRole('button', { name: 'One more of Mumias Sugar 1kg' }),
    );
    await userEvent.click(
      within(sugar).getByRole('button', { name: 'One more of Mumias Sugar 1kg' }),
    );
    // 3 × 123.45 = 370.35 exactly (a float sum would give 370.34999…).
    expect(total).toHaveTextContent('KSh 370.35');
    await userEvent.click(
      within(sugar).getByRole('button', { name: 'One less of Mumias Sugar 1kg' }),
    );
    expect(total).toHaveTextContent('KSh 246.90');
    await userEvent.click(
      within(milk).getByRole('button', { name: 'One more of Brookside Milk 500ml' }),
    );
    expect(total).toHaveTextContent('KSh 311.90');
    expect(screen.getByRole('button', { name: 'Return and refund KSh 311.90' })).toBeEnabled();
  });

  it('refunds a line a cart discount was spread over by what it was charged, as the server does', async () => {
    stubApi({});
    const base = buildSale();
    // 3 at 100.00 charged 250.00 (a cart discount took 50.00 off it); one came back already.
    renderDialog({
      sale: buildSale({
        items: [
          {
            ...base.items[0]!,
            quantity: 3,
            unit_price: 100,
            total: 250,
            list_price: 100,
            returned_quantity: 1,
          },
        ],
      }),
    });
    const line = lineOf('Brookside Milk 500ml');
    expect(line).toHaveTextContent('Sold 3 pieces for KSh 250.00');
    await userEvent.click(
      within(line).getByRole('button', { name: 'Return all that is left of Brookside Milk 500ml' }),
    );
    // ⌊25000 × 3 / 3⌋ − ⌊25000 × 1 / 3⌋ = 25000 − 8333 cents: the line's last 2 refund the rest.
    expect(screen.getByTestId('return-refund-total')).toHaveTextContent('KSh 166.67');
    await userEvent.click(
      within(line).getByRole('button', { name: 'One less of Brookside Milk 500ml' }),
    );
    // ⌊25000 × 2 / 3⌋ − 8333 = 16666 − 8333.
    expect(screen.getByTestId('return-refund-total')).toHaveTextContent('KSh 83.33');
  });

  it('never lets a line go past what is left to return, nor below 0', async () => {
    stubApi({});
    renderDialog();
    const milk = lineOf('Brookside Milk 500ml', 0);
    const quantity = within(milk).getByRole('spinbutton', {
      name: 'Quantity returned of Brookside Milk 500ml',
    });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '7');
    expect(quantity).toHaveValue(1);
    expect(
      within(milk).getByRole('button', { name: 'One more of Brookside Milk 500ml' }),
    ).toBeDisabled();
    await userEvent.click(
      within(milk).getByRole('button', { name: 'One less of Brookside Milk 500ml' }),
    );
    expect(quantity).toHaveValue(0);
    expect(
      within(milk).getByRole('button', { name: 'One less of Brookside Milk 500ml' }),
    ).toBeDisabled();

    const sugar = lineOf('Mumias Sugar 1kg');
    await userEvent.click(
      within(sugar).getByRole('button', { name: 'Return all that is left of Mumias Sugar 1kg' }),
    );
    expect(within(sugar).getByRole('spinbutton')).toHaveValue(3);
  });

  it('leaves out the lines returned in full', () => {
    stubApi({});
    const base = saleWithReturns();
    renderDialog({
      sale: {
        ...base,
        items: base.items.map((item, index) =>
          index === 1 ? { ...item, returned_quantity: 1 } : item,
        ),
      },
    });
    expect(screen.getAllByTestId('return-line')).toHaveLength(2);
    expect(screen.queryByText('Sold 1 dozen for KSh 750.00')).not.toBeInTheDocument();
  });

  it('asks for a line, the reason and the M-Pesa code before sending anything', async () => {
    const sent = stubApi({});
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: /Return and refund/ }));
    expect(await screen.findByText('Pick at least one line to return')).toBeInTheDocument();
    expect(screen.getByText('Reason is required')).toBeInTheDocument();

    await userEvent.click(
      within(lineOf('Mumias Sugar 1kg')).getByRole('button', {
        name: 'One more of Mumias Sugar 1kg',
      }),
    );
    await userEvent.type(screen.getByLabelText('Reason'), 'Torn packet');
    await userEvent.click(screen.getByRole('radio', { name: 'M-Pesa sent back by hand' }));
    await userEvent.click(screen.getByRole('button', { name: 'Return and refund KSh 123.45' }));
    expect(await screen.findByText('Enter the M-Pesa code')).toBeInTheDocument();
    expect(screen.queryByText('Reason is required')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends the lines, where each goes, the method, code and reason; then hands the return on', async () => {
    const sent = stubApi({
      [`POST ${PATH}`]: { status: 201, body: { success: true, data: recorded } },
    });
    const { onReturned, invalidate } = renderDialog();
    const sugar = lineOf('Mumias Sugar 1kg');
    await userEvent.click(
      within(sugar).getByRole('button', { name: 'One more of Mumias Sugar 1kg' }),
    );
    await userEvent.click(within(sugar).getByRole('radio', { name: 'Written off as damaged' }));
    await userEvent.click(
      within(lineOf('Brookside Milk 500ml', 1)).getByRole('button', {
        name: 'Return all that is left of Brookside Milk 500ml',
      }),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'M-Pesa sent back by hand' }));
    await userEvent.type(screen.getByLabelText('M-Pesa code of the money sent back'), 'sft4a1b2c3');
    await userEvent.type(screen.getByLabelText('Reason'), '  Torn packet ');
    await userEvent.click(screen.getByRole('button', { name: 'Return and refund KSh 873.45' }));

    await vi.waitFor(() => expect(onReturned).toHaveBeenCalledWith(recorded));
    expect(sent).toEqual([
      {
        method: 'POST',
        path: PATH,
        body: {
          items: [
            { sale_item_id: 2, quantity: 1, restock: true },
            { sale_item_id: 3, quantity: 1, restock: false },
          ],
          refund_method: 'mpesa',
          mpesa_code: 'SFT4A1B2C3',
          reason: 'Torn packet',
        },
      },
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['sales'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['products'] });
  });

  it('offers credit only for a sale with a named customer', async () => {
    stubApi({});
    renderDialog();
    expect(screen.getByRole('radio', { name: "Off the customer's credit" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: "Off the customer's credit" }));
    expect(
      screen.getByText('Grace Wambui owes on this sale: the refund comes off what they owe.'),
    ).toBeInTheDocument();
  });

  it.each([
    [
      'the Walk-in Customer',
      { customer_id: 1, Customer: { name: 'Walk-in Customer', email: null, phone: null } },
    ],
    ['no customer', { customer_id: null, Customer: null }],
  ])('hides credit for a sale of %s', (_, overrides) => {
    stubApi({});
    renderDialog({ sale: saleWithReturns(overrides) });
    expect(screen.getByRole('radio', { name: 'Cash from the drawer' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'M-Pesa sent back by hand' })).toBeInTheDocument();
    expect(
      screen.queryByRole('radio', { name: "Off the customer's credit" }),
    ).not.toBeInTheDocument();
  });

  it("shows the server's 409 in the line's unit, and in Swahili for a Swahili reader", async () => {
    stubApi({
      [`POST ${PATH}`]: {
        status: 409,
        body: {
          success: false,
          message: 'Only 1 left to return of Mumias Sugar 1kg',
          code: 'returns.over_return',
        },
      },
    });
    const { onReturned } = renderDialog();
    await userEvent.click(
      within(lineOf('Mumias Sugar 1kg')).getByRole('button', {
        name: 'One more of Mumias Sugar 1kg',
      }),
    );
    await userEvent.type(screen.getByLabelText('Reason'), 'Torn');
    await userEvent.click(screen.getByRole('button', { name: 'Return and refund KSh 123.45' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only 1 piece left to return of Mumias Sugar 1kg',
    );
    expect(onReturned).not.toHaveBeenCalled();

    await changeLanguage('sw');
    await userEvent.click(screen.getByRole('button', { name: 'Rudisha na ulipe KSh 123.45' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Zimebaki 1 kipande tu za kurudisha za Mumias Sugar 1kg',
    );
  });

  it('shows a refusal of the credit refund as the server gives it', async () => {
    stubApi({
      [`POST ${PATH}`]: {
        status: 409,
        body: {
          success: false,
          message: 'The customer owes KSh 50.00: a refund off their credit can be at most that',
        },
      },
    });
    renderDialog();
    await userEvent.click(
      within(lineOf('Mumias Sugar 1kg')).getByRole('button', {
        name: 'One more of Mumias Sugar 1kg',
      }),
    );
    await userEvent.click(screen.getByRole('radio', { name: "Off the customer's credit" }));
    await userEvent.type(screen.getByLabelText('Reason'), 'Changed mind');
    await userEvent.click(screen.getByRole('button', { name: /Return and refund/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The customer owes KSh 50.00: a refund off their credit can be at most that',
    );
  });

  it('sends the same Idempotency-Key again when the first answer was lost', async () => {
    let calls = 0;
    stubApi({
      [`POST ${PATH}`]: () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return { status: 201, body: { success: true, data: recorded } };
      },
    });
    const { onReturned } = renderDialog();
    await userEvent.click(
      within(lineOf('Mumias Sugar 1kg')).getByRole('button', {
        name: 'One more of Mumias Sugar 1kg',
      }),
    );
    await userEvent.type(screen.getByLabelText('Reason'), 'Torn packet');
    await userEvent.click(screen.getByRole('button', { name: /Return and refund/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No answer from the server: the return may not be recorded.',
    );
    await userEvent.click(screen.getByRole('button', { name: /Return and refund/ }));
    await vi.waitFor(() => expect(onReturned).toHaveBeenCalledWith(recorded));

    const keys = returnKeys();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('says a return needs a connection and sends nothing while offline', async () => {
    const sent = stubApi({});
    renderDialog({ online: false });
    await userEvent.click(
      within(lineOf('Mumias Sugar 1kg')).getByRole('button', {
        name: 'One more of Mumias Sugar 1kg',
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Returns need a connection');
    expect(screen.getByRole('button', { name: /Return and refund/ })).toBeDisabled();
    expect(sent).toEqual([]);
  });

  it('shows the 400 field messages of the server under their fields', async () => {
    stubApi({
      [`POST ${PATH}`]: {
        status: 400,
        body: {
          success: false,
          message: 'Validation failed',
          errors: [
            {
              path: 'mpesa_code',
              message: 'M-Pesa code must be 10 letters and digits, e.g. SFT4A1B2C3',
            },
          ],
        },
      },
    });
    renderDialog();
    await userEvent.click(
      within(lineOf('Mumias Sugar 1kg')).getByRole('button', {
        name: 'One more of Mumias Sugar 1kg',
      }),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'M-Pesa sent back by hand' }));
    await userEvent.type(screen.getByLabelText('M-Pesa code of the money sent back'), 'SFT4A1B2C3');
    await userEvent.type(screen.getByLabelText('Reason'), 'Torn');
    await userEvent.click(screen.getByRole('button', { name: /Return and refund/ }));
    expect(
      await screen.findByText('M-Pesa code must be 10 letters and digits, e.g. SFT4A1B2C3'),
    ).toBeInTheDocument();
  });
});
