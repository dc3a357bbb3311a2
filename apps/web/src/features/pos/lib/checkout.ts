/**
 * The 'Complete Sale' dialog's arithmetic and the sale it sends (spec §3 Sale creation payload,
 * §4 Checkout, §5 Checkout), in integer cents (PRODUCT.md §3): the server recomputes every
 * total and refuses one that disagrees, so the till must add exactly as it does.
 */
import { centsToNumber, toCents } from '@duka/shared/money/money';
import type {
  DiscountApproval,
  PaymentMethod,
  PaymentPartMethod,
  SalePaymentMethod,
} from '@duka/shared/sales/sales.schemas';
import { isDeliveryProduct, type CartItem } from '@/features/cart/lib/cart-math';

/** Spec §9: the delivery fee a delivery starts with, in shillings (PRODUCT.md §3b). */
export const DEFAULT_DELIVERY_FEE = 200;

/**
 * What 'Complete Sale' offers (issue 21): one payment of cash or M-Pesa as the spec has it, the
 * whole total on credit (pay later), or a split payment in parts.
 */
export type CheckoutMethod = PaymentMethod | 'credit' | 'split';

/** Credit and split payments are paid in parts, worked out by the payment parts' fields. */
export function isPaidInParts(method: CheckoutMethod): method is 'credit' | 'split' {
  return method === 'credit' || method === 'split';
}

export interface CheckoutForm {
  paymentMethod: CheckoutMethod;
  customerId: number | null;
  /** The Delivery switch: off, the sale carries no delivery fee whatever the field holds. */
  delivery: boolean;
  /** As typed: the fields hold text. */
  deliveryFee: string;
  amountTendered: string;
  mpesaCode: string;
}

export interface CheckoutTotals {
  totalCents: number;
  deliveryCents: number;
  tenderedCents: number;
  /** Change to give back; never below 0 (spec §5: a negative balance shows as 0.00). */
  balanceCents: number;
  /** Cash: the tendered amount covers the total. M-Pesa: always. */
  enough: boolean;
}

function cents(value: unknown): number {
  const parsed = toCents(value);
  return parsed !== null && parsed > 0 ? parsed : 0;
}

/** Lines the server would keep: a product id above 0 (spec §5 Checkout). */
export function saleLines(items: readonly CartItem[]): CartItem[] {
  return items.filter((item) => Number.isInteger(item.product?.id) && item.product.id > 0);
}

function lineCents(item: CartItem): number {
  return cents(item.unit_price) * item.quantity;
}

/**
 * Issue 20: a counter sale has no delivery fee; the Delivery switch starts on only when the cart
 * holds the delivery line (the customer asked for a delivery).
 */
export function startsAsDelivery(items: readonly CartItem[]): boolean {
  return items.some((item) => isDeliveryProduct(item.product));
}

/**
 * The fee a checkout starts with: 200 for a delivery switched on at the till, nothing more when
 * the cart already holds the delivery line, which charges the delivery itself (never twice).
 */
export function startingDeliveryFee(items: readonly CartItem[]): string {
  return startsAsDelivery(items) ? '0' : String(DEFAULT_DELIVERY_FEE);
}

/** The kept lines' sum before any whole-cart discount. */
export function goodsCents(items: readonly CartItem[]): number {
  return saleLines(items).reduce((sum, item) => sum + lineCents(item), 0);
}

/**
 * Total = the kept lines, less a whole-cart discount (issue 20, in cents, at most the lines),
 * plus the delivery fee when delivering; balance = tendered − total.
 */
export function checkoutTotals(
  items: readonly CartItem[],
  form: CheckoutForm,
  cartDiscountCents = 0,
): CheckoutTotals {
  const deliveryCents = form.delivery ? cents(form.deliveryFee) : 0;
  const totalCents = goodsCents(items) - cartDiscountCents + deliveryCents;
  const isCash = form.paymentMethod === 'cash';
  const tenderedCents = isCash ? cents(form.amountTendered) : 0;
  return {
    totalCents,
    deliveryCents,
    tenderedCents,
    balanceCents: isCash ? Math.max(0, tenderedCents - totalCents) : 0,
    enough: !isCash || tenderedCents >= totalCents,
  };
}

/** What the M-Pesa code field keeps of what is typed: 10 capital letters and digits. */
export function normaliseMpesaCode(text: string): string {
  return text
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 10);
}

export interface SalePayload {
  items: {
    product_id: number;
    quantity: number;
    unit_price: number;
    total: number;
    unit_type: CartItem['unit_type'];
  }[];
  total: number;
  delivery_fee: number;
  customer_id: number | null;
  payment_method: SalePaymentMethod;
  /** Issue 21: the parts of a credit or split payment (cash as tendered). */
  payments?: {
    method: PaymentPartMethod;
    amount: number;
    mpesa_code?: string;
    /** Issue 23: the paid prompt or received payment that pays this M-Pesa part. */
    mpesa_payment_id?: number;
  }[];
  status: 'completed';
  payment_status: 'paid';
  amount_paid: number;
  change_amount: number;
  mpesa_code?: string;
  /** Issue 23: with payment_method 'mpesa', the paid prompt or received payment that pays it. */
  mpesa_payment_id?: number;
  /** Issue 20: a whole-cart discount in shillings, spread over the lines by the server. */
  cart_discount?: number;
  /** Issue 20: a manager's email and password for a cashier's discount over the cap. */
  discount_approval?: DiscountApproval;
  /** Issue 22: the checkout's id (also its Idempotency-Key), the same for each attempt. */
  client_sale_id?: string;
  /** Issue 22: when the checkout was first sent, ISO 8601 with the device's offset. */
  sold_at?: string;
  /** Issue 26: the buyer's KRA PIN for the invoice; left out when none was given. */
  buyer_kra_pin?: string;
}

/**
 * Issue 26: the buyer's KRA PIN field of 'Complete Sale': the text typed, the PIN it reads as
 * (capitals, trimmed; null when blank or not a PIN) and the schema's message when it is not one.
 */
export interface BuyerPin {
  text: string;
  pin: string | null;
  error: string | null;
}

/** The field prefilled from a customer: their PIN was checked when it was saved. */
export function buyerPinOf(customer: { kra_pin?: string | null } | null): BuyerPin {
  const pin = customer?.kra_pin ?? null;
  return { text: pin ?? '', pin, error: null };
}

/** One part of a credit or split payment as the cashier entered it, in cents (issue 21). */
export interface PlannedPayment {
  method: PaymentPartMethod;
  amountCents: number;
  mpesaCode: string;
  /** Issue 23: the paid prompt or received payment attached to this M-Pesa part. */
  mpesaPaymentId?: number;
}

/**
 * A credit or split payment worked out by the payment parts' fields (issue 21): the parts above
 * 0, what they pay in all, the change (from cash) and whether Complete Sale may send it.
 */
export interface PaymentPlan {
  parts: PlannedPayment[];
  paidCents: number;
  changeCents: number;
  ready: boolean;
}

/** What a checkout adds to the sale beyond the cart and the form (issue 20; issue 21's plan). */
export interface CheckoutDiscount {
  cartDiscountCents: number;
  approval?: DiscountApproval;
  /** The parts of a credit or split payment; ignored for one payment of cash or M-Pesa. */
  plan?: PaymentPlan | null;
  /** Issue 26: the buyer's KRA PIN as the schema read it; null or absent sends none. */
  buyerKraPin?: string | null;
}

/** The sale's payment_method for its parts: the single method used, or split (issue 21). */
export function planMethod(parts: readonly PlannedPayment[]): SalePaymentMethod {
  const methods = new Set(parts.map((part) => part.method));
  const [only] = methods;
  return methods.size === 1 && only ? only : 'split';
}

function paidInParts(plan: PaymentPlan) {
  return {
    payment_method: planMethod(plan.parts),
    payments: plan.parts.map((part) => ({
      method: part.method,
      amount: centsToNumber(part.amountCents),
      ...(part.method === 'mpesa' && part.mpesaPaymentId !== undefined
        ? { mpesa_payment_id: part.mpesaPaymentId }
        : part.method === 'mpesa' && part.mpesaCode
          ? { mpesa_code: part.mpesaCode }
          : {}),
    })),
    amount_paid: centsToNumber(plan.paidCents),
    change_amount: centsToNumber(plan.changeCents),
  };
}

/** The spec's sale creation payload; a new checkout is always completed and paid (spec §4). */
export function buildSalePayload(
  items: readonly CartItem[],
  form: CheckoutForm,
  discount: CheckoutDiscount = { cartDiscountCents: 0 },
): SalePayload {
  const totals = checkoutTotals(items, form, discount.cartDiscountCents);
  const isCash = form.paymentMethod === 'cash';
  const mpesaCode = normaliseMpesaCode(form.mpesaCode);
  const plan = isPaidInParts(form.paymentMethod) ? discount.plan : null;
  if (isPaidInParts(form.paymentMethod) && !plan) throw new Error('A payment in parts needs them');
  return {
    items: saleLines(items).map((item) => ({
      product_id: item.product.id,
      quantity: item.quantity,
      unit_price: centsToNumber(cents(item.unit_price)),
      total: centsToNumber(lineCents(item)),
      unit_type: item.unit_type ?? 'piece',
    })),
    total: centsToNumber(totals.totalCents),
    delivery_fee: centsToNumber(totals.deliveryCents),
    customer_id: form.customerId,
    status: 'completed',
    payment_status: 'paid',
    ...(plan
      ? paidInParts(plan)
      : {
          payment_method: form.paymentMethod,
          amount_paid: centsToNumber(isCash ? totals.tenderedCents : totals.totalCents),
          change_amount: centsToNumber(totals.balanceCents),
          ...(!isCash && mpesaCode ? { mpesa_code: mpesaCode } : {}),
        }),
    ...(discount.cartDiscountCents > 0
      ? { cart_discount: centsToNumber(discount.cartDiscountCents) }
      : {}),
    ...(discount.approval ? { discount_approval: discount.approval } : {}),
    ...(discount.buyerKraPin ? { buyer_kra_pin: discount.buyerKraPin } : {}),
  };
}

export const INVALID_RESPONSE = 'Invalid server response format';

/** Spec §7: the new sale's id is data.data.id or data.id. */
export function saleIdFrom(response: unknown): number {
  const body = response as { id?: unknown; data?: { id?: unknown } } | null;
  const id = body?.data?.id ?? body?.id;
  if (typeof id === 'number' && Number.isInteger(id) && id > 0) return id;
  throw new Error(INVALID_RESPONSE);
}
