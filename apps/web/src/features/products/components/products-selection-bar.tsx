import { LABELS_MAX } from '@duka/shared/products/labels.schemas';
import { TagIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

interface ProductsSelectionBarProps {
  /** How many products are chosen, over every page. */
  count: number;
  /** How many of this page's products are chosen, of how many. */
  pageSelected: number;
  pageSize: number;
  onSelectPage: (selected: boolean) => void;
  onClear: () => void;
  onPrintLabels: () => void;
}

/**
 * Issue 25: the products chosen for labels — 'Select all on this page', how many are chosen
 * (kept while paging and searching), and Print labels.
 */
export function ProductsSelectionBar({
  count,
  pageSelected,
  pageSize,
  onSelectPage,
  onClear,
  onPrintLabels,
}: ProductsSelectionBarProps) {
  const { t } = useTranslation('products');
  const pageBox = useRef<HTMLInputElement>(null);
  const allOnPage = pageSize > 0 && pageSelected === pageSize;
  // Some of the page chosen: the box says so (mixed) rather than on or off.
  useEffect(() => {
    if (pageBox.current) pageBox.current.indeterminate = pageSelected > 0 && !allOnPage;
  }, [pageSelected, allOnPage]);

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <label className="flex min-h-10 cursor-pointer items-center gap-2 text-sm">
        <input
          ref={pageBox}
          type="checkbox"
          className="size-4 accent-emerald-600"
          checked={allOnPage}
          disabled={pageSize === 0}
          onChange={(event) => onSelectPage(event.target.checked)}
        />
        {t('selection.selectPage')}
      </label>
      <span role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {count > 0 && t('selection.count', { count })}
        {count >= LABELS_MAX && ` — ${t('selection.limit', { max: LABELS_MAX })}`}
      </span>
      <div className="flex flex-wrap gap-2 sm:ml-auto">
        {count > 0 && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            {t('selection.clear')}
          </Button>
        )}
        <Button variant="outline" onClick={onPrintLabels} disabled={count === 0}>
          <TagIcon />
          {t('selection.printLabels')}
        </Button>
      </div>
    </div>
  );
}
