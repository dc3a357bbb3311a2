import type { Label } from '@duka/shared/products/labels.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import type { LabelsSource } from '../api/get-labels';
import { LabelsPrintDialog } from './labels-print-dialog';

const SVG =
  '<svg viewBox="0 0 212 76" xmlns="http://www.w3.org/2000/svg"><path d="M23 68L23 0"/></svg>';

const jogoo: Label = {
  product_id: 1,
  name: 'Jogoo 2kg',
  sku: 'JOG-2KG',
  barcode: '6161101600019',
  symbology: 'ean13',
  svg: SVG,
  prices: [
    { unit_type: 'piece', price: 195.5 },
    { unit_type: 'pack', price: 1150 },
  ],
  copies: 1,
};
const sugar: Label = {
  product_id: 2,
  name: 'Loose sugar',
  sku: 'SUG-LOOSE',
  barcode: null,
  symbology: null,
  svg: null,
  prices: [{ unit_type: 'dozen', price: 1850 }],
  copies: 1,
};

let asked: string[];

function answer(labels: Label[]) {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return Response.json({ success: true, data: labels });
    }),
  );
}

function open(source: LabelsSource) {
  const onOpenChange = vi.fn();
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <LabelsPrintDialog source={source} onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
}

const preview = () => document.querySelector<HTMLElement>('[data-labels-print]')!;
const stickers = () => [...preview().querySelectorAll<HTMLElement>('.label-sticker')];
const pageStyle = () => document.getElementById('labels-page-size')?.textContent;

beforeEach(() => answer([jogoo, sugar]));

describe('LabelsPrintDialog', () => {
  it('asks for the products chosen and shows each label: name, price in KSh, SKU, barcode image', async () => {
    open({ ids: [1, 2] });
    expect(await screen.findByRole('dialog', { name: 'Print labels' })).toBeInTheDocument();
    await screen.findByText('2 labels on 1 A4 page');
    expect(asked).toEqual(['/api/products/labels?ids=1%2C2']);

    const [first, second] = stickers();
    expect(first).toHaveTextContent('Jogoo 2kg');
    expect(first).toHaveTextContent('KSh 195.50');
    expect(first).toHaveTextContent('Pack KSh 1,150.00');
    expect(first).toHaveTextContent('SKU JOG-2KG');
    const barcode = within(first!).getByRole('img', { name: 'Barcode 6161101600019 of Jogoo 2kg' });
    expect(barcode.getAttribute('src')).toBe(
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`,
    );
    // A product without a barcode prints its name and price only, and says how to give it one.
    expect(second).toHaveTextContent('Loose sugar');
    expect(second).toHaveTextContent('Dozen KSh 1,850.00');
    expect(within(second!).queryByRole('img')).toBeNull();
    expect(screen.getByText(/No barcode: give it one/)).toBeInTheDocument();
    expect(pageStyle()).toBe('@page { size: 210mm 297mm; margin: 0; }');
  });

  it('prints as many of each as typed, on A4 sheets or on the roll', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    open({ ids: [1, 2] });
    const copies = await screen.findByRole('spinbutton', { name: 'Copies of Jogoo 2kg' });
    await userEvent.clear(copies);
    await userEvent.type(copies, '30');
    expect(await screen.findByText('31 labels on 2 A4 pages')).toBeInTheDocument();
    expect(stickers()).toHaveLength(31);
    expect(preview().querySelectorAll('.labels-page')).toHaveLength(2);

    await userEvent.click(screen.getByRole('radio', { name: /Label roll/ }));
    expect(screen.getByText('31 labels on the roll')).toBeInTheDocument();
    expect(stickers().every((sticker) => sticker.dataset.layout === 'roll')).toBe(true);
    expect(pageStyle()).toBe('@page { size: 50mm 30mm; margin: 0; }');

    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('cannot print nothing: no copies left disables Print', async () => {
    open({ ids: [1, 2] });
    for (const name of ['Jogoo 2kg', 'Loose sugar']) {
      await userEvent.clear(await screen.findByRole('spinbutton', { name: `Copies of ${name}` }));
    }
    expect(screen.getByText('0 labels on 0 A4 pages')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
  });

  it("prints a received purchase order's labels, as many as the server counted", async () => {
    answer([{ ...jogoo, copies: 6 }]);
    open({ purchaseOrderId: 7 });
    expect(await screen.findByText('6 labels on 1 A4 page')).toBeInTheDocument();
    expect(asked).toEqual(['/api/products/labels?purchase_order_id=7']);
    expect(screen.getByRole('spinbutton', { name: 'Copies of Jogoo 2kg' })).toHaveValue(6);
  });

  it('says when there is nothing to print, and removes its page size when closed', async () => {
    answer([]);
    const { unmount } = open({ ids: [99] });
    expect(await screen.findByText(/Nothing to print/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    expect(pageStyle()).toContain('210mm 297mm');
    unmount();
    // The till's receipts print at their own size again.
    expect(pageStyle()).toBeUndefined();
  });
});
