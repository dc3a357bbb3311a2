import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';
import { buildSale } from '@/test/fixtures';
import { SETTINGS } from '../lib/receipt-fixtures';
import { ReceiptDialog, type LocalReceipt } from './receipt-dialog';

afterEach(() => vi.unstubAllGlobals());

const kept = buildSale({
  id: 0,
  offline: true,
  client_sale_id: '6a1f7c9e-3b7d-4c55-9a63-2f6f3e1d2b10',
  device_receipt_number: 'T3-0042',
});

function renderLocal(local: LocalReceipt) {
  // Offline: the server's receipt settings never answer.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RoleContext.Provider value="sales">
        <ReceiptDialog saleId={null} localSale={local} storeId={1} onClose={vi.fn()} />
      </RoleContext.Provider>
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'Receipt T3-0042' });
}

describe('the receipt of a sale kept on the device (issue 22)', () => {
  it('is numbered by the device, prints, and says it is sent when the connection returns', () => {
    const dialog = renderLocal({ sale: kept, state: 'waiting', message: null, settings: SETTINGS });

    expect(within(dialog).getByText('Receipt').nextSibling).toHaveTextContent('T3-0042');
    expect(within(dialog).queryByText('Sale ID')).not.toBeInTheDocument();
    expect(within(dialog).getByText(SETTINGS.business_name)).toBeVisible();
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Kept on this device: it is sent by itself when the connection returns.',
    );
    expect(within(dialog).getByRole('button', { name: 'Print / Save PDF' })).toBeEnabled();
    // WhatsApp and SMS go through the server: on the sale's own receipt once uploaded.
    expect(within(dialog).queryByRole('button', { name: 'SMS' })).not.toBeInTheDocument();
  });

  it("shows the sale's number too once uploaded", () => {
    const dialog = renderLocal({
      sale: { ...kept, id: 57 },
      state: 'sent',
      message: null,
      settings: null,
    });
    expect(within(dialog).getByText('Sale ID').nextSibling).toHaveTextContent('#57');
    expect(within(dialog).getByText('Receipt').nextSibling).toHaveTextContent('T3-0042');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Sent: recorded as sale #57.');
  });

  it('says why the server refused it', () => {
    const dialog = renderLocal({
      sale: kept,
      state: 'refused',
      message: 'Product not found',
      settings: null,
    });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Not recorded by the server: Product not found',
    );
  });
});
