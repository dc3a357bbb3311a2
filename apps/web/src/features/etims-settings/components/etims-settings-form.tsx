import { zodResolver } from '@hookform/resolvers/zod';
import {
  ETIMS_ENVIRONMENTS,
  etimsSettingsInputSchema,
  type EtimsSettings,
  type EtimsSettingsInput,
} from '@duka/shared/etims/etims.schemas';
import { CircleCheckIcon, TriangleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailEntry, DetailList } from '@/components/ui/detail-list';
import { FieldError } from '@/components/ui/field-error';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { toastFailure } from '@/lib/failure-toast';
import { formatDate } from '@/lib/format-date';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { useSaveEtimsSettings } from '../api/etims-settings';
import {
  ETIMS_SETTINGS_FIELDS,
  etimsFormValues,
  type EtimsSettingsFormValues,
} from '../lib/etims-settings-form';

interface EtimsSettingsFormProps {
  storeId: number;
  settings: EtimsSettings;
}

const HINT = 'text-sm text-slate-600 dark:text-slate-400';
type Field = (typeof ETIMS_SETTINGS_FIELDS)[number];

/**
 * Issue 26: the store's KRA eTIMS (OSCU) device. Saving registers it with KRA, and only a
 * device KRA accepted is saved: then every sale and return goes to eTIMS. The card says
 * whether the store is registered (when, and the control unit's id), or why KRA refused the
 * last attempt, in KRA's words. The communication key KRA gives never leaves the server.
 */
export function EtimsSettingsForm({ storeId, settings }: EtimsSettingsFormProps) {
  const { t } = useTranslation(['settings', 'common']);
  const save = useSaveEtimsSettings();
  // The server's refusal of the last save (KRA's or its own words); null once a save works.
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState, reset } = useForm<
    EtimsSettingsFormValues,
    unknown,
    EtimsSettingsInput
  >({
    resolver: zodResolver(etimsSettingsInputSchema),
    defaultValues: etimsFormValues(settings),
  });
  const errorOf = (name: Field) => translateMessage(formState.errors[name]?.message);
  const field = (name: Exclude<Field, 'environment'>, extra: Record<string, unknown> = {}) => (
    <div className="grid gap-1">
      <TextField
        id={`etims-${name}`}
        label={t(`etims.fields.${name}.label`)}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={`etims-${name}-error etims-${name}-hint`}
        error={errorOf(name)}
        {...extra}
        {...register(name)}
      />
      <p id={`etims-${name}-hint`} className={HINT}>
        {t(`etims.fields.${name}.hint`)}
      </p>
    </div>
  );

  const onSubmit = handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync({ storeId, input });
      setRefusal(null);
      reset(etimsFormValues(saved));
      toast({ title: t('common:toast.success'), description: t('etims.saved') });
    } catch (error) {
      // A bad field is shown at the field; anything else (KRA refused the device, eTIMS did
      // not answer) stays on the card until a save works.
      if (applyServerFieldErrors(error, setError, ETIMS_SETTINGS_FIELDS)) {
        toastFailure(error, t('etims.saveFailed'));
      } else {
        setRefusal(translateMessage(errorMessage(error, t('etims.saveFailed'))));
      }
    }
  });

  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>{t('etims.title')}</CardTitle>
        <CardDescription>{t('etims.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <Registration settings={settings} refusal={refusal} />
        <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          {field('kra_pin', { autoCapitalize: 'characters', maxLength: 11 })}
          {field('branch_id', { inputMode: 'numeric', maxLength: 2 })}
          {field('device_serial', { maxLength: 100 })}
          <fieldset className="grid gap-1">
            <legend className="mb-1 text-sm font-medium">
              {t('etims.fields.environment.label')}
            </legend>
            <div className="flex flex-wrap gap-x-6">
              {ETIMS_ENVIRONMENTS.map((option) => (
                <label key={option} className="flex min-h-10 items-center gap-2">
                  <input
                    type="radio"
                    value={option}
                    className="size-4 accent-emerald-700"
                    {...register('environment')}
                  />
                  {t(`etims.fields.environment.${option}`)}
                </label>
              ))}
            </div>
            <FieldError>{errorOf('environment')}</FieldError>
          </fieldset>
          <div>
            <Button type="submit" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? t('etims.saving') : t('etims.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** Registered (when, the control unit), else not yet; and the last save's refusal, if any. */
function Registration({ settings, refusal }: { settings: EtimsSettings; refusal: string | null }) {
  const { t } = useTranslation('settings');
  return (
    <section className="grid gap-3" aria-label={t('etims.registration.label')}>
      {settings.registered_at ? (
        <div className="grid gap-2" data-testid="etims-registration">
          <p className="flex items-center gap-2 text-sm font-semibold">
            <CircleCheckIcon aria-hidden className="size-4 shrink-0 text-emerald-700" />
            {t('etims.registration.registered', {
              date: formatDate(settings.registered_at, 'mediumWithTime'),
            })}
          </p>
          <DetailList>
            <DetailEntry label={t('etims.registration.sdcId')}>
              <span className="font-mono">{settings.sdc_id ?? '—'}</span>
            </DetailEntry>
            <DetailEntry label={t('etims.registration.mrcNo')}>
              <span className="font-mono">{settings.mrc_no ?? '—'}</span>
            </DetailEntry>
            <DetailEntry label={t('etims.registration.cmcKey')}>
              {settings.has_cmc_key ? (
                <Badge variant="success">{t('etims.registration.set')}</Badge>
              ) : (
                t('etims.registration.notSet')
              )}
            </DetailEntry>
          </DetailList>
        </div>
      ) : (
        <p className={HINT} data-testid="etims-registration">
          {t('etims.registration.none')}
        </p>
      )}
      {refusal && (
        <div
          role="alert"
          className="grid gap-1 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <p className="flex items-center gap-2 font-semibold">
            <TriangleAlertIcon aria-hidden className="size-4 shrink-0" />
            {t('etims.registration.refused')}
          </p>
          <p className="break-words">{refusal}</p>
          <p>
            {settings.registered_at
              ? t('etims.registration.refusedKeptHint')
              : t('etims.registration.refusedHint')}
          </p>
        </div>
      )}
    </section>
  );
}
