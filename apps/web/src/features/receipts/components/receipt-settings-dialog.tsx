import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useReceiptSettings } from '../api/receipt-settings';
import { ReceiptSettingsForm } from './receipt-settings-form';

interface ReceiptSettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The store whose receipt this is (the current store). */
  storeId: number;
}

/**
 * 'Customize Receipt' (spec §2 Receipt Settings card, §3, §7, §8): the store's header and
 * thank-you message, plus its KRA PIN and M-Pesa till or paybill (PRODUCT.md §4b).
 */
export function ReceiptSettingsDialog({ open, onOpenChange, storeId }: ReceiptSettingsDialogProps) {
  const { t } = useTranslation('receipts');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('settings.title')}</DialogTitle>
          <DialogDescription>{t('settings.description')}</DialogDescription>
        </DialogHeader>
        {open && <ReceiptSettingsBody storeId={storeId} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ReceiptSettingsBody({ storeId, onDone }: { storeId: number; onDone: () => void }) {
  const { t } = useTranslation('receipts');
  const settings = useReceiptSettings(storeId);
  if (settings.data) {
    return <ReceiptSettingsForm storeId={storeId} settings={settings.data} onDone={onDone} />;
  }
  if (settings.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p className="text-red-700 dark:text-red-400">
          {t('settings.loadError', {
            message: translateMessage(errorMessage(settings.error, t('dialog.loadFailed'))),
          })}
        </p>
        <Button variant="outline" onClick={() => void settings.refetch()}>
          {t('dialog.retry')}
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
      {t('settings.loading')}
    </p>
  );
}
