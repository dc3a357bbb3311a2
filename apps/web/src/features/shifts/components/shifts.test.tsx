import { denominationsTotalCents, type Denominations } from '@duka/shared/shifts/shifts.schemas';
import { toCents } from '@duka/shared/money/money';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { stubApi } from '@/test/api-stub';
import type { CountsText } from '../lib/denominations';
import { OPEN_SHIFT, X_REPORT, Z_REPORT } from '../lib/shift-fixtures';
import type { ShiftAction } from '../lib/shift-action';
import { CloseShiftDialog } from './close-shift-dialog';
import { DenominationCounter } from './denomination-counter';
import { ShiftBar } from './shift-bar';
import { ShiftReportView } from './shift-report-view';

afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

function withQueries(ui: React.ReactNode) {
  return <QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>;
}

function Counter() {
  const [counts, setCounts] = useState<CountsText>({});
  return <DenominationCounter idPrefix="test" counts={counts} onChange={setCounts} />;
}

describe('the denomination counter (issue 24)', () => {
  it('adds up notes and coins exactly, line by line and in all', async () => {
    render(<Counter />);
    await userEvent.type(screen.getByLabelText('KSh 1000 notes'), '3');
    await userEvent.type(screen.getByLabelText('KSh 500 notes'), '1');
    await userEvent.type(screen.getByLabelText('KSh 50 notes'), '7');
    // The thumb's way: + twice, − once on the KSh 20 coins.
    await userEvent.click(screen.getByRole('button', { name: 'One more KSh 20' }));
    await userEvent.click(screen.getByRole('button', { name: 'One more KSh 20' }));
    await userEvent.click(screen.getByRole('button', { name: 'One more KSh 20' }));
    await userEvent.click(screen.getByRole('button', { name: 'One less KSh 20' }));
    await userEvent.type(screen.getByLabelText('KSh 1 coins'), '9');
    // Each box is the only thing its label names (an e2e journey finds it by it).
    expect(screen.getAllByLabelText(/KSh 1000 notes/)).toHaveLength(1);

    expect(screen.getByLabelText('KSh 20 coins')).toHaveValue('2');
    expect(screen.getByTestId('line-total-1000')).toHaveTextContent('KSh 3,000.00');
    expect(screen.getByTestId('line-total-50')).toHaveTextContent('KSh 350.00');
    expect(screen.getByTestId('line-total-20')).toHaveTextContent('KSh 40.00');
    // 3000 + 500 + 350 + 40 + 9
    expect(screen.getByTestId('counter-total')).toHaveTextContent('KSh 3,899.00');
  });

  it('never counts below zero, and says when a box holds no whole number', async () => {
    render(<Counter />);
    await userEvent.click(screen.getByRole('button', { name: 'One less KSh 5' }));
    expect(screen.getByLabelText('KSh 5 coins')).toHaveValue('0');
    await userEvent.type(screen.getByLabelText('KSh 10 coins'), '2.5');
    expect(screen.getByLabelText('KSh 10 coins')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Each count must be a whole number from 0 to 100,000',
    );
    expect(screen.getByTestId('counter-total')).toHaveTextContent('KSh 0.00');
  });
});

describe('Close shift (issue 24)', () => {
  function renderClose(online = true) {
    const sent = stubApi({
      'POST /shifts/7/close': { body: { success: true, data: Z_REPORT } },
    });
    const onOpenChange = vi.fn();
    render(
      withQueries(
        <CloseShiftDialog
          shift={OPEN_SHIFT}
          onOpenChange={onOpenChange}
          shopName="Mama Mboga Duka"
          online={online}
        />,
      ),
    );
    return { sent, onOpenChange };
  }

  it('sends the notes and coins counted with the counted cash they add up to, then the Z report', async () => {
    const { sent } = renderClose();
    const dialog = screen.getByRole('dialog', { name: 'Close shift' });
    await userEvent.type(within(dialog).getByLabelText('KSh 1000 notes'), '3');
    await userEvent.type(within(dialog).getByLabelText('KSh 200 notes'), '2');
    await userEvent.type(within(dialog).getByLabelText('KSh 10 coins'), '4');
    await userEvent.type(within(dialog).getByLabelText('KSh 1 coins'), '3');
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Two coins found under the drawer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close shift' }));

    const zReport = await screen.findByRole('region', { name: 'Z report' });
    const posts = sent.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    const body = posts[0]!.body as {
      counted_cash: string;
      denominations: Denominations;
      note: string;
    };
    expect(body).toEqual({
      counted_cash: '3443.00',
      denominations: { '1000': 3, '200': 2, '10': 4, '1': 3 },
      note: 'Two coins found under the drawer',
    });
    expect(denominationsTotalCents(body.denominations)).toBe(toCents(body.counted_cash));

    expect(within(zReport).getByTestId('expected-cash')).toHaveTextContent('KSh 3,550.00');
    expect(within(zReport).getByTestId('counted-cash')).toHaveTextContent('KSh 3,500.00');
    expect(within(zReport).getByTestId('difference')).toHaveTextContent('Short −KSh 50.00');
    expect(within(zReport).getByText('KSh 1000 × 3')).toBeInTheDocument();
  });

  it('takes a total instead of the count, sent without denominations', async () => {
    const { sent } = renderClose();
    await userEvent.click(screen.getByRole('button', { name: 'Enter a total instead' }));
    await userEvent.type(screen.getByLabelText('Counted cash'), '3500.50');
    await userEvent.click(screen.getByRole('button', { name: 'Close shift' }));
    await screen.findByRole('region', { name: 'Z report' });
    expect(sent.find((call) => call.method === 'POST')!.body).toEqual({ counted_cash: '3500.50' });
  });

  it('refuses a count that is not a number before sending', async () => {
    const { sent } = renderClose();
    await userEvent.click(screen.getByRole('button', { name: 'Enter a total instead' }));
    await userEvent.type(screen.getByLabelText('Counted cash'), 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Close shift' }));
    expect(
      await screen.findByText('Counted cash must be a number of shillings with at most 2 decimals'),
    ).toBeVisible();
    expect(sent.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('says shifts need a connection and sends nothing when offline', async () => {
    const { sent } = renderClose(false);
    await userEvent.type(screen.getByLabelText('KSh 500 notes'), '2');
    expect(screen.getByText('Shifts need a connection')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Close shift' })).toBeDisabled();
    expect(sent.filter((call) => call.method === 'POST')).toEqual([]);
  });
});

describe('the X and Z reports (issue 24)', () => {
  const AS_OF = '2026-11-26T10:00:00.000Z';

  it('X report: every figure so far with its label, no count and no difference yet', () => {
    render(
      <ShiftReportView report={X_REPORT} shopName="Mama Mboga Duka" paper="58" asOf={AS_OF} />,
    );
    const report = screen.getByRole('region', { name: 'X report' });
    expect(report).toHaveAttribute('data-paper', '58');
    const row = (label: string) => within(report).getByText(label).parentElement!;
    expect(within(report).getByText('Mama Mboga Duka')).toBeInTheDocument();
    expect(row('Cashier')).toHaveTextContent('Achieng Otieno');
    expect(row('Opening float')).toHaveTextContent('KSh 2,000.00');
    expect(row('Cash received')).toHaveTextContent('KSh 1,500.00');
    expect(row('Change given')).toHaveTextContent('−KSh 300.00');
    expect(row('Cash refunds')).toHaveTextContent('−KSh 100.00');
    expect(row('Credit repaid in cash')).toHaveTextContent('KSh 200.00');
    expect(row('Pay-ins')).toHaveTextContent('KSh 500.00');
    expect(row('Pay-outs')).toHaveTextContent('−KSh 250.00');
    expect(within(report).getByTestId('expected-cash')).toHaveTextContent('KSh 3,550.00');
    expect(row('M-Pesa taken')).toHaveTextContent('KSh 800.00');
    expect(row('Credit given')).toHaveTextContent('KSh 400.00');
    expect(row('M-Pesa refunds')).toHaveTextContent('KSh 60.00');
    expect(row('Number of sales')).toHaveTextContent('6');
    expect(within(report).queryByTestId('counted-cash')).not.toBeInTheDocument();
    expect(within(report).queryByTestId('difference')).not.toBeInTheDocument();
    const movements = within(report).getAllByTestId('shift-movement');
    expect(movements[0]).toHaveTextContent('Pay out−KSh 250.00');
    expect(movements[0]).toHaveTextContent('Transport · expense');
  });

  it('Z report: over is +, short is −, both in words', () => {
    const { rerender } = render(
      <ShiftReportView
        report={{ ...Z_REPORT, counted_cash: 3570, difference: 20 }}
        shopName="Duka"
        paper="80"
        asOf={AS_OF}
      />,
    );
    expect(screen.getByTestId('difference')).toHaveTextContent('Over +KSh 20.00');
    rerender(<ShiftReportView report={Z_REPORT} shopName="Duka" paper="80" asOf={AS_OF} />);
    expect(screen.getByTestId('difference')).toHaveTextContent('Short −KSh 50.00');
    rerender(
      <ShiftReportView
        report={{ ...Z_REPORT, counted_cash: 3550, difference: 0 }}
        shopName="Duka"
        paper="80"
        asOf={AS_OF}
      />,
    );
    expect(screen.getByTestId('difference')).toHaveTextContent('Exact KSh 0.00');
  });
});

describe("the till's shift bar (issue 24)", () => {
  function Bar({ online = true }: { online?: boolean }) {
    const [action, setAction] = useState<ShiftAction | null>(null);
    return (
      <ShiftBar
        storeId={1}
        shopName="Duka"
        online={online}
        action={action}
        onActionChange={setAction}
      />
    );
  }

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T09:00:00.000Z') });
  });
  afterEach(() => vi.useRealTimers());

  it('shows the open shift with its float and records a pay-out as an expense', async () => {
    const sent = stubApi({
      'GET /shifts/current': { body: { success: true, data: OPEN_SHIFT } },
      'POST /shifts/7/cash-movements': (request) => ({
        status: 201,
        body: { success: true, data: { ...X_REPORT.movements[0], ...(request.body as object) } },
      }),
    });
    render(withQueries(<Bar />));
    expect(await screen.findByText('Shift open since 08:02')).toBeVisible();
    expect(screen.getByTestId('shift-bar')).toHaveTextContent('float KSh 2,000.00');

    await userEvent.click(screen.getByRole('button', { name: 'Pay out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay out' });
    await userEvent.type(within(dialog).getByLabelText('Amount'), '150');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Boda boda to the wholesaler');
    await userEvent.click(within(dialog).getByLabelText('Record as an expense'));
    await userEvent.selectOptions(within(dialog).getByLabelText('Category'), 'Other');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay out' }));

    await vi.waitFor(() =>
      expect(sent.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        {
          type: 'pay_out',
          amount: '150',
          reason: 'Boda boda to the wholesaler',
          expense_category: 'Other',
        },
      ]),
    );
  });

  it('with no open shift offers Open shift; offline it says shifts need a connection', async () => {
    const sent = stubApi({ 'GET /shifts/current': { body: { success: true, data: null } } });
    render(withQueries(<Bar online={false} />));
    await userEvent.click(await screen.findByRole('button', { name: 'Open shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open shift' });
    await userEvent.type(within(dialog).getByLabelText('Opening float'), '2000');
    expect(within(dialog).getByText('Shifts need a connection')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Open shift' })).toBeDisabled();
    expect(sent.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('opens a shift with the float counted note by note', async () => {
    const sent = stubApi({
      'GET /shifts/current': { body: { success: true, data: null } },
      'POST /shifts': { status: 201, body: { success: true, data: OPEN_SHIFT } },
    });
    render(withQueries(<Bar />));
    await userEvent.click(await screen.findByRole('button', { name: 'Open shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open shift' });
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Count notes and coins instead' }),
    );
    await userEvent.type(within(dialog).getByLabelText('KSh 500 notes'), '3');
    await userEvent.type(within(dialog).getByLabelText('KSh 100 notes'), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open shift' }));
    await vi.waitFor(() =>
      expect(sent.find((call) => call.method === 'POST')?.body).toEqual({
        opening_float: '2000.00',
      }),
    );
  });
});
