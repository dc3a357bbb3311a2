import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as outboxApi from '@/features/offline/outbox-api';
import type { OutboxEntry } from '@/features/offline/outbox-types';
import { useSyncStatus, type SyncStatus } from '@/features/offline/sync-status-store';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import fr from '@/locales/fr';
import sw from '@/locales/sw';
import { ConnectionStatus, connectionText } from './connection-status';

vi.mock('@/features/offline/outbox-api', () => ({
  listOutbox: vi.fn(),
  retryEntry: vi.fn(async () => undefined),
  exportOutboxCsv: vi.fn(async () => new Blob(['receipt\r\n'], { type: 'text/csv' })),
  uploadNow: vi.fn(async () => undefined),
}));

const IDLE: SyncStatus = { online: true, sending: 0, waiting: 0, attention: 0, blocked: null };

function entry(overrides: Partial<OutboxEntry>): OutboxEntry {
  return {
    client_sale_id: '6f1c2b9e-0000-4000-8000-000000000001',
    state: 'waiting',
    created_at: '2026-11-26T09:27:00.000Z',
    sold_at: '2026-11-26T09:27:00.000+03:00',
    total: 1250,
    user_id: 10,
    user_name: 'Wanjiku Cashier',
    store_id: 1,
    device_receipt_number: 'T3-0042',
    message: null,
    sale_id: null,
    local_customer_id: null,
    payload: {} as OutboxEntry['payload'],
    receipt: { lines: [{ name: 'Sugar 1kg', sku: 'SUG-1' }], customer: null },
    ...overrides,
  };
}

const waiting = entry({});
const refused = entry({
  client_sale_id: '6f1c2b9e-0000-4000-8000-000000000002',
  state: 'refused',
  device_receipt_number: 'T3-0043',
  message: 'Product not found',
  total: 300,
});

function renderStatus() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ConnectionStatus />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useSyncStatus.getState().set(IDLE);
  vi.mocked(outboxApi.listOutbox).mockResolvedValue([waiting, refused]);
});
afterEach(() => {
  vi.clearAllMocks();
});

describe('the words', () => {
  const t = i18n.getFixedT('en', 'connection');
  const text = (status: Partial<SyncStatus>) => connectionText(t, { ...IDLE, ...status });

  it('say online, offline and how many sales wait or are being sent', () => {
    expect(text({})).toBe('Online');
    expect(text({ online: false })).toBe('Offline');
    expect(text({ online: false, waiting: 3 })).toBe('Offline — 3 sales waiting');
    expect(text({ online: false, waiting: 1 })).toBe('Offline — 1 sale waiting');
    expect(text({ sending: 4, waiting: 4 })).toBe('Sending 4');
    expect(text({ waiting: 2 })).toBe('2 sales waiting');
  });

  it("count another person's sales waiting on this device", () => {
    expect(text({ online: false, waiting: 1, blocked: { name: 'Amina', count: 2 } })).toBe(
      'Offline — 3 sales waiting',
    );
  });

  it('are in Swahili and French too', () => {
    i18n.addResourceBundle('sw', 'connection', sw.connection);
    i18n.addResourceBundle('fr', 'connection', fr.connection);
    const status = { ...IDLE, online: false, waiting: 3 };
    expect(connectionText(i18n.getFixedT('sw', 'connection'), status)).toBe(
      'Nje ya mtandao — mauzo 3 yanasubiri',
    );
    expect(connectionText(i18n.getFixedT('fr', 'connection'), status)).toBe(
      'Hors ligne — 3 ventes en attente',
    );
  });
});

describe('the header status', () => {
  it('is a status region in words, with the sales needing attention', () => {
    useSyncStatus.getState().set({ online: false, waiting: 3, attention: 2 });
    renderStatus();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Offline — 3 sales waiting');
    expect(status).toHaveTextContent('2 need attention');
  });

  it('follows the store as the uploader works', async () => {
    useSyncStatus.getState().set({ online: false, waiting: 3 });
    renderStatus();
    useSyncStatus.getState().set({ online: true, sending: 3 });
    expect(await screen.findByRole('status')).toHaveTextContent('Sending 3');
    useSyncStatus.getState().set({ sending: 0, waiting: 0 });
    expect(await screen.findByRole('status')).toHaveTextContent('Online');
  });

  it('opens, from the keyboard, the list of the sales on this device, and closes back to it', async () => {
    const user = userEvent.setup();
    useSyncStatus.getState().set({ online: false, waiting: 1, attention: 1 });
    renderStatus();
    const button = screen.getByRole('button', { name: /Offline — 1 sale waiting/ });
    button.focus();
    await user.keyboard('{Enter}');

    // The dialog's code loads on the first opening.
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Sales on this device' },
      { timeout: 5000 },
    );
    const items = await within(dialog).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('T3-0042');
    expect(items[0]).toHaveTextContent('Waiting');
    expect(items[0]).toHaveTextContent('Wanjiku Cashier');
    expect(items[0]).toHaveTextContent('KSh 1,250.00');
    expect(items[1]).toHaveTextContent('T3-0043');
    expect(items[1]).toHaveTextContent('Needs attention');
    expect(items[1]).toHaveTextContent('Product not found');
    // Offline: nothing to send now.
    expect(within(dialog).queryByRole('button', { name: 'Send now' })).toBeNull();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveFocus();
  });

  it('retries a refused sale and exports the list as CSV', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:outbox');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderStatus();
    await user.click(screen.getByRole('button', { name: /Online/ }));
    const dialog = await screen.findByRole('dialog');

    await user.click(await within(dialog).findByRole('button', { name: 'Retry T3-0043' }));
    expect(outboxApi.retryEntry).toHaveBeenCalledWith(refused.client_sale_id);
    // Read again after the retry.
    await waitFor(() => expect(outboxApi.listOutbox).toHaveBeenCalledTimes(2));

    await user.click(within(dialog).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(outboxApi.exportOutboxCsv).toHaveBeenCalled();
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    click.mockRestore();
    vi.unstubAllGlobals();
  });

  it('sends now when online with sales waiting', async () => {
    const user = userEvent.setup();
    useSyncStatus.getState().set({ waiting: 1 });
    renderStatus();
    await user.click(screen.getByRole('button', { name: /1 sale waiting/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Send now' }));
    expect(outboxApi.uploadNow).toHaveBeenCalled();
  });

  it('says whose sales wait for them to sign in', async () => {
    const user = userEvent.setup();
    vi.mocked(outboxApi.listOutbox).mockResolvedValue([]);
    useSyncStatus.getState().set({ blocked: { name: 'Amina Admin', count: 2 } });
    renderStatus();
    await user.click(screen.getByRole('button', { name: /2 sales waiting/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      '2 sales by Amina Admin waiting — Amina Admin must sign in to send them',
    );
    expect(await within(dialog).findByText('No sales are waiting on this device.')).toBeVisible();
  });

  it('says so when the device cannot be read', async () => {
    const user = userEvent.setup();
    vi.mocked(outboxApi.listOutbox).mockRejectedValue(new Error('IndexedDB blocked'));
    renderStatus();
    await user.click(screen.getByRole('button', { name: /Online/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sales on this device could not be read.',
    );
  });
});
