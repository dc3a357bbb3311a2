import type { Category } from '@duka/shared/categories/categories.schemas';
import { UNIT_TYPES } from '@duka/shared/money/units';
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

export type ProductForm = UseFormReturn<ProductFormValues, unknown, ProductPayload>;

interface ProductFormFieldsProps {
  form: ProductForm;
  categories: readonly Category[];
  categoriesFailed: boolean;
}

const PRICE_STEP = '0.01';

/** Every input of the product form except the photos; one column on a phone. */
export function ProductFormFields({ form, categories, categoriesFailed }: ProductFormFieldsProps) {
  const { t } = useTranslation(['products', 'common']);
  const { register, control, formState } = form;
  const { errors } = formState;
  const error = (field: ProductFormField) => translateMessage(errors[field]?.message);
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
  const count = (field: ProductFormField, label: string, min: number) => (
    <TextField
      id={`product-${field}`}
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      step={1}
      error={error(field)}
      {...register(field)}
    />
  );

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('name', t('form.fields.name'), { maxLength: 200 })}
        {text('sku', t('form.fields.sku'), { maxLength: 64 })}
        {text('barcode', t('form.fields.barcode'), { maxLength: 64 })}
        <CategoryField form={form} categories={categories} failed={categoriesFailed} />
      </div>
      {text('description', t('form.fields.description'), { maxLength: 2000 })}

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">{t('form.sections.prices')}</legend>
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
          />
        ))}
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
        {count('pack_size', t('form.fields.pack_size'), 1)}
        {count('quantity', t('form.fields.quantity'), 0)}
        {count('min_quantity', t('form.fields.min_quantity'), 0)}
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
