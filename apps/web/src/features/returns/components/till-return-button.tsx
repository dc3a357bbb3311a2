import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * The till's Return (issue 24), for managers: opens the receipt-number prompt (a lazy chunk of
 * its own). Offline it says returns need a connection and opens nothing — it stays focusable,
 * so a keyboard or screen reader reaches the reason too. The till's page loads it, with the
 * returns texts, just after the till (app/pages/till-returns.tsx).
 */
export function TillReturnButton({ online, onOpen }: { online: boolean; onOpen: () => void }) {
  const { t } = useTranslation('returns');
  return (
    <Button
      variant="outline"
      aria-disabled={!online}
      className={
        online ? undefined : 'cursor-not-allowed border-dashed text-slate-700 dark:text-slate-300'
      }
      data-testid="till-return"
      onClick={() => {
        if (online) onOpen();
      }}
    >
      {online ? t('till.open') : t('dialog.offline')}
    </Button>
  );
}
