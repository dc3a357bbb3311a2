import type { Shift } from '@duka/shared/shifts/shifts.schemas';
import { formatCurrency } from '@duka/shared/money/money';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format-date';
import { loadPageNamespaces } from '@/lib/i18n';
import { useCurrentShift } from '../api/current-shift';
import type { ShiftAction } from '../lib/shift-action';

// The dialogs, the counter and the reports load the first time one opens (the till's budget),
// with the expense categories' names a pay-out offers.
const ShiftDialogs = lazy(() =>
  Promise.all([import('./shift-dialogs'), loadPageNamespaces(['expenses'])]).then(([module]) => ({
    default: module.ShiftDialogs,
  })),
);

interface ShiftBarProps {
  storeId: number;
  /** The store's name, heading the printed X and Z reports (the receipt's business name). */
  shopName: string;
  /** The connection as the header shows it: with none, shifts do not send. */
  online: boolean;
  /** The dialog open, if any; the page holds it, so the checkout can ask to open a shift. */
  action: ShiftAction | null;
  onActionChange: (action: ShiftAction | null) => void;
  /** Where focus goes when a dialog closes (the till's search box). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** '08:02' for a shift opened today (in Nairobi), else the day too (one left open overnight). */
function openedAt(shift: Shift): string {
  const today = formatDate(new Date().toISOString(), 'medium');
  const opened = formatDate(shift.opened_at, 'medium');
  return formatDate(shift.opened_at, opened === today ? 'time' : 'mediumWithTime');
}

/**
 * The till's shift bar (issue 24): with no open shift, Open shift; with one, when it opened and
 * its float, and Pay in, Pay out, X report and Close shift. One short line on a phone, so the
 * cart's bar at the foot keeps its room; everything else is a lazy chunk.
 */
export function ShiftBar({
  storeId,
  shopName,
  online,
  action,
  onActionChange,
  onCloseAutoFocus,
}: ShiftBarProps) {
  const { t } = useTranslation('shifts');
  const current = useCurrentShift(storeId);
  const shift = current.data ?? null;
  // Mounted from the first dialog on, so each closes (and gives focus back) as a dialog does.
  const [loaded, setLoaded] = useState(false);
  if (action !== null && !loaded) setLoaded(true);
  // An older server or a failed first read: the bar stays out of the till's way.
  if (current.isPending || (current.isError && current.data === undefined && online)) return null;

  const act = (next: ShiftAction) => () => onActionChange(next);
  return (
    <section
      aria-label={t('bar.label')}
      className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-2 text-sm"
      data-testid="shift-bar"
    >
      {shift ? (
        <>
          <p className="min-w-0">
            <span className="font-medium">{t('bar.openSince', { time: openedAt(shift) })}</span>
            <span className="text-slate-600 dark:text-slate-300">
              {' · '}
              {t('bar.float', { amount: formatCurrency(shift.opening_float) })}
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" className="h-9" onClick={act('pay_in')}>
              {t('actions.payIn')}
            </Button>
            <Button size="sm" variant="outline" className="h-9" onClick={act('pay_out')}>
              {t('actions.payOut')}
            </Button>
            <Button size="sm" variant="outline" className="h-9" onClick={act('x')}>
              {t('actions.xReport')}
            </Button>
            <Button size="sm" variant="outline" className="h-9" onClick={act('close')}>
              {t('actions.close')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-slate-600 dark:text-slate-300">{t('bar.none')}</p>
          <Button size="sm" variant="outline" className="h-9" onClick={act('open')}>
            {t('actions.open')}
          </Button>
        </>
      )}
      {loaded && (
        <Suspense fallback={null}>
          <ShiftDialogs
            action={action}
            shift={shift}
            shopName={shopName}
            online={online}
            onClose={() => onActionChange(null)}
            onCloseAutoFocus={onCloseAutoFocus}
          />
        </Suspense>
      )}
    </section>
  );
}
