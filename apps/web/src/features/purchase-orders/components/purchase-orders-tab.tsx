import type { PurchaseOrder } from '@duka/shared/purchase-orders/purchase-orders.schemas';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useCan } from '@/lib/use-can';
import { usePurchaseOrders } from '../api/get-purchase-orders';
import { useReceivePurchaseOrder } from '../api/receive-purchase-order';
import { useUpdatePurchaseOrderStatus } from '../api/update-purchase-order-status';
import { productMissingMessage } from '../lib/product-missing';
import type { ReceiveChoice } from '../lib/receive-form';
import { CreatePurchaseOrderDialog } from './create-purchase-order-dialog';
import { ProductMissingAlert } from './product-missing-alert';
import { PurchaseOrderDetailsDialog } from './purchase-order-details-dialog';
import { PurchaseOrdersTable, type OrderAction } from './purchase-orders-table';
import { ReceivePurchaseOrderDialog } from './receive-purchase-order-dialog';

interface PurchaseOrdersTabProps {
  /** Issue 25: opens the labels of an order's received lines (composed in app/). */
  onPrintLabels?: (orderId: number) => void;
}

/** Spec §2 Inventory page, Purchase Orders tab: the orders, their status moves and dialogs. */
export function PurchaseOrdersTab({ onPrintLabels }: PurchaseOrdersTabProps = {}) {
  const { t } = useTranslation(['purchaseOrders', 'common']);
  const can = useCan();
  const { data: orders = [], isLoading } = usePurchaseOrders();
  const updateStatus = useUpdatePurchaseOrderStatus();
  const receiveDelivery = useReceivePurchaseOrder();
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<PurchaseOrder | null>(null);
  const [receiving, setReceiving] = useState<PurchaseOrder | null>(null);
  const [missing, setMissing] = useState<string | null>(null);

  const failed = (error: unknown, title: string) => {
    const message = productMissingMessage(error);
    if (message) {
      setMissing(message);
      return;
    }
    toast({
      variant: 'destructive',
      title,
      description: translateMessage(errorMessage(error, title)),
    });
  };

  const changeStatus = async (order: PurchaseOrder, status: OrderAction) => {
    const received = status === 'received';
    try {
      await updateStatus.mutateAsync({ id: order.id, status });
      toast(
        received
          ? { title: t('receive.done'), description: t('receive.inventoryUpdated') }
          : { title: t('statusChange.done'), description: t('statusChange.description') },
      );
    } catch (error) {
      failed(error, received ? t('receive.failed') : t('statusChange.failed'));
    }
  };

  // Everything that remains is the spec's 'Mark as Received'; anything else one delivery.
  const receive = async (order: PurchaseOrder, choice: ReceiveChoice) => {
    if (choice.kind === 'all') return changeStatus(order, 'received');
    try {
      const updated = await receiveDelivery.mutateAsync({ id: order.id, body: choice.body });
      toast({
        title: updated.status === 'received' ? t('receive.done') : t('receive.partDone'),
        description: t('receive.inventoryUpdated'),
      });
    } catch (error) {
      failed(error, t('receive.failed'));
    }
  };

  const busyId = updateStatus.isPending
    ? (updateStatus.variables?.id ?? null)
    : receiveDelivery.isPending
      ? (receiveDelivery.variables?.id ?? null)
      : null;

  const handleAction = (order: PurchaseOrder, action: OrderAction) => {
    if (action === 'received') setReceiving(order);
    else void changeStatus(order, action);
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-4 space-y-0">
        <CardTitle className="text-lg">{t('title')}</CardTitle>
        {/* Spec §6: admin and sales only. */}
        {can('purchase-orders:create') && (
          <Button onClick={() => setCreating(true)}>
            <PlusIcon />
            {t('create')}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <p role="status" className="py-6 text-center text-slate-600 dark:text-slate-400">
            {t('loading')}
          </p>
        ) : (
          // A failed load shows the spec's one text for "none or failed" (§2).
          <PurchaseOrdersTable
            orders={orders}
            busyId={busyId}
            onView={setViewing}
            onAction={handleAction}
          />
        )}
      </CardContent>

      <CreatePurchaseOrderDialog open={creating} onOpenChange={setCreating} />
      <PurchaseOrderDetailsDialog
        order={viewing}
        onOpenChange={(open) => {
          if (!open) setViewing(null);
        }}
        onPrintLabels={
          onPrintLabels && can('products:labels')
            ? (order) => {
                // The labels open in place of the details, not over them.
                setViewing(null);
                onPrintLabels(order.id);
              }
            : undefined
        }
      />
      <ReceivePurchaseOrderDialog
        order={receiving}
        onOpenChange={(open) => {
          if (!open) setReceiving(null);
        }}
        onReceive={(order, choice) => void receive(order, choice)}
      />
      <ProductMissingAlert
        message={missing}
        title={t('receive.failed')}
        onClose={() => setMissing(null)}
      />
    </Card>
  );
}
