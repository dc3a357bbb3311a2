import type { Category } from '@duka/shared/categories/categories.schemas';
import { PlusIcon } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useCan } from '@/lib/use-can';
import { useCreateCategory } from '../api/create-category';
import type { ProductForm } from './product-form-fields';

interface CategoryFieldProps {
  form: ProductForm;
  categories: readonly Category[];
  /** The list could not be loaded. */
  failed: boolean;
}

/**
 * The store's categories, and for managers (PRODUCT.md §1: managing categories) a way to add
 * a new one on the spot: its name is sent to POST /categories and the new category is chosen.
 */
export function CategoryField({ form, categories, failed }: CategoryFieldProps) {
  const { t } = useTranslation(['products', 'common']);
  const can = useCan();
  const { control, setValue, setFocus, formState } = form;
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const createCategory = useCreateCategory();
  const selectError = translateMessage(formState.errors.category_id?.message);

  const handleCreate = async () => {
    setAddError(null);
    try {
      const category = await createCategory.mutateAsync({ name });
      setValue('category_id', String(category.id), { shouldDirty: true, shouldValidate: true });
      setAdding(false);
      setName('');
      setFocus('category_id');
    } catch (error) {
      setAddError(translateMessage(errorMessage(error, t('form.categoryFailed'))));
    }
  };

  // Enter adds the category; it must not submit the product form around it.
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void handleCreate();
  };

  return (
    <div className="grid content-start gap-2">
      <Label htmlFor="product-category_id">{t('form.fields.category_id')}</Label>
      <div className="flex gap-2">
        {/* Controlled, so a category created here is selected once its option exists. */}
        <Controller
          control={control}
          name="category_id"
          render={({ field }) => (
            <NativeSelect
              id="product-category_id"
              aria-invalid={Boolean(selectError)}
              aria-describedby="product-category_id-error"
              {...field}
            >
              {categories.length === 0 && <option value="">{t('form.noCategories')}</option>}
              {categories.map((category) => (
                <option key={category.id} value={String(category.id)}>
                  {category.name}
                </option>
              ))}
            </NativeSelect>
          )}
        />
        {can('categories:manage') && !adding && (
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={t('form.newCategory')}
            title={t('form.newCategory')}
            onClick={() => setAdding(true)}
          >
            <PlusIcon />
          </Button>
        )}
      </div>
      <FieldError id="product-category_id-error">
        {selectError ?? (failed ? t('form.categoriesFailed') : undefined)}
      </FieldError>
      {adding && (
        <div className="grid gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-800">
          <Label htmlFor="product-new-category">{t('form.newCategoryName')}</Label>
          <Input
            id="product-new-category"
            value={name}
            maxLength={80}
            autoFocus
            aria-invalid={Boolean(addError)}
            aria-describedby="product-new-category-error"
            onChange={(event) => setName(event.target.value)}
            onKeyDown={handleKeyDown}
          />
          <FieldError id="product-new-category-error">{addError}</FieldError>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              disabled={createCategory.isPending}
              onClick={() => void handleCreate()}
            >
              {t('form.createCategory')}
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                setAdding(false);
                setAddError(null);
                setFocus('category_id');
              }}
            >
              {t('common:actions.cancel')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
