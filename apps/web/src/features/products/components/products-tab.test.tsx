import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildProduct } from '../lib/product-fixtures';
import { fakeApi, renderWithRole } from '../lib/product-test-server';
import { ProductsTab } from './products-tab';

const sugar = buildProduct({ stock_unit: 'dozen', quantity: 2, stock_pieces: 29 });
const page = (total: number, data = [sugar], pageNumber = 1) => ({
  body: { data, total, page: pageNumber, pageSize: 20 },
});

const productListCalls = (sent: { method: string; path: string }[]) =>
  sent.filter((call) => call.path.startsWith('/products?')).map((call) => call.path);

describe('ProductsTab', () => {
  it('searches on the server once typing pauses, from the first page', async () => {
    const sent = fakeApi({ 'GET /products': page(1) });
    renderWithRole('manager', <ProductsTab />);
    expect(await screen.findByText('Sugar 1kg')).toBeInTheDocument();

    await userEvent.type(screen.getByPlaceholderText('Search products...'), 'SUG-1');
    await vi.waitFor(() => expect(productListCalls(sent)).toHaveLength(2));
    expect(productListCalls(sent)).toEqual([
      '/products?page=1&pageSize=20',
      '/products?q=SUG-1&page=1&pageSize=20',
    ]);
  });

  it('pages through a large catalogue 20 at a time', async () => {
    const sent = fakeApi({
      'GET /products': (request) =>
        request.path.includes('page=2')
          ? page(45, [buildProduct({ id: 30, name: 'Tea' })], 2)
          : page(45),
    });
    renderWithRole('manager', <ProductsTab />);
    expect(await screen.findByText('1–20 of 45')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Product pages' });
    expect(pager).toHaveTextContent('Previous123Next');

    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Tea')).toBeInTheDocument();
    expect(screen.getByText('21–40 of 45')).toBeInTheDocument();
    expect(productListCalls(sent).at(-1)).toBe('/products?page=2&pageSize=20');
  });

  it('gives a manager Add, Edit, Stock History and Delete; a cashier no Delete', async () => {
    fakeApi({ 'GET /products': page(1) });
    const { unmount } = renderWithRole('manager', <ProductsTab />);
    const row = (await screen.findByText('Sugar 1kg')).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Edit', 'Stock History', 'Delete']);
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeInTheDocument();
    unmount();

    renderWithRole('sales', <ProductsTab />);
    const cashierRow = (await screen.findByText('Sugar 1kg')).closest('tr')!;
    expect(
      within(cashierRow)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Edit', 'Stock History']);
  });

  it('finds the products that need a count (issue 22): stock below zero, from page 1', async () => {
    const short = buildProduct({
      id: 9,
      name: 'Brookside Milk 500ml',
      stock_unit: 'dozen',
      quantity: -1,
      stock_pieces: -15,
    });
    const sent = fakeApi({
      'GET /products': (request) =>
        request.path.includes('count_needed=true')
          ? page(1, [short])
          : request.path.includes('low_stock=true')
            ? page(0, [])
            : page(45, [sugar], request.path.includes('page=2') ? 2 : 1),
    });
    renderWithRole('manager', <ProductsTab />);
    await screen.findByText('Sugar 1kg');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await vi.waitFor(() =>
      expect(productListCalls(sent).at(-1)).toBe('/products?page=2&pageSize=20'),
    );

    const filter = screen.getByRole('combobox', { name: 'Stock' });
    expect(Array.from((filter as HTMLSelectElement).options, (o) => o.textContent)).toEqual([
      'All products',
      'Low Stock',
      'Count needed',
    ]);
    await userEvent.selectOptions(filter, 'Count needed');
    const row = (await screen.findByText('Brookside Milk 500ml')).closest('tr')!;
    expect(productListCalls(sent).at(-1)).toBe('/products?page=1&pageSize=20&count_needed=true');
    // The pieces missing, and the badge in words (not colour alone).
    expect(within(row).getByText('-15 pcs')).toBeInTheDocument();
    expect(within(row).getByTestId('count-needed-badge')).toHaveTextContent('Count needed');
    expect(screen.queryByText('Sugar 1kg')).toBeNull();

    await userEvent.selectOptions(filter, 'Low Stock');
    expect(await screen.findByText('No products available.')).toBeInTheDocument();
    expect(productListCalls(sent).at(-1)).toBe('/products?page=1&pageSize=20&low_stock=true');
  });

  it('says so when no product needs a count', async () => {
    fakeApi({ 'GET /products': page(0, []) });
    renderWithRole('manager', <ProductsTab />);
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Stock' }),
      'Count needed',
    );
    expect(await screen.findByText('No product needs a count.')).toBeInTheDocument();
  });

  it("shows 'Failed to fetch products' with Retry when the list cannot load", async () => {
    let fail = true;
    fakeApi({ 'GET /products': () => (fail ? { status: 500, body: {} } : page(1)) });
    renderWithRole('manager', <ProductsTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch products');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Sugar 1kg')).toBeInTheDocument();
  });

  it('lists the stock history in pieces and in the stock unit, with reason and person', async () => {
    fakeApi({
      'GET /products': page(1),
      'GET /products/7/movements': {
        body: {
          data: [
            {
              id: 2,
              product_id: 7,
              change_pieces: -7,
              reason: 'sale',
              reference: 'SALE-15',
              User: { id: 4, name: 'Wanjiku Cashier' },
              created_at: '2025-02-01T10:00:00.000Z',
            },
            {
              id: 1,
              product_id: 7,
              change_pieces: 36,
              reason: 'initial',
              reference: null,
              User: { id: 3, name: 'Musa Manager' },
              created_at: '2025-01-15T09:30:00.000Z',
            },
          ],
          total: 2,
          page: 1,
          pageSize: 10,
        },
      },
    });
    renderWithRole('manager', <ProductsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Stock History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stock History' });
    const history = await within(dialog).findByRole('table', { name: 'Stock movements' });
    expect(
      within(history)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Date', 'Change (pieces)', 'Change (dozen)', 'Reason', 'Reference', 'By']);
    const [, sale, opening] = within(history).getAllByRole('row');
    expect(sale).toHaveTextContent('-7-0.58SaleSALE-15Wanjiku Cashier');
    expect(opening).toHaveTextContent('+36+3Opening stock-Musa Manager');
  });

  it('chooses products for labels: one by one, the whole page, kept across pages (issue 25)', async () => {
    const tea = buildProduct({ id: 30, name: 'Tea' });
    fakeApi({
      'GET /products': (request) =>
        request.path.includes('page=2') ? page(21, [tea], 2) : page(21, [sugar], 1),
    });
    const onPrintLabels = vi.fn();
    renderWithRole('sales', <ProductsTab onPrintLabels={onPrintLabels} />);
    const print = await screen.findByRole('button', { name: 'Print labels' });
    expect(print).toBeDisabled();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Sugar 1kg' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Tea');
    const pageBox = screen.getByRole('checkbox', { name: 'Select all on this page' });
    expect(pageBox).not.toBeChecked();
    await userEvent.click(pageBox);
    expect(screen.getByRole('checkbox', { name: 'Select Tea' })).toBeChecked();
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Print labels' }));
    expect(onPrintLabels).toHaveBeenCalledWith([sugar.id, tea.id]);

    await userEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.getByRole('button', { name: 'Print labels' })).toBeDisabled();
  });

  it('shows no selection where the page offers no labels', async () => {
    fakeApi({ 'GET /products': page(1) });
    renderWithRole('manager', <ProductsTab />);
    await screen.findByText('Sugar 1kg');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Print labels' })).toBeNull();
  });

  it('names the other store of a transfer movement (issue 25)', async () => {
    const transfer = (id: number, reason: string, change: number, store: string) => ({
      id,
      product_id: 7,
      change_pieces: change,
      reason,
      adjustment_reason: null,
      reference: 'TRANSFER-12',
      other_store: { id: 2, name: store },
      User: { id: 1, name: 'Sam Super' },
      created_at: '2026-11-26T07:30:00.000Z',
    });
    fakeApi({
      'GET /products': page(1),
      'GET /products/7/movements': {
        body: {
          data: [
            transfer(4, 'transfer_cancel', 24, 'Duka Demo — Mombasa'),
            transfer(3, 'transfer_out', -24, 'Duka Demo — Mombasa'),
          ],
          total: 2,
          page: 1,
          pageSize: 10,
        },
      },
    });
    renderWithRole('manager', <ProductsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Stock History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stock History' });
    const history = await within(dialog).findByRole('table', { name: 'Stock movements' });
    const [, cancelled, sent] = within(history).getAllByRole('row');
    expect(sent).toHaveTextContent('Sent to another store: Duka Demo — MombasaTRANSFER-12');
    expect(cancelled).toHaveTextContent('Transfer cancelled: Duka Demo — MombasaTRANSFER-12');
  });
});
