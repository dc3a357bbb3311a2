import { format, isValid, parseISO } from 'date-fns';

/** Formats an API timestamp; `fallback` when it is missing or not a date. */
export function formatDate(
  value: string | null | undefined,
  pattern = 'MMMM d, yyyy',
  fallback = 'N/A',
): string {
  if (!value) return fallback;
  const date = parseISO(value);
  return isValid(date) ? format(date, pattern) : fallback;
}
