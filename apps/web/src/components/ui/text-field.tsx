import type { ComponentProps } from 'react';
import { FieldError } from './field-error';
import { Input } from './input';
import { Label } from './label';
import { PasswordInput } from './password-input';

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  id: string;
  label: string;
  /** The validation message; the input points at it with aria-describedby. */
  error?: string;
  /** A password input with its show/hide toggle. */
  password?: boolean;
}

/** Label, input and validation message: the unit the app's forms are built from. */
export function TextField({
  id,
  label,
  error,
  password = false,
  type,
  ...inputProps
}: TextFieldProps) {
  const errorId = `${id}-error`;
  const fieldProps = {
    id,
    'aria-invalid': Boolean(error),
    'aria-describedby': errorId,
    ...inputProps,
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {password ? <PasswordInput {...fieldProps} /> : <Input type={type} {...fieldProps} />}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
