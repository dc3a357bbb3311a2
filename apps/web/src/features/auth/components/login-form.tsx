import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput, type User } from '@duka/shared/auth/auth.schemas';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useAuthFailure } from '../hooks/use-auth-failure';
import { useAuthStore } from '../stores/auth-store';
import { AuthFormError } from './auth-form-error';

export function LoginForm({ onAuthenticated }: { onAuthenticated: (user: User) => void }) {
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
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="login-password"
        label="Password"
        password
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        Login
      </Button>
    </form>
  );
}
