import { zodResolver } from '@hookform/resolvers/zod';
import { OFFLINE_MAX_AGE_DAYS_MAX } from '@duka/shared/sync/sync.schemas';
import {
  DISCOUNT_PERCENT_MAX,
  LOYALTY_RATE_MAX,
  storeSettingsInputSchema,
  type StoreSettings,
  type StoreSettingsInput,
} from '@duka/shared/store-settings/store-settings.schemas';
import { centsToDecimal, centsToNumber, toCents } from '@duka/shared/money/money';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/failure-toast';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { useSaveStoreSettings } from '../api/store-settings';

type FormValues = z.input<typeof storeSettingsInputSchema>;
const FIELDS = [
  'max_cashier_discount_percent',
  'loyalty_points_per_100',
  'offline_max_age_days',
] as const;
const SERVER_FIELDS = [...FIELDS, 'default_credit_limit'] as const;

/** The saved settings as the form holds them: the credit limit as text, blank for none. */
function formValues(settings: StoreSettings): FormValues {
  const limit = settings.default_credit_limit;
  return {
    max_cashier_discount_percent: settings.max_cashier_discount_percent,
    loyalty_points_per_100: settings.loyalty_points_per_100,
    offline_max_age_days: settings.offline_max_age_days,
    default_credit_limit: limit === null ? '' : centsToDecimal(toCents(limit) ?? 0),
    require_shift: settings.require_shift,
  };
}

/** What PUT takes: the schema reads the limit in cents, the API in shillings (null: none). */
function toInput(values: StoreSettingsInput): StoreSettingsInput {
  const { default_credit_limit: limit, ...rest } = values;
  return { ...rest, default_credit_limit: limit == null ? null : centsToNumber(limit) };
}
const RANGE: Record<(typeof FIELDS)[number], { min: number; max: number }> = {
  max_cashier_discount_percent: { min: 0, max: DISCOUNT_PERCENT_MAX },
  loyalty_points_per_100: { min: 0, max: LOYALTY_RATE_MAX },
  // Issue 22: how old an offline sale may be when it reaches the server.
  offline_max_age_days: { min: 1, max: OFFLINE_MAX_AGE_DAYS_MAX },
};

interface StoreSettingsFormProps {
  storeId: number;
  settings: StoreSettings;
}

/**
 * The store's rules (issue 20): every field saved together, a toast when saved. Issue 21: the
 * default credit limit — what a customer with no limit of their own may owe (blank: none).
 * Issue 22: the oldest offline sale the server accepts, in days (1–365). Issue 24: whether the
 * till sells only within an open shift (off by default).
 */
export function StoreSettingsForm({ storeId, settings }: StoreSettingsFormProps) {
  const { t } = useTranslation(['settings', 'common']);
  const save = useSaveStoreSettings();
  const { register, handleSubmit, setError, formState, reset, control } = useForm<
    FormValues,
    unknown,
    StoreSettingsInput
  >({ resolver: zodResolver(storeSettingsInputSchema), defaultValues: formValues(settings) });

  const onSubmit = handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync({ storeId, input: toInput(input) });
      reset(formValues(saved));
      toast({ title: t('common:toast.success'), description: t('saved') });
    } catch (error) {
      applyServerFieldErrors(error, setError, SERVER_FIELDS);
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
                  min={RANGE[name].min}
                  max={RANGE[name].max}
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
          <div className="grid gap-1">
            <TextField
              id="store-settings-default_credit_limit"
              label={t('fields.default_credit_limit.label')}
              inputMode="decimal"
              autoComplete="off"
              aria-describedby="store-settings-default_credit_limit-error store-settings-default_credit_limit-hint"
              error={translateMessage(formState.errors.default_credit_limit?.message)}
              {...register('default_credit_limit')}
            />
            <p
              id="store-settings-default_credit_limit-hint"
              className="text-sm text-slate-600 dark:text-slate-400"
            >
              {t('fields.default_credit_limit.hint')}
            </p>
          </div>
          <div className="grid gap-1">
            <div className="flex items-center gap-3">
              <Controller
                control={control}
                name="require_shift"
                render={({ field }) => (
                  <Switch
                    id="store-settings-require_shift"
                    checked={field.value === true}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                    aria-describedby="store-settings-require_shift-hint"
                  />
                )}
              />
              <Label htmlFor="store-settings-require_shift">
                {t('fields.require_shift.label')}
              </Label>
            </div>
            <p
              id="store-settings-require_shift-hint"
              className="text-sm text-slate-600 dark:text-slate-400"
            >
              {t('fields.require_shift.hint')}
            </p>
          </div>
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
