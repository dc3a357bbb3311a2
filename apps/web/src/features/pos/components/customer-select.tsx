import type { Customer } from '@duka/shared/customers/customers.schemas';
import { formatCurrency } from '@duka/shared/money/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { customerName } from '@/lib/customer-name';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useCustomers } from '../api/get-customers';
import { localCustomerId } from '../lib/device-products';
import { AddCustomerDialog } from './add-customer-dialog';

const ADD = 'add';

export function customerLabel(customer: Pick<Customer, 'name' | 'phone' | 'is_walk_in'>): string {
  const name = customerName(customer);
  return customer.phone ? `${name} · ${customer.phone}` : name;
}

interface CustomerSelectProps {
  /** The chosen customer; null means the Walk-in Customer (spec §4 Checkout). */
  value: Customer | null;
  onChange: (customer: Customer | null) => void;
  /**
   * Issue 21: beside what the chosen customer owes, Record repayment calls this (the page opens
   * the customers' repayment dialog); without it the debt shows alone.
   */
  onRecordRepayment?: (customer: Customer) => void;
}

/** Spec §2: the header's customer selector — search as you type, or add one on the spot. */
export function CustomerSelect({ value, onChange, onRecordRepayment }: CustomerSelectProps) {
  const { t } = useTranslation('pos');
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim());
  const customers = useCustomers(q).data ?? [];
  const [adding, setAdding] = useState(false);
  // The chosen customer stays an option while a search shows others.
  const options =
    value && !customers.some((c) => c.id === value.id) ? [value, ...customers] : customers;

  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="grid min-w-40 flex-1 gap-1">
        <Label htmlFor="pos-customer">{t('customer.label')}</Label>
        <NativeSelect
          id="pos-customer"
          value={value ? String(value.id) : ''}
          onChange={(event) => {
            if (event.target.value === ADD) setAdding(true);
            else onChange(options.find((c) => String(c.id) === event.target.value) ?? null);
          }}
        >
          <option value="">{t('customer.walkIn')}</option>
          {options
            .filter((customer) => !customer.is_walk_in)
            .map((customer) => (
              <option key={customer.id} value={customer.id}>
                {localCustomerId(customer)
                  ? `${customerLabel(customer)} · ${t('customer.onDevice')}`
                  : customerLabel(customer)}
              </option>
            ))}
          <option value={ADD}>{t('customer.add')}</option>
        </NativeSelect>
      </div>
      <Input
        type="search"
        aria-label={t('customer.search')}
        placeholder={t('customer.searchPlaceholder')}
        className="min-w-40 flex-1"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {value && (value.balance ?? 0) > 0 && (
        <p className="flex w-full flex-wrap items-center justify-between gap-2 text-sm">
          <span className="font-medium text-amber-800 dark:text-amber-300" data-testid="pos-owes">
            {t('customer.owes', { amount: formatCurrency(value.balance) })}
          </span>
          {onRecordRepayment && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => onRecordRepayment(value)}
            >
              {t('customer.recordRepayment')}
            </Button>
          )}
        </p>
      )}
      <AddCustomerDialog open={adding} onOpenChange={setAdding} onAdded={onChange} />
    </div>
  );
}
