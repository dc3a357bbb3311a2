import { RECEIPT_DEFAULTS } from '@duka/shared/receipt-settings/receipt-defaults';
import type { ReceiptSettings } from '@duka/shared/receipt-settings/receipt-settings.schemas';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import { useRef, useState } from 'react';
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
import { useCan } from '@/lib/use-can';
import { useSale } from '../api/get-sale';
import { useReceiptSettings } from '../api/receipt-settings';
import { usePaper } from '../lib/paper';
import { useReceiptPrint } from '../lib/use-receipt-print';
import { useReceiptSender } from '../lib/use-receipt-sender';
import { PaperSelect, ReceiptSendActions, ReceiptStatusBadges } from './receipt-controls';
import { ReceiptPhonePrompt } from './receipt-phone-prompt';
import { ReceiptSentPrompt, SmsUnavailable } from './receipt-sent-prompt';
import { ReceiptSettingsDialog } from './receipt-settings-dialog';
import { ReceiptView } from './receipt-view';

/**
 * Issue 22: a sale kept on the device (the till's outbox), read as a sale by app/: its receipt
 * is numbered by the device (T3-0042) and, once uploaded, shows the sale's number too.
 */
export interface LocalReceipt {
  sale: Sale;
  state: 'waiting' | 'sending' | 'sent' | 'refused';
  /** Why the server refused it, when it did. */
  message: string | null;
  /** The store's receipt settings kept on the device, for a receipt printed offline. */
  settings: ReceiptSettings | null;
}

interface ReceiptDialogProps {
  /** The sale whose receipt shows; null when closed. */
  saleId: number | null;
  /** Issue 22: a sale kept on the device, shown instead when given. */
  localSale?: LocalReceipt | null;
  /** The store whose receipt settings head the receipt (the current store). */
  storeId: number | null;
  onClose: () => void;
  /** Where focus goes when it closes (the till's search box); the opener otherwise. */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Spec §2 Point of Sale: 'Sale Receipt #{id}' with Print / Save PDF, WhatsApp, SMS, Close. */
export function ReceiptDialog({
  saleId,
  localSale = null,
  storeId,
  onClose,
  onCloseAutoFocus,
}: ReceiptDialogProps) {
  return (
    <Dialog
      open={saleId !== null || localSale !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      {localSale !== null ? (
        <LocalReceiptBody
          local={localSale}
          storeId={storeId}
          onClose={onClose}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      ) : (
        saleId !== null && (
          <ReceiptDialogBody
            saleId={saleId}
            storeId={storeId}
            onClose={onClose}
            onCloseAutoFocus={onCloseAutoFocus}
          />
        )
      )}
    </Dialog>
  );
}

/**
 * Issue 22: the receipt of a sale kept on the device, printed and saved as PDF like any other.
 * WhatsApp and SMS go through the server: they come with the sale's own receipt once uploaded.
 */
function LocalReceiptBody({
  local,
  storeId,
  onClose,
  onCloseAutoFocus,
}: {
  local: LocalReceipt;
  storeId: number | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation(['receipts', 'common']);
  const number = local.sale.device_receipt_number ?? '';
  // The store's settings from the server when it answers, else those kept on the device.
  const settings = useReceiptSettings(storeId).data ?? local.settings ?? RECEIPT_DEFAULTS;
  const [paper, setPaper] = usePaper();
  const receiptRef = useRef<HTMLDivElement>(null);
  const print = useReceiptPrint(receiptRef, number, paper);
  const state =
    local.state === 'sent'
      ? local.sale.id > 0
        ? t('local.sent', { id: local.sale.id })
        : t('local.sentNoNumber')
      : local.state === 'refused'
        ? t('local.refused', { reason: local.message ?? '' })
        : t('local.waiting');

  return (
    <DialogContent data-receipt-dialog className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>{t('local.title', { number })}</DialogTitle>
        <DialogDescription>{t('local.description')}</DialogDescription>
      </DialogHeader>
      <p
        role="status"
        className={
          local.state === 'refused'
            ? 'text-sm text-red-600 dark:text-red-400'
            : 'text-sm text-slate-600 dark:text-slate-300'
        }
      >
        {state}
      </p>
      <ReceiptView ref={receiptRef} sale={local.sale} settings={settings} paper={paper} />
      <PaperSelect paper={paper} onChange={setPaper} />
      <DialogFooter className="flex-wrap">
        <Button onClick={print}>{t('actions.print')}</Button>
        <Button variant="outline" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

function ReceiptDialogBody({
  saleId,
  storeId,
  onClose,
  onCloseAutoFocus,
}: {
  saleId: number;
  storeId: number | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation(['receipts', 'common']);
  const can = useCan();
  const { query: sale, etims } = useSale(saleId);
  const settings = useReceiptSettings(storeId);
  const [paper, setPaper] = usePaper();
  const receiptRef = useRef<HTMLDivElement>(null);
  const print = useReceiptPrint(receiptRef, saleId, paper);
  const sender = useReceiptSender(saleId, sale.data?.Customer?.phone ?? null);
  const [customizing, setCustomizing] = useState(false);
  const ready = sale.data !== undefined && settings.data !== undefined;
  const failed = sale.isError || settings.isError;

  return (
    <DialogContent data-receipt-dialog className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>{t('dialog.title', { id: saleId })}</DialogTitle>
        <DialogDescription>{t('dialog.description')}</DialogDescription>
      </DialogHeader>
      {ready ? (
        <ReceiptView
          ref={receiptRef}
          sale={sale.data}
          settings={settings.data}
          paper={paper}
          onCheckEtims={etims.stalled ? etims.checkAgain : undefined}
        />
      ) : failed ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p>{t('dialog.loadFailed')}</p>
          <Button
            variant="outline"
            onClick={() => {
              if (sale.isError) void sale.refetch();
              if (settings.isError) void settings.refetch();
            }}
          >
            {t('dialog.retry')}
          </Button>
        </div>
      ) : (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {t('dialog.loading')}
        </p>
      )}
      {ready && (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <PaperSelect paper={paper} onChange={setPaper} />
          <ReceiptStatusBadges
            status={sale.data.receipt_status}
            onRetrySms={() => sender.start('sms')}
            retrying={sender.isSending}
          />
        </div>
      )}
      {sender.askingFor && (
        <ReceiptPhonePrompt
          channel={sender.askingFor}
          error={sender.fieldError}
          isSending={sender.isSending}
          onSend={sender.sendTo}
          onCancel={sender.cancel}
        />
      )}
      {sender.confirming && (
        <ReceiptSentPrompt
          channel={sender.confirming}
          isSending={sender.isSending}
          onAnswer={sender.answer}
        />
      )}
      {sender.smsUnavailable && <SmsUnavailable />}
      <DialogFooter className="flex-wrap">
        {can('receipt-settings:update') && storeId !== null && (
          <Button variant="outline" onClick={() => setCustomizing(true)}>
            {t('actions.customize')}
          </Button>
        )}
        <ReceiptSendActions ready={ready} sender={sender} onPrint={print} onClose={onClose} />
      </DialogFooter>
      {storeId !== null && (
        <ReceiptSettingsDialog open={customizing} onOpenChange={setCustomizing} storeId={storeId} />
      )}
    </DialogContent>
  );
}
