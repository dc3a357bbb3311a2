import type { Customer, CustomerAccount } from '@duka/shared/customers/customers.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { PAPER_STORAGE_KEY } from '@/lib/thermal-paper';
import { RoleContext } from '@/lib/use-can';
import { stubApi } from '@/test/api-stub';
import { CustomerFormDialog } from './customer-form-dialog';
import { CustomersManager } from './customers-manager';
import { StatementDialog } from './statement-dialog';

vi.mock('@/lib/open-link', () => ({
  openInNewTab: vi.fn(),
  openSmsApp: vi.fn(),
  handedOff: vi.fn(async () => true),
}));
const { handedOff, openInNewTab, openSmsApp } = await import('@/lib/open-link');

const NOW = new Date('2026-11-26T10:00:00Z');

const debtor: Customer = {
  id: 4,
  name: 'Achieng Otieno',
  email: null,
  phone: '+254712345678',
  address: null,
  notes: null,
  kra_pin: null,
  is_walk_in: false,
  loyalty_points: 12,
  balance: 1200,
  credit_limit: 5000,
  oldest_unpaid_at: '2026-10-23T09:00:00.000Z',
  created_at: '2026-01-10T08:00:00.000Z',
};
const smallDebtor: Customer = {
  ...debtor,
  id: 5,
  name: 'Baraka Mwangi',
  balance: 300,
  credit_limit: null,
  oldest_unpaid_at: '2026-11-26T05:00:00.000Z',
};
const paidUp: Customer = {
  ...debtor,
  id: 6,
  name: 'Chebet Kiprop',
  balance: 0,
  credit_limit: null,
  oldest_unpaid_at: null,
};

const account: CustomerAccount = {
  balance: 1200,
  credit_limit: 5000,
  entries: [
    {
      type: 'credit_sale',
      amount: 1500,
      sale_id: 12,
      method: 'credit',
      mpesa_code: null,
      created_at: '2026-10-23T09:00:00.000Z',
      balance_after: 1500,
    },
    {
      type: 'repayment',
      amount: 800,
      sale_id: null,
      method: 'mpesa',
      mpesa_code: 'SFT4A1B2C3',
      created_at: '2026-11-01T09:00:00.000Z',
      balance_after: 700,
    },
    {
      type: 'credit_sale',
      amount: 500,
      sale_id: 15,
      method: 'credit',
      mpesa_code: null,
      created_at: '2026-11-20T09:00:00.000Z',
      balance_after: 1200,
    },
  ],
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
  localStorage.clear();
});

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderWith(ui: ReactNode, url = '/customers') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RoleContext.Provider value="admin">
        <MemoryRouter initialEntries={[url]}>
          {ui}
          <Search />
        </MemoryRouter>
      </RoleContext.Provider>
    </QueryClientProvider>,
  );
}

describe('What customers owe on /customers (issue 21)', () => {
  it("shows each card's debt, its age and the credit limit", async () => {
    stubApi({ 'GET /customers': { body: { data: [debtor, smallDebtor, paidUp] } } });
    renderWith(<CustomersManager />);
    const [first, second, third] = await screen.findAllByTestId('customer-card');
    expect(within(first!).getByTestId('customer-owes')).toHaveTextContent(
      'Owes KSh 1,200.00 · oldest unpaid 34 days',
    );
    expect(within(first!).getByTestId('customer-credit-limit')).toHaveTextContent(
      'Credit limit: KSh 5,000.00',
    );
    expect(within(second!).getByTestId('customer-owes')).toHaveTextContent(
      'Owes KSh 300.00 · oldest unpaid today',
    );
    expect(within(second!).getByTestId('customer-credit-limit')).toHaveTextContent(
      "Credit limit: the store's default",
    );
    expect(within(third!).getByTestId('customer-owes')).toHaveTextContent('Owes nothing');
    // Record repayment only for those who owe; the statement for everyone.
    expect(
      within(first!).getByRole('button', { name: 'Record repayment for Achieng Otieno' }),
    ).toBeInTheDocument();
    expect(within(third!).queryByRole('button', { name: /Record repayment/ })).toBeNull();
    expect(
      within(third!).getByRole('button', { name: 'Account statement of Chebet Kiprop' }),
    ).toBeInTheDocument();
  });

  it('the Debtors tab asks for owing=true, keeps it in the address and totals the debt', async () => {
    const sent = stubApi({
      'GET /customers': (request) => ({
        body: {
          data: request.path.includes('owing=true')
            ? [debtor, smallDebtor]
            : [debtor, smallDebtor, paidUp],
        },
      }),
    });
    renderWith(<CustomersManager />);
    expect(await screen.findAllByTestId('customer-card')).toHaveLength(3);
    await userEvent.click(screen.getByRole('tab', { name: 'Debtors' }));
    expect(await screen.findByTestId('debtors-total')).toHaveTextContent(
      '2 customers owe KSh 1,500.00 in all.',
    );
    expect(screen.getByRole('list', { name: 'Debtors, largest debt first' })).toBeInTheDocument();
    expect(screen.getAllByTestId('customer-card')).toHaveLength(2);
    expect(sent.map((call) => call.path)).toContain('/customers?owing=true');
    expect(screen.getByTestId('search')).toHaveTextContent('?view=debtors');
  });

  it('says so when nobody owes', async () => {
    stubApi({ 'GET /customers': { body: { data: [] } } });
    renderWith(<CustomersManager />, '/customers?view=debtors');
    expect(await screen.findByText('Nobody owes the shop anything.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Debtors' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens Record repayment from the card', async () => {
    stubApi({ 'GET /customers': { body: { data: [debtor] } } });
    renderWith(<CustomersManager />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Record repayment for Achieng Otieno' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Amount (KSh)')).toHaveValue('1200.00');
  });
});

describe('The credit limit in the customer form (issue 21)', () => {
  it('a manager sets it in shillings; blank sends null (no limit of their own)', async () => {
    const sent = stubApi({ 'PUT /customers/4': { body: { data: debtor } } });
    const onOpenChange = vi.fn();
    renderWith(
      <CustomerFormDialog open onOpenChange={onOpenChange} customer={debtor} canSetCreditLimit />,
    );
    const limit = screen.getByLabelText('Credit limit (KSh)');
    expect(limit).toHaveValue('5000.00');
    await userEvent.clear(limit);
    await userEvent.type(limit, '7500.5');
    await userEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    await userEvent.clear(limit);
    await userEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((call) => (call.body as { credit_limit: unknown }).credit_limit)).toEqual([
      7500.5,
      null,
    ]);
  });

  it('refuses a negative limit before sending', async () => {
    const sent = stubApi({});
    renderWith(
      <CustomerFormDialog open onOpenChange={vi.fn()} customer={debtor} canSetCreditLimit />,
    );
    const limit = screen.getByLabelText('Credit limit (KSh)');
    await userEvent.clear(limit);
    await userEvent.type(limit, '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    expect(await screen.findByText('Credit limit cannot be negative')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('is read-only and never sent for someone who may not set it; a new customer has none', async () => {
    const sent = stubApi({ 'PUT /customers/4': { body: { data: debtor } } });
    const onOpenChange = vi.fn();
    renderWith(<CustomerFormDialog open onOpenChange={onOpenChange} customer={debtor} />);
    expect(screen.getByLabelText('Credit limit (KSh)')).toHaveAttribute('readonly');
    expect(screen.getByText('Only a manager can change the credit limit.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent[0]!.body).not.toHaveProperty('credit_limit');
  });
});

describe('Account statement (issue 21)', () => {
  function renderStatement(customer: Customer = debtor, routes = {}) {
    const sent = stubApi({
      [`GET /customers/${customer.id}/account`]: { body: { data: account } },
      ...routes,
    });
    const onRepay = vi.fn();
    renderWith(
      <StatementDialog
        customer={customer}
        onOpenChange={vi.fn()}
        onRepay={onRepay}
        shop={{ name: 'Mama Mboga Duka', lines: ['Moi Avenue, Nairobi'] }}
      />,
    );
    return { sent, onRepay };
  }

  it('lists credit sales and repayments with the running balance, the balance and the limit', async () => {
    renderStatement();
    const statement = await screen.findByTestId('statement');
    expect(within(statement).getByText('Mama Mboga Duka')).toBeInTheDocument();
    const entries = within(statement).getAllByTestId('statement-entry');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/^Credit sale #12\+KSh 1,500\.00.*Balance KSh 1,500\.00$/),
      expect.stringMatching(/^Repayment · M-Pesa−KSh 800\.00.*SFT4A1B2C3Balance KSh 700\.00$/),
      expect.stringMatching(/^Credit sale #15\+KSh 500\.00.*Balance KSh 1,200\.00$/),
    ]);
    expect(within(statement).getByTestId('statement-balance')).toHaveTextContent('KSh 1,200.00');
    expect(within(statement).getByText('KSh 5,000.00')).toBeInTheDocument();
  });

  it('prints as Statement_{id} on the chosen paper and puts everything back after', async () => {
    document.title = 'Customers · Duka';
    let printed: { title: string; paper?: string; page: string } | null = null;
    vi.stubGlobal(
      'print',
      vi.fn(() => {
        const slip = document.querySelector<HTMLElement>('.receipt-paper');
        printed = {
          title: document.title,
          paper: slip?.dataset.paper,
          page: document.getElementById('receipt-page-size')?.textContent ?? '',
        };
      }),
    );
    renderStatement();
    await screen.findByTestId('statement');
    await userEvent.selectOptions(screen.getByLabelText('Paper'), '58');
    expect(localStorage.getItem(PAPER_STORAGE_KEY)).toBe('58');
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(printed).toMatchObject({ title: 'Statement_4', paper: '58' });
    expect(printed!.page).toMatch(/@page \{ size: 58mm \d+mm; margin: 0; \}/);
    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(document.title).toBe('Customers · Duka');
    expect(document.querySelector('.receipt-paper')).toBeNull();
  });

  it('sends the reminder by WhatsApp: opens the wa.me link the server wrote', async () => {
    const link = 'https://wa.me/254712345678?text=Statement';
    const { sent } = renderStatement(debtor, {
      'POST /customers/4/statement/whatsapp': {
        body: {
          success: true,
          data: { channel: 'whatsapp', phone: '254712345678', text: 'Statement', link },
        },
      },
    });
    await screen.findByTestId('statement');
    await userEvent.click(screen.getByRole('button', { name: 'Send reminder by WhatsApp' }));
    await vi.waitFor(() => expect(openInNewTab).toHaveBeenCalledWith(link));
    expect(sent.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/customers/4/statement/whatsapp', body: {} },
    ]);
  });

  it('asks for a number when the customer has none, and says so when no SMS app opens', async () => {
    const link = 'sms:+254722000111?body=Statement';
    const { sent } = renderStatement(
      { ...debtor, phone: null },
      {
        'POST /customers/4/statement/sms': (request: { body: unknown }) =>
          (request.body as { phone?: string }).phone
            ? {
                body: {
                  success: true,
                  data: { channel: 'sms', phone: '254722000111', text: 'Statement', link },
                },
              }
            : {
                status: 400,
                body: {
                  message: 'Validation failed',
                  errors: [{ path: 'phone', message: 'Phone is required' }],
                },
              },
      },
    );
    await screen.findByTestId('statement');
    await userEvent.click(screen.getByRole('button', { name: 'Send reminder by SMS' }));
    expect(
      screen.getByText(
        'The customer has no phone number. Enter the number to send the reminder to.',
      ),
    ).toBeInTheDocument();
    vi.mocked(handedOff).mockResolvedValueOnce(false);
    await userEvent.type(screen.getByLabelText('Customer phone number'), '0722 000 111');
    await userEvent.click(screen.getByRole('button', { name: 'Send · SMS' }));
    await vi.waitFor(() => expect(openSmsApp).toHaveBeenCalledWith(link));
    expect(
      await screen.findByText(
        'This device could not open an SMS app. Send the reminder by WhatsApp or print the statement.',
      ),
    ).toBeInTheDocument();
    expect(sent.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { phone: '0722 000 111' },
    ]);
  });

  it('offers Record repayment while the customer owes', async () => {
    const { onRepay } = renderStatement();
    await screen.findByTestId('statement');
    await userEvent.click(screen.getByRole('button', { name: 'Record repayment' }));
    expect(onRepay).toHaveBeenCalledWith(debtor);
  });
});
