import { formatCurrency } from '@duka/shared/money/money';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useCartStore } from '../stores/cart-store';
import { ClearCartDialog } from './clear-cart-dialog';

interface CartDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CartDialog({ open, onOpenChange }: CartDialogProps) {
  const items = useCartStore((state) => state.items);
  const total = useCartStore((state) => state.total);
  const removeItem = useCartStore((state) => state.removeItem);
  const clearCart = useCartStore((state) => state.clearCart);
  const [confirmingClear, setConfirmingClear] = useState(false);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Your Cart</DialogTitle>
          <DialogDescription className="sr-only">The items in your cart.</DialogDescription>
        </DialogHeader>
        {items.length === 0 ? (
          <p className="py-4 text-center text-slate-500 dark:text-slate-400">Your cart is empty.</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-200 dark:divide-slate-800">
              {items.map((item) => (
                <li key={item.id} className="flex items-center justify-between gap-4 py-2">
                  <span>
                    {item.product.name || 'Unknown'} x {item.quantity}
                  </span>
                  <Button variant="outline" size="sm" onClick={() => removeItem(item.id)}>
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
            <p className="text-right text-lg font-semibold">Total: {formatCurrency(total)}</p>
          </>
        )}
        <DialogFooter>
          {items.length > 0 && (
            <Button variant="destructive" onClick={() => setConfirmingClear(true)}>
              Clear Cart
            </Button>
          )}
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
        <ClearCartDialog
          open={confirmingClear}
          onOpenChange={setConfirmingClear}
          onConfirm={clearCart}
        />
      </DialogContent>
    </Dialog>
  );
}
