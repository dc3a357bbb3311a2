import type { Customer } from '@duka/shared/customers/customers.schemas';
import { formatCurrency, centsToNumber } from '@duka/shared/money/money';
import type { DiscountApproval } from '@duka/shared/sales/sales.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useToast } from '@/components/ui/use-toast';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { useCreateSale } from '../api/create-sale';
import { getProduct } from '../api/get-product';
import {
  buildSalePayload,
  checkoutTotals,
  isPaidInParts,
  saleLines,
  startingDeliveryFee,
  startsAsDelivery,
  type CheckoutForm,
  type CheckoutMethod,
  type PaymentPlan,
} from '../lib/checkout';
import { cartContentHash, checkoutKeyFor, forgetCheckoutKey } from '../lib/checkout-key';
import {
  checkoutErrorMessage,
  creditLimitRefusal,
  discountRefusal,
  isReusedCheckoutKey,
  stockShortMessage,
} from '../lib/checkout-errors';
import { useCheckoutDiscount } from '../lib/use-checkout-discount';
import { focusTillSearch } from '../lib/till-focus';
import { customerLabel } from './customer-select';
import { DeliveryFields } from './delivery-fields';
import { PaymentFields } from './payment-fields';

// Issue 20: the discount's parts load with the checkout, not with the till (its budget).
const CartDiscountFields = lazy(() =>
  import('./cart-discount-fields').then((module) => ({ default: module.CartDiscountFields })),
);
// Issue 21: credit and split payment load when the cashier chooses them (the till's budget).
const PaymentPartsFields = lazy(() =>
  import('./payment-parts-fields').then((module) => ({ default: module.PaymentPartsFields })),
);
const ManagerApprovalDialog = lazy(() =>
  import('./manager-approval-dialog').then((module) => ({
    default: module.ManagerApprovalDialog,
  })),
);

interface CheckoutDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  customers: readonly Customer[];
  /** The header's choice, else the Walk-in Customer. */
  defaultCustomerId: number | null;
  onSaleCompleted: (saleId: number) => void;
}

/** Spec §2 'Complete Sale'; mounted only while open, so each checkout starts fresh. */
export function CheckoutDialog(props: CheckoutDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent onCloseAutoFocus={focusTillSearch}>
        {props.open && <CheckoutForm {...props} />}
      </DialogContent>
    </Dialog>
  );
}

function CheckoutForm({
  onOpenChange,
  customers,
  defaultCustomerId,
  onSaleCompleted,
}: CheckoutDialogProps) {
  const { t } = useTranslation('pos');
  const { toast } = useToast();
  const items = useCartStore((state) => state.items);
  const clearCart = useCartStore((state) => state.clearCart);
  const createSale = useCreateSale();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<CheckoutForm>({
    paymentMethod: 'cash',
    customerId: defaultCustomerId,
    delivery: startsAsDelivery(items),
    deliveryFee: startingDeliveryFee(items),
    amountTendered: '',
    mpesaCode: '',
  });
  // The checkout's key lives here too, so a retry reuses it even where storage is refused.
  const attempt = useRef<{ hash: string; key: string } | null>(null);
  const idempotencyKey = () => {
    const hash = cartContentHash(items);
    if (attempt.current?.hash !== hash) attempt.current = { hash, key: checkoutKeyFor(items) };
    return attempt.current.key;
  };
  // Issue 20: the whole-cart discount and a manager's approval when a cashier goes over the cap.
  const discount = useCheckoutDiscount();
  const totals = checkoutTotals(items, form, discount.cartDiscountCents);
  // Issue 21: a credit or split payment's parts, from its lazy fields (null until they report).
  const [plan, setPlan] = useState<PaymentPlan | null>(null);
  // The server's 409 'Credit limit exceeded', shown until the payment or customer changes.
  const [creditRefused, setCreditRefused] = useState<string | null>(null);
  const takePlan = useCallback((next: PaymentPlan | null) => {
    setPlan(next);
    setCreditRefused(null);
  }, []);
  const set = (change: Partial<CheckoutForm>) => {
    setCreditRefused(null);
    setForm((current) => ({ ...current, ...change }));
  };
  const isCash = form.paymentMethod === 'cash';
  const inParts = isPaidInParts(form.paymentMethod);
  const ready = inParts ? plan?.ready === true : totals.enough;
  const showShortfall = isCash && form.amountTendered !== '' && !totals.enough;
  const customer = customers.find((entry) => entry.id === form.customerId) ?? null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || items.length === 0 || createSale.isPending) return;
    // Over the cashier's cap: ask a manager first rather than be refused.
    if (discount.approvalCap !== null) discount.askApproval(null);
    else void complete();
  };

  const complete = async (approval?: DiscountApproval) => {
    try {
      // The same cart keeps the same key: a retry after a lost answer is the same sale.
      const saleId = await createSale.mutateAsync({
        payload: buildSalePayload(items, form, {
          cartDiscountCents: discount.cartDiscountCents,
          approval,
          plan,
        }),
        idempotencyKey: idempotencyKey(),
      });
      discount.closeApproval();
      forgetCheckoutKey();
      toast({ title: t('checkout.success') });
      clearCart();
      onOpenChange(false);
      onSaleCompleted(saleId);
    } catch (error) {
      const refusal = discountRefusal(error);
      if (refusal) {
        discount.askApproval(approval ? refusal : null);
        return;
      }
      discount.closeApproval();
      const overLimit = creditLimitRefusal(error);
      if (overLimit !== null) {
        setCreditRefused(overLimit);
        return;
      }
      if (isReusedCheckoutKey(error)) {
        forgetCheckoutKey();
        attempt.current = null;
        toast({
          variant: 'destructive',
          title: t('checkout.alreadyRecorded'),
          description: t('checkout.alreadyRecordedHint'),
        });
        return;
      }
      const short = await stockShortMessage(error, items, getProduct);
      if (short !== null) {
        // The grid's counts are older than this answer: show what is left now.
        void queryClient.invalidateQueries({ queryKey: ['products'] });
        toast({ variant: 'destructive', title: short });
        return;
      }
      toast({
        variant: 'destructive',
        title: t('checkout.serverError'),
        description: checkoutErrorMessage(error),
      });
    }
  };

  const totalRow = (
    <>
      <dt>{t('checkout.total')}</dt>
      <dd className="text-right text-lg font-semibold" data-testid="checkout-total">
        {formatCurrency(centsToNumber(totals.totalCents))}
      </dd>
    </>
  );
  const totalsClass = 'grid grid-cols-[1fr_auto] gap-x-4 gap-y-1';

  return (
    <form onSubmit={handleSubmit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{t('checkout.title')}</DialogTitle>
        <DialogDescription>{t('checkout.description')}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-1">
        <Label htmlFor="checkout-method">{t('checkout.paymentMethod')}</Label>
        <NativeSelect
          id="checkout-method"
          value={form.paymentMethod}
          onChange={(event) => {
            const paymentMethod = event.target.value as CheckoutMethod;
            // Spec §5: the tendered field clears when the method is not cash.
            set({ paymentMethod, amountTendered: '', mpesaCode: '' });
          }}
        >
          <option value="cash">{t('checkout.cash')}</option>
          <option value="mpesa">{t('checkout.mpesa')}</option>
          <option value="credit">{t('checkout.credit')}</option>
          <option value="split">{t('checkout.split')}</option>
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="checkout-customer">{t('checkout.customer')}</Label>
        <NativeSelect
          id="checkout-customer"
          value={form.customerId ?? ''}
          onChange={(event) => set({ customerId: Number(event.target.value) || defaultCustomerId })}
        >
          {customers.map((customer) => (
            <option key={customer.id} value={customer.id}>
              {customerLabel(customer)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <DeliveryFields form={form} onChange={set} />
      <Suspense fallback={null}>
        <CartDiscountFields
          items={saleLines(items)}
          value={discount.input}
          onChange={discount.setInput}
          onSummary={discount.setSummary}
        />
      </Suspense>
      {inParts ? (
        <>
          {/* The total first: the parts below pay it. */}
          <dl className={totalsClass}>{totalRow}</dl>
          <Suspense fallback={null}>
            <PaymentPartsFields
              key={form.paymentMethod}
              mode={form.paymentMethod as 'credit' | 'split'}
              totalCents={totals.totalCents}
              customer={customer}
              onPlan={takePlan}
            />
          </Suspense>
        </>
      ) : (
        <>
          <PaymentFields form={form} showShortfall={showShortfall} onChange={set} />
          <dl className={totalsClass}>
            {totalRow}
            {isCash && (
              <>
                <dt>{t('checkout.balance')}</dt>
                <dd className="text-right font-semibold" data-testid="checkout-balance">
                  {formatCurrency(centsToNumber(totals.balanceCents))}
                </dd>
              </>
            )}
          </dl>
        </>
      )}
      {creditRefused !== null && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {creditRefused}
        </p>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('checkout.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={!ready || createSale.isPending}>
          {createSale.isPending ? t('checkout.submitting') : t('checkout.submit')}
        </Button>
      </DialogFooter>
      {/* Its own form stops its submit from reaching this one. */}
      {discount.approval.open && (
        <Suspense fallback={null}>
          <ManagerApprovalDialog
            open
            onOpenChange={(open) => !open && discount.closeApproval()}
            capPercent={discount.capPercent}
            error={discount.approval.error}
            pending={createSale.isPending}
            onApprove={(approval) => void complete(approval)}
          />
        </Suspense>
      )}
    </form>
  );
}
