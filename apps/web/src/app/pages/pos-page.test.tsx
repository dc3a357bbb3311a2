import type { Role } from '@duka/shared/auth/roles';
import type { Customer } from '@duka/shared/customers/customers.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '@/components/ui/use-toast';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { StoreProvider } from '@/features/stores/components/store-provider';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';
import { stubApi, stubResizeObserver } from '@/test/api-stub';
import { buildSale, buildShopperProduct, buildUser } from '@/test/fixtures';
import { SETTINGS } from '@/features/receipts/lib/receipt-fixtures';
import { PosPage } from './pos-page';

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
const GRACE = 'Grace Wambui · +254711562904';

beforeEach(() => {
  useCartStore.getState().clearCart();
  stubResizeObserver();
});
afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

function renderPage(role: Role, routes: Parameters<typeof stubApi>[0] = {}) {
  useAuthStore.setState({ user: buildUser(role), isAuthenticated: true, sessionChecked: true });
  // Like the server: a repayment takes the amount off Grace's balance.
  let graceBalance = 1200;
  const grace = () =>
    customer({
      id: 7,
      name: 'Grace Wambui',
      phone: '+254711562904',
      is_walk_in: false,
      balance: graceBalance,
      credit_limit: 5000,
    });
  const sent = stubApi({
    'GET /products': { body: { data: [buildShopperProduct()], total: 1, page: 1, pageSize: 12 } },
    'GET /customers': () => ({ body: { data: [walkIn, grace()] } }),
    'POST /customers/7/repayments': (request) => {
      graceBalance -= (request.body as { amount: number }).amount;
      return {
        status: 201,
        body: { data: { id: 3, amount: 500, balance: graceBalance, settled_sale_ids: [] } },
      };
    },
    ...routes,
  });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <RoleContext.Provider value={role}>
            <StoreProvider enabled={false}>
              <PosPage />
            </StoreProvider>
          </RoleContext.Provider>
        ),
      },
    ],
    { initialEntries: ['/pos'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return sent;
}

describe('a repayment from the till (issue 21)', () => {
  it("opens the customers' Record repayment for the chosen customer, and the debt follows", async () => {
    const sent = renderPage('sales');
    await screen.findByRole('option', { name: GRACE });
    await userEvent.selectOptions(screen.getByLabelText('Customer'), GRACE);
    expect(screen.getByTestId('pos-owes')).toHaveTextContent('Owes KSh 1,200.00');

    await userEvent.click(screen.getByRole('button', { name: 'Record repayment' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Record repayment: Grace Wambui',
    });
    const amount = within(dialog).getByLabelText('Amount (KSh)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record repayment' }));
    expect(await within(dialog).findByTestId('repayment-new-balance')).toHaveTextContent(
      'KSh 700.00',
    );
    expect(sent.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/customers/7/repayments', body: { amount: 500, method: 'cash' } },
    ]);
    // The till's selector reads the customers again: what Grace owes now.
    await vi.waitFor(() =>
      expect(screen.getByTestId('pos-owes')).toHaveTextContent('Owes KSh 700.00'),
    );
  });
});

describe('a return at the till (issue 24)', () => {
  it('a manager finds the sale by its receipt number, returns a line, and the refund receipt opens', async () => {
    const sale = buildSale();
    const saleReturn = {
      id: 7,
      sale_id: 42,
      amount: 65,
      refund_method: 'cash',
      mpesa_code: null,
      reason: 'Sour',
      items: [
        {
          sale_item_id: 1,
          product_id: 3,
          product_name: 'Brookside Milk 500ml',
          unit_type: 'piece',
          quantity: 1,
          pieces: 1,
          amount: 65,
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
    let returnedYet = false;
    const sent = renderPage('manager', {
      'GET /sales/42': () => ({
        body: {
          success: true,
          data: returnedYet
            ? { ...sale, status: 'partially_returned', returned_amount: 65, returns: [saleReturn] }
            : sale,
        },
      }),
      'POST /sales/42/returns': () => {
        returnedYet = true;
        return { status: 201, body: { success: true, data: saleReturn } };
      },
      'GET /stores/1/receipt-settings': { body: { success: true, data: SETTINGS } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Return' }));
    await userEvent.type(await screen.findByLabelText('Receipt number'), '#42{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Return items of sale #42' });
    await userEvent.click(
      within(dialog).getAllByRole('button', { name: 'One more of Brookside Milk 500ml' })[0]!,
    );
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Sour');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Return and refund KSh 65.00' }),
    );

    const receipt = await screen.findByRole('dialog', { name: 'Refund Receipt #7' });
    expect(await within(receipt).findByText('Total refunded')).toBeInTheDocument();
    expect(sent.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/sales/42/returns',
        body: {
          items: [{ sale_item_id: 1, quantity: 1, restock: true }],
          refund_method: 'cash',
          reason: 'Sour',
        },
      },
    ]);
  });

  it('offers no Return to sales staff', async () => {
    renderPage('sales');
    await screen.findByRole('option', { name: GRACE });
    expect(screen.queryByTestId('till-return')).not.toBeInTheDocument();
  });
});
