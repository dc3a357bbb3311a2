import { zodResolver } from '@hookform/resolvers/zod';
import { storeInputSchema, type Store, type StoreInput } from '@duka/shared/stores/stores.schemas';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { useCreateStore } from '../api/create-store';
import { useUpdateStore } from '../api/update-store';
import { toastFailure } from '@/lib/failure-toast';

type FormInput = z.input<typeof storeInputSchema>;

interface StoreFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The store being edited; null to add a new one. */
  store: Store | null;
}

export function StoreFormDialog({ open, onOpenChange, store }: StoreFormDialogProps) {
  const { t } = useTranslation(['stores', 'common']);
  const createStore = useCreateStore();
  const updateStore = useUpdateStore();
  const form = useForm<FormInput, unknown, StoreInput>({
    resolver: zodResolver(storeInputSchema),
    defaultValues: { name: '', is_active: true },
  });
  const { register, control, handleSubmit, reset, setError, formState } = form;

  useEffect(() => {
    if (open) reset({ name: store?.name ?? '', is_active: store?.is_active ?? true });
  }, [open, store, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (store) {
        await updateStore.mutateAsync({
          id: store.id,
          input: { name: values.name, is_active: values.is_active },
        });
        toast({ title: t('common:toast.success'), description: t('form.updated') });
      } else {
        await createStore.mutateAsync({ name: values.name });
        toast({ title: t('common:toast.success'), description: t('form.created') });
      }
      onOpenChange(false);
    } catch (error) {
      applyServerFieldErrors(error, setError, ['name']);
      toastFailure(error, store ? t('form.updateFailed') : t('form.createFailed'));
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{store ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
          <DialogDescription>
            {store ? t('form.editDescription') : t('form.addDescription')}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          <TextField
            id="store-name"
            label={t('form.name')}
            error={translateMessage(formState.errors.name?.message)}
            {...register('name')}
          />
          {store && (
            <div className="flex items-center gap-3">
              <Controller
                control={control}
                name="is_active"
                render={({ field }) => (
                  <Switch
                    id="store-active"
                    checked={field.value ?? true}
                    onCheckedChange={field.onChange}
                  />
                )}
              />
              <Label htmlFor="store-active">{t('common:status.active')}</Label>
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={formState.isSubmitting}>
              {store ? t('form.update') : t('form.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
