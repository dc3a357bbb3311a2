import type { ReceiptStatus } from '@duka/shared/sales/receipt-status.schemas';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { isPaper, PAPERS, type Paper } from '../lib/paper';
import type { useReceiptSender } from '../lib/use-receipt-sender';

type ReceiptSender = ReturnType<typeof useReceiptSender>;

/** The thermal paper in the printer: sets the printed receipt's width. */
export function PaperSelect({
  paper,
  onChange,
}: {
  paper: Paper;
  onChange: (paper: Paper) => void;
}) {
  const { t } = useTranslation('receipts');
  return (
    <div className="grid gap-1">
      <Label htmlFor="receipt-paper">{t('paper.label')}</Label>
      <NativeSelect
        id="receipt-paper"
        className="w-32"
        value={paper}
        onChange={(event) => {
          if (isPaper(event.target.value)) onChange(event.target.value);
        }}
      >
        {(Object.keys(PAPERS) as Paper[]).map((option) => (
          <option key={option} value={option}>
            {t(`paper.${option}`)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/**
 * Spec §2 Receipt Status: the SMS and WhatsApp badges of the sends recorded, or 'Not sent'.
 * Issue 21: an SMS through the provider goes out in the background — 'Sending SMS…' while it
 * is queued; when it finally failed, why, with Retry.
 */
export function ReceiptStatusBadges({
  status,
  onRetrySms,
  retrying = false,
}: {
  status: ReceiptStatus;
  onRetrySms?: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation('receipts');
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-1 text-sm">
        <span className="text-slate-600 dark:text-slate-300">{t('status.label')}</span>
        {status.sms && <Badge>{t('status.sms')}</Badge>}
        {status.whatsapp && <Badge>{t('status.whatsapp')}</Badge>}
        {!status.sms && !status.whatsapp && (
          <Badge variant="secondary">{t('status.notSent')}</Badge>
        )}
      </div>
      {status.sms_state === 'queued' && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {t('status.sending')}
        </p>
      )}
      {status.sms_state === 'failed' && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-red-700 dark:text-red-400">
            {t('status.smsFailed', { reason: status.sms_error ?? '' })}
          </span>
          {onRetrySms && (
            <Button size="sm" variant="outline" disabled={retrying} onClick={onRetrySms}>
              {t('status.retry')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * Print, WhatsApp, SMS and Close: the footer buttons every receipt shares (a sale's and a
 * refund's). The sends go through the receipt's own useReceiptSender.
 */
export function ReceiptSendActions({
  ready,
  sender,
  onPrint,
  onClose,
}: {
  ready: boolean;
  sender: Pick<ReceiptSender, 'start' | 'isSending'>;
  onPrint: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['receipts', 'common']);
  return (
    <>
      <Button onClick={onPrint} disabled={!ready}>
        {t('actions.print')}
      </Button>
      <Button
        variant="outline"
        onClick={() => sender.start('whatsapp')}
        disabled={!ready || sender.isSending}
      >
        {t('actions.whatsapp')}
      </Button>
      <Button
        variant="outline"
        onClick={() => sender.start('sms')}
        disabled={!ready || sender.isSending}
      >
        {t('actions.sms')}
      </Button>
      <Button variant="outline" onClick={onClose}>
        {t('common:actions.close')}
      </Button>
    </>
  );
}
