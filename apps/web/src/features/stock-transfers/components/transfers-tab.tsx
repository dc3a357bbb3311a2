import type {
  StockTransfer,
  TransferDirection,
} from '@duka/shared/stock-transfers/stock-transfers.schemas';
import { SendIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Pagination } from '@/components/ui/pagination';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useCan } from '@/lib/use-can';
import { useCancelStockTransfer } from '../api/cancel-stock-transfer';
import { TRANSFERS_PAGE_SIZE, useStockTransfers } from '../api/get-stock-transfers';
import { ReceiveTransferDialog } from './receive-transfer-dialog';
import { SendTransferDialog } from './send-transfer-dialog';
import { TransferDetailsDialog } from './transfer-details-dialog';
import { TransfersTable, type TransferAction } from './transfers-table';

interface TransfersTabProps {
  /** The store acting (a super_admin's chosen one): not offered as a destination. */
  storeId: number | null;
}

/**
 * Issue 25, /inventory?tab=transfers: the store's incoming and outgoing transfers, 'Send stock'
 * for those who may send, Receive on an incoming one in transit, Cancel on an outgoing one, and
 * each transfer's details with its delivery note.
 */
export function TransfersTab({ storeId }: TransfersTabProps) {
  const { t } = useTranslation(['transfers', 'common']);
  const can = useCan();
  const [direction, setDirection] = useState<TransferDirection>('incoming');
  const [sending, setSending] = useState(false);
  const [viewing, setViewing] = useState<StockTransfer | null>(null);
  const [receiving, setReceiving] = useState<StockTransfer | null>(null);
  const [cancelling, setCancelling] = useState<StockTransfer | null>(null);
  const cancelTransfer = useCancelStockTransfer();

  const handleAction = (transfer: StockTransfer, action: TransferAction) => {
    if (action === 'view') setViewing(transfer);
    else if (action === 'receive') setReceiving(transfer);
    else setCancelling(transfer);
  };

  const cancel = async (transfer: StockTransfer) => {
    const number = t('number', { id: transfer.id });
    try {
      await cancelTransfer.mutateAsync(transfer.id);
      toast({ title: t('common:toast.success'), description: t('cancel.done', { number }) });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('cancel.failed'),
        description: translateMessage(errorMessage(error, t('cancel.failed'))),
      });
    }
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-4 space-y-0">
        <CardTitle className="text-lg">{t('title')}</CardTitle>
        {can('transfers:send') && (
          <Button onClick={() => setSending(true)}>
            <SendIcon aria-hidden />
            {t('send')}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        <Tabs
          value={direction}
          onValueChange={(value) => setDirection(value === 'outgoing' ? 'outgoing' : 'incoming')}
        >
          <TabsList aria-label={t('directions.label')}>
            <TabsTrigger value="incoming">{t('directions.incoming')}</TabsTrigger>
            <TabsTrigger value="outgoing">{t('directions.outgoing')}</TabsTrigger>
          </TabsList>
          {(['incoming', 'outgoing'] as const).map((side) => (
            <TabsContent key={side} value={side}>
              <TransferList
                direction={side}
                canReceive={can('transfers:receive')}
                canCancel={can('transfers:send')}
                onAction={handleAction}
              />
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>

      <SendTransferDialog
        open={sending}
        fromStoreId={storeId}
        onOpenChange={setSending}
        onSent={() => setDirection('outgoing')}
      />
      <TransferDetailsDialog
        transfer={viewing}
        onOpenChange={(open) => {
          if (!open) setViewing(null);
        }}
      />
      <ReceiveTransferDialog
        transfer={receiving}
        onOpenChange={(open) => {
          if (!open) setReceiving(null);
        }}
      />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open) setCancelling(null);
        }}
        title={t('cancel.title')}
        description={
          cancelling
            ? t('cancel.description', {
                number: t('number', { id: cancelling.id }),
                store: cancelling.to_store.name,
              })
            : ''
        }
        confirmLabel={t('cancel.confirm')}
        cancelLabel={t('cancel.keep')}
        onConfirm={() => {
          if (cancelling) void cancel(cancelling);
        }}
      />
    </Card>
  );
}

interface TransferListProps {
  direction: TransferDirection;
  canReceive: boolean;
  canCancel: boolean;
  onAction: (transfer: StockTransfer, action: TransferAction) => void;
}

function TransferList({ direction, canReceive, canCancel, onAction }: TransferListProps) {
  const { t } = useTranslation('transfers');
  const [page, setPage] = useState(1);
  const transfers = useStockTransfers(direction, page);

  if (transfers.isPending) {
    return (
      <p role="status" className="py-6 text-center text-slate-600 dark:text-slate-400">
        {t('loading')}
      </p>
    );
  }
  if (transfers.isError) {
    return (
      <p role="alert" className="py-6 text-center text-red-600 dark:text-red-400">
        {translateMessage(errorMessage(transfers.error, t('loadFailed')))}
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <TransfersTable
        direction={direction}
        transfers={transfers.data.data}
        canReceive={canReceive}
        canCancel={canCancel}
        onAction={onAction}
      />
      <Pagination
        page={page}
        pageCount={Math.ceil(transfers.data.total / TRANSFERS_PAGE_SIZE)}
        onPageChange={setPage}
        label={t('pages')}
      />
    </div>
  );
}
