import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema, type ChangePasswordInput } from '@duka/shared/users/users.schemas';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { i18n, translateMessage } from '@/lib/i18n';
import { useChangePassword } from '../api/change-password';

const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

const FIELDS = [
  { name: 'currentPassword', label: 'password.current', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'password.new', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'password.confirm', autoComplete: 'new-password' },
] as const;

const FIELD_NAMES = FIELDS.map((field) => field.name);

/** The wait after too many attempts, worded like the sign-in page's (spec §8). */
function tooManyAttemptsMessage(error: ApiRequestError): string {
  return error.retryAfter !== null
    ? i18n.t('profile:password.tooManyWait', { seconds: error.retryAfter })
    : i18n.t('profile:password.tooMany');
}

export function ChangePasswordForm() {
  const { t } = useTranslation('profile');
  const changePassword = useChangePassword();
  const { register, handleSubmit, reset, setError, setFocus, getFieldState, formState } =
    useForm<ChangePasswordInput>({
      resolver: zodResolver(changePasswordSchema),
      defaultValues: EMPTY,
    });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await changePassword.mutateAsync(values);
      toast({ title: t('password.changed') });
      reset(EMPTY);
    } catch (error) {
      // A wrong current password (400, on currentPassword) or a wait belongs under the field
      // the person has to fix, where a screen reader reads it with the field; the toast stays.
      const rateLimited = error instanceof ApiRequestError && error.status === 429;
      const description = rateLimited
        ? tooManyAttemptsMessage(error)
        : translateMessage(errorMessage(error, t('password.failed')));
      if (rateLimited) {
        setError('currentPassword', { type: 'server', message: description });
        setFocus('currentPassword');
      } else if (applyServerFieldErrors(error, setError, FIELD_NAMES)) {
        const first = FIELD_NAMES.find((name) => getFieldState(name).error);
        if (first) setFocus(first);
      }
      toast({ variant: 'destructive', title: t('password.failedTitle'), description });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('password.title')}</CardTitle>
        <CardDescription>{t('password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          {FIELDS.map((field) => (
            <TextField
              key={field.name}
              id={`security-${field.name}`}
              label={t(field.label)}
              password
              autoComplete={field.autoComplete}
              error={translateMessage(errors[field.name]?.message)}
              {...register(field.name)}
            />
          ))}
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('password.hint')}</p>
          <div>
            <Button type="submit" disabled={isSubmitting}>
              {t('password.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
