import { formatCurrency } from '@duka/shared/money/money';
import { MinusIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { CartItem } from '@/features/cart/lib/cart-math';
import { useCartStore } from '@/features/cart/stores/cart-store';

/** Spec §2 Shop: the cart's lines with their quantity and Remove, the total, 'Place Order'. */
export function ShopCart({
  placing,
  onPlaceOrder,
}: {
  placing: boolean;
  onPlaceOrder: () => void;
}) {
  const { t } = useTranslation('shop');
  const items = useCartStore((state) => state.items);
  const total = useCartStore((state) => state.total);
  return (
    <section aria-labelledby="shop-cart-title" className="flex flex-col gap-3">
      <h2 id="shop-cart-title" className="text-lg font-semibold">
        {t('cart.title')}
      </h2>
      {items.length === 0 ? (
        <p className="py-6 text-center text-slate-600 dark:text-slate-400">{t('cart.empty')}</p>
      ) : (
        <ul
          aria-label={t('cart.items')}
          className="divide-y divide-slate-200 dark:divide-slate-800"
        >
          {items.map((item) => (
            <ShopCartLine key={item.id} item={item} disabled={placing} />
          ))}
        </ul>
      )}
      <p className="flex items-center justify-between text-lg font-semibold">
        <span>{t('cart.total')}</span>
        <span data-testid="shop-cart-total">{formatCurrency(total)}</span>
      </p>
      <PlaceOrderButton placing={placing} onPlaceOrder={onPlaceOrder} />
    </section>
  );
}

export function PlaceOrderButton({
  placing,
  onPlaceOrder,
}: {
  placing: boolean;
  onPlaceOrder: () => void;
}) {
  const { t } = useTranslation('shop');
  const empty = useCartStore((state) => state.items.length === 0);
  // Nothing to order from an empty cart (issue 20): the button waits for a first item.
  return (
    <Button size="lg" className="w-full" disabled={placing || empty} onClick={onPlaceOrder}>
      {placing ? t('cart.placing') : t('cart.placeOrder')}
    </Button>
  );
}

function ShopCartLine({ item, disabled }: { item: CartItem; disabled: boolean }) {
  const { t } = useTranslation('shop');
  const updateQuantity = useCartStore((state) => state.updateQuantity);
  const removeItem = useCartStore((state) => state.removeItem);
  const name = item.product.name;
  return (
    <li className="grid gap-1 py-3" data-testid="shop-cart-line">
      <div className="flex items-start justify-between gap-2">
        <span className="font-medium">{name}</span>
        <span className="shrink-0 font-medium">
          <span className="sr-only">{t('cart.lineTotal')}: </span>
          {formatCurrency(item.total)}
        </span>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {t('cart.each', {
          price: formatCurrency(item.unit_price),
          unit: t(`units.${item.unit_type}`, { count: 1 }),
        })}
      </p>
      <div className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            className="size-9"
            aria-label={t('cart.decrease', { name })}
            disabled={disabled || item.quantity <= 1}
            onClick={() => updateQuantity(item.id, item.quantity - 1)}
          >
            <MinusIcon className="size-4" aria-hidden />
          </Button>
          <span className="min-w-16 text-center text-sm" aria-live="polite">
            {t('cart.quantity', { quantity: item.quantity })}
          </span>
          <Button
            variant="outline"
            size="icon"
            className="size-9"
            aria-label={t('cart.increase', { name })}
            disabled={disabled}
            onClick={() => updateQuantity(item.id, item.quantity + 1)}
          >
            <PlusIcon className="size-4" aria-hidden />
          </Button>
        </div>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('cart.removeNamed', { name })}
          disabled={disabled}
          onClick={() => removeItem(item.id)}
        >
          <Trash2Icon className="size-4" aria-hidden />
          {t('cart.remove')}
        </Button>
      </div>
    </li>
  );
}
