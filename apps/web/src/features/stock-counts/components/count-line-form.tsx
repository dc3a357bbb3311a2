import type { UnitType } from '@duka/shared/money/units';
import { toPieces } from '@duka/shared/money/units';
import type { StockCountLine } from '@duka/shared/stock-counts/stock-counts.schemas';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatDate } from '@/lib/format-date';
import { useSaveCountLine } from '../api/stock-counts';
import { countFailureMessage, isFinishedError } from '../lib/count-errors';
import { countedText } from '../lib/count-format';
import {
  countUnits,
  parseQuantity,
  type CountProduct,
  type OutOfCount,
} from '../lib/count-product';
import type { DeviceLine } from '../lib/device-lines';

export const COUNT_QUANTITY_ID = 'count-quantity';

interface CountLineFormProps {
  countId: number;
  product: CountProduct;
  /** Why this product cannot be counted here, found before anything is typed. */
  outOfCount: OutOfCount;
  /** The product's line so far (anyone's): a new count replaces it. */
  earlier: StockCountLine | undefined;
  /** A correction: the quantity and unit this device counted before. */
  initial?: { quantity: number; unit: UnitType };
  onSaved: (line: DeviceLine) => void;
  onCancel: () => void;
  /** The count was finished meanwhile: show its report. */
  onFinished: () => void;
}

const mutedText = 'text-sm text-slate-600 dark:text-slate-400';

/**
 * One product's count: its name, the quantity on the numeric keypad and the unit it was
 * counted in; Enter (or Save and next) sends it as the one line of PUT …/lines, then the
 * screen goes back to the scan field. A product counted before says so, with that quantity.
 */
export function CountLineForm({
  countId,
  product,
  outOfCount,
  earlier,
  initial,
  onSaved,
  onCancel,
  onFinished,
}: CountLineFormProps) {
  const { t } = useTranslation(['counts', 'common']);
  const units = countUnits(product);
  const [quantity, setQuantity] = useState(initial ? String(initial.quantity) : '');
  const [unit, setUnit] = useState<UnitType>(
    initial?.unit ?? (units.includes(product.stock_unit) ? product.stock_unit : 'piece'),
  );
  const [invalid, setInvalid] = useState<string | null>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  const save = useSaveCountLine(countId);

  useEffect(() => {
    quantityRef.current?.focus();
    quantityRef.current?.select();
  }, [product.id]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const counted = parseQuantity(quantity);
    if (counted === null) {
      setInvalid(t('line.quantityInvalid'));
      quantityRef.current?.focus();
      return;
    }
    setInvalid(null);
    save.mutate(
      { product_id: product.id, counted_quantity: counted, unit_type: unit },
      {
        onSuccess: (line) =>
          onSaved({
            product,
            counted_quantity: counted,
            unit_type: unit,
            counted_pieces: line?.counted_pieces ?? toPieces(counted, unit, product.pack_size),
            counted_at: line?.counted_at ?? new Date().toISOString(),
          }),
        onError: () => quantityRef.current?.focus(),
      },
    );
  };

  const headingId = `count-product-${product.id}`;
  if (outOfCount) {
    return (
      <section aria-labelledby={headingId} className="grid gap-3">
        <ProductTitle id={headingId} product={product} />
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {t(`line.${outOfCount}`)}
        </p>
        <div>
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('line.scanAnother')}
          </Button>
        </div>
      </section>
    );
  }

  const serverError = save.isError ? countFailureMessage(save.error, t('line.saveFailed')) : null;
  const finished = save.isError && isFinishedError(save.error);
  const errorId = `${COUNT_QUANTITY_ID}-error`;
  return (
    <form aria-labelledby={headingId} className="grid gap-3" onSubmit={handleSubmit} noValidate>
      <ProductTitle id={headingId} product={product} />
      {earlier && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {t('line.earlier', {
            quantity: countedText(
              earlier.counted_quantity,
              earlier.unit_type,
              earlier.counted_pieces,
            ),
            name: earlier.counted_by?.name ?? t('line.someone'),
            time: earlier.counted_at ? formatDate(earlier.counted_at, 'time') : '',
          })}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_1fr] sm:items-end">
        <div className="grid gap-2">
          <Label htmlFor={COUNT_QUANTITY_ID}>{t('line.quantity')}</Label>
          <Input
            ref={quantityRef}
            id={COUNT_QUANTITY_ID}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            enterKeyHint="done"
            autoComplete="off"
            aria-invalid={Boolean(invalid)}
            aria-describedby={errorId}
            className="text-lg tabular-nums"
            value={quantity}
            onChange={(event) => {
              setQuantity(event.target.value);
              setInvalid(null);
            }}
          />
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t('line.unit')}</legend>
          <div className="flex flex-wrap gap-1">
            {units.map((option) => (
              <label
                key={option}
                className="flex h-10 cursor-pointer items-center gap-1.5 rounded-md border border-slate-300 px-2.5 text-sm has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-500 dark:border-slate-700 dark:has-[:checked]:border-emerald-500 dark:has-[:checked]:bg-emerald-950"
              >
                <input
                  type="radio"
                  name="count-unit"
                  value={option}
                  checked={unit === option}
                  onChange={() => setUnit(option)}
                  className="accent-emerald-700"
                />
                {t(`units.${option}`, { size: product.pack_size })}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <FieldError id={errorId}>{invalid ?? undefined}</FieldError>
      {serverError && (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p className="font-medium text-red-700 dark:text-red-400">{serverError}</p>
          {finished && (
            <Button type="button" variant="outline" size="sm" onClick={onFinished}>
              {t('line.seeReport')}
            </Button>
          )}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending} className="flex-1 sm:flex-none">
          {save.isPending ? t('line.saving') : t('line.save')}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('common:actions.cancel')}
        </Button>
      </div>
      <p className={mutedText}>{t('line.replaceNote')}</p>
    </form>
  );
}

function ProductTitle({ id, product }: { id: string; product: CountProduct }) {
  return (
    <div>
      <h3 id={id} className="text-base font-semibold break-words">
        {product.name}
      </h3>
      <p className={mutedText}>
        {product.sku}
        {product.barcode ? ` · ${product.barcode}` : ''}
      </p>
    </div>
  );
}
