import { zodResolver } from '@hookform/resolvers/zod';
import type { Supplier } from '@duka/shared/suppliers/suppliers.schemas';
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
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { useCreateSupplier } from '../api/create-supplier';
import { useUpdateSupplier } from '../api/update-supplier';
import {
  SUPPLIER_FORM_FIELDS,
  supplierFormSchema,
  supplierFormValues,
  supplierUpdateInput,
  type SupplierFormOutput,
  type SupplierFormValues,
} from '../lib/supplier-form';
import { toastFailure } from '@/lib/failure-toast';

interface SupplierFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The supplier being edited; null to add one. */
  supplier: Supplier | null;
}

/** Spec §2 / §5: 'Add New Supplier' and 'Edit Supplier', with the spec's toasts (§8). */
export function SupplierFormDialog({ open, onOpenChange, supplier }: SupplierFormDialogProps) {
  const { t } = useTranslation(['suppliers', 'common']);
  const createSupplier = useCreateSupplier();
  const updateSupplier = useUpdateSupplier();
  const { register, reset, handleSubmit, setError, formState } = useForm<
    SupplierFormValues,
    unknown,
    SupplierFormOutput
  >({ resolver: zodResolver(supplierFormSchema) });
  const { errors } = formState;

  useEffect(() => {
    if (open) reset(supplierFormValues(supplier));
  }, [open, supplier, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (supplier) {
        await updateSupplier.mutateAsync({ id: supplier.id, input: supplierUpdateInput(values) });
      } else {
        await createSupplier.mutateAsync(values);
      }
      toast({
        title: t('common:toast.success'),
        description: supplier ? t('form.updated') : t('form.created'),
      });
      onOpenChange(false);
    } catch (error) {
      applyServerFieldErrors(error, setError, SUPPLIER_FORM_FIELDS);
      toastFailure(error, supplier ? t('form.updateFailed') : t('form.createFailed'));
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{supplier ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
          <DialogDescription>
            {supplier ? t('form.editDescription') : t('form.addDescription')}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          <TextField
            id="supplier-name"
            label={t('form.name')}
            autoComplete="organization"
            error={translateMessage(errors.name?.message)}
            {...register('name')}
          />
          <TextField
            id="supplier-contact_person"
            label={t('form.contactPerson')}
            autoComplete="name"
            error={translateMessage(errors.contact_person?.message)}
            {...register('contact_person')}
          />
          <TextField
            id="supplier-email"
            label={t('form.email')}
            type="email"
            autoComplete="email"
            error={translateMessage(errors.email?.message)}
            {...register('email')}
          />
          <TextField
            id="supplier-phone"
            label={t('form.phone')}
            type="tel"
            autoComplete="tel"
            placeholder={t('form.phonePlaceholder')}
            error={translateMessage(errors.phone?.message)}
            {...register('phone')}
          />
          <div className="grid gap-2">
            <Label htmlFor="supplier-address">{t('form.address')}</Label>
            <Textarea
              id="supplier-address"
              rows={2}
              autoComplete="street-address"
              aria-invalid={Boolean(errors.address)}
              aria-describedby="supplier-address-error"
              {...register('address')}
            />
            <FieldError id="supplier-address-error">
              {translateMessage(errors.address?.message)}
            </FieldError>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={formState.isSubmitting}>
              {formState.isSubmitting
                ? t('form.saving')
                : supplier
                  ? t('form.update')
                  : t('form.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
