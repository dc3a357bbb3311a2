import { zodResolver } from '@hookform/resolvers/zod';
import type { Customer } from '@duka/shared/customers/customers.schemas';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/failure-toast';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { useCreateCustomer, useUpdateCustomer } from '../api/customers';
import {
  CUSTOMER_FORM_FIELDS,
  customerFormSchema,
  customerCreateInput,
  customerFormValues,
  customerUpdateInput,
  type CustomerFormOutput,
  type CustomerFormValues,
} from '../lib/customer-form';

interface CustomerFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The customer being edited; null to add one. */
  customer: Customer | null;
  /**
   * Managers set an edited customer's credit limit (issue 21); for others it shows read-only.
   * A new customer has none until edited (POST /customers takes no limit).
   */
  canSetCreditLimit?: boolean;
}

/** Spec §2 / §5: 'Add New Customer' and 'Edit Customer', with the spec's toasts (§8). */
export function CustomerFormDialog({
  open,
  onOpenChange,
  customer,
  canSetCreditLimit = false,
}: CustomerFormDialogProps) {
  const { t } = useTranslation(['customers', 'common']);
  const createCustomer = useCreateCustomer();
  const updateCustomer = useUpdateCustomer();
  const { register, reset, handleSubmit, setError, formState } = useForm<
    CustomerFormValues,
    unknown,
    CustomerFormOutput
  >({ resolver: zodResolver(customerFormSchema) });
  const { errors } = formState;

  useEffect(() => {
    if (open) reset(customerFormValues(customer));
  }, [open, customer, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (customer) {
        await updateCustomer.mutateAsync({
          id: customer.id,
          input: customerUpdateInput(values, canSetCreditLimit),
        });
      } else {
        await createCustomer.mutateAsync(customerCreateInput(values));
      }
      toast({
        title: t('common:toast.success'),
        description: customer ? t('form.updated') : t('form.created'),
      });
      onOpenChange(false);
    } catch (error) {
      applyServerFieldErrors(error, setError, CUSTOMER_FORM_FIELDS);
      toastFailure(error, customer ? t('form.updateFailed') : t('form.createFailed'));
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{customer ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
          <DialogDescription>{t('form.description')}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          <TextField
            id="customer-name"
            label={t('form.name')}
            autoComplete="name"
            readOnly={customer?.is_walk_in}
            error={translateMessage(errors.name?.message)}
            {...register('name')}
          />
          <TextField
            id="customer-phone"
            label={t('form.phone')}
            type="tel"
            autoComplete="tel"
            placeholder={t('form.phonePlaceholder')}
            error={translateMessage(errors.phone?.message)}
            {...register('phone')}
          />
          <TextField
            id="customer-email"
            label={t('form.email')}
            type="email"
            autoComplete="email"
            error={translateMessage(errors.email?.message)}
            {...register('email')}
          />
          <TextField
            id="customer-kra-pin"
            label={t('form.kraPin')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            error={translateMessage(errors.kra_pin?.message)}
            {...register('kra_pin')}
          />
          <div className="grid gap-2">
            <Label htmlFor="customer-address">{t('form.address')}</Label>
            <Textarea
              id="customer-address"
              rows={2}
              autoComplete="street-address"
              aria-invalid={Boolean(errors.address)}
              aria-describedby="customer-address-error"
              {...register('address')}
            />
            <FieldError id="customer-address-error">
              {translateMessage(errors.address?.message)}
            </FieldError>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="customer-notes">{t('form.notes')}</Label>
            <Textarea
              id="customer-notes"
              rows={2}
              aria-invalid={Boolean(errors.notes)}
              aria-describedby="customer-notes-error"
              {...register('notes')}
            />
            <FieldError id="customer-notes-error">
              {translateMessage(errors.notes?.message)}
            </FieldError>
          </div>
          {customer && !customer.is_walk_in && (
            <div className="grid gap-1">
              <TextField
                id="customer-credit-limit"
                label={t('form.creditLimit')}
                inputMode="decimal"
                autoComplete="off"
                readOnly={!canSetCreditLimit}
                aria-describedby="customer-credit-limit-error customer-credit-limit-hint"
                error={translateMessage(errors.credit_limit?.message)}
                {...register('credit_limit')}
              />
              <p
                id="customer-credit-limit-hint"
                className="text-sm text-slate-600 dark:text-slate-400"
              >
                {canSetCreditLimit ? t('form.creditLimitHint') : t('form.creditLimitManagers')}
              </p>
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={formState.isSubmitting}>
              {formState.isSubmitting
                ? t('form.saving')
                : customer
                  ? t('form.update')
                  : t('form.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
