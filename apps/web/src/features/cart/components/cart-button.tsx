import { ShoppingCartIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useCartStore } from '../stores/cart-store';
import { CartDialog } from './cart-dialog';

/** Navigation bar cart: the badge counts item lines, not units (spec §9). */
export function CartButton() {
  const { t } = useTranslation('navigation');
  const lineCount = useCartStore((state) => state.items.length);
  const [open, setOpen] = useState(false);

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={t('cart')}
        onClick={() => setOpen(true)}
      >
        <ShoppingCartIcon />
        {lineCount > 0 && (
          <span
            data-testid="cart-count"
            className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs leading-5 font-semibold text-white"
          >
            {lineCount}
          </span>
        )}
      </Button>
      <CartDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
