import type { Category } from '@duka/shared/categories/categories.schemas';
import { UNIT_TYPES } from '@duka/shared/money/units';
import { STOCK_REASONS } from '@duka/shared/products/products.schemas';
import type { ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { translateMessage } from '@/lib/i18n';
import {
  PRICE_FIELDS,
  type ProductFormField,
  type ProductFormValues,
  type ProductPayload,
} from '../lib/product-form';
import { CategoryField } from './category-field';
import { TaxTypeField } from './tax-type-field';

export type ProductForm = UseFormReturn<ProductFormValues, unknown, ProductPayload>;

interface ProductFormFieldsProps {
  form: ProductForm;
  categories: readonly Category[];
  categoriesFailed: boolean;
  /** Prices, stock and tax type shown read-only: a cashier editing a product (issues 20, 26). */
  lockPricesAndStock?: boolean;
  /** The edit changes the stock: ask why (issue 20). */
  askStockReason?: boolean;
  /** Under the barcode field: 'Generate barcode' for a product without one (issue 25). */
  barcodeAction?: ReactNode;
}

const PRICE_STEP = '0.01';
const MANAGER_ONLY_HINT = 'product-manager-only';
/** Read-only inputs look it, in both themes. */
const READ_ONLY = 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300';

/** Every input of the product form except the photos; one column on a phone. */
export function ProductFormFields({
  form,
  categories,
  categoriesFailed,
  lockPricesAndStock = false,
  askStockReason = false,
  barcodeAction,
}: ProductFormFieldsProps) {
  const { t } = useTranslation(['products', 'common']);
  const { register, control, formState } = form;
  const { errors } = formState;
  const error = (field: ProductFormField) => translateMessage(errors[field]?.message);
  // A field only a manager may change, shown to a cashier as it is, with the hint why.
  const locked = (field: ProductFormField) =>
    lockPricesAndStock
      ? {
          readOnly: true,
          className: READ_ONLY,
          'aria-describedby': `product-${field}-error ${MANAGER_ONLY_HINT}`,
        }
      : {};
  const managerOnlyHint = lockPricesAndStock && (
    <p id={MANAGER_ONLY_HINT} className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">
      {t('form.managerOnly')}
    </p>
  );
  const text = (field: ProductFormField, label: string, options: { maxLength: number }) => (
    <TextField
      id={`product-${field}`}
      label={label}
      autoComplete="off"
      maxLength={options.maxLength}
      error={error(field)}
      {...register(field)}
    />
  );
  const count = (field: ProductFormField, label: string, min: number, extra = {}) => (
    <TextField
      id={`product-${field}`}
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      step={1}
      error={error(field)}
      {...register(field)}
      {...extra}
    />
  );

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('name', t('form.fields.name'), { maxLength: 200 })}
        {text('sku', t('form.fields.sku'), { maxLength: 64 })}
        <div className="grid content-start gap-2">
          {text('barcode', t('form.fields.barcode'), { maxLength: 64 })}
          {barcodeAction}
        </div>
        <CategoryField form={form} categories={categories} failed={categoriesFailed} />
      </div>
      {text('description', t('form.fields.description'), { maxLength: 2000 })}

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">{t('form.sections.prices')}</legend>
        {managerOnlyHint}
        {PRICE_FIELDS.map((field) => (
          <TextField
            key={field}
            id={`product-${field}`}
            label={t(`form.fields.${field}`)}
            type="number"
            inputMode="decimal"
            min={0}
            step={PRICE_STEP}
            error={error(field)}
            {...register(field)}
            {...locked(field)}
          />
        ))}
        <TaxTypeField
          form={form}
          locked={lockPricesAndStock}
          lockedHintId={MANAGER_ONLY_HINT}
          readOnlyClassName={READ_ONLY}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">{t('form.sections.stock')}</legend>
        <div className="grid gap-2">
          <Label htmlFor="product-stock_unit">{t('form.fields.stock_unit')}</Label>
          <NativeSelect
            id="product-stock_unit"
            aria-invalid={Boolean(errors.stock_unit)}
            aria-describedby="product-stock_unit-error"
            {...register('stock_unit')}
          >
            {UNIT_TYPES.map((unit) => (
              <option key={unit} value={unit}>
                {t(`unitOptions.${unit}`)}
              </option>
            ))}
          </NativeSelect>
          <FieldError id="product-stock_unit-error">{error('stock_unit')}</FieldError>
        </div>
        {count('pack_size', t('form.fields.pack_size'), 1, locked('pack_size'))}
        {count('quantity', t('form.fields.quantity'), 0, locked('quantity'))}
        {count('min_quantity', t('form.fields.min_quantity'), 0)}
        {askStockReason && (
          <div className="grid gap-2 sm:col-span-2">
            <Label htmlFor="product-stock_reason">{t('form.fields.stock_reason')}</Label>
            <NativeSelect
              id="product-stock_reason"
              required
              aria-invalid={Boolean(errors.stock_reason)}
              aria-describedby="product-stock_reason-error"
              {...register('stock_reason')}
            >
              <option value="">{t('form.chooseStockReason')}</option>
              {STOCK_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {t(`stockReasons.${reason}`)}
                </option>
              ))}
            </NativeSelect>
            <FieldError id="product-stock_reason-error">{error('stock_reason')}</FieldError>
          </div>
        )}
      </fieldset>

      <div className="flex items-center gap-3">
        <Controller
          control={control}
          name="is_active"
          render={({ field: { value, onChange } }) => (
            <Switch id="product-is_active" checked={value} onCheckedChange={onChange} />
          )}
        />
        <Label htmlFor="product-is_active">{t('common:status.active')}</Label>
      </div>
    </>
  );
}
