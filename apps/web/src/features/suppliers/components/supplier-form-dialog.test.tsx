import type { Supplier } from '@duka/shared/suppliers/suppliers.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { stubApi } from '@/test/api-stub';
import { SupplierFormDialog } from './supplier-form-dialog';

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

function renderDialog(editing: Supplier | null = null) {
  const onOpenChange = vi.fn();
  const toasts = renderHook(() => useToast()).result;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SupplierFormDialog open onOpenChange={onOpenChange} supplier={editing} />
    </QueryClientProvider>,
  );
  return { onOpenChange, toasts };
}

describe('Supplier form (spec §2, §5, §8)', () => {
  it('adds a supplier: Kenyan phone sent as +254…, contact person optional, spec toast', async () => {
    const sent = stubApi({ 'POST /suppliers': { status: 201, body: { ...supplier, id: 9 } } });
    const { onOpenChange, toasts } = renderDialog();
    expect(screen.getByRole('heading', { name: 'Add New Supplier' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Fill in the supplier information below to add a new supplier to your system.',
      ),
    ).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Name *'), 'Mwangi Hardware');
    await userEvent.type(screen.getByLabelText('Email *'), 'Sales@Mwangi.co.ke');
    await userEvent.type(screen.getByLabelText('Phone *'), '0712 345 678');
    await userEvent.type(screen.getByLabelText('Address *'), 'Tom Mboya Street');
    await userEvent.click(screen.getByRole('button', { name: 'Add Supplier' }));

    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/suppliers',
        body: {
          name: 'Mwangi Hardware',
          contact_person: '',
          email: 'sales@mwangi.co.ke',
          phone: '+254712345678',
          address: 'Tom Mboya Street',
        },
      },
    ]);
    expect(toasts.current.toasts).toEqual([
      expect.objectContaining({ title: 'Success', description: 'Supplier created successfully' }),
    ]);
  });

  it('requires name, email, phone and address, and refuses a foreign phone', async () => {
    const sent = stubApi({});
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Add Supplier' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Phone is required')).toBeInTheDocument();
    expect(screen.getByText('Address is required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Phone *'), '+44 20 7946 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Add Supplier' }));
    expect(
      await screen.findByText('Enter a Kenyan phone number, e.g. 0712 345 678'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('edits a supplier, and shows the server message under its field on failure', async () => {
    const sent = stubApi({
      'PUT /suppliers/4': {
        status: 409,
        body: {
          message: 'A supplier with this name already exists',
          code: 'suppliers.name_taken',
          errors: [{ path: 'name', message: 'A supplier with this name already exists' }],
        },
      },
    });
    const { onOpenChange, toasts } = renderDialog(supplier);
    expect(screen.getByRole('heading', { name: 'Edit Supplier' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Update the supplier information below. All fields marked with * are required.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Phone *')).toHaveValue('+254733905118');

    await userEvent.type(screen.getByLabelText('Contact Person'), 'Jane Njeri');
    await userEvent.click(screen.getByRole('button', { name: 'Update Supplier' }));

    expect(
      await screen.findByText('A supplier with this name already exists', { selector: 'p' }),
    ).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      path: '/suppliers/4',
      body: { contact_person: 'Jane Njeri', phone: '+254733905118' },
    });
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(toasts.current.toasts).toEqual([
      expect.objectContaining({
        variant: 'destructive',
        title: 'Error',
        description: 'A supplier with this name already exists',
      }),
    ]);
  });
});
