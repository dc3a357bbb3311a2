import type { BackupStatus } from '@duka/shared/system/system.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import {
  BACKUP_STATUS_STALE_MS,
  backupStatusQueryKey,
  getBackupStatus,
} from '../api/get-backup-status';

/**
 * Issue 27: the header's warning on every staff page, for those who may read the backups
 * (the navigation bar loads it lazily, only for them): the last backup failed, or none in two
 * days. A link to /system, in words and an icon, not colour alone. While the answer is on its
 * way, when it fails (offline, the server down) or when all is well, nothing shows: it never
 * holds the page up.
 *
 * Asked once per page load, and again at most every five minutes while the tab is seen; the
 * answer is kept in the query cache, where the System page also puts the status it reads. No
 * `useQuery` here: this chunk imports only what the first load already has, so it splits no
 * chunk of the pages' frame (the /shop budget, docs/performance.md).
 */
export default function BackupWarning() {
  const { t } = useTranslation('system');
  const queryClient = useQueryClient();
  const read = () => queryClient.getQueryData<BackupStatus>(backupStatusQueryKey)?.warning;
  const [warning, setWarning] = useState(read);

  useEffect(() => {
    const unsubscribe = queryClient.getQueryCache().subscribe(() => setWarning(read()));
    const ask = () => {
      if (document.visibilityState === 'hidden' || navigator.onLine === false) return;
      // A fresh answer in the cache is used as it is: no request.
      queryClient
        .fetchQuery({
          queryKey: backupStatusQueryKey,
          queryFn: getBackupStatus,
          staleTime: BACKUP_STATUS_STALE_MS,
        })
        .catch(() => undefined);
    };
    ask();
    const timer = window.setInterval(ask, BACKUP_STATUS_STALE_MS);
    return () => {
      unsubscribe();
      window.clearInterval(timer);
    };
    // `read` only reads the client, which the effect already follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient]);

  if (warning !== 'failed' && warning !== 'stale') return null;
  return (
    <Link
      to="/system"
      className={cn(
        'flex min-w-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium hover:underline focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:outline-none',
        warning === 'failed'
          ? 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100'
          : 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
      )}
    >
      <WarningIcon className="size-3.5" />
      <span>{t(`warning.${warning}`)}</span>
    </Link>
  );
}

/**
 * Lucide's triangle-alert, drawn here: importing lucide in this chunk or the System page would
 * split a chunk of the pages' frame (the /shop budget).
 */
export function WarningIcon({ className }: { className: string }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn('shrink-0', className)}
    >
      <path d="m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3" />
      <path d="M12 9v4" />
      <path d="M12 17h.01" />
    </svg>
  );
}
