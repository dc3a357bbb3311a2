import type { User } from '@duka/shared/auth/auth.schemas';
import { describe, expect, it } from 'vitest';
import { changedUserFields, editUserFormSchema } from './user-form';

const manager: User = {
  id: 3,
  name: 'Mary Manager',
  email: 'manager@duka.test',
  role: 'manager',
  store_id: 1,
  is_active: true,
  created_at: '2025-01-01T00:00:00.000Z',
};

describe('edit user form', () => {
  it('accepts a blank password but not a short one', () => {
    const base = { name: 'Mary', email: 'manager@duka.test', role: 'manager', is_active: true };
    expect(editUserFormSchema.safeParse({ ...base, password: '' }).success).toBe(true);
    const short = editUserFormSchema.safeParse({ ...base, password: 'short' });
    expect(short.error?.issues.map((issue) => issue.message)).toEqual([
      'Password must be at least 8 characters',
    ]);
  });

  it('sends only the changed fields, and the password only when one was typed', () => {
    const values = editUserFormSchema.parse({
      name: 'Mary Manager',
      email: ' MANAGER@duka.test ',
      role: 'sales',
      is_active: false,
      password: '',
    });
    expect(changedUserFields(manager, values)).toEqual({ role: 'sales', is_active: false });
    expect(changedUserFields(manager, { ...values, password: 'new-password' })).toMatchObject({
      password: 'new-password',
    });
  });
});
