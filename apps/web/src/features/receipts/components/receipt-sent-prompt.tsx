import type { ReceiptChannel } from '@duka/shared/sales/sales.schemas';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * Issue 20: after the WhatsApp chat or the SMS app opened, "Sent?" — Yes turns the badge on,
 * No leaves it as it was. No app took the link: the device has none, and the till says so.
 */
export function ReceiptSentPrompt({
  channel,
  isSending,
  onAnswer,
}: {
  channel: ReceiptChannel;
  isSending: boolean;
  onAnswer: (sent: boolean) => void;
}) {
  const { t } = useTranslation('receipts');
  return (
    <div
      role="group"
      aria-labelledby="receipt-sent-question"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
    >
      <p id="receipt-sent-question" className="text-sm font-medium">
        {t('send.sentQuestion')}
        <span className="sr-only"> {t(`actions.${channel}`)}</span>
      </p>
      <div className="flex gap-2">
        <Button size="sm" disabled={isSending} onClick={() => onAnswer(true)}>
          {t('send.yes')}
        </Button>
        <Button size="sm" variant="outline" disabled={isSending} onClick={() => onAnswer(false)}>
          {t('send.no')}
        </Button>
      </div>
    </div>
  );
}

export function SmsUnavailable() {
  const { t } = useTranslation('receipts');
  return (
    <p
      role="alert"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      {t('send.smsUnavailable')}
    </p>
  );
}
