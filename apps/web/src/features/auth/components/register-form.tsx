import { zodResolver } from '@hookform/resolvers/zod';
import { registerSchema, type RegisterInput, type User } from '@duka/shared/auth/auth.schemas';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useAuthFailure } from '../hooks/use-auth-failure';
import { useAuthStore } from '../stores/auth-store';
import { AuthFormError } from './auth-form-error';

interface RegisterFormProps {
  /** PRODUCT.md §5: the shop link's ?store=ID; the server picks the first store without it. */
  storeId: number | undefined;
  onAuthenticated: (user: User) => void;
}

export function RegisterForm({ storeId, onAuthenticated }: RegisterFormProps) {
  const registerAccount = useAuthStore((state) => state.register);
  const { formError, reportFailure, clearFailure } = useAuthFailure();
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
    clearFailure();
    try {
      const input: RegisterInput = {
        name: values.name,
        email: values.email,
        password: values.password,
      };
      if (storeId !== undefined) input.store_id = storeId;
      onAuthenticated(await registerAccount(input));
    } catch (error) {
      reportFailure(error);
    }
  });

  return (
    <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
      <AuthFormError message={formError} />
      <TextField
        id="register-name"
        autoFocus
        label="Name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="register-password"
        label="Password"
        password
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        Sign up
      </Button>
    </form>
  );
}
