/** Categories as the API answers them (spec §3 Category). */
import type { Category } from '@duka/shared/categories/categories.schemas';
import type { CategoryRow } from './categories.table';

export function presentCategory(row: Pick<CategoryRow, 'id' | 'name'>): Category {
  return { id: row.id, name: row.name };
}
