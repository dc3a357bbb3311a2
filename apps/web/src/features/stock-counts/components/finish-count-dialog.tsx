import type { StockCount } from '@duka/shared/stock-counts/stock-counts.schemas';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useFinishCount } from '../api/stock-counts';
import { countFailureMessage } from '../lib/count-errors';
import { REPORT_HEADING_ID } from './variance-report';

interface FinishCountDialogProps {
  count: StockCount;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Finish count (managers): what finishing does, and whether the products nobody counted are
 * set to zero (left unticked they keep their stock). The answer is the variance report, put in
 * the count's place, so the screen turns into it.
 */
export function FinishCountDialog({ count, open, onOpenChange }: FinishCountDialogProps) {
  const { t } = useTranslation(['counts', 'common']);
  const [zeroUncounted, setZeroUncounted] = useState(false);
  const finish = useFinishCount(count.id);
  const uncounted = Math.max(0, count.products_in_scope - count.lines_counted);

  const handleOpenChange = (next: boolean) => {
    if (finish.isPending) return;
    if (!next) {
      setZeroUncounted(false);
      finish.reset();
    }
    onOpenChange(next);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    finish.mutate(zeroUncounted, { onSuccess: () => onOpenChange(false) });
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        className="max-h-[92vh] overflow-y-auto sm:max-w-md"
        onCloseAutoFocus={(event) => {
          // Finished: the screen that opened this dialog has become the variance report.
          const report = document.getElementById(REPORT_HEADING_ID);
          if (!report) return;
          event.preventDefault();
          report.focus();
        }}
      >
        <form className="grid gap-4" onSubmit={handleSubmit}>
          <DialogHeader>
            <DialogTitle>{t('finish.title', { id: count.id })}</DialogTitle>
            <DialogDescription>
              {t('finish.description', {
                counted: count.lines_counted,
                total: count.products_in_scope,
              })}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1">
            <label className="flex items-start gap-3 text-sm font-medium">
              <input
                type="checkbox"
                className="mt-0.5 size-5 shrink-0 accent-emerald-700"
                checked={zeroUncounted}
                onChange={(event) => setZeroUncounted(event.target.checked)}
                aria-describedby="finish-zero-help"
              />
              {t('finish.zeroLabel')}
            </label>
            <p id="finish-zero-help" className="pl-8 text-sm text-slate-600 dark:text-slate-400">
              {zeroUncounted
                ? t('finish.zeroOn', { uncounted })
                : t('finish.zeroOff', { uncounted })}
            </p>
          </div>
          <p className="text-sm">{t('finish.final')}</p>
          {finish.isError && (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {countFailureMessage(finish.error, t('finish.failed'))}
            </p>
          )}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={finish.isPending}
              onClick={() => handleOpenChange(false)}
            >
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={finish.isPending}>
              {finish.isPending ? t('finish.finishing') : t('finish.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
