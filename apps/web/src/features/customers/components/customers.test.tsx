import type { Customer } from '@duka/shared/customers/customers.schemas';
import type { Role } from '@duka/shared/auth/roles';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';
import { stubApi } from '@/test/api-stub';
import { CustomerFormDialog } from './customer-form-dialog';
import { CustomersManager } from './customers-manager';
import { LoyaltyDialog } from './loyalty-dialog';

const customer: Customer = {
  id: 4,
  name: 'Achieng Otieno',
  email: 'achieng@example.co.ke',
  phone: '+254712345678',
  address: 'Ngong Road, Kilimani',
  notes: 'Regular',
  kra_pin: null,
  is_walk_in: false,
  loyalty_points: 12,
  balance: 0,
  credit_limit: null,
  oldest_unpaid_at: null,
  created_at: '2026-01-10T08:00:00.000Z',
};
const walkIn: Customer = {
  ...customer,
  id: 1,
  name: 'Walk-in Customer',
  email: null,
  phone: null,
  address: null,
  notes: null,
  kra_pin: null,
  is_walk_in: true,
  loyalty_points: 0,
};

afterEach(() => act(() => clearToasts()));

function renderWith(ui: ReactNode, role: Role = 'admin', url = '/customers') {
  const toasts = renderHook(() => useToast()).result;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RoleContext.Provider value={role}>
        <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
      </RoleContext.Provider>
    </QueryClientProvider>,
  );
  return { toasts };
}

describe('Customer form (spec §2, §5, §8)', () => {
  it('adds a customer: phone sent as +254…, toast "Customer added successfully."', async () => {
    const sent = stubApi({ 'POST /customers': { status: 201, body: { data: customer } } });
    const onOpenChange = vi.fn();
    const { toasts } = renderWith(
      <CustomerFormDialog open onOpenChange={onOpenChange} customer={null} />,
    );
    expect(screen.getByRole('heading', { name: 'Add New Customer' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name *'), 'Achieng Otieno');
    await userEvent.type(screen.getByLabelText('Email'), 'Achieng@Example.co.ke');
    await userEvent.type(screen.getByLabelText('Phone *'), '0712 345 678');
    await userEvent.type(screen.getByLabelText('Address'), 'Ngong Road');
    await userEvent.click(screen.getByRole('button', { name: 'Add Customer' }));

    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/customers',
        body: {
          name: 'Achieng Otieno',
          email: 'achieng@example.co.ke',
          phone: '+254712345678',
          address: 'Ngong Road',
          notes: '',
          kra_pin: '',
        },
      },
    ]);
    expect(toasts.current.toasts).toEqual([
      expect.objectContaining({ title: 'Success', description: 'Customer added successfully.' }),
    ]);
  });

  it('adds a customer with only a name and a phone (email and address optional)', async () => {
    const sent = stubApi({ 'POST /customers': { status: 201, body: { data: customer } } });
    const onOpenChange = vi.fn();
    renderWith(<CustomerFormDialog open onOpenChange={onOpenChange} customer={null} />);
    // The form asks for name and phone first; email and address carry no required mark.
    const fields = screen
      .getAllByRole('textbox')
      .map((field) => (field as HTMLInputElement).labels?.[0]?.textContent ?? '');
    expect(fields).toEqual(['Name *', 'Phone *', 'Email', 'KRA PIN', 'Address', 'Notes']);
    await userEvent.type(screen.getByLabelText('Name *'), 'Wanjiku Kamau');
    await userEvent.type(screen.getByLabelText('Phone *'), '0722 000 111');
    await userEvent.click(screen.getByRole('button', { name: 'Add Customer' }));

    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Address is required')).not.toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/customers',
        body: {
          name: 'Wanjiku Kamau',
          email: '',
          phone: '+254722000111',
          address: '',
          notes: '',
          kra_pin: '',
        },
      },
    ]);
  });

  it('requires name and phone; checks an email given and a Kenyan phone', async () => {
    const sent = stubApi({});
    renderWith(<CustomerFormDialog open onOpenChange={vi.fn()} customer={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Customer' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone is required')).toBeInTheDocument();
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Address is required')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Phone *'), '+44 20 7946 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Add Customer' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Enter a Kenyan phone number, e.g. 0712 345 678')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('edits a customer: "Update Customer", toast "Customer updated successfully."', async () => {
    const sent = stubApi({ 'PUT /customers/4': { body: { data: customer } } });
    const onOpenChange = vi.fn();
    const { toasts } = renderWith(
      <CustomerFormDialog open onOpenChange={onOpenChange} customer={customer} />,
    );
    expect(screen.getByRole('heading', { name: 'Edit Customer' })).toBeInTheDocument();
    expect(screen.getByLabelText('Phone *')).toHaveValue('+254712345678');
    await userEvent.clear(screen.getByLabelText('Notes'));
    await userEvent.clear(screen.getByLabelText('Address'));
    await userEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    // A blank optional field is sent blank, which clears it.
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      path: '/customers/4',
      body: { name: 'Achieng Otieno', phone: '+254712345678', address: '', notes: '' },
    });
    expect(toasts.current.toasts).toEqual([
      expect.objectContaining({ description: 'Customer updated successfully.' }),
    ]);
  });

  it('checks a KRA PIN given (issue 26), sends it in capitals, and a blank one clears it', async () => {
    const sent = stubApi({ 'PUT /customers/4': { body: { data: customer } } });
    const onOpenChange = vi.fn();
    const client = createQueryClient();
    const { rerender } = render(
      <QueryClientProvider client={client}>
        <CustomerFormDialog open onOpenChange={onOpenChange} customer={customer} />
      </QueryClientProvider>,
    );
    const pin = screen.getByLabelText('KRA PIN');
    expect(pin).toHaveValue('');
    await userEvent.type(pin, 'A12345678');
    await userEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    expect(
      await screen.findByText('KRA PIN must be a letter, 9 digits and a letter (A123456789B)'),
    ).toBeInTheDocument();
    expect(pin).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await userEvent.clear(pin);
    await userEvent.type(pin, ' a123456789b ');
    await userEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent[0]!.body).toMatchObject({ kra_pin: 'A123456789B' });

    // Reopened for a customer with a PIN: it shows, and emptied it is sent blank (cleared).
    rerender(
      <QueryClientProvider client={client}>
        <CustomerFormDialog
          open
          onOpenChange={onOpenChange}
          customer={{ ...customer, kra_pin: 'A123456789B' }}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByLabelText('KRA PIN')).toHaveValue('A123456789B');
    await userEvent.clear(screen.getByLabelText('KRA PIN'));
    await userEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toMatchObject({ kra_pin: '' });
  });

  it("shows 'Failed to update customer' when the server gives no message", async () => {
    stubApi({ 'PUT /customers/4': { status: 500, body: {} } });
    const onOpenChange = vi.fn();
    const { toasts } = renderWith(
      <CustomerFormDialog open onOpenChange={onOpenChange} customer={customer} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({
          variant: 'destructive',
          title: 'Error',
          description: 'Failed to update customer',
        }),
      ]),
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe('Customers page grid (spec §2, §8)', () => {
  it('shows cards without the Walk-in Customer; Edit and Delete for managers; delete toast', async () => {
    const sent = stubApi({
      'GET /customers': { body: { data: [walkIn, customer] } },
      'DELETE /customers/4': { body: { success: true, archived: true } },
    });
    const { toasts } = renderWith(<CustomersManager />);
    const card = await screen.findByTestId('customer-card');
    expect(screen.getAllByTestId('customer-card')).toHaveLength(1);
    for (const text of [
      'Achieng Otieno',
      'achieng@example.co.ke',
      '+254712345678',
      'Ngong Road, Kilimani',
      'Regular',
      '12 points',
    ]) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: /Add Customer/ })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Delete Achieng Otieno' }));
    expect(
      await screen.findByText('Are you sure you want to delete this customer?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({ description: 'Customer deleted successfully.' }),
      ]),
    );
    expect(sent.some((r) => r.method === 'DELETE' && r.path === '/customers/4')).toBe(true);
  });

  it("shows a customer's KRA PIN on their card when set (issue 26)", async () => {
    stubApi({
      'GET /customers': {
        body: { data: [customer, { ...customer, id: 5, name: 'Baraka', kra_pin: 'A123456789B' }] },
      },
    });
    renderWith(<CustomersManager />);
    const [achieng, baraka] = await screen.findAllByTestId('customer-card');
    expect(within(baraka!).getByText('KRA PIN A123456789B')).toBeInTheDocument();
    expect(within(achieng!).queryByText(/KRA PIN/)).toBeNull();
  });

  it('hides Edit and Delete from sales staff', async () => {
    stubApi({ 'GET /customers': { body: { data: [customer] } } });
    renderWith(<CustomersManager />, 'sales');
    const card = await screen.findByTestId('customer-card');
    expect(within(card).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(card).getByRole('button', { name: /Loyalty/ })).toBeInTheDocument();
  });

  it('shows the empty message when the store has only its Walk-in Customer', async () => {
    stubApi({ 'GET /customers': { body: { data: [walkIn] } } });
    renderWith(<CustomersManager />);
    expect(
      await screen.findByText('No customers found. Add your first customer to get started.'),
    ).toBeInTheDocument();
  });

  it.each([401, 403])('answers a %s load with the spec message', async (status) => {
    stubApi({ 'GET /customers': { status, body: { message: 'Forbidden' } } });
    renderWith(<CustomersManager />);
    expect(
      await screen.findByText('You are not authorized to view customers. Please log in again.'),
    ).toBeInTheDocument();
  });
});

describe('Loyalty dialog', () => {
  const history = [
    {
      id: 2,
      customer_id: 4,
      points: -5,
      kind: 'redeem',
      reason: 'Discount',
      sale_id: null,
      user_name: 'Mary',
      created_at: '2026-01-12T08:00:00.000Z',
    },
    {
      id: 1,
      customer_id: 4,
      points: 17,
      kind: 'earn',
      reason: null,
      sale_id: 31,
      user_name: 'Mary',
      created_at: '2026-01-11T08:00:00.000Z',
    },
  ];

  it('shows balance and history; adds points with a toast', async () => {
    const sent = stubApi({
      'GET /customers/4/loyalty/points': { body: { data: { customer_id: 4, points: 12 } } },
      'GET /customers/4/loyalty/transactions': { body: { data: history } },
      'POST /loyalty/add-points': { body: { success: true, data: { customer_id: 4, points: 22 } } },
    });
    const { toasts } = renderWith(
      <LoyaltyDialog customer={customer} onOpenChange={vi.fn()} canAdjust />,
    );
    expect(await screen.findByTestId('loyalty-balance')).toHaveTextContent('12');
    expect(await screen.findByText('Sale #31', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('-5')).toBeInTheDocument();
    expect(screen.getByText('+17')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Points'), '10');
    await userEvent.type(screen.getByLabelText('Reason (optional)'), 'Bonus');
    await userEvent.click(screen.getByRole('button', { name: 'Add points' }));
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({ description: 'Added 10 points. New balance: 22.' }),
      ]),
    );
    expect(sent.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      path: '/loyalty/add-points',
      body: { customer_id: 4, points: 10, reason: 'Bonus' },
    });
  });

  it('refuses a non-whole amount before sending, and shows the server message on over-redeem', async () => {
    const sent = stubApi({
      'GET /customers/4/loyalty/points': { body: { data: { customer_id: 4, points: 12 } } },
      'GET /customers/4/loyalty/transactions': { body: { data: [] } },
      'POST /loyalty/redeem-points': {
        status: 409,
        body: { message: 'Not enough loyalty points', code: 'loyalty.not_enough_points' },
      },
    });
    const { toasts } = renderWith(
      <LoyaltyDialog customer={customer} onOpenChange={vi.fn()} canAdjust />,
    );
    await screen.findByText('No loyalty points yet.');
    await userEvent.type(screen.getByLabelText('Points'), '1.5');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem points' }));
    expect(await screen.findByText('Points must be a whole number')).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Points'));
    await userEvent.type(screen.getByLabelText('Points'), '50');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem points' }));
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({
          variant: 'destructive',
          title: 'Error',
          description: 'Not enough loyalty points',
        }),
      ]),
    );
  });

  it('offers no adjustments to staff without loyalty:adjust', async () => {
    stubApi({
      'GET /customers/4/loyalty/points': { body: { data: { customer_id: 4, points: 12 } } },
      'GET /customers/4/loyalty/transactions': { body: { data: [] } },
    });
    renderWith(<LoyaltyDialog customer={customer} onOpenChange={vi.fn()} canAdjust={false} />);
    expect(await screen.findByTestId('loyalty-balance')).toHaveTextContent('12');
    expect(screen.queryByRole('button', { name: 'Add points' })).toBeNull();
  });
});
