import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { stubApi, type ApiReply } from '@/test/api-stub';
import { buildReceivedTransfer, buildTransfer, buildTransferItem } from '../lib/transfer-fixtures';
import { ReceiveTransferDialog } from './receive-transfer-dialog';

afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

const transfer = buildTransfer({
  items: [
    buildTransferItem(),
    buildTransferItem({
      id: 32,
      product_id: 8,
      sku: 'SUG-KAB1',
      name: 'Kabras Sugar 1kg',
      quantity: 6,
      unit_type: 'piece',
      pieces: 6,
    }),
  ],
  total_pieces: 30,
});

function renderDialog(reply: ApiReply) {
  const sent = stubApi({ 'POST /stock-transfers/12/receive': reply });
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ReceiveTransferDialog transfer={transfer} onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Receive transfer TRANSFER-12' });
  return { sent, onOpenChange, dialog };
}

describe('Receive transfer (issue 25)', () => {
  it('starts at what was sent, shows the difference as it is typed, and receives', async () => {
    const { sent, onOpenChange, dialog } = renderDialog({
      body: { success: true, data: buildReceivedTransfer() },
    });
    const flour = within(dialog).getByRole('listitem', { name: 'Jogoo Maize Flour 2kg' });
    expect(flour).toHaveTextContent('Sent: 2 × Pack of 12 (24 pieces)');
    const received = within(flour).getByLabelText('Received (Pack of 12)');
    expect(received).toHaveValue(2);
    expect(flour).toHaveTextContent('No difference');

    await userEvent.clear(received);
    await userEvent.type(received, '1');
    expect(flour).toHaveTextContent('Short 12 pieces');

    const sugar = within(dialog).getByRole('listitem', { name: 'Kabras Sugar 1kg' });
    const sugarReceived = within(sugar).getByLabelText('Received (Piece)');
    await userEvent.clear(sugarReceived);
    await userEvent.type(sugarReceived, '7');
    expect(sugar).toHaveTextContent('Over 1 piece');
    expect(within(dialog).getByText('Total difference').parentElement).toHaveTextContent(
      'Short 11 pieces',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent[0]).toMatchObject({
      method: 'POST',
      body: {
        items: [
          { product_id: 7, received_quantity: 1 },
          { product_id: 8, received_quantity: 7 },
        ],
      },
    });
  });

  it('refuses a negative count by its line, without sending', async () => {
    const { sent, dialog } = renderDialog({
      body: { success: true, data: buildReceivedTransfer() },
    });
    const flour = within(dialog).getByRole('listitem', { name: 'Jogoo Maize Flour 2kg' });
    const received = within(flour).getByLabelText('Received (Pack of 12)');
    await userEvent.clear(received);
    await userEvent.type(received, '-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(
      await within(flour).findByText('Received quantity cannot be negative'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('says plainly that someone received it meanwhile (409), and offers only Close', async () => {
    const { onOpenChange, dialog } = renderDialog({
      status: 409,
      body: { message: 'This transfer is no longer in transit', code: 'transfer.not_in_transit' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This transfer was already received or cancelled.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Receive' })).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('shows another 409 as the server says it and keeps the form (the SKU here is a service)', async () => {
    const { onOpenChange, dialog } = renderDialog({
      status: 409,
      body: {
        message: 'The product with SKU SUG-KAB1 here is a service',
        code: 'transfer.destination_service',
      },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The product with SKU SUG-KAB1 here is a service',
    );
    expect(within(dialog).getByRole('button', { name: 'Receive' })).toBeEnabled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
