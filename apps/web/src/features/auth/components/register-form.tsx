import { zodResolver } from '@hookform/resolvers/zod';
import { registerSchema, type RegisterInput, type User } from '@duka/shared/auth/auth.schemas';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { translateMessage } from '@/lib/i18n';
import { useAuthFailure } from '../hooks/use-auth-failure';
import { useAuthStore } from '../stores/auth-store';
import { AuthFormError } from './auth-form-error';

interface RegisterFormProps {
  /** PRODUCT.md §5: the shop link's ?store=ID; the server picks the first store without it. */
  storeId: number | undefined;
  onAuthenticated: (user: User) => void;
}

export function RegisterForm({ storeId, onAuthenticated }: RegisterFormProps) {
  const { t } = useTranslation('auth');
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
        label={t('fields.name')}
        autoComplete="name"
        error={translateMessage(errors.name?.message)}
        {...register('name')}
      />
      <TextField
        id="register-email"
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        error={translateMessage(errors.email?.message)}
        {...register('email')}
      />
      <TextField
        id="register-password"
        label={t('fields.password')}
        password
        autoComplete="new-password"
        error={translateMessage(errors.password?.message)}
        {...register('password')}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {t('register.submit')}
      </Button>
    </form>
  );
}
