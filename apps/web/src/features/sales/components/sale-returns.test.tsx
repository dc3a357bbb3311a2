import type { Role } from '@duka/shared/auth/roles';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';
import { stubApi } from '@/test/api-stub';
import { buildSale } from '@/test/fixtures';
import { SaleDetailsDialog } from './sale-details-dialog';
import { SalesTable } from './sales-table';

afterEach(() => vi.unstubAllGlobals());

const base = buildSale();
/** One milk of two came back (written off), refunded in cash by Mary. */
const partly = buildSale({
  status: 'partially_returned',
  returned_amount: 65,
  items: [{ ...base.items[0]!, returned_quantity: 1 }, base.items[1]!],
  returns: [
    {
      id: 7,
      sale_id: 42,
      amount: 65,
      refund_method: 'cash',
      mpesa_code: null,
      reason: 'Packet torn',
      items: [
        {
          sale_item_id: 1,
          product_id: 3,
          product_name: 'Brookside Milk 500ml',
          unit_type: 'piece',
          quantity: 1,
          pieces: 1,
          amount: 65,
          restock: false,
        },
      ],
      points_reversed: 0,
      shift_id: null,
      User: { id: 2, name: 'Mary Manager' },
      created_at: '2026-11-21T07:30:00.000Z',
      credit_note_no: 3,
      tax: [],
      etims: { status: 'not_registered' },
    },
  ],
});
const returned = buildSale({
  ...partly,
  status: 'returned',
  items: partly.items.map((item) => ({ ...item, returned_quantity: item.quantity })),
});

function renderDetails(sale: Sale, role: Role = 'manager') {
  stubApi({});
  const onReturnItems = vi.fn();
  const onViewRefundReceipt = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RoleContext.Provider value={role}>
        <SaleDetailsDialog
          sale={sale}
          onOpenChange={vi.fn()}
          onReviewed={vi.fn()}
          onReturnItems={onReturnItems}
          onViewRefundReceipt={onViewRefundReceipt}
        />
      </RoleContext.Provider>
    </QueryClientProvider>,
  );
  return { onReturnItems, onViewRefundReceipt };
}

describe("A sale's returns (issue 24)", () => {
  it('offers Return items to a manager while something is left, and lists the returns made', async () => {
    const { onReturnItems, onViewRefundReceipt } = renderDetails(partly);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Partly returned')).toBeInTheDocument();
    expect(within(dialog).getByText('1 returned')).toBeInTheDocument();
    expect(within(dialog).getByText('Refunded').nextSibling).toHaveTextContent('−KSh 65.00');

    const entry = within(screen.getByTestId('sale-returns')).getByTestId('sale-return');
    expect(entry).toHaveTextContent('Return #7');
    expect(entry).toHaveTextContent('by Mary Manager');
    expect(entry).toHaveTextContent('1 piece of Brookside Milk 500ml');
    expect(within(entry).getByText('damaged')).toBeInTheDocument();
    expect(within(entry).getByText('Cash from the drawer')).toBeInTheDocument();
    expect(within(entry).getByText('Packet torn')).toBeInTheDocument();
    await userEvent.click(
      within(entry).getByRole('button', { name: 'Refund receipt of return #7' }),
    );
    expect(onViewRefundReceipt).toHaveBeenCalledWith(42, 7);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Return items' }));
    expect(onReturnItems).toHaveBeenCalledWith(partly);
  });

  it('hides Return items once everything came back', () => {
    renderDetails(returned);
    expect(screen.getAllByText('Returned').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Return items' })).not.toBeInTheDocument();
  });

  it('hides Return items from sales staff', () => {
    renderDetails(partly, 'sales');
    expect(screen.queryByRole('button', { name: 'Return items' })).not.toBeInTheDocument();
  });

  it('shows Partly returned and Returned in the sales list, with what was refunded', () => {
    stubApi({});
    render(
      <SalesTable
        sales={[partly, { ...returned, id: 43 }, { ...base, id: 44 }]}
        onView={vi.fn()}
        empty="None"
      />,
    );
    expect(screen.getByText('Partly returned')).toBeInTheDocument();
    expect(screen.getByText('Returned')).toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(screen.getAllByText('Refunded KSh 65.00')).toHaveLength(2);
  });
});
