/** Stores (tenancy, PRODUCT.md §2). GET /stores answers `{ success, data: Store[] }` (spec §7). */
import { z } from 'zod';
import { idSchema, textSchema } from '../api/primitives';

export const storeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type Store = z.infer<typeof storeSchema>;

export const storeInputSchema = z.object({
  // 'Store name is required', '… at least 2 characters', '… at most 120 characters'.
  name: textSchema({ label: 'Store name', min: 2, max: 120 }),
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
export const storeIdSchema = idSchema('Invalid store');
