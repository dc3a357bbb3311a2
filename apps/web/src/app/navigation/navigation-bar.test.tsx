import type { User } from '@duka/shared/auth/auth.schemas';
import { navEntriesFor } from '@duka/shared/auth/permissions';
import type { Store } from '@duka/shared/stores/stores.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { StoreProvider } from '@/features/stores/components/store-provider';
import { CURRENT_STORE_KEY, useCurrentStore } from '@/features/stores/stores/current-store';
import { createQueryClient } from '@/lib/query-client';
import { stubApi } from '@/test/api-stub';
import { buildUser } from '@/test/fixtures';
import { NavigationBar } from './navigation-bar';

const stores: Store[] = [
  { id: 1, name: 'Duka Demo — Nairobi', is_active: true, created_at: '2025-01-01T00:00:00Z' },
  { id: 2, name: 'Duka Demo — Mombasa', is_active: true, created_at: '2025-01-02T00:00:00Z' },
];

function renderNavigation(user: User, queryClient = createQueryClient()) {
  useAuthStore.setState({ user, isAuthenticated: true, sessionChecked: true });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <StoreProvider enabled>
            <NavigationBar />
          </StoreProvider>
        ),
      },
    ],
    { initialEntries: ['/pos'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  useCurrentStore.setState({ currentStore: null });
  useCartStore.getState().clearCart();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ success: true, data: stores })),
  );
});

describe('NavigationBar', () => {
  it("shows a cashier exactly the shared matrix's entries, and no store selector", () => {
    renderNavigation(buildUser('sales'));
    const main = screen.getByRole('navigation', { name: 'Main' });
    const labels = within(main)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual(navEntriesFor('sales').map((entry) => entry.label));
    expect(within(main).queryByRole('link', { name: 'Customers' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Store:')).not.toBeInTheDocument();
  });

  it('gives a super_admin a "Store:" select listing every store, and switching saves it', async () => {
    renderNavigation(buildUser('super_admin'));
    const select = screen.getByLabelText<HTMLSelectElement>('Store:');
    expect(
      await within(select).findByRole('option', { name: stores[1]!.name }),
    ).toBeInTheDocument();
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(stores.map((store) => store.name));
    // None was chosen, so the first store becomes current.
    expect(select.value).toBe('1');

    await userEvent.selectOptions(select, '2');
    expect(useCurrentStore.getState().currentStore?.id).toBe(2);
    expect(JSON.parse(localStorage.getItem(CURRENT_STORE_KEY)!)).toMatchObject({ id: 2 });
  });

  it("marks an inactive store in the super_admin's list, and when it is the current one", async () => {
    const closed: Store = { ...stores[1]!, is_active: false };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ success: true, data: [stores[0], closed] })),
    );
    useCurrentStore.setState({ currentStore: closed });
    renderNavigation(buildUser('super_admin'));
    const select = screen.getByLabelText<HTMLSelectElement>('Store:');
    expect(
      await within(select).findByRole('option', { name: 'Duka Demo — Mombasa (inactive)' }),
    ).toBeInTheDocument();
    expect(select.value).toBe('2');
    expect(within(screen.getByRole('banner')).getByText('Inactive')).toBeInTheDocument();
  });

  it('shows staff the name of their own store, with nothing to choose', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ success: true, data: [stores[0]] })),
    );
    renderNavigation(buildUser('manager'));
    const header = screen.getByRole('banner');
    expect(await within(header).findByText('Duka Demo — Nairobi')).toBeInTheDocument();
    expect(within(header).queryByRole('combobox')).toBeNull();
  });

  it('counts cart lines on the cart button and lists them in "Your Cart"', async () => {
    const cart = useCartStore.getState();
    const product = { id: 5, name: 'Maize flour', selling_price: '120.25', stock_unit: 'piece' };
    cart.addItem(product);
    cart.addItem(product);
    cart.addItem({ ...product, id: 6, name: 'Cooking oil', selling_price: '300' });
    renderNavigation(buildUser('admin'));

    const cartButton = screen.getByRole('button', { name: 'Cart' });
    expect(cartButton).toHaveTextContent('2');
    await userEvent.click(cartButton);
    const dialog = await screen.findByRole('dialog', { name: 'Your Cart' });
    expect(within(dialog).getByText('Maize flour x 2')).toBeInTheDocument();
    expect(within(dialog).getByText('Total: KSh 540.50')).toBeInTheDocument();
  });
});

describe("the header's backup warning (issue 27)", () => {
  const storesReply = { body: { success: true, data: stores } };

  it('warns an admin that the last backup failed, linking to /system', async () => {
    const sent = stubApi({
      'GET /stores': storesReply,
      'GET /system/backup-status': {
        body: { success: true, data: { warning: 'failed', last_success_at: null } },
      },
    });
    const router = renderNavigation(buildUser('admin'));
    const header = screen.getByRole('banner');
    const link = await within(header).findByRole('link', { name: 'The last backup failed' });
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/system');
    // Asked once: not again when the first store is chosen, nor on the next page.
    expect(sent.filter((request) => request.path === '/system/backup-status')).toHaveLength(1);
  });

  it('warns a super_admin when no backup was made in two days', async () => {
    stubApi({
      'GET /stores': storesReply,
      'GET /system/backup-status': {
        body: {
          success: true,
          data: { warning: 'stale', last_success_at: '2026-11-20T00:00:00Z' },
        },
      },
    });
    renderNavigation(buildUser('super_admin'));
    expect(
      await within(screen.getByRole('banner')).findByRole('link', {
        name: 'No backup in the last two days',
      }),
    ).toHaveAttribute('href', '/system');
  });

  it('shows nothing when all is well, nor when the status cannot be had', async () => {
    const sent = stubApi({
      'GET /stores': storesReply,
      'GET /system/backup-status': {
        body: { success: true, data: { warning: null, last_success_at: '2026-11-27T00:00:00Z' } },
      },
    });
    renderNavigation(buildUser('admin'));
    await vi.waitFor(() =>
      expect(sent.some((request) => request.path === '/system/backup-status')).toBe(true),
    );
    expect(await within(screen.getByRole('banner')).findByText(stores[0]!.name)).toBeVisible();
    expect(screen.queryByRole('link', { name: /backup/ })).toBeNull();
    cleanup();

    // Offline, or the server down: quiet, and the header is there.
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        if (url.includes('/system/')) throw new TypeError('Failed to fetch');
        return Response.json({ success: true, data: stores });
      }),
    );
    renderNavigation(buildUser('admin'));
    expect(await within(screen.getByRole('banner')).findByText(stores[0]!.name)).toBeVisible();
    await vi.waitFor(() => expect(asked).toContain('/api/system/backup-status'));
    expect(screen.queryByRole('link', { name: /backup/ })).toBeNull();
  });

  it('never asks for the backups on behalf of a manager or a cashier', async () => {
    for (const role of ['manager', 'sales'] as const) {
      const sent = stubApi({ 'GET /stores': storesReply });
      renderNavigation(buildUser(role));
      expect(await within(screen.getByRole('banner')).findByText(stores[0]!.name)).toBeVisible();
      expect(sent.map((request) => request.path.split('?')[0])).toEqual(['/stores']);
      cleanup();
    }
  });
});
