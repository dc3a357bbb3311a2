import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { stubApi, type ApiReply, type SentRequest } from '@/test/api-stub';
import { buildOrder } from '../lib/shop-fixtures';
import { MyOrders } from './my-orders';

function renderOrders(reply: ApiReply | ((request: SentRequest) => ApiReply)) {
  const sent = stubApi({ 'GET /orders': reply });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MyOrders />
    </QueryClientProvider>,
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

const pageOf = (request: SentRequest) =>
  Number(new URL(request.path, 'http://x').searchParams.get('page'));

describe('My orders', () => {
  it('lists my orders with date and time, status, items count and total; one opens with its items', async () => {
    const sent = renderOrders({
      body: {
        orders: [
          buildOrder(),
          buildOrder({ id: 8, status: 'shipped', total_amount: 1234.5, items_count: 5 }),
          buildOrder({ id: 9, status: 'fulfilled' }),
          buildOrder({ id: 10, status: 'cancelled', createdAt: 'not a date' }),
        ],
        total: 4,
        page: 1,
        pageSize: 10,
      },
    });
    const table = await screen.findByRole('table', { name: 'My orders' });
    expect(sent.map((call) => call.path)).toEqual(['/orders?page=1&pageSize=10&mine=true']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    // 09:05 UTC is 12:05 in Nairobi, the shop's time whatever the device's zone.
    expect(rows[0]).toHaveTextContent('14 Mar 2026, 12:05');
    expect(rows[0]).toHaveTextContent('Pending');
    expect(rows[0]).toHaveTextContent('KSh 555.00');
    expect(rows[1]).toHaveTextContent('Shipped');
    expect(rows[1]).toHaveTextContent('5');
    expect(rows[1]).toHaveTextContent('KSh 1,234.50');
    expect(rows[2]).toHaveTextContent('Fulfilled');
    expect(rows[3]).toHaveTextContent('Cancelled');
    expect(rows[3]).toHaveTextContent('Invalid Date');
    // Each status its own colour.
    const colours = ['Pending', 'Shipped', 'Fulfilled', 'Cancelled'].map(
      (status) => within(table).getByText(status).className,
    );
    expect(new Set(colours).size).toBe(4);

    await userEvent.click(within(rows[0]!).getByRole('button', { name: /^View Details/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #7' });
    const items = within(dialog).getByRole('list', { name: 'Order items' });
    expect(within(items).getAllByRole('listitem')).toHaveLength(2);
    expect(items).toHaveTextContent('Jogoo Maize Flour 2kg');
    expect(items).toHaveTextContent('2 pieces × KSh 185.00');
    expect(items).toHaveTextContent('KSh 370.00');
    expect(dialog).toHaveTextContent('KSh 555.00');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('pages 10 at a time with Previous and Next', async () => {
    const sent = renderOrders((request) => ({
      body: {
        orders: [buildOrder({ id: pageOf(request), total_amount: pageOf(request) * 100 })],
        total: 14,
        page: pageOf(request),
        pageSize: 10,
      },
    }));
    await screen.findByText('KSh 100.00');
    const pages = screen.getByRole('navigation', { name: 'Order pages' });
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('KSh 200.00')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(sent.map((call) => call.path)).toContain('/orders?page=2&pageSize=10&mine=true');
  });

  it('says so when there are no orders yet', async () => {
    renderOrders({ body: { orders: [], total: 0, page: 1, pageSize: 10 } });
    expect(await screen.findByText('You have not placed any orders yet.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it("answers a 429 with 'You are not authorized to view orders. Please log in.' (spec §8)", async () => {
    renderOrders({ status: 429, body: { message: 'Too many requests' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are not authorized to view orders. Please log in.',
    );
  });

  it("shows the server's message, else 'Failed to load orders.'", async () => {
    let body: object = { message: 'No store selected' };
    renderOrders(() => ({ status: 400, body }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No store selected');
    body = {};
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to load orders.'),
    );
  });
});
