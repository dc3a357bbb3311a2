import type { Category, CategoryInput } from '@duka/shared/categories/categories.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { categoriesQueryKey } from './get-categories';

/** POST /categories (managers, PRODUCT.md §1): the new category. */
export async function createCategory(input: CategoryInput): Promise<Category> {
  const response = await apiClient.post<{ success: true; data: Category }>('/categories', input);
  return response.data;
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: (category) => {
      // The new category is in the select at once, before the list is fetched again.
      queryClient.setQueryData<Category[]>(categoriesQueryKey, (list = []) =>
        [...list.filter((item) => item.id !== category.id), category].sort((a, b) =>
          a.name.localeCompare(b.name),
        ),
      );
      return queryClient.invalidateQueries({ queryKey: categoriesQueryKey });
    },
  });
}
