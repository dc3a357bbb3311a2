import type { Role } from '@duka/shared/auth/roles';

/**
 * PRODUCT.md §2: a super_admin has no store of their own and acts on the store chosen in the
 * navigation bar; every other role's store is fixed by the server. The store selector, the
 * API client's store_id and the pages that wait for a chosen store all ask this one function,
 * so they cannot drift apart.
 */
export function actsOnChosenStore(role: Role | null | undefined): boolean {
  return role === 'super_admin';
}
