import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import {
  ResponsiveTable,
  TABLE_MEDIA_QUERY,
  WIDE_TABLE_MEDIA_QUERY,
  type ResponsiveColumn,
} from './responsive-table';

interface Fruit {
  id: number;
  name: string;
  price: string;
}

const fruits: Fruit[] = [
  { id: 1, name: 'Mango', price: 'KSh 50.00' },
  { id: 2, name: 'Pawpaw', price: 'KSh 120.00' },
];

const columns: ResponsiveColumn<Fruit>[] = [
  { id: 'name', header: 'Name', primary: true, cell: (fruit) => fruit.name },
  { id: 'price', header: 'Price', cell: (fruit) => fruit.price },
];

/** A window as wide as `width` for the table's media query. */
function useWindowWidth(width: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches:
        (query === TABLE_MEDIA_QUERY && width >= 768) ||
        (query === WIDE_TABLE_MEDIA_QUERY && width >= 1024),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

function renderFruits(onEdit = vi.fn(), rows = fruits) {
  render(
    <ResponsiveTable
      label="Fruit"
      rows={rows}
      columns={columns}
      rowKey={(fruit) => fruit.id}
      empty={<p>No fruit.</p>}
      actions={(fruit) => (
        <Button size="sm" onClick={() => onEdit(fruit)}>
          Edit
        </Button>
      )}
    />,
  );
  return onEdit;
}

beforeEach(() => {
  useWindowWidth(1024);
});

describe('ResponsiveTable', () => {
  it('a table of many columns (wideQuery) stays cards on a tablet, a table from 1024 px', () => {
    useWindowWidth(800);
    const table = (
      <ResponsiveTable
        label="Fruit"
        rows={fruits}
        columns={columns}
        rowKey={(fruit) => fruit.id}
        wideQuery={WIDE_TABLE_MEDIA_QUERY}
      />
    );
    const { unmount } = render(table);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('list', { name: 'Fruit' })).toBeInTheDocument();
    unmount();
    useWindowWidth(1024);
    render(table);
    expect(screen.getByRole('table', { name: 'Fruit' })).toBeInTheDocument();
  });

  it('is a real table with column headers and an Actions column on a wide screen', () => {
    renderFruits();
    const table = screen.getByRole('table', { name: 'Fruit' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Price', 'Actions']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('cell', { name: 'KSh 50.00' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('is a list of cards on a phone: a title, labelled values and every action', async () => {
    useWindowWidth(390);
    const onEdit = renderFruits();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Fruit' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);

    const pawpaw = cards[1]!;
    expect(pawpaw).toHaveTextContent(/^Pawpaw/);
    // Each value is named by its column, as a term and its definition.
    expect(within(pawpaw).getByRole('term')).toHaveTextContent('Price');
    expect(within(pawpaw).getByRole('definition')).toHaveTextContent('KSh 120.00');
    // The title column is not repeated as a label.
    expect(within(pawpaw).queryByText('Name')).toBeNull();

    await userEvent.click(within(pawpaw).getByRole('button', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith(fruits[1]);
  });

  it('shows the empty text instead of either layout when there are no rows', () => {
    renderFruits(vi.fn(), []);
    expect(screen.getByText('No fruit.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('follows the window when it crosses the breakpoint', () => {
    let listener: (() => void) | undefined;
    let wide = true;
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: wide,
        media: query,
        addEventListener: (_: string, callback: () => void) => (listener = callback),
        removeEventListener: vi.fn(),
      })),
    );
    renderFruits();
    expect(screen.getByRole('table')).toBeInTheDocument();
    wide = false;
    act(() => listener?.());
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('list', { name: 'Fruit' })).toBeInTheDocument();
  });

  it.each([1024, 390])(
    'calls onRowClick for a click on a row or card (%i px), not for one on its buttons',
    async (width) => {
      useWindowWidth(width);
      const onRowClick = vi.fn();
      const onEdit = vi.fn();
      render(
        <ResponsiveTable
          label="Fruit"
          rows={fruits}
          columns={columns}
          rowKey={(fruit) => fruit.id}
          onRowClick={onRowClick}
          actions={(fruit) => (
            <Button size="sm" onClick={() => onEdit(fruit)}>
              Edit
            </Button>
          )}
        />,
      );
      await userEvent.click(screen.getByText('KSh 120.00'));
      expect(onRowClick).toHaveBeenCalledWith(fruits[1]);
      await userEvent.click(screen.getAllByRole('button', { name: 'Edit' })[0]!);
      expect(onEdit).toHaveBeenCalledWith(fruits[0]);
      expect(onRowClick).toHaveBeenCalledTimes(1);
    },
  );
});
