import { useTranslation } from 'react-i18next';
import { Button } from './button';

export type PageItem = number | 'gap';

/**
 * The page buttons to draw: the first, the last, and the pages around the current one, with a
 * gap between — 2,500 pages of products never mean 2,500 buttons.
 */
export function pageItems(current: number, pageCount: number, around = 1): PageItem[] {
  const items: PageItem[] = [];
  for (let page = 1; page <= pageCount; page += 1) {
    const near = Math.abs(page - current) <= around;
    if (page === 1 || page === pageCount || near) items.push(page);
    else if (items.at(-1) !== 'gap') items.push('gap');
  }
  // A gap hiding a single page is no shorter than the page itself.
  return items.map((item, index) =>
    item === 'gap' && items[index - 1] === (items[index + 1] as number) - 2
      ? (items[index - 1] as number) + 1
      : item,
  );
}

interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation region, e.g. 'Products pages'. */
  label: string;
}

/** Previous, numbered pages, Next (spec §2 paging). Nothing when everything fits on one page. */
export function Pagination({ page, pageCount, onPageChange, label }: PaginationProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      <Button
        variant="outline"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        {t('pagination.previous')}
      </Button>
      {pageItems(page, pageCount).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
            …
          </span>
        ) : (
          <Button
            key={item}
            variant={item === page ? 'default' : 'outline'}
            size="sm"
            aria-label={t('pagination.page', { page: item })}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPageChange(item)}
          >
            {item}
          </Button>
        ),
      )}
      <Button
        variant="outline"
        size="sm"
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
      >
        {t('pagination.next')}
      </Button>
    </nav>
  );
}
