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
import { stubApi } from '@/test/api-stub';
import { buildShopperProduct } from '@/test/fixtures';
import { Till } from './till';

/** jsdom has no ResizeObserver; Radix's Switch (the checkout's Delivery) measures itself. */
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const jogoo = buildShopperProduct(); // KSh 185 a piece
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

beforeEach(() => {
  useCartStore.getState().clearCart();
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
});
afterEach(() => {
  clearToasts();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('a discount at the till (issue 20)', () => {
  it("shows a cashier's price cut, asks a manager over the cap, and shows a refusal", async () => {
    const sent = stubApi({
      'GET /products': { body: { data: [jogoo], total: 1, page: 1, pageSize: 12 } },
      'GET /products/search': { body: { data: [] } },
      'GET /customers': { body: { data: [walkIn] } },
      'GET /sales/discount-policy': {
        body: { success: true, data: { max_cashier_discount_percent: 10, capped: true } },
      },
      'POST /sales': (request) =>
        (request.body as { discount_approval?: { password: string } }).discount_approval
          ?.password === 'right-one'
          ? { status: 201, body: { success: true, data: { id: 41 } } }
          : {
              status: 403,
              body: { message: 'Manager approval failed', code: 'sale.approval_failed' },
            },
    });
    const onSaleCompleted = vi.fn();
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
    await userEvent.click(await screen.findByRole('button', { name: `Add ${jogoo.name}` }));
    const price = screen.getByLabelText(`Unit price — ${jogoo.name}`);
    await userEvent.clear(price);
    await userEvent.type(price, '150');
    expect(screen.getByTestId('line-discount')).toHaveTextContent('Discount −KSh 35.00');

    await userEvent.keyboard('{F2}');
    const checkout = await screen.findByRole('dialog', { name: 'Complete Sale' });
    expect(
      await within(checkout).findByText("A discount over 10% needs a manager's approval"),
    ).toBeVisible();
    expect(within(checkout).getByTestId('checkout-discount-total')).toHaveTextContent(
      'Discount: −KSh 35.00',
    );
    await userEvent.type(within(checkout).getByLabelText('Amount tendered'), '200');
    await userEvent.click(within(checkout).getByRole('button', { name: 'Complete Sale' }));

    // Asked before anything is sent.
    const approval = await screen.findByRole('dialog', { name: 'Manager approval' });
    expect(sent.filter((call) => call.method === 'POST')).toEqual([]);
    await userEvent.type(within(approval).getByLabelText("Manager's email"), 'musa@duka.test');
    await userEvent.type(within(approval).getByLabelText("Manager's password"), 'wrong');
    await userEvent.click(within(approval).getByRole('button', { name: 'Approve and complete' }));
    expect(await within(approval).findByText('Manager approval failed')).toBeVisible();
    expect(onSaleCompleted).not.toHaveBeenCalled();

    await userEvent.clear(within(approval).getByLabelText("Manager's password"));
    await userEvent.type(within(approval).getByLabelText("Manager's password"), 'right-one');
    await userEvent.click(within(approval).getByRole('button', { name: 'Approve and complete' }));
    await vi.waitFor(() => expect(onSaleCompleted).toHaveBeenCalledWith(41));
    const posts = sent.filter((call) => call.method === 'POST').map((call) => call.body);
    expect(posts.at(-1)).toMatchObject({
      items: [{ unit_price: 150, quantity: 1, total: 150 }],
      total: 150,
      discount_approval: { email: 'musa@duka.test', password: 'right-one' },
    });
  });
});
