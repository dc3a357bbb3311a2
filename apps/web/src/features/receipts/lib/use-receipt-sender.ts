import type { ReceiptChannel } from '@duka/shared/sales/sales.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useSendReceipt } from '../api/send-receipt';
import { openInNewTab, openSmsApp } from './open-link';
import { toastFailure } from '@/lib/failure-toast';

/** The server's 400 when there is no number to send to, or the typed one is not valid. */
function phoneError(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return null;
  const field = error.errors.find((item) => item.path.split(/[./]/).pop() === 'phone');
  return field ? field.message : null;
}

/**
 * WhatsApp and SMS for a receipt (PRODUCT.md §4). Without a customer phone the number is asked
 * for first (`askingFor`); the server's answer decides what happens next: the wa.me chat opens
 * in a new tab, an SMS Africa's Talking sent is confirmed, else the phone's SMS app opens.
 */
export function useReceiptSender(saleId: number, customerPhone: string | null) {
  const { t } = useTranslation(['receipts', 'common']);
  const mutation = useSendReceipt();
  const [askingFor, setAskingFor] = useState<ReceiptChannel | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const send = async (channel: ReceiptChannel, phone?: string) => {
    try {
      const result = await mutation.mutateAsync({ saleId, channel, phone });
      setAskingFor(null);
      setFieldError(null);
      if (channel === 'whatsapp') openInNewTab(result.link);
      else if (result.sent) {
        toast({
          title: t('send.smsSent'),
          description: t('send.smsSentDescription', { phone: `+${result.phone}` }),
        });
      } else openSmsApp(result.link);
    } catch (error) {
      const message = phoneError(error);
      if (message !== null) {
        setAskingFor(channel);
        // No number yet: the prompt explains; a typed number the server refused: its message.
        setFieldError(phone ? translateMessage(message) : null);
        return;
      }
      toastFailure(error, t('send.failed'));
    }
  };

  return {
    askingFor,
    fieldError,
    isSending: mutation.isPending,
    start: (channel: ReceiptChannel) => {
      if (customerPhone) void send(channel);
      else {
        setFieldError(null);
        setAskingFor(channel);
      }
    },
    sendTo: (phone: string) => {
      if (askingFor) void send(askingFor, phone);
    },
    cancel: () => {
      setAskingFor(null);
      setFieldError(null);
    },
  };
}
