import { TAX_TYPE_NAMES, TAX_TYPES } from '@duka/shared/tax/tax';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { translateMessage } from '@/lib/i18n';
import type { ProductForm } from './product-form-fields';

interface TaxTypeFieldProps {
  form: ProductForm;
  /** Shown read-only, like the prices: a cashier editing a product (issues 20, 26). */
  locked: boolean;
  /** The id of the 'Only a manager can change…' hint a locked field points at. */
  lockedHintId: string;
  /** Classes of a read-only input. */
  readOnlyClassName: string;
}

const ID = 'product-tax_type';

/**
 * The KRA tax letter (issue 26), its options named as KRA names them ('B-VAT 16%'), the names
 * receipts print. A <select> has no read-only state, so a cashier sees the name in a read-only
 * input; the form keeps the product's letter, and an unchanged letter is never sent.
 */
export function TaxTypeField({ form, locked, lockedHintId, readOnlyClassName }: TaxTypeFieldProps) {
  const { t } = useTranslation('products');
  const { register, getValues, formState } = form;
  const error = translateMessage(formState.errors.tax_type?.message);
  const describedBy = `${ID}-hint ${ID}-error${locked ? ` ${lockedHintId}` : ''}`;
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={ID}>{t('form.fields.tax_type')}</Label>
      {locked ? (
        <Input
          id={ID}
          readOnly
          value={TAX_TYPE_NAMES[getValues('tax_type')]}
          className={readOnlyClassName}
          aria-describedby={describedBy}
        />
      ) : (
        <NativeSelect
          id={ID}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          {...register('tax_type')}
        >
          {TAX_TYPES.map((type) => (
            <option key={type} value={type}>
              {TAX_TYPE_NAMES[type]}
            </option>
          ))}
        </NativeSelect>
      )}
      <p id={`${ID}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
        {t('form.taxTypeHint')}
      </p>
      <FieldError id={`${ID}-error`}>{error}</FieldError>
    </div>
  );
}
