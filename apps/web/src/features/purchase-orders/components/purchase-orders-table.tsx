import { formatCurrency } from '@duka/shared/money/money';
import {
  RECEIVABLE_STATUSES,
  type PurchaseOrder,
} from '@duka/shared/purchase-orders/purchase-orders.schemas';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  ResponsiveTable,
  WIDE_TABLE_MEDIA_QUERY,
  type ResponsiveColumn,
} from '@/components/ui/responsive-table';
import { formatDate } from '@/lib/format-date';
import { useCan } from '@/lib/use-can';
import { PurchaseOrderStatusBadge } from './purchase-order-status-badge';

export type OrderAction = 'approved' | 'rejected' | 'received';

interface PurchaseOrdersTableProps {
  orders: PurchaseOrder[];
  /** The order whose status is being changed: its buttons wait. */
  busyId: number | null;
  onView: (order: PurchaseOrder) => void;
  onAction: (order: PurchaseOrder, action: OrderAction) => void;
}

/**
 * Spec §2 Purchase Orders tab. Approve / Reject on a pending order for the roles that may
 * (§6: admin, manager, super_admin); 'Mark as Received' on an approved or partly received one
 * (§4, issue 20). A click on the row opens the details; the View button does the same from the
 * keyboard. Eight columns do not fit a tablet in portrait: cards (two a row) until 1024 px, so
 * every order's buttons are on screen at 768 px (issue 20).
 */
export function PurchaseOrdersTable({
  orders,
  busyId,
  onView,
  onAction,
}: PurchaseOrdersTableProps) {
  const { t } = useTranslation('purchaseOrders');
  const can = useCan();
  const canApprove = can('purchase-orders:approve');
  const canReceive = can('purchase-orders:receive');
  const orderNumber = (order: PurchaseOrder) => t('orderNumber', { id: order.id });

  const columns: ResponsiveColumn<PurchaseOrder>[] = [
    {
      id: 'number',
      header: t('fields.orderNumber'),
      primary: true,
      className: 'font-medium whitespace-nowrap',
      cell: orderNumber,
    },
    {
      id: 'supplier',
      header: t('fields.supplier'),
      cell: (order) => order.supplier?.name ?? t('details.noSupplier'),
    },
    {
      id: 'date',
      header: t('fields.orderDate'),
      className: 'whitespace-nowrap',
      cell: (order) => formatDate(order.created_at, 'medium'),
    },
    {
      id: 'delivery',
      header: t('fields.expectedDelivery'),
      className: 'whitespace-nowrap',
      cell: (order) => formatDate(order.expected_delivery_date, 'medium'),
    },
    {
      id: 'status',
      header: t('fields.status'),
      cell: (order) => <PurchaseOrderStatusBadge status={order.status} />,
    },
    {
      id: 'total',
      header: t('fields.totalAmount'),
      className: 'whitespace-nowrap',
      cell: (order) => formatCurrency(order.total_amount),
    },
    {
      id: 'notes',
      header: t('fields.notes'),
      className: 'max-w-48 whitespace-pre-line',
      cell: (order) => order.notes,
    },
  ];

  return (
    <ResponsiveTable
      label={t('tableLabel')}
      actionsHeader={t('fields.actions')}
      rows={orders}
      columns={columns}
      rowKey={(order) => order.id}
      wideQuery={WIDE_TABLE_MEDIA_QUERY}
      onRowClick={onView}
      empty={<p className="py-6 text-center text-slate-600 dark:text-slate-400">{t('empty')}</p>}
      actions={(order) => {
        const busy = busyId === order.id;
        return (
          <>
            <Button
              variant="outline"
              size="sm"
              aria-label={t('actions.viewNamed', { order: orderNumber(order) })}
              onClick={() => onView(order)}
            >
              {t('actions.view')}
            </Button>
            {canApprove && order.status === 'pending' && (
              <>
                <Button size="sm" disabled={busy} onClick={() => onAction(order, 'approved')}>
                  {t('actions.approve')}
                </Button>
                <Button
                  size="sm"
                  variant="destructive"
                  disabled={busy}
                  onClick={() => onAction(order, 'rejected')}
                >
                  {t('actions.reject')}
                </Button>
              </>
            )}
            {canReceive && RECEIVABLE_STATUSES.includes(order.status) && (
              <Button size="sm" disabled={busy} onClick={() => onAction(order, 'received')}>
                {t('actions.markReceived')}
              </Button>
            )}
          </>
        );
      }}
    />
  );
}
