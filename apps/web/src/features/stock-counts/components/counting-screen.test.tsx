import type { Role } from '@duka/shared/auth/roles';
import { COUNT_MESSAGES } from '@duka/shared/stock-counts/stock-counts.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { RoleContext } from '@/lib/use-can';
import { stubApi, type ApiReply, type SentRequest } from '@/test/api-stub';
import { JOGOO, KABRAS, KABRAS_LINE, KASUKU, OPEN_COUNT } from '../lib/count-fixtures';
import { CountingScreen } from './counting-screen';

afterEach(() => vi.unstubAllGlobals());

/** GET /products/search as the server answers: an exact code alone, else names that hold q. */
function search(request: SentRequest): ApiReply {
  const q = new URLSearchParams(request.path.split('?')[1]).get('q')!.toLowerCase();
  const products = [JOGOO, KABRAS, KASUKU];
  const exact = products.filter((p) => p.barcode === q || p.sku.toLowerCase() === q);
  const data = exact.length ? exact : products.filter((p) => p.name.toLowerCase().includes(q));
  return { body: { data } };
}

const savedLine = (body: SentRequest['body']) => {
  const [line] = (
    body as { lines: { product_id: number; counted_quantity: number; unit_type: string }[] }
  ).lines;
  const pieces = line!.unit_type === 'pack' ? line!.counted_quantity * 12 : line!.counted_quantity;
  return {
    body: {
      success: true,
      data: [
        {
          ...KABRAS_LINE,
          product_id: line!.product_id,
          unit_type: line!.unit_type,
          counted_quantity: line!.counted_quantity,
          counted_pieces: pieces,
          counted_at: '2026-11-26T06:15:00.000Z',
        },
      ],
    },
  };
};

function renderScreen(role: Role = 'sales', count = OPEN_COUNT) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RoleContext.Provider value={role}>
        <CountingScreen count={count} onBack={() => undefined} onRefresh={() => undefined} />
      </RoleContext.Provider>
    </QueryClientProvider>,
  );
}

const scanField = () => screen.getByLabelText('Scan or type a barcode, SKU or name');

describe('the counting screen (issue 25)', () => {
  it('scan → product → quantity in packs → Enter sends that one line, and the scan field has the focus again', async () => {
    const sent = stubApi({
      'GET /products/search': search,
      'PUT /stock-counts/3/lines': (r) => savedLine(r.body),
    });
    renderScreen();
    expect(scanField()).toHaveFocus();
    expect(screen.getByText('Counted 1 of 12')).toBeInTheDocument();

    // What a scanner sends: the code and Enter.
    await userEvent.type(scanField(), '6161101600019{Enter}');
    const form = await screen.findByRole('form', { name: 'Jogoo Maize Flour 2kg' });
    const quantity = within(form).getByLabelText('Quantity counted');
    expect(quantity).toHaveFocus();
    expect(quantity).toHaveAttribute('inputmode', 'numeric');
    // Pieces, its packs of 12 and dozens (it is sold by the dozen).
    expect(
      within(form)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['piece', 'pack', 'dozen']);

    await userEvent.type(quantity, '2');
    await userEvent.click(within(form).getByRole('radio', { name: 'Packs of 12' }));
    await userEvent.type(quantity, '{Enter}');

    await vi.waitFor(() => expect(scanField()).toHaveFocus());
    const put = sent.filter((call) => call.method === 'PUT');
    expect(put).toEqual([
      {
        method: 'PUT',
        path: '/stock-counts/3/lines',
        body: { lines: [{ product_id: 1, counted_quantity: 2, unit_type: 'pack' }] },
      },
    ]);
    expect(screen.queryByRole('form', { name: 'Jogoo Maize Flour 2kg' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Saved: Jogoo Maize Flour 2kg, 2 packs.');
    const device = screen.getByRole('list', { name: 'Counted on this device' });
    expect(device).toHaveTextContent('Jogoo Maize Flour 2kg');
    expect(device).toHaveTextContent('2 packs (24 pcs) at 09:15');
  });

  it('a name shows matches to pick; a product counted before says so with its earlier quantity', async () => {
    const sent = stubApi({
      'GET /products/search': search,
      'PUT /stock-counts/3/lines': (r) => savedLine(r.body),
    });
    renderScreen();
    await userEvent.type(scanField(), 'sugar');
    const matches = await screen.findByRole('list', { name: 'Matching products' });
    await userEvent.click(within(matches).getByRole('button', { name: 'Count Kabras Sugar 2kg' }));

    const form = screen.getByRole('form', { name: 'Kabras Sugar 2kg' });
    expect(form).toHaveTextContent(
      'Already counted: 5 pcs by Wanjiku Cashier at 08:02. Saving replaces that count.',
    );
    // Pieces only: no pack of more than one, no dozen.
    expect(within(form).getAllByRole('radio')).toHaveLength(1);
    await userEvent.type(within(form).getByLabelText('Quantity counted'), '4');
    await userEvent.click(within(form).getByRole('button', { name: 'Save and next' }));
    await vi.waitFor(() => expect(scanField()).toHaveFocus());
    expect(sent.find((call) => call.method === 'PUT')!.body).toEqual({
      lines: [{ product_id: 2, counted_quantity: 4, unit_type: 'piece' }],
    });
  });

  it('corrects a line counted on this device: Count again fills in what was counted', async () => {
    const sent = stubApi({
      'GET /products/search': search,
      'PUT /stock-counts/3/lines': (r) => savedLine(r.body),
    });
    renderScreen();
    await userEvent.type(scanField(), 'UNG-JOG2{Enter}');
    await userEvent.type(await screen.findByLabelText('Quantity counted'), '30{Enter}');
    await vi.waitFor(() => expect(scanField()).toHaveFocus());

    await userEvent.click(
      screen.getByRole('button', { name: 'Count Jogoo Maize Flour 2kg again' }),
    );
    const quantity = screen.getByLabelText('Quantity counted');
    expect(quantity).toHaveValue('30');
    expect(quantity).toHaveFocus();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '29{Enter}');
    await vi.waitFor(() => expect(scanField()).toHaveFocus());
    expect(sent.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { lines: [{ product_id: 1, counted_quantity: 30, unit_type: 'piece' }] },
      { lines: [{ product_id: 1, counted_quantity: 29, unit_type: 'piece' }] },
    ]);
    // One line per product on this device: the correction replaced it.
    const device = screen.getByRole('list', { name: 'Counted on this device' });
    expect(within(device).getAllByRole('listitem')).toHaveLength(1);
    expect(device).toHaveTextContent('29 pcs');
  });

  it('says plainly what cannot be counted: a product outside the categories, a code that matches nothing, a bad quantity', async () => {
    const sent = stubApi({ 'GET /products/search': search });
    renderScreen();
    await userEvent.type(scanField(), '6161102300017{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('This product is not in the count');
    expect(screen.queryByLabelText('Quantity counted')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Scan another product' }));
    expect(scanField()).toHaveFocus();

    await userEvent.type(scanField(), '999000111{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('No product matches “999000111”.');

    await userEvent.clear(scanField());
    await userEvent.type(scanField(), 'SUG-KAB2{Enter}');
    await userEvent.type(await screen.findByLabelText('Quantity counted'), '2.5{Enter}');
    expect(
      screen.getByText('Type the quantity counted as a whole number (0 or more).'),
    ).toBeVisible();
    expect(sent.some((call) => call.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusals: not in the count, and a count finished meanwhile with its report", async () => {
    let reply: ApiReply = {
      status: 400,
      body: {
        message: 'Validation failed',
        code: 'validation',
        errors: [{ path: 'lines.0.product_id', message: COUNT_MESSAGES.notInCount }],
      },
    };
    stubApi({ 'GET /products/search': search, 'PUT /stock-counts/3/lines': () => reply });
    const onRefresh = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RoleContext.Provider value="sales">
          <CountingScreen
            count={{ ...OPEN_COUNT, categories: null }}
            onBack={() => undefined}
            onRefresh={onRefresh}
          />
        </RoleContext.Provider>
      </QueryClientProvider>,
    );
    await userEvent.type(scanField(), 'UNG-JOG2{Enter}');
    const quantity = await screen.findByLabelText('Quantity counted');
    await userEvent.type(quantity, '3{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('This product is not in the count');
    expect(quantity).toHaveFocus();

    reply = { status: 409, body: { message: COUNT_MESSAGES.finished, code: 'count.finished' } };
    await userEvent.type(quantity, '{Enter}');
    const alert = await screen.findByText('This count is already finished');
    await userEvent.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', {
        name: 'See the variance report',
      }),
    );
    expect(onRefresh).toHaveBeenCalled();
    // Counting is every staff member's; finishing is the managers'.
    expect(screen.queryByRole('button', { name: 'Finish count' })).not.toBeInTheDocument();
  });
});
