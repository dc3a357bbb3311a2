import type { z } from 'zod';
import { translateMessage } from '@/lib/i18n';

/** A shared schema's first message per field, in the reader's language (the server's words). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= translateMessage(issue.message);
  }
  return errors;
}
