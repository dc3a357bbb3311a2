import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema, type ChangePasswordInput } from '@duka/shared/users/users.schemas';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useChangePassword } from '../api/change-password';

const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

const FIELDS = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
] as const;

const FIELD_NAMES = FIELDS.map((field) => field.name);

/** The wait after too many attempts, worded like the sign-in page's (spec §8). */
function tooManyAttemptsMessage(error: ApiRequestError): string {
  return error.retryAfter !== null
    ? `Too many attempts. Please wait ${error.retryAfter} seconds and try again.`
    : 'Too many attempts. Please wait and try again.';
}

export function ChangePasswordForm() {
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
      toast({ title: 'Password changed successfully' });
      reset(EMPTY);
    } catch (error) {
      // A wrong current password (400, on currentPassword) or a wait belongs under the field
      // the person has to fix, where a screen reader reads it with the field; the toast stays.
      const rateLimited = error instanceof ApiRequestError && error.status === 429;
      const description = rateLimited
        ? tooManyAttemptsMessage(error)
        : errorMessage(error, 'Failed to change password');
      if (rateLimited) {
        setError('currentPassword', { type: 'server', message: description });
        setFocus('currentPassword');
      } else if (applyServerFieldErrors(error, setError, FIELD_NAMES)) {
        const first = FIELD_NAMES.find((name) => getFieldState(name).error);
        if (first) setFocus(first);
      }
      toast({ variant: 'destructive', title: 'Password Change Failed', description });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>Choose a new password for signing in.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          {FIELDS.map((field) => (
            <TextField
              key={field.name}
              id={`security-${field.name}`}
              label={field.label}
              password
              autoComplete={field.autoComplete}
              error={errors[field.name]?.message}
              {...register(field.name)}
            />
          ))}
          <p className="text-sm text-slate-500 dark:text-slate-400">
            Password must be at least 8 characters
          </p>
          <div>
            <Button type="submit" disabled={isSubmitting}>
              Change Password
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
