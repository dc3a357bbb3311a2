import type { Role } from '@duka/shared/auth/roles';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';
import { stubApi } from '@/test/api-stub';
import { buildSale } from '@/test/fixtures';
import { SETTINGS } from '../lib/receipt-fixtures';
import { ReceiptDialog } from './receipt-dialog';
import { ReceiptSettingsButton } from './receipt-settings-button';

/** jsdom has no ResizeObserver; Radix's Switch measures itself with one. */
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeEach(() => vi.stubGlobal('ResizeObserver', NoResizeObserver));
afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

const PATH = '/stores/1/receipt-settings';

function renderButton(role: Role, routes: Parameters<typeof stubApi>[0]) {
  const sent = stubApi(routes);
  const toasts = renderHook(() => useToast()).result;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RoleContext.Provider value={role}>
        <ReceiptSettingsButton storeId={1} />
      </RoleContext.Provider>
    </QueryClientProvider>,
  );
  return { sent, toasts };
}

async function openSettings() {
  await userEvent.click(screen.getByRole('button', { name: 'Receipt Settings' }));
  // The dialog's code is fetched the first time it opens (issue 25).
  return screen.findByRole('dialog', { name: 'Customize Receipt' });
}

describe("'Customize Receipt' (spec §2 Receipt Settings card, §7, §8)", () => {
  it('loads the settings, saves every field with PUT, and falls back to POST on 404', async () => {
    const { sent, toasts } = renderButton('manager', {
      [`GET ${PATH}`]: { body: { success: true, data: SETTINGS } },
      [`PUT ${PATH}`]: { status: 404, body: { message: 'Not found' } },
      [`POST ${PATH}`]: (request) => ({
        body: { success: true, data: { ...SETTINGS, ...(request.body as object) } },
      }),
    });
    const dialog = await openSettings();
    const name = await within(dialog).findByLabelText('Business Name');
    expect(name).toHaveValue('Mama Mboga Duka');
    expect(within(dialog).getByLabelText('KRA PIN')).toHaveValue('P051234567X');
    expect(within(dialog).getByLabelText('M-Pesa Till or Paybill')).toHaveValue('522533');
    expect(within(dialog).getByLabelText('Show Logo')).toBeChecked();
    await userEvent.clear(name);
    await userEvent.type(name, 'Duka la Mama');
    const thanks = within(dialog).getByLabelText('Thank You Message');
    await userEvent.clear(thanks);
    await userEvent.type(thanks, 'Karibu tena!');
    await userEvent.click(within(dialog).getByLabelText('Show Logo'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));

    await waitFor(() =>
      expect(toasts.current.toasts[0]).toMatchObject({ description: 'Receipt settings saved' }),
    );
    const saves = sent.filter((call) => call.method !== 'GET');
    expect(saves.map((call) => call.method)).toEqual(['PUT', 'POST']);
    expect(saves[1]!.body).toEqual({
      ...SETTINGS,
      business_name: 'Duka la Mama',
      thank_you_message: 'Karibu tena!',
      show_logo: false,
    });
    expect(screen.queryByRole('dialog', { name: 'Customize Receipt' })).toBeNull();
  });

  it("shows 'Loading receipt settings...' while loading", async () => {
    renderButton('manager', {});
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    const dialog = await openSettings();
    expect(within(dialog).getByText('Loading receipt settings...')).toBeInTheDocument();
  });

  it('starts from the defaults when the settings answer 404', async () => {
    renderButton('admin', { [`GET ${PATH}`]: { status: 404, body: { message: 'Not found' } } });
    const dialog = await openSettings();
    expect(await within(dialog).findByLabelText('Business Name')).toHaveValue('My Business');
    expect(within(dialog).getByLabelText('Thank You Message')).toHaveValue(
      'Thank you for your business!',
    );
    expect(within(dialog).getByLabelText('Address')).toHaveValue('');
  });

  it("shows other load errors as 'Error loading receipt settings: {message}'", async () => {
    renderButton('manager', {
      [`GET ${PATH}`]: { status: 500, body: { message: 'Database unavailable' } },
    });
    const dialog = await openSettings();
    expect(
      await within(dialog).findByText('Error loading receipt settings: Database unavailable'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Business Name')).toBeNull();
  });

  it('shows the schema and server messages under their fields, and saves nothing invalid', async () => {
    const { sent } = renderButton('manager', {
      [`GET ${PATH}`]: { body: { success: true, data: SETTINGS } },
      [`PUT ${PATH}`]: {
        status: 400,
        body: {
          message: 'Invalid URL',
          errors: [{ path: 'website', message: 'Invalid URL' }],
        },
      },
    });
    const dialog = await openSettings();
    const pin = await within(dialog).findByLabelText('KRA PIN');
    await userEvent.clear(pin);
    await userEvent.type(pin, '12345');
    await userEvent.clear(within(dialog).getByLabelText('Business Name'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    expect(await within(dialog).findByText('KRA PIN must look like A123456789B')).toBeVisible();
    expect(within(dialog).getByText('Business name is required')).toBeVisible();
    expect(sent.filter((call) => call.method !== 'GET')).toEqual([]);

    await userEvent.clear(pin);
    await userEvent.type(within(dialog).getByLabelText('Business Name'), 'Duka');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    expect(await within(dialog).findByText('Invalid URL', { selector: 'p' })).toBeVisible();
    expect(within(dialog).getByLabelText('Website')).toHaveAttribute('aria-invalid', 'true');
  });

  it('is there only for the roles that may change the settings', () => {
    renderButton('sales', {});
    expect(screen.queryByRole('button', { name: 'Receipt Settings' })).toBeNull();
  });

  it("opens from a receipt's Customize Receipt, and the receipt shows the saved header", async () => {
    stubApi({
      'GET /sales/42': { body: { success: true, data: buildSale() } },
      [`GET ${PATH}`]: { body: { success: true, data: SETTINGS } },
      [`PUT ${PATH}`]: (request) => ({
        body: { success: true, data: { ...SETTINGS, ...(request.body as object) } },
      }),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RoleContext.Provider value="manager">
          <ReceiptDialog saleId={42} storeId={1} onClose={() => {}} />
        </RoleContext.Provider>
      </QueryClientProvider>,
    );
    await screen.findByText('Mama Mboga Duka');
    await userEvent.click(screen.getByRole('button', { name: 'Customize Receipt' }));
    const dialog = screen.getByRole('dialog', { name: 'Customize Receipt' });
    const name = await within(dialog).findByLabelText('Business Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Duka la Mama');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    const receipt = await screen.findByRole('dialog', { name: 'Sale Receipt #42' });
    expect(await within(receipt).findByText('Duka la Mama')).toBeInTheDocument();
  });
});
