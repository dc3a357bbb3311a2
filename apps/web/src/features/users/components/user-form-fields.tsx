import type { Role } from '@duka/shared/auth/roles';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { translateMessage } from '@/lib/i18n';
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
  const { t } = useTranslation();
  const { register, control, formState } = form;
  const { errors } = formState;

  return (
    <>
      <TextField
        id="user-name"
        label={t('fields.name')}
        autoComplete="off"
        error={translateMessage(errors.name?.message)}
        {...register('name')}
      />
      <TextField
        id="user-email"
        label={t('fields.email')}
        type="email"
        autoComplete="off"
        error={translateMessage(errors.email?.message)}
        {...register('email')}
      />
      <TextField
        id="user-password"
        label={passwordLabel}
        password
        autoComplete="new-password"
        error={translateMessage(errors.password?.message)}
        {...register('password')}
      />
      <div className="grid gap-2">
        <Label htmlFor="user-role">{t('fields.role')}</Label>
        <NativeSelect
          id="user-role"
          aria-invalid={Boolean(errors.role)}
          aria-describedby="user-role-error"
          disabled={lockRoleAndStatus}
          {...register('role')}
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </NativeSelect>
        <FieldError id="user-role-error">{translateMessage(errors.role?.message)}</FieldError>
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
        <Label htmlFor="user-is_active">{t('status.active')}</Label>
      </div>
    </>
  );
}
