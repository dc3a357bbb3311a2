import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { StoreProvider } from '@/features/stores/components/store-provider';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';
import { stubApi, type ApiReply, type SentRequest } from '@/test/api-stub';
import { buildUser } from '@/test/fixtures';
import { ReportsErrorBoundary } from '@/features/reports/components/reports-error-boundary';
import { ReportsPage } from './reports-page';

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

let csvTexts: string[];
beforeEach(() => {
  // 09:27 on 26 November 2026 in Nairobi: the page opens on 1–26 Nov 2026.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T06:27:00.000Z') });
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  csvTexts = [];
  // The CSV is handed to the browser as a Blob URL: keep its text. Still a class, so the VAT
  // tab's lazy import (which builds URLs) loads.
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL(blob: Blob) {
        // Read as bytes: a text read would drop the BOM the file must start with.
        const reader = new FileReader();
        reader.onload = () =>
          csvTexts.push(
            new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer),
          );
        reader.readAsArrayBuffer(blob);
        return 'blob:report';
      }
      static override revokeObjectURL() {}
    },
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const flour = {
  productId: 1,
  productName: 'Unga Flour 2kg',
  productSku: 'FLR-2',
  quantity: 11,
  revenue: 615,
  profit: 85,
  averagePrice: 55.91,
  lastSold: '2026-11-10T21:10:00.000Z',
};
const soap = { ...flour, productId: 2, productName: 'Soap Bar', productSku: '=SOAP', revenue: 550 };
const matches = {
  productId: 3,
  productName: 'Idle Matches',
  productSku: 'MATCH-1',
  quantity: 0,
  revenue: 0,
  profit: 0,
  averagePrice: 0,
  lastSold: null,
};

const performance = (products: unknown[]) => ({
  success: true,
  data: {
    products,
    summary: { totalRevenue: 1165, totalProfit: 265, productCount: products.length },
    page: 1,
    pageSize: 100,
  },
});

function renderPage(overrides: Record<string, ApiReply | ((r: SentRequest) => ApiReply)> = {}) {
  useAuthStore.setState({
    user: buildUser('admin'),
    isAuthenticated: true,
    sessionChecked: true,
  });
  const sent = stubApi({
    'GET /reports/sales-summary': {
      body: {
        success: true,
        data: {
          paymentMethods: { cash: 870, mpesa: 645, credit: 400 },
          repayments: { cash: 150, mpesa: 250 },
          totalSales: 1915,
          count: 3,
          returns: 120.5,
          byDay: [
            { date: '2026-11-10', revenue: 650, count: 1 },
            { date: '2026-11-11', revenue: 0, count: 0 },
          ],
        },
      },
    },
    'GET /reports/profit': {
      body: {
        success: true,
        data: {
          revenue: 1165,
          costOfGoods: 900,
          grossProfit: 265,
          expenses: 1750.25,
          profitAfterExpenses: -1485.25,
        },
      },
    },
    'GET /reports/expenses-summary': {
      body: { success: true, data: { totalExpenses: 1750.25, count: 3, byCategory: {} } },
    },
    'GET /reports/product-performance': (request) =>
      request.path.includes('pageSize=3')
        ? { body: performance([flour, soap, matches]) }
        : { body: performance([flour, soap, matches]) },
    'GET /reports/inventory': (request) => ({
      body: {
        success: true,
        data: {
          products: request.path.includes('q=soap')
            ? []
            : [
                {
                  productId: 1,
                  name: 'Unga Flour 2kg',
                  sku: 'FLR-2',
                  price: 60,
                  quantity: 89,
                  stockUnit: 'dozen',
                  packSize: 1,
                  status: 'In Stock',
                  value: 5340,
                },
                {
                  productId: 3,
                  name: 'Idle, Matches',
                  sku: 'MATCH-1',
                  price: 15,
                  quantity: 5,
                  stockUnit: 'piece',
                  packSize: 1,
                  status: 'Low Stock',
                  value: 75,
                },
              ],
          summary: { productCount: 2, totalValue: 5415 },
          page: 1,
          pageSize: 100,
        },
      },
    }),
    'GET /reports/vat': {
      body: {
        data: {
          month: '2026-11',
          by_tax_type: [{ tax_type: 'B', taxable_amount: 1181.02, tax_amount: 188.97 }],
          credit_notes: { taxable_amount: 0, tax_amount: 0 },
        },
      },
    },
    ...overrides,
  });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <RoleContext.Provider value="admin">
            <StoreProvider enabled={false}>
              <ReportsPage />
            </StoreProvider>
          </RoleContext.Provider>
        ),
      },
    ],
    { initialEntries: ['/reports'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return sent;
}

const paths = (sent: SentRequest[], prefix: string) =>
  sent.filter((r) => r.path.startsWith(prefix)).map((r) => r.path);

describe('ReportsPage (spec §2 Reports)', () => {
  it('opens on this month so far: the range at the top, every card naming the period', async () => {
    const sent = renderPage();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Loading reports…');
    expect(await screen.findByTestId('total-expenses')).toHaveTextContent('KSh 1,750.25');
    expect(screen.getByLabelText('Start date')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('End date')).toHaveValue('2026-11-26');
    expect(screen.getByTestId('applied-period')).toHaveTextContent('1–26 Nov 2026');
    for (const title of [
      'Sales by Payment Method',
      'Total Expenses',
      'Top Sellers',
      'Profit',
      'Sales by payment method (KSh)',
      'Revenue per day (KSh)',
    ]) {
      const card = screen.getByRole('region', { name: title });
      expect(within(card).getByTestId('report-period'), title).toHaveTextContent('1–26 Nov 2026');
    }
    // Every report asks for those days.
    for (const report of ['sales-summary', 'expenses-summary', 'profit']) {
      expect(paths(sent, `/reports/${report}`)).toEqual([
        `/reports/${report}?start=2026-11-01&end=2026-11-26`,
      ]);
    }
    expect(paths(sent, '/reports/product-performance')).toContain(
      '/reports/product-performance?start=2026-11-01&end=2026-11-26&sort=revenue&page=1&pageSize=3',
    );

    const methods = screen.getByRole('region', { name: 'Sales by Payment Method' });
    const rows = (testId: string) =>
      Array.from(within(methods).getByTestId(testId).children, (row) => row.textContent);
    // Issue 21: credit (sold, not yet paid) among the methods; the repayments received below.
    expect(rows('sales-by-method')).toEqual([
      'CashKSh 870.00',
      'M-PesaKSh 645.00',
      'CreditKSh 400.00',
    ]);
    expect(within(methods).getByRole('heading', { name: 'Repayments received' })).toBeVisible();
    expect(rows('repayments-by-method')).toEqual(['CashKSh 150.00', 'M-PesaKSh 250.00']);
    // Issue 24: the period's returns, named under the figures they were taken off.
    expect(within(methods).getByTestId('returns-total')).toHaveTextContent('KSh 120.50');
    expect(within(methods).getByText('Returns')).toBeVisible();
    expect(screen.getByText('3 records')).toBeInTheDocument();
    const top = screen.getByRole('list', { name: 'Top Sellers' });
    // Never-sold products are no top sellers.
    expect(
      within(top)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Unga Flour 2kgKSh 615.00', 'Soap BarKSh 550.00']);
    const profit = screen.getByRole('region', { name: 'Profit' });
    expect(within(profit).getByTestId('profit-grossProfit')).toHaveTextContent('KSh 265.00');
    expect(within(profit).getByTestId('profit-costOfGoods')).toHaveTextContent('KSh 900.00');
    // A loss is shown as one, in red.
    expect(within(profit).getByTestId('profit-afterExpenses')).toHaveTextContent('KSh -1,485.25');
    expect(within(profit).getByTestId('profit-afterExpenses')).toHaveClass('text-red-700');
    // The day without sales is in the chart's table as zero, its day in the shop's order.
    const days = screen.getByTestId('revenue-by-day');
    expect(within(days).getByRole('rowheader', { name: '11 Nov 2026' })).toBeInTheDocument();
    expect(
      within(days)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['10 Nov 2026KSh 650.001', '11 Nov 2026KSh 0.000']);

    expect(
      screen.getByRole('tab', { name: 'Inventory Status', selected: true }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Product Performance' })).toBeInTheDocument();
    expect(await screen.findByTestId('inventory-value')).toHaveTextContent('KSh 5,415.00');
    expect(screen.getByTestId('inventory-count')).toHaveTextContent('2');
  });

  it('shows stock on the shelf as a person counts it', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Inventory status' });
    // 89 pieces of flour kept by the dozen: 7 dozen and 5 pieces; matches are kept by the piece.
    expect(within(table).getByText('7 dozen 5 pcs')).toBeInTheDocument();
    expect(within(table).getByText('5 pcs')).toBeInTheDocument();
  });

  it("shows 'Failed to load reports data.' on the card whose report failed, the others still", async () => {
    renderPage({ 'GET /reports/profit': { status: 500, body: { message: 'boom' } } });
    const profit = screen.getByRole('region', { name: 'Profit' });
    expect(await within(profit).findByRole('alert')).toHaveTextContent(
      'Failed to load reports data.',
    );
    expect(await screen.findByTestId('total-expenses')).toHaveTextContent('KSh 1,750.25');
  });

  it('searches the inventory by what is typed', async () => {
    const sent = renderPage();
    await screen.findByTestId('inventory-value');
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search inventory by name or code' }),
      'soap',
    );
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
    expect(paths(sent, '/reports/inventory')).toContain(
      '/reports/inventory?q=soap&page=1&pageSize=100',
    );
  });

  it('the range at the top drives every report; one date alone changes nothing', async () => {
    const sent = renderPage();
    await screen.findByTestId('total-expenses');
    await userEvent.click(screen.getByRole('tab', { name: 'Product Performance' }));
    expect(await screen.findByText('Never')).toBeInTheDocument();
    expect(screen.getByTestId('total-revenue')).toHaveTextContent('KSh 1,165.00');
    const asked = () => sent.length;
    const before = asked();

    await userEvent.clear(screen.getByLabelText('End date'));
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByText('Set both dates to filter.')).toBeInTheDocument();
    expect(asked()).toBe(before);
    expect(screen.getByTestId('applied-period')).toHaveTextContent('1–26 Nov 2026');

    await userEvent.clear(screen.getByLabelText('Start date'));
    await userEvent.type(screen.getByLabelText('Start date'), '2026-10-01');
    await userEvent.type(screen.getByLabelText('End date'), '2026-10-31');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await vi.waitFor(() => {
      for (const report of ['sales-summary', 'expenses-summary', 'profit']) {
        expect(paths(sent, `/reports/${report}`)).toContain(
          `/reports/${report}?start=2026-10-01&end=2026-10-31`,
        );
      }
      expect(paths(sent, '/reports/product-performance')).toEqual(
        expect.arrayContaining([
          '/reports/product-performance?start=2026-10-01&end=2026-10-31&sort=revenue&page=1&pageSize=3',
          '/reports/product-performance?start=2026-10-01&end=2026-10-31&sort=revenue&page=1&pageSize=100',
        ]),
      );
    });
    expect(screen.getByTestId('applied-period')).toHaveTextContent('1–31 Oct 2026');
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Profit' })).getByTestId('report-period'),
      ).toHaveTextContent('1–31 Oct 2026'),
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('1–31 Oct 2026');

    await userEvent.selectOptions(screen.getByLabelText('Sort By'), 'lastSold');
    await vi.waitFor(() =>
      expect(paths(sent, '/reports/product-performance')).toContain(
        '/reports/product-performance?start=2026-10-01&end=2026-10-31&sort=lastSold&page=1&pageSize=100',
      ),
    );

    // Both cleared: all dates.
    await userEvent.clear(screen.getByLabelText('Start date'));
    await userEvent.clear(screen.getByLabelText('End date'));
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await vi.waitFor(() => expect(paths(sent, '/reports/profit')).toContain('/reports/profit'));
    expect(screen.getByTestId('applied-period')).toHaveTextContent('All dates');
  });

  it('refuses an end date before the start date', async () => {
    const sent = renderPage();
    await screen.findByTestId('total-expenses');
    await userEvent.clear(screen.getByLabelText('Start date'));
    await userEvent.type(screen.getByLabelText('Start date'), '2026-11-30');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByText('End date must not be before Start date')).toBeInTheDocument();
    expect(paths(sent, '/reports/').some((path) => path.includes('start=2026-11-30'))).toBe(false);
  });

  it('downloads each table as CSV with a BOM, its rows, and formulas guarded', async () => {
    renderPage();
    await screen.findByTestId('inventory-value');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV: inventory status' }));
    await vi.waitFor(() => expect(csvTexts).toHaveLength(1));
    expect(csvTexts[0]).toBe(
      '\uFEFFProduct,Product Code,Price,Quantity,Status,Value\r\n' +
        'Unga Flour 2kg,FLR-2,60.00,89,In Stock,5340.00\r\n' +
        '"Idle, Matches",MATCH-1,15.00,5,Low Stock,75.00\r\n',
    );

    await userEvent.click(screen.getByRole('tab', { name: 'Product Performance' }));
    await screen.findByText('Never');
    await userEvent.click(
      screen.getByRole('button', { name: 'Download CSV: product performance' }),
    );
    await vi.waitFor(() => expect(csvTexts).toHaveLength(2));
    expect(csvTexts[1]).toBe(
      '\uFEFFProduct,Product Code,Quantity Sold,Revenue,Profit,Avg Price,Last Sold\r\n' +
        'Unga Flour 2kg,FLR-2,11,615.00,85.00,55.91,2026-11-10T21:10:00.000Z\r\n' +
        "Soap Bar,'=SOAP,11,550.00,85.00,55.91,2026-11-10T21:10:00.000Z\r\n" +
        'Idle Matches,MATCH-1,0,0.00,0.00,0.00,Never\r\n',
    );
  });
  it("names every control with its visible words (axe 'label-content-name-mismatch')", async () => {
    renderPage();
    await screen.findByTestId('inventory-value');
    const checkControls = () => {
      for (const control of [...screen.getAllByRole('button'), ...screen.getAllByRole('tab')]) {
        const visible = (control.textContent ?? '').replace(/\s+/g, ' ').trim();
        const escaped = visible.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        if (visible) expect(control).toHaveAccessibleName(new RegExp(escaped));
      }
    };
    checkControls();
    await userEvent.click(screen.getByRole('tab', { name: 'Product Performance' }));
    await screen.findByText('Never');
    checkControls();
    await userEvent.click(screen.getByRole('tab', { name: 'VAT' }));
    await screen.findByRole('table', { name: 'VAT for November 2026' });
    checkControls();
  });

  it('opens the VAT tab (issue 26) on this month, asked for only once opened', async () => {
    const sent = renderPage();
    await screen.findByTestId('inventory-value');
    expect(paths(sent, '/reports/vat')).toEqual([]);
    await userEvent.click(screen.getByRole('tab', { name: 'VAT' }));
    const table = await screen.findByRole('table', { name: 'VAT for November 2026' });
    expect(within(table).getByTestId('vat-row-B')).toHaveTextContent(
      'B-VAT 16%16%KSh 1,181.02KSh 188.97',
    );
    expect(paths(sent, '/reports/vat')).toEqual(['/reports/vat?month=2026-11']);
  });

  it('downloads the whole table, page after page, not only the page on screen', async () => {
    const row = (id: number) => ({ ...flour, productId: id, productSku: `SKU-${id}` });
    const sent = renderPage({
      'GET /reports/product-performance': (request) => {
        const page = Number(/[?&]page=(\d+)/.exec(request.path)?.[1] ?? 1);
        const products =
          request.path.includes('pageSize=500') && page === 1
            ? Array.from({ length: 500 }, (_, index) => row(index + 1))
            : page === 2
              ? [row(501)]
              : [flour, soap, matches];
        return {
          body: {
            ...performance(products),
            data: {
              ...performance(products).data,
              summary: { totalRevenue: 1165, totalProfit: 265, productCount: 501 },
            },
          },
        };
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Product Performance' }));
    await screen.findByText('Never');
    await userEvent.click(
      screen.getByRole('button', { name: 'Download CSV: product performance' }),
    );
    await vi.waitFor(() => expect(csvTexts).toHaveLength(1));
    const lines = csvTexts[0]!.trimEnd().split('\r\n');
    expect(lines).toHaveLength(502);
    expect(lines[501]).toContain('SKU-501');
    const csvPages = paths(sent, '/reports/product-performance').filter((path) =>
      path.includes('pageSize=500'),
    );
    expect(csvPages).toHaveLength(2);
  });
});

describe('ReportsErrorBoundary', () => {
  it("shows 'Something went wrong in the reports page.' when rendering crashes", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Crash(): never {
      throw new Error('render failed');
    }
    render(
      <ReportsErrorBoundary message="Something went wrong in the reports page.">
        <Crash />
      </ReportsErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Something went wrong in the reports page.',
    );
  });
});
