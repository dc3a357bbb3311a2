import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { stubApi, stubResizeObserver } from '@/test/api-stub';
import type { StoreSettings } from '@duka/shared/store-settings/store-settings.schemas';
import { StoreSettingsForm } from './store-settings-form';

afterEach(() => act(() => clearToasts()));
// Radix's Switch (Require an open shift to sell) measures itself.
beforeEach(stubResizeObserver);

const PATH = '/stores/3/settings';
const SETTINGS: StoreSettings = {
  max_cashier_discount_percent: 10,
  loyalty_points_per_100: 1,
  default_credit_limit: null,
  offline_max_age_days: 30,
  require_shift: false,
};

function renderForm(routes: Parameters<typeof stubApi>[0], settings: StoreSettings = SETTINGS) {
  const sent = stubApi(routes);
  const toasts = renderHook(() => useToast()).result;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StoreSettingsForm storeId={3} settings={settings} />
    </QueryClientProvider>,
  );
  return { sent, toasts };
}

describe('the Settings form (issue 20)', () => {
  it('saves both fields with PUT and says so', async () => {
    const { sent, toasts } = renderForm({
      [`PUT ${PATH}`]: (request) => ({
        body: { success: true, data: { ...SETTINGS, ...(request.body as object) } },
      }),
    });
    const cap = screen.getByLabelText('Cashier discount limit (%)');
    expect(cap).toHaveValue(10);
    await userEvent.clear(cap);
    await userEvent.type(cap, '15');
    const points = screen.getByLabelText('Loyalty points per KSh 100');
    await userEvent.clear(points);
    await userEvent.type(points, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    await waitFor(() =>
      expect(toasts.current.toasts[0]).toMatchObject({ description: 'Settings saved' }),
    );
    expect(sent.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      // The default credit limit it was given goes back unchanged (issue 21).
      {
        max_cashier_discount_percent: 15,
        loyalty_points_per_100: 2,
        offline_max_age_days: 30,
        default_credit_limit: null,
        require_shift: false,
      },
    ]);
  });

  it('refuses a limit over 100 before sending anything', async () => {
    const { sent } = renderForm({});
    const cap = screen.getByLabelText('Cashier discount limit (%)');
    await userEvent.clear(cap);
    await userEvent.type(cap, '150');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(
      await screen.findByText('Cashier discount limit must be a whole number from 0 to 100'),
    ).toBeInTheDocument();
    expect(sent.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('saves the default credit limit in shillings, and blank as none (issue 21)', async () => {
    const { sent } = renderForm(
      {
        [`PUT ${PATH}`]: (request) => ({
          body: { success: true, data: { ...SETTINGS, ...(request.body as object) } },
        }),
      },
      { ...SETTINGS, default_credit_limit: 2000 },
    );
    const limit = screen.getByLabelText('Default credit limit (KSh)');
    expect(limit).toHaveValue('2000.00');
    await userEvent.clear(limit);
    await userEvent.type(limit, '3500.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(limit).toHaveValue('3500.50'));
    await userEvent.clear(limit);
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(sent.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(
      sent
        .filter((call) => call.method === 'PUT')
        .map((call) => (call.body as StoreSettings).default_credit_limit),
    ).toEqual([3500.5, null]);
  });

  it('refuses a default credit limit that is not an amount', async () => {
    const { sent } = renderForm({});
    await userEvent.type(screen.getByLabelText('Default credit limit (KSh)'), 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(
      await screen.findByText(
        'Default credit limit must be a number of shillings with at most 2 decimals',
      ),
    ).toBeInTheDocument();
    expect(sent.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('saves the oldest offline sale accepted, in days, with the others (issue 22)', async () => {
    const { sent } = renderForm({
      [`PUT ${PATH}`]: (request) => ({
        body: { success: true, data: { ...SETTINGS, ...(request.body as object) } },
      }),
    });
    const days = screen.getByLabelText('Oldest offline sale accepted (days)');
    expect(days).toHaveValue(30);
    expect(days).toHaveAttribute('min', '1');
    expect(days).toHaveAttribute('max', '365');
    await userEvent.clear(days);
    await userEvent.type(days, '7');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(sent.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(sent.find((call) => call.method === 'PUT')!.body).toEqual({
      max_cashier_discount_percent: 10,
      loyalty_points_per_100: 1,
      offline_max_age_days: 7,
      default_credit_limit: null,
      require_shift: false,
    });
  });

  it.each(['0', '366', '2.5'])('refuses %s days before sending anything', async (value) => {
    const { sent } = renderForm({});
    const days = screen.getByLabelText('Oldest offline sale accepted (days)');
    await userEvent.clear(days);
    await userEvent.type(days, value);
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(
      await screen.findByText('Oldest offline sale (days) must be a whole number from 1 to 365'),
    ).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(sent.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('switches Require an open shift to sell on and saves it (issue 24)', async () => {
    const { sent } = renderForm({
      [`PUT ${PATH}`]: (request) => ({
        body: { success: true, data: { ...SETTINGS, ...(request.body as object) } },
      }),
    });
    const toggle = screen.getByRole('switch', { name: 'Require an open shift to sell' });
    // Off by default, as the store's settings say.
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(sent.some((call) => call.method === 'PUT')).toBe(true));
    expect(sent.find((call) => call.method === 'PUT')!.body).toMatchObject({ require_shift: true });
  });

  it("shows the server's refusal of the days on the field, in Swahili too", async () => {
    const message = 'Oldest offline sale (days) must be a whole number from 1 to 365';
    renderForm({
      [`PUT ${PATH}`]: {
        status: 400,
        body: {
          code: 'validation.failed',
          message,
          errors: [{ path: 'body.offline_max_age_days', message }],
        },
      },
    });
    await i18n.changeLanguage('sw');
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Hifadhi mipangilio' }));
      const translated =
        'Mauzo ya bila mtandao ya zamani zaidi (siku) lazima yawe namba kamili kati ya 1 na 365';
      expect(await screen.findByText(translated)).toBeInTheDocument();
      expect(
        screen.getByLabelText('Mauzo ya bila mtandao ya zamani zaidi yanayokubaliwa (siku)'),
      ).toHaveAttribute('aria-invalid', 'true');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
