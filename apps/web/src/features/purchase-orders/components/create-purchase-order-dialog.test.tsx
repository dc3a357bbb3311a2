import type { Product } from '@duka/shared/products/products.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { stubApi, type ApiReply } from '@/test/api-stub';
import { CreatePurchaseOrderDialog } from './create-purchase-order-dialog';

function product(id: number, name: string, overrides: Partial<Product> = {}): Product {
  return {
    id,
    name,
    description: '',
    sku: `SKU-${id}`,
    tax_type: 'B',
    barcode: null,
    category_id: 1,
    Category: null,
    piece_buying_price: 15,
    piece_selling_price: 20,
    pack_buying_price: 700,
    pack_selling_price: 950,
    dozen_buying_price: 170,
    dozen_selling_price: 228.5,
    quantity: 100,
    min_quantity: 24,
    pack_size: 50,
    stock_unit: 'piece',
    image_url: null,
    thumbnail_url: null,
    images: [],
    is_active: true,
    kind: 'goods',
    stock_pieces: 100,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const pen = product(7, 'Bic Cristal Pen Blue');
const pencil = product(8, 'HB Pencil', { quantity: 10, min_quantity: 24 });
const books = product(9, 'Kasuku Exercise Book', {
  stock_unit: 'dozen',
  quantity: 1,
  min_quantity: 3,
});
const supplier = {
  id: 4,
  name: 'Industrial Area Stationers',
  email: 'a@b.co.ke',
  phone: '+254733905118',
};

afterEach(() => act(() => clearToasts()));

function renderDialog(routes: Record<string, ApiReply | ((r: { path: string }) => ApiReply)> = {}) {
  const sent = stubApi({
    'GET /suppliers': { body: [supplier] },
    'GET /products/search': { body: { data: [pen, pencil] } },
    ...routes,
  });
  const onOpenChange = vi.fn();
  const toasts = renderHook(() => useToast()).result;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CreatePurchaseOrderDialog open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { sent, onOpenChange, toasts };
}

const lastToast = (toasts: ReturnType<typeof renderDialog>['toasts']) => toasts.current.toasts[0];

async function searchAndAdd(name: string) {
  const search = screen.getByLabelText('Search products');
  await userEvent.clear(search);
  await userEvent.type(search, 'pen');
  await userEvent.click(await screen.findByRole('button', { name: `Add ${name}` }));
}

async function chooseSupplier() {
  await screen.findByRole('option', { name: supplier.name });
  await userEvent.selectOptions(screen.getByLabelText('Supplier'), String(supplier.id));
}

const item = (name: string) => screen.getByRole('listitem', { name });

describe('Create Purchase Order dialog (spec §2, §5)', () => {
  it("adds a product once ('Added'), and swaps its prices when the unit changes", async () => {
    renderDialog();
    await searchAndAdd('Bic Cristal Pen Blue');
    expect(screen.getByRole('button', { name: 'Added' })).toBeDisabled();

    const row = within(item('Bic Cristal Pen Blue'));
    expect(row.getByLabelText('Unit')).toHaveValue('piece');
    expect(row.getByLabelText('Buying Price')).toHaveValue(15);
    expect(row.getByLabelText('Selling Price')).toHaveValue(20);

    await userEvent.selectOptions(row.getByLabelText('Unit'), 'dozen');
    expect(row.getByLabelText('Buying Price')).toHaveValue(170);
    expect(row.getByLabelText('Selling Price')).toHaveValue(228.5);

    await userEvent.clear(row.getByLabelText('Quantity'));
    await userEvent.type(row.getByLabelText('Quantity'), '2');
    expect(screen.getByText('Total: KSh 340.00')).toBeInTheDocument();
  });

  it('offers goods only: a service found by the search is not something to buy in', async () => {
    const porterage = product(10, 'Pen Delivery', {
      kind: 'service',
      quantity: 0,
      stock_pieces: 0,
    });
    renderDialog({ 'GET /products/search': { body: { data: [pen, porterage] } } });
    await userEvent.type(screen.getByLabelText('Search products'), 'pen');
    expect(await screen.findByRole('button', { name: 'Add Bic Cristal Pen Blue' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add Pen Delivery' })).not.toBeInTheDocument();
  });

  it('refuses a product without a stock unit with the spec’s text', async () => {
    const { toasts } = renderDialog({
      'GET /products/search': { body: { data: [{ ...pen, stock_unit: null }] } },
    });
    await searchAndAdd('Bic Cristal Pen Blue');
    expect(lastToast(toasts)).toMatchObject({
      variant: 'destructive',
      description:
        'This product does not have a default stock unit set. Please edit the product to set a stock unit before adding to a purchase order.',
    });
    expect(screen.queryByRole('listitem', { name: 'Bic Cristal Pen Blue' })).toBeNull();
  });

  it('adds a blank item only when the items above are complete; the form names what is missing', async () => {
    const { toasts, sent } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(lastToast(toasts)).toMatchObject({
      description: 'Please complete all current items before adding a new one.',
    });
    expect(
      screen.getAllByRole('listitem', { name: 'Choose a product from the search above' }),
    ).toHaveLength(1);

    // Submit stays disabled until supplier, date and an item are there.
    const submit = screen.getByRole('button', { name: 'Create Purchase Order' });
    expect(submit).toBeDisabled();
    await chooseSupplier();
    await userEvent.type(screen.getByLabelText('Expected Delivery Date'), '2026-12-01');
    expect(submit).toBeEnabled();

    await userEvent.click(submit);
    expect(await screen.findByText('Product is required.')).toBeInTheDocument();
    expect(screen.getByText('Unit is required.')).toBeInTheDocument();
    expect(screen.getByText('Buying price must be 0 or more.')).toBeInTheDocument();
    expect(lastToast(toasts)).toMatchObject({ description: 'Please fix the errors in the form.' });
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    // A product from the search fills the blank row; then another blank row is allowed.
    await searchAndAdd('HB Pencil');
    expect(
      screen.queryByRole('listitem', { name: 'Choose a product from the search above' }),
    ).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(4); // 2 search results + 2 items
  });

  it("fills the chosen supplier's products below their minimum", async () => {
    renderDialog({
      'GET /product-suppliers': ({ path }) => {
        expect(path).toContain('supplier_id=4');
        return { body: [8, 9].map((id) => ({ id, product_id: id, supplier_id: 4 })) };
      },
      'GET /products': ({ path }) => {
        expect(path).toContain('low_stock=true');
        return {
          body: { data: [pencil, books, product(10, 'Not linked', { quantity: 0 })], total: 3 },
        };
      },
    });
    const fill = screen.getByRole('button', { name: 'Add items below minimum' });
    expect(fill).toBeDisabled();
    await chooseSupplier();
    await userEvent.click(fill);

    const pencils = within(await screen.findByRole('listitem', { name: 'HB Pencil' }));
    expect(pencils.getByLabelText('Quantity')).toHaveValue(14);
    expect(pencils.getByLabelText('Unit')).toHaveValue('piece');
    const exerciseBooks = within(item('Kasuku Exercise Book'));
    expect(exerciseBooks.getByLabelText('Quantity')).toHaveValue(2);
    expect(exerciseBooks.getByLabelText('Unit')).toHaveValue('dozen');
    expect(exerciseBooks.getByLabelText('Buying Price')).toHaveValue(170);
    expect(screen.queryByRole('listitem', { name: 'Not linked' })).toBeNull();
  });

  it('sends the order and says so', async () => {
    const { sent, toasts, onOpenChange } = renderDialog({
      'POST /purchase-orders': { status: 201, body: { id: 12 } },
    });
    await chooseSupplier();
    await userEvent.type(screen.getByLabelText('Expected Delivery Date'), '2026-12-01');
    await searchAndAdd('Bic Cristal Pen Blue');
    await userEvent.selectOptions(
      within(item('Bic Cristal Pen Blue')).getByLabelText('Unit'),
      'dozen',
    );
    await userEvent.type(screen.getByLabelText('Notes'), 'Before Friday');
    await userEvent.click(screen.getByRole('button', { name: 'Create Purchase Order' }));

    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent.find((request) => request.method === 'POST')).toEqual({
      method: 'POST',
      path: '/purchase-orders',
      body: {
        supplier_id: 4,
        expected_delivery_date: '2026-12-01',
        notes: 'Before Friday',
        items: [
          {
            product_id: 7,
            name: 'Bic Cristal Pen Blue',
            unit_type: 'dozen',
            quantity: 1,
            buying_price: 170,
            selling_price: 228.5,
            unit_price: 170,
          },
        ],
        total: '170.00',
      },
    });
    expect(lastToast(toasts)).toMatchObject({
      title: 'Success',
      description: 'Purchase order created successfully',
    });
  });

  it("shows a 400 'Product with id … not found' in an alert dialog", async () => {
    renderDialog({
      'POST /purchase-orders': {
        status: 400,
        body: { message: 'Product with id 7 not found', code: 'purchase_orders.product_not_found' },
      },
    });
    await chooseSupplier();
    await userEvent.type(screen.getByLabelText('Expected Delivery Date'), '2026-12-01');
    await searchAndAdd('Bic Cristal Pen Blue');
    await userEvent.click(screen.getByRole('button', { name: 'Create Purchase Order' }));

    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Failed to create purchase order')).toBeInTheDocument();
    expect(within(alert).getByText('Product with id 7 not found')).toBeInTheDocument();
  });

  it("says 'Loading suppliers...', then 'No suppliers available' when there are none", async () => {
    renderDialog({ 'GET /suppliers': { body: [] } });
    expect(screen.getByRole('option', { name: 'Loading suppliers...' })).toBeInTheDocument();
    expect(
      await screen.findByRole('option', { name: 'No suppliers available' }),
    ).toBeInTheDocument();
  });
});
