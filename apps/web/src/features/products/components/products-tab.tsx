import { PlusIcon, SearchIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Pagination } from '@/components/ui/pagination';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useCan } from '@/lib/use-can';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { STOCK_FILTERS, useProducts, type StockFilter } from '../api/get-products';
import type { InventoryProduct } from '../lib/product-types';
import { DeleteProductDialog } from './delete-product-dialog';
import { ProductFormDialog } from './product-form-dialog';
import { useProductSelection } from '../lib/use-product-selection';
import { ProductsSelectionBar } from './products-selection-bar';
import { ProductsTable } from './products-table';
import { StockHistoryDialog } from './stock-history-dialog';

/** Spec §9: search waits 300 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;
export const PRODUCTS_PAGE_SIZE = 20;

interface ProductsTabProps {
  /** More toolbar buttons (Import / Export), composed in by the page. */
  toolbar?: ReactNode;
  /** Issue 25: opens the labels of the products chosen (the labels feature, composed in app/). */
  onPrintLabels?: (ids: number[]) => void;
}

/**
 * Spec §2 Inventory page, Products tab: server-side search and paging (a chain may have 50,000
 * products, so the list is never loaded whole), a stock filter (low stock; count needed, issue
 * 22), the product dialog, delete and stock history.
 */
export function ProductsTab({ toolbar, onPrintLabels }: ProductsTabProps) {
  const { t } = useTranslation(['products', 'common']);
  const can = useCan();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [stock, setStock] = useState<StockFilter | undefined>(undefined);
  // A new search or stock filter starts on its first page.
  const [paging, setPaging] = useState({ q: '', stock, page: 1 });
  const page = paging.q === q && paging.stock === stock ? paging.page : 1;
  const products = useProducts({ q, page, pageSize: PRODUCTS_PAGE_SIZE, stock });

  const [form, setForm] = useState<{ open: boolean; product: InventoryProduct | null }>({
    open: false,
    product: null,
  });
  const [deleting, setDeleting] = useState<InventoryProduct | null>(null);
  const [history, setHistory] = useState<InventoryProduct | null>(null);

  const canWrite = can('products:write');
  const selecting = onPrintLabels !== undefined && can('products:labels');
  const selection = useProductSelection();
  const openForm = (product: InventoryProduct | null) => setForm({ open: true, product });
  const total = products.data?.total ?? 0;
  const pageCount = Math.ceil(total / PRODUCTS_PAGE_SIZE);

  // The only product of the last page is gone: show the page before it.
  const handleDeleted = () => {
    if (page > 1 && products.data?.data.length === 1) setPaging({ q, stock, page: page - 1 });
  };

  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="relative flex-1 sm:max-w-sm">
            <SearchIcon
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <Input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('toolbar.search')}
              aria-label={t('toolbar.searchLabel')}
              className="pl-9"
            />
          </div>
          {/* Issue 22: Count needed finds the products offline sales took below zero. */}
          <NativeSelect
            aria-label={t('toolbar.stockFilter')}
            className="sm:w-48"
            value={stock ?? ''}
            onChange={(event) =>
              setStock(STOCK_FILTERS.find((filter) => filter === event.target.value))
            }
          >
            <option value="">{t('toolbar.stockAll')}</option>
            <option value="low">{t('stock.lowStock')}</option>
            <option value="count_needed">{t('stock.countNeeded')}</option>
          </NativeSelect>
          <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
            {toolbar}
            {canWrite && (
              <Button onClick={() => openForm(null)}>
                <PlusIcon />
                {t('toolbar.add')}
              </Button>
            )}
          </div>
        </div>

        {products.isPending ? (
          <p role="status" className="py-6 text-center text-slate-600 dark:text-slate-400">
            {t('table.loading')}
          </p>
        ) : products.isError ? (
          <div role="alert" className="grid justify-items-center gap-3 py-6">
            <p className="text-red-600 dark:text-red-400">
              {translateMessage(errorMessage(products.error, t('table.loadFailed')))}
            </p>
            <Button variant="outline" onClick={() => void products.refetch()}>
              {t('table.retry')}
            </Button>
          </div>
        ) : (
          <div className="grid gap-4" aria-busy={products.isFetching}>
            {selecting && (
              <ProductsSelectionBar
                count={selection.count}
                pageSelected={products.data.data.filter(selection.isSelected).length}
                pageSize={products.data.data.length}
                onSelectPage={(selected) => selection.setMany(products.data.data, selected)}
                onClear={selection.clear}
                onPrintLabels={() => onPrintLabels(selection.ids())}
              />
            )}
            <ProductsTable
              selection={selecting ? selection : undefined}
              products={products.data.data}
              empty={stock === 'count_needed' ? t('table.emptyCountNeeded') : undefined}
              onEdit={canWrite ? openForm : undefined}
              onDelete={can('products:delete') ? setDeleting : undefined}
              onHistory={can('products:history') ? setHistory : undefined}
            />
            {total > 0 && (
              <p className="text-center text-sm text-slate-600 dark:text-slate-400">
                {t('table.range', {
                  from: (page - 1) * PRODUCTS_PAGE_SIZE + 1,
                  to: Math.min(page * PRODUCTS_PAGE_SIZE, total),
                  total,
                })}
              </p>
            )}
            <Pagination
              page={page}
              pageCount={pageCount}
              onPageChange={(next) => setPaging({ q, stock, page: next })}
              label={t('table.pages')}
            />
          </div>
        )}
      </CardContent>
      <ProductFormDialog
        open={form.open}
        product={form.product}
        onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
      />
      <DeleteProductDialog
        product={deleting}
        onDeleted={handleDeleted}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
      />
      <StockHistoryDialog
        product={history}
        onOpenChange={(open) => {
          if (!open) setHistory(null);
        }}
      />
    </Card>
  );
}
