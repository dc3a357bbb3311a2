import type { Order, PlaceOrderFormOutput } from '@duka/shared/orders/orders.schemas';
import type { ShopperProduct } from '@duka/shared/products/products.schemas';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { CartBottomBar } from '@/features/cart/components/cart-bottom-bar';
import { toCartProduct } from '@/features/cart/lib/cart-math';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { useMediaQuery } from '@/lib/use-media-query';
import { useCreateOrder } from '../api/create-order';
import { orderErrorMessage } from '../lib/order-errors';
import { canAddToCart, orderLines } from '../lib/shop-products';
import { MyOrders } from './my-orders';
import { PlaceOrderButton, ShopCart } from './shop-cart';
import { ShopProductGrid } from './shop-product-grid';

// The form and its rules load when a shopper first presses Place Order, not with the shop
// (its page budget: ARCHITECTURE.md).
const PlaceOrderDialog = lazy(async () => ({
  default: (await import('./place-order-dialog')).PlaceOrderDialog,
}));

/**
 * Spec §2 Shop (/shop), PRODUCT.md §5: the store's products, the cart the till shares, 'Place
 * Order', and the orders I placed with their status.
 */
export function Shop() {
  const { t } = useTranslation('shop');
  const wide = useMediaQuery('(min-width: 768px)');
  const [cartOpen, setCartOpen] = useState(false);
  const addItem = useCartStore((state) => state.addItem);
  const clearCart = useCartStore((state) => state.clearCart);
  const total = useCartStore((state) => state.total);
  const createOrder = useCreateOrder();
  const placing = createOrder.isPending;

  const handleAdd = (product: ShopperProduct) => {
    if (!canAddToCart(product)) {
      toast({
        variant: 'destructive',
        title: t('add.invalidTitle'),
        description: t('add.invalidDescription'),
      });
      return;
    }
    addItem(toCartProduct(product));
    toast({ title: t('add.title'), description: t('add.description', { name: product.name }) });
  };

  const failed = (error: unknown) =>
    toast({
      variant: 'destructive',
      title: t('order.failed'),
      description: orderErrorMessage(error),
    });

  // 'Place Order' opens the dialog that asks for the phone and pickup or delivery (issue 20).
  const [ordering, setOrdering] = useState(false);
  const [placed, setPlaced] = useState<Order | null>(null);
  const handlePlaceOrder = () => {
    if (placing || useCartStore.getState().items.length === 0) return;
    setPlaced(null);
    setOrdering(true);
  };

  const confirmOrder = (details: PlaceOrderFormOutput) => {
    if (placing) return;
    let lines;
    try {
      lines = orderLines(useCartStore.getState().items);
    } catch (error) {
      failed(error);
      return;
    }
    createOrder.mutate(
      { items: lines, ...details },
      {
        onSuccess: (order) => {
          clearCart();
          setCartOpen(false);
          setPlaced(order);
          toast({ title: t('order.placedTitle'), description: t('order.placedDescription') });
        },
        onError: failed,
      },
    );
  };

  const cart = <ShopCart placing={placing} onPlaceOrder={handlePlaceOrder} />;

  return (
    <div className="grid gap-8 pb-36 md:pb-0">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
        <a
          href="#my-orders"
          className="rounded-sm text-sm font-medium text-emerald-800 underline underline-offset-4 focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:outline-none dark:text-emerald-300"
        >
          {t('orders.jump')}
        </a>
      </header>
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <ShopProductGrid onAdd={handleAdd} />
        {wide && (
          // Below the sticky navigation bar (two rows, about 6 rem), scrolling inside when long.
          <aside className="sticky top-28 max-h-[calc(100dvh-8rem)] w-72 shrink-0 overflow-y-auto rounded-lg border border-slate-200 p-4 lg:w-80 dark:border-slate-800">
            {cart}
          </aside>
        )}
      </div>
      <MyOrders />
      {ordering && (
        <Suspense fallback={null}>
          <PlaceOrderDialog
            open={ordering}
            onOpenChange={setOrdering}
            total={total}
            placing={placing}
            placed={placed}
            onConfirm={confirmOrder}
          />
        </Suspense>
      )}
      {!wide && (
        <CartBottomBar
          open={cartOpen}
          onOpenChange={setCartOpen}
          labels={{
            view: (count) => t('cart.view', { count }),
            total: t('cart.total'),
            title: t('cart.title'),
            description: t('cart.items'),
          }}
          action={<PlaceOrderButton placing={placing} onPlaceOrder={handlePlaceOrder} />}
          testId="shop-mobile-cart-bar"
          totalTestId="shop-mobile-cart-total"
        >
          {cart}
        </CartBottomBar>
      )}
    </div>
  );
}
