import type { Role } from '@duka/shared/auth/roles';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '@/components/ui/use-toast';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { StoreProvider } from '@/features/stores/components/store-provider';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';
import { stubApi, type SentRequest } from '@/test/api-stub';
import { buildSale, buildUser } from '@/test/fixtures';
import { SalesPage } from './sales-page';

/** jsdom has no ResizeObserver; Radix's Switch (in Customize Receipt) measures itself with one. */
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => vi.stubGlobal('ResizeObserver', NoResizeObserver));
afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

const sale: Sale = buildSale({
  total_amount: 130,
  subtotal: 130,
  amount_paid: 200,
  change_amount: 70,
  Customer: { name: 'Grace Wambui', email: null, phone: '+254711562904' },
  items: buildSale().items.slice(0, 1),
});

function renderPage(role: Role, url = '/sales') {
  useAuthStore.setState({ user: buildUser(role), isAuthenticated: true, sessionChecked: true });
  const sent = stubApi({
    'GET /sales': { body: { sales: [sale], total: 1, page: 1, pageSize: 10 } },
    'GET /sales/42': { body: { success: true, data: sale } },
    'GET /orders': { body: { orders: [], total: 0, page: 1, pageSize: 10 } },
    'GET /payments/mpesa/summary': {
      body: {
        success: true,
        data: {
          date: '2026-11-26',
          received: [],
          unverified_sales: [],
          totals: { received: 0, matched: 0, unmatched: 0, unverified: 0 },
        },
      },
    },
    'GET /stores/1/receipt-settings': {
      body: {
        success: true,
        data: {
          business_name: 'Mama Mboga Duka',
          address: '',
          phone: '',
          email: '',
          website: '',
          thank_you_message: 'Asante!',
          show_logo: false,
          kra_pin: '',
          mpesa_till: '',
        },
      },
    },
  });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <RoleContext.Provider value={role}>
            <StoreProvider enabled={false}>
              <SalesPage />
            </StoreProvider>
          </RoleContext.Provider>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { sent, router };
}

const calls = (sent: SentRequest[], prefix: string) =>
  sent.filter((request) => request.path.startsWith(prefix)).map((request) => request.path);

describe('SalesPage (spec §2 Sales and Orders page)', () => {
  it("has the heading, the 'Receipt Settings' button opening 'Customize Receipt', and the tabs", async () => {
    const { sent } = renderPage('manager');
    expect(screen.getByRole('heading', { name: 'Sales & Orders', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sales', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Orders', selected: false })).toBeInTheDocument();
    expect(await screen.findByText('Grace Wambui')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Receipt Settings' }));
    expect(await screen.findByRole('dialog', { name: 'Customize Receipt' })).toBeInTheDocument();
    // The Orders tab asks nothing while closed (spec §7).
    expect(calls(sent, '/orders')).toEqual([]);
  });

  it('a cashier may not change the receipt settings: no button', async () => {
    renderPage('sales');
    expect(await screen.findByText('Grace Wambui')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Receipt Settings' })).toBeNull();
  });

  it('keeps the open tab in the address; the orders load when their tab opens', async () => {
    const { sent, router } = renderPage('sales');
    await screen.findByText('Grace Wambui');
    await userEvent.click(screen.getByRole('tab', { name: 'Orders' }));
    expect(router.state.location.search).toBe('?tab=orders');
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
    expect(calls(sent, '/orders')).toEqual(['/orders?page=1&pageSize=10']);
  });

  it('opened on ?tab=orders, it asks for the orders and not the sales', async () => {
    const { sent } = renderPage('sales', '/sales?tab=orders');
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Orders', selected: true })).toBeInTheDocument();
    expect(calls(sent, '/sales')).toEqual([]);
  });

  it("opens a sale's receipt over its details, to print or resend it", async () => {
    renderPage('sales');
    await userEvent.click(await screen.findByRole('button', { name: 'View Details of sale #42' }));
    const details = screen.getByRole('dialog', { name: 'Sale Details' });
    await userEvent.click(within(details).getByRole('button', { name: 'View Receipt' }));
    const receipt = await screen.findByRole('dialog', { name: 'Sale Receipt #42' });
    expect(await within(receipt).findByText('Mama Mboga Duka')).toBeInTheDocument();
    expect(within(receipt).getByRole('button', { name: 'WhatsApp' })).toBeEnabled();
    expect(within(receipt).getByRole('button', { name: 'SMS' })).toBeEnabled();
  });

  it("a manager's M-Pesa tab (issue 23): in the address, asked for only when open", async () => {
    const { sent, router } = renderPage('manager');
    await screen.findByText('Grace Wambui');
    expect(calls(sent, '/payments/mpesa')).toEqual([]);
    await userEvent.click(screen.getByRole('tab', { name: 'M-Pesa' }));
    expect(router.state.location.search).toBe('?tab=mpesa');
    expect(await screen.findByText('No M-Pesa payment was received this day.')).toBeInTheDocument();
    expect(calls(sent, '/payments/mpesa')).toHaveLength(1);
  });

  it('a cashier has no M-Pesa tab, not even from the address', async () => {
    const { sent } = renderPage('sales', '/sales?tab=mpesa');
    expect(await screen.findByText('Grace Wambui')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'M-Pesa' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Sales', selected: true })).toBeInTheDocument();
    expect(calls(sent, '/payments/mpesa')).toEqual([]);
  });
});
