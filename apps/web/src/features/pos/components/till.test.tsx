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
import { beep } from '../lib/beep';
import { useTillSettings } from '../stores/till-settings';
import { Till } from './till';

vi.mock('../lib/beep', () => ({ beep: vi.fn() }));

/** jsdom has no ResizeObserver; Radix's Switch (the checkout's Delivery) measures itself. */
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const jogoo = buildShopperProduct();
const delivery = buildShopperProduct({
  id: 9,
  name: 'Delivery Service',
  sku: 'SRV001',
  barcode: null,
  kind: 'service',
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
    // As the server answers: goods or services alone when asked (kind=), else both.
    'GET /products': (request) => {
      const kind = new URL(request.path, 'http://x').searchParams.get('kind');
      const data = [jogoo, delivery].filter((product) => !kind || product.kind === kind);
      return { body: { data, total: data.length, page: 1, pageSize: 12 } };
    },
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

beforeEach(() => {
  useCartStore.getState().clearCart();
  useTillSettings.getState().setBeep(true);
  vi.mocked(beep).mockClear();
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
});
afterEach(() => {
  clearToasts();
  sessionStorage.clear();
});

describe('Till', () => {
  it('shows twelve-a-page goods from the server, services left out before paging', async () => {
    const sent = stubTill();
    renderTill();
    expect(await screen.findByRole('button', { name: `Add ${jogoo.name}` })).toBeInTheDocument();
    expect(screen.queryByText('Delivery Service')).not.toBeInTheDocument();
    expect(productCalls(sent)).toEqual(['/products?page=1&pageSize=12&kind=goods']);
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
      expect(productCalls(sent)).toContain('/products?q=Jogoo&page=1&pageSize=12&kind=goods'),
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
    // A counter sale (issue 20): no delivery fee, 500 − 185.
    expect(within(dialog).getByTestId('checkout-balance')).toHaveTextContent('KSh 315.00');

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

  it('says an earlier attempt went through when the server holds the key for other details', async () => {
    stubTill({
      'POST /sales': {
        status: 409,
        body: {
          message: 'This Idempotency-Key was used for a different sale',
          code: 'sale.idempotency_key_reused',
        },
      },
    });
    const answered = globalThis.fetch;
    const keys: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url.endsWith('/sales') && init.method === 'POST') {
          keys.push(new Headers(init.headers).get('Idempotency-Key') ?? '');
        }
        return answered(url, init);
      }),
    );
    renderTill();
    await userEvent.click(await screen.findByRole('button', { name: `Add ${jogoo.name}` }));
    await userEvent.keyboard('{F2}');
    const dialog = await screen.findByRole('dialog', { name: 'Complete Sale' });
    await userEvent.type(within(dialog).getByLabelText('Amount tendered'), '500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));
    expect(await screen.findByText('This sale may already be recorded')).toBeVisible();
    expect(screen.queryByText('Server Error')).not.toBeInTheDocument();
    // The cart stays for the cashier to check /sales; a sale completed again is one of its own.
    expect(useCartStore.getState().items).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));
    await vi.waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).not.toBe(keys[0]);
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
      'GET /products': { body: { data: [], total: 0, page: 1, pageSize: 12 } },
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

  it('has the search box focused when it opens', async () => {
    stubTill();
    renderTill();
    await screen.findByRole('button', { name: `Add ${jogoo.name}` });
    expect(searchBox()).toHaveFocus();
  });
});

describe('Till, scanner first (issue 20)', () => {
  it('a scan that finds nothing clears the box, beeps and says so; the next scan works', async () => {
    stubTill();
    renderTill();
    await screen.findByRole('button', { name: `Add ${jogoo.name}` });
    await userEvent.type(searchBox(), '5901234123457{Enter}');
    expect(await screen.findByText('No product with code 5901234123457')).toBeVisible();
    expect(searchBox()).toHaveValue('');
    expect(searchBox()).toHaveFocus();
    expect(beep).toHaveBeenCalledTimes(1);
    expect(useCartStore.getState().items).toHaveLength(0);

    await userEvent.type(searchBox(), '6161101600019{Enter}');
    expect(await screen.findByTestId('cart-line')).toHaveTextContent(jogoo.name);
    expect(beep).toHaveBeenCalledTimes(1);
  });

  it('stays silent when the beep is switched off at the till', async () => {
    stubTill();
    renderTill();
    await screen.findByRole('button', { name: `Add ${jogoo.name}` });
    const sound = screen.getByRole('button', { name: 'Beep when a scan finds nothing' });
    expect(sound).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(sound);
    expect(sound).toHaveAttribute('aria-pressed', 'false');
    await userEvent.type(searchBox(), '5901234123457{Enter}');
    expect(await screen.findByText('No product with code 5901234123457')).toBeVisible();
    expect(beep).not.toHaveBeenCalled();
  });

  it('a word search that adds nothing keeps the box and does not beep', async () => {
    stubTill();
    renderTill();
    await screen.findByRole('button', { name: `Add ${jogoo.name}` });
    await userEvent.type(searchBox(), 'sugar{Enter}');
    await vi.waitFor(() => expect(searchBox()).toHaveValue('sugar'));
    expect(screen.queryByText(/No product with code/)).not.toBeInTheDocument();
    expect(beep).not.toHaveBeenCalled();
  });
});

describe('Till, stock and units (issue 20)', () => {
  const bottles = buildShopperProduct({
    id: 5,
    name: 'Keringet Water 500ml',
    sku: 'KER-500',
    barcode: '6164000000050',
    stock_unit: 'dozen',
    quantity: 0,
    pack_size: 1,
    pack_selling_price: 0,
    dozen_selling_price: 600,
    ...{ stock_pieces: 6 },
  });
  const soldOut = buildShopperProduct({
    id: 6,
    name: 'Mumias Sugar 1kg',
    sku: 'SUG-MUM1',
    barcode: '6161100000062',
    ...{ stock_pieces: 0 },
  });

  it('tells stock as on the shelf, and offers no unit without a price', async () => {
    stubTill({
      'GET /products': { body: { data: [bottles], total: 1, page: 1, pageSize: 12 } },
    });
    renderTill();
    const add = await screen.findByRole('button', { name: `Add ${bottles.name}` });
    const card = add.closest('li')!;
    expect(within(card).getByTestId('product-stock')).toHaveTextContent('Stock: 6 pcs');
    // A pack priced 0.00 is not sold by the pack: not printed, not offered.
    expect(within(card).queryByText('Pack')).not.toBeInTheDocument();
    expect(within(card).getByText('Dozen')).toBeInTheDocument();
    await userEvent.click(add);
    const unit = screen.getByRole('combobox', { name: `Unit — ${bottles.name}` });
    const options = within(unit)
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(options).toEqual(['piece', 'dozen']);
  });

  it('shows an out-of-stock product as such and does not let it be added', async () => {
    stubTill({
      'GET /products': { body: { data: [soldOut, bottles], total: 2, page: 1, pageSize: 12 } },
      'GET /products/search': { body: { data: [soldOut] } },
    });
    renderTill();
    const add = await screen.findByRole('button', { name: `Add ${soldOut.name}` });
    expect(add).toBeDisabled();
    expect(within(add.closest('li')!).getByText('Out of stock')).toBeVisible();
    expect(screen.getByRole('button', { name: `Add ${bottles.name}` })).toBeEnabled();
    // Scanned, it is refused too, and the box is ready for the next scan.
    await userEvent.type(searchBox(), `${soldOut.barcode}{Enter}`);
    expect(await screen.findByText('Mumias Sugar 1kg is out of stock')).toBeVisible();
    expect(searchBox()).toHaveValue('');
    expect(useCartStore.getState().items).toHaveLength(0);
  });

  it('a 409 at checkout says how much is left now, not Server Error', async () => {
    const sent = stubTill({
      'GET /products': { body: { data: [bottles], total: 1, page: 1, pageSize: 12 } },
      'POST /sales': {
        status: 409,
        body: {
          message: `Insufficient stock for ${bottles.name}`,
          code: 'sale.insufficient_stock',
        },
      },
      // Another till sold two meanwhile: four are left now.
      'GET /products/5': { body: { success: true, data: { ...bottles, stock_pieces: 4 } } },
    });
    renderTill();
    await userEvent.click(await screen.findByRole('button', { name: `Add ${bottles.name}` }));
    await userEvent.keyboard('{F2}');
    const dialog = await screen.findByRole('dialog', { name: 'Complete Sale' });
    await userEvent.type(within(dialog).getByLabelText('Amount tendered'), '1000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));
    expect(await screen.findByText(`Only 4 pcs left of ${bottles.name}`)).toBeVisible();
    expect(screen.queryByText('Server Error')).not.toBeInTheDocument();
    expect(sent.some((call) => call.path === '/products/5')).toBe(true);
  });
});

describe('Till, the Delivery switch (issue 20)', () => {
  it('a counter sale has no delivery fee; switched on, 200 is added', async () => {
    const sent = stubTill({
      'POST /sales': { status: 201, body: { success: true, data: { id: 41 } } },
    });
    renderTill();
    await userEvent.click(await screen.findByRole('button', { name: `Add ${jogoo.name}` }));
    await userEvent.keyboard('{F2}');
    const dialog = await screen.findByRole('dialog', { name: 'Complete Sale' });
    const delivery = within(dialog).getByRole('switch', { name: 'Delivery' });
    expect(delivery).not.toBeChecked();
    expect(within(dialog).queryByLabelText('Delivery fee')).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('checkout-total')).toHaveTextContent('KSh 185.00');

    await userEvent.click(delivery);
    expect(within(dialog).getByLabelText('Delivery fee')).toHaveValue(200);
    expect(within(dialog).getByTestId('checkout-total')).toHaveTextContent('KSh 385.00');
    await userEvent.click(delivery);
    expect(within(dialog).getByTestId('checkout-total')).toHaveTextContent('KSh 185.00');

    await userEvent.type(within(dialog).getByLabelText('Amount tendered'), '185');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));
    await vi.waitFor(() => expect(sent.some((call) => call.method === 'POST')).toBe(true));
    expect(sent.find((call) => call.method === 'POST')?.body).toMatchObject({
      total: 185,
      delivery_fee: 0,
    });
  });

  it('starts switched on when the cart holds the delivery line', async () => {
    stubTill();
    renderTill();
    await userEvent.click(await screen.findByRole('button', { name: `Add ${jogoo.name}` }));
    await userEvent.click(screen.getByRole('button', { name: 'Add delivery' }));
    await screen.findByText('Delivery Service');
    await userEvent.keyboard('{F2}');
    const dialog = await screen.findByRole('dialog', { name: 'Complete Sale' });
    expect(within(dialog).getByRole('switch', { name: 'Delivery' })).toBeChecked();
    // The delivery line charges the delivery: no second KSh 200 on top of it.
    expect(within(dialog).getByLabelText('Delivery fee')).toHaveValue(0);
  });

  it("adds the store's delivery service, its active service with the lowest id, whatever its SKU", async () => {
    const porterage = buildShopperProduct({
      id: 12,
      name: 'Porterage',
      sku: 'P1',
      kind: 'service',
    });
    const old = { ...porterage, id: 3, name: 'Old delivery', is_active: false };
    const ours = {
      ...porterage,
      id: 7,
      name: 'Boda delivery',
      sku: 'BODA',
      piece_selling_price: 150,
    };
    const sent = stubTill({
      'GET /products': (request) =>
        request.path.includes('kind=service')
          ? { body: { data: [porterage, old, ours], total: 3, page: 1, pageSize: 100 } }
          : { body: { data: [jogoo], total: 1, page: 1, pageSize: 12 } },
    });
    renderTill();
    await userEvent.click(await screen.findByRole('button', { name: 'Add delivery' }));
    expect(await screen.findByTestId('cart-line')).toHaveTextContent('Boda delivery');
    expect(productCalls(sent)).toContain('/products?kind=service&active=true&pageSize=100');
    // Never twice (spec §4 Cart): the line is told by its kind, not its SKU.
    await userEvent.click(screen.getByRole('button', { name: 'Add delivery' }));
    await vi.waitFor(() => expect(productCalls(sent)).toHaveLength(3));
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
  });

  it('says so when the store has no delivery service', async () => {
    stubTill({
      'GET /products': (request) => ({
        body: { data: request.path.includes('kind=service') ? [] : [jogoo], total: 1, page: 1 },
      }),
    });
    renderTill();
    await userEvent.click(await screen.findByRole('button', { name: 'Add delivery' }));
    expect(
      await screen.findByText(
        'This store has no delivery service: add an active service to its products.',
      ),
    ).toBeVisible();
    expect(screen.queryByTestId('cart-line')).not.toBeInTheDocument();
  });
});
