import type { User } from '@duka/shared/auth/auth.schemas';
import type { Role } from '@duka/shared/auth/roles';

export function buildUser(role: Role, overrides: Partial<User> = {}): User {
  return {
    id: 10,
    name: `Test ${role}`,
    email: `${role}@duka.test`,
    role,
    store_id: role === 'super_admin' ? null : 1,
    is_active: true,
    created_at: '2025-01-15T09:30:00.000Z',
    ...overrides,
  };
}
