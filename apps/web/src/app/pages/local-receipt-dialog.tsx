import { useEffect, useState } from 'react';
import { useSyncStatus } from '@/features/offline/sync-status-store';
import { ReceiptDialog, type LocalReceipt } from '@/features/receipts/components/receipt-dialog';

/**
 * Issue 22: the receipt of a sale kept on the device (/pos?local=its client_sale_id), read from
 * the outbox again whenever the outbox changes, so it shows the sale's number once uploaded,
 * with the store's receipt settings kept on the device for a receipt printed offline. Loaded
 * with the first such receipt, not with the till (its budget).
 */
export function LocalReceiptDialog({
  clientSaleId,
  storeId,
  onClose,
  onCloseAutoFocus,
}: {
  clientSaleId: string | null;
  storeId: number | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [receipt, setReceipt] = useState<LocalReceipt | null>(null);
  // Any change of the counts is a change of the outbox: read the entry again.
  const version = useSyncStatus((state) => `${state.sending}:${state.waiting}:${state.attention}`);
  useEffect(() => {
    if (clientSaleId === null) return;
    let current = true;
    void Promise.all([
      import('@/features/offline/outbox-api'),
      import('@/features/offline/offline-catalogue'),
    ])
      .then(async ([{ localReceipt }, { getDeviceReceiptSettings }]) => {
        const found = await localReceipt(clientSaleId);
        if (!found) return null;
        const settings = await getDeviceReceiptSettings().catch(() => undefined);
        return { ...found, settings: settings ?? null };
      })
      .then((found) => current && setReceipt(found))
      .catch((error: unknown) => console.error('The receipt kept on this device', error));
    return () => {
      current = false;
    };
  }, [clientSaleId, version]);
  const shown = clientSaleId !== null && receipt?.sale.client_sale_id === clientSaleId;
  return (
    <ReceiptDialog
      saleId={null}
      localSale={shown ? receipt : null}
      storeId={storeId}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
