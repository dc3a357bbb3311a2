import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { clearToasts } from '@/components/ui/use-toast';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { createQueryClient } from '@/lib/query-client';
import { stubApi, type ApiReply, type SentRequest } from '@/test/api-stub';
import { buildShopperProduct } from '@/test/fixtures';
import { buildOrder } from '../lib/shop-fixtures';
import { Shop } from './shop';

const jogoo = buildShopperProduct();
const pembe = buildShopperProduct({
  id: 2,
  name: 'Pembe Maize Flour 2kg',
  sku: 'UNG-PEM2',
  description: '  ',
  piece_selling_price: 190.5,
  thumbnail_url: '/uploads/pembe-thumb.webp',
  images: [{ id: 5, url: '/uploads/pembe.webp', thumbnail_url: '/uploads/pembe-thumb.webp' }],
});
const unpriced = buildShopperProduct({
  id: 3,
  name: 'Loose Sugar',
  sku: 'SUG-LOOSE',
  piece_selling_price: 0,
});
const delivery = buildShopperProduct({
  id: 9,
  name: 'Delivery Service',
  sku: 'SRV001',
  kind: 'service',
});

type Routes = Record<string, ApiReply | ((request: SentRequest) => ApiReply | undefined)>;

function stubShop(routes: Routes = {}) {
  return stubApi({
    // As the server answers: services (the delivery) only when goods are not asked for alone.
    'GET /products': (request) => {
      const goodsOnly = new URL(request.path, 'http://x').searchParams.get('kind') === 'goods';
      const data = goodsOnly ? [jogoo, pembe, unpriced] : [jogoo, pembe, unpriced, delivery];
      return { body: { data, total: data.length, page: 1, pageSize: 12 } };
    },
    'GET /orders': { body: { orders: [], total: 0, page: 1, pageSize: 10 } },
    ...routes,
  });
}

function renderShop() {
  const client = createQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <Shop />
      <Toaster />
    </QueryClientProvider>,
  );
  return { invalidate };
}

const addButton = (name: string) => screen.findByRole('button', { name: `Add to Cart: ${name}` });
// Hidden too: behind the open 'Place your order' dialog the page is hidden from the tree.
const placeOrder = () => screen.getByRole('button', { name: 'Place Order', hidden: true });

/** The 'Place your order' dialog filled in and confirmed: a pickup, or a delivery there. */
async function confirmOrder({
  phone = '0712 345 678',
  delivery,
}: { phone?: string; delivery?: string } = {}) {
  const dialog = await screen.findByRole('dialog', { name: 'Place your order' });
  await userEvent.type(within(dialog).getByLabelText('Phone *'), phone);
  if (delivery !== undefined) {
    await userEvent.click(within(dialog).getByLabelText('Deliver it to me'));
    await userEvent.type(within(dialog).getByLabelText('Delivery address *'), delivery);
  }
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm order' }));
  return dialog;
}
const cartLines = () => screen.queryAllByTestId('shop-cart-line');

beforeEach(() => useCartStore.getState().clearCart());
afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

describe('Shop', () => {
  it('shows the shelf 12 a page with active goods only (services left out by the server before paging), and each card as the spec says', async () => {
    const sent = stubShop();
    renderShop();
    await addButton(jogoo.name);
    expect(
      sent.filter((call) => call.path.startsWith('/products')).map((call) => call.path),
    ).toEqual(['/products?page=1&pageSize=12&active=true&kind=goods']);
    expect(screen.queryByText('Delivery Service')).not.toBeInTheDocument();
    const cards = screen.getAllByTestId('shop-product');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('Sifted maize meal');
    expect(cards[0]).toHaveTextContent('KSh 185.00');
    expect(within(cards[0]!).getByTestId('product-image-placeholder')).toBeInTheDocument();
    // A blank description says so; a price of 0 is 'N/A'.
    expect(cards[1]).toHaveTextContent('No description');
    expect(cards[1]).toHaveTextContent('KSh 190.50');
    expect(cards[2]).toHaveTextContent('N/A');
  });

  it('shows a placeholder when a photo fails to load', async () => {
    stubShop();
    renderShop();
    await addButton(pembe.name);
    const card = screen.getAllByTestId('shop-product')[1]!;
    const image = card.querySelector('img');
    expect(image).toHaveAttribute('src', '/uploads/pembe-thumb.webp');
    act(() => {
      image!.dispatchEvent(new Event('error'));
    });
    expect(within(card).getByTestId('product-image-placeholder')).toBeInTheDocument();
    expect(card.querySelector('img')).toBeNull();
  });

  it('pages with Previous, numbered pages and Next, and searches on the server', async () => {
    const sent = stubShop({
      'GET /products': (request) => {
        const page = Number(new URL(request.path, 'http://x').searchParams.get('page'));
        const product = buildShopperProduct({ id: 100 + page, name: `Product on page ${page}` });
        return { body: { data: [product], total: 30, page, pageSize: 12 } };
      },
    });
    renderShop();
    await addButton('Product on page 1');
    const pages = screen.getByRole('navigation', { name: 'Product pages' });
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await addButton('Product on page 3');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(within(pages).getByRole('button', { name: 'Previous' }));
    await addButton('Product on page 2');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search products' }), 'omo');
    await addButton('Product on page 1');
    expect(sent.map((call) => call.path)).toContain(
      '/products?q=omo&page=1&pageSize=12&active=true&kind=goods',
    );
  });

  it("adds one piece at the piece price, and refuses a product without a price: 'Invalid product'", async () => {
    stubShop();
    renderShop();
    await userEvent.click(await addButton(jogoo.name));
    await userEvent.click(await addButton(jogoo.name));
    expect(await screen.findByText('Jogoo Maize Flour 2kg added to cart (piece)')).toBeVisible();
    await userEvent.click(await addButton(pembe.name));
    expect(
      useCartStore
        .getState()
        .items.map((item) => [item.product.id, item.quantity, item.unit_type, item.unit_price]),
    ).toEqual([
      [1, 2, 'piece', 185],
      [2, 1, 'piece', 190.5],
    ]);
    expect(screen.getByTestId('shop-cart-total')).toHaveTextContent('KSh 560.50');

    await userEvent.click(await addButton(unpriced.name));
    expect(await screen.findByText('Invalid product')).toBeVisible();
    expect(screen.getByText('This product cannot be added to the cart.')).toBeVisible();
    expect(cartLines()).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: `Remove ${jogoo.name}` }));
    expect(cartLines()).toHaveLength(1);
    expect(screen.getByTestId('shop-cart-total')).toHaveTextContent('KSh 190.50');
  });

  it('keeps Place Order disabled while the cart is empty, and sends nothing', async () => {
    const sent = stubShop();
    renderShop();
    await addButton(jogoo.name);
    expect(placeOrder()).toBeDisabled();
    await userEvent.click(await addButton(jogoo.name));
    expect(placeOrder()).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: `Remove ${jogoo.name}` }));
    expect(placeOrder()).toBeDisabled();
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
  });

  it("places the order with the spec's lines, shows 'Placing Order...', then clears the cart and refreshes My orders", async () => {
    let answer: (reply: ApiReply) => void = () => undefined;
    let ordered = false;
    const sent = stubShop({
      'POST /orders': () => undefined,
      'GET /orders': () => ({
        body: ordered
          ? { orders: [buildOrder()], total: 1, page: 1, pageSize: 10 }
          : { orders: [], total: 0, page: 1, pageSize: 10 },
      }),
    });
    // The POST waits until the test answers it, so the busy state can be seen.
    const stubbed = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url.endsWith('/orders') && init.method === 'POST') {
          await stubbed(url, init);
          const reply = await new Promise<ApiReply>((resolve) => (answer = resolve));
          return Response.json(reply.body, { status: reply.status ?? 200 });
        }
        return stubbed(url, init);
      }),
    );
    const { invalidate } = renderShop();
    expect(await screen.findByText('You have not placed any orders yet.')).toBeInTheDocument();
    await userEvent.click(await addButton(jogoo.name));
    await userEvent.click(await addButton(jogoo.name));
    await userEvent.click(await addButton(pembe.name));
    await userEvent.click(placeOrder());

    // The dialog asks for a phone, and an address once delivery is chosen.
    const dialog = await screen.findByRole('dialog', { name: 'Place your order' });
    expect(within(dialog).getByText('KSh 560.50')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('I will pick it up at the shop')).toBeChecked();
    expect(within(dialog).queryByLabelText('Delivery address *')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText('Deliver it to me'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm order' }));
    expect(await within(dialog).findByText('Phone is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the address for delivery')).toBeInTheDocument();
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Phone *'), '0712 345 678');
    await userEvent.type(
      within(dialog).getByLabelText('Delivery address *'),
      'Ngong Road, Kilimani',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm order' }));

    const busy = await within(dialog).findByRole('button', { name: 'Placing Order...' });
    expect(busy).toBeDisabled();
    const post = sent.find((call) => call.method === 'POST');
    expect(post).toEqual({
      method: 'POST',
      path: '/orders',
      body: {
        items: [
          { product_id: 1, quantity: 2, unit_type: 'piece', unit_price: 185 },
          { product_id: 2, quantity: 1, unit_type: 'piece', unit_price: 190.5 },
        ],
        phone: '+254712345678',
        fulfilment: 'delivery',
        address: 'Ngong Road, Kilimani',
      },
    });

    ordered = true;
    act(() => answer({ status: 201, body: { success: true, data: buildOrder() } }));
    // The dialog confirms the order: its number, where it goes, the phone we will call.
    expect(await within(dialog).findByTestId('order-confirmation')).toHaveTextContent(
      'Order #7 (KSh 555.00) will be delivered to Ngong Road, Kilimani. We will call you on +254712345678.',
    );
    expect(within(dialog).getByText('Order placed!')).toBeVisible();
    expect(within(dialog).getByText('Your order has been submitted successfully.')).toBeVisible();
    expect(useCartStore.getState().items).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(cartLines()).toHaveLength(0);
    expect(placeOrder()).toBeDisabled();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['orders'] });
    const orders = await screen.findByRole('table', { name: 'My orders' });
    expect(within(orders).getByText('Pending')).toBeInTheDocument();
  });

  it("shows the server's message when the order fails, and keeps the cart", async () => {
    stubShop({
      'POST /orders': {
        status: 409,
        body: {
          message: 'Insufficient stock for Jogoo Maize Flour 2kg',
          code: 'order.insufficient_stock',
        },
      },
    });
    renderShop();
    await userEvent.click(await addButton(jogoo.name));
    await userEvent.click(placeOrder());
    await confirmOrder();
    expect(await screen.findByText('Order failed')).toBeVisible();
    expect(screen.getByText('Insufficient stock for Jogoo Maize Flour 2kg')).toBeVisible();
    expect(useCartStore.getState().items).toHaveLength(1);
    // The dialog stays to try again or cancel; the cart is still there to order.
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(placeOrder()).toBeEnabled();
  });

  it("falls back to 'Failed to place order. Please try again.' when no message came back", async () => {
    stubShop({ 'POST /orders': { status: 500, body: {} } });
    renderShop();
    await userEvent.click(await addButton(jogoo.name));
    await userEvent.click(placeOrder());
    await confirmOrder();
    expect(await screen.findByText('Order failed')).toBeVisible();
    expect(screen.getByText('Failed to place order. Please try again.')).toBeVisible();
  });

  it("refuses a cart line without a product id: 'Invalid cart item', nothing sent", async () => {
    const sent = stubShop();
    renderShop();
    await addButton(jogoo.name);
    act(() => {
      useCartStore.setState({
        items: [
          {
            id: 'ghost',
            product: { id: 0, name: 'Ghost', selling_price: 5, stock_unit: 'piece' },
            quantity: 1,
            unit_price: 5,
            total: 5,
            unit_type: 'piece',
          },
        ],
        total: 5,
      });
    });
    await userEvent.click(placeOrder());
    await confirmOrder();
    expect(await screen.findByText('Order failed')).toBeVisible();
    expect(screen.getByText('Invalid cart item')).toBeVisible();
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows 'Product Load Error' when the products cannot load, and retries", async () => {
    let failing = true;
    stubShop({
      'GET /products': () =>
        failing
          ? { status: 500, body: { message: 'Internal Server Error' } }
          : { body: { data: [jogoo], total: 1, page: 1, pageSize: 12 } },
    });
    renderShop();
    expect(await screen.findAllByText('Product Load Error')).toHaveLength(2);
    expect(screen.getAllByText('Failed to load products. Please refresh the page.')).toHaveLength(
      2,
    );
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await addButton(jogoo.name)).toBeInTheDocument();
  });

  it('shows an empty shelf as such', async () => {
    stubShop({ 'GET /products': { body: { data: [], total: 0, page: 1, pageSize: 12 } } });
    renderShop();
    expect(await screen.findByText('No products found')).toBeVisible();
  });

  it('tells stock as on the shelf and disables Add to Cart when none is left (issue 20)', async () => {
    const bottles = buildShopperProduct({
      id: 5,
      name: 'Keringet Water 500ml',
      stock_unit: 'dozen',
      pack_size: 1,
      quantity: 0,
      ...{ stock_pieces: 6 },
    });
    const soldOut = buildShopperProduct({
      id: 6,
      name: 'Mumias Sugar 1kg',
      ...{ stock_pieces: 0 },
    });
    stubShop({
      'GET /products': {
        body: { data: [bottles, soldOut, pembe], total: 3, page: 1, pageSize: 12 },
      },
    });
    renderShop();
    const [water, sugar, flour] = await screen.findAllByTestId('shop-product');
    expect(within(water!).getByTestId('shop-product-stock')).toHaveTextContent('In stock: 6 pcs');
    expect(
      within(water!).getByRole('button', { name: `Add to Cart: ${bottles.name}` }),
    ).toBeEnabled();
    expect(within(sugar!).getByText('Out of stock')).toBeVisible();
    expect(
      within(sugar!).getByRole('button', { name: `Add to Cart: ${soldOut.name}` }),
    ).toBeDisabled();
    // The shopper's answer carries exact pieces too (48 pieces kept by the piece).
    expect(within(flour!).getByTestId('shop-product-stock')).toHaveTextContent('In stock: 48 pcs');
    expect(
      within(flour!).getByRole('button', { name: `Add to Cart: ${pembe.name}` }),
    ).toBeEnabled();
  });
});
