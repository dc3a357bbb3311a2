import { formatCurrency } from '@duka/shared/money/money';
import { ShoppingCartIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { PlaceOrderButton } from './shop-cart';

/**
 * Below 768 px the cart is a bottom sheet; its total and 'Place Order' stay in a bar fixed to
 * the bottom of the screen, so a phone never scrolls to find them (as the till's cart bar).
 */
export function ShopMobileCartBar({
  open,
  onOpenChange,
  placing,
  onPlaceOrder,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  placing: boolean;
  onPlaceOrder: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('shop');
  const total = useCartStore((state) => state.total);
  const count = useCartStore((state) => state.items.length);
  return (
    <>
      <div
        data-testid="shop-mobile-cart-bar"
        className="fixed inset-x-0 bottom-0 z-40 grid gap-2 border-t border-slate-200 bg-white p-3 shadow-lg dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex items-center justify-between gap-2">
          <Button variant="outline" size="sm" onClick={() => onOpenChange(true)}>
            <ShoppingCartIcon className="size-4" aria-hidden />
            {t('cart.view', { count })}
          </Button>
          <p className="font-semibold">
            <span className="sr-only">{t('cart.total')}: </span>
            <span data-testid="shop-mobile-cart-total">{formatCurrency(total)}</span>
          </p>
        </div>
        <PlaceOrderButton placing={placing} onPlaceOrder={onPlaceOrder} />
      </div>
      <Sheet open={open} onOpenChange={onOpenChange}>
        <SheetContent className="inset-x-0 top-auto bottom-0 left-0 h-auto max-h-[85dvh] w-full max-w-none overflow-y-auto rounded-t-xl border-t border-r-0 pb-6">
          <SheetTitle className="sr-only">{t('cart.title')}</SheetTitle>
          <SheetDescription className="sr-only">{t('cart.items')}</SheetDescription>
          {children}
        </SheetContent>
      </Sheet>
    </>
  );
}
