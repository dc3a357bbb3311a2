// jsdom has no IndexedDB: the device's catalogue runs on fake-indexeddb's in-memory one.
import 'fake-indexeddb/auto';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deleteDB } from 'idb';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { clearToasts } from '@/components/ui/use-toast';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { closeDeviceDb, DEVICE_DB_NAME, openDeviceDb } from '@/features/offline/device-db';
import { syncCustomer, syncProduct } from '@/features/offline/lib/test-products';
import { syncCatalogue } from '@/features/offline/offline-catalogue';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';
import { stubApi, stubResizeObserver } from '@/test/api-stub';
import { Till } from './till';

vi.mock('../lib/beep', () => ({ beep: vi.fn() }));

const sugar = syncProduct(1, { name: 'Kabras Sugar 1kg', sku: 'SUG-1', barcode: '6001234567890' });
const milk = syncProduct(2, {
  name: 'Brookside Milk 500ml',
  sku: 'MLK-1',
  barcode: '6009876543210',
});
const gone = syncProduct(3, { name: 'Old Sugar', is_active: false });
const deliveryService = syncProduct(4, { name: 'Delivery', sku: 'SRV001', kind: 'service' });

/** The device downloads its store once while the server answers. */
async function downloadStore() {
  stubApi({
    'GET /sync/products': {
      body: {
        products: [sugar, milk, gone, deliveryService],
        deleted: [],
        cursor: '4',
        has_more: false,
      },
    },
    'GET /sync/customers': {
      body: {
        customers: [
          syncCustomer(1, { name: 'Walk-in Customer', phone: null, is_walk_in: true }),
          syncCustomer(2, { name: 'Otieno', phone: '+254722000111' }),
        ],
        deleted: [],
        cursor: '2',
        has_more: false,
      },
    },
    'GET /categories': { body: [] },
  });
  await syncCatalogue({ userId: 7, storeId: 1 });
}

/** Then the connection drops: every call fails as fetch does with no network. */
function dropConnection() {
  const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderTill() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <RoleContext.Provider value="sales">
          <Till onSaleCompleted={vi.fn()} />
          <Toaster />
        </RoleContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Search products' });

beforeEach(() => {
  useCartStore.getState().clearCart();
  stubResizeObserver();
});
afterEach(async () => {
  clearToasts();
  await closeDeviceDb();
  await deleteDB(DEVICE_DB_NAME);
});

describe('the till with no connection', () => {
  it('shows the device’s goods in the grid and says so', async () => {
    await downloadStore();
    dropConnection();
    renderTill();
    expect(await screen.findByRole('button', { name: `Add ${milk.name}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Add ${sugar.name}` })).toBeInTheDocument();
    expect(screen.queryByText('Old Sugar')).not.toBeInTheDocument();
    expect(screen.queryByText('Delivery')).not.toBeInTheDocument();
    expect(
      screen.getByText('Offline — showing the products saved on this device'),
    ).toBeInTheDocument();
  });

  it('adds a scanned barcode from the device on Enter, and filters by name words', async () => {
    await downloadStore();
    dropConnection();
    renderTill();
    await screen.findByRole('button', { name: `Add ${milk.name}` });
    await userEvent.type(searchBox(), '6001234567890{Enter}');
    expect(await screen.findByTestId('cart-line')).toHaveTextContent(sugar.name);
    expect(searchBox()).toHaveValue('');

    await userEvent.type(searchBox(), 'milk 500{Enter}');
    await vi.waitFor(() =>
      expect(screen.queryByRole('button', { name: `Add ${sugar.name}` })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: `Add ${milk.name}` })).toBeInTheDocument();
  });

  it('uses the device at once when the browser says it is offline', async () => {
    await downloadStore();
    const fetch = dropConnection();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderTill();
    expect(await screen.findByRole('button', { name: `Add ${milk.name}` })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('picks a device customer and adds one by name and phone, kept on the device', async () => {
    await downloadStore();
    dropConnection();
    renderTill();
    const select = await screen.findByRole('combobox', { name: 'Customer' });
    await vi.waitFor(() =>
      expect(within(select).getByRole('option', { name: 'Otieno · +254722000111' })).toBeTruthy(),
    );
    await userEvent.selectOptions(select, 'Add customer');
    const dialog = await screen.findByRole('dialog', { name: 'Add customer' });
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Akinyi');
    await userEvent.type(within(dialog).getByLabelText(/Phone/), '0712345678');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText(
        'Customer saved on this device. They will be sent when the connection returns.',
      ),
    ).toBeVisible();
    const chosen = within(select).getByRole<HTMLOptionElement>('option', {
      name: 'Akinyi · +254712345678 · saved on this device',
    });
    expect(chosen.selected).toBe(true);
    const locals = await (await openDeviceDb()).getAll('local_customers');
    expect(locals).toMatchObject([
      { name: 'Akinyi', phone: '+254712345678', store_id: 1, user_id: 7, server_id: null },
    ]);
  });

  it('shows the connection error when the device holds no catalogue yet', async () => {
    dropConnection();
    renderTill();
    expect(await screen.findByText('Connection Error')).toBeInTheDocument();
  });
});
