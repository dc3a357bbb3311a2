import type {
  StockTransfer,
  TransferDirection,
} from '@duka/shared/stock-transfers/stock-transfers.schemas';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  ResponsiveTable,
  WIDE_TABLE_MEDIA_QUERY,
  type ResponsiveColumn,
} from '@/components/ui/responsive-table';
import { formatDate } from '@/lib/format-date';
import { DifferenceText } from './difference-text';
import { TransferStatusBadge } from './transfer-status-badge';

export type TransferAction = 'view' | 'receive' | 'cancel';

interface TransfersTableProps {
  direction: TransferDirection;
  transfers: StockTransfer[];
  /** Receive on an incoming transfer in transit (every staff member of the destination). */
  canReceive: boolean;
  /** Cancel on an outgoing transfer in transit (those who may send). */
  canCancel: boolean;
  onAction: (transfer: StockTransfer, action: TransferAction) => void;
}

/**
 * One side of the store's transfers: the other store, when sent, how many products and pieces,
 * the status and — once received — the difference. Seven columns: cards until 1024 px, every
 * button on screen.
 */
export function TransfersTable({
  direction,
  transfers,
  canReceive,
  canCancel,
  onAction,
}: TransfersTableProps) {
  const { t } = useTranslation('transfers');
  const number = (transfer: StockTransfer) => t('number', { id: transfer.id });
  const incoming = direction === 'incoming';

  const columns: ResponsiveColumn<StockTransfer>[] = [
    {
      id: 'number',
      header: t('fields.number'),
      primary: true,
      className: 'font-medium whitespace-nowrap',
      cell: number,
    },
    incoming
      ? { id: 'from', header: t('fields.from'), cell: (transfer) => transfer.from_store.name }
      : { id: 'to', header: t('fields.to'), cell: (transfer) => transfer.to_store.name },
    {
      id: 'date',
      header: t('fields.date'),
      className: 'whitespace-nowrap',
      cell: (transfer) => formatDate(transfer.sent_at, 'mediumWithTime'),
    },
    {
      id: 'items',
      header: t('fields.items'),
      className: 'tabular-nums',
      cell: (transfer) => transfer.items.length,
    },
    {
      id: 'pieces',
      header: t('fields.pieces'),
      className: 'tabular-nums',
      cell: (transfer) => transfer.total_pieces,
    },
    {
      id: 'status',
      header: t('fields.status'),
      cell: (transfer) => <TransferStatusBadge status={transfer.status} />,
    },
    {
      id: 'difference',
      header: t('fields.difference'),
      cell: (transfer) =>
        transfer.status === 'received' ? (
          <DifferenceText pieces={transfer.total_difference_pieces} />
        ) : (
          '-'
        ),
    },
  ];

  return (
    <ResponsiveTable
      label={t(`tableLabel.${direction}`)}
      actionsHeader={t('fields.actions')}
      rows={transfers}
      columns={columns}
      rowKey={(transfer) => transfer.id}
      wideQuery={WIDE_TABLE_MEDIA_QUERY}
      onRowClick={(transfer) => onAction(transfer, 'view')}
      empty={
        <p className="py-6 text-center text-slate-600 dark:text-slate-400">
          {t(`empty.${direction}`)}
        </p>
      }
      actions={(transfer) => {
        const inTransit = transfer.status === 'in_transit';
        return (
          <>
            <Button
              variant="outline"
              size="sm"
              aria-label={t('actions.viewNamed', { number: number(transfer) })}
              onClick={() => onAction(transfer, 'view')}
            >
              {t('actions.view')}
            </Button>
            {incoming && canReceive && inTransit && (
              <Button
                size="sm"
                aria-label={t('actions.receiveNamed', { number: number(transfer) })}
                onClick={() => onAction(transfer, 'receive')}
              >
                {t('actions.receive')}
              </Button>
            )}
            {!incoming && canCancel && inTransit && (
              <Button
                size="sm"
                variant="destructive"
                aria-label={t('actions.cancelNamed', { number: number(transfer) })}
                onClick={() => onAction(transfer, 'cancel')}
              >
                {t('actions.cancel')}
              </Button>
            )}
          </>
        );
      }}
    />
  );
}
