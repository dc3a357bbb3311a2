import type { Customer } from '@duka/shared/customers/customers.schemas';
import { centsToNumber, formatCurrency } from '@duka/shared/money/money';
import { PlusIcon, XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { customerName } from '@/lib/customer-name';
import { translateMessage } from '@/lib/i18n';
import { normaliseMpesaCode, type PaymentPlan } from '../lib/checkout';
import { planPayment, type PartDraft, type PlanDetails } from '../lib/payment-parts';

interface PaymentPartsFieldsProps {
  /** credit: the whole total on credit; split: the cashier's parts. */
  mode: 'credit' | 'split';
  totalCents: number;
  /** The sale's customer as chosen in the dialog; null until one resolves. */
  customer: Customer | null;
  onPlan: (plan: PaymentPlan | null) => void;
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
}: PaymentPartsFieldsProps) {
  const { t } = useTranslation('pos');
  const [drafts, setDrafts] = useState<PartDraft[]>(SPLIT_START);
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

  const change = (key: number, edit: Partial<PartDraft>) =>
    setDrafts((current) =>
      current.map((draft) => (draft.key === key ? { ...draft, ...edit } : draft)),
    );
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
            <PartRow
              key={draft.key}
              draft={draft}
              label={labelOf(draft)}
              removable={draft.method === 'mpesa' && mpesaKeys[0] !== draft.key}
              onChange={(edit) => change(draft.key, edit)}
              onRemove={() => remove(draft.key)}
            />
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
            value={draft.mpesaCode}
            onChange={(event) => onChange({ mpesaCode: normaliseMpesaCode(event.target.value) })}
          />
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
