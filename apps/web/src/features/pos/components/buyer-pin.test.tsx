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
import { stubApi, stubResizeObserver } from '@/test/api-stub';
import { buildShopperProduct } from '@/test/fixtures';
import type { TillOutbox } from '../lib/offline-checkout';
import { Till } from './till';

const jogoo = buildShopperProduct(); // KSh 185 a piece
const customer = (id: number, name: string, kraPin: string | null) => ({
  id,
  name,
  email: null,
  phone: null,
  address: null,
  notes: null,
  kra_pin: kraPin,
  is_walk_in: id === 1,
  created_at: '2026-01-01T00:00:00.000Z',
});
const walkIn = customer(1, 'Walk-in Customer', null);
const grace = customer(7, 'Grace Wambui', 'A123456789B');

beforeEach(() => {
  useCartStore.getState().clearCart();
  stubResizeObserver();
});
afterEach(() => {
  clearToasts();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  window.dispatchEvent(new Event('online'));
});

function renderTill(outbox?: TillOutbox) {
  const sent = stubApi({
    'GET /products': { body: { data: [jogoo], total: 1, page: 1, pageSize: 12 } },
    'GET /customers': { body: { data: [walkIn, grace] } },
    'POST /sales': { status: 201, body: { success: true, data: { id: 41 } } },
  });
  const onSaleCompleted = vi.fn();
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <RoleContext.Provider value="sales">
          <Till onSaleCompleted={onSaleCompleted} outbox={outbox} />
          <Toaster />
        </RoleContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { sent, onSaleCompleted };
}

async function openCheckout() {
  await userEvent.click(await screen.findByRole('button', { name: `Add ${jogoo.name}` }));
  await userEvent.keyboard('{F2}');
  const dialog = await screen.findByRole('dialog', { name: 'Complete Sale' });
  await userEvent.type(within(dialog).getByLabelText('Amount tendered'), '200');
  return dialog;
}

const posts = (sent: ReturnType<typeof renderTill>['sent']) =>
  sent.filter((call) => call.method === 'POST').map((call) => call.body as Record<string, unknown>);

describe("the buyer's KRA PIN at the till (issue 26)", () => {
  it("shows the schema's message at the field, sends nothing, then sends the PIN in capitals", async () => {
    const { sent, onSaleCompleted } = renderTill();
    const dialog = await openCheckout();
    const field = await within(dialog).findByLabelText("Buyer's KRA PIN (optional)");
    await userEvent.type(field, 'a12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));
    expect(
      await within(dialog).findByText(
        'KRA PIN must be a letter, 9 digits and a letter (A123456789B)',
      ),
    ).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(posts(sent)).toEqual([]);

    await userEvent.type(field, '6789b ');
    expect(field).toHaveAttribute('aria-invalid', 'false');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));
    await vi.waitFor(() => expect(onSaleCompleted).toHaveBeenCalledWith(41));
    expect(posts(sent)).toEqual([expect.objectContaining({ buyer_kra_pin: 'A123456789B' })]);
  });

  it('sends no buyer_kra_pin when the field is blank', async () => {
    const { sent, onSaleCompleted } = renderTill();
    const dialog = await openCheckout();
    expect(await within(dialog).findByLabelText("Buyer's KRA PIN (optional)")).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));
    await vi.waitFor(() => expect(onSaleCompleted).toHaveBeenCalledWith(41));
    expect(posts(sent)[0]).not.toHaveProperty('buyer_kra_pin');
  });

  it("is prefilled from the chosen customer's PIN, and cleared for one without", async () => {
    const { sent, onSaleCompleted } = renderTill();
    const dialog = await openCheckout();
    const field = await within(dialog).findByLabelText("Buyer's KRA PIN (optional)");
    const select = within(dialog).getByLabelText('Customer (optional)');
    await userEvent.selectOptions(select, '7');
    expect(field).toHaveValue('A123456789B');
    await userEvent.selectOptions(select, '1');
    expect(field).toHaveValue('');
    await userEvent.selectOptions(select, '7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));
    await vi.waitFor(() => expect(onSaleCompleted).toHaveBeenCalledWith(41));
    expect(posts(sent)[0]).toMatchObject({ customer_id: 7, buyer_kra_pin: 'A123456789B' });
  });

  it('is not offered offline', async () => {
    renderTill({ keep: vi.fn() });
    await userEvent.click(await screen.findByRole('button', { name: `Add ${jogoo.name}` }));
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    window.dispatchEvent(new Event('offline'));
    await userEvent.keyboard('{F2}');
    const dialog = await screen.findByRole('dialog', { name: 'Complete Sale' });
    expect(within(dialog).queryByRole('option', { name: 'Credit (pay later)' })).toBeNull();
    expect(within(dialog).queryByLabelText("Buyer's KRA PIN (optional)")).toBeNull();
  });
});
