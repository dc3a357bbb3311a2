import { centsToNumber, formatCurrency } from '@duka/shared/money/money';
import { saleReference, type ReceivedPayment } from '@duka/shared/payments/mpesa.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { SHOP_TIME_ZONE } from '@/lib/format-date';
import { currentLanguage, DATE_LOCALES, translateMessage } from '@/lib/i18n';
import {
  getStkStatus,
  mpesaQueryKey,
  sendStkPrompt,
  STK_POLL_MS,
  STK_WAIT_MS,
  useMpesaTillConfig,
  useUnmatchedReceived,
} from '../api/mpesa';
import { covers, paymentForReference, stkOutcome, type StkResultKey } from '../lib/mpesa-till';

/** An M-Pesa payment the till puts on the sale (or on one part of it). */
export interface AttachedMpesa {
  id: number;
  /** Its receipt number (the M-Pesa code), when known. */
  code: string | null;
}

export interface MpesaPanelProps {
  /** What this M-Pesa payment pays: the whole total, or its part of a split. */
  dueCents: number;
  /**
   * This checkout's client_sale_id (one per checkout, issue 22): the prompt's AccountReference
   * and a paybill's account number are saleReference() of it, so they and the sale agree.
   */
  clientSaleId: string;
  /** The chosen customer's phone, when they have one. */
  defaultPhone: string;
  /** Ids of payments the server refused for this sale (409): never picked by themselves. */
  refused: ReadonlySet<number>;
  /** The sale is being sent: nothing more to press. */
  busy: boolean;
  /** A paid prompt or a received payment: the sale completes with it. */
  onPaid: (payment: AttachedMpesa) => void;
  /** The cashier takes cash instead (absent: not offered here). */
  onUseCash?: () => void;
  /** The id of the field where the cashier types the M-Pesa code. */
  codeFieldId: string;
  /** Prefix for this panel's element ids (one panel per M-Pesa part). */
  idPrefix: string;
}

type Prompt =
  | { step: 'idle' }
  | { step: 'sending' }
  | { step: 'waiting'; id: number; phone: string }
  | { step: 'failed'; key: StkResultKey; desc: string | null };

const money = (cents: number) => formatCurrency(centsToNumber(cents));

function timeOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(DATE_LOCALES[currentLanguage()], {
    timeStyle: 'short',
    timeZone: SHOP_TIME_ZONE,
  }).format(date);
}

/**
 * Issue 23: M-Pesa at 'Complete Sale' — where the customer pays (the till number, or the paybill
 * and this sale's account number), **Send prompt** to the customer's phone and its answer in
 * plain words with what to do next, and the store's **Received payments** not yet on a sale, one
 * tap to attach. Mounted only while the checkout is open online with M-Pesa chosen; its calls
 * stop when it unmounts. Renders nothing when the store has no M-Pesa settings or the config
 * cannot be read: the typed code then works as before. Loaded as its own chunk (the till's budget).
 */
export function MpesaPanel(props: MpesaPanelProps) {
  const config = useMpesaTillConfig();
  if (!config.data || (config.data.kind === null && !config.data.prompts_enabled)) return null;
  return <MpesaPanelBody {...props} config={config.data} />;
}

function MpesaPanelBody({
  dueCents,
  clientSaleId,
  defaultPhone,
  refused,
  busy,
  onPaid,
  onUseCash,
  codeFieldId,
  idPrefix,
  config,
}: MpesaPanelProps & {
  config: NonNullable<ReturnType<typeof useMpesaTillConfig>['data']>;
}) {
  const { t } = useTranslation('pos');
  const queryClient = useQueryClient();
  const reference = saleReference(clientSaleId);
  const [phone, setPhone] = useState(defaultPhone);
  // Another customer chosen in the dialog: their phone, unless a prompt is on its way.
  const [phoneOf, setPhoneOf] = useState(defaultPhone);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [prompt, setPrompt] = useState<Prompt>({ step: 'idle' });
  const [note, setNote] = useState<string | null>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const resendRef = useRef<HTMLButtonElement>(null);
  // One payment handed over per answer: a poll that says 'paid' twice completes the sale once.
  const handed = useRef<number | null>(null);
  const hand = (payment: AttachedMpesa) => {
    if (handed.current === payment.id) return;
    handed.current = payment.id;
    onPaid(payment);
  };
  const handRef = useRef(hand);
  useEffect(() => {
    handRef.current = hand;
  });
  // A refused payment (409) may be handed again only by the cashier's own tap.
  useEffect(() => {
    if (handed.current !== null && refused.has(handed.current)) handed.current = null;
  }, [refused]);

  if (phoneOf !== defaultPhone && prompt.step !== 'waiting' && prompt.step !== 'sending') {
    setPhoneOf(defaultPhone);
    setPhone(defaultPhone);
  }

  // While waiting: the prompt's answer every ~2 s, for ~3 minutes; nothing once unmounted
  // (the dialog closed, another method chosen).
  const waitingId = prompt.step === 'waiting' ? prompt.id : null;
  useEffect(() => {
    if (waitingId === null) return;
    const controller = new AbortController();
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const outcome = stkOutcome(await getStkStatus(waitingId, controller.signal));
        if (controller.signal.aborted) return;
        if (outcome.kind === 'paid') {
          setPrompt({ step: 'idle' });
          handRef.current({ id: outcome.id, code: outcome.receipt });
          return;
        }
        if (outcome.kind === 'failed') {
          setPrompt({ step: 'failed', key: outcome.key, desc: outcome.desc });
          return;
        }
      } catch {
        // A lost answer is asked again at the next beat.
        if (controller.signal.aborted) return;
      }
      if (Date.now() - started >= STK_WAIT_MS) {
        setPrompt({ step: 'failed', key: 'timeout', desc: null });
        return;
      }
      timer = setTimeout(() => void poll(), STK_POLL_MS);
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [waitingId]);
  // Focus follows the flow: the status while waiting, Resend once it failed.
  useEffect(() => {
    if (prompt.step === 'waiting') statusRef.current?.focus();
    if (prompt.step === 'failed') resendRef.current?.focus();
  }, [prompt.step]);

  const received = useUnmatchedReceived(config.kind !== null);
  const payments = (received.data ?? []).filter((payment) => payment.sale_id === null);
  // A paybill payment made to this checkout's account number picks itself.
  const own = paymentForReference(payments, reference, dueCents, refused);
  useEffect(() => {
    if (own && !busy) hand({ id: own.id, code: own.trans_id });
  });

  const send = async () => {
    if (busy || prompt.step === 'sending' || prompt.step === 'waiting') return;
    setPhoneError(null);
    setNote(null);
    setPrompt({ step: 'sending' });
    try {
      const id = await sendStkPrompt({
        phone: phone.trim(),
        amount: centsToNumber(dueCents),
        sale_reference: reference,
      });
      setPrompt({ step: 'waiting', id, phone: phone.trim() });
    } catch (error) {
      setPrompt({ step: 'idle' });
      const field =
        error instanceof ApiRequestError
          ? error.errors.find((entry) => entry.path === 'phone')
          : undefined;
      if (field) {
        setPhoneError(translateMessage(field.message));
        phoneRef.current?.focus();
        return;
      }
      setNote(
        `${t('mpesa.notSent')}: ${translateMessage(errorMessage(error, t('checkout.failed')))}`,
      );
    }
  };

  const attach = (payment: ReceivedPayment) => {
    if (busy) return;
    if (!covers(payment, dueCents)) {
      setNote(
        t('mpesa.received.tooSmall', {
          amount: formatCurrency(payment.amount),
          due: money(dueCents),
        }),
      );
      return;
    }
    handed.current = null;
    hand({ id: payment.id, code: payment.trans_id });
    void queryClient.invalidateQueries({ queryKey: [...mpesaQueryKey, 'received'] });
  };

  const onPhoneKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter sends the prompt here, never the sale.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void send();
  };

  const payTo =
    config.pay_to === null
      ? null
      : config.kind === 'paybill'
        ? t('mpesa.payPaybill', { paybill: config.pay_to, reference })
        : t('mpesa.payTill', { till: config.pay_to });
  const waiting = prompt.step === 'waiting' || prompt.step === 'sending';
  const phoneId = `${idPrefix}-phone`;

  return (
    <div className="grid gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      {payTo && (
        <p className="font-semibold" data-testid="mpesa-pay-to">
          {payTo}
        </p>
      )}
      {config.prompts_enabled && (
        <div className="grid gap-1">
          <Label htmlFor={phoneId}>{t('mpesa.phone')}</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              ref={phoneRef}
              id={phoneId}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder="0712 345 678"
              className="min-w-0 flex-1 basis-40"
              aria-invalid={phoneError !== null}
              aria-describedby={`${phoneId}-error`}
              value={phone}
              disabled={waiting}
              onChange={(event) => setPhone(event.target.value)}
              onKeyDown={onPhoneKey}
            />
            <Button
              type="button"
              disabled={busy || waiting}
              onClick={() => void send()}
              data-testid="mpesa-send"
            >
              {prompt.step === 'sending' ? t('mpesa.sending') : t('mpesa.send')}
            </Button>
          </div>
          <FieldError id={`${phoneId}-error`}>{phoneError ?? undefined}</FieldError>
        </div>
      )}
      <div ref={statusRef} tabIndex={-1} role="status" aria-live="polite" className="outline-none">
        {prompt.step === 'waiting' && (
          <>
            <p className="font-semibold">{t('mpesa.waiting')}</p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t('mpesa.waitingHint', { phone: prompt.phone, amount: money(dueCents) })}
            </p>
          </>
        )}
      </div>
      {prompt.step === 'failed' && (
        <div className="grid gap-2" data-testid="mpesa-failed">
          <p role="alert" className="text-sm font-semibold text-red-600 dark:text-red-400">
            {prompt.key === 'other'
              ? t('mpesa.result.other', { desc: prompt.desc ?? '' })
              : t(`mpesa.result.${prompt.key}`)}
          </p>
          <div role="group" aria-label={t('mpesa.otherWays')} className="flex flex-wrap gap-2">
            <Button ref={resendRef} type="button" size="sm" onClick={() => void send()}>
              {t('mpesa.resend')}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => {
                setPrompt({ step: 'idle' });
                setPhone('');
                requestAnimationFrame(() => phoneRef.current?.focus());
              }}
            >
              {t('mpesa.anotherNumber')}
            </Button>
            {onUseCash && (
              <Button type="button" size="sm" variant="outline" onClick={onUseCash}>
                {t('mpesa.useCash')}
              </Button>
            )}
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => document.getElementById(codeFieldId)?.focus()}
            >
              {t('mpesa.typeCode')}
            </Button>
          </div>
        </div>
      )}
      {note && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {note}
        </p>
      )}
      {config.kind !== null && (
        <section aria-labelledby={`${idPrefix}-received`} className="grid gap-2">
          <h3 id={`${idPrefix}-received`} className="text-sm font-semibold">
            {t('mpesa.received.title')}
          </h3>
          {payments.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {received.isSuccess ? t('mpesa.received.empty') : t('mpesa.received.loading')}
            </p>
          ) : (
            <ul className="grid max-h-48 gap-1 overflow-y-auto" data-testid="mpesa-received">
              {payments.map((payment) => (
                <li
                  key={payment.id}
                  className="flex items-center justify-between gap-2 rounded border border-slate-200 px-2 py-1 dark:border-slate-700"
                >
                  <span className="min-w-0 text-sm">
                    <span className="font-semibold">{formatCurrency(payment.amount)}</span>{' '}
                    <span className="text-slate-600 dark:text-slate-300">
                      {timeOf(payment.received_at)}
                    </span>
                    <span className="block truncate">{payment.phone_or_name}</span>
                  </span>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    aria-label={t('mpesa.received.attachLabel', {
                      amount: formatCurrency(payment.amount),
                      name: payment.phone_or_name,
                      time: timeOf(payment.received_at),
                    })}
                    onClick={() => attach(payment)}
                  >
                    {t('mpesa.received.attach')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
