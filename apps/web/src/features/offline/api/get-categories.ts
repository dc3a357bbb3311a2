import {
  categoryListResponseSchema,
  type Category,
} from '@duka/shared/categories/categories.schemas';
import { apiClient } from '@/lib/api-client';

/** GET /categories: the store's categories, a plain array (spec §7); a few dozen at most. */
export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return categoryListResponseSchema.parse(await apiClient.get<unknown>('/categories', { signal }));
}
