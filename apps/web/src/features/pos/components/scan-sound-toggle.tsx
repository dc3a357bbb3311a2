import { Volume2Icon, VolumeOffIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useTillSettings } from '../stores/till-settings';

/** Issue 20: the beep of a scan that finds nothing, switched on or off at the till. */
export function ScanSoundToggle() {
  const { t } = useTranslation('pos');
  const on = useTillSettings((state) => state.beep);
  const setBeep = useTillSettings((state) => state.setBeep);
  const label = t('search.sound');
  return (
    <Button
      type="button"
      variant="outline"
      size="icon"
      className="shrink-0"
      aria-label={label}
      title={label}
      aria-pressed={on}
      onClick={() => setBeep(!on)}
    >
      {on ? (
        <Volume2Icon className="size-4" aria-hidden />
      ) : (
        <VolumeOffIcon className="size-4" aria-hidden />
      )}
    </Button>
  );
}
