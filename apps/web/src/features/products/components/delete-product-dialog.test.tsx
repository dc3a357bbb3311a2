import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, useToast } from '@/components/ui/use-toast';
import { buildProduct } from '../lib/product-fixtures';
import { fakeApi, renderWithRole } from '../lib/product-test-server';
import { DeleteProductDialog } from './delete-product-dialog';

afterEach(() => act(() => clearToasts()));

function renderDelete() {
  const onOpenChange = vi.fn();
  const onDeleted = vi.fn();
  const toasts = renderHook(() => useToast()).result;
  renderWithRole(
    'manager',
    <DeleteProductDialog
      product={buildProduct()}
      onOpenChange={onOpenChange}
      onDeleted={onDeleted}
    />,
  );
  return { toasts, onDeleted };
}

describe('DeleteProductDialog (spec §8 Products)', () => {
  it('asks first, then says the product was deleted', async () => {
    const sent = fakeApi({ 'DELETE /products/7': { body: { success: true, deactivated: false } } });
    const { toasts, onDeleted } = renderDelete();
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('Do you really want to delete this product?');
    expect(sent).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({ description: 'Product deleted successfully' }),
      ]),
    );
    expect(sent.map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /products/7']);
    expect(onDeleted).toHaveBeenCalledOnce();
  });

  it('adds that a product with stock history was deactivated instead', async () => {
    fakeApi({ 'DELETE /products/7': { body: { success: true, deactivated: true } } });
    const { toasts } = renderDelete();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() =>
      expect(toasts.current.toasts).toEqual([
        expect.objectContaining({
          description:
            'Product deleted successfully\nIt has stock history, so it was deactivated instead.',
        }),
      ]),
    );
  });

  it("shows 'Failed to delete product' with the server's message in a dialog", async () => {
    fakeApi({ 'DELETE /products/7': { status: 404, body: { message: 'Product not found' } } });
    const { onDeleted } = renderDelete();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const failure = await screen.findByRole('alertdialog', { name: 'Failed to delete product' });
    expect(failure).toHaveTextContent('Product not found');
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
