/** Suppliers as the API answers them (spec §3 Supplier). */
import type { Supplier } from '@duka/shared/suppliers/suppliers.schemas';
import type { SupplierRow } from './suppliers.table';

export function presentSupplier(row: SupplierRow): Supplier {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    contact_person: row.contactPerson,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}
