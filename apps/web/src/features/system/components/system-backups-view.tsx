import type { Backup, BackupStatus, SystemBackups } from '@duka/shared/system/system.schemas';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailEntry, DetailList } from '@/components/ui/detail-list';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { toastFailure } from '@/lib/failure-toast';
import { formatDate } from '@/lib/format-date';
import { translateMessage } from '@/lib/i18n';
import { useCan } from '@/lib/use-can';
import { useCreateBackup } from '../api/create-backup';
import { useSystemBackups } from '../api/get-system-backups';
import { formatSize } from '../lib/format-size';
import { BackupStateBadge } from './backup-state-badge';
import { WarningIcon } from './backup-warning';
import { backupTime, BackupsTable } from './backups-table';

/**
 * Issue 27: the System page's body — the last backup and Back up now, where and when backups
 * are made, and the recent ones. The file itself is never offered for download: it holds every
 * store (system.schemas.ts).
 */
export function SystemBackupsView() {
  const { t } = useTranslation('system');
  const { data, isLoading, error } = useSystemBackups();

  if (isLoading) {
    return (
      <p role="status" className="py-6 text-center text-slate-600 dark:text-slate-400">
        {t('list.loading')}
      </p>
    );
  }
  if (error || !data) {
    return (
      <p role="alert" className="py-6 text-center text-red-600 dark:text-red-400">
        {translateMessage(errorMessage(error, t('list.loadFailed')))}
      </p>
    );
  }

  return (
    <div className="space-y-6">
      <BackupWarningNotice status={data.status} />
      <div className="grid gap-6 lg:grid-cols-2">
        <LastBackupCard latest={data.backups[0]} status={data.status} />
        <ScheduleCard system={data} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t('list.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <BackupsTable backups={data.backups} />
        </CardContent>
      </Card>
    </div>
  );
}

/** The header's warning, said again where it can be put right. */
function BackupWarningNotice({ status }: { status: BackupStatus }) {
  const { t } = useTranslation('system');
  if (!status.warning) return null;
  return (
    <div
      role="alert"
      className="flex items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 font-medium text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <WarningIcon className="size-5" />
      <p>{t(`warning.${status.warning}`)}</p>
    </div>
  );
}

function LastBackupCard({ latest, status }: { latest: Backup | undefined; status: BackupStatus }) {
  const { t } = useTranslation('system');
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-4 space-y-0">
        <CardTitle className="text-lg">{t('last.title')}</CardTitle>
        <BackUpNowButton running={latest?.state === 'running'} />
      </CardHeader>
      <CardContent className="space-y-3">
        {latest ? (
          <DetailList>
            <DetailEntry label={t('list.time')}>{backupTime(latest)}</DetailEntry>
            <DetailEntry label={t('list.size')}>
              {latest.size_bytes === null ? '—' : formatSize(latest.size_bytes)}
            </DetailEntry>
            <DetailEntry label={t('list.trigger')}>{t(`triggers.${latest.trigger}`)}</DetailEntry>
            <DetailEntry label={t('list.state')}>
              <BackupStateBadge state={latest.state} />
            </DetailEntry>
            {latest.error && (
              <DetailEntry label={t('list.error')}>
                <span className="text-red-700 dark:text-red-300">{latest.error}</span>
              </DetailEntry>
            )}
          </DetailList>
        ) : (
          <p className="text-slate-600 dark:text-slate-400">{t('last.none')}</p>
        )}
        {latest && latest.state !== 'succeeded' && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {status.last_success_at
              ? t('last.lastGood', { time: formatDate(status.last_success_at, 'mediumWithTime') })
              : t('last.neverGood')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Makes a backup now. The server answers once the file is written and verified; until then
 * (and while any backup runs, the nightly one too) the button is disabled and says so.
 */
function BackUpNowButton({ running }: { running: boolean }) {
  const { t } = useTranslation('system');
  const can = useCan();
  const createBackup = useCreateBackup();
  if (!can('system:backup')) return null;
  const busy = createBackup.isPending || running;

  const backUp = () =>
    createBackup.mutate(undefined, {
      onSuccess: (backup) => {
        // Written but not verified: the answer is the failed backup, with its reason.
        if (backup.state === 'failed') {
          toastFailure(new Error(backup.error ?? ''), t('toast.failed'));
          return;
        }
        toast({
          title: t('toast.done'),
          description: t('toast.doneDescription', { size: formatSize(backup.size_bytes) }),
        });
      },
      // A 409 carries the server's words: 'A backup is already running'.
      onError: (error) => toastFailure(error, t('toast.failed')),
    });

  return (
    <>
      <Button onClick={backUp} disabled={busy} aria-busy={busy}>
        {busy && (
          <span
            aria-hidden
            className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
          />
        )}
        {busy ? t('backingUp') : t('backupNow')}
      </Button>
      {/* Said once for screen readers when it starts; the toast says how it ended. */}
      <span role="status" className="sr-only">
        {busy ? t('backingUp') : ''}
      </span>
    </>
  );
}

function ScheduleCard({ system }: { system: SystemBackups }) {
  const { t } = useTranslation('system');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('settings.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <DetailList>
          <DetailEntry label={t('settings.folder')}>
            <code className="font-mono text-sm break-all">{system.folder}</code>
          </DetailEntry>
          <DetailEntry label={t('settings.kept')}>
            {t('settings.days', { count: system.keep_days })}
          </DetailEntry>
          <DetailEntry label={t('settings.schedule')}>
            {t('settings.scheduleText', {
              time: system.schedule.time,
              timeZone: system.schedule.time_zone,
            })}
          </DetailEntry>
          <DetailEntry label={t('settings.nextRun')}>
            {formatDate(system.next_run_at, 'mediumWithTime')}
          </DetailEntry>
          <DetailEntry label={t('settings.database')}>
            {t(`database.${system.database}`)}
          </DetailEntry>
        </DetailList>
      </CardContent>
    </Card>
  );
}
