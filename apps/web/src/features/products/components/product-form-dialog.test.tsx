import { act, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import { PRODUCT_DRAFT_KEY, saveProductDraft } from '../lib/product-draft';
import { buildProduct } from '../lib/product-fixtures';
import { emptyProductForm } from '../lib/product-form';
import { fakeApi, renderWithRole, type SentRequest } from '../lib/product-test-server';
import { ProductFormDialog } from './product-form-dialog';

const categories = [
  { id: 4, name: 'Beverages' },
  { id: 9, name: 'Sugar' },
];
let sent: SentRequest[];

beforeEach(() => {
  sent = fakeApi({
    'GET /categories': { body: categories },
    'POST /products': { status: 201, body: { success: true, data: buildProduct() } },
    'PUT /products/7': { body: { success: true, data: buildProduct() } },
  });
});

afterEach(() => act(() => clearToasts()));

function renderDialog(product = null as ReturnType<typeof buildProduct> | null, role = 'manager') {
  const onOpenChange = vi.fn();
  const toasts = renderHook(() => useToast()).result;
  renderWithRole(
    role as 'manager',
    <ProductFormDialog open product={product} onOpenChange={onOpenChange} />,
  );
  return { onOpenChange, toasts };
}

const writes = () => sent.filter((request) => request.method !== 'GET');

async function fillRequired() {
  await userEvent.type(await screen.findByLabelText('Name'), 'Soda crate');
  await userEvent.type(screen.getByLabelText('SKU'), 'SODA-24');
}

describe('Add New Product', () => {
  it("checks the form: 'Name is required', 'Please fill the required field: …', nothing sent", async () => {
    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Add New Product' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Min Quantity')).toHaveValue(5);
    await userEvent.clear(screen.getByLabelText('Quantity'));
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please fill the required field: SKU')).toBeInTheDocument();
    expect(screen.getByText('Please fill the required field: Quantity')).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('sends JSON without photos, says so, clears the draft and closes', async () => {
    const { onOpenChange, toasts } = renderDialog();
    await fillRequired();
    expect(JSON.parse(localStorage.getItem(PRODUCT_DRAFT_KEY)!)).toMatchObject({
      name: 'Soda crate',
      sku: 'SODA-24',
    });
    await userEvent.selectOptions(screen.getByLabelText('Stock Unit'), 'dozen');
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));

    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: '/products',
        body: expect.objectContaining({
          name: 'Soda crate',
          sku: 'SODA-24',
          category_id: 4,
          piece_selling_price: '0.00',
          quantity: 0,
          min_quantity: 5,
          stock_unit: 'dozen',
          is_active: true,
        }),
      },
    ]);
    expect(toasts.current.toasts).toEqual([
      expect.objectContaining({ description: 'Product created successfully' }),
    ]);
    expect(localStorage.getItem(PRODUCT_DRAFT_KEY)).toBeNull();
  });

  it('sends multipart with the chosen photo under images', async () => {
    renderDialog();
    await fillRequired();
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'crate.png', {
      type: 'image/png',
    });
    await userEvent.upload(screen.getByLabelText('Photos'), photo);
    expect(screen.getByRole('img', { name: 'crate.png' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));

    await vi.waitFor(() => expect(writes()).toHaveLength(1));
    const body = writes()[0]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('name')).toBe('Soda crate');
    expect(body.get('quantity')).toBe('0');
    expect(body.get('is_active')).toBe('true');
    expect(body.getAll('images')).toEqual([photo]);
  });

  it('refuses a file that is not an image before anything is sent', async () => {
    renderDialog();
    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await userEvent.upload(await screen.findByLabelText('Photos'), notes, { applyAccept: false });
    expect(screen.getByText('Only image files are allowed')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'notes.txt' })).not.toBeInTheDocument();
  });

  it('restores the draft, resetting a category that is not the store’s', async () => {
    saveProductDraft({ ...emptyProductForm('77'), name: 'Maziwa Lala', barcode: '6009' });
    renderDialog();
    expect(await screen.findByText('Your unsaved product was restored.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Maziwa Lala');
    expect(screen.getByLabelText('Barcode')).toHaveValue('6009');
    expect(screen.getByLabelText('Category')).toHaveValue('4');

    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(localStorage.getItem(PRODUCT_DRAFT_KEY)).toBeNull();
  });

  it("turns a failed save naming the SKU into 'SKU already exists. Please use a unique SKU.'", async () => {
    sent = fakeApi({
      'GET /categories': { body: categories },
      'POST /products': { status: 409, body: { message: 'SKU already exists', code: 'x' } },
    });
    const { toasts } = renderDialog();
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({
          variant: 'destructive',
          description: 'SKU already exists. Please use a unique SKU.',
        }),
      ]),
    );
  });

  it("otherwise says 'Failed to save product: {message}'", async () => {
    sent = fakeApi({
      'GET /categories': { body: categories },
      'POST /products': { status: 400, body: { message: 'Please select a valid category' } },
    });
    const { toasts } = renderDialog();
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({
          description: 'Failed to save product: Please select a valid category',
        }),
      ]),
    );
  });

  it('lets a manager create a category on the spot and chooses it', async () => {
    const dairy = { id: 12, name: 'Dairy' };
    let created = false;
    sent = fakeApi({
      'GET /categories': () => ({ body: created ? [...categories, dairy] : categories }),
      'POST /categories': () => {
        created = true;
        return { status: 201, body: { success: true, data: dairy } };
      },
    });
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'New category' }));
    await userEvent.type(screen.getByLabelText('New category name'), 'Dairy{Enter}');

    await vi.waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('12'));
    expect(writes()).toEqual([{ method: 'POST', path: '/categories', body: { name: 'Dairy' } }]);
    expect(within(screen.getByLabelText('Category')).getByText('Dairy')).toBeInTheDocument();
  });

  it('offers no new category to a cashier', async () => {
    renderDialog(null, 'sales');
    expect(await screen.findByLabelText('Category')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New category' })).not.toBeInTheDocument();
  });
});

describe('Edit Product', () => {
  it('fills the form, sends only what changed and keeps no draft', async () => {
    const { toasts } = renderDialog(buildProduct());
    expect(await screen.findByRole('dialog', { name: 'Edit Product' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Piece Selling Price')).toHaveValue(160.5);
    await userEvent.clear(screen.getByLabelText('Piece Selling Price'));
    await userEvent.type(screen.getByLabelText('Piece Selling Price'), '165');
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));

    await vi.waitFor(() =>
      expect(writes()).toEqual([
        { method: 'PUT', path: '/products/7', body: { piece_selling_price: '165.00' } },
      ]),
    );
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({ description: 'Product updated successfully' }),
      ]),
    );
    expect(localStorage.getItem(PRODUCT_DRAFT_KEY)).toBeNull();
  });

  it('removes a saved photo through its own call', async () => {
    sent = fakeApi({
      'GET /categories': { body: categories },
      'DELETE /products/7/images/31': { body: { success: true } },
    });
    renderDialog(
      buildProduct({
        images: [{ id: 31, url: '/uploads/a.png', thumbnail_url: '/uploads/a.webp' }],
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Photo 1' }));
    await vi.waitFor(() =>
      expect(writes()).toEqual([
        { method: 'DELETE', path: '/products/7/images/31', body: undefined },
      ]),
    );
    expect(screen.queryByRole('img', { name: 'Photo 1' })).not.toBeInTheDocument();
  });
});

describe('Edit Product: Generate barcode (issue 25)', () => {
  it('gives a product without a barcode the next internal number and shows it', async () => {
    const given = buildProduct({ barcode: '2000000000015' });
    sent = fakeApi({
      'GET /categories': { body: categories },
      'POST /products/7/barcode': { body: { success: true, data: given } },
      'PUT /products/7': { body: { success: true, data: given } },
    });
    renderDialog(buildProduct({ barcode: null }), 'sales');
    await userEvent.click(await screen.findByRole('button', { name: 'Generate barcode' }));

    expect(
      await screen.findByText('Barcode 2000000000015 given to this product.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Barcode')).toHaveValue('2000000000015');
    expect(writes()).toEqual([{ method: 'POST', path: '/products/7/barcode', body: {} }]);
    expect(screen.queryByRole('button', { name: 'Generate barcode' })).toBeNull();
  });

  it('is not offered for a product with a barcode, nor for a service', async () => {
    for (const product of [buildProduct(), buildProduct({ barcode: null, kind: 'service' })]) {
      const { unmount } = renderWithRole(
        'manager',
        <ProductFormDialog open product={product} onOpenChange={vi.fn()} />,
      );
      await screen.findByLabelText('Barcode');
      expect(screen.queryByRole('button', { name: 'Generate barcode' })).toBeNull();
      unmount();
    }
  });

  it('hides while a barcode is typed', async () => {
    renderDialog(buildProduct({ barcode: null }));
    await screen.findByRole('button', { name: 'Generate barcode' });
    await userEvent.type(screen.getByLabelText('Barcode'), '6161101600019');
    expect(screen.queryByRole('button', { name: 'Generate barcode' })).toBeNull();
  });

  it('shows why it failed: the server’s message', async () => {
    sent = fakeApi({
      'GET /categories': { body: categories },
      'POST /products/7/barcode': {
        status: 409,
        body: { message: 'This product already has a barcode', code: 'products.has_barcode' },
      },
    });
    renderDialog(buildProduct({ barcode: null }));
    await userEvent.click(await screen.findByRole('button', { name: 'Generate barcode' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This product already has a barcode',
    );
  });
});

describe('Edit Product: who may change prices and stock (issue 20)', () => {
  it('shows a cashier prices and stock read-only and sends only the name', async () => {
    renderDialog(buildProduct(), 'sales');
    const price = await screen.findByLabelText('Piece Selling Price');
    expect(
      screen.getByText('Only a manager can change prices, stock and the tax type.'),
    ).toBeInTheDocument();
    for (const label of [
      'Piece Buying Price',
      'Piece Selling Price',
      'Dozen Selling Price',
      'Quantity',
    ]) {
      expect(screen.getByLabelText(label), label).toHaveAttribute('readonly');
    }
    await userEvent.type(price, '1');
    expect(price).toHaveValue(160.5);
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('readonly');
    await userEvent.type(screen.getByLabelText('Name'), ' white');
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await vi.waitFor(() =>
      expect(writes()).toEqual([
        { method: 'PUT', path: '/products/7', body: { name: 'Sugar 1kg white' } },
      ]),
    );
  });

  it('lets a cashier add a product with its prices and stock', async () => {
    renderDialog(null, 'sales');
    expect(await screen.findByLabelText('Piece Selling Price')).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Quantity')).not.toHaveAttribute('readonly');
  });

  it('asks a manager why the stock changed, and sends the reason', async () => {
    renderDialog(buildProduct());
    const quantity = await screen.findByLabelText('Quantity');
    expect(screen.queryByLabelText('Reason for the stock change')).toBeNull();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '20');
    const reason = screen.getByLabelText('Reason for the stock change');
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(
      await screen.findByText('Please choose a reason for the stock change'),
    ).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await userEvent.selectOptions(reason, 'Theft');
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await vi.waitFor(() =>
      expect(writes()).toEqual([
        { method: 'PUT', path: '/products/7', body: { quantity: 20, stock_reason: 'theft' } },
      ]),
    );
  });
});

describe('Tax type (issue 26)', () => {
  it('offers the five KRA letters by name, B for a new product, and sends the one chosen', async () => {
    renderDialog();
    const taxType = await screen.findByRole('combobox', { name: 'Tax type' });
    expect(taxType).toHaveValue('B');
    expect(
      within(taxType)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['A-Exempt', 'B-VAT 16%', 'C-Zero Rated', 'D-Non VAT', 'E-VAT 8%']);
    expect(taxType).toHaveAccessibleDescription(/Prices include VAT/);
    await fillRequired();
    await userEvent.selectOptions(taxType, 'E-VAT 8%');
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await vi.waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toMatchObject({ sku: 'SODA-24', tax_type: 'E' });
  });

  it('sends B when the letter is left as it starts', async () => {
    renderDialog();
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await vi.waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toMatchObject({ tax_type: 'B' });
  });

  it("shows a product's letter and sends it only when a manager changes it", async () => {
    renderDialog(buildProduct({ tax_type: 'C' }));
    const taxType = await screen.findByRole('combobox', { name: 'Tax type' });
    expect(taxType).toHaveValue('C');
    await userEvent.selectOptions(taxType, 'A-Exempt');
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await vi.waitFor(() =>
      expect(writes()).toEqual([{ method: 'PUT', path: '/products/7', body: { tax_type: 'A' } }]),
    );
  });

  it("shows a cashier an existing product's letter read-only, like its prices", async () => {
    renderDialog(buildProduct({ tax_type: 'E' }), 'sales');
    const taxType = await screen.findByLabelText('Tax type');
    expect(screen.queryByRole('combobox', { name: 'Tax type' })).toBeNull();
    expect(taxType).toHaveAttribute('readonly');
    expect(taxType).toHaveValue('E-VAT 8%');
    expect(taxType).toHaveAccessibleDescription(
      /Only a manager can change prices, stock and the tax type\./,
    );
    await userEvent.type(taxType, 'B');
    expect(taxType).toHaveValue('E-VAT 8%');
    await userEvent.type(screen.getByLabelText('Name'), ' refill');
    await userEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await vi.waitFor(() =>
      expect(writes()).toEqual([
        { method: 'PUT', path: '/products/7', body: { name: 'Sugar 1kg refill' } },
      ]),
    );
  });

  it('lets a cashier choose the letter of a product they add', async () => {
    renderDialog(null, 'sales');
    const taxType = await screen.findByRole('combobox', { name: 'Tax type' });
    await userEvent.selectOptions(taxType, 'A-Exempt');
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await vi.waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toMatchObject({ tax_type: 'A' });
  });
});
