import type { Order, OrderStatus } from '@duka/shared/orders/orders.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { stubApi, type ApiReply, type SentRequest } from '@/test/api-stub';
import { buildOrder, ordersPage } from '../lib/order-fixtures';
import { OrdersTab } from './orders-tab';

afterEach(() => act(() => clearToasts()));

type Routes = Record<string, ApiReply | ((request: SentRequest) => ApiReply | undefined)>;

function renderTab(routes: Routes, active = true) {
  const sent = stubApi(routes);
  const client = createQueryClient();
  const toasts = renderHook(() => useToast()).result;
  const tree = (isActive: boolean) => (
    <QueryClientProvider client={client}>
      <OrdersTab active={isActive} />
    </QueryClientProvider>
  );
  const { rerender } = render(tree(active));
  return { sent, toasts, activate: () => rerender(tree(true)) };
}

/** A server holding one order: GET /orders, GET /orders/{id} and PUT answer from it. */
function serverWith(initial: Order, refuse?: ApiReply) {
  let order = initial;
  const routes: Routes = {
    'GET /orders': () => ordersPage([order]),
    [`GET /orders/${initial.id}`]: () => ({ body: { success: true, data: order } }),
    [`PUT /orders/${initial.id}/status`]: (request) => {
      if (refuse) return refuse;
      order = { ...order, status: (request.body as { status: OrderStatus }).status };
      return { body: { success: true, data: order } };
    },
  };
  return routes;
}

const listCalls = (sent: SentRequest[]) =>
  sent.filter((request) => request.path.startsWith('/orders?')).map((request) => request.path);

async function openOrder(id = 12) {
  await userEvent.click(
    await screen.findByRole('button', { name: `View Details of order #${id}` }),
  );
  return screen.getByRole('dialog', { name: 'Order Details' });
}

const button = (dialog: HTMLElement, name: string) =>
  within(dialog).queryByRole('button', { name });

describe('Orders tab (spec §2, §7, §8, §9; PRODUCT.md §4)', () => {
  it('is not fetched while the tab is closed, and loads 10 a page once opened', async () => {
    const { sent, activate } = renderTab({ 'GET /orders': ordersPage([buildOrder()]) }, false);
    // Give a query that should not run the chance to run.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listCalls(sent)).toEqual([]);
    expect(screen.queryByText('Loading orders...')).toBeNull();

    activate();
    const row = (await screen.findByText('Pending')).closest('tr')!;
    expect(listCalls(sent)).toEqual(['/orders?page=1&pageSize=10']);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Date',
      'Status',
      'Items count',
      'Total',
      'View Details',
    ]);
    expect(Array.from(row.cells, (cell) => cell.textContent)).toEqual([
      // 09:30 UTC is 12:30 in Nairobi, the shop's time whatever the device's zone.
      '20 Nov 2026, 12:30',
      'Pending',
      '2',
      'KSh 2,491.00',
      'View Details',
    ]);
    expect(within(row).getByText('Pending')).toHaveClass('bg-amber-100');
  });

  it('pages through the orders with Previous, numbered pages and Next', async () => {
    const { sent } = renderTab({
      'GET /orders': (request) =>
        request.path.includes('page=2')
          ? ordersPage([buildOrder({ id: 3, status: 'fulfilled' })], 14, 2)
          : ordersPage([buildOrder()], 14),
    });
    expect(await screen.findByText('Showing 1–10 of 14 orders')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Orders pages' });
    expect(pager).toHaveTextContent('Previous12Next');
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Fulfilled')).toHaveClass('bg-emerald-100');
    expect(listCalls(sent).at(-1)).toBe('/orders?page=2&pageSize=10');
  });

  it.each([
    [
      429,
      { message: 'Too many requests' },
      'You are not authorized to view orders. Please log in.',
    ],
    [500, { message: 'Database unavailable' }, 'Database unavailable'],
    [500, {}, 'Failed to load orders.'],
  ])('a %i answer (%o) shows "%s"', async (status, body, message) => {
    renderTab({ 'GET /orders': { status, body } });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows the order: date, status, id, total, who placed it and its lines', async () => {
    renderTab(serverWith(buildOrder({ createdAt: '' })));
    const dialog = await openOrder();
    const entry = (label: string) => within(dialog).getByText(label).nextElementSibling;
    expect(entry('Date')).toHaveTextContent('Invalid Date');
    expect(entry('Status')).toHaveTextContent('Pending');
    expect(entry('Order ID')).toHaveTextContent('12');
    expect(entry('Total')).toHaveTextContent('KSh 2,491.00');
    expect(entry('Placed by')).toHaveTextContent('Otieno Shopper (shopper@duka.test)');
    // How the shopper gets it (issue 20).
    expect(entry('Phone')).toHaveTextContent('+254712345678');
    expect(entry('Pickup or delivery')).toHaveTextContent('Delivery');
    expect(entry('Delivery address')).toHaveTextContent('Ngong Road, Kilimani');
    const items = within(dialog).getByRole('table', { name: 'Items' });
    expect(
      within(items)
        .getAllByRole('row')
        .map((row) => Array.from(row.children, (cell) => cell.textContent)),
    ).toEqual([
      ['Product', 'Quantity', 'Unit Price'],
      ['Jogoo Maize Flour 2kg', '1 pack', 'KSh 2,131.00'],
      ['Pembe Maize Flour 2kg', '2 pieces', 'KSh 180.00'],
    ]);
  });

  it.each([
    ['pending', { shipped: true, fulfilled: true, cancel: true }],
    ['shipped', { shipped: false, fulfilled: true, cancel: true }],
    ['fulfilled', { shipped: false, fulfilled: false, cancel: false }],
    ['cancelled', { shipped: false, fulfilled: false, cancel: false }],
  ] as const)('a %s order: which buttons work', async (status, allowed) => {
    renderTab(serverWith(buildOrder({ status })));
    const dialog = await openOrder();
    const shipped = button(dialog, 'Mark as Shipped')!;
    const fulfilled = button(dialog, 'Mark as Fulfilled')!;
    if (allowed.shipped) expect(shipped).toBeEnabled();
    else expect(shipped).toBeDisabled();
    if (allowed.fulfilled) expect(fulfilled).toBeEnabled();
    else expect(fulfilled).toBeDisabled();
    if (allowed.cancel) expect(button(dialog, 'Cancel Order')).toBeEnabled();
    else expect(button(dialog, 'Cancel Order')).toBeNull();
  });

  it('Mark as Shipped then Mark as Fulfilled are saved on the server', async () => {
    const { sent, toasts } = renderTab(serverWith(buildOrder()));
    const dialog = await openOrder();

    await userEvent.click(button(dialog, 'Mark as Shipped')!);
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({
          title: 'Status updated successfully',
          description: 'Order #12 is now Shipped.',
        }),
      ]),
    );
    expect(within(dialog).getByText('Status').nextElementSibling).toHaveTextContent('Shipped');
    expect(button(dialog, 'Mark as Shipped')).toBeDisabled();
    // The list shows it too.
    await vi.waitFor(() =>
      expect(screen.getAllByText('Shipped', { selector: 'td span' })).toHaveLength(1),
    );

    await userEvent.click(button(dialog, 'Mark as Fulfilled')!);
    await vi.waitFor(() =>
      expect(within(dialog).getByText('Status').nextElementSibling).toHaveTextContent('Fulfilled'),
    );
    expect(button(dialog, 'Mark as Fulfilled')).toBeDisabled();
    expect(button(dialog, 'Cancel Order')).toBeNull();
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/orders/12/status', body: { status: 'shipped' } },
      { method: 'PUT', path: '/orders/12/status', body: { status: 'fulfilled' } },
    ]);
    // The list was fetched again after each change.
    expect(listCalls(sent).length).toBeGreaterThanOrEqual(3);
  });

  it("shows the server's 409 when the stock is short, and the order stays as it was", async () => {
    const { toasts } = renderTab(
      serverWith(buildOrder({ status: 'shipped' }), {
        status: 409,
        body: {
          message: 'Insufficient stock for Jogoo Maize Flour 2kg',
          code: 'order.insufficient_stock',
        },
      }),
    );
    const dialog = await openOrder();
    await userEvent.click(button(dialog, 'Mark as Fulfilled')!);
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({
          variant: 'destructive',
          description: 'Insufficient stock for Jogoo Maize Flour 2kg',
        }),
      ]),
    );
    expect(within(dialog).getByText('Status').nextElementSibling).toHaveTextContent('Shipped');
    expect(button(dialog, 'Mark as Fulfilled')).toBeEnabled();
  });

  it("shows any other refusal's message", async () => {
    const { toasts } = renderTab(
      serverWith(buildOrder(), {
        status: 409,
        body: { message: 'A fulfilled order cannot change', code: 'order.transition' },
      }),
    );
    const dialog = await openOrder();
    await userEvent.click(button(dialog, 'Mark as Shipped')!);
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({
          variant: 'destructive',
          title: 'Error',
          description: 'A fulfilled order cannot change',
        }),
      ]),
    );
  });

  it('cancels a pending order only after confirming', async () => {
    const { sent } = renderTab(serverWith(buildOrder()));
    const dialog = await openOrder();
    await userEvent.click(button(dialog, 'Cancel Order')!);
    let confirm = screen.getByRole('alertdialog', { name: 'Cancel this order?' });
    expect(confirm).toHaveTextContent(
      'Are you sure you want to cancel order #12? A cancelled order cannot be shipped or fulfilled.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep Order' }));
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);

    await userEvent.click(button(dialog, 'Cancel Order')!);
    confirm = screen.getByRole('alertdialog', { name: 'Cancel this order?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel Order' }));
    await vi.waitFor(() =>
      expect(within(dialog).getByText('Status').nextElementSibling).toHaveTextContent('Cancelled'),
    );
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/orders/12/status', body: { status: 'cancelled' } },
    ]);
    expect(button(dialog, 'Mark as Shipped')).toBeDisabled();
    expect(button(dialog, 'Mark as Fulfilled')).toBeDisabled();
  });
});
