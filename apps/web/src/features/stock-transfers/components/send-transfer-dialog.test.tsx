import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { stubApi, type ApiReply, type SentRequest } from '@/test/api-stub';
import { buildTransfer, buildTransferProduct, MOMBASA, NAIROBI } from '../lib/transfer-fixtures';
import { SendTransferDialog } from './send-transfer-dialog';

const flour = buildTransferProduct();
const STORES = {
  body: {
    success: true,
    data: [
      { ...NAIROBI, is_active: true, created_at: '2026-01-01T00:00:00.000Z' },
      { ...MOMBASA, is_active: true, created_at: '2026-01-01T00:00:00.000Z' },
      { id: 3, name: 'Duka Kisumu', is_active: false, created_at: '2026-01-01T00:00:00.000Z' },
    ],
  },
};

afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

function renderDialog(send: ApiReply | ((request: SentRequest) => ApiReply)) {
  const sent = stubApi({
    'GET /stores/transfer-destinations': STORES,
    'GET /products/search': (request) => ({
      body: { data: request.path.includes('6161101600019') ? [flour] : [] },
    }),
    'POST /stock-transfers': send,
  });
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SendTransferDialog
        open
        fromStoreId={NAIROBI.id}
        onOpenChange={onOpenChange}
        onSent={vi.fn()}
      />
    </QueryClientProvider>,
  );
  return { sent, onOpenChange };
}

describe('Send stock (issue 25)', () => {
  it('offers the other active stores, adds a scanned barcode on Enter, shows pieces and sends', async () => {
    const { sent, onOpenChange } = renderDialog({
      status: 201,
      body: { success: true, data: buildTransfer() },
    });
    const dialog = screen.getByRole('dialog', { name: 'Send stock' });
    const destination = within(dialog).getByLabelText('Send to');
    await vi.waitFor(() =>
      expect(
        within(destination)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose a store', MOMBASA.name]),
    );
    await userEvent.selectOptions(destination, String(MOMBASA.id));

    const search = within(dialog).getByLabelText('Search or scan a product');
    await userEvent.type(search, '6161101600019{Enter}');
    const line = await within(dialog).findByRole('listitem', { name: flour.name });
    expect(search).toHaveValue('');
    // A new line starts at one of the product's stock unit: a pack of 12.
    expect(within(line).getByLabelText('Unit')).toHaveValue('pack');
    expect(line).toHaveTextContent('= 12 pieces');

    const quantity = within(line).getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    expect(line).toHaveTextContent('= 24 pieces');
    await userEvent.selectOptions(within(line).getByLabelText('Unit'), 'dozen');
    expect(line).toHaveTextContent('= 24 pieces');
    await userEvent.selectOptions(within(line).getByLabelText('Unit'), 'piece');
    expect(line).toHaveTextContent('= 2 pieces');
    await userEvent.selectOptions(within(line).getByLabelText('Unit'), 'pack');
    expect(dialog).toHaveTextContent('Total: 24 pieces');

    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'Weekend stock');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent.find((call) => call.method === 'POST')?.body).toEqual({
      to_store_id: MOMBASA.id,
      items: [{ product_id: flour.id, quantity: 2, unit_type: 'pack' }],
      note: 'Weekend stock',
    });
  });

  it('refuses more than the shelf holds, and a missing destination, before sending', async () => {
    const { sent } = renderDialog({ status: 201, body: { success: true, data: buildTransfer() } });
    const dialog = screen.getByRole('dialog', { name: 'Send stock' });
    await userEvent.type(
      within(dialog).getByLabelText('Search or scan a product'),
      '6161101600019{Enter}',
    );
    const line = await within(dialog).findByRole('listitem', { name: flour.name });
    const quantity = within(line).getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '5');
    expect(line).toHaveTextContent('Only 48 pieces in stock');
    expect(quantity).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Please select a store')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please fix the errors in the form.',
    );
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows the server's 409 in an alert, in the words of the form", async () => {
    renderDialog({
      status: 409,
      body: {
        message: `Insufficient stock for ${flour.name}`,
        code: 'transfer.insufficient_stock',
      },
    });
    const dialog = screen.getByRole('dialog', { name: 'Send stock' });
    await vi.waitFor(() =>
      expect(within(dialog).getAllByRole('option', { name: MOMBASA.name })).toHaveLength(1),
    );
    await userEvent.selectOptions(within(dialog).getByLabelText('Send to'), String(MOMBASA.id));
    await userEvent.type(
      within(dialog).getByLabelText('Search or scan a product'),
      '6161101600019{Enter}',
    );
    await within(dialog).findByRole('listitem', { name: flour.name });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `Insufficient stock for ${flour.name}`,
    );
  });

  it('counts a second scan of the same product as one more of its unit', async () => {
    renderDialog({ status: 201, body: { success: true, data: buildTransfer() } });
    const dialog = screen.getByRole('dialog', { name: 'Send stock' });
    const search = within(dialog).getByLabelText('Search or scan a product');
    await userEvent.type(search, '6161101600019{Enter}');
    const line = await within(dialog).findByRole('listitem', { name: flour.name });
    await userEvent.type(search, '6161101600019{Enter}');
    await vi.waitFor(() => expect(within(line).getByLabelText('Quantity')).toHaveValue(2));
    expect(line).toHaveTextContent('= 24 pieces');
    expect(within(dialog).getAllByRole('listitem', { name: flour.name })).toHaveLength(1);
  });

  it('says so when a scanned code finds nothing, and clears the box for the next scan', async () => {
    renderDialog({ status: 201, body: { success: true, data: buildTransfer() } });
    const dialog = screen.getByRole('dialog', { name: 'Send stock' });
    const search = within(dialog).getByLabelText('Search or scan a product');
    await userEvent.type(search, '5000000000001{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No product with the code 5000000000001',
    );
    expect(search).toHaveValue('');
    expect(
      within(dialog).getByText('No products added yet. Search or scan to add one.'),
    ).toBeInTheDocument();
  });
});
