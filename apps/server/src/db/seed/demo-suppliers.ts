/**
 * The demo stores' suppliers (PRODUCT.md §6): four for Nairobi, one for Mombasa, written through
 * the same schema and service as POST /api/suppliers, so the phones are stored +254….
 * Its own file and one call in seedDemo, so other modules' demo data merges beside it.
 */
import {
  createSupplierSchema,
  type CreateSupplierInput,
} from '@duka/shared/suppliers/suppliers.schemas';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../client';
import { createSupplier } from '../../modules/suppliers/suppliers.service';
import { stores } from '../../modules/stores/stores.table';
import type { DEMO_STORES } from './demo-seed';

type DemoSupplier = Omit<CreateSupplierInput, 'status'>;

export const DEMO_SUPPLIERS: Record<(typeof DEMO_STORES)[number], readonly DemoSupplier[]> = {
  'Duka Demo — Nairobi': [
    {
      name: 'Thika Grain Millers Ltd',
      contact_person: 'Peter Kamau',
      email: 'orders@thikagrainmillers.co.ke',
      phone: '0722 410 385',
      address: 'Plot 14, Garissa Road, Thika',
    },
    {
      name: 'Kiambu Highlands Dairy',
      contact_person: 'Grace Wambui',
      email: 'sales@kiambuhighlandsdairy.co.ke',
      phone: '0711 562 904',
      address: 'Kiambu Road, off Ndumberi junction, Kiambu',
    },
    {
      name: 'Eastlands Soda Distributors',
      contact_person: 'Kevin Otieno',
      email: 'depot@eastlandssoda.co.ke',
      phone: '0110 238 775',
      address: 'Outering Road, Embakasi, Nairobi',
    },
    {
      name: 'Industrial Area Stationers',
      email: 'wholesale@iastationers.co.ke',
      phone: '0733 905 118',
      address: 'Likoni Road, Industrial Area, Nairobi',
    },
  ],
  'Duka Demo — Mombasa': [
    {
      name: 'Pwani Oil & Soap Supplies',
      contact_person: 'Fatuma Said',
      email: 'orders@pwanisupplies.co.ke',
      phone: '0741 226 590',
      address: 'Jomo Kenyatta Avenue, Kongowea, Mombasa',
    },
  ],
};

export async function seedDemoSuppliers(tx: Executor): Promise<void> {
  const rows = await tx
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(inArray(stores.name, Object.keys(DEMO_SUPPLIERS)));
  for (const store of rows) {
    for (const supplier of DEMO_SUPPLIERS[store.name as keyof typeof DEMO_SUPPLIERS] ?? []) {
      await createSupplier(tx, store.id, createSupplierSchema.parse(supplier));
    }
  }
}
