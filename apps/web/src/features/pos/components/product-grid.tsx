import { TriangleAlertIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { usePosProducts } from '../api/get-pos-products';
import { POS_PAGE_SIZE, type PosProduct } from '../lib/pos-products';
import { GettingStarted } from './getting-started';
import { ProductCard } from './product-card';
import { ProductsPager } from './products-pager';

interface ProductGridProps {
  /** The committed search text (debounced, or at once on Enter). */
  query: string;
  page: number;
  onPageChange: (page: number) => void;
  onAdd: (product: PosProduct) => void;
}

/**
 * Twelve goods a page from the server (spec §2, §9); services never show. With no connection,
 * the same from the device's catalogue, and a line saying so (issue 22).
 */
export function ProductGrid({ query, page, onPageChange, onAdd }: ProductGridProps) {
  const { t } = useTranslation('pos');
  const products = usePosProducts(query, page);

  if (products.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      >
        <p className="flex items-center gap-2 font-semibold">
          <TriangleAlertIcon className="size-5" aria-hidden />
          {t('grid.connectionError')}
        </p>
        <p>{t('grid.loadFailed')}</p>
        <Button variant="outline" size="sm" onClick={() => void products.refetch()}>
          {t('grid.retry')}
        </Button>
      </div>
    );
  }
  if (!products.data) {
    return (
      <p className="py-8 text-center text-slate-600 dark:text-slate-400">{t('grid.loading')}</p>
    );
  }

  const shown = products.data.data;
  const pages = Math.max(1, Math.ceil(products.data.total / POS_PAGE_SIZE));
  const fromDevice = products.data.fromDevice && (
    <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
      {t('grid.fromDevice')}
    </p>
  );
  if (shown.length === 0) {
    // A shop with no goods (perhaps only its delivery service) has nothing to sell yet.
    if (!query && page === 1 && products.data.total === 0) return <GettingStarted />;
    return (
      <div className="py-8 text-center">
        {fromDevice}
        <p className="font-semibold">{t('grid.empty')}</p>
        <p className="text-slate-600 dark:text-slate-400">{t('grid.emptyHint')}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {fromDevice}
      <ul
        aria-label={t('grid.label')}
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
      >
        {shown.map((product) => (
          <ProductCard key={product.id} product={product} onAdd={onAdd} />
        ))}
      </ul>
      <ProductsPager page={page} pages={pages} onPageChange={onPageChange} />
    </div>
  );
}
