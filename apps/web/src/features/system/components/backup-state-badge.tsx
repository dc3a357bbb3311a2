import type { BackupState } from '@duka/shared/system/system.schemas';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

const TONES = { running: 'info', succeeded: 'success', failed: 'danger' } as const;

/** A backup's state in words and a tone (never colour alone). */
export function BackupStateBadge({ state }: { state: BackupState }) {
  const { t } = useTranslation('system');
  return (
    <Badge variant={TONES[state]}>
      {state === 'running' && (
        <span
          aria-hidden
          className="mr-1 size-3 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
        />
      )}
      {t(`states.${state}`)}
    </Badge>
  );
}
