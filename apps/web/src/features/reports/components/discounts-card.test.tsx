import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { stubApi } from '@/test/api-stub';
import { DiscountsCard } from './discounts-card';

describe('the Discounts given card (issue 20)', () => {
  it("asks for the page's range and lists the discounts per cashier and per product", async () => {
    const sent = stubApi({
      'GET /reports/discounts': {
        body: {
          success: true,
          data: {
            total: 1014,
            byCashier: [
              { user_id: 4, name: 'Wanjiku Cashier', sales: 3, discount: 990 },
              { user_id: 3, name: 'Musa Manager', sales: 1, discount: 24 },
            ],
            byProduct: [{ product_id: 9, name: 'Bar soap', lines: 4, discount: 1014 }],
          },
        },
      },
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <DiscountsCard range={{ start: '2026-11-01', end: '2026-11-26' }} />
      </QueryClientProvider>,
    );
    const card = await screen.findByRole('region', { name: 'Discounts given' });
    expect(await within(card).findByTestId('discounts-total')).toHaveTextContent('KSh 1,014.00');
    expect(within(card).getByTestId('report-period')).toHaveTextContent('1–26 Nov 2026');
    const cashiers = within(card).getByRole('heading', { name: 'Per cashier' }).parentElement!;
    expect(
      within(cashiers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Wanjiku Cashier (3 sales)−KSh 990.00', 'Musa Manager (1 sale)−KSh 24.00']);
    const products = within(card).getByRole('heading', { name: 'Per product' }).parentElement!;
    expect(within(products).getByRole('listitem')).toHaveTextContent(
      'Bar soap (4 lines)−KSh 1,014.00',
    );
    const call = sent.find((request) => request.path.startsWith('/reports/discounts'))!;
    expect(call.path).toContain('start=2026-11-01');
    expect(call.path).toContain('end=2026-11-26');
  });
});
