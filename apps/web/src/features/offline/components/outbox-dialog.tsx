import { formatCurrency } from '@duka/shared/money/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DownloadIcon, RotateCwIcon, SendIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatDate } from '@/lib/format-date';
import { translateMessage } from '@/lib/i18n';
import type { OutboxEntry, OutboxState } from '../outbox-types';
import { useSyncStatus } from '../sync-status-store';

// The outbox (IndexedDB and the uploader) loads with the list, not with the header.
const outboxApi = () => import('../outbox-api');

const STATE_BADGE: Record<OutboxState, 'secondary' | 'info' | 'success' | 'danger'> = {
  waiting: 'secondary',
  sending: 'info',
  sent: 'success',
  refused: 'danger',
};

/** Hands the file to the browser as a download. */
function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Issue 22: the sales on this device not yet on the server — waiting, being sent, or refused
 * with the server's reason ("Needs attention") — with Retry for a refused one, Send now, and
 * Export CSV (the shop's own record when a sale cannot be sent). Opened from the header's
 * connection status (app/navigation/connection-status.tsx). Read from the device, so it works
 * offline.
 */
export function OutboxDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('connection');
  const queryClient = useQueryClient();
  const status = useSyncStatus();
  // The uploader's counts change as it works: read the list again each time they do.
  const queryKey = ['device-outbox', status.waiting, status.sending, status.attention];
  const entries = useQuery({
    queryKey,
    queryFn: async () => (await outboxApi()).listOutbox(),
    enabled: open,
    // The device's own data: read offline too (the default waits for a connection).
    networkMode: 'always',
    staleTime: 0,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['device-outbox'] });

  const retry = useMutation({
    mutationFn: async (id: string) => (await outboxApi()).retryEntry(id),
    networkMode: 'always',
    onSettled: refresh,
  });
  const sendNow = useMutation({
    mutationFn: async () => (await outboxApi()).uploadNow(),
    networkMode: 'always',
    onSettled: refresh,
  });
  const exportCsv = useMutation({
    mutationFn: async () => (await outboxApi()).exportOutboxCsv(),
    networkMode: 'always',
    onSuccess: (blob) => download(blob, `${t('outbox.fileName')}.csv`),
  });
  const failed = retry.isError || sendNow.isError || exportCsv.isError;

  const list = entries.data ?? [];
  const waiting = list.some((entry) => entry.state === 'waiting');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('outbox.title')}</DialogTitle>
          <DialogDescription>{t('outbox.description')}</DialogDescription>
        </DialogHeader>

        {status.blocked && (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            {t('outbox.blocked', { count: status.blocked.count, name: status.blocked.name })}
          </p>
        )}

        {entries.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {t('outbox.loadFailed')}
          </p>
        ) : entries.isPending ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('loading', { ns: 'common' })}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('outbox.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {list.map((entry) => (
              <OutboxRow
                key={entry.client_sale_id}
                entry={entry}
                retrying={retry.isPending && retry.variables === entry.client_sale_id}
                onRetry={() => retry.mutate(entry.client_sale_id)}
              />
            ))}
          </ul>
        )}

        {failed && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {t('outbox.actionFailed')}
          </p>
        )}

        <DialogFooter>
          {list.length > 0 && (
            <Button
              variant="outline"
              onClick={() => exportCsv.mutate()}
              disabled={exportCsv.isPending}
            >
              <DownloadIcon aria-hidden />
              {t('outbox.exportCsv')}
            </Button>
          )}
          {waiting && status.online && (
            <Button onClick={() => sendNow.mutate()} disabled={sendNow.isPending}>
              <SendIcon aria-hidden />
              {t('outbox.sendNow')}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function OutboxRow({
  entry,
  retrying,
  onRetry,
}: {
  entry: OutboxEntry;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('connection');
  return (
    <li className="flex flex-col gap-1 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{entry.device_receipt_number}</span>
        <Badge variant={STATE_BADGE[entry.state]}>{t(`outbox.states.${entry.state}`)}</Badge>
      </div>
      <dl className="flex flex-wrap gap-x-4 gap-y-0.5 text-slate-600 dark:text-slate-400">
        <div className="flex gap-1">
          <dt>{t('outbox.time')}:</dt>
          <dd>{formatDate(entry.sold_at, 'mediumWithTime')}</dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('outbox.by')}:</dt>
          <dd>{entry.user_name}</dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('outbox.total')}:</dt>
          <dd>{formatCurrency(entry.total)}</dd>
        </div>
      </dl>
      {entry.state === 'refused' && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {entry.message && (
            <p className="text-red-800 dark:text-red-300">{translateMessage(entry.message)}</p>
          )}
          <Button
            size="sm"
            variant="outline"
            onClick={onRetry}
            disabled={retrying}
            aria-label={t('outbox.retryLabel', { receipt: entry.device_receipt_number })}
          >
            <RotateCwIcon aria-hidden />
            {t('outbox.retry')}
          </Button>
        </div>
      )}
    </li>
  );
}
