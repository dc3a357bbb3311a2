import { createContext, useCallback, useContext } from 'react';
import { can, type Capability } from '@duka/shared/auth/permissions';
import type { Role } from '@duka/shared/auth/roles';

/**
 * The signed-in person's role, provided by app/ so that features can ask what the role may do
 * without importing the auth feature. The rules themselves stay in the shared matrix.
 */
export const RoleContext = createContext<Role | null>(null);

export function useRole(): Role | null {
  return useContext(RoleContext);
}

export function useCan(): (capability: Capability) => boolean {
  const role = useRole();
  return useCallback((capability: Capability) => can(role, capability), [role]);
}
