import { describe, expect, it } from 'vitest';
import { statusBadgeVariant } from './sale-status';

describe('statusBadgeVariant (spec §4 sale/payment status colours)', () => {
  it('paints paid green, pending yellow, failed red and anything else grey', () => {
    expect(statusBadgeVariant('paid')).toBe('success');
    expect(statusBadgeVariant('pending')).toBe('warning');
    expect(statusBadgeVariant('failed')).toBe('danger');
    expect(statusBadgeVariant('refunded')).toBe('secondary');
    expect(statusBadgeVariant('cancelled')).toBe('secondary');
  });

  it('paints a completed sale (paid at the till) green', () => {
    expect(statusBadgeVariant('completed')).toBe('success');
  });
});
