import { formatRole, type Role } from '@duka/shared/auth/roles';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { PasswordInput } from '@/components/ui/password-input';
import { Switch } from '@/components/ui/switch';
import type { UserFormOutput, UserFormValues } from '../lib/user-form';

interface UserFormFieldsProps {
  form: UseFormReturn<UserFormValues, unknown, UserFormOutput>;
  roles: readonly Role[];
  passwordLabel: string;
  /** A person may not change their own role or switch themselves off. */
  lockRoleAndStatus: boolean;
}

export function UserFormFields({
  form,
  roles,
  passwordLabel,
  lockRoleAndStatus,
}: UserFormFieldsProps) {
  const { register, control, formState } = form;
  const { errors } = formState;
  const field = (name: keyof UserFormValues) => ({
    id: `user-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': `user-${name}-error`,
  });

  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor="user-name">Name</Label>
        <Input autoComplete="off" {...field('name')} {...register('name')} />
        <FieldError id="user-name-error">{errors.name?.message}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="user-email">Email</Label>
        <Input type="email" autoComplete="off" {...field('email')} {...register('email')} />
        <FieldError id="user-email-error">{errors.email?.message}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="user-password">{passwordLabel}</Label>
        <PasswordInput
          autoComplete="new-password"
          {...field('password')}
          {...register('password')}
        />
        <FieldError id="user-password-error">{errors.password?.message}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="user-role">Role</Label>
        <NativeSelect disabled={lockRoleAndStatus} {...field('role')} {...register('role')}>
          {roles.map((role) => (
            <option key={role} value={role}>
              {formatRole(role)}
            </option>
          ))}
        </NativeSelect>
        <FieldError id="user-role-error">{errors.role?.message}</FieldError>
      </div>
      <div className="flex items-center gap-3">
        <Controller
          control={control}
          name="is_active"
          render={({ field: { value, onChange } }) => (
            <Switch
              id="user-is_active"
              checked={value}
              onCheckedChange={onChange}
              disabled={lockRoleAndStatus}
            />
          )}
        />
        <Label htmlFor="user-is_active">Active</Label>
      </div>
    </>
  );
}
