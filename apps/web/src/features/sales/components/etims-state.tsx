import type { EtimsState, EtimsStatus } from '@duka/shared/etims/etims.schemas';
import { CircleCheckIcon, CircleXIcon, ClockIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/failure-toast';
import { useCan } from '@/lib/use-can';
import { useRetryEtims, type EtimsDocument } from '../api/retry-etims';

const BADGES = {
  pending: { variant: 'warning', Icon: ClockIcon },
  sent: { variant: 'success', Icon: CircleCheckIcon },
  failed: { variant: 'danger', Icon: CircleXIcon },
} as const;

/**
 * Issue 26: an invoice's state with KRA eTIMS — Pending, Sent or Failed, in words with an icon
 * (never by colour alone); nothing for a sale of a store not registered.
 */
export function EtimsBadge({ status }: { status: EtimsStatus | undefined }) {
  const { t } = useTranslation('sales');
  if (!status || status === 'not_registered') return null;
  const { variant, Icon } = BADGES[status];
  return (
    <Badge variant={variant} className="gap-1" data-testid="etims-badge">
      <Icon aria-hidden className="size-3" />
      {t(`etims.status.${status}`)}
    </Badge>
  );
}

/**
 * Issue 26: the eTIMS state of a sale's invoice or a return's credit note in the sale's details:
 * the state, the control unit's invoice number once signed, KRA's code and message when refused
 * (or why it waits), and for managers Retry while it is refused or waiting. `onRetried` gets the
 * state the server answers, so the details follow even when the sale leaves a filtered list.
 */
export function EtimsStateDetails({
  etims,
  document,
  label,
  onRetried,
}: {
  etims: EtimsState | undefined;
  document: EtimsDocument;
  /** What Retry sends again, for its accessible name ('sale #42', 'credit note 3'). */
  label: string;
  onRetried?: (etims: EtimsState) => void;
}) {
  const { t } = useTranslation('sales');
  const can = useCan();
  const retry = useRetryEtims();
  if (!etims || etims.status === 'not_registered') return null;
  const retryable = can('etims:retry') && (etims.status === 'failed' || etims.status === 'pending');

  const handleRetry = () => {
    retry.mutate(document, {
      onSuccess: (state) => {
        onRetried?.(state);
        toast({
          title: state.status === 'sent' ? t('etims.retrySent') : t('etims.retryQueued'),
        });
      },
      onError: (error) => toastFailure(error, t('etims.retryFailed')),
    });
  };

  return (
    <div className="grid justify-items-start gap-1 text-sm" data-testid="etims-state">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-slate-600 dark:text-slate-400">{t('etims.label')}</span>
        <EtimsBadge status={etims.status} />
        {etims.status === 'sent' && etims.invoice_number && (
          <span>
            {t('etims.cuInvoice')} <span className="font-mono">{etims.invoice_number}</span>
          </span>
        )}
      </div>
      {etims.result_code && (
        <p>
          {t('etims.code')} <span className="font-mono">{etims.result_code}</span>
        </p>
      )}
      {etims.status !== 'sent' && etims.message && (
        <p className="break-words text-slate-700 dark:text-slate-300">{etims.message}</p>
      )}
      {retryable && (
        <Button
          variant="outline"
          size="sm"
          disabled={retry.isPending}
          aria-label={t('etims.retryOf', { what: label })}
          onClick={handleRetry}
        >
          {retry.isPending ? t('etims.retrying') : t('etims.retry')}
        </Button>
      )}
    </div>
  );
}
