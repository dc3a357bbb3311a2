import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useCartStore } from '@/features/cart/stores/cart-store';

/** 'Proceed to Checkout', or 'Select Customer First' when no customer can be resolved. */
export function CheckoutButton({
  customerResolved,
  onCheckout,
}: {
  customerResolved: boolean;
  onCheckout: () => void;
}) {
  const { t } = useTranslation('pos');
  const empty = useCartStore((state) => state.items.length === 0);
  return (
    <Button className="w-full" disabled={empty || !customerResolved} onClick={onCheckout}>
      {customerResolved ? t('cart.checkout') : t('cart.selectCustomer')}
    </Button>
  );
}
