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
import { stubApi, stubResizeObserver, type ApiReply } from '@/test/api-stub';
import { buildShopperProduct } from '@/test/fixtures';
import type { TillCheckout, TillOutbox } from '../lib/offline-checkout';
import { Till } from './till';

const jogoo = buildShopperProduct();
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

/** The till's server; POST /sales answers `sale` (or throws as fetch does with no network). */
function stubTill(sale: ApiReply | 'no network') {
  const sent = stubApi({
    'GET /products': { body: { data: [jogoo], total: 1, page: 1, pageSize: 12 } },
    'GET /customers': { body: { data: [walkIn] } },
    ...(sale === 'no network' ? {} : { 'POST /sales': sale }),
  });
  const answered = globalThis.fetch;
  const attempts: { key: string | null; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.endsWith('/sales') && init.method === 'POST') {
        attempts.push({
          key: new Headers(init.headers).get('Idempotency-Key'),
          body: JSON.parse(init.body as string) as Record<string, unknown>,
        });
        if (sale === 'no network') throw new TypeError('Failed to fetch');
      }
      return answered(url, init);
    }),
  );
  return { sent, attempts };
}

function renderTill() {
  const kept: TillCheckout[] = [];
  const outbox: TillOutbox = {
    keep: vi.fn(async (sale: TillCheckout) => {
      kept.push(sale);
      return { clientSaleId: sale.payload.client_sale_id, deviceReceiptNumber: 'T3-0042' };
    }),
  };
  const onSaleCompleted = vi.fn();
  const onSaleKept = vi.fn();
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <RoleContext.Provider value="sales">
          <Till onSaleCompleted={onSaleCompleted} outbox={outbox} onSaleKept={onSaleKept} />
          <Toaster />
        </RoleContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { kept, onSaleCompleted, onSaleKept };
}

async function checkOutCash() {
  await userEvent.click(await screen.findByRole('button', { name: `Add ${jogoo.name}` }));
  await userEvent.keyboard('{F2}');
  const dialog = await screen.findByRole('dialog', { name: 'Complete Sale' });
  await userEvent.type(within(dialog).getByLabelText('Amount tendered'), '200');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));
  return dialog;
}

function goOffline(offline: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => !offline });
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

beforeEach(() => {
  useCartStore.getState().clearCart();
  stubResizeObserver();
});
afterEach(() => {
  goOffline(false);
  clearToasts();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('Till checkout with the device outbox (issue 22)', () => {
  it('keeps the sale on the device when the request gets no answer, with the id and time it sent', async () => {
    const { attempts } = stubTill('no network');
    const { kept, onSaleKept, onSaleCompleted } = renderTill();

    await checkOutCash();

    await vi.waitFor(() => expect(onSaleKept).toHaveBeenCalledTimes(1));
    expect(attempts).toHaveLength(1);
    const [sale] = kept;
    // The outbox uploads the same id and time: had the request reached the server, the
    // upload is its replay, never a second sale.
    expect(sale!.payload.client_sale_id).toBe(attempts[0]!.key);
    expect(sale!.payload.client_sale_id).toBe(attempts[0]!.body.client_sale_id);
    expect(sale!.payload.sold_at).toBe(attempts[0]!.body.sold_at);
    expect(sale!.payload.sold_at).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/,
    );
    expect(sale!.payload).toMatchObject({ total: 185, payment_method: 'cash', amount_paid: 200 });
    expect(sale!.items.map((item) => item.product.name)).toEqual([jogoo.name]);
    expect(sale!.customer).toMatchObject({ name: 'Walk-in Customer', phone: null });
    expect(onSaleKept).toHaveBeenCalledWith(sale!.payload.client_sale_id);
    expect(onSaleCompleted).not.toHaveBeenCalled();
    expect(useCartStore.getState().items).toHaveLength(0);
    expect(await screen.findByText('Saved on this device as T3-0042')).toBeVisible();
    expect(screen.queryByText('Server Error')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Complete Sale' })).not.toBeInTheDocument();
  });

  it('a 409 is an answer, not offline: the sale is not kept and the cart stays', async () => {
    stubTill({
      status: 409,
      body: { message: `Insufficient stock for ${jogoo.name}`, code: 'sale.insufficient_stock' },
    });
    const { kept, onSaleKept } = renderTill();

    await checkOutCash();

    expect(await screen.findByText(`Insufficient stock for ${jogoo.name}`)).toBeVisible();
    expect(kept).toHaveLength(0);
    expect(onSaleKept).not.toHaveBeenCalled();
    expect(useCartStore.getState().items).toHaveLength(1);
  });

  it('offline, keeps the sale at once without a request, and offers cash and M-Pesa only', async () => {
    const { attempts } = stubTill({ status: 201, body: { success: true, data: { id: 41 } } });
    const { kept, onSaleKept } = renderTill();
    await userEvent.click(await screen.findByRole('button', { name: `Add ${jogoo.name}` }));
    goOffline(true);
    await userEvent.keyboard('{F2}');
    const dialog = await screen.findByRole('dialog', { name: 'Complete Sale' });

    const methods = within(within(dialog).getByLabelText('Payment method'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(methods).toEqual(['Cash', 'M-Pesa']);
    expect(within(dialog).getByRole('status')).toHaveTextContent(/Offline/);

    await userEvent.selectOptions(within(dialog).getByLabelText('Payment method'), 'mpesa');
    await userEvent.type(within(dialog).getByLabelText(/M-Pesa transaction code/), 'sft4a1b2c3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete Sale' }));

    await vi.waitFor(() => expect(onSaleKept).toHaveBeenCalledTimes(1));
    expect(attempts).toHaveLength(0);
    expect(kept[0]!.payload).toMatchObject({ payment_method: 'mpesa', mpesa_code: 'SFT4A1B2C3' });
  });

  it('a sale paid online is recorded as before, with its client_sale_id and sold_at', async () => {
    const { attempts } = stubTill({ status: 201, body: { success: true, data: { id: 41 } } });
    const { kept, onSaleCompleted } = renderTill();

    await checkOutCash();

    await vi.waitFor(() => expect(onSaleCompleted).toHaveBeenCalledWith(41));
    expect(kept).toHaveLength(0);
    expect(attempts[0]!.body.client_sale_id).toBe(attempts[0]!.key);
    expect(typeof attempts[0]!.body.sold_at).toBe('string');
  });
});
