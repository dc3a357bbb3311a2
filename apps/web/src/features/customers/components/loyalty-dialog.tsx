import {
  loyaltyAdjustSchema,
  type Customer,
  type LoyaltyKind,
} from '@duka/shared/customers/customers.schemas';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/failure-toast';
import { formatDate } from '@/lib/format-date';
import { translateMessage } from '@/lib/i18n';
import { useAdjustLoyalty, useLoyaltyPoints, useLoyaltyTransactions } from '../api/loyalty';

interface LoyaltyDialogProps {
  /** The customer whose points are shown; the dialog is open while it is not null. */
  customer: Customer | null;
  onOpenChange: (open: boolean) => void;
  /** Managers add and redeem points (loyalty:adjust); others only read. */
  canAdjust: boolean;
}

/**
 * Rendered with key={customer id}, so the form starts blank for each customer.
 * A customer's loyalty card: the balance, the history, and Add / Redeem points for managers. */
export function LoyaltyDialog({ customer, onOpenChange, canAdjust }: LoyaltyDialogProps) {
  const { t } = useTranslation(['customers', 'common']);
  const customerId = customer?.id ?? null;
  const points = useLoyaltyPoints(customerId);
  const history = useLoyaltyTransactions(customerId);
  const adjust = useAdjustLoyalty();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async (kind: 'add' | 'redeem') => {
    if (customerId === null) return;
    const parsed = loyaltyAdjustSchema.safeParse({
      customer_id: customerId,
      points: amount.trim() === '' ? Number.NaN : Number(amount),
      reason: reason.trim() || undefined,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const result = await adjust.mutateAsync({ kind, input: parsed.data });
      toast({
        title: t('common:toast.success'),
        description: t(kind === 'add' ? 'loyalty.added' : 'loyalty.redeemed', {
          count: parsed.data.points,
          balance: result.data.points,
        }),
      });
      setAmount('');
      setReason('');
    } catch (failure) {
      toastFailure(failure, t(kind === 'add' ? 'loyalty.addFailed' : 'loyalty.redeemFailed'));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit('add');
  };

  const kindLabel = (kind: LoyaltyKind) => t(`loyalty.kinds.${kind}`);

  return (
    <Dialog open={customer !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('loyalty.title', { name: customer?.name ?? '' })}</DialogTitle>
          <DialogDescription>{t('loyalty.description')}</DialogDescription>
        </DialogHeader>
        <p className="text-lg" role="status" aria-live="polite">
          {points.isLoading ? (
            t('loyalty.loading')
          ) : points.isError ? (
            <span className="text-red-700 dark:text-red-400">{t('loyalty.loadFailed')}</span>
          ) : (
            <>
              {t('loyalty.balance')}{' '}
              <strong data-testid="loyalty-balance">{points.data ?? 0}</strong>
            </>
          )}
        </p>
        {canAdjust && (
          <form className="grid gap-3" onSubmit={onSubmit} noValidate>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                id="loyalty-points"
                label={t('loyalty.points')}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                error={translateMessage(error)}
              />
              <TextField
                id="loyalty-reason"
                label={t('loyalty.reason')}
                value={reason}
                maxLength={200}
                onChange={(event) => setReason(event.target.value)}
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={adjust.isPending}>
                {t('loyalty.add')}
              </Button>
              <Button
                type="button"
                variant="outline"
                disabled={adjust.isPending}
                onClick={() => void submit('redeem')}
              >
                {t('loyalty.redeem')}
              </Button>
            </div>
          </form>
        )}
        <section aria-labelledby="loyalty-history-title" className="grid gap-2">
          <h3 id="loyalty-history-title" className="font-medium">
            {t('loyalty.history')}
          </h3>
          {history.isLoading ? (
            <p className="text-slate-600 dark:text-slate-400">{t('loyalty.loading')}</p>
          ) : history.isError ? (
            <p className="text-red-700 dark:text-red-400">{t('loyalty.loadFailed')}</p>
          ) : (history.data ?? []).length === 0 ? (
            <p className="text-slate-600 dark:text-slate-400">{t('loyalty.empty')}</p>
          ) : (
            <ul className="divide-y divide-slate-200 dark:divide-slate-800">
              {history.data!.map((row) => (
                <li
                  key={row.id}
                  className="flex flex-wrap items-baseline justify-between gap-2 py-2"
                >
                  <div className="min-w-0">
                    <p className="font-medium">
                      {kindLabel(row.kind)}
                      {row.sale_id !== null && (
                        <span className="font-normal text-slate-600 dark:text-slate-400">
                          {' '}
                          · {t('loyalty.sale', { id: row.sale_id })}
                        </span>
                      )}
                    </p>
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      {formatDate(row.created_at, 'mediumWithTime')}
                      {row.user_name ? ` · ${row.user_name}` : ''}
                      {row.reason ? ` · ${row.reason}` : ''}
                    </p>
                  </div>
                  <span
                    className={
                      row.points < 0
                        ? 'font-semibold text-red-700 dark:text-red-400'
                        : 'font-semibold text-green-700 dark:text-green-400'
                    }
                  >
                    {row.points > 0 ? `+${row.points}` : row.points}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t('common:actions.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
