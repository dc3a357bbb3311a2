import type { UnitType } from '@duka/shared/money/units';
import { Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { translateMessage } from '@/lib/i18n';
import { usePiecesText } from '../hooks/use-pieces-text';
import {
  linePieces,
  shortOnShelf,
  unitsFor,
  type DraftLine,
  type SendErrors,
} from '../lib/send-form';

interface SendLineRowProps {
  line: DraftLine;
  index: number;
  errors: SendErrors;
  onChange: (line: DraftLine) => void;
  onRemove: () => void;
}

/**
 * One product to send: its unit and quantity, what that is in pieces and what the shelf holds.
 * A card on a phone, one row from `sm` up; every field keeps its visible label.
 */
export function SendLineRow({ line, index, errors, onChange, onRemove }: SendLineRowProps) {
  const { t } = useTranslation('transfers');
  const piecesText = usePiecesText();
  const { product } = line;
  const id = (field: string) => `transfer-line-${product.id}-${field}`;
  const error = (field: string) => translateMessage(errors[`items.${index}.${field}`]);
  const pieces = linePieces(line);
  const onShelf = shortOnShelf(line);
  const quantityError =
    error('quantity') ??
    (onShelf !== null ? t('form.onlyInStock', { pieces: piecesText(onShelf) }) : undefined);

  return (
    <li
      aria-label={product.name}
      className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_8.5rem_6rem_auto] sm:items-start dark:border-slate-800"
    >
      <div className="grid content-start gap-1">
        <span className="text-sm font-medium break-words">{product.name}</span>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {product.sku} · {t('form.inStock', { pieces: piecesText(product.stock_pieces) })}
        </span>
        <FieldError>{error('product_id')}</FieldError>
      </div>
      <div className="grid content-start gap-1">
        <Label htmlFor={id('unit')} className="text-xs">
          {t('form.unit')}
        </Label>
        <NativeSelect
          id={id('unit')}
          value={line.unit_type}
          aria-invalid={Boolean(error('unit_type'))}
          onChange={(event) => onChange({ ...line, unit_type: event.target.value as UnitType })}
        >
          {unitsFor(product).map((unit) => (
            <option key={unit} value={unit}>
              {unit === 'pack' ? t('packOf', { size: product.pack_size }) : t(`units.${unit}`)}
            </option>
          ))}
        </NativeSelect>
        <FieldError>{error('unit_type')}</FieldError>
      </div>
      <div className="grid content-start gap-1">
        <Label htmlFor={id('quantity')} className="text-xs">
          {t('form.quantity')}
        </Label>
        <Input
          id={id('quantity')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={line.quantity}
          aria-invalid={Boolean(quantityError)}
          aria-describedby={`${id('quantity')}-pieces ${id('quantity')}-error`}
          onChange={(event) => onChange({ ...line, quantity: event.target.value })}
        />
        <span
          id={`${id('quantity')}-pieces`}
          className="text-xs text-slate-600 dark:text-slate-400"
        >
          {pieces === null ? '' : t('form.equalsPieces', { pieces: piecesText(pieces) })}
        </span>
        <FieldError id={`${id('quantity')}-error`}>{quantityError}</FieldError>
      </div>
      <div className="flex justify-end sm:pt-5">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t('form.remove', { name: product.name })}
          onClick={onRemove}
        >
          <Trash2Icon />
        </Button>
      </div>
    </li>
  );
}
