import { createContext, useContext } from 'react';
import type { Role } from '@duka/shared/auth/roles';

/**
 * The signed-in person's role, provided by app/ so that features can ask what the role may do
 * without importing the auth feature (lib/use-can.ts). Apart from use-can, so that the app
 * shell, which provides it, does not load the access matrix up front (issue 25: the bundle
 * budget); the pages that ask `can` load it with them.
 */
export const RoleContext = createContext<Role | null>(null);

export function useRole(): Role | null {
  return useContext(RoleContext);
}
