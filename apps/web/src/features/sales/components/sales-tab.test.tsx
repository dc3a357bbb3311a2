import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@duka/shared/auth/roles';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';
import { stubApi, type ApiReply, type SentRequest } from '@/test/api-stub';
import { buildSale } from '@/test/fixtures';
import { salesPage } from '../lib/sales-fixtures';
import { SalesTab } from './sales-tab';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderTab(
  reply: ApiReply | ((request: SentRequest) => ApiReply),
  {
    url = '/sales',
    onViewReceipt = vi.fn(),
    role = 'sales',
    routes = {},
  }: {
    url?: string;
    onViewReceipt?: (saleId: number) => void;
    role?: Role;
    routes?: Parameters<typeof stubApi>[0];
  } = {},
) {
  const sent = stubApi({ 'GET /sales': reply, ...routes });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RoleContext.Provider value={role}>
        <MemoryRouter initialEntries={[url]}>
          <SalesTab onViewReceipt={onViewReceipt} />
          <Location />
        </MemoryRouter>
      </RoleContext.Provider>
    </QueryClientProvider>,
  );
  const toasts = renderHook(() => useToast()).result;
  return { sent, onViewReceipt, toasts };
}

afterEach(() => act(() => clearToasts()));

const listCalls = (sent: SentRequest[]) =>
  sent.filter((request) => request.path.startsWith('/sales?')).map((request) => request.path);
const search = () => screen.getByTestId('location').textContent;
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

const mpesa = buildSale({
  id: 41,
  payment_method: 'mpesa',
  mpesa_code: 'SFT4A1B2C3',
  amount_paid: 250,
  change_amount: 0,
  total_amount: 250,
  Customer: { name: 'Brian Mwangi', email: null, phone: null },
  receipt_status: { sms: true, whatsapp: true, sms_state: 'sent', sms_error: null },
});
const pending = buildSale({
  id: 40,
  status: 'pending',
  Customer: { name: 'Fatuma Hassan', email: null, phone: null },
});

describe('Sales tab (spec §2 Sales and Orders page, §4, §9)', () => {
  it('shows every column, the receipt badges or Not sent, and the status colours', async () => {
    const { sent } = renderTab(salesPage([buildSale(), mpesa, pending]));
    const cash = await rowOf('Grace Wambui');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Date',
      'Customer',
      'Cashier',
      'Payment Method',
      'Status',
      'Receipt Status',
      'eTIMS',
      'Total',
      'View Details',
    ]);
    for (const text of ['Wanjiku Cashier', 'Cash', 'Completed', 'Not sent', 'KSh 880.00']) {
      expect(within(cash).getByText(text)).toBeInTheDocument();
    }
    // Medium date with the time, in the reader's language, in Nairobi time (06:05 UTC).
    expect(within(cash).getByText('20 Nov 2026, 09:05')).toBeInTheDocument();
    expect(within(cash).getByText('Completed')).toHaveClass('bg-emerald-100');
    expect(
      within(cash).getByRole('button', { name: 'View Details of sale #42' }),
    ).toHaveTextContent('View Details');

    const byMpesa = await rowOf('Brian Mwangi');
    expect(within(byMpesa).getByText('M-Pesa')).toBeInTheDocument();
    expect(within(byMpesa).getByText('SMS')).toBeInTheDocument();
    expect(within(byMpesa).getByText('WhatsApp')).toBeInTheDocument();
    expect(within(byMpesa).queryByText('Not sent')).toBeNull();

    expect(within(await rowOf('Fatuma Hassan')).getByText('Pending')).toHaveClass('bg-amber-100');
    expect(listCalls(sent)).toEqual(['/sales?page=1&pageSize=10']);
  });

  it('pages 10 at a time from the server with Previous, numbered pages and Next', async () => {
    const { sent } = renderTab((request) =>
      request.path.includes('page=2')
        ? salesPage([buildSale({ id: 30, Customer: null })], 25, 2)
        : salesPage([buildSale()], 25),
    );
    expect(await screen.findByText('Showing 1–10 of 25 sales')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Sales pages' });
    expect(pager).toHaveTextContent('Previous123Next');

    await userEvent.click(within(pager).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 11–20 of 25 sales')).toBeInTheDocument();
    expect(listCalls(sent).at(-1)).toBe('/sales?page=2&pageSize=10');
    expect(search()).toBe('?page=2');
    // A sale without a customer.
    expect(within(await rowOf('N/A')).getByText('KSh 880.00')).toBeInTheDocument();

    await userEvent.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing 1–10 of 25 sales')).toBeInTheDocument();
    // Page 1 comes from the cache (spec §4: infinite staleness).
    expect(listCalls(sent)).toEqual(['/sales?page=1&pageSize=10', '/sales?page=2&pageSize=10']);
    expect(search()).toBe('');
  });

  it('sends the filters as query parameters, keeps them in the address and starts on page 1', async () => {
    const { sent } = renderTab(
      (request) =>
        request.path.includes('payment_method')
          ? salesPage([], 0)
          : salesPage([buildSale()], 25, 2),
      { url: '/sales?tab=sales&page=2' },
    );
    await rowOf('Grace Wambui');
    expect(listCalls(sent)).toEqual(['/sales?page=2&pageSize=10']);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await vi.waitFor(() =>
      expect(listCalls(sent).at(-1)).toBe('/sales?page=1&pageSize=10&from=2026-11-01'),
    );
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-20' } });
    await userEvent.selectOptions(screen.getByLabelText('Payment Method'), 'M-Pesa');
    await vi.waitFor(() =>
      expect(listCalls(sent).at(-1)).toBe(
        '/sales?page=1&pageSize=10&from=2026-11-01&to=2026-11-20&payment_method=mpesa',
      ),
    );
    expect(await screen.findByText('No sales match these filters.')).toBeInTheDocument();
    expect(search()).toBe('?tab=sales&from=2026-11-01&to=2026-11-20&payment_method=mpesa');
    expect(
      Array.from(
        screen.getByLabelText<HTMLSelectElement>('Payment Method').options,
        (option) => option.textContent,
      ),
    ).toEqual(['All', 'Cash', 'M-Pesa', 'Credit', 'Split']);

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(search()).toBe('?tab=sales');
    expect(screen.getByLabelText('From')).toHaveFocus();
    await vi.waitFor(() => expect(listCalls(sent).at(-1)).toBe('/sales?page=1&pageSize=10'));
  });

  it('asks nothing of the server for a to day before the from day', async () => {
    const { sent } = renderTab(salesPage([buildSale()]), {
      url: '/sales?from=2026-11-20&to=2026-11-19',
    });
    expect(await screen.findByText('To date must not be before From date')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(listCalls(sent)).toEqual([]);
  });

  it('shows the server message when the sales cannot be loaded, with a retry', async () => {
    let fail = true;
    const { sent } = renderTab(() =>
      fail ? { status: 500, body: { message: 'Database unavailable' } } : salesPage([buildSale()]),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Grace Wambui')).toBeInTheDocument();
    expect(listCalls(sent)).toHaveLength(2);
  });
});

describe('Sale details dialog (spec §2)', () => {
  it('shows the customer, payment and sale information and the items with their SKU', async () => {
    const { onViewReceipt } = renderTab(salesPage([mpesa]));
    await userEvent.click(
      within(await rowOf('Brian Mwangi')).getByRole('button', { name: 'View Details of sale #41' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Sale Details' });
    for (const heading of ['Customer Information', 'Payment Information', 'Sale Information']) {
      expect(within(dialog).getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    const entry = (label: string) => within(dialog).getByText(label).nextElementSibling;
    expect(entry('Name')).toHaveTextContent('Brian Mwangi');
    expect(entry('Phone')).toHaveTextContent('N/A');
    expect(entry('Payment Method')).toHaveTextContent('M-Pesa');
    expect(entry('Payment Status')).toHaveTextContent('Paid');
    expect(entry('Amount Paid')).toHaveTextContent('KSh 250.00');
    expect(entry('Change')).toHaveTextContent('KSh 0.00');
    expect(entry('M-Pesa Code')).toHaveTextContent('SFT4A1B2C3');
    expect(entry('Date')).toHaveTextContent('20 Nov 2026, 09:05');
    expect(entry('Cashier')).toHaveTextContent('Wanjiku Cashier');
    expect(entry('Status')).toHaveTextContent('Completed');
    expect(entry('Sale ID')).toHaveTextContent('41');

    const items = within(dialog).getByRole('table', { name: 'Items' });
    expect(
      within(items)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Product', 'Unit Price', 'Quantity', 'Total']);
    const cellsOf = (quantity: string) =>
      Array.from(
        within(items).getByText(quantity).closest('tr')!.cells,
        (cell) => cell.textContent,
      );
    expect(cellsOf('2 pieces')).toEqual([
      'Brookside Milk 500mlSKU: MLK-500',
      'KSh 65.00',
      '2 pieces',
      'KSh 130.00',
    ]);
    expect(cellsOf('1 dozen')).toEqual([
      'Brookside Milk 500mlSKU: MLK-500',
      'KSh 750.00',
      '1 dozen',
      'KSh 750.00',
    ]);

    // The receipt's sends, and the way to print or resend it (composed in by the page).
    expect(within(dialog).getByText('SMS')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'View Receipt' }));
    expect(onViewReceipt).toHaveBeenCalledWith(41);
  });

  it("shows 'Invalid Date' for a sale without its timestamp, and no M-Pesa code for cash", async () => {
    renderTab(salesPage([buildSale({ createdAt: '' })]));
    const row = await rowOf('Grace Wambui');
    expect(within(row).getByText('Invalid Date')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'View Details of sale #42' }));
    const dialog = screen.getByRole('dialog', { name: 'Sale Details' });
    expect(within(dialog).getByText('Date').nextElementSibling).toHaveTextContent('Invalid Date');
    expect(within(dialog).queryByText('M-Pesa Code')).toBeNull();
    expect(within(dialog).getByText('Not sent')).toBeInTheDocument();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Credit and split sales (issue 21)', () => {
  const credit = buildSale({
    id: 43,
    payment_method: 'split',
    payment_status: 'pending',
    total_amount: 880,
    amount_paid: 1000,
    change_amount: 120,
    payments: [
      { method: 'cash', amount: 300, mpesa_code: null, mpesa_payment_id: null },
      { method: 'mpesa', amount: 200, mpesa_code: 'SFT4A1B2C3', mpesa_payment_id: null },
      { method: 'credit', amount: 380, mpesa_code: null, mpesa_payment_id: null },
    ],
    balance_due: 380,
    Customer: { name: 'Achieng Otieno', email: null, phone: '+254712345678' },
  });
  const repaid = buildSale({
    id: 44,
    payment_method: 'credit',
    payment_status: 'paid',
    payments: [{ method: 'credit', amount: 880, mpesa_code: null, mpesa_payment_id: null }],
    balance_due: 0,
    Customer: { name: 'Baraka Mwangi', email: null, phone: null },
  });

  it('shows Split and Credit, pending in yellow with what is due, paid once repaid', async () => {
    renderTab(salesPage([credit, repaid, buildSale()]));
    const owing = await rowOf('Achieng Otieno');
    expect(within(owing).getByText('Split')).toBeInTheDocument();
    expect(within(owing).getByText('Completed')).toHaveClass('bg-emerald-100');
    expect(within(owing).getByText('Pending')).toHaveClass('bg-amber-100');
    expect(within(owing).getByText('KSh 380.00 due')).toBeInTheDocument();

    const paidOff = await rowOf('Baraka Mwangi');
    expect(within(paidOff).getByText('Credit')).toBeInTheDocument();
    expect(within(paidOff).getByText('Paid')).toHaveClass('bg-emerald-100');
    expect(within(paidOff).queryByText(/due/)).toBeNull();

    // A sale paid in full at the till shows its status alone, as before.
    const cash = await rowOf('Grace Wambui');
    expect(within(cash).queryByText('Paid')).toBeNull();
  });

  it("lists each part of the payment and the balance due in the sale's details", async () => {
    renderTab(salesPage([credit, repaid]));
    await userEvent.click(
      within(await rowOf('Achieng Otieno')).getByRole('button', {
        name: 'View Details of sale #43',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Sale Details' });
    const entry = (label: string) => within(dialog).getByText(label).nextElementSibling;
    expect(entry('Payment Method')).toHaveTextContent('Split');
    expect(entry('Payment Status')).toHaveTextContent('Pending');
    expect(
      within(within(dialog).getByTestId('sale-payments'))
        .getAllByRole('listitem')
        .map((part) => part.textContent),
    ).toEqual(['CashKSh 300.00', 'M-PesaKSh 200.00SFT4A1B2C3', 'CreditKSh 380.00']);
    expect(entry('Balance due')).toHaveTextContent('KSh 380.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    await userEvent.click(
      within(await rowOf('Baraka Mwangi')).getByRole('button', {
        name: 'View Details of sale #44',
      }),
    );
    const second = screen.getByRole('dialog', { name: 'Sale Details' });
    expect(within(second).getByText('Balance due').nextElementSibling).toHaveTextContent(
      'Paid in full',
    );
  });
});

describe('Sales that need review (issue 22)', () => {
  const flagged = buildSale({
    id: 45,
    client_sale_id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    // Made at 08:10 in Nairobi on the 20th, reached the server the next morning.
    sold_at: '2026-11-20T05:10:00.000Z',
    createdAt: '2026-11-20T05:10:00.000Z',
    received_at: '2026-11-21T07:30:00.000Z',
    offline: true,
    device_receipt_number: 'T3-0042',
    needs_review: true,
    review_reasons: [
      {
        kind: 'insufficient_stock',
        product_id: 3,
        product_name: 'Brookside Milk 500ml',
        message: 'Insufficient stock for Brookside Milk 500ml',
        stock_pieces_before: 5,
        pieces: 14,
      },
    ],
    Customer: { name: 'Otieno Ouma', email: null, phone: null },
  });
  const reviewed = {
    ...flagged,
    needs_review: false,
    reviewed_at: '2026-11-21T09:00:00.000Z',
    reviewed_by: { id: 2, name: 'Mary Manager' },
  };

  it('shows Needs review in words beside the status, not by colour alone', async () => {
    renderTab(salesPage([flagged, buildSale()]));
    const row = await rowOf('Otieno Ouma');
    const badge = within(row).getByText('Needs review');
    expect(badge).toHaveClass('bg-amber-100');
    expect(within(row).getByText('Completed')).toBeInTheDocument();
    expect(within(await rowOf('Grace Wambui')).queryByText('Needs review')).toBeNull();
  });

  it('lists the sales to check with ?needs_review=true, kept in the address', async () => {
    const { sent } = renderTab((request) =>
      request.path.includes('needs_review=true') ? salesPage([flagged]) : salesPage([buildSale()]),
    );
    await rowOf('Grace Wambui');
    const review = screen.getByLabelText('Review');
    expect(Array.from((review as HTMLSelectElement).options, (o) => o.textContent)).toEqual([
      'All',
      'Needs review',
    ]);
    await userEvent.selectOptions(review, 'Needs review');
    expect(await rowOf('Otieno Ouma')).toBeInTheDocument();
    expect(listCalls(sent).at(-1)).toBe('/sales?page=1&pageSize=10&needs_review=true');
    expect(search()).toBe('?needs_review=true');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(search()).toBe('');
    expect(await rowOf('Grace Wambui')).toBeInTheDocument();
  });

  it('opens on the Needs review view from the address and says when none is left', async () => {
    const { sent } = renderTab(salesPage([]), { url: '/sales?needs_review=true' });
    expect(await screen.findByText('No sales need review.')).toBeInTheDocument();
    expect(screen.getByLabelText('Review')).toHaveValue('needs_review');
    expect(listCalls(sent)).toEqual(['/sales?page=1&pageSize=10&needs_review=true']);
  });

  it('tells why in the details: each product, its stock before and what was taken, made offline, the device receipt', async () => {
    renderTab(salesPage([flagged]), { role: 'sales' });
    await userEvent.click(
      within(await rowOf('Otieno Ouma')).getByRole('button', { name: 'View Details of sale #45' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Sale Details' });
    expect(within(dialog).getByTestId('sale-offline')).toHaveTextContent(
      'Made offline at 20 Nov 2026, 08:10 · received 21 Nov 2026, 10:30',
    );
    const reasons = within(dialog).getByRole('list', {
      name: 'Products the shelf could not cover',
    });
    expect(within(reasons).getByRole('listitem')).toHaveTextContent(
      'Insufficient stock for Brookside Milk 500ml' +
        'In stock before the sale: 5 pcs · taken: 14 pcs',
    );
    expect(within(dialog).getByTestId('needs-review-badge')).toHaveTextContent('Needs review');
    expect(within(dialog).getByText('Device receipt').nextElementSibling).toHaveTextContent(
      'T3-0042',
    );
    // A cashier sees why, but only a manager marks it reviewed.
    expect(within(dialog).queryByRole('button', { name: 'Mark reviewed' })).toBeNull();
  });

  it('names a product no longer sold (deactivated after the device caught up) as a reason', async () => {
    const inactive = buildSale({
      ...flagged,
      review_reasons: [
        {
          kind: 'inactive_product',
          product_id: 7,
          product_name: 'Tea leaves 250g',
          message: 'Tea leaves 250g is no longer sold',
          stock_pieces_before: 4,
          pieces: 2,
        },
        ...flagged.review_reasons,
      ],
    });
    renderTab(salesPage([inactive]), { role: 'sales' });
    await userEvent.click(
      within(await rowOf('Otieno Ouma')).getByRole('button', { name: 'View Details of sale #45' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Sale Details' });
    const items = within(
      within(dialog).getByRole('list', { name: 'Products the shelf could not cover' }),
    ).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Tea leaves 250g is no longer sold' + 'In stock before the sale: 4 pcs · taken: 2 pcs',
      'Insufficient stock for Brookside Milk 500ml' +
        'In stock before the sale: 5 pcs · taken: 14 pcs',
    ]);
  });

  it.each(['manager', 'admin', 'super_admin'] as const)(
    'lets a %s mark it reviewed: POST /sales/{id}/review, the badge goes, a toast says so',
    async (role) => {
      let listed = [flagged];
      const calls: unknown[] = [];
      const { toasts } = renderTab(() => salesPage(listed), {
        role,
        routes: {
          'POST /sales/45/review': (request) => {
            calls.push(request.body);
            listed = [reviewed];
            return { body: { success: true, data: reviewed } };
          },
        },
      });
      await userEvent.click(
        within(await rowOf('Otieno Ouma')).getByRole('button', {
          name: 'View Details of sale #45',
        }),
      );
      const dialog = screen.getByRole('dialog', { name: 'Sale Details' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Mark reviewed' }));

      await vi.waitFor(() =>
        expect(toasts.current.toasts[0]).toMatchObject({
          title: 'Marked reviewed',
          description: 'Sale #45 no longer needs review.',
        }),
      );
      expect(calls).toEqual([{}]);
      expect(within(dialog).queryByText('Needs review')).toBeNull();
      expect(within(dialog).queryByRole('button', { name: 'Mark reviewed' })).toBeNull();
      expect(within(dialog).getByTestId('sale-reviewed')).toHaveTextContent(
        'Reviewed by Mary Manager on 21 Nov 2026, 12:00',
      );
      // The reasons stay readable after the review.
      expect(within(dialog).getByText('Insufficient stock for Brookside Milk 500ml')).toBeVisible();
      await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
      expect(within(await rowOf('Otieno Ouma')).queryByText('Needs review')).toBeNull();
    },
  );

  it("sends the manager's note with the review and shows it after", async () => {
    const bodies: unknown[] = [];
    const noted = { ...reviewed, review_note: 'Counted: 9 left on the shelf' };
    let listed = [flagged];
    renderTab(() => salesPage(listed), {
      role: 'manager',
      routes: {
        'POST /sales/45/review': (request) => {
          bodies.push(request.body);
          listed = [noted];
          return { body: { success: true, data: noted } };
        },
      },
    });
    await userEvent.click(
      within(await rowOf('Otieno Ouma')).getByRole('button', { name: 'View Details of sale #45' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Sale Details' });
    await userEvent.type(
      within(dialog).getByLabelText('Note (optional)'),
      '  Counted: 9 left on the shelf ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark reviewed' }));
    expect(await within(dialog).findByTestId('sale-review-note')).toHaveTextContent(
      'Note: Counted: 9 left on the shelf',
    );
    expect(bodies).toEqual([{ note: 'Counted: 9 left on the shelf' }]);
    expect(within(dialog).queryByLabelText('Note (optional)')).toBeNull();
  });

  it('keeps the reviewed sale open in the Needs review view, where it leaves the list', async () => {
    const calls: number[] = [];
    let done = false;
    renderTab(() => salesPage(done ? [] : [flagged]), {
      role: 'manager',
      url: '/sales?needs_review=true',
      routes: {
        'POST /sales/45/review': () => {
          calls.push(45);
          done = true;
          return { body: { success: true, data: reviewed } };
        },
      },
    });
    await userEvent.click(
      within(await rowOf('Otieno Ouma')).getByRole('button', { name: 'View Details of sale #45' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Sale Details' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark reviewed' }));
    expect(await within(dialog).findByTestId('sale-reviewed')).toHaveTextContent('Mary Manager');
    expect(calls).toEqual([45]);
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    expect(await screen.findByText('No sales need review.')).toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the badge when the review fails", async () => {
    const { toasts } = renderTab(salesPage([flagged]), {
      role: 'manager',
      routes: {
        'POST /sales/45/review': {
          status: 409,
          body: { message: 'This sale does not need review', code: 'sales.not_flagged' },
        },
      },
    });
    await userEvent.click(
      within(await rowOf('Otieno Ouma')).getByRole('button', { name: 'View Details of sale #45' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Sale Details' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark reviewed' }));
    await vi.waitFor(() =>
      expect(toasts.current.toasts[0]).toMatchObject({
        variant: 'destructive',
        description: 'This sale does not need review',
      }),
    );
    expect(within(dialog).getByTestId('needs-review-badge')).toBeInTheDocument();
  });

  it('tells a manager how many sales wait for review, and Show them opens that list', async () => {
    const { sent } = renderTab(
      (request) =>
        request.path.includes('needs_review=true')
          ? salesPage([flagged], 2)
          : salesPage([buildSale()]),
      { role: 'manager' },
    );
    const notice = await screen.findByText('2 sales need review');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show them' }));
    expect(search()).toBe('?needs_review=true');
    expect(await rowOf('Otieno Ouma')).toBeInTheDocument();
    // The notice's query is the view's first page: asked once.
    expect(
      listCalls(sent).filter((path) => path === '/sales?page=1&pageSize=10&needs_review=true'),
    ).toHaveLength(1);
    expect(screen.queryByText('2 sales need review')).toBeNull();
  });

  it('asks nothing about review for a cashier', async () => {
    const { sent } = renderTab(salesPage([buildSale()]), { role: 'sales' });
    await rowOf('Grace Wambui');
    expect(listCalls(sent)).toEqual(['/sales?page=1&pageSize=10']);
    expect(screen.queryByRole('button', { name: 'Show them' })).toBeNull();
  });

  it('says nothing of review or offline for a sale made online', async () => {
    renderTab(salesPage([buildSale()]), { role: 'manager' });
    await userEvent.click(
      within(await rowOf('Grace Wambui')).getByRole('button', { name: 'View Details of sale #42' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Sale Details' });
    expect(within(dialog).queryByText('Stock review')).toBeNull();
    expect(within(dialog).queryByTestId('sale-offline')).toBeNull();
    expect(within(dialog).queryByText('Device receipt')).toBeNull();
  });

  it('shows Unverified for a typed M-Pesa code no payment matched (issue 23), in the table and the details', async () => {
    const unverified = buildSale({
      id: 44,
      payment_method: 'mpesa',
      mpesa_code: 'SFT9Z8Y7X6',
      mpesa_verified: false,
      amount_paid: 880,
      change_amount: 0,
      Customer: { name: 'Otieno Ouma', email: null, phone: null },
    });
    renderTab(salesPage([unverified, { ...mpesa, mpesa_verified: true }]), { role: 'manager' });
    const row = await rowOf('Otieno Ouma');
    expect(within(row).getByTestId('unverified-badge')).toHaveTextContent('Unverified');
    expect(within(row).getByText('Completed')).toBeInTheDocument();
    expect(within(await rowOf('Brian Mwangi')).queryByTestId('unverified-badge')).toBeNull();

    await userEvent.click(within(row).getByRole('button', { name: 'View Details of sale #44' }));
    const dialog = screen.getByRole('dialog', { name: 'Sale Details' });
    expect(within(dialog).getByText('SFT9Z8Y7X6')).toBeInTheDocument();
    expect(within(dialog).getByText('M-Pesa check').nextElementSibling).toHaveTextContent(
      'UnverifiedNo M-Pesa payment the store received has this code',
    );
  });
});
