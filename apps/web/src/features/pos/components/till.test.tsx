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
import { stubApi, type SentRequest } from '@/test/api-stub';
import { buildShopperProduct } from '@/test/fixtures';
import { Till } from './till';

const jogoo = buildShopperProduct();
const delivery = buildShopperProduct({
  id: 9,
  name: 'Delivery Service',
  sku: 'SRV001',
  barcode: null,
});
const walkIn = {
  id: 1,
  name: 'Walk-in Customer',
  email: null,
  phone: null,
  address: null,
  notes: null,
  is_walk_in: true,
  created_at: '2026-01-01T00:00:00.000Z',
};

function stubTill(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /products': { body: { data: [jogoo, delivery], total: 2, page: 1, pageSize: 12 } },
    'GET /products/search': (request) => ({
      body: { data: request.path.includes('q=6161101600019') ? [jogoo] : [] },
    }),
    'GET /customers': { body: { data: [walkIn] } },
    ...extra,
  });
}

function renderTill(onSaleCompleted = vi.fn()) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <RoleContext.Provider value="sales">
          <Till onSaleCompleted={onSaleCompleted} />
          <Toaster />
        </RoleContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return onSaleCompleted;
}

const productCalls = (sent: SentRequest[]) =>
  sent.filter((call) => call.path.startsWith('/products?')).map((call) => call.path);
const searchBox = () => screen.getByRole('searchbox', { name: 'Search products' });

beforeEach(() => useCartStore.getState().clearCart());
afterEach(() => {
  clearToasts();
  sessionStorage.clear();
});

describe('Till', () => {
  it('shows twelve-a-page products from the server without the SRV001 delivery service', async () => {
    const sent = stubTill();
    renderTill();
    expect(await screen.findByRole('button', { name: `Add ${jogoo.name}` })).toBeInTheDocument();
    expect(screen.queryByText('Delivery Service')).not.toBeInTheDocument();
    expect(productCalls(sent)).toEqual(['/products?page=1&pageSize=12']);
  });

  it('adds an exact barcode match at once on Enter and clears the box', async () => {
    stubTill();
    renderTill();
    await screen.findByRole('button', { name: `Add ${jogoo.name}` });
    await userEvent.type(searchBox(), '6161101600019{Enter}');
    const line = await screen.findByTestId('cart-line');
    expect(line).toHaveTextContent(jogoo.name);
    expect(searchBox()).toHaveValue('');
    expect(searchBox()).toHaveFocus();
    expect(await screen.findByText('Jogoo Maize Flour 2kg added to cart (piece)')).toBeVisible();
  });

  it('filters the grid at once when Enter finds no exact code', async () => {
    const sent = stubTill();
    renderTill();
    await screen.findByRole('button', { name: `Add ${jogoo.name}` });
    await userEvent.type(searchBox(), 'Jogoo{Enter}');
    await vi.waitFor(() =>
      expect(productCalls(sent)).toContain('/products?q=Jogoo&page=1&pageSize=12'),
    );
    expect(sent.some((call) => call.path === '/products/search?q=Jogoo')).toBe(true);
    expect(screen.getByText('Cart is empty')).toBeInTheDocument();
    expect(searchBox()).toHaveValue('Jogoo');
  });

  it('retries a checkout whose answer was lost with the same Idempotency-Key', async () => {
    stubTill({
      'POST /sales': { status: 201, body: { success: true, data: { id: 41 } } },
    });
    const answered = globalThis.fetch;
    const keys: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url.endsWith('/sales') && init.method === 'POST') {
          keys.push(new Headers(init.headers).get('Idempotency-Key') ?? '');
          if (keys.length === 1) throw new TypeError('Failed to fetch');
        }
        return answered(url, init);
      }),
    );
    const onSaleCompleted = renderTill();
    await userEvent.click(await screen.findByRole('button', { name: `Add ${jogoo.name}` }));
    await userEvent.keyboard('{F2}');
    const dialog = await screen.findByRole('dialog', { name: 'Complete Sale' });
    await userEvent.type(within(dialog).getByLabelText('Amount tendered'), '500');
    expect(within(dialog).getByTestId('checkout-balance')).toHaveTextContent('KSh 115.00');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));
    expect(await screen.findByText('Server Error')).toBeVisible();
    expect(screen.getByText('Failed to complete checkout. Please try again.')).toBeVisible();
    expect(useCartStore.getState().items).toHaveLength(1);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));
    await vi.waitFor(() => expect(onSaleCompleted).toHaveBeenCalledWith(41));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(useCartStore.getState().items).toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: 'Complete Sale' })).not.toBeInTheDocument();
  });

  it("shows 'Connection Error' with Retry when products fail to load, and retries", async () => {
    let failing = true;
    stubTill({
      'GET /products': () =>
        failing
          ? { status: 500, body: { message: 'Internal Server Error' } }
          : { body: { data: [jogoo], total: 1, page: 1, pageSize: 12 } },
    });
    renderTill();
    expect(await screen.findByRole('alert')).toHaveTextContent('Connection Error');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: `Add ${jogoo.name}` })).toBeInTheDocument();
  });

  it('shows a new shop how to start instead of an empty grid', async () => {
    stubTill({
      'GET /products': { body: { data: [delivery], total: 1, page: 1, pageSize: 12 } },
    });
    renderTill();
    expect(await screen.findByRole('link', { name: 'Add or import products' })).toHaveAttribute(
      'href',
      '/inventory',
    );
    // A cashier cannot add staff: no link to /users.
    expect(screen.queryByRole('link', { name: 'Add a cashier' })).not.toBeInTheDocument();
    expect(screen.queryByText('No products found')).not.toBeInTheDocument();
  });
});
