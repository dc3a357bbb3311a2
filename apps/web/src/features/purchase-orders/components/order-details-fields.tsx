import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { translateMessage } from '@/lib/i18n';
import { useSupplierOptions } from '../api/get-supplier-options';
import type { DraftOrder, OrderErrors } from '../lib/purchase-order-form';

interface OrderDetailsFieldsProps {
  draft: DraftOrder;
  errors: OrderErrors;
  /** Suppliers are fetched once the dialog is open. */
  enabled: boolean;
  onChange: (changes: Partial<DraftOrder>) => void;
}

/** Supplier and expected delivery date of a new order. */
export function OrderDetailsFields({ draft, errors, enabled, onChange }: OrderDetailsFieldsProps) {
  const { t } = useTranslation('purchaseOrders');
  const suppliers = useSupplierOptions({ enabled });
  const list = suppliers.data ?? [];
  const placeholder = suppliers.isLoading
    ? t('form.loadingSuppliers')
    : list.length === 0
      ? t('form.noSuppliers')
      : t('form.selectSupplier');

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid content-start gap-2">
        <Label htmlFor="po-supplier">{t('form.supplier')}</Label>
        <NativeSelect
          id="po-supplier"
          value={draft.supplier_id}
          aria-invalid={Boolean(errors.supplier_id)}
          aria-describedby="po-supplier-error"
          onChange={(event) => onChange({ supplier_id: event.target.value })}
        >
          <option value="" disabled={list.length > 0}>
            {placeholder}
          </option>
          {list.map((supplier) => (
            <option key={supplier.id} value={supplier.id}>
              {supplier.name}
            </option>
          ))}
        </NativeSelect>
        <FieldError id="po-supplier-error">{translateMessage(errors.supplier_id)}</FieldError>
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor="po-delivery">{t('form.expectedDelivery')}</Label>
        <Input
          id="po-delivery"
          type="date"
          value={draft.expected_delivery_date}
          aria-invalid={Boolean(errors.expected_delivery_date)}
          aria-describedby="po-delivery-error"
          onChange={(event) => onChange({ expected_delivery_date: event.target.value })}
        />
        <FieldError id="po-delivery-error">
          {translateMessage(errors.expected_delivery_date)}
        </FieldError>
      </div>
    </div>
  );
}
