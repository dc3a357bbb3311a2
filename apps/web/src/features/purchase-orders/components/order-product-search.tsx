import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useOrderProductSearch } from '../api/search-products';
import type { OrderProduct } from '../lib/purchase-order-form';

interface OrderProductSearchProps {
  /** Whether a product is already on the order (its button then reads 'Added'). */
  isAdded: (productId: number) => boolean;
  onAdd: (product: OrderProduct) => void;
}

const mutedText = 'text-sm text-slate-600 dark:text-slate-400';

/** The order's product search: 300 ms after the last keystroke (spec §9), then the results. */
export function OrderProductSearch({ isAdded, onAdd }: OrderProductSearchProps) {
  const { t } = useTranslation('purchaseOrders');
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query);
  const search = useOrderProductSearch(debounced);

  return (
    <div className="grid gap-2">
      <Label htmlFor="po-product-search">{t('form.searchLabel')}</Label>
      <Input
        id="po-product-search"
        type="search"
        autoComplete="off"
        placeholder={t('form.searchPlaceholder')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <div aria-live="polite">
        {debounced.trim() === '' ? null : search.isLoading ? (
          <p className={mutedText}>{t('form.searching')}</p>
        ) : search.isError ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {t('form.searchFailed')}
          </p>
        ) : search.data?.length ? (
          <ul
            aria-label={t('form.searchLabel')}
            className="grid max-h-56 gap-2 overflow-y-auto rounded-md border border-slate-200 p-2 dark:border-slate-800"
          >
            {search.data.map((product) => {
              const added = isAdded(product.id);
              return (
                <li key={product.id} className="flex items-center justify-between gap-3">
                  <span className="min-w-0 text-sm break-words">
                    {product.name}
                    <span className={`block ${mutedText}`}>{product.sku}</span>
                  </span>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={added}
                    aria-label={added ? undefined : t('form.addNamed', { name: product.name })}
                    onClick={() => onAdd(product)}
                  >
                    {added ? t('form.added') : t('form.add')}
                  </Button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className={mutedText}>{t('form.noResults')}</p>
        )}
      </div>
    </div>
  );
}
