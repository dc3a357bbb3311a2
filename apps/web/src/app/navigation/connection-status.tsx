import type { TFunction } from 'i18next';
import { AlertTriangleIcon, WifiIcon, WifiOffIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncStatus, type SyncStatus } from '@/features/offline/sync-status-store';
import { cn } from '@/lib/cn';

// The list of the device's sales and its actions load when first opened (issue 22: nothing of
// the outbox is in the pages' own code).
const OutboxDialog = lazy(async () => ({
  default: (await import('@/features/offline/components/outbox-dialog')).OutboxDialog,
}));

/** The header's words for the connection and the sales waiting on this device. */
export function connectionText(t: TFunction<'connection'>, status: SyncStatus): string {
  // Another person's sales wait on this device too, until they sign in (the dialog says so).
  const waiting = status.waiting + (status.blocked?.count ?? 0);
  if (!status.online) {
    return waiting > 0 ? t('status.offlineWaiting', { count: waiting }) : t('status.offline');
  }
  if (status.sending > 0) return t('status.sending', { count: status.sending });
  if (waiting > 0) return t('status.waiting', { count: waiting });
  return t('status.online');
}

/**
 * Issue 22: the connection and this device's sales, on every staff page — online, "Offline —
 * 3 sales waiting", "Sending 3", and how many the server refused — in words and an icon, not
 * colour alone; announced as it changes (role=status). It opens the list of those sales.
 */
export function ConnectionStatus() {
  const { t } = useTranslation('connection');
  const status = useSyncStatus();
  const [open, setOpen] = useState(false);
  // Loaded once asked for, then kept: it closes with its animation and keeps its focus return.
  const [opened, setOpened] = useState(false);
  const Icon = status.online ? WifiIcon : WifiOffIcon;

  return (
    <div role="status" className="ml-auto shrink-0">
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        className={cn(
          'flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:outline-none dark:hover:bg-slate-800',
          status.online
            ? 'text-slate-700 dark:text-slate-300'
            : 'text-amber-900 dark:text-amber-200',
        )}
      >
        <Icon className="size-4 shrink-0" aria-hidden />
        <span>{connectionText(t, status)}</span>
        {status.attention > 0 && (
          <span className="flex items-center gap-1 rounded-full bg-red-100 px-1.5 py-0.5 text-red-900 dark:bg-red-900 dark:text-red-100">
            <AlertTriangleIcon className="size-3.5 shrink-0" aria-hidden />
            {t('status.attention', { count: status.attention })}
          </span>
        )}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <OutboxDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </div>
  );
}
