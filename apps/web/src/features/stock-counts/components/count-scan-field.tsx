import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ScanBarcode } from 'lucide-react';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { countSearchKey, searchCountProducts } from '../api/stock-counts';
import { countFailureMessage } from '../lib/count-errors';
import { exactMatch, looksLikeCode, type CountProduct } from '../lib/count-product';

export const COUNT_SCAN_ID = 'count-scan';

interface CountScanFieldProps {
  ref: Ref<HTMLInputElement>;
  onPick: (product: CountProduct) => void;
}

const mutedText = 'text-sm text-slate-600 dark:text-slate-400';

/**
 * The counting screen's first field (scanner-first): a scanner types the code and Enter, and an
 * exact barcode or SKU picks the product at once; typed letters show the products whose name or
 * code holds them, to pick from. A code that finds nothing is said and selected, so the next
 * scan replaces it.
 */
export function CountScanField({ ref, onPick }: CountScanFieldProps) {
  const { t } = useTranslation('counts');
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const debounced = useDebouncedValue(text.trim());
  // Matches once the typing has settled, and never for a field just cleared by a pick.
  const typed = debounced.length >= 2 && text.trim() !== '' && !notice;
  const search = useQuery({
    queryKey: countSearchKey(debounced),
    queryFn: ({ signal }) => searchCountProducts(debounced, signal),
    enabled: typed,
  });

  const pick = (product: CountProduct) => {
    setText('');
    setNotice(null);
    onPick(product);
  };

  const handleEnter = async (input: HTMLInputElement) => {
    const value = input.value.trim();
    if (!value) return;
    try {
      const results = await queryClient.fetchQuery({
        queryKey: countSearchKey(value),
        queryFn: ({ signal }) => searchCountProducts(value, signal),
      });
      const exact = exactMatch(results, value);
      if (exact) return pick(exact);
      if (results.length === 0 || looksLikeCode(value)) {
        setNotice(t('scan.noMatch', { text: value }));
        input.select();
      }
    } catch (error) {
      setNotice(countFailureMessage(error, t('scan.failed')));
    }
  };

  const matches = typed ? (search.data ?? []) : [];
  return (
    <div className="grid gap-2">
      <Label htmlFor={COUNT_SCAN_ID}>{t('scan.label')}</Label>
      <div className="relative">
        <ScanBarcode
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden
        />
        <Input
          ref={ref}
          id={COUNT_SCAN_ID}
          type="search"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={t('scan.placeholder')}
          aria-describedby={`${COUNT_SCAN_ID}-hint`}
          className="pl-9"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setNotice(null);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.ctrlKey || event.metaKey) return;
            event.preventDefault();
            void handleEnter(event.currentTarget);
          }}
        />
      </div>
      <p id={`${COUNT_SCAN_ID}-hint`} className={mutedText}>
        {t('scan.hint')}
      </p>
      <div aria-live="polite">
        {notice ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {notice}
          </p>
        ) : !typed ? null : search.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {countFailureMessage(search.error, t('scan.failed'))}
          </p>
        ) : search.isPending ? (
          <p className={mutedText}>{t('scan.searching')}</p>
        ) : matches.length === 0 ? (
          <p className={mutedText}>{t('scan.noMatch', { text: debounced })}</p>
        ) : (
          <ul
            aria-label={t('scan.matches')}
            className="grid max-h-64 gap-1 overflow-y-auto rounded-md border border-slate-200 p-1 dark:border-slate-800"
          >
            {matches.map((product) => (
              <li key={product.id}>
                <Button
                  type="button"
                  variant="ghost"
                  className="h-auto w-full justify-start py-2 text-left whitespace-normal"
                  aria-label={t('scan.pick', { name: product.name })}
                  onClick={() => pick(product)}
                >
                  <span className="min-w-0 break-words">
                    {product.name}
                    <span className={`block ${mutedText}`}>
                      {product.sku}
                      {product.barcode ? ` · ${product.barcode}` : ''}
                    </span>
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
