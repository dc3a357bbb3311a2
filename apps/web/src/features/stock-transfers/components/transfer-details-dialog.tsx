import type {
  StockTransfer,
  StockTransferItem,
} from '@duka/shared/stock-transfers/stock-transfers.schemas';
import { PrinterIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DetailEntry, DetailList } from '@/components/ui/detail-list';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { formatDate } from '@/lib/format-date';
import { useLineUnit } from '../hooks/use-line-unit';
import { useNotePrint } from '../lib/delivery-note-print';
import { DeliveryNote } from './delivery-note';
import { DifferenceText } from './difference-text';
import { TransferStatusBadge } from './transfer-status-badge';

interface TransferDetailsDialogProps {
  transfer: StockTransfer | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * A transfer as both stores see it: who sent it when, its lines and — once received — what
 * arrived of each and the difference, the same on either side; Print gives the delivery note.
 */
export function TransferDetailsDialog({ transfer, onOpenChange }: TransferDetailsDialogProps) {
  const { t } = useTranslation('transfers');
  return (
    <Dialog open={transfer !== null} onOpenChange={onOpenChange}>
      <DialogContent className="p-4 sm:max-w-3xl sm:p-6">
        <DialogHeader>
          <DialogTitle>
            {transfer && t('details.title', { number: t('number', { id: transfer.id }) })}
          </DialogTitle>
          <DialogDescription>
            {transfer &&
              t('details.description', {
                from: transfer.from_store.name,
                to: transfer.to_store.name,
              })}
          </DialogDescription>
        </DialogHeader>
        {transfer && (
          <TransferDetails
            key={transfer.id}
            transfer={transfer}
            onClose={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function TransferDetails({ transfer, onClose }: { transfer: StockTransfer; onClose: () => void }) {
  const { t } = useTranslation('transfers');
  const unitOf = useLineUnit();
  const number = t('number', { id: transfer.id });
  const print = useNotePrint(`Delivery_note_${number}`);
  const received = transfer.status === 'received';

  const columns: ResponsiveColumn<StockTransferItem>[] = [
    { id: 'product', header: t('details.product'), primary: true, cell: (item) => item.name },
    { id: 'sku', header: t('details.sku'), cell: (item) => item.sku },
    {
      id: 'quantity',
      header: t('details.quantity'),
      className: 'whitespace-nowrap',
      cell: (item) => t('quantityOf', { quantity: item.quantity, unit: unitOf(item) }),
    },
    {
      id: 'pieces',
      header: t('details.pieces'),
      className: 'tabular-nums',
      cell: (item) => item.pieces,
    },
    {
      id: 'received',
      header: t('details.received'),
      className: 'tabular-nums',
      cell: (item) =>
        item.received_pieces === null ? t('details.notReceived') : item.received_pieces,
    },
    {
      id: 'difference',
      header: t('details.difference'),
      cell: (item) =>
        item.difference_pieces === null ? '-' : <DifferenceText pieces={item.difference_pieces} />,
    },
  ];

  return (
    <div className="grid min-w-0 gap-4">
      <DetailList>
        <DetailEntry label={t('fields.status')}>
          <TransferStatusBadge status={transfer.status} />
        </DetailEntry>
        <DetailEntry label={t('fields.from')}>{transfer.from_store.name}</DetailEntry>
        <DetailEntry label={t('fields.to')}>{transfer.to_store.name}</DetailEntry>
        <DetailEntry label={t('fields.date')}>
          {formatDate(transfer.sent_at, 'mediumWithTime')}
        </DetailEntry>
        <DetailEntry label={t('fields.sentBy')}>{transfer.sent_by?.name ?? '-'}</DetailEntry>
        {transfer.received_at && (
          <>
            <DetailEntry label={t('fields.receivedOn')}>
              {formatDate(transfer.received_at, 'mediumWithTime')}
            </DetailEntry>
            <DetailEntry label={t('fields.receivedBy')}>
              {transfer.received_by?.name ?? '-'}
            </DetailEntry>
          </>
        )}
        {transfer.cancelled_at && (
          <>
            <DetailEntry label={t('fields.cancelledOn')}>
              {formatDate(transfer.cancelled_at, 'mediumWithTime')}
            </DetailEntry>
            <DetailEntry label={t('fields.cancelledBy')}>
              {transfer.cancelled_by?.name ?? '-'}
            </DetailEntry>
          </>
        )}
        <DetailEntry label={t('fields.pieces')}>{transfer.total_pieces}</DetailEntry>
        {received && (
          <DetailEntry label={t('fields.difference')}>
            <DifferenceText pieces={transfer.total_difference_pieces} />
          </DetailEntry>
        )}
        {transfer.note !== '' && (
          <DetailEntry label={t('fields.note')}>
            <span className="whitespace-pre-line">{transfer.note}</span>
          </DetailEntry>
        )}
      </DetailList>
      <section aria-labelledby="transfer-lines-heading" className="grid gap-2">
        <h3 id="transfer-lines-heading" className="font-medium">
          {t('details.lines')}
        </h3>
        <ResponsiveTable
          label={t('details.lines')}
          rows={transfer.items}
          columns={columns}
          rowKey={(item) => item.id}
        />
      </section>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {t('actions.close')}
        </Button>
        <Button type="button" onClick={print}>
          <PrinterIcon aria-hidden />
          {t('actions.print')}
        </Button>
      </DialogFooter>
      <DeliveryNote transfer={transfer} />
    </div>
  );
}
