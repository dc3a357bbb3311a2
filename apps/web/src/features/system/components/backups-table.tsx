import type { Backup } from '@duka/shared/system/system.schemas';
import { useTranslation } from 'react-i18next';
import {
  ResponsiveTable,
  WIDE_TABLE_MEDIA_QUERY,
  type ResponsiveColumn,
} from '@/components/ui/responsive-table';
import { formatDate } from '@/lib/format-date';
import { formatSize } from '../lib/format-size';
import { BackupStateBadge } from './backup-state-badge';

/** How much of the SHA-256 the list shows: enough to tell files apart and to compare by eye. */
export const CHECKSUM_SHOWN = 12;

/** When the backup was made: when it finished, or when it started while it runs. */
export function backupTime(backup: Backup): string {
  return formatDate(backup.finished_at ?? backup.started_at, 'mediumWithTime');
}

/**
 * The recent backups, newest first. A table from 1,024 px; cards below (two a row on a
 * tablet), since a failed backup's reason can be long.
 */
export function BackupsTable({ backups }: { backups: readonly Backup[] }) {
  const { t } = useTranslation('system');
  const columns: ResponsiveColumn<Backup>[] = [
    {
      id: 'time',
      header: t('list.time'),
      primary: true,
      className: 'whitespace-nowrap font-medium',
      cell: backupTime,
    },
    { id: 'trigger', header: t('list.trigger'), cell: (backup) => t(`triggers.${backup.trigger}`) },
    {
      id: 'size',
      header: t('list.size'),
      className: 'whitespace-nowrap',
      cell: (backup) => (backup.size_bytes === null ? '—' : formatSize(backup.size_bytes)),
    },
    {
      id: 'state',
      header: t('list.state'),
      cell: (backup) => <BackupStateBadge state={backup.state} />,
    },
    {
      id: 'checksum',
      header: t('list.checksum'),
      cell: (backup) =>
        backup.checksum ? (
          <code className="font-mono text-xs">{backup.checksum.slice(0, CHECKSUM_SHOWN)}</code>
        ) : (
          '—'
        ),
    },
    {
      id: 'error',
      header: t('list.error'),
      className: 'max-w-80',
      cell: (backup) =>
        backup.error ? <span className="text-red-700 dark:text-red-300">{backup.error}</span> : '—',
    },
  ];
  return (
    <ResponsiveTable
      label={t('list.title')}
      rows={backups}
      columns={columns}
      rowKey={(backup) => backup.id}
      wideQuery={WIDE_TABLE_MEDIA_QUERY}
      empty={
        <p className="py-6 text-center text-slate-600 dark:text-slate-400">{t('list.empty')}</p>
      }
    />
  );
}
