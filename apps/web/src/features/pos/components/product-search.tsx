import { SearchIcon } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { TILL_SEARCH_ID } from '../lib/till-focus';

interface ProductSearchProps {
  ref: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
  /** Enter: search at once (and add an exact barcode/SKU match). */
  onSubmit: (value: string) => void;
}

/** The till's search box: typing filters after 300 ms; Enter (a scanner's last key) runs now. */
export function ProductSearch({ ref, value, onChange, onSubmit }: ProductSearchProps) {
  const { t } = useTranslation('pos');
  return (
    <div className="relative">
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden
      />
      <Input
        ref={ref}
        id={TILL_SEARCH_ID}
        type="search"
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        className="pl-9"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.ctrlKey || event.metaKey) return;
          event.preventDefault();
          onSubmit(event.currentTarget.value);
        }}
      />
    </div>
  );
}
