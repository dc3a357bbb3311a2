import type { ProductImportResult } from '@duka/shared/products/products-csv.schemas';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { ProductImportExport } from './product-import-export';

const BAD = 'sku,name,piece_selling_price\nUNGA-2,Unga 2kg,195\nSODA-1,Soda,-5\nSUG-1,Sukari,150\n';
const GOOD = BAD.replace('-5', '60');

function resultFor(csv: string, commit: boolean): ProductImportResult {
  const bad = csv.includes('-5');
  return {
    committed: commit,
    total: 3,
    created: bad ? 2 : 3,
    updated: 0,
    errors: bad
      ? [
          {
            row: 3,
            field: 'piece_selling_price',
            message: 'Piece Selling Price cannot be negative',
          },
        ]
      : [],
    preview: [
      { row: 2, sku: 'UNGA-2', name: 'Unga 2kg', action: 'create' },
      { row: 3, sku: 'SODA-1', name: 'Soda', action: 'create' },
      { row: 4, sku: 'SUG-1', name: 'Sukari', action: 'create' },
    ],
  };
}

let calls: { csv: string; commit: boolean }[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/auth/csrf-token')) return Response.json({ token: 'token' });
      const body = JSON.parse(init?.body as string) as { csv: string; commit: boolean };
      calls.push(body);
      return Response.json({ data: resultFor(body.csv, body.commit) });
    }),
  );
});

function renderToolbar() {
  const queryClient = createQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <QueryClientProvider client={queryClient}>
      <ProductImportExport />
    </QueryClientProvider>,
  );
  return { invalidate };
}

// jsdom's File has no text(); the browser's does.
const csvFile = (text: string) =>
  Object.assign(new File([text], 'products.csv', { type: 'text/csv' }), {
    text: () => Promise.resolve(text),
  });

describe('ProductImportExport', () => {
  it('offers the export as a download link', () => {
    renderToolbar();
    const link = screen.getByRole('link', { name: 'Export' });
    expect(link).toHaveAttribute('href', '/api/products/export.csv');
    expect(link).toHaveAttribute('download');
  });

  it('previews a file, lists its problems, and imports only a file without any', async () => {
    const user = userEvent.setup();
    const { invalidate } = renderToolbar();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import products' });
    expect(within(dialog).getByRole('link', { name: 'Download template' })).toHaveAttribute(
      'href',
      '/api/products/import-template.csv',
    );

    await user.upload(within(dialog).getByLabelText('CSV file'), csvFile(BAD));
    const problems = await within(dialog).findByRole('table', { name: 'Problems in the file' });
    expect(within(problems).getByText('Piece Selling Price cannot be negative')).toBeVisible();
    expect(within(problems).getByText('piece_selling_price')).toBeVisible();
    expect(within(dialog).getByText('Problems to fix before importing: 1')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Import 2 products' })).toBeDisabled();
    expect(calls).toEqual([{ csv: BAD, commit: false }]);

    await user.upload(within(dialog).getByLabelText('CSV file'), csvFile(GOOD));
    const submit = await within(dialog).findByRole('button', { name: 'Import 3 products' });
    expect(within(dialog).getByText('No problems found.', { exact: false })).toBeVisible();
    expect(submit).toBeEnabled();
    await user.click(submit);

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.at(-1)).toEqual({ csv: GOOD, commit: true });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['products'] });
  });
});
