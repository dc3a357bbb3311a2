import type { Role } from '@duka/shared/auth/roles';
import type { SaleReturn } from '@duka/shared/returns/returns.schemas';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  return <output data-testid="location">{useLocation().search}</output>;
}

function renderTab(
  reply: ApiReply | ((request: SentRequest) => ApiReply),
  {
    url = '/sales',
    role = 'manager',
    routes = {},
  }: { url?: string; role?: Role; routes?: Parameters<typeof stubApi>[0] } = {},
) {
  const sent = stubApi({ 'GET /sales': reply, ...routes });
  const toasts = renderHook(() => useToast()).result;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RoleContext.Provider value={role}>
        <MemoryRouter initialEntries={[url]}>
          <SalesTab />
          <Location />
        </MemoryRouter>
      </RoleContext.Provider>
    </QueryClientProvider>,
  );
  return { sent, toasts };
}

afterEach(() => act(() => clearToasts()));

/** The list's calls, without the managers' Needs review count (ReviewNotice). */
const listCalls = (sent: SentRequest[]) =>
  sent
    .filter((request) => request.path.startsWith('/sales?'))
    .map((request) => request.path)
    .filter((path) => !path.includes('needs_review=true'));
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const customer = (name: string) => ({ name, email: null, phone: null });

const signed = buildSale({
  id: 42,
  etims: { status: 'sent', invoice_number: 'KRACU0100000001/17', signature: 'V249-J39C' },
});
const waiting = buildSale({
  id: 41,
  Customer: customer('Brian Mwangi'),
  etims: { status: 'pending' },
});
const refused = buildSale({
  id: 40,
  invoice_no: 15,
  buyer_kra_pin: 'A123456789B',
  Customer: customer('Fatuma Hassan'),
  etims: { status: 'failed', result_code: '910', message: 'Invalid buyer PIN' },
});
const unregistered = buildSale({
  id: 39,
  Customer: customer('Juma Ali'),
  etims: { status: 'not_registered' },
});

describe('eTIMS on the Sales tab (issue 26)', () => {
  it('shows each sale’s eTIMS state in words: Sent, Pending, Failed, and nothing when not registered', async () => {
    renderTab(salesPage([signed, waiting, refused, unregistered]));
    const badge = async (name: string) =>
      within(await rowOf(name)).queryByTestId('etims-badge')?.textContent ?? null;
    expect(await badge('Grace Wambui')).toBe('Sent');
    expect(await badge('Brian Mwangi')).toBe('Pending');
    expect(await badge('Fatuma Hassan')).toBe('Failed');
    expect(await badge('Juma Ali')).toBeNull();
  });

  it('filters by eTIMS state, kept in the address, and Clear filters drops it', async () => {
    const { sent } = renderTab((request) =>
      salesPage(request.path.includes('etims_status=failed') ? [refused] : [signed, refused]),
    );
    await rowOf('Grace Wambui');
    const filter = screen.getByLabelText('eTIMS');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Pending', 'Sent', 'Failed', 'Not registered']);
    await userEvent.selectOptions(filter, 'failed');
    expect(screen.getByTestId('location')).toHaveTextContent('?etims_status=failed');
    await vi.waitFor(() => expect(screen.queryByText('Grace Wambui')).toBeNull());
    expect(listCalls(sent).at(-1)).toBe('/sales?page=1&pageSize=10&etims_status=failed');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^$/);
    expect(filter).toHaveValue('');
  });

  it('reads the filter from the address', async () => {
    const { sent } = renderTab(salesPage([waiting]), { url: '/sales?etims_status=pending' });
    await rowOf('Brian Mwangi');
    expect(screen.getByLabelText('eTIMS')).toHaveValue('pending');
    expect(listCalls(sent)).toEqual(['/sales?page=1&pageSize=10&etims_status=pending']);
  });

  it('ignores an eTIMS state in the address that is not one', async () => {
    const { sent } = renderTab(salesPage([waiting]), { url: '/sales?etims_status=lost' });
    await rowOf('Brian Mwangi');
    expect(screen.getByLabelText('eTIMS')).toHaveValue('');
    expect(listCalls(sent)).toEqual(['/sales?page=1&pageSize=10']);
  });

  it("shows a refused invoice's code and message in the details; a manager retries it", async () => {
    let current: Sale = refused;
    const { sent, toasts } = renderTab(() => salesPage([current]), {
      routes: {
        'POST /sales/40/etims/retry': () => {
          current = { ...refused, etims: { status: 'pending' } };
          return { body: { success: true, data: current.etims } };
        },
      },
    });
    await userEvent.click(
      within(await rowOf('Fatuma Hassan')).getByRole('button', {
        name: 'View Details of sale #40',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Sale Details' });
    expect(within(dialog).getByText('Invoice No.').nextSibling).toHaveTextContent('15');
    expect(within(dialog).getByText("Buyer's KRA PIN").nextSibling).toHaveTextContent(
      'A123456789B',
    );
    const state = within(dialog).getByTestId('etims-state');
    expect(within(state).getByText('Failed')).toBeInTheDocument();
    expect(state).toHaveTextContent('KRA code 910');
    expect(state).toHaveTextContent('Invalid buyer PIN');

    await userEvent.click(within(state).getByRole('button', { name: 'Retry eTIMS of sale #40' }));
    await vi.waitFor(() =>
      expect(within(dialog).getByTestId('etims-state')).toHaveTextContent('Pending'),
    );
    expect(sent.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/sales/40/etims/retry', body: {} },
    ]);
    // The list was read again.
    expect(listCalls(sent)).toHaveLength(2);
    expect(toasts.current.toasts[0]).toMatchObject({
      title: "Sent to eTIMS again: KRA's answer shows here when it comes",
    });
  });

  it('keeps the retried state shown when the sale leaves the Failed list', async () => {
    let retried = false;
    renderTab(
      (request) =>
        salesPage(request.path.includes('etims_status=failed') && !retried ? [refused] : []),
      {
        url: '/sales?etims_status=failed',
        routes: {
          'POST /sales/40/etims/retry': () => {
            retried = true;
            return { body: { success: true, data: { status: 'pending' } } };
          },
        },
      },
    );
    await userEvent.click(
      within(await rowOf('Fatuma Hassan')).getByRole('button', {
        name: 'View Details of sale #40',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Sale Details' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry eTIMS of sale #40' }));
    await vi.waitFor(() =>
      expect(within(dialog).getByTestId('etims-state')).toHaveTextContent('Pending'),
    );
    expect(screen.getByRole('dialog', { name: 'Sale Details' })).toBeInTheDocument();
  });

  it("shows KRA's answer in the details when it comes after a Retry, and the list follows", async () => {
    let current: Sale = refused;
    let reads = 0;
    const { sent } = renderTab(
      (request) =>
        salesPage(
          request.path.includes('etims_status=failed') && current === refused ? [refused] : [],
        ),
      {
        url: '/sales?etims_status=failed',
        routes: {
          'POST /sales/40/etims/retry': () => {
            current = { ...refused, etims: { status: 'pending' } };
            return { body: { success: true, data: current.etims } };
          },
          // The send job signs it between the first read and the next.
          'GET /sales/40': () => {
            reads += 1;
            if (reads === 2) {
              current = {
                ...refused,
                etims: { status: 'sent', invoice_number: 'KRACU0100000001/18' },
              };
            }
            return { body: { success: true, data: current } };
          },
        },
      },
    );
    await userEvent.click(
      within(await rowOf('Fatuma Hassan')).getByRole('button', {
        name: 'View Details of sale #40',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Sale Details' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry eTIMS of sale #40' }));
    const state = () => within(dialog).getByTestId('etims-state');
    await vi.waitFor(() => expect(state()).toHaveTextContent('Pending'));
    // Read again after ETIMS_POLL_MS (3 s): signed, with the control unit's number.
    await vi.waitFor(() => expect(state()).toHaveTextContent('CU Invoice No. KRACU0100000001/18'), {
      timeout: 6000,
    });
    expect(state()).toHaveTextContent('Sent');
    expect(within(state()).queryByRole('button')).toBeNull();
    // The list was read again after the signed answer.
    const signedRead = sent.findLastIndex((request) => request.path === '/sales/40');
    await vi.waitFor(() =>
      expect(
        sent.findLastIndex(
          (request) => request.path.startsWith('/sales?') && !request.path.includes('needs_review'),
        ),
      ).toBeGreaterThan(signedRead),
    );
    // Signed, it is read no more.
    const polled = reads;
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(reads).toBe(polled);
  }, 15_000);

  it('shows the server’s refusal of a retry', async () => {
    const { toasts } = renderTab(salesPage([refused]), {
      routes: {
        'POST /sales/40/etims/retry': {
          status: 409,
          body: { message: 'This invoice is already signed', code: 'etims.already_sent' },
        },
      },
    });
    await userEvent.click(
      within(await rowOf('Fatuma Hassan')).getByRole('button', {
        name: 'View Details of sale #40',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry eTIMS of sale #40' }));
    await vi.waitFor(() =>
      expect(toasts.current.toasts[0]).toMatchObject({
        variant: 'destructive',
        description: 'This invoice is already signed',
      }),
    );
  });

  it('offers no Retry to sales staff', async () => {
    renderTab(salesPage([refused]), { role: 'sales' });
    await userEvent.click(
      within(await rowOf('Fatuma Hassan')).getByRole('button', {
        name: 'View Details of sale #40',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Sale Details' });
    expect(within(dialog).getByTestId('etims-state')).toHaveTextContent('Failed');
    expect(within(dialog).queryByRole('button', { name: /Retry eTIMS/ })).toBeNull();
  });

  it('shows a signed invoice’s CU number without Retry, even to a manager', async () => {
    renderTab(salesPage([signed]));
    await userEvent.click(
      within(await rowOf('Grace Wambui')).getByRole('button', { name: 'View Details of sale #42' }),
    );
    const state = within(screen.getByRole('dialog', { name: 'Sale Details' })).getByTestId(
      'etims-state',
    );
    expect(state).toHaveTextContent('Sent');
    expect(state).toHaveTextContent('CU Invoice No. KRACU0100000001/17');
    expect(within(state).queryByRole('button')).toBeNull();
  });

  it("shows each return's credit note and its eTIMS state, and a manager retries it", async () => {
    const saleReturn: SaleReturn = {
      id: 7,
      sale_id: 42,
      amount: 65,
      refund_method: 'cash',
      mpesa_code: null,
      reason: 'Sour',
      items: [],
      points_reversed: 0,
      shift_id: null,
      User: { id: 2, name: 'Mary Manager' },
      created_at: '2026-11-21T07:30:00.000Z',
      credit_note_no: 3,
      tax: [],
      etims: { status: 'failed', result_code: '921', message: 'Original invoice not found' },
    };
    const withReturn = buildSale({
      status: 'partially_returned',
      returned_amount: 65,
      etims: { status: 'sent', invoice_number: 'KRACU0100000001/17' },
      returns: [saleReturn],
    });
    const { sent } = renderTab(salesPage([withReturn]), {
      routes: {
        'POST /returns/7/etims/retry': {
          body: { success: true, data: { status: 'sent', invoice_number: 'KRACU0100000001/18' } },
        },
      },
    });
    await userEvent.click(
      within(await rowOf('Grace Wambui')).getByRole('button', { name: 'View Details of sale #42' }),
    );
    const entry = within(screen.getByRole('dialog', { name: 'Sale Details' })).getByTestId(
      'sale-return',
    );
    expect(within(entry).getByText('Credit Note No.').nextSibling).toHaveTextContent('3');
    const state = within(entry).getByTestId('etims-state');
    expect(state).toHaveTextContent('Failed');
    expect(state).toHaveTextContent('KRA code 921');
    expect(state).toHaveTextContent('Original invoice not found');
    await userEvent.click(within(state).getByRole('button', { name: 'Retry eTIMS of return #7' }));
    await vi.waitFor(() =>
      expect(sent.filter((call) => call.method === 'POST')).toEqual([
        { method: 'POST', path: '/returns/7/etims/retry', body: {} },
      ]),
    );
  });
});
