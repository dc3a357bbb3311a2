import { formatCurrency } from '@duka/shared/money/money';
import { ShoppingCartIcon } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { useCartStore } from '../stores/cart-store';

/** The bar's height, read by the toast viewport (components/ui/toast.tsx). */
const CART_BAR_HEIGHT = '--cart-bar-height';

/** The words of a cart bottom bar, from the namespace of the page that shows it. */
export interface CartBottomBarLabels {
  /** The button that opens the sheet, given the number of lines in the cart. */
  view: (count: number) => string;
  /** Read before the total by screen readers. */
  total: string;
  /** The sheet's (visually hidden) title and description. */
  title: string;
  description: string;
}

/**
 * Below 768 px the cart is a bottom sheet; its total and the page's action (the till's checkout,
 * the shop's 'Place Order') stay in a bar fixed to the bottom of the screen, so a phone never
 * scrolls to find them.
 */
export function CartBottomBar({
  open,
  onOpenChange,
  labels,
  action,
  testId,
  totalTestId,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  labels: CartBottomBarLabels;
  /** The bar's main button, below the total. */
  action: ReactNode;
  testId: string;
  totalTestId: string;
  /** The cart itself, shown in the sheet. */
  children: ReactNode;
}) {
  const total = useCartStore((state) => state.total);
  const count = useCartStore((state) => state.items.length);
  const bar = useRef<HTMLDivElement>(null);
  // Toasts sit above the bar (issue 20), so 'Proceed to Checkout' is never covered.
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty(CART_BAR_HEIGHT, `${element.offsetHeight}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(CART_BAR_HEIGHT);
    };
  }, []);
  return (
    <>
      <div
        ref={bar}
        data-testid={testId}
        className="fixed inset-x-0 bottom-0 z-40 grid gap-2 border-t border-slate-200 bg-white p-3 shadow-lg dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex items-center justify-between gap-2">
          <Button variant="outline" size="sm" onClick={() => onOpenChange(true)}>
            <ShoppingCartIcon className="size-4" aria-hidden />
            {labels.view(count)}
          </Button>
          <p className="font-semibold">
            <span className="sr-only">{labels.total}: </span>
            <span data-testid={totalTestId}>{formatCurrency(total)}</span>
          </p>
        </div>
        {action}
      </div>
      <Sheet open={open} onOpenChange={onOpenChange}>
        <SheetContent className="inset-x-0 top-auto bottom-0 left-0 h-auto max-h-[85dvh] w-full max-w-none overflow-y-auto rounded-t-xl border-t border-r-0 pb-6">
          <SheetTitle className="sr-only">{labels.title}</SheetTitle>
          <SheetDescription className="sr-only">{labels.description}</SheetDescription>
          {children}
        </SheetContent>
      </Sheet>
    </>
  );
}
