import { describe, expect, it } from 'vitest';
import {
  forbiddenCustomerChanges,
  forbiddenCustomerChangesMessage,
  maySetCreditLimit,
} from './customer-changes';
import { ROLES } from './roles';

describe('who may set a credit limit (issue 21)', () => {
  it('gives it to managers, admins and super admins only', () => {
    expect(ROLES.filter(maySetCreditLimit)).toEqual(['super_admin', 'admin', 'manager']);
    expect(maySetCreditLimit(null)).toBe(false);
  });

  it("refuses a cashier's change of the credit limit, set or cleared", () => {
    expect(
      forbiddenCustomerChanges('sales', { credit_limit: null }, { credit_limit: 5000 }),
    ).toEqual(['credit_limit']);
    expect(
      forbiddenCustomerChanges('sales', { credit_limit: 5000 }, { credit_limit: null }),
    ).toEqual(['credit_limit']);
    expect(forbiddenCustomerChanges('user', { credit_limit: 5000 }, { credit_limit: '' })).toEqual([
      'credit_limit',
    ]);
    expect(forbiddenCustomerChangesMessage(['credit_limit'])).toBe(
      'Only a manager can change Credit Limit',
    );
  });

  it('lets a cashier send back the limit the customer has, and any other field', () => {
    expect(
      forbiddenCustomerChanges('sales', { credit_limit: 5000 }, { credit_limit: '5000.00' }),
    ).toEqual([]);
    expect(forbiddenCustomerChanges('sales', { credit_limit: null }, { credit_limit: '' })).toEqual(
      [],
    );
    expect(forbiddenCustomerChanges('sales', { credit_limit: 5000 }, { name: 'Mary' })).toEqual([]);
  });

  it('lets a manager change it', () => {
    for (const role of ['manager', 'admin', 'super_admin'] as const) {
      expect(forbiddenCustomerChanges(role, { credit_limit: null }, { credit_limit: 1 })).toEqual(
        [],
      );
    }
  });
});
