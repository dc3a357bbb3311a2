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
import { fetchOpenCount, useCountCategories, useStartCount } from '../api/stock-counts';
import { countFailureMessage, isAlreadyOpenError } from '../lib/count-errors';

interface StartCountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The new count, or the one already open: the counting screen opens on it. */
  onOpenCount: (countId: number) => void;
}

type Scope = 'store' | 'categories';

/**
 * Start count (managers): the whole store, or the products of some categories. One count is
 * open per store at a time: a 409 says so plainly and offers the open one.
 */
export function StartCountDialog({ open, onOpenChange, onOpenCount }: StartCountDialogProps) {
  const { t } = useTranslation(['counts', 'common']);
  const [scope, setScope] = useState<Scope>('store');
  const [chosen, setChosen] = useState<number[]>([]);
  const [invalid, setInvalid] = useState(false);
  const [alreadyOpen, setAlreadyOpen] = useState<StockCount | null>(null);
  const start = useStartCount();
  const categories = useCountCategories(open && scope === 'categories');

  const reset = () => {
    setScope('store');
    setChosen([]);
    setInvalid(false);
    setAlreadyOpen(null);
    start.reset();
  };

  const handleOpenChange = (next: boolean) => {
    if (start.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (scope === 'categories' && chosen.length === 0) {
      setInvalid(true);
      return;
    }
    start.mutate(scope === 'store' ? null : chosen, {
      onSuccess: (count) => {
        handleOpenChange(false);
        onOpenCount(count.id);
      },
      onError: (error) => {
        if (!isAlreadyOpenError(error)) return;
        fetchOpenCount().then(setAlreadyOpen, () => setAlreadyOpen(null));
      },
    });
  };

  const toggle = (id: number, on: boolean) => {
    setInvalid(false);
    setChosen((current) => (on ? [...current, id] : current.filter((other) => other !== id)));
  };

  const openConflict = start.isError && isAlreadyOpenError(start.error);
  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="max-h-[92vh] overflow-y-auto sm:max-w-md">
        <form className="grid gap-4" onSubmit={handleSubmit} noValidate>
          <DialogHeader>
            <DialogTitle>{t('start.title')}</DialogTitle>
            <DialogDescription>{t('start.description')}</DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t('start.scope')}</legend>
            {(['store', 'categories'] as const).map((option) => (
              <label key={option} className="flex items-center gap-3 text-sm">
                <input
                  type="radio"
                  name="count-scope"
                  value={option}
                  checked={scope === option}
                  onChange={() => {
                    setScope(option);
                    setInvalid(false);
                  }}
                  className="size-4 accent-emerald-700"
                />
                {t(option === 'store' ? 'scope.wholeStore' : 'start.someCategories')}
              </label>
            ))}
          </fieldset>
          {scope === 'categories' && (
            <fieldset
              className="grid gap-2"
              aria-describedby={invalid ? 'count-categories-error' : undefined}
            >
              <legend className="mb-2 text-sm font-medium">{t('start.categories')}</legend>
              {categories.isPending ? (
                <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
                  {t('start.loadingCategories')}
                </p>
              ) : categories.isError ? (
                <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                  {countFailureMessage(categories.error, t('start.categoriesFailed'))}
                </p>
              ) : categories.data.length === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {t('start.noCategories')}
                </p>
              ) : (
                <div className="grid max-h-60 gap-1 overflow-y-auto rounded-md border border-slate-200 p-2 dark:border-slate-800">
                  {categories.data.map((category) => (
                    <label key={category.id} className="flex items-center gap-3 py-1 text-sm">
                      <input
                        type="checkbox"
                        checked={chosen.includes(category.id)}
                        onChange={(event) => toggle(category.id, event.target.checked)}
                        className="size-4 shrink-0 accent-emerald-700"
                      />
                      <span className="break-words">{category.name}</span>
                    </label>
                  ))}
                </div>
              )}
              {invalid && (
                <p id="count-categories-error" className="text-sm text-red-600 dark:text-red-400">
                  {t('start.pickCategory')}
                </p>
              )}
            </fieldset>
          )}
          {start.isError && (
            <div role="alert" className="grid justify-items-start gap-2 text-sm">
              <p className="font-medium text-red-700 dark:text-red-400">
                {countFailureMessage(start.error, t('start.failed'))}
              </p>
              {openConflict && alreadyOpen && (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => {
                    const id = alreadyOpen.id;
                    handleOpenChange(false);
                    onOpenCount(id);
                  }}
                >
                  {t('start.openExisting', { id: alreadyOpen.id })}
                </Button>
              )}
            </div>
          )}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={start.isPending}
              onClick={() => handleOpenChange(false)}
            >
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={start.isPending}>
              {start.isPending ? t('start.starting') : t('start.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
