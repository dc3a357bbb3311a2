/** The five roles of spec §1 / §6. Order matters only for display. */
export const ROLES = ['super_admin', 'admin', 'manager', 'sales', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** Everyone who works in a store (all but the shopper role `user`). */
export const STAFF_ROLES = [
  'super_admin',
  'admin',
  'manager',
  'sales',
] as const satisfies readonly Role[];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isStaff(role: Role): boolean {
  return role !== 'user';
}

/** 'super_admin' → 'Super Admin' (the profile page shows the role capitalised). */
export function formatRole(role: string): string {
  return role
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * PRODUCT.md §2: a super_admin has no store of their own and acts on the store chosen in the
 * navigation bar; every other role's store is fixed by the server. The server's store scope,
 * the web's store selector and its API client all ask this one function (permissions.ts
 * exports it too).
 */
export function actsOnChosenStore(role: Role | null | undefined): boolean {
  return role === 'super_admin';
}
