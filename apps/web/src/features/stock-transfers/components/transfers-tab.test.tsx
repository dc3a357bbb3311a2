import type { Role } from '@duka/shared/auth/roles';
import type { StockTransfer } from '@duka/shared/stock-transfers/stock-transfers.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';
import { stubApi, stubResizeObserver } from '@/test/api-stub';
import { buildReceivedTransfer, buildTransfer, MOMBASA, NAIROBI } from '../lib/transfer-fixtures';
import { TransfersTab } from './transfers-tab';

afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

const page = (data: StockTransfer[]) => ({
  body: { success: true, data, total: data.length, page: 1, pageSize: 20 },
});

/** Mombasa's side: TRANSFER-12 received one pack short, TRANSFER-14 on its way. */
const incoming = [
  buildTransfer({ id: 14 }),
  buildReceivedTransfer(),
  buildTransfer({ id: 9, status: 'cancelled', cancelled_at: '2026-11-25T10:00:00.000Z' }),
];
/** Nairobi's side of the same. */
const outgoing = incoming;

function renderTab(role: Role, cancelReply = { body: { success: true, data: buildTransfer() } }) {
  const sent = stubApi({
    'GET /stock-transfers': (request) =>
      request.path.includes('direction=outgoing') ? page(outgoing) : page(incoming),
    'POST /stock-transfers/14/cancel': cancelReply,
  });
  stubResizeObserver();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RoleContext.Provider value={role}>
        <TransfersTab storeId={MOMBASA.id} />
      </RoleContext.Provider>
    </QueryClientProvider>,
  );
  return sent;
}

/** A transfer's row in the named table, by its number. */
const rowOf = async (table: string, number: string) =>
  within(await screen.findByRole('table', { name: table }))
    .getByRole('cell', { name: number })
    .closest('tr')!;

describe('Transfers tab (issue 25)', () => {
  it('lists incoming transfers with status, pieces and the difference once received', async () => {
    const sent = renderTab('sales');
    const tr14 = await rowOf('Incoming transfers', 'TRANSFER-14');
    const tr12 = await rowOf('Incoming transfers', 'TRANSFER-12');
    const tr9 = await rowOf('Incoming transfers', 'TRANSFER-9');
    expect(tr14).toHaveTextContent(NAIROBI.name);
    expect(tr14).toHaveTextContent('In transit');
    expect(within(tr14).getByRole('cell', { name: '24' })).toBeInTheDocument();
    expect(tr12).toHaveTextContent('Received');
    expect(tr12).toHaveTextContent('Short 12 pieces');
    expect(tr9).toHaveTextContent('Cancelled');
    // Any staff member of the destination receives; only a transfer in transit.
    expect(within(tr14).getByRole('button', { name: 'Receive TRANSFER-14' })).toBeInTheDocument();
    expect(within(tr12).queryByRole('button', { name: /Receive/ })).toBeNull();
    // A cashier may not send.
    expect(screen.queryByRole('button', { name: 'Send stock' })).toBeNull();
    expect(sent[0]!.path).toBe('/stock-transfers?direction=incoming&page=1&pageSize=20');

    await userEvent.click(within(tr14).getByRole('button', { name: 'Receive TRANSFER-14' }));
    expect(
      await screen.findByRole('dialog', { name: 'Receive transfer TRANSFER-14' }),
    ).toBeInTheDocument();
  });

  it("shows a received transfer's details: each line's difference", async () => {
    renderTab('sales');
    const tr12 = await rowOf('Incoming transfers', 'TRANSFER-12');
    await userEvent.click(within(tr12).getByRole('button', { name: 'View TRANSFER-12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer TRANSFER-12' });
    expect(dialog).toHaveTextContent(`From ${NAIROBI.name} to ${MOMBASA.name}`);
    expect(dialog).toHaveTextContent('Mwanaisha Admin');
    const line = within(dialog).getByRole('cell', { name: 'Jogoo Maize Flour 2kg' }).closest('tr')!;
    expect(line).toHaveTextContent('2 × Pack of 12');
    expect(line).toHaveTextContent('Short 12 pieces');
    expect(within(dialog).getByRole('button', { name: 'Print delivery note' })).toBeInTheDocument();
    // The delivery note is ready for the printer: numbers, both sides and the signature lines.
    const note = screen.getByTestId('delivery-note');
    expect(note).toHaveTextContent('Delivery note');
    expect(note).toHaveTextContent('Sent by');
    expect(note).toHaveTextContent('Received by');
    expect(note).toHaveTextContent('UNG-JOG2');
    expect(note).toHaveTextContent('Short 12 pieces');
  });

  it('lets an admin send, and cancel an outgoing transfer in transit after confirming', async () => {
    const sent = renderTab('admin');
    expect(await screen.findByRole('button', { name: 'Send stock' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Outgoing' }));
    const tr14 = await rowOf('Outgoing transfers', 'TRANSFER-14');
    expect(tr14).toHaveTextContent(MOMBASA.name);
    const tr12 = await rowOf('Outgoing transfers', 'TRANSFER-12');
    expect(within(tr12).queryByRole('button', { name: /Cancel/ })).toBeNull();

    await userEvent.click(within(tr14).getByRole('button', { name: 'Cancel TRANSFER-14' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel this transfer?' });
    expect(confirm).toHaveTextContent(`TRANSFER-14 to ${MOMBASA.name} is called back`);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel transfer' }));
    await vi.waitFor(() =>
      expect(sent.some((call) => call.path === '/stock-transfers/14/cancel')).toBe(true),
    );
  });
});
