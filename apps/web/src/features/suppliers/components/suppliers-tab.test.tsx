import type { Role } from '@duka/shared/auth/roles';
import type { Supplier } from '@duka/shared/suppliers/suppliers.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';
import { stubApi } from '@/test/api-stub';
import { SuppliersTab } from './suppliers-tab';

const supplier: Supplier = {
  id: 4,
  name: 'Industrial Area Stationers',
  email: 'wholesale@iastationers.co.ke',
  phone: '+254733905118',
  address: 'Likoni Road, Industrial Area, Nairobi',
  contact_person: null,
  status: 'active',
  created_at: '2026-01-10T08:00:00.000Z',
};

afterEach(() => act(() => clearToasts()));

function renderTab(role: Role, routes: Parameters<typeof stubApi>[0]) {
  const sent = stubApi(routes);
  const toasts = renderHook(() => useToast()).result;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RoleContext.Provider value={role}>
        <SuppliersTab />
      </RoleContext.Provider>
    </QueryClientProvider>,
  );
  return { sent, toasts };
}

describe('Suppliers tab (spec §2)', () => {
  it("lists suppliers with '-' for no contact person; Delete only for managers", async () => {
    renderTab('sales', { 'GET /suppliers': { body: [supplier] } });
    expect(screen.getByText('Loading suppliers...')).toBeInTheDocument();
    const row = (await screen.findByText(supplier.name)).closest('tr')!;
    expect(within(row).getByText('-')).toBeInTheDocument();
    expect(within(row).getByText('+254733905118')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: `Edit: ${supplier.name}` })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it("shows 'Failed to load suppliers' with Retry, then the empty state", async () => {
    let fail = true;
    renderTab('admin', {
      'GET /suppliers': () => (fail ? { status: 500, body: {} } : { body: [] }),
    });
    expect(await screen.findByText('Failed to load suppliers')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No suppliers found')).toBeInTheDocument();
    expect(screen.getByText('Add your first supplier to get started')).toBeInTheDocument();
  });

  it('deletes after the confirmation, and says when the supplier was deactivated instead', async () => {
    const { sent, toasts } = renderTab('manager', {
      'GET /suppliers': { body: [supplier] },
      'DELETE /suppliers/4': { body: { success: true, deactivated: true } },
    });
    await userEvent.click(await screen.findByRole('button', { name: `Delete: ${supplier.name}` }));
    const confirm = screen.getByRole('alertdialog');
    expect(
      within(confirm).getByText('Are you sure you want to delete this supplier?'),
    ).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({
          title: 'Success',
          description:
            'This supplier has purchase orders, so it was deactivated and hidden from the list.',
        }),
      ]),
    );
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/suppliers/4', body: undefined },
    ]);
  });
});
