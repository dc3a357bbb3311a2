import { COUNT_MESSAGES } from '@duka/shared/stock-counts/stock-counts.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { stubApi } from '@/test/api-stub';
import { OPEN_COUNT } from '../lib/count-fixtures';
import { StartCountDialog } from './start-count-dialog';

afterEach(() => vi.unstubAllGlobals());

const CATEGORIES = [
  { id: 1, name: 'Flour & Grains' },
  { id: 4, name: 'Stationery' },
  { id: 6, name: 'Soap & Detergents' },
];

function renderDialog(onOpenCount = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StartCountDialog open onOpenChange={() => undefined} onOpenCount={onOpenCount} />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Start a stock count' }), onOpenCount };
}

describe('Start count (managers)', () => {
  it('starts a count of the categories ticked, and opens it', async () => {
    const sent = stubApi({
      'GET /categories': { body: CATEGORIES },
      'POST /stock-counts': {
        status: 201,
        body: { success: true, data: { ...OPEN_COUNT, id: 8 } },
      },
    });
    const { dialog, onOpenCount } = renderDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Some categories' }));
    // None ticked: said, nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start count' }));
    expect(within(dialog).getByText('Choose at least one category.')).toBeVisible();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Stationery' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Soap & Detergents' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start count' }));
    await vi.waitFor(() => expect(onOpenCount).toHaveBeenCalledWith(8));
    expect(sent.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/stock-counts', body: { category_ids: [4, 6] } },
    ]);
  });

  it("409 'A stock count is already open': said plainly, with a way to open the open one", async () => {
    const sent = stubApi({
      'POST /stock-counts': {
        status: 409,
        body: { message: COUNT_MESSAGES.alreadyOpen, code: 'stock_count.already_open' },
      },
      'GET /stock-counts': {
        body: { success: true, data: [OPEN_COUNT], total: 1, page: 1, pageSize: 1 },
      },
    });
    const { dialog, onOpenCount } = renderDialog();
    // The whole store: no categories sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start count' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('A stock count is already open');
    expect(sent[0]).toEqual({ method: 'POST', path: '/stock-counts', body: {} });
    await userEvent.click(await within(alert).findByRole('button', { name: 'Open count #3' }));
    expect(onOpenCount).toHaveBeenCalledWith(3);
    expect(sent.map((call) => call.path)).toContain('/stock-counts?status=open&pageSize=1');
  });
});
