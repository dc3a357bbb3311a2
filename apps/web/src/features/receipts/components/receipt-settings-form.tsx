import { zodResolver } from '@hookform/resolvers/zod';
import {
  receiptSettingsInputSchema,
  type ReceiptSettings,
  type ReceiptSettingsInput,
} from '@duka/shared/receipt-settings/receipt-settings.schemas';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { useSaveReceiptSettings } from '../api/receipt-settings';
import { toastFailure } from '@/lib/failure-toast';

type FormValues = z.input<typeof receiptSettingsInputSchema>;
type TextFieldName = Exclude<keyof ReceiptSettings, 'show_logo'>;

const FIELDS = [
  'business_name',
  'address',
  'phone',
  'email',
  'website',
  'thank_you_message',
  'show_logo',
  'kra_pin',
  'mpesa_till',
] as const satisfies readonly (keyof ReceiptSettings)[];

const MULTILINE = new Set<TextFieldName>(['address', 'thank_you_message']);
const INPUT_TYPES: Partial<Record<TextFieldName, string>> = {
  phone: 'tel',
  email: 'email',
  website: 'url',
};

interface ReceiptSettingsFormProps {
  storeId: number;
  settings: ReceiptSettings;
  onDone: () => void;
}

export function ReceiptSettingsForm({ storeId, settings, onDone }: ReceiptSettingsFormProps) {
  const { t } = useTranslation(['receipts', 'common']);
  const save = useSaveReceiptSettings();
  const { register, control, handleSubmit, setError, formState } = useForm<
    FormValues,
    unknown,
    ReceiptSettingsInput
  >({ resolver: zodResolver(receiptSettingsInputSchema), defaultValues: settings });
  const errorOf = (name: keyof ReceiptSettings) => {
    const message = formState.errors[name]?.message;
    return message ? translateMessage(message) : undefined;
  };

  const onSubmit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ storeId, input });
      toast({ title: t('common:toast.success'), description: t('settings.saved') });
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
      toastFailure(error, t('settings.saveFailed'));
    }
  });

  const textField = (name: TextFieldName) => {
    const id = `receipt-settings-${name}`;
    const label = t(`settings.fields.${name}`);
    if (!MULTILINE.has(name)) {
      return (
        <TextField
          key={name}
          id={id}
          label={label}
          type={INPUT_TYPES[name] ?? 'text'}
          error={errorOf(name)}
          {...register(name)}
        />
      );
    }
    return (
      <div key={name} className="grid gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Textarea
          id={id}
          rows={2}
          aria-invalid={Boolean(errorOf(name))}
          aria-describedby={`${id}-error`}
          {...register(name)}
        />
        <FieldError id={`${id}-error`}>{errorOf(name)}</FieldError>
      </div>
    );
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
      {(['business_name', 'address', 'phone', 'email', 'website'] as const).map(textField)}
      {(['kra_pin', 'mpesa_till', 'thank_you_message'] as const).map(textField)}
      <div className="flex items-center gap-3">
        <Controller
          control={control}
          name="show_logo"
          render={({ field }) => (
            <Switch
              id="receipt-settings-show_logo"
              checked={field.value ?? true}
              onCheckedChange={field.onChange}
            />
          )}
        />
        <Label htmlFor="receipt-settings-show_logo">{t('settings.fields.show_logo')}</Label>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" disabled={formState.isSubmitting}>
          {t('settings.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}
