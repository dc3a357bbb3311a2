import { useRef } from 'react';
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
import { usePaperPrint } from '@/lib/thermal-print';
import { useSale } from '../api/get-sale';
import { useReceiptSettings } from '../api/receipt-settings';
import { usePaper } from '../lib/paper';
import { useReceiptSender } from '../lib/use-receipt-sender';
import { PaperSelect, ReceiptSendActions } from './receipt-controls';
import { ReceiptPhonePrompt } from './receipt-phone-prompt';
import { SmsUnavailable } from './receipt-sent-prompt';
import { RefundReceiptView } from './refund-receipt-view';

/** The return whose refund receipt shows. */
export interface RefundReceiptTarget {
  saleId: number;
  returnId: number;
}

interface RefundReceiptDialogProps {
  /** Null when closed. */
  target: RefundReceiptTarget | null;
  /** The store whose receipt settings head the receipt (the current store). */
  storeId: number | null;
  onClose: () => void;
  /** Where focus goes when it closes (the till's search box); the opener otherwise. */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Refund Receipt #{id} (issue 24): the return's receipt over the page, as a sale's — Print /
 * Save PDF on 58 or 80 mm paper, WhatsApp and SMS to the customer (or a number typed), Close.
 * It reads the sale again, so the return shows as the server recorded it. Its words are the
 * returns namespace's: the pages load them with this dialog, and the till's budget stays as it was.
 */
export function RefundReceiptDialog({
  target,
  storeId,
  onClose,
  onCloseAutoFocus,
}: RefundReceiptDialogProps) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target && (
        <RefundReceiptBody
          key={`${target.saleId}-${target.returnId}`}
          target={target}
          storeId={storeId}
          onClose={onClose}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      )}
    </Dialog>
  );
}

export default RefundReceiptDialog;

function RefundReceiptBody({
  target: { saleId, returnId },
  storeId,
  onClose,
  onCloseAutoFocus,
}: {
  target: RefundReceiptTarget;
  storeId: number | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation(['receipts', 'returns', 'common']);
  const { query: sale, etims } = useSale(saleId);
  const settings = useReceiptSettings(storeId);
  const [paper, setPaper] = usePaper();
  const receiptRef = useRef<HTMLDivElement>(null);
  const print = usePaperPrint(receiptRef, `Refund_${returnId}`, paper);
  const sender = useReceiptSender(saleId, sale.data?.Customer?.phone ?? null, returnId);
  const saleReturn = sale.data?.returns.find((entry) => entry.id === returnId);
  const ready = saleReturn !== undefined && settings.data !== undefined;
  const failed = sale.isError || settings.isError;

  return (
    <DialogContent data-receipt-dialog className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>{t('returns:receipt.title', { id: returnId })}</DialogTitle>
        <DialogDescription>{t('returns:receipt.description')}</DialogDescription>
      </DialogHeader>
      {ready ? (
        <RefundReceiptView
          ref={receiptRef}
          sale={sale.data!}
          saleReturn={saleReturn}
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
      ) : sale.data && settings.data ? (
        <p role="alert" className="text-sm">
          {t('returns:receipt.notFound')}
        </p>
      ) : (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {t('dialog.loading')}
        </p>
      )}
      {ready && <PaperSelect paper={paper} onChange={setPaper} />}
      {sender.askingFor && (
        <ReceiptPhonePrompt
          channel={sender.askingFor}
          error={sender.fieldError}
          isSending={sender.isSending}
          onSend={sender.sendTo}
          onCancel={sender.cancel}
        />
      )}
      {sender.smsUnavailable && <SmsUnavailable />}
      <DialogFooter className="flex-wrap">
        <ReceiptSendActions ready={ready} sender={sender} onPrint={print} onClose={onClose} />
      </DialogFooter>
    </DialogContent>
  );
}
