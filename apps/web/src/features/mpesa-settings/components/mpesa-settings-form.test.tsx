import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MpesaSettings } from '@duka/shared/payments/mpesa.schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { stubApi, type SentRequest } from '@/test/api-stub';
import { MpesaSettingsSection } from './mpesa-settings-section';

afterEach(() => act(() => clearToasts()));

const PATH = '/stores/3/mpesa-settings';
// The form as the Settings page shows it (MpesaSettingsSection renders MpesaSettingsForm).
const HOOKS = 'https://duka.example/api/hooks/daraja/0f3a9c';
const BLANK: MpesaSettings = {
  shortcode: null,
  kind: null,
  party_b: null,
  environment: null,
  consumer_key: null,
  has_passkey: false,
  has_consumer_secret: false,
  callback_url: `${HOOKS}/stk`,
  validation_url: `${HOOKS}/validation`,
  confirmation_url: `${HOOKS}/confirmation`,
  c2b_registered_at: null,
  c2b_registration_error: null,
};
const SAVED: MpesaSettings = {
  ...BLANK,
  shortcode: '174379',
  kind: 'till',
  party_b: '5123456',
  environment: 'sandbox',
  consumer_key: 'ck-demo',
  has_passkey: true,
  has_consumer_secret: true,
  c2b_registered_at: '2026-11-26T07:15:00.000Z',
};

/** PUT answers what the server would: the fields sent over the saved ones, secrets as flags. */
function echo(base: MpesaSettings, extra: Partial<MpesaSettings> = {}) {
  return (request: SentRequest) => {
    const { passkey, consumer_secret, ...rest } = request.body as Record<string, unknown>;
    return {
      body: {
        success: true,
        data: {
          ...base,
          party_b: null,
          ...rest,
          has_passkey: base.has_passkey || passkey !== undefined,
          has_consumer_secret: base.has_consumer_secret || consumer_secret !== undefined,
          ...extra,
        },
      },
    };
  };
}

/** The Settings page's section: GET loads the settings, a save's answer replaces them. */
async function renderForm(routes: Parameters<typeof stubApi>[0], settings: MpesaSettings = SAVED) {
  const sent = stubApi({ [`GET ${PATH}`]: { body: { success: true, data: settings } }, ...routes });
  const toasts = renderHook(() => useToast()).result;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MpesaSettingsSection storeId={3} />
    </QueryClientProvider>,
  );
  await screen.findByRole('button', { name: 'Save M-Pesa settings' });
  const puts = () => sent.filter((call) => call.method === 'PUT').map((call) => call.body);
  return { sent, toasts, puts };
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save M-Pesa settings' }));

describe('the M-Pesa settings form (issue 23)', () => {
  it('never prefills a secret: a saved one shows only "Set", and empty keeps it', async () => {
    const { puts, toasts } = await renderForm({ [`PUT ${PATH}`]: echo(SAVED) });
    expect(screen.getByLabelText('Shortcode')).toHaveValue('174379');
    expect(screen.getByLabelText('Consumer key')).toHaveValue('ck-demo');
    for (const name of ['Passkey', 'Consumer secret']) {
      const field = screen.getByLabelText(name);
      expect(field).toHaveValue('');
      expect(field).toHaveAttribute('type', 'password');
    }
    expect(screen.getByTestId('mpesa-passkey-set')).toHaveTextContent('Set');
    expect(screen.getByTestId('mpesa-consumer_secret-set')).toHaveTextContent('Set');
    expect(
      screen.getAllByText(
        'Saved, and never shown. Type a new one to replace it; leave it empty to keep it.',
      ),
    ).toHaveLength(2);

    await save();
    await waitFor(() =>
      expect(toasts.current.toasts[0]).toMatchObject({ description: 'M-Pesa settings saved' }),
    );
    // No secret in the body: the saved ones stay.
    expect(puts()).toEqual([
      {
        shortcode: '174379',
        kind: 'till',
        party_b: '5123456',
        environment: 'sandbox',
        consumer_key: 'ck-demo',
      },
    ]);
  });

  it('replaces a secret only when one is typed, and empties the field again once saved', async () => {
    const { puts } = await renderForm({ [`PUT ${PATH}`]: echo(SAVED) });
    const passkey = screen.getByLabelText('Passkey');
    await userEvent.type(passkey, 'bfb279f9aa9bdbcf');
    await save();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({ passkey: 'bfb279f9aa9bdbcf' });
    expect(puts()[0]).not.toHaveProperty('consumer_secret');
    await waitFor(() => expect(passkey).toHaveValue(''));
  });

  it('asks for every credential on the first save, and sends them all', async () => {
    const { puts } = await renderForm({ [`PUT ${PATH}`]: echo(BLANK) }, BLANK);
    expect(screen.queryByTestId('mpesa-passkey-set')).toBeNull();
    expect(screen.getByLabelText('Passkey')).toHaveValue('');
    await userEvent.type(screen.getByLabelText('Shortcode'), '174379');
    await save();
    expect(await screen.findByText('Passkey is required')).toBeInTheDocument();
    expect(screen.getByText('Consumer key is required')).toBeInTheDocument();
    expect(screen.getByText('Consumer secret is required')).toBeInTheDocument();
    expect(screen.getByText('Till number is required for a till')).toBeInTheDocument();
    expect(screen.getByLabelText('Passkey')).toHaveAttribute('aria-invalid', 'true');
    expect(puts()).toEqual([]);

    await userEvent.type(screen.getByLabelText('Till number'), '5123456');

    await userEvent.type(screen.getByLabelText('Consumer key'), 'ck');
    await userEvent.type(screen.getByLabelText('Consumer secret'), 'cs');
    await userEvent.type(screen.getByLabelText('Passkey'), 'pk');
    await save();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({
      shortcode: '174379',
      kind: 'till',
      party_b: '5123456',
      environment: 'sandbox',
      consumer_key: 'ck',
      consumer_secret: 'cs',
      passkey: 'pk',
    });
    expect(await screen.findByTestId('mpesa-passkey-set')).toBeInTheDocument();
  });

  it('asks for the till number for a till only, and sends none for a paybill', async () => {
    const { puts } = await renderForm({ [`PUT ${PATH}`]: echo(SAVED) });
    const till = screen.getByLabelText('Till number');
    expect(till).toHaveValue('5123456');
    await userEvent.clear(till);
    await save();
    expect(await screen.findByText('Till number is required for a till')).toBeInTheDocument();
    expect(puts()).toEqual([]);
    await userEvent.click(screen.getByRole('radio', { name: 'Paybill' }));
    expect(screen.queryByLabelText('Till number')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Production (real money)' }));
    await save();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({
      shortcode: '174379',
      kind: 'paybill',
      environment: 'production',
      consumer_key: 'ck-demo',
    });
  });

  it("refuses a shortcode that is not 5 to 7 digits before sending, with the shared schema's words", async () => {
    const { puts } = await renderForm({});
    const shortcode = screen.getByLabelText('Shortcode');
    await userEvent.clear(shortcode);
    await userEvent.type(shortcode, '12ab');
    await userEvent.clear(screen.getByLabelText('Till number'));
    await userEvent.type(screen.getByLabelText('Till number'), '1234');
    await save();
    expect(await screen.findByText('Shortcode must be 5 to 7 digits')).toBeInTheDocument();
    expect(screen.getByText('Till number must be 5 to 8 digits')).toBeInTheDocument();
    expect(shortcode).toHaveAttribute('aria-invalid', 'true');
    expect(puts()).toEqual([]);
  });

  it("shows a 400's field errors on their fields, in Swahili too", async () => {
    const message = 'Shortcode must be 5 to 7 digits';
    await renderForm({
      [`PUT ${PATH}`]: {
        status: 400,
        body: {
          code: 'validation.failed',
          message,
          errors: [
            { path: 'body.shortcode', message },
            { path: 'body.passkey', message: 'Passkey is required' },
          ],
        },
      },
    });
    await i18n.changeLanguage('sw');
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Hifadhi mipangilio ya M-Pesa' }));
      expect(await screen.findByText('Shortcode iwe tarakimu 5 hadi 7')).toBeInTheDocument();
      expect(screen.getByText('Passkey inahitajika')).toBeInTheDocument();
      expect(screen.getByLabelText('Shortcode')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText('Passkey')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByText('Imewekwa', { selector: '[data-testid="mpesa-passkey-set"]' }));
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows the three addresses with Copy buttons, and when Safaricom registered them', async () => {
    await renderForm({});
    expect(screen.getByLabelText('Payment prompt callback URL')).toHaveValue(`${HOOKS}/stk`);
    expect(screen.getByLabelText('Validation URL')).toHaveValue(`${HOOKS}/validation`);
    expect(screen.getByLabelText('Confirmation URL')).toHaveValue(`${HOOKS}/confirmation`);
    expect(screen.getByLabelText('Confirmation URL')).toHaveAttribute('readonly');
    expect(screen.getByTestId('mpesa-registration')).toHaveTextContent(
      /^Registered with Safaricom on 26 Nov 2026, 10:15/,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Copy Validation URL' }));
    expect(await navigator.clipboard.readText()).toBe(`${HOOKS}/validation`);
  });

  it("shows Daraja's refusal plainly, and says so when a save is refused", async () => {
    const refusal = '500.003.1001 Urls are already registered';
    const { toasts } = await renderForm(
      {
        [`PUT ${PATH}`]: echo(SAVED, { c2b_registered_at: null, c2b_registration_error: refusal }),
      },
      { ...SAVED, c2b_registered_at: null, c2b_registration_error: refusal },
    );
    expect(screen.getByTestId('mpesa-registration')).toHaveTextContent(
      'Safaricom refused the registration',
    );
    expect(screen.getByTestId('mpesa-registration')).toHaveTextContent(refusal);
    await save();
    await waitFor(() =>
      expect(toasts.current.toasts[0]).toMatchObject({
        variant: 'destructive',
        description: `M-Pesa settings saved, but Safaricom refused the payment addresses: ${refusal}`,
      }),
    );
  });
});
