import type { Supplier } from '@duka/shared/suppliers/suppliers.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSupplierProducts } from '../api/get-supplier-products';
import { useLinkProduct } from '../api/link-product';
import { useProductSearch } from '../api/search-products';
import { toastFailure } from '@/lib/failure-toast';

interface SupplierProductsDialogProps {
  supplier: Supplier | null;
  onOpenChange: (open: boolean) => void;
}

const mutedText = 'text-sm text-slate-600 dark:text-slate-400';

/**
 * A supplier's linked products, and a product search to link one more (spec §8 'Product
 * supplier created successfully'). The links fill a purchase order's "below minimum" items.
 */
export function SupplierProductsDialog({ supplier, onOpenChange }: SupplierProductsDialogProps) {
  const { t } = useTranslation(['suppliers', 'common']);
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query);
  const links = useSupplierProducts(supplier?.id ?? null);
  const search = useProductSearch(supplier ? debounced : '');
  const linkProduct = useLinkProduct();
  const linkedIds = new Set((links.data ?? []).map((link) => link.product_id));

  const handleLink = async (productId: number) => {
    if (!supplier) return;
    try {
      await linkProduct.mutateAsync({ product_id: productId, supplier_id: supplier.id });
      toast({ title: t('common:toast.success'), description: t('products.created') });
    } catch (error) {
      toastFailure(error, t('products.linkFailed'));
    }
  };

  return (
    <Dialog
      open={supplier !== null}
      onOpenChange={(open) => {
        if (!open) setQuery('');
        onOpenChange(open);
      }}
    >
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('products.title', { name: supplier?.name ?? '' })}</DialogTitle>
          <DialogDescription>{t('products.description')}</DialogDescription>
        </DialogHeader>

        <section aria-labelledby="supplier-products-linked" className="grid gap-2">
          <h3 id="supplier-products-linked" className="font-medium">
            {t('products.linked')}
          </h3>
          {links.isLoading ? (
            <p className={mutedText}>{t('products.loading')}</p>
          ) : links.isError ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {t('products.loadFailed')}
            </p>
          ) : links.data?.length ? (
            <ul className="grid gap-1" aria-labelledby="supplier-products-linked">
              {links.data.map((link) => (
                <li key={link.id} className="flex flex-wrap justify-between gap-x-3 text-sm">
                  <span>{link.product.name}</span>
                  <span className={mutedText}>{t('products.sku', { sku: link.product.sku })}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className={mutedText}>{t('products.none')}</p>
          )}
        </section>

        <section className="grid gap-2">
          <Label htmlFor="supplier-product-search">{t('products.searchLabel')}</Label>
          <Input
            id="supplier-product-search"
            type="search"
            autoComplete="off"
            placeholder={t('products.searchPlaceholder')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <div aria-live="polite">
            {debounced.trim() === '' ? null : search.isLoading ? (
              <p className={mutedText}>{t('products.searching')}</p>
            ) : search.isError ? (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {t('products.searchFailed')}
              </p>
            ) : search.data?.length ? (
              <ul className="grid gap-2" aria-label={t('products.searchLabel')}>
                {search.data.map((product) => {
                  const linked = linkedIds.has(product.id);
                  return (
                    <li
                      key={product.id}
                      className="flex items-center justify-between gap-3 rounded-md border border-slate-200 p-2 dark:border-slate-800"
                    >
                      <span className="min-w-0 text-sm break-words">
                        {product.name}
                        <span className={`block ${mutedText}`}>
                          {t('products.sku', { sku: product.sku })}
                        </span>
                      </span>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={linked || linkProduct.isPending}
                        aria-label={
                          linked ? undefined : t('products.linkNamed', { name: product.name })
                        }
                        onClick={() => void handleLink(product.id)}
                      >
                        {linked ? t('products.alreadyLinked') : t('products.link')}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className={mutedText}>{t('products.noResults')}</p>
            )}
          </div>
        </section>
      </DialogContent>
    </Dialog>
  );
}
