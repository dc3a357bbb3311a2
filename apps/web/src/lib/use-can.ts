import { useCallback } from 'react';
import { can, type Capability } from '@duka/shared/auth/permissions';
import { useRole } from './role-context';

// The role's context lives in role-context.ts (the shell provides it without the matrix).
export { RoleContext, useRole } from './role-context';

/** What the signed-in person's role may do; the rules themselves stay in the shared matrix. */
export function useCan(): (capability: Capability) => boolean {
  const role = useRole();
  return useCallback((capability: Capability) => can(role, capability), [role]);
}
