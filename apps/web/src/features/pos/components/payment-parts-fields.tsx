import type { Customer } from '@duka/shared/customers/customers.schemas';
import { centsToNumber, formatCurrency } from '@duka/shared/money/money';
import { PlusIcon, XIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { customerName } from '@/lib/customer-name';
import { translateMessage } from '@/lib/i18n';
import { normaliseMpesaCode, type PaymentPlan } from '../lib/checkout';
import { planPayment, plannedParts, type PartDraft, type PlanDetails } from '../lib/payment-parts';
import type { AttachedMpesa } from './mpesa-panel';

// Issue 23: the M-Pesa prompt and received payments, loaded when a part opens them.
const MpesaPanel = lazy(() =>
  import('./mpesa-panel').then((module) => ({ default: module.MpesaPanel })),
);

/** Issue 23: what an M-Pesa part needs to prompt or take a received payment (online only). */
export interface PartsMpesa {
  /** This checkout's client_sale_id: the prompt's reference is made of it. */
  clientSaleId: string;
  defaultPhone: string;
  refused: ReadonlySet<number>;
  busy: boolean;
  /** A part got its paid prompt or received payment: the checkout completes when it can. */
  onPartPaid: (paymentId: number) => void;
}

interface PaymentPartsFieldsProps {
  /** credit: the whole total on credit; split: the cashier's parts. */
  mode: 'credit' | 'split';
  totalCents: number;
  /** The sale's customer as chosen in the dialog; null until one resolves. */
  customer: Customer | null;
  onPlan: (plan: PaymentPlan | null) => void;
  /** Issue 23: given while online, each M-Pesa part can prompt or take a received payment. */
  mpesa?: PartsMpesa;
}

const money = (cents: number) => formatCurrency(centsToNumber(cents));

const SPLIT_START: PartDraft[] = [
  { key: 1, method: 'cash', amount: '', mpesaCode: '' },
  { key: 2, method: 'mpesa', amount: '', mpesaCode: '' },
  { key: 3, method: 'credit', amount: '', mpesaCode: '' },
];

/**
 * Issue 21: 'Complete Sale' paid on credit (pay later) or split into parts — cash (what is
 * tendered), M-Pesa (with its code, one more M-Pesa payment when two phones pay) and credit —
 * with what is left to pay, the change (from cash only), the customer's debt and limit, and why
 * Complete Sale waits. Tells the checkout (`onPlan`) the parts to send. Loaded when the cashier
 * chooses Credit or Split payment, not with the till (its budget).
 */
export function PaymentPartsFields({
  mode,
  totalCents,
  customer,
  onPlan,
  mpesa,
}: PaymentPartsFieldsProps) {
  const { t } = useTranslation('pos');
  const [drafts, setDrafts] = useState<PartDraft[]>(SPLIT_START);
  // The M-Pesa part whose prompt and received payments show (one at a time).
  const [mpesaOpen, setMpesaOpen] = useState<number | null>(null);
  // A payment the server refused (409) comes off its part: the cashier pays it another way.
  const refused = mpesa?.refused;
  const [seenRefused, setSeenRefused] = useState(refused);
  if (refused !== seenRefused) {
    setSeenRefused(refused);
    if (
      refused &&
      drafts.some(
        (draft) => draft.mpesaPaymentId !== undefined && refused.has(draft.mpesaPaymentId),
      )
    ) {
      setDrafts(
        drafts.map((draft) =>
          draft.mpesaPaymentId !== undefined && refused.has(draft.mpesaPaymentId)
            ? { ...draft, mpesaPaymentId: undefined, mpesaCode: '' }
            : draft,
        ),
      );
    }
  }
  const parts: PartDraft[] =
    mode === 'credit'
      ? [{ key: 0, method: 'credit', amount: String(centsToNumber(totalCents)), mpesaCode: '' }]
      : drafts;
  const plan = planPayment(parts, totalCents, customer);
  const { ready, paidCents, changeCents } = plan;
  const sent = JSON.stringify(plan.parts);
  useEffect(() => {
    onPlan({ parts: JSON.parse(sent) as PaymentPlan['parts'], paidCents, changeCents, ready });
  }, [onPlan, sent, paidCents, changeCents, ready]);
  // Gone (another method chosen): the checkout forgets the parts.
  useEffect(() => () => onPlan(null), [onPlan]);

  // Editing a part lets go of the M-Pesa payment attached to it (it paid what it showed).
  const change = (key: number, edit: Partial<PartDraft>) =>
    setDrafts((current) =>
      current.map((draft) =>
        draft.key === key ? { ...draft, mpesaPaymentId: undefined, ...edit } : draft,
      ),
    );
  const paid = (key: number, payment: AttachedMpesa) => {
    change(key, { mpesaPaymentId: payment.id, mpesaCode: payment.code ?? '' });
    setMpesaOpen(null);
    mpesa?.onPartPaid(payment.id);
  };
  const addMpesa = () =>
    setDrafts((current) => {
      const key = Math.max(...current.map((draft) => draft.key)) + 1;
      const lastMpesa = current.findLastIndex((draft) => draft.method === 'mpesa');
      const next = [...current];
      next.splice(lastMpesa + 1, 0, { key, method: 'mpesa', amount: '', mpesaCode: '' });
      return next;
    });
  const remove = (key: number) =>
    setDrafts((current) => current.filter((draft) => draft.key !== key));

  const mpesaKeys = drafts.filter((draft) => draft.method === 'mpesa').map((draft) => draft.key);
  const labelOf = (draft: PartDraft) => {
    if (draft.method !== 'mpesa') return t(`checkout.${draft.method}`);
    const number = mpesaKeys.indexOf(draft.key) + 1;
    return number > 1 ? t('payments.mpesaNumber', { number }) : t('checkout.mpesa');
  };

  return (
    <div className="grid gap-3" data-testid="payment-parts">
      {mode === 'split' && (
        <fieldset className="grid gap-3">
          <legend className="mb-2 font-semibold">{t('payments.legend')}</legend>
          {drafts.map((draft) => (
            <div key={draft.key} className="grid gap-2">
              <PartRow
                draft={draft}
                label={labelOf(draft)}
                removable={draft.method === 'mpesa' && mpesaKeys[0] !== draft.key}
                onChange={(edit) => change(draft.key, edit)}
                onRemove={() => remove(draft.key)}
              />
              {mpesa && draft.method === 'mpesa' && draft.mpesaPaymentId === undefined && (
                <MpesaPart
                  draft={draft}
                  label={labelOf(draft)}
                  mpesa={mpesa}
                  open={mpesaOpen === draft.key}
                  onToggle={() => setMpesaOpen(mpesaOpen === draft.key ? null : draft.key)}
                  onPaid={(payment) => paid(draft.key, payment)}
                />
              )}
            </div>
          ))}
          <Button type="button" variant="outline" size="sm" className="w-fit" onClick={addMpesa}>
            <PlusIcon className="size-4" aria-hidden />
            {t('payments.addMpesa')}
          </Button>
        </fieldset>
      )}
      {(mode === 'credit' || plan.creditCents > 0) && <CreditAccount customer={customer} />}
      {mode === 'split' && (
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          <dt>{t('payments.left')}</dt>
          <dd className="text-right font-semibold" data-testid="payment-left">
            {money(plan.leftCents)}
          </dd>
          <dt>{t('payments.change')}</dt>
          <dd className="text-right font-semibold" data-testid="payment-change">
            {money(changeCents)}
          </dd>
        </dl>
      )}
      <PlanProblemMessage plan={plan} />
    </div>
  );
}

/** An M-Pesa part's prompt and received payments, opened by the cashier, for its amount. */
function MpesaPart({
  draft,
  label,
  mpesa,
  open,
  onToggle,
  onPaid,
}: {
  draft: PartDraft;
  label: string;
  mpesa: PartsMpesa;
  open: boolean;
  onToggle: () => void;
  onPaid: (payment: AttachedMpesa) => void;
}) {
  const { t } = useTranslation('pos');
  const dueCents = plannedParts([draft])[0]?.amountCents ?? 0;
  if (dueCents < 100) return null;
  const id = `payment-part-${draft.key}`;
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        aria-expanded={open}
        aria-controls={open ? `${id}-mpesa` : undefined}
        aria-label={`${t('mpesa.partOpen')} (${label})`}
        onClick={onToggle}
      >
        {t('mpesa.partOpen')}
      </Button>
      {open && (
        <div id={`${id}-mpesa`}>
          <Suspense fallback={null}>
            <MpesaPanel
              dueCents={dueCents}
              clientSaleId={mpesa.clientSaleId}
              defaultPhone={mpesa.defaultPhone}
              refused={mpesa.refused}
              busy={mpesa.busy}
              onPaid={onPaid}
              codeFieldId={`${id}-code`}
              idPrefix={`${id}-pay`}
            />
          </Suspense>
        </div>
      )}
    </>
  );
}

function PartRow({
  draft,
  label,
  removable,
  onChange,
  onRemove,
}: {
  draft: PartDraft;
  label: string;
  removable: boolean;
  onChange: (edit: Partial<PartDraft>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('pos');
  const id = `payment-part-${draft.key}`;
  return (
    <div className="grid grid-cols-2 items-end gap-2">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder="0"
          value={draft.amount}
          onChange={(event) => onChange({ amount: event.target.value })}
        />
      </div>
      {draft.method === 'mpesa' && (
        <div className="grid gap-1">
          <div className="flex items-end justify-between gap-1">
            <Label htmlFor={`${id}-code`}>{t('payments.mpesaCode')}</Label>
            {removable && (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="-my-2 size-8 shrink-0"
                aria-label={t('payments.remove', { name: label })}
                onClick={onRemove}
              >
                <XIcon className="size-4" aria-hidden />
              </Button>
            )}
          </div>
          <Input
            id={`${id}-code`}
            autoComplete="off"
            autoCapitalize="characters"
            placeholder="SFT4XXXXXX"
            aria-describedby={draft.mpesaPaymentId === undefined ? undefined : `${id}-paid`}
            value={draft.mpesaCode}
            onChange={(event) => onChange({ mpesaCode: normaliseMpesaCode(event.target.value) })}
          />
          {draft.mpesaPaymentId !== undefined && (
            <p id={`${id}-paid`} className="text-xs font-semibold" data-testid="mpesa-part-paid">
              {t('mpesa.partPaid', { code: draft.mpesaCode })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** What a named customer owes and may owe; the reason credit is refused to the Walk-in. */
function CreditAccount({ customer }: { customer: Customer | null }) {
  const { t } = useTranslation('pos');
  if (!customer || customer.is_walk_in) return null;
  const balance = customer.balance ?? 0;
  const limit = customer.credit_limit ?? null;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="credit-account">
      {t('payments.owes', { name: customerName(customer), amount: formatCurrency(balance) })}{' '}
      {limit === null
        ? t('payments.limitDefault')
        : t('payments.limit', { amount: formatCurrency(limit) })}
    </p>
  );
}

function PlanProblemMessage({ plan }: { plan: PlanDetails }) {
  const { t } = useTranslation('pos');
  const messages: Record<Exclude<PlanDetails['problem'], 'left' | null>, string> = {
    creditNeedsCustomer: translateMessage('Credit needs a named customer'),
    changeNotCash: translateMessage('Change can only be given in cash'),
    sameCode: translateMessage('Each M-Pesa part needs its own code'),
    creditLimit: `${translateMessage('Credit limit exceeded')}: ${t('payments.room', {
      amount: money(plan.creditRoomCents ?? 0),
    })}`,
  };
  if (plan.problem === null || plan.problem === 'left') return null;
  return (
    <p role="alert" className="text-sm text-red-600 dark:text-red-400">
      {messages[plan.problem]}
    </p>
  );
}
