import type { Customer } from '@duka/shared/customers/customers.schemas';
import { formatCurrency, centsToNumber } from '@duka/shared/money/money';
import type { DiscountApproval } from '@duka/shared/sales/sales.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
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
import { isNetworkFailure } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useSyncStatus } from '@/features/offline/sync-status-store';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { useCreateSale } from '../api/create-sale';
import { getProduct } from '../api/get-product';
import {
  buildSalePayload,
  buyerPinOf,
  checkoutTotals,
  isPaidInParts,
  saleLines,
  startingDeliveryFee,
  startsAsDelivery,
  type BuyerPin,
  type CheckoutForm,
  type CheckoutMethod,
  type PaymentPlan,
} from '../lib/checkout';
import {
  cartContentHash,
  checkoutAttemptFor,
  forgetCheckoutKey,
  type CheckoutAttempt,
} from '../lib/checkout-key';
import {
  checkoutErrorMessage,
  creditLimitRefusal,
  discountRefusal,
  isReusedCheckoutKey,
  isShiftRequired,
  mpesaPaymentRefusal,
  OPEN_SHIFT_FIRST,
  stockShortMessage,
} from '../lib/checkout-errors';
import { localCustomerId } from '../lib/device-products';
import {
  browserOffline,
  offeredOffline,
  type TillCheckout,
  type TillOutbox,
} from '../lib/offline-checkout';
import { useBrowserOnline } from '../lib/use-browser-online';
import { useCheckoutDiscount } from '../lib/use-checkout-discount';
import { focusTillSearch } from '../lib/till-focus';
import { customerLabel } from './customer-select';
import { DeliveryFields } from './delivery-fields';
import type { AttachedMpesa } from './mpesa-panel';
import { PaymentFields } from './payment-fields';

// Issue 20: the discount's parts load with the checkout, not with the till (its budget).
const CartDiscountFields = lazy(() =>
  import('./cart-discount-fields').then((module) => ({ default: module.CartDiscountFields })),
);
// Issue 21: credit and split payment load when the cashier chooses them (the till's budget).
const PaymentPartsFields = lazy(() =>
  import('./payment-parts-fields').then((module) => ({ default: module.PaymentPartsFields })),
);
// Issue 23: the M-Pesa prompt and received payments load when the cashier chooses M-Pesa online.
const MpesaPanel = lazy(() =>
  import('./mpesa-panel').then((module) => ({ default: module.MpesaPanel })),
);
// Issue 26: the buyer's KRA PIN loads with the checkout, with the shared schema that checks it.
const BuyerPinField = lazy(() => import('./buyer-pin-field'));
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
  /**
   * Issue 22: the device's outbox. Given, a checkout offline or without an answer is kept on
   * the device (its local receipt opens through onSaleKept) instead of failing.
   */
  outbox?: TillOutbox;
  onSaleKept?: (clientSaleId: string) => void;
  /**
   * Issue 24: opens the shift bar's Open shift, when the store requires an open shift to sell
   * and the server refused the sale for want of one.
   */
  onOpenShift?: () => void;
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
  outbox,
  onSaleKept,
  onOpenShift,
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
  // The checkout's id and time live here too, so a retry reuses them even where storage is
  // refused; the same id and time go to the device's outbox when the request gets no answer.
  const attempt = useRef<({ hash: string } & CheckoutAttempt) | null>(null);
  const checkoutAttempt = (): CheckoutAttempt => {
    const hash = cartContentHash(items);
    if (attempt.current?.hash !== hash) attempt.current = { hash, ...checkoutAttemptFor(items) };
    return attempt.current;
  };
  // Issue 22: offline the till takes cash or M-Pesa, with no discount over the cashier's cap.
  const browserOnline = useBrowserOnline();
  const offline = !browserOnline && outbox !== undefined;
  // Issue 23: prompts and received payments only with a connection (the header's status).
  const connected = useSyncStatus((state) => state.online) && browserOnline;
  // The M-Pesa payment (a paid prompt or a received one) that pays the sale; the ref is what
  // complete() reads, also after a manager's approval.
  const [attached, setAttached] = useState<AttachedMpesa | null>(null);
  const attachedRef = useRef<AttachedMpesa | null>(null);
  const attach = (payment: AttachedMpesa | null) => {
    attachedRef.current = payment;
    setAttached(payment);
  };
  // Payments the server refused for this sale (409: used by another sale, not paid).
  const [refusedPayments, setRefusedPayments] = useState<ReadonlySet<number>>(() => new Set());
  const [mpesaRefusal, setMpesaRefusal] = useState<string | null>(null);
  // One id per checkout, taken when M-Pesa (or a split) is chosen: the prompt's reference and
  // the sale's client_sale_id agree.
  const [clientSaleId, setClientSaleId] = useState<string | null>(null);
  const [keeping, setKeeping] = useState(false);
  // Issue 20: the whole-cart discount and a manager's approval when a cashier goes over the cap.
  const discount = useCheckoutDiscount();
  const totals = checkoutTotals(items, form, discount.cartDiscountCents);
  // Issue 21: a credit or split payment's parts, from its lazy fields (null until they report).
  const [plan, setPlan] = useState<PaymentPlan | null>(null);
  // The server's 409 'Credit limit exceeded', shown until the payment or customer changes.
  const [creditRefused, setCreditRefused] = useState<string | null>(null);
  // Issue 24: the server's 409 'Open a shift first', shown with Open shift until the next try.
  const [shiftRequired, setShiftRequired] = useState(false);
  // Issue 23: a split's M-Pesa part paid by a prompt or a received payment completes the sale
  // by itself once the parts report it (with that payment) and they pay the whole total.
  const completeWith = useRef<number | null>(null);
  const completePlan = useRef<((plan: PaymentPlan) => void) | null>(null);
  const takePlan = useCallback((next: PaymentPlan | null) => {
    setPlan(next);
    setCreditRefused(null);
    const paid = completeWith.current;
    if (paid === null || !next?.parts.some((part) => part.mpesaPaymentId === paid)) return;
    completeWith.current = null;
    if (next.ready) completePlan.current?.(next);
  }, []);
  const set = (change: Partial<CheckoutForm>) => {
    setCreditRefused(null);
    setForm((current) => ({ ...current, ...change }));
  };
  if (offline && !offeredOffline(form.paymentMethod)) {
    // Credit and split are not offered offline: back to cash, as a method change does.
    setForm({ ...form, paymentMethod: 'cash', amountTendered: '', mpesaCode: '' });
  }
  const isCash = form.paymentMethod === 'cash';
  const inParts = isPaidInParts(form.paymentMethod);
  const capNeedsManager = offline && discount.approvalCap !== null;
  const ready = (inParts ? plan?.ready === true : totals.enough) && !capNeedsManager;
  const pending = createSale.isPending || keeping;
  const showShortfall = isCash && form.amountTendered !== '' && !totals.enough;
  const customer = customers.find((entry) => entry.id === form.customerId) ?? null;
  // Issue 26: the buyer's KRA PIN, the chosen customer's to start with; not offered offline.
  const [buyerPin, setBuyerPin] = useState<BuyerPin>(() =>
    buyerPinOf(customers.find((entry) => entry.id === defaultCustomerId) ?? null),
  );
  const [showPinError, setShowPinError] = useState(false);
  /** A PIN that is not one stops the sale at the field rather than at the server. */
  const pinRefused = () => {
    if (offline || buyerPin.error === null) return false;
    setShowPinError(true);
    document.getElementById('checkout-buyer-pin')?.focus();
    return true;
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || items.length === 0 || pending) return;
    if (pinRefused()) return;
    // Over the cashier's cap: ask a manager first rather than be refused.
    if (discount.approvalCap !== null) discount.askApproval(null);
    else void complete();
  };

  /** Keeps the sale on the device (issue 22) and opens its local receipt. */
  const keep = async (sale: TillCheckout) => {
    if (!outbox) return;
    setKeeping(true);
    try {
      const kept = await outbox.keep(sale);
      discount.closeApproval();
      forgetCheckoutKey();
      attempt.current = null;
      toast({
        title: t('offline.kept', { number: kept.deviceReceiptNumber }),
        description: t('offline.keptHint'),
      });
      clearCart();
      onOpenChange(false);
      onSaleKept?.(kept.clientSaleId);
    } catch (error) {
      console.error('The sale could not be kept on this device', error);
      toast({
        variant: 'destructive',
        title: t('offline.keepFailed'),
        description: t('offline.keepFailedHint'),
      });
    } finally {
      setKeeping(false);
    }
  };

  const complete = async (approval?: DiscountApproval, planNow: PaymentPlan | null = plan) => {
    if (pinRefused()) {
      discount.closeApproval();
      return;
    }
    // The same cart keeps the same id and time: a retry after a lost answer is the same sale.
    const { key, soldAt } = checkoutAttempt();
    const built = buildSalePayload(items, form, {
      cartDiscountCents: discount.cartDiscountCents,
      approval,
      plan: planNow,
      buyerKraPin: offline ? null : buyerPin.pin,
    });
    // Issue 23: a paid prompt or received payment pays it; its receipt becomes the sale's code.
    const mpesaPayment = form.paymentMethod === 'mpesa' ? attachedRef.current : null;
    if (mpesaPayment) {
      delete built.mpesa_code;
      built.mpesa_payment_id = mpesaPayment.id;
    }
    const payload = { ...built, client_sale_id: key, sold_at: soldAt };
    setShiftRequired(false);
    // Issue 22: cash or M-Pesa with no manager's approval may be kept on the device.
    const keepable = outbox !== undefined && offeredOffline(form.paymentMethod) && !approval;
    const sale: TillCheckout = { payload, items, customer };
    // A customer added offline is not on the server yet: their sale goes through the outbox,
    // which adds them first.
    if (keepable && (browserOffline() || localCustomerId(customer) !== null)) {
      await keep(sale);
      return;
    }
    try {
      const saleId = await createSale.mutateAsync({ payload, idempotencyKey: key });
      discount.closeApproval();
      forgetCheckoutKey();
      toast({ title: t('checkout.success') });
      clearCart();
      onOpenChange(false);
      onSaleCompleted(saleId);
    } catch (error) {
      if (keepable && isNetworkFailure(error)) {
        // No answer (offline, timed out): kept with the same id, so if the request did reach
        // the server, the upload is its replay.
        await keep(sale);
        return;
      }
      const mpesaRefused = mpesaPaymentRefusal(error);
      if (mpesaRefused !== null) {
        // The server's words ('This M-Pesa payment is already used by sale #…'); the cashier
        // picks another way.
        discount.closeApproval();
        const ids = [
          ...(mpesaPayment ? [mpesaPayment.id] : []),
          ...(payload.payments ?? []).flatMap((part) =>
            part.mpesa_payment_id === undefined ? [] : [part.mpesa_payment_id],
          ),
        ];
        setRefusedPayments((current) => new Set([...current, ...ids]));
        attach(null);
        setMpesaRefusal(mpesaRefused);
        void queryClient.invalidateQueries({ queryKey: ['mpesa'] });
        return;
      }
      const refusal = discountRefusal(error);
      if (refusal) {
        discount.askApproval(approval ? refusal : null);
        return;
      }
      discount.closeApproval();
      if (isShiftRequired(error)) {
        setShiftRequired(true);
        return;
      }
      const overLimit = creditLimitRefusal(error);
      if (overLimit !== null) {
        setCreditRefused(overLimit);
        return;
      }
      if (isReusedCheckoutKey(error)) {
        forgetCheckoutKey();
        attempt.current = null;
        if (clientSaleId !== null) setClientSaleId(checkoutAttempt().key);
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

  useEffect(() => {
    completePlan.current = (next) => {
      if (items.length === 0 || pending) return;
      if (discount.approvalCap !== null) discount.askApproval(null);
      else void complete(undefined, next);
    };
  });

  /** Issue 23: a paid prompt or a received payment completes the sale by itself. */
  const payWithMpesa = (payment: AttachedMpesa) => {
    attach(payment);
    setMpesaRefusal(null);
    if (items.length === 0 || pending) return;
    if (discount.approvalCap !== null) discount.askApproval(null);
    else void complete();
  };
  const useCash = () => {
    set({ paymentMethod: 'cash', amountTendered: '', mpesaCode: '' });
    attach(null);
    setMpesaRefusal(null);
    // The cashier types what the customer hands over next.
    requestAnimationFrame(() => document.getElementById('checkout-tendered')?.focus());
  };
  const mpesaOnline = connected && form.paymentMethod === 'mpesa' && clientSaleId !== null;
  const splitOnline = connected && form.paymentMethod === 'split' && clientSaleId !== null;
  const defaultPhone = localPhone(customer?.phone);
  const mpesaNotes = (
    <>
      {attached && (
        <p role="status" className="text-sm font-semibold" data-testid="mpesa-attached">
          {t('mpesa.attached', { code: attached.code ?? '' })}
        </p>
      )}
      {mpesaRefusal !== null && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {mpesaRefusal}
        </p>
      )}
    </>
  );

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
            attach(null);
            setMpesaRefusal(null);
            if (paymentMethod === 'mpesa' || paymentMethod === 'split') {
              setClientSaleId(checkoutAttempt().key);
            }
          }}
        >
          <option value="cash">{t('checkout.cash')}</option>
          <option value="mpesa">{t('checkout.mpesa')}</option>
          {!offline && (
            <>
              <option value="credit">{t('checkout.credit')}</option>
              <option value="split">{t('checkout.split')}</option>
            </>
          )}
        </NativeSelect>
      </div>
      {offline && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {t('offline.checkoutNote')}
        </p>
      )}
      <div className="grid gap-1">
        <Label htmlFor="checkout-customer">{t('checkout.customer')}</Label>
        <NativeSelect
          id="checkout-customer"
          value={form.customerId ?? ''}
          onChange={(event) => {
            const customerId = Number(event.target.value) || defaultCustomerId;
            set({ customerId });
            setBuyerPin(buyerPinOf(customers.find((entry) => entry.id === customerId) ?? null));
            setShowPinError(false);
          }}
        >
          {customers.map((customer) => (
            <option key={customer.id} value={customer.id}>
              {customerLabel(customer)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {!offline && (
        <Suspense fallback={null}>
          <BuyerPinField
            value={buyerPin}
            showError={showPinError}
            onChange={setBuyerPin}
            onBlur={() => setShowPinError(true)}
          />
        </Suspense>
      )}
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
              mpesa={
                splitOnline
                  ? {
                      clientSaleId: clientSaleId ?? '',
                      defaultPhone,
                      refused: refusedPayments,
                      busy: pending,
                      onPartPaid: (paymentId) => {
                        setMpesaRefusal(null);
                        completeWith.current = paymentId;
                      },
                    }
                  : undefined
              }
            />
          </Suspense>
          {mpesaNotes}
        </>
      ) : (
        <>
          {mpesaOnline && (
            <Suspense fallback={null}>
              <MpesaPanel
                dueCents={totals.totalCents}
                clientSaleId={clientSaleId ?? ''}
                defaultPhone={defaultPhone}
                refused={refusedPayments}
                busy={pending}
                onPaid={payWithMpesa}
                onUseCash={useCash}
                codeFieldId="checkout-mpesa"
                idPrefix="checkout-mpesa-pay"
              />
            </Suspense>
          )}
          {mpesaNotes}
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
      {capNeedsManager && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {t('offline.discountNeedsManager', { percent: discount.approvalCap })}
        </p>
      )}
      {creditRefused !== null && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {creditRefused}
        </p>
      )}
      {shiftRequired && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3"
          data-testid="shift-required"
        >
          <p className="text-sm text-red-600 dark:text-red-400">
            {translateMessage(OPEN_SHIFT_FIRST)}
          </p>
          {onOpenShift && (
            <Button type="button" variant="outline" size="sm" onClick={onOpenShift}>
              {t('checkout.openShift')}
            </Button>
          )}
        </div>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('checkout.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={!ready || pending}>
          {pending ? t('checkout.submitting') : t('checkout.submit')}
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
            pending={pending}
            onApprove={(approval) => void complete(approval)}
          />
        </Suspense>
      )}
    </form>
  );
}

/** A stored +254 number as a cashier reads and types it: 0712 345 678. */
function localPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const match = /^\+254(\d{3})(\d{3})(\d{3})$/.exec(phone);
  return match ? `0${match[1]} ${match[2]} ${match[3]}` : phone;
}
