import type { Role } from '@duka/shared/auth/roles';
import type { PurchaseOrder } from '@duka/shared/purchase-orders/purchase-orders.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';
import { stubApi, stubResizeObserver } from '@/test/api-stub';
import { PurchaseOrdersTab } from './purchase-orders-tab';

function order(id: number, status: PurchaseOrder['status']): PurchaseOrder {
  return {
    id,
    supplier_id: 4,
    supplier: {
      name: 'Industrial Area Stationers',
      email: 'wholesale@iastationers.co.ke',
      phone: '+254733905118',
    },
    status,
    expected_delivery_date: '2026-12-15',
    notes: `Order ${id}`,
    total_amount: 340,
    created_by: 1,
    created_at: '2026-11-20T09:00:00.000Z',
    received_at: null,
    items: [
      {
        id: id * 10,
        product_id: 7,
        product_name: 'Bic Cristal Pen Blue',
        Product: { name: 'Bic Cristal Pen Blue' },
        unit_type: 'dozen',
        quantity: 2,
        received_quantity: 0,
        buying_price: 170,
        unit_price: 170,
        selling_price: 228.5,
        total: 340,
      },
    ],
  };
}

afterEach(() => act(() => clearToasts()));

function renderTab(
  role: Role,
  routes: Parameters<typeof stubApi>[0],
  onPrintLabels?: (orderId: number) => void,
) {
  const sent = stubApi(routes);
  stubResizeObserver();
  const client = createQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const toasts = renderHook(() => useToast()).result;
  render(
    <QueryClientProvider client={client}>
      <RoleContext.Provider value={role}>
        <PurchaseOrdersTab onPrintLabels={onPrintLabels} />
      </RoleContext.Provider>
    </QueryClientProvider>,
  );
  return { sent, toasts, invalidate };
}

const rowOf = async (number: string) =>
  (await screen.findByRole('cell', { name: number })).closest('tr')!;

describe('Purchase Orders tab (spec §2, §4, §6)', () => {
  it('shows the orders with their badges; a manager approves a pending one', async () => {
    const { sent, toasts } = renderTab('manager', {
      'GET /purchase-orders': { body: [order(12, 'pending'), order(11, 'rejected')] },
      'PUT /purchase-orders/12/status': { body: order(12, 'approved') },
    });
    const pending = await rowOf('PO-12');
    expect(within(pending).getByText('KSh 340.00')).toBeInTheDocument();
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    const rejected = await rowOf('PO-11');
    expect(within(rejected).queryByRole('button', { name: 'Approve' })).toBeNull();
    // Spec §6: the manager may approve but not create.
    expect(screen.queryByRole('button', { name: 'Create Purchase Order' })).toBeNull();

    await userEvent.click(within(pending).getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({ title: 'Status updated successfully' }),
      ]),
    );
    expect(sent.find((request) => request.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/purchase-orders/12/status',
      body: { status: 'approved' },
    });
  });

  it('a cashier creates but cannot approve; marks an approved order received after confirming', async () => {
    const { sent, toasts, invalidate } = renderTab('sales', {
      'GET /purchase-orders': { body: [order(12, 'pending'), order(13, 'approved')] },
      'PUT /purchase-orders/13/status': { body: order(13, 'received') },
    });
    expect(screen.getByRole('button', { name: 'Create Purchase Order' })).toBeInTheDocument();
    expect(within(await rowOf('PO-12')).queryByRole('button', { name: 'Approve' })).toBeNull();

    await userEvent.click(
      within(await rowOf('PO-13')).getByRole('button', { name: 'Mark as Received' }),
    );
    // Issue 20: a dialog of quantities; left at what remains, it is the spec's Mark as Received.
    const confirm = screen.getByRole('dialog', { name: 'Mark as Received' });
    expect(
      within(confirm).getByText(
        'Are you sure you want to mark this order as received? This will update inventory quantities.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Mark as Received' }));

    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({
          title: 'Order marked as received',
          description: 'Inventory has been updated.',
        }),
      ]),
    );
    expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['products'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['purchase-orders'] });
  });

  it("shows a receipt's 'Product with id … not found' in an alert dialog, other failures in a toast", async () => {
    let reply = {
      status: 400,
      body: { message: 'Product with id 7 not found', code: 'purchase_orders.product_not_found' },
    };
    const { toasts } = renderTab('sales', {
      'GET /purchase-orders': { body: [order(13, 'approved')] },
      'PUT /purchase-orders/13/status': () => reply,
    });
    const receive = async () => {
      await userEvent.click(
        within(await rowOf('PO-13')).getByRole('button', { name: 'Mark as Received' }),
      );
      await userEvent.click(
        within(screen.getByRole('dialog', { name: 'Mark as Received' })).getByRole('button', {
          name: 'Mark as Received',
        }),
      );
    };
    await receive();
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Failed to mark as received')).toBeInTheDocument();
    expect(within(alert).getByText('Product with id 7 not found')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'OK' }));

    reply = {
      status: 409,
      body: { message: 'Cannot change status from received to received', code: 'x' },
    };
    await receive();
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({
          variant: 'destructive',
          title: 'Failed to mark as received',
          description: 'Cannot change status from received to received',
        }),
      ]),
    );
  });

  it('receives a delivery in part, then closes a partly received order short (issue 20)', async () => {
    const partly: PurchaseOrder = {
      ...order(14, 'partially_received'),
      items: [
        { ...order(14, 'approved').items[0]!, id: 141, quantity: 10, received_quantity: 4 },
        {
          ...order(14, 'approved').items[0]!,
          id: 142,
          product_name: 'Kasuku Exercise Book',
          Product: { name: 'Kasuku Exercise Book' },
          quantity: 3,
          received_quantity: 3,
        },
      ],
    };
    const { sent, toasts, invalidate } = renderTab('sales', {
      'GET /purchase-orders': { body: [order(13, 'approved'), partly] },
      'POST /purchase-orders/13/receive': { body: order(13, 'partially_received') },
      'POST /purchase-orders/14/receive': { body: order(14, 'received') },
    });
    const row = await rowOf('PO-14');
    expect(within(row).getByText('Partially Received')).toBeInTheDocument();

    // One line of an approved order: 1 of 2 dozen arrives.
    await userEvent.click(
      within(await rowOf('PO-13')).getByRole('button', { name: 'Mark as Received' }),
    );
    let dialog = screen.getByRole('dialog', { name: 'Mark as Received' });
    expect(within(dialog).getByText('Ordered 2 · already received 0 (Dozen)')).toBeInTheDocument();
    const arriving = within(dialog).getByLabelText('Arriving now: Bic Cristal Pen Blue');
    expect(arriving).toHaveValue(2);
    await userEvent.clear(arriving);
    await userEvent.type(arriving, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as Received' }));
    expect(within(dialog).getByText('Only 2 remain')).toBeInTheDocument();
    await userEvent.clear(arriving);
    await userEvent.type(arriving, '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as Received' }));
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({ title: 'Delivery received' }),
      ]),
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['products'] });

    // The partly received order lists only what still waits, at what remains: 6 of 10.
    await userEvent.click(within(row).getByRole('button', { name: 'Mark as Received' }));
    dialog = screen.getByRole('dialog', { name: 'Mark as Received' });
    expect(within(dialog).queryByText('Kasuku Exercise Book')).toBeNull();
    const rest = within(dialog).getByLabelText('Arriving now: Bic Cristal Pen Blue');
    expect(rest).toHaveValue(6);
    await userEvent.clear(rest);
    await userEvent.type(rest, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as Received' }));
    expect(
      within(dialog).getByText('Enter a quantity received for at least one item'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('switch', { name: /Close short/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as Received' }));
    await vi.waitFor(() =>
      expect(sent.filter((request) => request.method === 'POST')).toEqual([
        {
          method: 'POST',
          path: '/purchase-orders/13/receive',
          body: { items: [{ item_id: 130, received_quantity: 1 }], close: false },
        },
        {
          method: 'POST',
          path: '/purchase-orders/14/receive',
          body: { items: [], close: true },
        },
      ]),
    );
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('opens Purchase Order Details from a row click or the View button', async () => {
    renderTab('admin', { 'GET /purchase-orders': { body: [order(12, 'pending')] } });
    await userEvent.click(within(await rowOf('PO-12')).getByText('Order 12'));
    let details = screen.getByRole('dialog', { name: 'Purchase Order Details' });
    expect(within(details).getByText('wholesale@iastationers.co.ke')).toBeInTheDocument();
    const item = within(details).getByText('Bic Cristal Pen Blue').closest('tr')!;
    expect(item).toHaveTextContent('Dozen');
    expect(item).toHaveTextContent('KSh 228.50');
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'View PO-12' }));
    details = screen.getByRole('dialog', { name: 'Purchase Order Details' });
    expect(within(details).getByText('+254733905118')).toBeInTheDocument();
  });

  it('offers Print labels in the details of an order that received something (issue 25)', async () => {
    const received = order(14, 'partially_received');
    received.items[0]!.received_quantity = 1;
    const onPrintLabels = vi.fn();
    renderTab(
      'sales',
      { 'GET /purchase-orders': { body: [received, order(12, 'approved')] } },
      onPrintLabels,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'View PO-12' }));
    let details = screen.getByRole('dialog', { name: 'Purchase Order Details' });
    expect(within(details).queryByRole('button', { name: 'Print labels' })).toBeNull();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'View PO-14' }));
    details = screen.getByRole('dialog', { name: 'Purchase Order Details' });
    await userEvent.click(within(details).getByRole('button', { name: 'Print labels' }));
    expect(onPrintLabels).toHaveBeenCalledWith(14);
    // The labels open in place of the details.
    expect(screen.queryByRole('dialog', { name: 'Purchase Order Details' })).toBeNull();
  });

  it("shows 'No purchase orders found or failed to load.' for none and for a failed load", async () => {
    renderTab('admin', { 'GET /purchase-orders': { status: 500, body: {} } });
    expect(
      await screen.findByText('No purchase orders found or failed to load.'),
    ).toBeInTheDocument();
  });
});
