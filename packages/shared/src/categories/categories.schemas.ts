/**
 * Categories of products (spec §3 Category: id, name). GET /categories answers a plain array
 * (spec §7); writes answer `{ success, data }` like the other single-record calls.
 */
import { z } from 'zod';
import { textSchema } from '../api/primitives';

export const categorySchema = z.object({ id: z.number().int(), name: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const categoryInputSchema = z.object({
  // 'Name is required' (spec §5 wording), at most 80 characters.
  name: textSchema({ label: 'Name', min: 1, max: 80 }),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export const categoryListResponseSchema = z.array(categorySchema);
export const categoryResponseSchema = z.object({ success: z.literal(true), data: categorySchema });
