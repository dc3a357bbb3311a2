import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema, type ChangePasswordInput } from '@duka/shared/users/users.schemas';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useChangePassword } from '../api/change-password';

const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

const FIELDS = [
  { name: 'currentPassword', label: 'password.current', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'password.new', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'password.confirm', autoComplete: 'new-password' },
] as const;

export function ChangePasswordForm() {
  const { t } = useTranslation('profile');
  const changePassword = useChangePassword();
  const { register, handleSubmit, reset, formState } = useForm<ChangePasswordInput>({
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
      toast({
        variant: 'destructive',
        title: t('password.failedTitle'),
        description: translateMessage(errorMessage(error, t('password.failed'))),
      });
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
