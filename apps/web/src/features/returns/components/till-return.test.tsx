import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { stubApi } from '@/test/api-stub';
import { buildSale } from '@/test/fixtures';
import { parseReceiptNumber } from '../lib/receipt-number';
import { TillReturn } from './till-return';
import { TillReturnButton } from './till-return-button';

afterEach(() => vi.unstubAllGlobals());

function renderTillReturn(online = true) {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TillReturn open onOpenChange={onOpenChange} online={online} onReturned={vi.fn()} />
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

describe('The receipt number at the till (issue 24)', () => {
  it('reads the sale id as the receipt prints it, with or without #', () => {
    expect(parseReceiptNumber('#1024')).toEqual({ kind: 'sale', saleId: 1024 });
    expect(parseReceiptNumber(' 42 ')).toEqual({ kind: 'sale', saleId: 42 });
    expect(parseReceiptNumber('t3-0042')).toEqual({ kind: 'device', number: 'T3-0042' });
    expect(parseReceiptNumber('')).toEqual({ kind: 'invalid' });
    expect(parseReceiptNumber('0')).toEqual({ kind: 'invalid' });
    expect(parseReceiptNumber('12a')).toEqual({ kind: 'invalid' });
    expect(parseReceiptNumber('99999999999')).toEqual({ kind: 'invalid' });
  });
});

describe('Return at the till (issue 24)', () => {
  it('finds the sale by the number scanned (its Enter) and opens Return items for it', async () => {
    const sent = stubApi({ 'GET /sales/42': { body: { success: true, data: buildSale() } } });
    renderTillReturn();
    const number = screen.getByLabelText('Receipt number');
    expect(number).toHaveFocus();
    await userEvent.type(number, '#42{Enter}');
    expect(
      await screen.findByRole('dialog', { name: 'Return items of sale #42' }),
    ).toBeInTheDocument();
    expect(screen.getAllByTestId('return-line')).toHaveLength(2);
    expect(sent.map((request) => request.path)).toEqual(['/sales/42']);
  });

  it('says when no sale has the number, when it is malformed, or made offline', async () => {
    const sent = stubApi({});
    renderTillReturn();
    const number = screen.getByLabelText('Receipt number');
    await userEvent.type(number, '77{Enter}');
    expect(await screen.findByText('No sale #77 in this store')).toBeInTheDocument();
    await userEvent.clear(number);
    await userEvent.type(number, 'milk{Enter}');
    expect(
      screen.getByText("Type the sale's number as the receipt shows it, e.g. #1024"),
    ).toBeInTheDocument();
    await userEvent.clear(number);
    await userEvent.type(number, 'T3-0042{Enter}');
    expect(screen.getByText(/A receipt made offline \(T3-0042\)/)).toBeInTheDocument();
    expect(sent.map((request) => request.path)).toEqual(['/sales/77']);
  });

  it('says when everything of the sale came back already', async () => {
    const sale = buildSale();
    stubApi({
      'GET /sales/42': {
        body: {
          success: true,
          data: {
            ...sale,
            status: 'returned',
            items: sale.items.map((item) => ({ ...item, returned_quantity: item.quantity })),
          },
        },
      },
    });
    renderTillReturn();
    await userEvent.type(screen.getByLabelText('Receipt number'), '42{Enter}');
    expect(
      await screen.findByText('Everything of sale #42 has been returned already'),
    ).toBeInTheDocument();
  });

  it('looks nothing up offline', async () => {
    const sent = stubApi({});
    renderTillReturn(false);
    await userEvent.type(screen.getByLabelText('Receipt number'), '42{Enter}');
    expect(screen.getByText('Returns need a connection')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

describe("The till's Return button (issue 24)", () => {
  it('opens the return online', async () => {
    const onOpen = vi.fn();
    render(<TillReturnButton online onOpen={onOpen} />);
    await userEvent.click(screen.getByRole('button', { name: 'Return' }));
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('says returns need a connection offline, and opens nothing', async () => {
    const onOpen = vi.fn();
    render(<TillReturnButton online={false} onOpen={onOpen} />);
    const button = screen.getByRole('button', { name: 'Returns need a connection' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    button.focus();
    expect(button).toHaveFocus();
    await userEvent.click(button);
    await userEvent.keyboard('{Enter}');
    expect(onOpen).not.toHaveBeenCalled();
  });
});
