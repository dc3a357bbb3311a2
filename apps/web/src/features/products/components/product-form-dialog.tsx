import { mayChangePricesAndStock } from '@duka/shared/auth/product-changes';
import type { Category } from '@duka/shared/categories/categories.schemas';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { useRole } from '@/lib/use-can';
import { useCategories } from '../api/get-categories';
import { useCreateProduct, useUpdateProduct } from '../api/save-product';
import { clearProductDraft, newProductForm, saveProductDraft } from '../lib/product-draft';
import {
  changedProductFields,
  editChangesStock,
  emptyProductForm,
  isSkuConflict,
  productFormResolver,
  productRequestBody,
  productToForm,
  type ProductFormField,
  type ProductFormValues,
  type ProductPayload,
} from '../lib/product-form';
import type { InventoryProduct } from '../lib/product-types';
import { GenerateBarcode } from './generate-barcode';
import { ProductFormFields } from './product-form-fields';
import { ProductPhotosField } from './product-photos-field';

interface ProductFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The product being edited; null to add one. */
  product: InventoryProduct | null;
}

const FIELDS = Object.keys(emptyProductForm('')) as ProductFormField[];

/** Spec §5 Product form in the 'Add New Product' / 'Edit Product' dialog. */
export function ProductFormDialog({ open, onOpenChange, product }: ProductFormDialogProps) {
  const { t } = useTranslation(['products', 'common']);
  const categories = useCategories({ enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{product ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
          <DialogDescription>
            {product ? t('form.editDescription') : t('form.addDescription')}
          </DialogDescription>
        </DialogHeader>
        {/* The form starts once the categories are known: a draft's category is checked
            against them. It is mounted afresh on every opening. */}
        {categories.isPending ? (
          <p role="status" className="py-4 text-center text-slate-600 dark:text-slate-400">
            {t('common:loading')}
          </p>
        ) : (
          <ProductFormBody
            product={product}
            categories={categories.data ?? []}
            categoriesFailed={categories.isError}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

interface ProductFormBodyProps {
  product: InventoryProduct | null;
  categories: readonly Category[];
  categoriesFailed: boolean;
  onDone: () => void;
}

function startingValues(product: InventoryProduct | null, categories: readonly Category[]) {
  return product ? { values: productToForm(product), restored: false } : newProductForm(categories);
}

function ProductFormBody({ product, categories, categoriesFailed, onDone }: ProductFormBodyProps) {
  const { t } = useTranslation(['products', 'common']);
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  // Read once: a category created while the dialog is open must not wipe what was typed.
  const [start] = useState(() => startingValues(product, categories));
  const [draftRestored, setDraftRestored] = useState(start.restored);
  const [photos, setPhotos] = useState<File[]>([]);
  const resolver = useMemo(() => productFormResolver(product), [product]);
  const form = useForm<ProductFormValues, unknown, ProductPayload>({
    resolver,
    defaultValues: start.values,
  });
  const { reset, handleSubmit, setError, subscribe, formState, control, setValue } = form;
  // Issue 20: a cashier sees an existing product's prices and stock but cannot change them; a
  // manager changing the stock says why.
  const role = useRole();
  const lockPricesAndStock = product !== null && !mayChangePricesAndStock(role);
  const [quantity, stockUnit, packSize, barcode, kind] = useWatch({
    control,
    name: ['quantity', 'stock_unit', 'pack_size', 'barcode', 'kind'],
  });
  const askStockReason =
    product !== null &&
    editChangesStock(product, { quantity, stock_unit: stockUnit, pack_size: packSize });

  // Spec §4: the new-product draft is saved while typing (a reset names no field).
  useEffect(() => {
    if (product) return;
    return subscribe({
      formState: { values: true },
      callback: ({ values, name }) => {
        if (name) saveProductDraft(values);
      },
    });
  }, [product, subscribe]);

  const discardDraft = () => {
    clearProductDraft();
    reset(newProductForm(categories).values);
    setDraftRestored(false);
  };

  const onSubmit = handleSubmit(async (payload) => {
    try {
      if (product) {
        const changes = changedProductFields(product, payload);
        if (Object.keys(changes).length > 0 || photos.length > 0) {
          await updateProduct.mutateAsync({
            id: product.id,
            body: productRequestBody(changes, photos),
          });
        }
        toast({ title: t('common:toast.success'), description: t('form.updated') });
      } else {
        await createProduct.mutateAsync(productRequestBody(payload, photos));
        clearProductDraft();
        toast({ title: t('common:toast.success'), description: t('form.created') });
      }
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
      const message = errorMessage(
        error,
        product ? t('form.updateFailed') : t('form.createFailed'),
      );
      toast({
        variant: 'destructive',
        title: t('common:toast.error'),
        description: isSkuConflict(message)
          ? t('form.skuTaken')
          : t('form.saveFailed', { message: translateMessage(message) }),
      });
    }
  });

  return (
    <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
      {draftRestored && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800"
        >
          {t('form.draftRestored')}
          <Button type="button" variant="outline" size="sm" onClick={discardDraft}>
            {t('form.discardDraft')}
          </Button>
        </div>
      )}
      <ProductFormFields
        form={form}
        categories={categories}
        categoriesFailed={categoriesFailed}
        lockPricesAndStock={lockPricesAndStock}
        askStockReason={askStockReason}
        barcodeAction={
          // Issue 25: a saved product of goods with no barcode, none typed either.
          product &&
          !product.barcode &&
          product.kind === 'goods' &&
          kind === 'goods' && (
            <GenerateBarcode
              product={product}
              fieldEmpty={!barcode.trim()}
              onGenerated={(code) => setValue('barcode', code, { shouldDirty: true })}
            />
          )
        }
      />
      <ProductPhotosField product={product} photos={photos} onPhotosChange={setPhotos} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting
            ? t('form.saving')
            : product
              ? t('form.update')
              : t('form.create')}
        </Button>
      </DialogFooter>
    </form>
  );
}
