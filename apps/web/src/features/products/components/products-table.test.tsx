import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TABLE_MEDIA_QUERY } from '@/components/ui/responsive-table';
import { buildProduct } from '../lib/product-fixtures';
import { ProductsTable } from './products-table';

function useWindowWidth(width: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === TABLE_MEDIA_QUERY && width >= 768,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

const sugar = buildProduct({ thumbnail_url: '/uploads/products/7/sugar.webp' });
const soda = buildProduct({
  id: 8,
  name: 'Soda crate',
  sku: 'SODA-24',
  stock_unit: 'dozen',
  quantity: 3,
  stock_pieces: 47,
  piece_selling_price: 60,
  dozen_selling_price: 650,
  is_active: false,
});
const salt = buildProduct({
  id: 9,
  name: 'Salt',
  sku: 'SALT',
  stock_unit: 'pack',
  quantity: 0,
  stock_pieces: 0,
});
// Six bottles of a product kept by the dozen: no whole dozen, but not out of stock.
const juice = buildProduct({
  id: 10,
  name: 'Juice',
  sku: 'JUICE',
  stock_unit: 'dozen',
  quantity: 0,
  stock_pieces: 6,
});

beforeEach(() => useWindowWidth(1280));

describe('ProductsTable on a wide screen', () => {
  it('has the columns of spec §2, SKU and pack/dozen prices hidden below laptop width', () => {
    render(<ProductsTable products={[sugar]} onEdit={vi.fn()} />);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Name',
      'SKU',
      'Piece Price',
      'Pack Price',
      'Dozen Price',
      'Quantity',
      'Actions',
    ]);
    for (const name of ['SKU', 'Pack Price', 'Dozen Price']) {
      expect(screen.getByRole('columnheader', { name })).toHaveClass('hidden', 'lg:table-cell');
    }
    expect(screen.getByRole('columnheader', { name: 'Piece Price' })).not.toHaveClass('hidden');
  });

  it('shows selling prices in KSh, the stock as on the shelf and the stock label', () => {
    render(<ProductsTable products={[sugar, soda, salt, juice]} />);
    const [, sugarRow, sodaRow, saltRow, juiceRow] = screen.getAllByRole('row');
    expect(sugarRow).toHaveTextContent('KSh 160.50');
    expect(sugarRow).toHaveTextContent('24 pcsIn Stock');
    expect(sodaRow).toHaveTextContent('KSh 650.00');
    // Issue 20: whole units and the pieces left over.
    expect(sodaRow).toHaveTextContent('3 dozen 11 pcsLow Stock');
    expect(sodaRow).toHaveTextContent('Inactive');
    expect(saltRow).toHaveTextContent('0 pcsOut of Stock');
    expect(juiceRow).toHaveTextContent('6 pcsLow Stock');
  });

  it('shows the thumbnail with its size set and loaded lazily, else a placeholder', () => {
    render(<ProductsTable products={[sugar, soda]} />);
    const [, sugarRow, sodaRow] = screen.getAllByRole('row');
    const image = sugarRow!.querySelector('img')!;
    expect(image).toHaveAttribute('src', '/uploads/products/7/sugar.webp');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '40');
    expect(image).toHaveAttribute('height', '40');
    expect(sodaRow!.querySelector('img')).toBeNull();
    expect(within(sodaRow!).getByTestId('product-thumbnail-placeholder')).toBeInTheDocument();
  });

  it('shows stock below zero and Count needed only for such a product (issue 22)', () => {
    render(
      <ProductsTable
        products={[
          buildProduct({ id: 1, name: 'Short', quantity: -3, stock_pieces: -3 }),
          buildProduct({ id: 2, name: 'Empty', quantity: 0, stock_pieces: 0 }),
        ]}
      />,
    );
    const short = screen.getByText('Short').closest('tr')!;
    expect(within(short).getByText('-3 pcs')).toBeInTheDocument();
    expect(within(short).getByText('Count needed')).toBeInTheDocument();
    expect(within(short).getByText('Out of Stock')).toBeInTheDocument();
    const empty = screen.getByText('Empty').closest('tr')!;
    expect(within(empty).queryByText('Count needed')).toBeNull();
  });

  it("says 'No products available.' when there are none", () => {
    render(<ProductsTable products={[]} />);
    expect(screen.getByText('No products available.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows only the actions it is given', () => {
    const onDelete = vi.fn();
    const { unmount } = render(
      <ProductsTable products={[sugar]} onEdit={vi.fn()} onDelete={onDelete} onHistory={vi.fn()} />,
    );
    const row = screen.getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Edit', 'Stock History', 'Delete']);
    unmount();

    render(<ProductsTable products={[sugar]} onEdit={vi.fn()} onHistory={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});

describe('ProductsTable on a phone', () => {
  it('is a list of cards without SKU and pack/dozen prices', () => {
    useWindowWidth(390);
    render(<ProductsTable products={[sugar]} onEdit={vi.fn()} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: 'Products' })).getByRole('listitem');
    expect(card).toHaveTextContent('Sugar 1kg');
    expect(card).toHaveTextContent('Piece PriceKSh 160.50');
    expect(card).not.toHaveTextContent('SKU');
    expect(card).not.toHaveTextContent('Pack Price');
    expect(card).not.toHaveTextContent('Dozen Price');
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });
});
