import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EtimsSettings } from '@duka/shared/etims/etims.schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { stubApi, type ApiReply } from '@/test/api-stub';
import { EtimsSettingsSection } from './etims-settings-section';

afterEach(() => act(() => clearToasts()));

const PATH = '/stores/3/etims-settings';
const BLANK: EtimsSettings = {
  kra_pin: null,
  branch_id: null,
  device_serial: null,
  environment: null,
  sdc_id: null,
  mrc_no: null,
  has_cmc_key: false,
  registered_at: null,
};
const REGISTERED: EtimsSettings = {
  kra_pin: 'P051234567Q',
  branch_id: '00',
  device_serial: 'KRACU0100001234',
  environment: 'sandbox',
  sdc_id: 'KRACU0100001234',
  mrc_no: 'WIS00001234',
  has_cmc_key: true,
  registered_at: '2026-11-26T07:15:00.000Z',
};
const accepted = (settings: EtimsSettings): ApiReply => ({
  body: { success: true, data: settings },
});

/** The Settings page's section: GET loads the settings, a save's answer replaces them. */
async function renderCard(routes: Parameters<typeof stubApi>[0], settings: EtimsSettings = BLANK) {
  const sent = stubApi({ [`GET ${PATH}`]: accepted(settings), ...routes });
  const toasts = renderHook(() => useToast()).result;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EtimsSettingsSection storeId={3} />
    </QueryClientProvider>,
  );
  await screen.findByRole('button', { name: 'Save and register with KRA' });
  const puts = () => sent.filter((call) => call.method === 'PUT').map((call) => call.body);
  return { toasts, puts };
}

const save = () =>
  userEvent.click(screen.getByRole('button', { name: 'Save and register with KRA' }));

async function fill(values: { pin?: string; branch?: string; serial?: string }) {
  for (const [label, value] of [
    ['KRA PIN', values.pin],
    ['Branch ID', values.branch],
    ['Device serial', values.serial],
  ] as const) {
    if (value === undefined) continue;
    const input = screen.getByLabelText(label);
    await userEvent.clear(input);
    if (value !== '') await userEvent.type(input, value);
  }
}

describe('the eTIMS settings card (issue 26)', () => {
  it('starts a store never registered at the head office on the sandbox, not registered', async () => {
    await renderCard({});
    expect(screen.getByLabelText('KRA PIN')).toHaveValue('');
    expect(screen.getByLabelText('Branch ID')).toHaveValue('00');
    expect(screen.getByLabelText('Device serial')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Sandbox (testing)' })).toBeChecked();
    expect(screen.getByTestId('etims-registration')).toHaveTextContent(
      'Not registered with KRA yet',
    );
    expect(screen.getByLabelText('Branch ID')).toHaveAccessibleDescription(
      '2 digits, as KRA registered the branch: 00 for the head office.',
    );
  });

  it("checks every field with the shared schema's words before sending", async () => {
    const { puts } = await renderCard({});
    await fill({ pin: 'A12345', branch: '1' });
    await save();
    expect(
      await screen.findByText('KRA PIN must be a letter, 9 digits and a letter (A123456789B)'),
    ).toBeInTheDocument();
    expect(screen.getByText('Branch ID must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Device serial is required')).toBeInTheDocument();
    expect(screen.getByLabelText('KRA PIN')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Device serial')).toHaveAccessibleDescription(
      /^Device serial is required/,
    );

    await fill({ branch: 'AB' });
    await save();
    expect(
      await screen.findByText('Branch ID must be 2 digits (00 for the head office)'),
    ).toBeInTheDocument();
    expect(puts()).toEqual([]);
  });

  it('sends the details (the PIN in capitals), then shows the registration, never the key', async () => {
    const { puts, toasts } = await renderCard({ [`PUT ${PATH}`]: accepted(REGISTERED) });
    await fill({ pin: 'p051234567q', branch: '00', serial: 'KRACU0100001234' });
    await userEvent.click(screen.getByRole('radio', { name: 'Production (real invoices to KRA)' }));
    await save();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({
      kra_pin: 'P051234567Q',
      branch_id: '00',
      device_serial: 'KRACU0100001234',
      environment: 'production',
    });
    const registration = await screen.findByText(/^Registered with KRA on/);
    expect(registration).toHaveTextContent('Registered with KRA on 26 Nov 2026, 10:15');
    const details = screen.getByTestId('etims-registration');
    expect(details).toHaveTextContent('SDC IDKRACU0100001234');
    expect(details).toHaveTextContent('MRC numberWIS00001234');
    expect(details).toHaveTextContent('Communication keySet');
    expect(toasts.current.toasts[0]).toMatchObject({
      description: 'eTIMS settings saved: the device is registered with KRA',
    });
    // The form shows what was saved, the environment the answer's.
    expect(screen.getByLabelText('KRA PIN')).toHaveValue('P051234567Q');
    expect(screen.getByRole('radio', { name: 'Sandbox (testing)' })).toBeChecked();
  });

  it("shows KRA's refusal on the card until a save works", async () => {
    const refusal = 'eTIMS refused the device (901): This device is not valid. Nothing was saved';
    let refuse = true;
    const { puts } = await renderCard({
      [`PUT ${PATH}`]: () =>
        refuse
          ? { status: 422, body: { code: 'etims.registration_refused', message: refusal } }
          : accepted(REGISTERED),
    });
    await fill({ pin: 'P051234567Q', serial: 'WRONG-SERIAL' });
    await save();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('KRA did not register the device');
    expect(alert).toHaveTextContent(refusal);
    expect(alert).toHaveTextContent('Nothing was saved. Correct what KRA says and save again.');
    expect(screen.getByTestId('etims-registration')).toHaveTextContent('Not registered');
    // What was typed stays, to correct.
    expect(screen.getByLabelText('Device serial')).toHaveValue('WRONG-SERIAL');

    refuse = false;
    await fill({ serial: 'KRACU0100001234' });
    await save();
    await waitFor(() => expect(puts()).toHaveLength(2));
    await screen.findByText(/^Registered with KRA on/);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a registered store stays registered when a new attempt is refused', async () => {
    await renderCard(
      {
        [`PUT ${PATH}`]: {
          status: 503,
          body: { code: 'etims.unreachable', message: 'eTIMS could not be reached (timeout)' },
        },
      },
      REGISTERED,
    );
    expect(screen.getByTestId('etims-registration')).toHaveTextContent(
      'Registered with KRA on 26 Nov 2026, 10:15',
    );
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nothing was changed: the store stays registered with the device above.',
    );
  });

  it("shows a 400's field errors at their fields, in Swahili too", async () => {
    const message = 'Branch ID must be 2 digits (00 for the head office)';
    await renderCard(
      {
        [`PUT ${PATH}`]: {
          status: 400,
          body: {
            code: 'validation.failed',
            message,
            errors: [{ path: 'body.branch_id', message }],
          },
        },
      },
      REGISTERED,
    );
    await i18n.changeLanguage('sw');
    try {
      expect(screen.getByLabelText('PIN ya KRA')).toHaveValue('P051234567Q');
      expect(screen.getByLabelText('Nambari ya kifaa')).toBeInTheDocument();
      expect(screen.getByText(/^Imesajiliwa na KRA/)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Hifadhi na usajili kwa KRA' }));
      expect(
        await screen.findByText('Tawi lazima liwe tarakimu 2 (00 kwa ofisi kuu)'),
      ).toBeInTheDocument();
      expect(screen.getByLabelText('Tawi')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("says so when the settings can't be loaded", async () => {
    stubApi({ [`GET ${PATH}`]: { status: 500, body: {} } });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <EtimsSettingsSection storeId={3} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the eTIMS settings');
  });
});
