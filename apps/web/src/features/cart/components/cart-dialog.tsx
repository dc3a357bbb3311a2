import { formatCurrency } from '@duka/shared/money/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation(['cart', 'common']);
  const items = useCartStore((state) => state.items);
  const total = useCartStore((state) => state.total);
  const removeItem = useCartStore((state) => state.removeItem);
  const clearCart = useCartStore((state) => state.clearCart);
  const [confirmingClear, setConfirmingClear] = useState(false);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription className="sr-only">{t('description')}</DialogDescription>
        </DialogHeader>
        {items.length === 0 ? (
          <p className="py-4 text-center text-slate-500 dark:text-slate-400">{t('empty')}</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-200 dark:divide-slate-800">
              {items.map((item) => (
                <li key={item.id} className="flex items-center justify-between gap-4 py-2">
                  <span>
                    {t('line', {
                      name: item.product.name || t('unknownProduct'),
                      quantity: item.quantity,
                    })}
                  </span>
                  <Button variant="outline" size="sm" onClick={() => removeItem(item.id)}>
                    {t('common:actions.remove')}
                  </Button>
                </li>
              ))}
            </ul>
            <p className="text-right text-lg font-semibold">
              {t('total', { amount: formatCurrency(total) })}
            </p>
          </>
        )}
        <DialogFooter>
          {items.length > 0 && (
            <Button variant="destructive" onClick={() => setConfirmingClear(true)}>
              {t('clear')}
            </Button>
          )}
          <DialogClose asChild>
            <Button variant="outline">{t('common:actions.close')}</Button>
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
