import { centsToDecimal, formatCurrency } from '@duka/shared/money/money';
import { UNIT_TYPES, type UnitType } from '@duka/shared/money/units';
import { Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { translateMessage } from '@/lib/i18n';
import {
  changeUnit,
  lineTotalCents,
  type DraftItem,
  type OrderErrors,
} from '../lib/purchase-order-form';

interface OrderItemRowProps {
  item: DraftItem;
  index: number;
  errors: OrderErrors;
  onChange: (item: DraftItem) => void;
  onRemove: () => void;
}

type TextField = 'quantity' | 'buying_price' | 'selling_price';

/**
 * One item of the order: a card on a phone, one row of fields from `md` up. Every field keeps
 * its visible label, so the row reads the same in both layouts.
 */
export function OrderItemRow({ item, index, errors, onChange, onRemove }: OrderItemRowProps) {
  const { t } = useTranslation('purchaseOrders');
  const id = (field: string) => `po-item-${item.key}-${field}`;
  const error = (field: string) => translateMessage(errors[`items.${index}.${field}`]);
  const name = item.product?.name;

  const numberField = (field: TextField, label: string, step: string) => (
    <div className="grid content-start gap-1">
      <Label htmlFor={id(field)} className="text-xs">
        {label}
      </Label>
      <Input
        id={id(field)}
        type="number"
        inputMode={field === 'quantity' ? 'numeric' : 'decimal'}
        min={field === 'quantity' ? 1 : 0}
        step={step}
        value={item[field]}
        aria-invalid={Boolean(error(field))}
        aria-describedby={`${id(field)}-error`}
        onChange={(event) => onChange({ ...item, [field]: event.target.value })}
      />
      <FieldError id={`${id(field)}-error`}>{error(field)}</FieldError>
    </div>
  );

  // The unit column is wide enough for 'Chagua kipimo' and its arrow (issue 20: Swahili was cut).
  return (
    <li
      aria-label={name ?? t('form.chooseProduct')}
      className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2 md:grid-cols-[minmax(0,2fr)_9rem_5.5rem_7rem_7rem_auto] md:items-start dark:border-slate-800"
    >
      <div className="grid content-start gap-1 sm:col-span-2 md:col-span-1">
        <span className="text-xs font-medium">{t('form.product')}</span>
        <span
          className={
            name ? 'text-sm font-medium break-words' : 'text-sm text-slate-600 dark:text-slate-400'
          }
        >
          {name ?? t('form.chooseProduct')}
        </span>
        <FieldError>{error('product_id')}</FieldError>
      </div>
      <div className="grid content-start gap-1">
        <Label htmlFor={id('unit')} className="text-xs">
          {t('form.unit')}
        </Label>
        <NativeSelect
          id={id('unit')}
          value={item.unit_type}
          aria-invalid={Boolean(error('unit_type'))}
          aria-describedby={`${id('unit')}-error`}
          onChange={(event) => onChange(changeUnit(item, event.target.value as UnitType))}
        >
          {item.unit_type === '' && <option value="">{t('form.chooseUnit')}</option>}
          {UNIT_TYPES.map((unit) => (
            <option key={unit} value={unit}>
              {t(`units.${unit}`)}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={`${id('unit')}-error`}>{error('unit_type')}</FieldError>
      </div>
      {numberField('quantity', t('form.quantity'), '1')}
      {numberField('buying_price', t('form.buyingPrice'), '0.01')}
      {numberField('selling_price', t('form.sellingPrice'), '0.01')}
      <div className="flex items-end justify-between gap-2 sm:col-span-2 md:col-span-1 md:grid md:content-start md:justify-items-end">
        <div className="grid gap-1 md:justify-items-end">
          <span className="text-xs font-medium">{t('form.lineTotal')}</span>
          <span className="text-sm whitespace-nowrap">
            {formatCurrency(centsToDecimal(lineTotalCents(item)))}
          </span>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={
            name ? t('form.removeItem', { name }) : t('form.removeBlankItem', { number: index + 1 })
          }
          onClick={onRemove}
        >
          <Trash2Icon />
        </Button>
      </div>
    </li>
  );
}
