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
import { buildShopperProduct, buildUser } from '@/test/fixtures';
import { PosPage } from './pos-page';

const customer = (overrides: Partial<Customer>): Customer => ({
  id: 1,
  name: 'Walk-in Customer',
  email: null,
  phone: null,
  address: null,
  notes: null,
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

function renderPage(role: Role) {
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
