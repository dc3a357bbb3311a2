// jsdom has no IndexedDB: the device's outbox runs on fake-indexeddb's in-memory one.
import 'fake-indexeddb/auto';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deleteDB } from 'idb';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '@/components/ui/use-toast';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { closeDeviceDb, DEVICE_DB_NAME } from '@/features/offline/device-db';
import { listOutbox } from '@/features/offline/outbox-api';
import { StoreProvider } from '@/features/stores/components/store-provider';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';
import { stubApi, stubResizeObserver } from '@/test/api-stub';
import { buildShopperProduct, buildUser } from '@/test/fixtures';
import { PosPage } from './pos-page';

const jogoo = buildShopperProduct();
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

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

beforeEach(() => {
  useCartStore.getState().clearCart();
  stubResizeObserver();
});
afterEach(async () => {
  setOnline(true);
  act(() => clearToasts());
  vi.unstubAllGlobals();
  sessionStorage.clear();
  await closeDeviceDb();
  await deleteDB(DEVICE_DB_NAME);
});

describe('the till with no connection (issue 22)', () => {
  it("keeps the sale on the device under the cashier's name and opens its receipt T0-0001", async () => {
    const cashier = { ...buildUser('sales'), name: 'Amina Cashier' };
    useAuthStore.setState({ user: cashier, isAuthenticated: true, sessionChecked: true });
    const sent = stubApi({
      'GET /products': { body: { data: [jogoo], total: 1, page: 1, pageSize: 12 } },
      'GET /customers': { body: { data: [walkIn] } },
    });
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <RoleContext.Provider value="sales">
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

    await userEvent.click(await screen.findByRole('button', { name: `Add ${jogoo.name}` }));
    setOnline(false);
    await userEvent.keyboard('{F2}');
    const checkout = await screen.findByRole('dialog', { name: 'Complete Sale' });
    await userEvent.type(within(checkout).getByLabelText('Amount tendered'), '200');
    await userEvent.click(within(checkout).getByRole('button', { name: 'Complete Sale' }));

    // The outbox's and the receipt's code load on demand: give them time on a busy machine.
    const receipt = await screen.findByRole(
      'dialog',
      { name: 'Receipt T0-0001' },
      { timeout: 10_000 },
    );
    expect(within(receipt).getByText(jogoo.name)).toBeVisible();
    expect(within(receipt).getByText('Amina Cashier')).toBeVisible();
    const clientSaleId = router.state.location.search.replace('?local=', '');
    expect(sent.some((call) => call.method === 'POST')).toBe(false);

    const [entry] = await listOutbox();
    expect(entry).toMatchObject({
      client_sale_id: clientSaleId,
      state: 'waiting',
      user_id: cashier.id,
      user_name: 'Amina Cashier',
      store_id: cashier.store_id,
      device_receipt_number: 'T0-0001',
      total: 185,
    });
    expect(entry!.payload).toMatchObject({ offline: true, client_sale_id: clientSaleId });
  }, 20_000);
});
