import type { Customer } from '@duka/shared/customers/customers.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { clearToasts } from '@/components/ui/use-toast';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';
import { stubApi, stubResizeObserver, type ApiReply, type SentRequest } from '@/test/api-stub';
import { buildShopperProduct } from '@/test/fixtures';
import { Till } from './till';

const jogoo = buildShopperProduct(); // KSh 185 a piece
const customer = (overrides: Partial<Customer>): Customer => ({
  id: 1,
  name: 'Walk-in Customer',
  email: null,
  phone: null,
  address: null,
  notes: null,
  kra_pin: null,
  is_walk_in: true,
  loyalty_points: 0,
  balance: 0,
  credit_limit: null,
  oldest_unpaid_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
const walkIn = customer({});
const grace = customer({
  id: 7,
  name: 'Grace Wambui',
  phone: '+254711562904',
  is_walk_in: false,
  balance: 1200,
  credit_limit: 5000,
  oldest_unpaid_at: '2026-11-01T08:00:00.000Z',
});
const akinyi = customer({
  id: 8,
  name: 'Akinyi Otieno',
  phone: '+254722000333',
  is_walk_in: false,
  balance: 4900,
  credit_limit: 5000,
});

function renderTill(
  postSale: ApiReply | ((request: SentRequest) => ApiReply) = {
    status: 201,
    body: { success: true, data: { id: 41 } },
  },
  onRecordRepayment?: (customer: Customer) => void,
) {
  const sent = stubApi({
    'GET /products': { body: { data: [jogoo], total: 1, page: 1, pageSize: 12 } },
    'GET /products/search': { body: { data: [] } },
    'GET /customers': { body: { data: [walkIn, grace, akinyi] } },
    'GET /sales/discount-policy': {
      body: { success: true, data: { max_cashier_discount_percent: 10, capped: true } },
    },
    'POST /sales': postSale,
  });
  const onSaleCompleted = vi.fn();
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <RoleContext.Provider value="sales">
          <Till onSaleCompleted={onSaleCompleted} onRecordRepayment={onRecordRepayment} />
          <Toaster />
        </RoleContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { sent, onSaleCompleted };
}

async function openCheckout() {
  await userEvent.click(await screen.findByRole('button', { name: `Add ${jogoo.name}` }));
  await userEvent.keyboard('{F2}');
  return screen.findByRole('dialog', { name: 'Complete Sale' });
}

async function choose(dialog: HTMLElement, method: string) {
  await userEvent.selectOptions(within(dialog).getByLabelText('Payment method'), method);
}

const sales = (sent: SentRequest[]) => sent.filter((call) => call.method === 'POST');

// A journey of many keystrokes on a busy machine; the payment fields also load lazily.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  useCartStore.getState().clearCart();
  stubResizeObserver();
});
afterEach(() => {
  clearToasts();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('Split payment at the till (issue 21)', () => {
  it('takes cash and M-Pesa with its code, shows what is left, and sends the parts', async () => {
    const { sent, onSaleCompleted } = renderTill();
    const dialog = await openCheckout();
    await choose(dialog, 'Split payment');
    const submit = within(dialog).getByRole('button', { name: 'Complete Sale' });
    const left = await within(dialog).findByTestId('payment-left');
    expect(left).toHaveTextContent('KSh 185.00');
    expect(submit).toBeDisabled();

    await userEvent.type(within(dialog).getByLabelText('Cash'), '100');
    expect(left).toHaveTextContent('KSh 85.00');
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('M-Pesa'), '85');
    await userEvent.type(within(dialog).getByLabelText('M-Pesa code (optional)'), 'sft4a1b2c3');
    expect(left).toHaveTextContent('KSh 0.00');
    expect(within(dialog).getByTestId('payment-change')).toHaveTextContent('KSh 0.00');
    // No credit taken: the Walk-in Customer may pay this way.
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(submit).toBeEnabled();

    await userEvent.click(submit);
    await vi.waitFor(() => expect(onSaleCompleted).toHaveBeenCalledWith(41));
    expect(sales(sent)[0]?.body).toMatchObject({
      total: 185,
      customer_id: 1,
      payment_method: 'split',
      payments: [
        { method: 'cash', amount: 100 },
        { method: 'mpesa', amount: 85, mpesa_code: 'SFT4A1B2C3' },
      ],
      amount_paid: 185,
      change_amount: 0,
    });
  });

  it('gives change from cash only, and says so when the parts go over without it', async () => {
    const { sent } = renderTill();
    const dialog = await openCheckout();
    await choose(dialog, 'Split payment');
    const submit = within(dialog).getByRole('button', { name: 'Complete Sale' });
    await userEvent.type(await within(dialog).findByLabelText('Cash'), '50');
    await userEvent.type(within(dialog).getByLabelText('M-Pesa'), '200');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Change can only be given in cash');
    expect(submit).toBeDisabled();

    // The M-Pesa part made exact, the cash over: KSh 15 change.
    const mpesa = within(dialog).getByLabelText('M-Pesa');
    await userEvent.clear(mpesa);
    await userEvent.type(mpesa, '120');
    const cash = within(dialog).getByLabelText('Cash');
    await userEvent.clear(cash);
    await userEvent.type(cash, '80');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('payment-change')).toHaveTextContent('KSh 15.00');
    await userEvent.click(submit);
    await vi.waitFor(() => expect(sales(sent)).toHaveLength(1));
    expect(sales(sent)[0]?.body).toMatchObject({
      payments: [
        { method: 'cash', amount: 80 },
        { method: 'mpesa', amount: 120 },
      ],
      amount_paid: 200,
      change_amount: 15,
    });
  });

  it('takes a second M-Pesa payment, but never the same code twice', async () => {
    const { sent } = renderTill();
    const dialog = await openCheckout();
    await choose(dialog, 'Split payment');
    const add = await within(dialog).findByRole('button', { name: 'Add another M-Pesa payment' });
    await userEvent.click(add);
    await userEvent.click(add);
    // An extra one can go again; the first M-Pesa stays.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove M-Pesa 3' }));
    expect(within(dialog).queryByLabelText('M-Pesa 3')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove M-Pesa' })).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('M-Pesa'), '100');
    await userEvent.type(within(dialog).getByLabelText('M-Pesa 2'), '85');
    const [first, second] = within(dialog).getAllByLabelText('M-Pesa code (optional)');
    await userEvent.type(first!, 'SFT4A1B2C3');
    await userEvent.type(second!, 'SFT4A1B2C3');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Each M-Pesa part needs its own code',
    );
    const submit = within(dialog).getByRole('button', { name: 'Complete Sale' });
    expect(submit).toBeDisabled();
    await userEvent.clear(second!);
    await userEvent.type(second!, 'SFT4A1B2C4');
    await userEvent.click(submit);
    await vi.waitFor(() => expect(sales(sent)).toHaveLength(1));
    expect(sales(sent)[0]?.body).toMatchObject({
      payment_method: 'mpesa',
      payments: [
        { method: 'mpesa', amount: 100, mpesa_code: 'SFT4A1B2C3' },
        { method: 'mpesa', amount: 85, mpesa_code: 'SFT4A1B2C4' },
      ],
    });
  });

  it('keeps one payment of cash exactly as the spec has it after a split was tried', async () => {
    const { sent } = renderTill();
    const dialog = await openCheckout();
    await choose(dialog, 'Split payment');
    await userEvent.type(await within(dialog).findByLabelText('Cash'), '100');
    await choose(dialog, 'Cash');
    const tendered = within(dialog).getByLabelText('Amount tendered');
    expect(tendered).toHaveValue(null);
    expect(within(dialog).queryByTestId('payment-parts')).not.toBeInTheDocument();
    await userEvent.type(tendered, '100');
    expect(within(dialog).getByText('Amount tendered must be at least total')).toBeVisible();
    const submit = within(dialog).getByRole('button', { name: 'Complete Sale' });
    expect(submit).toBeDisabled();
    await userEvent.type(tendered, '0');
    await userEvent.click(submit);
    await vi.waitFor(() => expect(sales(sent)).toHaveLength(1));
    expect(sales(sent)[0]?.body).toMatchObject({
      payment_method: 'cash',
      amount_paid: 1000,
      change_amount: 815,
    });
    expect(sales(sent)[0]?.body).not.toHaveProperty('payments');
  });
});

describe('Credit (pay later) at the till (issue 21)', () => {
  it('needs a named customer, then shows their debt and limit and sends the total on credit', async () => {
    const { sent, onSaleCompleted } = renderTill();
    const dialog = await openCheckout();
    await choose(dialog, 'Credit (pay later)');
    const submit = within(dialog).getByRole('button', { name: 'Complete Sale' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Credit needs a named customer',
    );
    expect(submit).toBeDisabled();

    await userEvent.selectOptions(
      within(dialog).getByLabelText('Customer (optional)'),
      'Grace Wambui · +254711562904',
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('credit-account')).toHaveTextContent(
      'Grace Wambui owes KSh 1,200.00. Credit limit: KSh 5,000.00.',
    );
    await userEvent.click(submit);
    await vi.waitFor(() => expect(onSaleCompleted).toHaveBeenCalledWith(41));
    expect(sales(sent)[0]?.body).toMatchObject({
      customer_id: 7,
      payment_method: 'credit',
      payments: [{ method: 'credit', amount: 185 }],
    });
  });

  it('takes part on credit in a split, within the limit, and says when it goes over', async () => {
    const { sent } = renderTill();
    const dialog = await openCheckout();
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Customer (optional)'),
      'Akinyi Otieno · +254722000333',
    );
    await choose(dialog, 'Split payment');
    const credit = await within(dialog).findByLabelText('Credit (pay later)');
    await userEvent.type(credit, '150');
    await userEvent.type(within(dialog).getByLabelText('Cash'), '35');
    // Owes 4,900 of 5,000: 100 more at most.
    expect(within(dialog).getByTestId('credit-account')).toHaveTextContent(
      'Akinyi Otieno owes KSh 4,900.00. Credit limit: KSh 5,000.00.',
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Credit limit exceeded: KSh 100.00 more can be given on credit',
    );
    const submit = within(dialog).getByRole('button', { name: 'Complete Sale' });
    expect(submit).toBeDisabled();

    await userEvent.clear(credit);
    await userEvent.type(credit, '85');
    const cash = within(dialog).getByLabelText('Cash');
    await userEvent.clear(cash);
    await userEvent.type(cash, '100');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(submit);
    await vi.waitFor(() => expect(sales(sent)).toHaveLength(1));
    expect(sales(sent)[0]?.body).toMatchObject({
      customer_id: 8,
      payment_method: 'split',
      payments: [
        { method: 'cash', amount: 100 },
        { method: 'credit', amount: 85 },
      ],
    });
  });

  it("shows the server's 409 'Credit limit exceeded' in the dialog, which stays open", async () => {
    const { onSaleCompleted } = renderTill({
      status: 409,
      body: { message: 'Credit limit exceeded', code: 'sale.credit_limit_exceeded' },
    });
    const dialog = await openCheckout();
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Customer (optional)'),
      'Grace Wambui · +254711562904',
    );
    await choose(dialog, 'Credit (pay later)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Credit limit exceeded. Take less on credit, or pay another way.',
    );
    expect(onSaleCompleted).not.toHaveBeenCalled();
    expect(useCartStore.getState().items).toHaveLength(1);
    // Paying another way clears it.
    await choose(dialog, 'M-Pesa');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe("the till's customer selector (issue 21)", () => {
  it('says what the chosen customer owes and offers Record repayment', async () => {
    const onRecordRepayment = vi.fn();
    renderTill(undefined, onRecordRepayment);
    const select = await screen.findByLabelText('Customer');
    await screen.findByRole('option', { name: 'Grace Wambui · +254711562904' });
    expect(screen.queryByTestId('pos-owes')).not.toBeInTheDocument();
    await userEvent.selectOptions(select, 'Grace Wambui · +254711562904');
    expect(screen.getByTestId('pos-owes')).toHaveTextContent('Owes KSh 1,200.00');
    await userEvent.click(screen.getByRole('button', { name: 'Record repayment' }));
    expect(onRecordRepayment).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
  });

  it('shows the debt alone where no repayment can be recorded, and nothing for no debt', async () => {
    renderTill();
    const select = await screen.findByLabelText('Customer');
    await screen.findByRole('option', { name: 'Grace Wambui · +254711562904' });
    await userEvent.selectOptions(select, 'Grace Wambui · +254711562904');
    expect(screen.getByTestId('pos-owes')).toHaveTextContent('Owes KSh 1,200.00');
    expect(screen.queryByRole('button', { name: 'Record repayment' })).not.toBeInTheDocument();
    await userEvent.selectOptions(select, 'Walk-in Customer');
    expect(screen.queryByTestId('pos-owes')).not.toBeInTheDocument();
  });
});
