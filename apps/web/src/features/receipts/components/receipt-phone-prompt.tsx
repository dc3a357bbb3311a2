import type { ReceiptChannel } from '@duka/shared/sales/sales.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

interface ReceiptPhonePromptProps {
  channel: ReceiptChannel;
  error: string | null;
  isSending: boolean;
  onSend: (phone: string) => void;
  onCancel: () => void;
}

/** The number to send the receipt to, asked inline when the customer has none. */
export function ReceiptPhonePrompt({
  channel,
  error,
  isSending,
  onSend,
  onCancel,
}: ReceiptPhonePromptProps) {
  const { t } = useTranslation(['receipts', 'common']);
  const [phone, setPhone] = useState('');
  return (
    <form
      className="grid gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
      onSubmit={(event) => {
        event.preventDefault();
        if (phone.trim()) onSend(phone.trim());
      }}
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('send.phoneHint')}</p>
      <TextField
        id="receipt-phone"
        label={t('send.phoneLabel')}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        autoFocus
        placeholder="0712 345 678"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        error={error ?? undefined}
        required
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" disabled={isSending || !phone.trim()}>
          {`${t('send.submit')} · ${t(`actions.${channel}`)}`}
        </Button>
      </div>
    </form>
  );
}
