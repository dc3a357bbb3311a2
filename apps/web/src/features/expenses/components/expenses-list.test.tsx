import type { Expense } from '@duka/shared/expenses/expenses.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { stubApi } from '@/test/api-stub';
import { ExpensesList } from './expenses-list';

afterEach(() => act(() => clearToasts()));

const expense = (overrides: Partial<Expense>): Expense => ({
  id: 1,
  description: 'Shop rent',
  amount: 45000,
  category: 'Rent',
  date: '2026-11-01',
  payment_method: 'mobile_money',
  createdAt: '2026-11-01T08:00:00.000Z',
  User: { id: 1, name: 'Amina Admin' },
  ...overrides,
});

const LIST = [
  expense({
    id: 3,
    description: 'KPLC tokens',
    amount: 0.1,
    category: 'Utilities',
    date: '2026-11-20',
  }),
  expense({
    id: 2,
    description: 'Boda boda',
    amount: 0.2,
    category: 'Other',
    payment_method: 'cash',
    date: '2026-11-10',
  }),
  expense({ id: 1 }),
];

function renderList() {
  const toasts = renderHook(() => useToast()).result;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ExpensesList />
    </QueryClientProvider>,
  );
  return { toasts };
}

describe('Expense list (spec §2, §8)', () => {
  it('lists expenses with labels, and their exact total', async () => {
    stubApi({ 'GET /expenses': { body: { expenses: LIST } } });
    renderList();
    expect(await screen.findByText('KPLC tokens')).toBeInTheDocument();
    expect(screen.getByText('Boda boda')).toBeInTheDocument();
    expect(screen.getAllByText('Mobile Money').length).toBeGreaterThan(0);
    expect(screen.getByText('Utilities')).toBeInTheDocument();
    expect(screen.getByText('KSh 45,000.00')).toBeInTheDocument();
    // 0.1 + 0.2 + 45000 summed in cents, never as floats.
    expect(screen.getByTestId('expenses-total')).toHaveTextContent(
      '3 expenses · Total: KSh 45,000.30',
    );
  });

  it('says so when there are none', async () => {
    stubApi({ 'GET /expenses': { body: { expenses: [] } } });
    renderList();
    expect(await screen.findByText('No expenses recorded yet.')).toBeInTheDocument();
  });

  it('deletes after confirmation, with the spec toast; Cancel deletes nothing', async () => {
    let list = LIST;
    const sent = stubApi({
      'GET /expenses': () => ({ body: { expenses: list } }),
      'DELETE /expenses/2': () => {
        list = LIST.filter((e) => e.id !== 2);
        return { body: { success: true } };
      },
    });
    const { toasts } = renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete expense Boda boda' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this expense?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent.filter((r) => r.method === 'DELETE')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete expense Boda boda' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({ title: 'Success', description: 'Expense deleted successfully' }),
      ]),
    );
    await vi.waitFor(() => expect(screen.queryByText('Boda boda')).not.toBeInTheDocument());
  });

  it("says 'Failed to delete expense' when the delete fails without a message", async () => {
    stubApi({
      'GET /expenses': { body: { expenses: LIST } },
      'DELETE /expenses/1': { status: 500, body: {} },
    });
    const { toasts } = renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete expense Shop rent' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({ title: 'Error', description: 'Failed to delete expense' }),
      ]),
    );
  });

  it("says 'You must be logged in to add/delete expenses' on a 401", async () => {
    stubApi({
      'GET /expenses': { body: { expenses: LIST } },
      'DELETE /expenses/1': { status: 401, body: { message: 'Authentication required' } },
    });
    const { toasts } = renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete expense Shop rent' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({ description: 'You must be logged in to add/delete expenses' }),
      ]),
    );
  });
});
