import { describe, expect, it } from 'vitest';
import {
  actsOnChosenStore,
  CAPABILITIES,
  PAGES,
  assignableRoles,
  can,
  canOpenPage,
  homePathFor,
  navEntriesFor,
} from './permissions';
import { ROLES } from './roles';

describe('page access (PRODUCT.md §1)', () => {
  it('gives the till and stock pages to every staff role but not shoppers', () => {
    for (const page of ['/pos', '/inventory', '/expenses', '/sales'] as const) {
      expect(ROLES.filter((role) => canOpenPage(role, page))).toEqual([
        'super_admin',
        'admin',
        'manager',
        'sales',
      ]);
    }
  });

  it('keeps customers and reports from sales and shoppers', () => {
    expect(canOpenPage('manager', '/customers')).toBe(true);
    expect(canOpenPage('sales', '/customers')).toBe(false);
    expect(canOpenPage('user', '/reports')).toBe(false);
  });

  it('gives /users to admins and /stores to the super admin only', () => {
    expect(ROLES.filter((role) => canOpenPage(role, '/users'))).toEqual(['super_admin', 'admin']);
    expect(ROLES.filter((role) => canOpenPage(role, '/stores'))).toEqual(['super_admin']);
  });

  it('gives /system to whoever may read the backups, and lists it last (issue 27)', () => {
    expect(ROLES.filter((role) => canOpenPage(role, '/system'))).toEqual(
      ROLES.filter((role) => can(role, 'system:read')),
    );
    expect(ROLES.filter((role) => canOpenPage(role, '/system'))).toEqual(['super_admin', 'admin']);
    expect(navEntriesFor('admin').at(-1)).toEqual({ path: '/system', label: 'System' });
    expect(navEntriesFor('manager').map((entry) => entry.path)).not.toContain('/system');
  });

  it('gives the store settings page and API to its admin, managers and the super admin only', () => {
    const managers = ['super_admin', 'admin', 'manager'];
    expect(ROLES.filter((role) => canOpenPage(role, '/settings'))).toEqual(managers);
    expect(ROLES.filter((role) => can(role, 'store-settings:read'))).toEqual(managers);
    expect(ROLES.filter((role) => can(role, 'store-settings:update'))).toEqual(managers);
  });

  it('refuses everything to nobody', () => {
    for (const page of Object.keys(PAGES) as (keyof typeof PAGES)[]) {
      expect(canOpenPage(null, page)).toBe(false);
    }
  });
});

describe('capabilities', () => {
  it('lets only admin and sales create purchase orders, as spec §6 says', () => {
    expect(ROLES.filter((role) => can(role, 'purchase-orders:create'))).toEqual(['admin', 'sales']);
  });

  it('lets only managers mark a sale that needs review as reviewed (issue 22)', () => {
    expect(ROLES.filter((role) => can(role, 'sales:review'))).toEqual([
      'super_admin',
      'admin',
      'manager',
    ]);
  });

  it('lets every staff role, never a shopper, download the store and register a device (issue 22)', () => {
    for (const capability of ['sync:read', 'sync:register-device'] as const) {
      expect(ROLES.filter((role) => can(role, capability))).toEqual([
        'super_admin',
        'admin',
        'manager',
        'sales',
      ]);
    }
  });

  it('never gives a shopper a staff capability', () => {
    const shopperCapabilities = (Object.keys(CAPABILITIES) as (keyof typeof CAPABILITIES)[]).filter(
      (capability) => can('user', capability),
    );
    expect(shopperCapabilities.sort()).toEqual(
      [
        'categories:read',
        'orders:create',
        'orders:read-own',
        'products:read',
        'profile:manage',
        'stores:read',
      ].sort(),
    );
  });
});

describe('homes and navigation', () => {
  it('sends staff to the till and shoppers to the shop', () => {
    expect(homePathFor('sales')).toBe('/pos');
    expect(homePathFor('super_admin')).toBe('/pos');
    expect(homePathFor('user')).toBe('/shop');
  });

  it('shows a cashier the till pages and the shop only', () => {
    expect(navEntriesFor('sales').map((entry) => entry.path)).toEqual([
      '/pos',
      '/inventory',
      '/sales',
      '/expenses',
      '/shop',
    ]);
  });

  it('shows a shopper the shop only', () => {
    expect(navEntriesFor('user').map((entry) => entry.path)).toEqual(['/shop']);
  });
});

describe('assignable roles', () => {
  it('never lets an admin hand out super_admin', () => {
    expect(assignableRoles('admin')).not.toContain('super_admin');
    expect(assignableRoles('super_admin')).toContain('super_admin');
    expect(assignableRoles('manager')).toEqual([]);
  });
});

describe('store choice', () => {
  it('only the super_admin acts on a chosen store', () => {
    expect(ROLES.filter((role) => actsOnChosenStore(role))).toEqual(['super_admin']);
    expect(actsOnChosenStore(null)).toBe(false);
  });
});
