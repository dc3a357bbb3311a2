/**
 * The Idempotency-Key header (PRODUCT.md §3): absent, or 8–100 letters, digits, - and _. POST
 * /sales reads it the same way (sales.routes.ts); repayments (issue 21) use this.
 */
import { IDEMPOTENCY_KEY } from '@duka/shared/sales/sales.schemas';
import { fieldError } from './errors';

export function idempotencyKeyOf(
  header: string | string[] | undefined,
  code = 'idempotency_key_invalid',
): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !IDEMPOTENCY_KEY.test(key)) {
    throw fieldError(
      code,
      'Idempotency-Key',
      'Idempotency-Key must be 8 to 100 letters, digits, - or _',
    );
  }
  return key;
}
