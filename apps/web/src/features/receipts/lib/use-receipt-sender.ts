import type { ReceiptChannel } from '@duka/shared/sales/sales.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useSendReceipt } from '../api/send-receipt';
import { useConfirmReceipt } from '../api/confirm-receipt';
import { handedOff, openInNewTab, openSmsApp } from './open-link';
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
 * Issue 20: a link is a send only when the person says so ("Sent?" → Yes, `confirming`); an
 * sms: link no app took over says so instead (`smsUnavailable`).
 */
export function useReceiptSender(
  saleId: number,
  customerPhone: string | null,
  /** Issue 24: sends this return's refund receipt; no send of it is recorded, so none is asked. */
  returnId?: number,
) {
  const { t } = useTranslation(['receipts', 'returns', 'common']);
  const mutation = useSendReceipt();
  const confirmation = useConfirmReceipt();
  const [askingFor, setAskingFor] = useState<ReceiptChannel | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<ReceiptChannel | null>(null);
  const [smsUnavailable, setSmsUnavailable] = useState(false);

  const send = async (channel: ReceiptChannel, phone?: string) => {
    setConfirming(null);
    setSmsUnavailable(false);
    try {
      const result = await mutation.mutateAsync({ saleId, channel, phone, returnId });
      setAskingFor(null);
      setFieldError(null);
      const refund = returnId !== undefined;
      if (channel === 'whatsapp') {
        openInNewTab(result.link);
        if (!refund) setConfirming('whatsapp');
      } else if (result.queued) {
        // Issue 21: sent in the background; the receipt shows 'Sending SMS…', then the badge.
        // A refund receipt has no badge to follow: it says it is on its way.
        if (refund) {
          toast({
            title: t('returns:receipt.smsQueued'),
            description: t('returns:receipt.smsQueuedDescription', { phone: `+${result.phone}` }),
          });
        }
      } else if (result.sent) {
        toast({
          title: t('send.smsSent'),
          description: t('send.smsSentDescription', { phone: `+${result.phone}` }),
        });
      } else {
        const watching = handedOff();
        openSmsApp(result.link);
        if (!(await watching)) setSmsUnavailable(true);
        else if (!refund) setConfirming('sms');
      }
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

  const answer = async (sent: boolean) => {
    const channel = confirming;
    setConfirming(null);
    if (!sent || !channel) return;
    try {
      await confirmation.mutateAsync({ saleId, channel });
    } catch (error) {
      toastFailure(error, t('send.failed'));
    }
  };

  return {
    askingFor,
    fieldError,
    confirming,
    smsUnavailable,
    isSending: mutation.isPending || confirmation.isPending,
    /** The answer to "Sent?": yes records the send, no leaves the badge as it was. */
    answer: (sent: boolean) => void answer(sent),
    start: (channel: ReceiptChannel) => {
      setConfirming(null);
      setSmsUnavailable(false);
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
