import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { stubApi } from '@/test/api-stub';
import { ExpenseForm } from './expense-form';

afterEach(() => act(() => clearToasts()));

/** Today in Africa/Nairobi, and `days` later, as yyyy-MM-dd. */
function nairobiDay(days = 0) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

const created = {
  id: 7,
  description: 'KPLC tokens',
  amount: 1500.5,
  category: 'Utilities',
  date: nairobiDay(),
  payment_method: 'mobile_money',
  createdAt: '2026-11-22T08:00:00.000Z',
  User: { id: 1, name: 'Amina Admin' },
};

function renderForm() {
  const toasts = renderHook(() => useToast()).result;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ExpenseForm />
    </QueryClientProvider>,
  );
  return { toasts };
}

async function fill(values: { description?: string; amount?: string; date?: string }) {
  if (values.description !== undefined) {
    await userEvent.type(screen.getByLabelText('Description'), values.description);
  }
  if (values.amount !== undefined) {
    await userEvent.type(screen.getByLabelText('Amount (KSh)'), values.amount);
  }
  if (values.date !== undefined) {
    const date = screen.getByLabelText('Date');
    await userEvent.clear(date);
    if (values.date) await userEvent.type(date, values.date);
  }
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));

describe('Add-expense form (spec §2, §5 Expense, §8, §9)', () => {
  it('starts with category Other, payment method Cash and today in Nairobi', () => {
    stubApi({});
    renderForm();
    expect(screen.getByLabelText('Category')).toHaveValue('Other');
    expect(screen.getByLabelText('Payment Method')).toHaveValue('cash');
    expect(screen.getByLabelText('Date')).toHaveValue(nairobiDay());
    expect(
      [...screen.getByLabelText('Category').querySelectorAll('option')].map((o) => o.textContent),
    ).toEqual([
      'Inventory',
      'Utilities',
      'Rent',
      'Salaries',
      'Marketing',
      'Equipment',
      'Maintenance',
      'Other',
    ]);
    expect(
      [...screen.getByLabelText('Payment Method').querySelectorAll('option')].map(
        (o) => o.textContent,
      ),
    ).toEqual(['Cash', 'Card', 'Mobile Money', 'Other']);
  });

  it('adds an expense: exact amount, chosen codes, the spec toast, and a blank form again', async () => {
    const sent = stubApi({
      'POST /expenses': { status: 201, body: { success: true, data: created } },
    });
    const { toasts } = renderForm();
    await fill({ description: 'KPLC tokens', amount: '1500.5' });
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Utilities');
    await userEvent.selectOptions(screen.getByLabelText('Payment Method'), 'Mobile Money');
    await submit();
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({ title: 'Success', description: 'Expense added successfully' }),
      ]),
    );
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/expenses',
        body: {
          description: 'KPLC tokens',
          amount: '1500.50',
          category: 'Utilities',
          date: nairobiDay(),
          payment_method: 'mobile_money',
        },
      },
    ]);
    expect(screen.getByLabelText('Description')).toHaveValue('');
    expect(screen.getByLabelText('Category')).toHaveValue('Other');
  });

  it('requires a description and an amount, and sends nothing', async () => {
    const sent = stubApi({});
    renderForm();
    await submit();
    expect(await screen.findByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('Amount is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it.each([
    ['0', 'Amount must be greater than 0'],
    ['1000000.01', 'Amount must be less than 1,000,000'],
    ['10.005', 'Amount must be a number with at most 2 decimals'],
  ])('refuses amount %s with "%s"', async (amount, message) => {
    const sent = stubApi({});
    renderForm();
    await fill({ description: 'Rent', amount });
    await submit();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('accepts the amount bounds 0.01 and 1,000,000', async () => {
    const sent = stubApi({
      'POST /expenses': { status: 201, body: { success: true, data: created } },
    });
    renderForm();
    await fill({ description: 'Smallest', amount: '0.01' });
    await submit();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await fill({ description: 'Largest', amount: '1000000' });
    await submit();
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((r) => (r.body as { amount: string }).amount)).toEqual(['0.01', '1000000.00']);
  });

  it('refuses tomorrow in Nairobi and a day before 1900, and asks for a date', async () => {
    const sent = stubApi({});
    renderForm();
    await fill({ description: 'Rent', amount: '100', date: nairobiDay(1) });
    await submit();
    expect(await screen.findByText('Date cannot be in the future')).toBeInTheDocument();
    await fill({ date: '1899-12-31' });
    await submit();
    expect(await screen.findByText('Date cannot be before 1900-01-01')).toBeInTheDocument();
    await fill({ date: '' });
    await submit();
    expect(await screen.findByText('Date is required')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("shows the server's field message and the failure toast when the server refuses", async () => {
    stubApi({
      'POST /expenses': {
        status: 400,
        body: {
          message: 'Date cannot be in the future',
          code: 'validation_error',
          errors: [{ path: 'date', message: 'Date cannot be in the future' }],
        },
      },
    });
    const { toasts } = renderForm();
    await fill({ description: 'Rent', amount: '100' });
    await submit();
    expect(await screen.findByText('Date cannot be in the future')).toBeInTheDocument();
    expect(toasts.current.toasts).toEqual([
      expect.objectContaining({ title: 'Error', variant: 'destructive' }),
    ]);
  });

  it("says 'Failed to add expense. Please try again.' when the server gives no message", async () => {
    stubApi({ 'POST /expenses': { status: 500, body: {} } });
    const { toasts } = renderForm();
    await fill({ description: 'Rent', amount: '100' });
    await submit();
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({
          title: 'Error',
          description: 'Failed to add expense. Please try again.',
        }),
      ]),
    );
  });

  it("says 'You must be logged in to add/delete expenses' when the session is gone", async () => {
    stubApi({ 'POST /expenses': { status: 401, body: { message: 'Authentication required' } } });
    const { toasts } = renderForm();
    await fill({ description: 'Rent', amount: '100' });
    await submit();
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({ description: 'You must be logged in to add/delete expenses' }),
      ]),
    );
  });
});
