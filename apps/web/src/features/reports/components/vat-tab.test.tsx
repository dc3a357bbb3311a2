import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, loadPageNamespaces } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { stubApi, type SentRequest } from '@/test/api-stub';
import { VatTab } from './vat-tab';

let csvFiles: { name: string; text: string }[];
beforeEach(() => {
  // 1 December 2026 00:30 in Nairobi, still 30 November in UTC: the tab opens on December.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T21:30:00.000Z') });
  csvFiles = [];
  let name = '';
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    name = this.download;
  });
  // Still a constructor: the app's own code (a language's lazy catalogue) needs new URL().
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL(blob: Blob) {
        // Read as bytes: a text read would drop the BOM the file must start with.
        const reader = new FileReader();
        reader.onload = () =>
          csvFiles.push({
            name,
            text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(
              reader.result as ArrayBuffer,
            ),
          });
        reader.readAsArrayBuffer(blob);
        return 'blob:vat';
      }
      static override revokeObjectURL() {}
    },
  );
});
afterEach(async () => {
  await changeLanguage('en');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const november = {
  month: '2026-11',
  by_tax_type: [
    { tax_type: 'A', taxable_amount: 400, tax_amount: 0 },
    { tax_type: 'B', taxable_amount: 1181.02, tax_amount: 188.97 },
    { tax_type: 'E', taxable_amount: 1000, tax_amount: 80 },
  ],
  credit_notes: { taxable_amount: 560.34, tax_amount: 89.66 },
};
const december = {
  month: '2026-12',
  by_tax_type: [],
  credit_notes: { taxable_amount: 1000, tax_amount: 80 },
};

function renderTab(status = 200) {
  const sent = stubApi({
    'GET /reports/vat': (request: SentRequest) =>
      status !== 200
        ? { status, body: { message: 'Something went wrong' } }
        : { body: { data: request.path.includes('month=2026-11') ? november : december } },
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <VatTab />
    </QueryClientProvider>,
  );
  return sent;
}

/** A row's texts: its name (a row header) and its cells. */
const cells = (row: HTMLElement) =>
  [...within(row).getAllByRole('rowheader'), ...within(row).getAllByRole('cell')].map(
    (cell) => cell.textContent,
  );

describe('the VAT tab (issue 26)', () => {
  it('opens on this month in Nairobi, with its credit notes and no sales', async () => {
    const sent = renderTab();
    expect(screen.getByLabelText('Month')).toHaveDisplayValue('December 2026');
    const table = await screen.findByRole('table', { name: 'VAT for December 2026' });
    expect(within(table).getByText('No sales in this month.')).toBeInTheDocument();
    expect(cells(within(table).getByTestId('vat-total'))).toEqual([
      'Total',
      'KSh 0.00',
      'KSh 0.00',
    ]);
    expect(cells(within(table).getByTestId('vat-credit-notes'))).toEqual([
      'Credit notes',
      'KSh 1,000.00',
      'KSh 80.00',
    ]);
    expect(sent.map((request) => request.path)).toEqual(['/reports/vat?month=2026-12']);
  });

  it('shows a chosen month per tax letter with its name and rate, the total and the credit notes apart', async () => {
    const sent = renderTab();
    await screen.findByRole('table', { name: 'VAT for December 2026' });
    await userEvent.selectOptions(screen.getByLabelText('Month'), 'November 2026');
    const table = await screen.findByRole('table', { name: 'VAT for November 2026' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Tax type', 'Rate', 'Taxable amount', 'VAT']);
    expect(cells(within(table).getByTestId('vat-row-A'))).toEqual([
      'A-Exempt',
      '0%',
      'KSh 400.00',
      'KSh 0.00',
    ]);
    expect(cells(within(table).getByTestId('vat-row-B'))).toEqual([
      'B-VAT 16%',
      '16%',
      'KSh 1,181.02',
      'KSh 188.97',
    ]);
    expect(cells(within(table).getByTestId('vat-row-E'))).toEqual([
      'E-VAT 8%',
      '8%',
      'KSh 1,000.00',
      'KSh 80.00',
    ]);
    // The letters added up, the credit notes not taken off.
    expect(cells(within(table).getByTestId('vat-total'))).toEqual([
      'Total',
      'KSh 2,581.02',
      'KSh 268.97',
    ]);
    expect(cells(within(table).getByTestId('vat-credit-notes'))).toEqual([
      'Credit notes',
      'KSh 560.34',
      'KSh 89.66',
    ]);
    expect(sent.at(-1)!.path).toBe('/reports/vat?month=2026-11');
  });

  it('offers three years of months, newest first', async () => {
    renderTab();
    const options = within(screen.getByLabelText('Month')).getAllByRole('option');
    expect(options).toHaveLength(36);
    expect(options[0]).toHaveTextContent('December 2026');
    expect(options[1]).toHaveTextContent('November 2026');
    expect(options.at(-1)).toHaveTextContent('January 2024');
  });

  it('downloads the month as CSV, its button named by its visible words', async () => {
    renderTab();
    await screen.findByRole('table', { name: 'VAT for December 2026' });
    await userEvent.selectOptions(screen.getByLabelText('Month'), '2026-11');
    await screen.findByRole('table', { name: 'VAT for November 2026' });
    const button = screen.getByRole('button', { name: 'Download CSV: VAT' });
    expect(button).toHaveTextContent('Download CSV');
    await userEvent.click(button);
    await vi.waitFor(() => expect(csvFiles).toHaveLength(1));
    expect(csvFiles[0]).toEqual({
      name: 'vat-2026-11.csv',
      text:
        '\uFEFFTax type,Rate,Taxable amount,VAT\r\n' +
        'A-Exempt,0,400.00,0.00\r\n' +
        'B-VAT 16%,16,1181.02,188.97\r\n' +
        'E-VAT 8%,8,1000.00,80.00\r\n' +
        'Total,,2581.02,268.97\r\n' +
        'Credit notes,,560.34,89.66\r\n',
    });
  });

  it("names the letters in the user's language on screen, and by KRA's names in the CSV", async () => {
    const names = (table: HTMLElement) =>
      ['A', 'B', 'E'].map((letter) => cells(within(table).getByTestId(`vat-row-${letter}`))[0]);
    // The app loads the page's words with the page (its route's loader).
    await changeLanguage('sw');
    await loadPageNamespaces(['reports']);
    renderTab();
    await userEvent.selectOptions(screen.getByLabelText('Mwezi'), '2026-11');
    const table = await screen.findByRole('table', { name: /^VAT ya / });
    await within(table).findByTestId('vat-row-A');
    expect(names(table)).toEqual(['A-Imesamehewa', 'B-VAT 16%', 'E-VAT 8%']);
    await userEvent.click(screen.getByRole('button', { name: /VAT/ }));
    await vi.waitFor(() => expect(csvFiles).toHaveLength(1));
    const letters = csvFiles[0]!.text
      .split('\r\n')
      .slice(1, 4)
      .map((line) => line.split(',')[0]);
    expect(letters).toEqual(['A-Exempt', 'B-VAT 16%', 'E-VAT 8%']);

    await act(async () => {
      await changeLanguage('fr');
      await loadPageNamespaces(['reports']);
    });
    expect(names(table)).toEqual(['A-Exonéré', 'B-TVA 16 %', 'E-TVA 8 %']);
  });

  it("shows 'Failed to load reports data.' with Retry when the report fails", async () => {
    renderTab(500);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load reports data.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV: VAT' })).toBeDisabled();
  });
});
