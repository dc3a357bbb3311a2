/** Stores (tenancy, PRODUCT.md §2). GET /stores answers `{ success, data: Store[] }` (spec §7). */
import { z } from 'zod';

export const storeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type Store = z.infer<typeof storeSchema>;

export const storeInputSchema = z.object({
  name: z
    .string({ error: 'Store name is required' })
    .trim()
    .min(2, { error: 'Store name must be at least 2 characters' })
    .max(120, { error: 'Store name must be at most 120 characters' }),
  is_active: z.boolean().optional(),
});
export type StoreInput = z.infer<typeof storeInputSchema>;

export const storeListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(storeSchema),
});
export const storeResponseSchema = z.object({ success: z.literal(true), data: storeSchema });

/**
 * The store a super_admin acts on (PRODUCT.md §2): query string for GET/DELETE, body otherwise.
 * Other roles' store_id is ignored by the server.
 */
export const storeIdSchema = z.coerce
  .number({ error: 'Invalid store' })
  .int({ error: 'Invalid store' })
  .positive({ error: 'Invalid store' });
