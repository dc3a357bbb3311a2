import type { ShopperProduct } from '@duka/shared/products/products.schemas';
import { SearchIcon, TriangleAlertIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { toast } from '@/components/ui/use-toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useShopProducts } from '../api/get-shop-products';
import { SHOP_PAGE_SIZE } from '../lib/shop-products';
import { ShopProductCard } from './shop-product-card';

/**
 * Spec §2 Shop: the store's products from the server, 12 a page with Previous, numbered pages
 * and Next, searched on the server 300 ms after the last key (spec §9). Goods only: the server
 * leaves services out before paging.
 */
export function ShopProductGrid({ onAdd }: { onAdd: (product: ShopperProduct) => void }) {
  const { t } = useTranslation('shop');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  // A new search starts on its first page.
  const [paging, setPaging] = useState({ q: '', page: 1 });
  const page = paging.q === q ? paging.page : 1;
  const products = useShopProducts(q, page);

  // Spec §8: 'Product Load Error' / 'Failed to load products. Please refresh the page.'
  const failedAt = products.isError ? products.errorUpdatedAt : 0;
  useEffect(() => {
    if (!failedAt) return;
    toast({
      variant: 'destructive',
      title: t('grid.loadErrorTitle'),
      description: t('grid.loadError'),
    });
  }, [failedAt, t]);

  const changePage = (next: number) => {
    setPaging({ q, page: next });
    document.getElementById('shop-products-title')?.scrollIntoView?.({ block: 'start' });
  };

  return (
    <section aria-labelledby="shop-products-title" className="grid min-w-0 flex-1 gap-4">
      <h2 id="shop-products-title" className="sr-only">
        {t('grid.label')}
      </h2>
      <div className="relative">
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <Input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          autoComplete="off"
          className="pl-9"
        />
      </div>
      {products.isError ? (
        <div className="flex flex-col items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          <p className="flex items-center gap-2 font-semibold">
            <TriangleAlertIcon className="size-5" aria-hidden />
            {t('grid.loadErrorTitle')}
          </p>
          <p>{t('grid.loadError')}</p>
          <Button variant="outline" size="sm" onClick={() => void products.refetch()}>
            {t('grid.retry')}
          </Button>
        </div>
      ) : !products.data ? (
        <p role="status" className="py-8 text-center text-slate-600 dark:text-slate-400">
          {t('grid.loading')}
        </p>
      ) : (
        <ShelfPage
          products={products.data.data}
          total={products.data.total}
          page={page}
          searching={q !== ''}
          busy={products.isFetching}
          onPageChange={changePage}
          onAdd={onAdd}
        />
      )}
    </section>
  );
}

function ShelfPage({
  products,
  total,
  page,
  searching,
  busy,
  onPageChange,
  onAdd,
}: {
  products: ShopperProduct[];
  total: number;
  page: number;
  searching: boolean;
  busy: boolean;
  onPageChange: (page: number) => void;
  onAdd: (product: ShopperProduct) => void;
}) {
  const { t } = useTranslation('shop');
  return (
    <div className="grid gap-4" aria-busy={busy}>
      {products.length === 0 ? (
        <div className="py-8 text-center">
          <p className="font-semibold">{t('grid.empty')}</p>
          <p className="text-slate-600 dark:text-slate-400">
            {searching ? t('grid.emptySearch') : t('grid.emptyHint')}
          </p>
        </div>
      ) : (
        <ul
          aria-label={t('grid.label')}
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
        >
          {products.map((product) => (
            <ShopProductCard key={product.id} product={product} onAdd={onAdd} />
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pageCount={Math.ceil(total / SHOP_PAGE_SIZE)}
        onPageChange={onPageChange}
        label={t('grid.pages')}
      />
    </div>
  );
}
