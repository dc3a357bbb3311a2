import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema, type ChangePasswordInput } from '@duka/shared/users/users.schemas';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';

const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

const FIELDS = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
] as const;

export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const { register, handleSubmit, reset, formState } = useForm<ChangePasswordInput>({
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
      toast({
        variant: 'destructive',
        title: 'Password Change Failed',
        description: errorMessage(error, 'Failed to change password'),
      });
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
