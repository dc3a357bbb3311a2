import { zodResolver } from '@hookform/resolvers/zod';
import { registerSchema, type RegisterInput, type User } from '@duka/shared/auth/auth.schemas';
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

interface RegisterFormProps {
  /** PRODUCT.md §5: the shop link's ?store=ID; the server picks the first store without it. */
  storeId: number | undefined;
  onAuthenticated: (user: User) => void;
}

export function RegisterForm({ storeId, onAuthenticated }: RegisterFormProps) {
  const registerAccount = useAuthStore((state) => state.register);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof registerSchema>,
    unknown,
    RegisterInput
  >({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const input: RegisterInput = {
        name: values.name,
        email: values.email,
        password: values.password,
      };
      if (storeId !== undefined) input.store_id = storeId;
      onAuthenticated(await registerAccount(input));
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
        <Label htmlFor="register-name">Name</Label>
        <Input
          id="register-name"
          autoComplete="name"
          aria-invalid={Boolean(errors.name)}
          aria-describedby="register-name-error"
          {...register('name')}
        />
        <FieldError id="register-name-error">{errors.name?.message}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="register-email">Email</Label>
        <Input
          id="register-email"
          type="email"
          autoComplete="email"
          aria-invalid={Boolean(errors.email)}
          aria-describedby="register-email-error"
          {...register('email')}
        />
        <FieldError id="register-email-error">{errors.email?.message}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="register-password">Password</Label>
        <PasswordInput
          id="register-password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.password)}
          aria-describedby="register-password-error"
          {...register('password')}
        />
        <FieldError id="register-password-error">{errors.password?.message}</FieldError>
      </div>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        Sign up
      </Button>
    </form>
  );
}
