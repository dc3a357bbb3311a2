import { formatRole, type Role } from '@duka/shared/auth/roles';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
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

  return (
    <>
      <TextField
        id="user-name"
        label="Name"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        id="user-email"
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="user-password"
        label={passwordLabel}
        password
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="grid gap-2">
        <Label htmlFor="user-role">Role</Label>
        <NativeSelect
          id="user-role"
          aria-invalid={Boolean(errors.role)}
          aria-describedby="user-role-error"
          disabled={lockRoleAndStatus}
          {...register('role')}
        >
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
