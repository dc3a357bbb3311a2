import type { EtimsStatus } from '@duka/shared/etims/etims.schemas';
import { SALE_PAYMENT_METHODS, type SalePaymentMethod } from '@duka/shared/sales/sales.schemas';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { hasFilters, isRangeInvalid, type SalesFilters } from '../lib/sales-filters';

/** As a manager looks for them: waiting, signed, refused, then the store's unsent ones. */
const ETIMS_FILTER_ORDER: readonly EtimsStatus[] = ['pending', 'sent', 'failed', 'not_registered'];

interface SalesFiltersBarProps {
  filters: SalesFilters;
  onChange: (change: Partial<SalesFilters>) => void;
}

/**
 * From and to day (each inclusive) and payment method (All / Cash / M-Pesa, issue 8; Credit /
 * Split, issue 21); Review: All or Needs review (issue 22: the offline sales a manager checks);
 * eTIMS: All or one state of the invoice with KRA (issue 26: the refused ones to retry).
 */
export function SalesFiltersBar({ filters, onChange }: SalesFiltersBarProps) {
  const { t } = useTranslation('sales');
  const rangeInvalid = isRangeInvalid(filters);
  return (
    <fieldset className="grid gap-2">
      <legend className="sr-only">{t('filters.label')}</legend>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div className="grid min-w-0 gap-1">
          <Label htmlFor="sales-from">{t('filters.from')}</Label>
          <Input
            id="sales-from"
            type="date"
            className="min-w-0 sm:w-44"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(event) => onChange({ from: event.target.value || undefined })}
          />
        </div>
        <div className="grid min-w-0 gap-1">
          <Label htmlFor="sales-to">{t('filters.to')}</Label>
          <Input
            id="sales-to"
            type="date"
            className="min-w-0 sm:w-44"
            value={filters.to ?? ''}
            min={filters.from}
            aria-invalid={rangeInvalid}
            aria-describedby="sales-to-error"
            onChange={(event) => onChange({ to: event.target.value || undefined })}
          />
        </div>
        <div className="col-span-2 grid gap-1 sm:col-span-1">
          <Label htmlFor="sales-payment-method">{t('filters.paymentMethod')}</Label>
          <NativeSelect
            id="sales-payment-method"
            className="sm:w-40"
            value={filters.payment_method ?? ''}
            onChange={(event) =>
              onChange({
                payment_method: (event.target.value || undefined) as SalePaymentMethod | undefined,
              })
            }
          >
            <option value="">{t('filters.all')}</option>
            {SALE_PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {t(`payment.${method}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="col-span-2 grid gap-1 sm:col-span-1">
          <Label htmlFor="sales-review">{t('filters.review')}</Label>
          <NativeSelect
            id="sales-review"
            className="sm:w-48"
            value={filters.needs_review ? 'needs_review' : ''}
            onChange={(event) =>
              onChange({ needs_review: event.target.value === 'needs_review' || undefined })
            }
          >
            <option value="">{t('filters.all')}</option>
            <option value="needs_review">{t('review.badge')}</option>
          </NativeSelect>
        </div>
        <div className="col-span-2 grid gap-1 sm:col-span-1">
          <Label htmlFor="sales-etims">{t('filters.etims')}</Label>
          <NativeSelect
            id="sales-etims"
            className="sm:w-44"
            value={filters.etims_status ?? ''}
            onChange={(event) =>
              onChange({
                etims_status: (event.target.value || undefined) as EtimsStatus | undefined,
              })
            }
          >
            <option value="">{t('filters.all')}</option>
            {ETIMS_FILTER_ORDER.map((status) => (
              <option key={status} value={status}>
                {t(`etims.status.${status}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {hasFilters(filters) && (
          <Button
            variant="outline"
            className="col-span-2 sm:col-span-1"
            onClick={() => {
              onChange({
                from: undefined,
                to: undefined,
                payment_method: undefined,
                needs_review: undefined,
                etims_status: undefined,
              });
              // The button goes away with the filters: keep the keyboard in the filters.
              document.getElementById('sales-from')?.focus();
            }}
          >
            {t('filters.clear')}
          </Button>
        )}
      </div>
      <FieldError id="sales-to-error">{rangeInvalid ? t('filters.rangeInvalid') : null}</FieldError>
    </fieldset>
  );
}
