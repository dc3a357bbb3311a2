import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/use-can';
import { ReceiptSettingsDialog } from './receipt-settings-dialog';

/**
 * 'Receipt Settings', opening 'Customize Receipt' (spec §2), for the roles that may change them
 * (PRODUCT.md §1); nothing for the others. Placed by the /pos and /sales pages.
 */
export function ReceiptSettingsButton({
  storeId,
  className,
}: {
  storeId: number | null;
  className?: string;
}) {
  const { t } = useTranslation('receipts');
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can('receipt-settings:update') || storeId === null) return null;
  return (
    <>
      <Button variant="outline" className={className} onClick={() => setOpen(true)}>
        {t('actions.settings')}
      </Button>
      <ReceiptSettingsDialog open={open} onOpenChange={setOpen} storeId={storeId} />
    </>
  );
}
