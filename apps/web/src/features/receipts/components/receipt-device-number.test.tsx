import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { buildSale } from '@/test/fixtures';
import { SETTINGS } from '../lib/receipt-fixtures';
import { ReceiptView } from './receipt-view';

/** The receipt's rows above the items (label, value). */
function headRows(): string[][] {
  const [head] = document.querySelectorAll('dl');
  return [...head!.querySelectorAll(':scope > div')].map((row) =>
    [...row.children].map((cell) => cell.textContent ?? ''),
  );
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the receipt of a sale made offline (issue 22)', () => {
  it("shows the device's receipt number beside the sale's number", () => {
    render(
      <ReceiptView
        sale={buildSale({ id: 318, offline: true, device_receipt_number: 'T3-0042' })}
        settings={SETTINGS}
        paper="80"
      />,
    );
    const rows = headRows();
    const saleId = rows.findIndex(([label]) => label === 'Sale ID');
    expect(rows[saleId]).toEqual(['Sale ID', '#318']);
    expect(rows[saleId + 1]).toEqual(['Receipt', 'T3-0042']);
  });

  it('says it in Swahili', async () => {
    await i18n.changeLanguage('sw');
    render(
      <ReceiptView
        sale={buildSale({ device_receipt_number: 'T12-10450' })}
        settings={SETTINGS}
        paper="58"
      />,
    );
    expect(headRows()).toContainEqual(['Risiti', 'T12-10450']);
  });

  it('has no such row for a sale made online', () => {
    render(<ReceiptView sale={buildSale()} settings={SETTINGS} paper="80" />);
    expect(headRows().map(([label]) => label)).not.toContain('Receipt');
  });
});
