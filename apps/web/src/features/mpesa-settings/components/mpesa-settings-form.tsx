import { zodResolver } from '@hookform/resolvers/zod';
import {
  MPESA_ENVIRONMENTS,
  MPESA_KINDS,
  type MpesaSettings,
  type MpesaSettingsInput,
} from '@duka/shared/payments/mpesa.schemas';
import { CircleCheckIcon, TriangleAlertIcon } from 'lucide-react';
import { useMemo } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/failure-toast';
import { formatDate } from '@/lib/format-date';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { useSaveMpesaSettings } from '../api/mpesa-settings';
import {
  MPESA_SETTINGS_FIELDS,
  mpesaFormValues,
  mpesaSettingsFormSchema,
  type MpesaSettingsFormValues,
} from '../lib/mpesa-settings-form';
import { CopyField } from './copy-field';

interface MpesaSettingsFormProps {
  storeId: number;
  settings: MpesaSettings;
}

const HINT = 'text-sm text-slate-600 dark:text-slate-400';

/**
 * Issue 23: the store's Daraja settings. The secrets (passkey, consumer secret) never come
 * back from the API: a saved one shows "Set", and its field starts empty — typing replaces it,
 * leaving it empty keeps it. Below, the three addresses Safaricom calls, to copy into the
 * Daraja portal, and whether Safaricom accepted the C2B registration (or its refusal, as it
 * said it).
 */
export function MpesaSettingsForm({ storeId, settings }: MpesaSettingsFormProps) {
  const { t } = useTranslation(['settings', 'common']);
  const save = useSaveMpesaSettings();
  const schema = useMemo(() => mpesaSettingsFormSchema(settings), [settings]);
  const { register, handleSubmit, setError, formState, reset, control } = useForm<
    MpesaSettingsFormValues,
    unknown,
    MpesaSettingsInput
  >({ resolver: zodResolver(schema), defaultValues: mpesaFormValues(settings) });
  const kind = useWatch({ control, name: 'kind' });
  const errorOf = (name: (typeof MPESA_SETTINGS_FIELDS)[number]) =>
    translateMessage(formState.errors[name]?.message);

  const onSubmit = handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync({ storeId, input });
      reset(mpesaFormValues(saved));
      if (saved.c2b_registration_error) {
        toast({
          variant: 'destructive',
          title: t('common:toast.error'),
          description: t('mpesa.savedRefused', { error: saved.c2b_registration_error }),
        });
      } else {
        toast({ title: t('common:toast.success'), description: t('mpesa.saved') });
      }
    } catch (error) {
      applyServerFieldErrors(error, setError, MPESA_SETTINGS_FIELDS);
      toastFailure(error, t('mpesa.saveFailed'));
    }
  });

  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>{t('mpesa.title')}</CardTitle>
        <CardDescription>{t('mpesa.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          <div className="grid gap-1">
            <TextField
              id="mpesa-shortcode"
              label={t('mpesa.fields.shortcode.label')}
              inputMode="numeric"
              autoComplete="off"
              aria-describedby="mpesa-shortcode-error mpesa-shortcode-hint"
              error={errorOf('shortcode')}
              {...register('shortcode')}
            />
            <p id="mpesa-shortcode-hint" className={HINT}>
              {t('mpesa.fields.shortcode.hint')}
            </p>
          </div>
          <fieldset className="grid gap-1">
            <legend className="mb-1 text-sm font-medium">{t('mpesa.fields.kind.label')}</legend>
            <div className="flex flex-wrap gap-x-6">
              {MPESA_KINDS.map((option) => (
                <label key={option} className="flex min-h-10 items-center gap-2">
                  <input
                    type="radio"
                    value={option}
                    className="size-4 accent-emerald-700"
                    {...register('kind')}
                  />
                  {t(`mpesa.fields.kind.${option}`)}
                </label>
              ))}
            </div>
            <FieldError>{errorOf('kind')}</FieldError>
          </fieldset>
          {kind === 'till' && (
            <div className="grid gap-1">
              <TextField
                id="mpesa-party_b"
                label={t('mpesa.fields.party_b.label')}
                inputMode="numeric"
                autoComplete="off"
                aria-describedby="mpesa-party_b-error mpesa-party_b-hint"
                error={errorOf('party_b')}
                {...register('party_b')}
              />
              <p id="mpesa-party_b-hint" className={HINT}>
                {t('mpesa.fields.party_b.hint')}
              </p>
            </div>
          )}
          <fieldset className="grid gap-1">
            <legend className="mb-1 text-sm font-medium">
              {t('mpesa.fields.environment.label')}
            </legend>
            <div className="flex flex-wrap gap-x-6">
              {MPESA_ENVIRONMENTS.map((option) => (
                <label key={option} className="flex min-h-10 items-center gap-2">
                  <input
                    type="radio"
                    value={option}
                    className="size-4 accent-emerald-700"
                    {...register('environment')}
                  />
                  {t(`mpesa.fields.environment.${option}`)}
                </label>
              ))}
            </div>
            <FieldError>{errorOf('environment')}</FieldError>
          </fieldset>
          <TextField
            id="mpesa-consumer_key"
            label={t('mpesa.fields.consumer_key.label')}
            autoComplete="off"
            spellCheck={false}
            error={errorOf('consumer_key')}
            {...register('consumer_key')}
          />
          <SecretField
            name="consumer_secret"
            label={t('mpesa.fields.consumer_secret.label')}
            saved={settings.has_consumer_secret}
            error={errorOf('consumer_secret')}
            registration={register('consumer_secret')}
          />
          <SecretField
            name="passkey"
            label={t('mpesa.fields.passkey.label')}
            saved={settings.has_passkey}
            error={errorOf('passkey')}
            registration={register('passkey')}
          />
          <div>
            <Button type="submit" disabled={formState.isSubmitting}>
              {t('mpesa.save')}
            </Button>
          </div>
        </form>

        <section className="grid gap-4" aria-labelledby="mpesa-urls-title">
          <div className="grid gap-1">
            <h3 id="mpesa-urls-title" className="font-semibold">
              {t('mpesa.urls.title')}
            </h3>
            <p className={HINT}>{t('mpesa.urls.description')}</p>
          </div>
          <Registration settings={settings} />
          <CopyField
            id="mpesa-callback-url"
            label={t('mpesa.urls.callback')}
            value={settings.callback_url}
          />
          <CopyField
            id="mpesa-validation-url"
            label={t('mpesa.urls.validation')}
            value={settings.validation_url}
          />
          <CopyField
            id="mpesa-confirmation-url"
            label={t('mpesa.urls.confirmation')}
            value={settings.confirmation_url}
          />
        </section>
      </CardContent>
    </Card>
  );
}

/**
 * A secret: never shown, never prefilled. Saved → a "Set" badge, and the empty field replaces
 * it only when something is typed.
 */
function SecretField({
  name,
  label,
  saved,
  error,
  registration,
}: {
  name: 'passkey' | 'consumer_secret';
  label: string;
  saved: boolean;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation('settings');
  const id = `mpesa-${name}`;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor={id}>{label}</Label>
        {saved && (
          <Badge variant="success" data-testid={`${id}-set`}>
            {t('mpesa.secret.set')}
          </Badge>
        )}
      </div>
      <PasswordInput
        id={id}
        autoComplete="new-password"
        spellCheck={false}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-error ${id}-hint`}
        {...registration}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
      <p id={`${id}-hint`} className={HINT}>
        {saved ? t('mpesa.secret.keepHint') : t('mpesa.secret.newHint')}
      </p>
    </div>
  );
}

/** Whether Safaricom took the C2B addresses: when, or its refusal as it said it. */
function Registration({ settings }: { settings: MpesaSettings }) {
  const { t } = useTranslation('settings');
  if (settings.c2b_registration_error) {
    return (
      <div
        className="grid gap-1 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        data-testid="mpesa-registration"
      >
        <p className="flex items-center gap-2 font-semibold">
          <TriangleAlertIcon aria-hidden className="size-4 shrink-0" />
          {t('mpesa.registration.refused')}
        </p>
        <p className="font-mono break-words">{settings.c2b_registration_error}</p>
        <p>{t('mpesa.registration.refusedHint')}</p>
      </div>
    );
  }
  if (settings.c2b_registered_at) {
    return (
      <p className="flex items-center gap-2 text-sm" data-testid="mpesa-registration">
        <CircleCheckIcon aria-hidden className="size-4 shrink-0 text-emerald-700" />
        {t('mpesa.registration.registered', {
          date: formatDate(settings.c2b_registered_at, 'mediumWithTime'),
        })}
      </p>
    );
  }
  return (
    <p className={HINT} data-testid="mpesa-registration">
      {t('mpesa.registration.none')}
    </p>
  );
}
