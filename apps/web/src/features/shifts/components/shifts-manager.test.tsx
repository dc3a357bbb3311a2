import type { Shift } from '@duka/shared/shifts/shifts.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { stubApi } from '@/test/api-stub';
import { OPEN_SHIFT, Z_REPORT } from '../lib/shift-fixtures';
import { ShiftsManager } from './shifts-manager';

const CLOSED: Shift = {
  ...OPEN_SHIFT,
  id: 5,
  status: 'closed',
  User: { id: 4, name: 'Baraka Mwangi' },
  closed_at: Z_REPORT.closed_at,
  closed_by: { id: 4, name: 'Baraka Mwangi' },
  expected_cash: 3550,
  counted_cash: 3500,
  difference: -50,
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T20:30:00.000Z') });
  // A wide screen: the table.
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: true,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
});
afterEach(() => {
  act(() => clearToasts());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the Shifts page (issue 24, managers)', () => {
  it("lists today's shifts in Nairobi with Over/Short in words, and closes a forgotten one", async () => {
    const sent = stubApi({
      'GET /shifts': { body: { success: true, data: [OPEN_SHIFT, CLOSED] } },
      'GET /shifts/summary': { body: { success: true, data: { date: '2026-11-26', rows: [] } } },
      'POST /shifts/7/close': {
        body: {
          success: true,
          data: {
            ...Z_REPORT,
            closed_by: { id: 9, name: 'Mary Manager' },
            note: 'Forgot to close',
          },
        },
      },
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ShiftsManager shopName="Duka" online />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Shifts' });
    // 20:30 UTC is 23:30 in Nairobi: still the 26th there.
    expect(sent.map((call) => call.path)).toEqual(
      expect.arrayContaining([
        '/shifts?from=2026-11-26&to=2026-11-26',
        '/shifts/summary?date=2026-11-26',
      ]),
    );
    const baraka = within(table).getByText('Baraka Mwangi').closest('tr')!;
    expect(baraka).toHaveTextContent('Short −KSh 50.00');
    expect(baraka).toHaveTextContent('KSh 3,500.00');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'open');
    await vi.waitFor(() =>
      expect(sent.some((call) => call.path.endsWith('&status=open'))).toBe(true),
    );

    await userEvent.click(
      within(table).getByRole('button', { name: 'Close shift of Achieng Otieno' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Close shift' });
    expect(dialog).toHaveTextContent("Closing Achieng Otieno's shift");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enter a total instead' }));
    await userEvent.type(within(dialog).getByLabelText('Counted cash'), '3500');
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Forgot to close');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close shift' }));
    const zReport = await screen.findByRole('region', { name: 'Z report' });
    expect(within(zReport).getByText('Closed by').parentElement).toHaveTextContent('Mary Manager');
    expect(sent.find((call) => call.method === 'POST')!.body).toEqual({
      counted_cash: '3500',
      note: 'Forgot to close',
    });
  });
});
