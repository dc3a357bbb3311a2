import { formatCurrency } from '@duka/shared/money/money';
import { ShoppingCartIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { CheckoutButton } from './checkout-button';

/**
 * Below 768 px the cart is a bottom sheet; the total and the checkout button stay in a sticky
 * bar at the bottom of the screen, so a phone never scrolls to find them.
 */
export function MobileCartBar({
  customerResolved,
  onCheckout,
  children,
}: {
  customerResolved: boolean;
  onCheckout: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('pos');
  const [open, setOpen] = useState(false);
  const total = useCartStore((state) => state.total);
  const count = useCartStore((state) => state.items.length);
  const checkout = () => {
    setOpen(false);
    onCheckout();
  };
  return (
    <>
      <div
        data-testid="mobile-cart-bar"
        className="fixed inset-x-0 bottom-0 z-40 grid gap-2 border-t border-slate-200 bg-white p-3 shadow-lg dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex items-center justify-between gap-2">
          <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
            <ShoppingCartIcon className="size-4" aria-hidden />
            {t('cart.view', { count })}
          </Button>
          <p className="font-semibold">
            <span className="sr-only">{t('cart.total')}: </span>
            <span data-testid="mobile-cart-total">{formatCurrency(total)}</span>
          </p>
        </div>
        <CheckoutButton customerResolved={customerResolved} onCheckout={checkout} />
      </div>
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetContent className="inset-x-0 top-auto bottom-0 left-0 h-auto max-h-[85dvh] w-full max-w-none overflow-y-auto rounded-t-xl border-t border-r-0 pb-6">
          <SheetTitle className="sr-only">{t('cart.title')}</SheetTitle>
          <SheetDescription className="sr-only">{t('cart.items')}</SheetDescription>
          {children}
        </SheetContent>
      </Sheet>
    </>
  );
}
