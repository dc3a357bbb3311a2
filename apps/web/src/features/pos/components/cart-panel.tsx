import { formatCurrency } from '@duka/shared/money/money';
import { TruckIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ClearCartDialog } from '@/features/cart/components/clear-cart-dialog';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { focusTillSearch } from '../lib/till-focus';
import { CartLine } from './cart-line';
import { CheckoutButton } from './checkout-button';

interface CartPanelProps {
  customerName: string | null;
  onAddDelivery: () => void;
  onCheckout: () => void;
}

/** Spec §2: 'Current Sale' — customer, lines, delivery, total, checkout, clear. */
export function CartPanel({ customerName, onAddDelivery, onCheckout }: CartPanelProps) {
  const { t } = useTranslation('pos');
  const items = useCartStore((state) => state.items);
  const total = useCartStore((state) => state.total);
  const clearCart = useCartStore((state) => state.clearCart);
  const [confirmingClear, setConfirmingClear] = useState(false);

  return (
    <section aria-labelledby="pos-cart-title" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="pos-cart-title" className="text-lg font-semibold">
          {t('cart.title')}
        </h2>
        {items.length > 0 && (
          <Button variant="outline" size="sm" onClick={() => setConfirmingClear(true)}>
            {t('cart.clear')}
          </Button>
        )}
      </div>
      {customerName && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('cart.customer', { name: customerName })}
        </p>
      )}
      {items.length === 0 ? (
        <p className="py-6 text-center text-slate-600 dark:text-slate-400">{t('cart.empty')}</p>
      ) : (
        <ul
          aria-label={t('cart.items')}
          className="divide-y divide-slate-200 dark:divide-slate-800"
        >
          {items.map((item) => (
            <CartLine key={item.id} item={item} />
          ))}
        </ul>
      )}
      <Button variant="outline" size="sm" onClick={onAddDelivery}>
        <TruckIcon className="size-4" aria-hidden />
        {t('cart.addDelivery')}
      </Button>
      <p className="flex items-center justify-between text-lg font-semibold">
        <span>{t('cart.total')}</span>
        <span data-testid="cart-total">{formatCurrency(total)}</span>
      </p>
      <CheckoutButton customerResolved={customerName !== null} onCheckout={onCheckout} />
      {/* A phone till has no keyboard to use the shortcut with. */}
      <p className="hidden text-xs text-slate-600 md:block dark:text-slate-400">
        {t('cart.shortcut')}
      </p>
      <ClearCartDialog
        open={confirmingClear}
        onOpenChange={setConfirmingClear}
        onConfirm={clearCart}
        onCloseAutoFocus={focusTillSearch}
      />
    </section>
  );
}
