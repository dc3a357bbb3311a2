import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartProduct } from '../lib/cart-math';
import { useCartStore } from '../stores/cart-store';
import { CartDialog } from './cart-dialog';

const rice: CartProduct = {
  id: 1,
  name: 'Pishori rice',
  selling_price: '250',
  stock_unit: 'piece',
};
const nameless: CartProduct = { id: 2, name: '', selling_price: '99.5', stock_unit: 'piece' };

function renderDialog() {
  render(<CartDialog open onOpenChange={vi.fn()} />);
  return screen.getByRole('dialog', { name: 'Your Cart' });
}

beforeEach(() => {
  useCartStore.getState().clearCart();
});

describe('Your Cart dialog (spec §2)', () => {
  it('says the cart is empty and offers no Clear Cart', () => {
    const dialog = renderDialog();
    expect(within(dialog).getByText('Your cart is empty.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Clear Cart' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it("lists 'name x quantity' ('Unknown' without a name), removes a line and shows the total", async () => {
    useCartStore.getState().addItem(rice);
    useCartStore.getState().addItem(rice);
    useCartStore.getState().addItem(nameless);
    const dialog = renderDialog();

    expect(within(dialog).getByText('Pishori rice x 2')).toBeInTheDocument();
    expect(within(dialog).getByText('Unknown x 1')).toBeInTheDocument();
    expect(within(dialog).getByText('Total: KSh 599.50')).toBeInTheDocument();

    const unknownLine = within(dialog).getByText('Unknown x 1').closest('li')!;
    await userEvent.click(within(unknownLine).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).queryByText('Unknown x 1')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Total: KSh 500.00')).toBeInTheDocument();
  });

  it('clears the cart only when the confirmation is accepted', async () => {
    useCartStore.getState().addItem(rice);
    renderDialog();

    await userEvent.click(screen.getByRole('button', { name: 'Clear Cart' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Clear cart?' });
    expect(
      within(confirm).getByText('Are you sure you want to remove all items from your cart?'),
    ).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(useCartStore.getState().items).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Clear Cart' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Clear cart?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, clear it!' }));
    expect(useCartStore.getState().items).toEqual([]);
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
  });
});
