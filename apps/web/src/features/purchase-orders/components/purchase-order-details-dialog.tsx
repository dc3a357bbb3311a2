import { formatCurrency } from '@duka/shared/money/money';
import type {
  PurchaseOrder,
  PurchaseOrderItem,
} from '@duka/shared/purchase-orders/purchase-orders.schemas';
import { TagIcon } from 'lucide-react';
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
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';

interface PurchaseOrderDetailsDialogProps {
  order: PurchaseOrder | null;
  onOpenChange: (open: boolean) => void;
  /** Issue 25: labels for what was received; shown once something arrived. */
  onPrintLabels?: (order: PurchaseOrder) => void;
}

/** Spec §2: 'Purchase Order Details' — the supplier's name, email and phone, then the items. */
export function PurchaseOrderDetailsDialog({
  order,
  onOpenChange,
  onPrintLabels,
}: PurchaseOrderDetailsDialogProps) {
  const { t } = useTranslation('purchaseOrders');
  const columns: ResponsiveColumn<PurchaseOrderItem>[] = [
    {
      id: 'product',
      header: t('details.product'),
      primary: true,
      cell: (item) => item.Product.name || item.product_name,
    },
    { id: 'unit', header: t('details.stockUnit'), cell: (item) => t(`units.${item.unit_type}`) },
    { id: 'quantity', header: t('details.quantity'), cell: (item) => item.quantity },
    { id: 'received', header: t('details.received'), cell: (item) => item.received_quantity },
    {
      id: 'buying',
      header: t('details.buyingPrice'),
      className: 'whitespace-nowrap',
      cell: (item) => formatCurrency(item.buying_price),
    },
    {
      id: 'selling',
      header: t('details.sellingPrice'),
      className: 'whitespace-nowrap',
      cell: (item) => formatCurrency(item.selling_price),
    },
    {
      id: 'total',
      header: t('details.total'),
      className: 'whitespace-nowrap',
      cell: (item) => formatCurrency(item.total),
    },
  ];

  return (
    <Dialog open={order !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('details.title')}</DialogTitle>
          <DialogDescription>
            {order &&
              t('details.description', {
                order: t('orderNumber', { id: order.id }),
                status: t(`status.${order.status}`),
              })}
          </DialogDescription>
        </DialogHeader>
        {order && (
          <>
            <section aria-labelledby="po-details-supplier" className="grid gap-2">
              <h3 id="po-details-supplier" className="font-medium">
                {t('details.supplier')}
              </h3>
              {order.supplier ? (
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-slate-600 dark:text-slate-400">{t('details.name')}</dt>
                  <dd className="break-words">{order.supplier.name}</dd>
                  <dt className="text-slate-600 dark:text-slate-400">{t('details.email')}</dt>
                  <dd className="break-words">{order.supplier.email}</dd>
                  <dt className="text-slate-600 dark:text-slate-400">{t('details.phone')}</dt>
                  <dd>{order.supplier.phone}</dd>
                </dl>
              ) : (
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {t('details.noSupplier')}
                </p>
              )}
            </section>
            <section aria-labelledby="po-details-items" className="grid gap-2">
              <h3 id="po-details-items" className="font-medium">
                {t('details.items')}
              </h3>
              <ResponsiveTable
                label={t('details.items')}
                rows={order.items}
                columns={columns}
                rowKey={(item) => item.id}
                empty={
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {t('details.noItems')}
                  </p>
                }
              />
            </section>
            {onPrintLabels && order.items.some((item) => item.received_quantity > 0) && (
              <DialogFooter>
                <Button variant="outline" onClick={() => onPrintLabels(order)}>
                  <TagIcon />
                  {t('details.printLabels')}
                </Button>
              </DialogFooter>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
