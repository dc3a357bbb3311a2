import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput, type User } from '@duka/shared/auth/auth.schemas';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { translateMessage } from '@/lib/i18n';
import { useAuthFailure } from '../hooks/use-auth-failure';
import { useAuthStore } from '../stores/auth-store';
import { AuthFormError } from './auth-form-error';

export function LoginForm({ onAuthenticated }: { onAuthenticated: (user: User) => void }) {
  const { t } = useTranslation('auth');
  const login = useAuthStore((state) => state.login);
  const { formError, reportFailure, clearFailure } = useAuthFailure();
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof loginSchema>,
    unknown,
    LoginInput
  >({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    clearFailure();
    try {
      onAuthenticated(await login(values));
    } catch (error) {
      reportFailure(error);
    }
  });

  return (
    <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
      <AuthFormError message={formError} />
      <TextField
        id="login-email"
        // The first thing anyone does on this page is type here.
        autoFocus
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        error={translateMessage(errors.email?.message)}
        {...register('email')}
      />
      <TextField
        id="login-password"
        label={t('fields.password')}
        password
        autoComplete="current-password"
        error={translateMessage(errors.password?.message)}
        {...register('password')}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
