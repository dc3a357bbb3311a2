import { cva, type VariantProps } from 'class-variance-authority';
import { XIcon } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      // Radix draws the viewport as an <ol>, but each toast is a role="status" live region, not
      // a list item: a list whose items are not list items is a serious axe finding whenever a
      // toast shows. As a plain group it holds the toasts without claiming to be a list.
      role="group"
      className={cn(
        // Issue 20: never over the cart's checkout button — top-right from 768 px, and on a
        // phone at the bottom, above the cart bar when a page has one (--cart-bar-height). The
        // empty viewport lets clicks through to what is under it.
        'pointer-events-none fixed inset-x-0 bottom-[var(--cart-bar-height,0px)] z-[100] flex max-h-screen w-full flex-col p-4 md:inset-x-auto md:top-0 md:right-0 md:bottom-auto md:max-w-[420px]',
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-center justify-between gap-4 overflow-hidden rounded-md border p-4 pr-8 shadow-lg transition-all data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none data-[state=closed]:opacity-0',
  {
    variants: {
      variant: {
        default:
          'border-slate-200 bg-white text-slate-900 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100',
        destructive: 'border-red-800 bg-red-700 text-white dark:border-red-800 dark:bg-red-800',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Toast({
  className,
  variant,
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return (
    <ToastPrimitive.Root
      // The toast is its own live region; see ToastBody for why Radix's announcer copy is off.
      role="status"
      aria-live={variant === 'destructive' ? 'assertive' : 'polite'}
      aria-atomic="true"
      className={cn(toastVariants({ variant }), className)}
      {...props}
    />
  );
}

/**
 * Radix copies a toast's text into a hidden announcer node for a second; that duplicate makes
 * "find the text on the page" ambiguous for tests and assistive tech alike, so the visible
 * text is excluded from the copy and the toast itself is the live region.
 */
export function ToastBody({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div data-radix-toast-announce-exclude="" className={cn('grid gap-1', className)} {...props} />
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('text-sm font-semibold', className)} {...props} />;
}

export function ToastDescription({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitive.Description>) {
  return (
    <ToastPrimitive.Description
      className={cn('text-sm whitespace-pre-line opacity-90', className)}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  const { t } = useTranslation();
  return (
    <ToastPrimitive.Close
      aria-label={t('toast.dismiss')}
      className={cn(
        'absolute top-2 right-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:outline-none',
        className,
      )}
      {...props}
    >
      <XIcon className="size-4" />
    </ToastPrimitive.Close>
  );
}
