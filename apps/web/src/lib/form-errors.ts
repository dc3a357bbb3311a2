import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-client';

/**
 * Puts the server's field messages (`errors: [{ path, message }]`) under the matching form
 * fields. Paths may come as 'email' or 'body.email'; the last segment names the field.
 * Returns true when at least one message found its field.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  let applied = false;
  for (const fieldError of error.errors) {
    const name = fieldError.path.split(/[./]/).filter(Boolean).pop();
    const field = fields.find((candidate) => candidate === name);
    if (field) {
      setError(field, { type: 'server', message: fieldError.message });
      applied = true;
    }
  }
  return applied;
}
