import { zodResolver } from '@hookform/resolvers/zod';
import {
  DISCOUNT_PERCENT_MAX,
  LOYALTY_RATE_MAX,
  storeSettingsInputSchema,
  type StoreSettings,
  type StoreSettingsInput,
} from '@duka/shared/store-settings/store-settings.schemas';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/failure-toast';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { useSaveStoreSettings } from '../api/store-settings';

type FormValues = z.input<typeof storeSettingsInputSchema>;
const FIELDS = ['max_cashier_discount_percent', 'loyalty_points_per_100'] as const;
const MAX: Record<(typeof FIELDS)[number], number> = {
  max_cashier_discount_percent: DISCOUNT_PERCENT_MAX,
  loyalty_points_per_100: LOYALTY_RATE_MAX,
};

interface StoreSettingsFormProps {
  storeId: number;
  settings: StoreSettings;
}

/** The store's rules (issue 20): both fields saved together, a toast when saved. */
export function StoreSettingsForm({ storeId, settings }: StoreSettingsFormProps) {
  const { t } = useTranslation(['settings', 'common']);
  const save = useSaveStoreSettings();
  const { register, handleSubmit, setError, formState, reset } = useForm<
    FormValues,
    unknown,
    StoreSettingsInput
  >({ resolver: zodResolver(storeSettingsInputSchema), defaultValues: settings });

  const onSubmit = handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync({ storeId, input });
      reset(saved);
      toast({ title: t('common:toast.success'), description: t('saved') });
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
      toastFailure(error, t('saveFailed'));
    }
  });

  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>{t('rules.title')}</CardTitle>
        <CardDescription>{t('rules.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          {FIELDS.map((name) => {
            const message = formState.errors[name]?.message;
            return (
              <div key={name} className="grid gap-1">
                <TextField
                  id={`store-settings-${name}`}
                  label={t(`fields.${name}.label`)}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX[name]}
                  step={1}
                  error={message ? translateMessage(message) : undefined}
                  {...register(name, { valueAsNumber: true })}
                />
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {t(`fields.${name}.hint`)}
                </p>
              </div>
            );
          })}
          <div>
            <Button type="submit" disabled={formState.isSubmitting}>
              {t('save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
