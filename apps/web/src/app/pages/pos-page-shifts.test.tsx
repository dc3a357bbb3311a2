import type { Role } from '@duka/shared/auth/roles';
import { SHIFT_MESSAGES } from '@duka/shared/shifts/shifts.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '@/components/ui/use-toast';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { OPEN_SHIFT_FIRST } from '@/features/pos/lib/checkout-errors';
import { OPEN_SHIFT } from '@/features/shifts/lib/shift-fixtures';
import { StoreProvider } from '@/features/stores/components/store-provider';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';
import { stubApi, stubResizeObserver } from '@/test/api-stub';
import { buildShopperProduct, buildUser } from '@/test/fixtures';
import { PosPage } from './pos-page';

const product = buildShopperProduct();
const walkIn = {
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
};

beforeEach(() => {
  useCartStore.getState().clearCart();
  stubResizeObserver();
});
afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

function renderPage(routes: Parameters<typeof stubApi>[0], role: Role = 'sales') {
  useAuthStore.setState({ user: buildUser(role), isAuthenticated: true, sessionChecked: true });
  const sent = stubApi({
    'GET /products': { body: { data: [product], total: 1, page: 1, pageSize: 12 } },
    'GET /customers': { body: { data: [walkIn] } },
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

describe('the till when the store requires an open shift (issue 24)', () => {
  it("keeps the till's own message in step with the contract", () => {
    expect(OPEN_SHIFT_FIRST).toBe(SHIFT_MESSAGES.openShiftFirst);
  });

  it("answers the checkout's 409 'Open a shift first' with Open shift, and opens one", async () => {
    let open = false;
    const sent = renderPage({
      'GET /shifts/current': () => ({ body: { success: true, data: open ? OPEN_SHIFT : null } }),
      'POST /sales': { status: 409, body: { message: SHIFT_MESSAGES.openShiftFirst } },
      'POST /shifts': () => {
        open = true;
        return { status: 201, body: { success: true, data: OPEN_SHIFT } };
      },
    });
    expect(await screen.findByText('No open shift')).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: `Add ${product.name}` }));
    await userEvent.keyboard('{F2}');
    const checkout = await screen.findByRole('dialog', { name: 'Complete Sale' });
    await userEvent.type(within(checkout).getByLabelText('Amount tendered'), '1000');
    await userEvent.click(within(checkout).getByRole('button', { name: 'Complete Sale' }));

    const refusal = await within(checkout).findByTestId('shift-required');
    expect(refusal).toHaveTextContent('Open a shift first');
    await userEvent.click(within(refusal).getByRole('button', { name: 'Open shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open shift' });
    await userEvent.type(within(dialog).getByLabelText('Opening float'), '2000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open shift' }));

    await vi.waitFor(() =>
      expect(sent.find((call) => call.path === '/shifts')?.body).toEqual({
        opening_float: '2000',
      }),
    );
    // The checkout is still there, its cart kept, for Complete Sale again.
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Open shift' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Complete Sale' })).toBeInTheDocument();
    expect(useCartStore.getState().items).toHaveLength(1);
  });

  it('with no shift required, the till sells as before, the bar out of the way when shifts do not answer', async () => {
    const sent = renderPage({
      'POST /sales': { status: 201, body: { success: true, data: { id: 41 } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: `Add ${product.name}` }));
    await userEvent.keyboard('{F2}');
    const checkout = await screen.findByRole('dialog', { name: 'Complete Sale' });
    await userEvent.type(within(checkout).getByLabelText('Amount tendered'), '1000');
    await userEvent.click(within(checkout).getByRole('button', { name: 'Complete Sale' }));
    await vi.waitFor(() => expect(sent.some((call) => call.path === '/sales')).toBe(true));
    expect(screen.queryByTestId('shift-bar')).not.toBeInTheDocument();
  });
});
