import type { Customer } from '@duka/shared/customers/customers.schemas';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/use-toast';
import { isDeliveryProduct, toCartProduct } from '@/features/cart/lib/cart-math';
import { CartBottomBar } from '@/features/cart/components/cart-bottom-bar';
import { isOutOfStock } from '@/features/cart/lib/cart-stock';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { errorMessage } from '@/lib/api-client';
import { customerName } from '@/lib/customer-name';
import { translateMessage } from '@/lib/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useMediaQuery } from '@/lib/use-media-query';
import { useCustomers } from '../api/get-customers';
import { fetchServices, searchProducts } from '../api/search-products';
import { beep } from '../lib/beep';
import type { TillOutbox } from '../lib/offline-checkout';
import { deliveryService, exactMatch, looksLikeCode, type PosProduct } from '../lib/pos-products';
import { useTillSettings } from '../stores/till-settings';
import { CartPanel } from './cart-panel';
import { CustomerSelect } from './customer-select';
import { CheckoutButton } from './checkout-button';
import { ProductGrid } from './product-grid';
import { ProductSearch } from './product-search';
import { ScanSoundToggle } from './scan-sound-toggle';

// Issue 22: 'Complete Sale' loads with the cart's first line, not with the till (its budget).
const loadCheckout = () => import('./checkout-dialog');
const CheckoutDialog = lazy(() =>
  loadCheckout().then((module) => ({ default: module.CheckoutDialog })),
);

/** The till's toasts are short (issue 20): a cashier adds the next item within seconds. */
const TILL_TOAST_MS = 2000;

/** Spec §2 Point of Sale: the cashier's screen — search, grid, customer, cart, checkout. */
export function Till({
  onSaleCompleted,
  onRecordRepayment,
  outbox,
  onSaleKept,
  onOpenShift,
}: {
  onSaleCompleted: (saleId: number) => void;
  /** Issue 21: Record repayment for the chosen customer who owes (the page's dialog). */
  onRecordRepayment?: (customer: Customer) => void;
  /** Issue 22: the device's outbox, for a sale made offline or left without an answer. */
  outbox?: TillOutbox;
  /** Issue 22: a sale kept on the device: its local receipt (by its client_sale_id). */
  onSaleKept?: (clientSaleId: string) => void;
  /** Issue 24: Open shift, asked for by the checkout when the store requires a shift. */
  onOpenShift?: () => void;
}) {
  const { t } = useTranslation('pos');
  const { toast } = useToast();
  const wide = useMediaQuery('(min-width: 768px)');
  const searchRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [checkingOut, setCheckingOut] = useState(false);
  const [cartSheetOpen, setCartSheetOpen] = useState(false);
  const addItem = useCartStore((state) => state.addItem);
  const addDelivery = useCartStore((state) => state.addDelivery);
  const cartFilled = useCartStore((state) => state.items.length > 0);

  const allCustomers = useCustomers('').data ?? [];
  // The chosen customer as the list now has them: a sale on credit or a repayment moved the debt.
  const chosen = customer && (allCustomers.find((entry) => entry.id === customer.id) ?? customer);
  const walkIn = allCustomers.find((entry) => entry.is_walk_in) ?? null;
  const saleCustomer = customer ?? walkIn;
  const checkoutCustomers =
    customer && !allCustomers.some((entry) => entry.id === customer.id)
      ? [...allCustomers, customer]
      : allCustomers;

  const debounced = useDebouncedValue(text.trim());
  // Typing settles into the grid's search after 300 ms (an Enter has set it already).
  const [settled, setSettled] = useState(debounced);
  if (settled !== debounced) {
    setSettled(debounced);
    setQuery(debounced);
    setPage(1);
  }

  // Scanner first (issue 20): the search box has the focus when the till opens.
  useEffect(() => searchRef.current?.focus(), []);
  // The checkout's code comes with the first line in the cart, ready when it is asked for.
  useEffect(() => {
    if (cartFilled) void loadCheckout().catch(() => undefined);
  }, [cartFilled]);
  // Once opened, the dialog stays mounted, so it closes (and gives focus back) as before.
  const [checkoutLoaded, setCheckoutLoaded] = useState(false);
  if (checkingOut && !checkoutLoaded) setCheckoutLoaded(true);

  const openCheckout = () => {
    if (cartFilled && saleCustomer) setCheckingOut(true);
  };
  // F2 or Ctrl+Enter opens checkout from anywhere on the till (issue 7: a checkout shortcut).
  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      const shortcut =
        event.key === 'F2' || (event.key === 'Enter' && (event.ctrlKey || event.metaKey));
      if (!shortcut || checkingOut || !cartFilled || !saleCustomer) return;
      event.preventDefault();
      setCheckingOut(true);
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  });

  const toastSearchFailed = (error: unknown) =>
    toast({
      variant: 'destructive',
      title: t('grid.searchFailed'),
      description: translateMessage(errorMessage(error, t('grid.searchFailed'))),
    });

  const handleAdd = (product: PosProduct) => {
    addItem(toCartProduct(product));
    toast({
      title: t('added.title'),
      description: t('added.description', { name: product.name, unit: t('unitWords.piece') }),
      duration: TILL_TOAST_MS,
    });
    searchRef.current?.focus();
  };

  /** A scan that adds nothing: the box is cleared for the next one, with a beep and why. */
  const refuseScan = (title: string) => {
    setText('');
    setQuery('');
    if (useTillSettings.getState().beep) beep();
    toast({ variant: 'destructive', title, duration: TILL_TOAST_MS });
    searchRef.current?.focus();
  };

  const handleSubmit = async (typed: string) => {
    const value = typed.trim();
    setQuery(value);
    setPage(1);
    if (!value) return;
    try {
      const match = exactMatch(await searchProducts(value), value);
      if (!match) {
        if (looksLikeCode(value)) refuseScan(t('search.notFound', { code: value }));
        return;
      }
      if (isOutOfStock(match)) {
        refuseScan(t('stock.out', { name: match.name }));
        return;
      }
      if (isDeliveryProduct(match)) addDelivery(toCartProduct(match));
      else handleAdd(match);
      setText('');
      setQuery('');
      searchRef.current?.focus();
    } catch (error) {
      toastSearchFailed(error);
    }
  };

  const handleAddDelivery = async () => {
    try {
      const delivery = deliveryService(await fetchServices());
      if (!delivery) {
        toast({ variant: 'destructive', title: t('cart.deliveryMissing') });
        return;
      }
      addDelivery(toCartProduct(delivery));
      searchRef.current?.focus();
    } catch (error) {
      toastSearchFailed(error);
    }
  };

  const cartPanel = (
    <CartPanel
      customerName={saleCustomer ? customerName(saleCustomer) : null}
      onAddDelivery={() => void handleAddDelivery()}
      onCheckout={openCheckout}
    />
  );

  return (
    <div className="grid gap-4 pb-36 md:pb-0">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
        <div className="w-full md:w-auto md:min-w-96">
          <CustomerSelect
            value={chosen}
            onChange={setCustomer}
            onRecordRepayment={onRecordRepayment}
          />
        </div>
      </header>
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <section aria-label={t('grid.label')} className="grid min-w-0 flex-1 gap-4">
          <div className="flex items-center gap-2">
            <div className="min-w-0 flex-1">
              <ProductSearch
                ref={searchRef}
                value={text}
                onChange={setText}
                onSubmit={(value) => void handleSubmit(value)}
              />
            </div>
            <ScanSoundToggle />
          </div>
          <ProductGrid query={query} page={page} onPageChange={setPage} onAdd={handleAdd} />
        </section>
        {wide && (
          <aside className="sticky top-28 w-80 shrink-0 rounded-lg border border-slate-200 p-4 lg:w-96 dark:border-slate-800">
            {cartPanel}
          </aside>
        )}
      </div>
      {!wide && (
        <CartBottomBar
          open={cartSheetOpen}
          onOpenChange={setCartSheetOpen}
          labels={{
            view: (count) => t('cart.view', { count }),
            total: t('cart.total'),
            title: t('cart.title'),
            description: t('cart.items'),
          }}
          action={
            <CheckoutButton
              customerResolved={saleCustomer !== null}
              onCheckout={() => {
                setCartSheetOpen(false);
                openCheckout();
              }}
            />
          }
          testId="mobile-cart-bar"
          totalTestId="mobile-cart-total"
        >
          {cartPanel}
        </CartBottomBar>
      )}
      {checkoutLoaded && (
        <Suspense fallback={null}>
          <CheckoutDialog
            open={checkingOut}
            onOpenChange={setCheckingOut}
            customers={checkoutCustomers}
            defaultCustomerId={saleCustomer?.id ?? null}
            onSaleCompleted={onSaleCompleted}
            outbox={outbox}
            onSaleKept={onSaleKept}
            onOpenShift={onOpenShift}
          />
        </Suspense>
      )}
    </div>
  );
}
