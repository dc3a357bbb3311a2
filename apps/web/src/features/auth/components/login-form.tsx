import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput, type User } from '@duka/shared/auth/auth.schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { authErrorMessage } from '../lib/auth-error-message';
import { useAuthStore } from '../stores/auth-store';
import { AuthFormError } from './auth-form-error';

export function LoginForm({ onAuthenticated }: { onAuthenticated: (user: User) => void }) {
  const login = useAuthStore((state) => state.login);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof loginSchema>,
    unknown,
    LoginInput
  >({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onAuthenticated(await login(values));
    } catch (error) {
      const message = authErrorMessage(error);
      setFormError(message);
      toast({ variant: 'destructive', title: 'Authentication Failed', description: message });
    }
  });

  return (
    <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
      <AuthFormError message={formError} />
      <div className="grid gap-2">
        <Label htmlFor="login-email">Email</Label>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          aria-invalid={Boolean(errors.email)}
          aria-describedby="login-email-error"
          {...register('email')}
        />
        <FieldError id="login-email-error">{errors.email?.message}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="login-password">Password</Label>
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          aria-invalid={Boolean(errors.password)}
          aria-describedby="login-password-error"
          {...register('password')}
        />
        <FieldError id="login-password-error">{errors.password?.message}</FieldError>
      </div>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        Login
      </Button>
    </form>
  );
}
