import type {
  StockCountDetail,
  StockCountLine,
} from '@duka/shared/stock-counts/stock-counts.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';
import { stubApi } from '@/test/api-stub';
import { KABRAS_LINE, OPEN_COUNT } from '../lib/count-fixtures';
import { FinishCountDialog } from './finish-count-dialog';
import { VarianceReport } from './variance-report';

const line = (overrides: Partial<StockCountLine>): StockCountLine => ({
  ...KABRAS_LINE,
  ...overrides,
});

/** Finished: sugar 1 short (−190), flour 12 short (−1,500), books 2 over (+70), rice exact. */
const FINISHED: StockCountDetail = {
  ...OPEN_COUNT,
  status: 'finished',
  finished_by: { id: 9, name: 'Musa Manager' },
  finished_at: '2026-11-26T09:30:00.000Z',
  lines_counted: 4,
  total_difference_value: -1620,
  lines: [
    KABRAS_LINE,
    line({
      product_id: 7,
      name: 'Pishori Rice 1kg',
      sku: 'RIC-PIS1',
      difference_pieces: 0,
      difference_value: 0,
      expected_pieces: 20,
      counted_pieces: 20,
    }),
    line({
      product_id: 3,
      name: 'Kasuku Book, A5 "96"',
      sku: 'STN-KAS96',
      difference_pieces: 2,
      difference_value: 70,
      expected_pieces: 118,
      counted_pieces: 120,
    }),
    line({
      product_id: 1,
      name: 'Jogoo Maize Flour 2kg',
      sku: 'UNG-JOG2',
      difference_pieces: -12,
      difference_value: -1500,
      expected_pieces: 48,
      counted_pieces: 36,
    }),
  ],
};

beforeEach(() => {
  // A wide screen: the table.
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: true,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A Blob's text with its BOM (jsdom's Blob has no text()). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.onerror = () => reject(new Error('The CSV could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

describe('Finish count (managers)', () => {
  it('explains the zero option, sends it, and answers the variance report', async () => {
    const sent = stubApi({
      'POST /stock-counts/3/finish': { body: { success: true, data: FINISHED } },
    });
    const onOpenChange = vi.fn();
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <RoleContext.Provider value="manager">
          <FinishCountDialog count={OPEN_COUNT} open onOpenChange={onOpenChange} />
        </RoleContext.Provider>
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Finish count #3?' });
    expect(dialog).toHaveTextContent('Counted 1 of 12 products.');
    const zero = within(dialog).getByRole('checkbox', {
      name: 'Set products nobody counted to zero',
    });
    expect(zero).not.toBeChecked();
    expect(zero).toHaveAccessibleDescription(
      'Products nobody counted: 11. They keep their stock as it is.',
    );
    await userEvent.click(zero);
    expect(zero).toHaveAccessibleDescription(
      'Products nobody counted: 11. They will be set to 0 pieces: tick this only when every shelf was counted.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Finish count' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toEqual([
      { method: 'POST', path: '/stock-counts/3/finish', body: { zero_uncounted: true } },
    ]);
    // The answer takes the count's place: its screen turns into the report.
    expect(client.getQueryData(['stock-counts', 'detail', 3])).toEqual(FINISHED);
  });

  it('shows a refusal plainly and stays open', async () => {
    stubApi({
      'POST /stock-counts/3/finish': {
        status: 409,
        body: { message: 'This count is already finished', code: 'count.finished' },
      },
    });
    const onOpenChange = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <FinishCountDialog count={OPEN_COUNT} open onOpenChange={onOpenChange} />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Finish count' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This count is already finished');
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe('the variance report', () => {
  it('lists the largest shrinkage first, adds up shrinkage and surplus, and exports the rows shown as CSV', async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          blobs.push(blob);
          return 'blob:count';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    // The download link's click: jsdom cannot navigate.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render(<VarianceReport count={FINISHED} onBack={() => undefined} />);
    const table = screen.getByRole('table', { name: 'Variance by product' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Jogoo Maize Flour 2kgUNG-JOG2',
      'Kabras Sugar 2kgSUG-KAB2',
      'Pishori Rice 1kgRIC-PIS1',
      'Kasuku Book, A5 "96"STN-KAS96',
    ]);
    expect(rows[0]).toHaveTextContent('48');
    expect(rows[0]).toHaveTextContent('36');
    expect(rows[0]).toHaveTextContent('−12');
    expect(rows[0]).toHaveTextContent('−KSh 1,500.00');
    expect(rows[3]).toHaveTextContent('+KSh 70.00');

    const total = (label: string) => screen.getByText(label).nextElementSibling;
    expect(total('Total shrinkage')).toHaveTextContent('−KSh 1,690.00');
    expect(total('Total surplus')).toHaveTextContent('+KSh 70.00');
    expect(total('Total difference value')).toHaveTextContent('−KSh 1,620.00');

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(blobs).toHaveLength(1);
    expect(await blobText(blobs[0]!)).toBe(
      '\uFEFF' +
        [
          'Product,SKU,Expected (pieces),Counted (pieces),Difference (pieces),Difference value (KSh)',
          'Jogoo Maize Flour 2kg,UNG-JOG2,48,36,-12,-1500.00',
          'Kabras Sugar 2kg,SUG-KAB2,6,5,-1,-190.00',
          'Pishori Rice 1kg,RIC-PIS1,20,20,0,0.00',
          '"Kasuku Book, A5 ""96""",STN-KAS96,118,120,2,70.00',
          'Total difference value,,,,,-1620.00',
        ]
          .map((row) => `${row}\r\n`)
          .join(''),
    );
  });
});
