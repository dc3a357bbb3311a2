import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSearchProductsNow, useTransferProductSearch } from '../api/search-products';
import { usePiecesText } from '../hooks/use-pieces-text';
import { exactMatch, type TransferProduct } from '../lib/send-form';

interface TransferProductSearchProps {
  isListed: (productId: number) => boolean;
  onAdd: (product: TransferProduct) => void;
}

const mutedText = 'text-sm text-slate-600 dark:text-slate-400';

/**
 * Search by name, SKU or barcode (300 ms after the last keystroke, spec §9), or scan: a scanner
 * types the code and presses Enter, and an exact barcode or SKU match is added at once and the
 * box cleared for the next scan — the till's rule. A code that finds nothing is said so.
 */
export function TransferProductSearch({ isListed, onAdd }: TransferProductSearchProps) {
  const { t } = useTranslation('transfers');
  const piecesText = usePiecesText();
  const [query, setQuery] = useState('');
  const [notFound, setNotFound] = useState<string | null>(null);
  const debounced = useDebouncedValue(query);
  const search = useTransferProductSearch(debounced);
  const searchNow = useSearchProductsNow();

  const handleKeyDown = async (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter never submits the form from here: it is the scanner's end of code.
    event.preventDefault();
    const text = query.trim();
    if (text === '') return;
    try {
      const match = exactMatch(await searchNow(text), text);
      if (match) {
        onAdd(match);
        setQuery('');
        setNotFound(null);
      } else if (!/\s/.test(text) && /\d/.test(text)) {
        setNotFound(text);
        setQuery('');
      }
    } catch {
      // The list below shows the failed search.
    }
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor="transfer-product-search">{t('form.searchLabel')}</Label>
      <Input
        id="transfer-product-search"
        type="search"
        autoComplete="off"
        enterKeyHint="search"
        placeholder={t('form.searchPlaceholder')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setNotFound(null);
        }}
        onKeyDown={(event) => void handleKeyDown(event)}
      />
      <div aria-live="polite">
        {notFound !== null ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {t('form.notFound', { code: notFound })}
          </p>
        ) : debounced.trim() === '' ? null : search.isLoading ? (
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
              const listed = isListed(product.id);
              return (
                <li key={product.id} className="flex items-center justify-between gap-3">
                  <span className="min-w-0 text-sm break-words">
                    {product.name}
                    <span className={`block ${mutedText}`}>
                      {product.sku} ·{' '}
                      {t('form.inStock', { pieces: piecesText(product.stock_pieces) })}
                    </span>
                  </span>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={listed}
                    aria-label={listed ? undefined : t('form.addNamed', { name: product.name })}
                    onClick={() => onAdd(product)}
                  >
                    {listed ? t('form.added') : t('form.add')}
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
