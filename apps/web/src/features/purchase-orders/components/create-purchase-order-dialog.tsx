import { centsToDecimal, formatCurrency } from '@duka/shared/money/money';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
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
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useBelowMinimumProducts } from '../api/get-below-minimum-products';
import { useCreatePurchaseOrder } from '../api/create-purchase-order';
import { productMissingMessage } from '../lib/product-missing';
import {
  addBlankItem,
  addProduct,
  belowMinimumItems,
  canSubmit,
  emptyDraft,
  isAdded,
  orderTotalCents,
  toPayload,
  validateOrder,
  withItems,
  type DraftItem,
  type DraftOrder,
  type OrderErrors,
  type OrderProduct,
} from '../lib/purchase-order-form';
import { OrderDetailsFields } from './order-details-fields';
import { OrderItemRow } from './order-item-row';
import { OrderProductSearch } from './order-product-search';
import { ProductMissingAlert } from './product-missing-alert';

interface CreatePurchaseOrderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The server's field messages ('body.items.0.quantity') under the form's own paths. */
function serverErrors(error: unknown): OrderErrors {
  if (!(error instanceof ApiRequestError)) return {};
  return Object.fromEntries(
    error.errors.map((field) => [
      field.path.replace(/^body[./]/, '').replace(/\//g, '.'),
      field.message,
    ]),
  );
}

/** Spec §2 'Create Purchase Order' with the item rules and messages of §5. */
export function CreatePurchaseOrderDialog({ open, onOpenChange }: CreatePurchaseOrderDialogProps) {
  const { t } = useTranslation(['purchaseOrders', 'common']);
  const [draft, setDraft] = useState<DraftOrder>(emptyDraft);
  const [errors, setErrors] = useState<OrderErrors>({});
  const [missing, setMissing] = useState<string | null>(null);
  const createOrder = useCreatePurchaseOrder();
  const belowMinimum = useBelowMinimumProducts();

  const update = (changes: Partial<DraftOrder>) =>
    setDraft((current) => ({ ...current, ...changes }));
  const setItems = (items: DraftItem[]) => update({ items });
  const fail = (description: string) =>
    toast({ variant: 'destructive', title: t('common:toast.error'), description });

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setDraft(emptyDraft());
      setErrors({});
    }
    onOpenChange(next);
  };

  const handleAddProduct = (product: OrderProduct) => {
    const result = addProduct(draft.items, product);
    if (result.ok) setItems(result.items);
    else if (result.reason === 'noStockUnit') fail(t('form.noStockUnit'));
  };

  const handleAddBlank = () => {
    const items = addBlankItem(draft.items);
    if (items) setItems(items);
    else fail(t('form.completeItems'));
  };

  const handleBelowMinimum = async () => {
    try {
      const products = await belowMinimum.mutateAsync(Number(draft.supplier_id));
      const extra = belowMinimumItems(products, draft.items);
      if (extra.length === 0)
        toast({ title: t('form.belowMinimum'), description: t('form.belowMinimumNone') });
      else setItems(withItems(draft.items, extra));
    } catch (error) {
      fail(translateMessage(errorMessage(error, t('form.belowMinimumFailed'))));
    }
  };

  const handleSubmit = async () => {
    const found = validateOrder(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      fail(t('form.fixErrors'));
      return;
    }
    try {
      await createOrder.mutateAsync(toPayload(draft));
      toast({ title: t('common:toast.success'), description: t('form.created') });
      handleOpenChange(false);
    } catch (error) {
      setErrors(serverErrors(error));
      const message = productMissingMessage(error);
      if (message) {
        setMissing(message);
        return;
      }
      toast({
        variant: 'destructive',
        title: t('form.failed'),
        description: translateMessage(errorMessage(error, t('form.failed'))),
      });
    }
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="max-w-4xl p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>{t('form.title')}</DialogTitle>
          <DialogDescription>{t('form.description')}</DialogDescription>
        </DialogHeader>
        <form
          className="grid min-w-0 gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void handleSubmit();
          }}
        >
          <OrderDetailsFields draft={draft} errors={errors} enabled={open} onChange={update} />
          <OrderProductSearch
            isAdded={(productId) => isAdded(draft.items, productId)}
            onAdd={handleAddProduct}
          />
          <section aria-labelledby="po-items-heading" className="grid gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id="po-items-heading" className="font-medium">
                {t('form.items')}
              </h3>
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={draft.supplier_id === '' || belowMinimum.isPending}
                  onClick={() => void handleBelowMinimum()}
                >
                  {t('form.belowMinimum')}
                </Button>
                <Button type="button" variant="outline" size="sm" onClick={handleAddBlank}>
                  <PlusIcon />
                  {t('form.addItem')}
                </Button>
              </div>
            </div>
            {errors.items && (
              <p className="text-sm text-red-600 dark:text-red-400">
                {translateMessage(errors.items)}
              </p>
            )}
            {draft.items.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">{t('form.noItems')}</p>
            ) : (
              <ul className="grid gap-3" aria-labelledby="po-items-heading">
                {draft.items.map((item, index) => (
                  <OrderItemRow
                    key={item.key}
                    item={item}
                    index={index}
                    errors={errors}
                    onChange={(next) =>
                      setItems(draft.items.map((row) => (row.key === item.key ? next : row)))
                    }
                    onRemove={() => setItems(draft.items.filter((row) => row.key !== item.key))}
                  />
                ))}
              </ul>
            )}
          </section>
          <div className="grid gap-2">
            <Label htmlFor="po-notes">{t('form.notes')}</Label>
            <Textarea
              id="po-notes"
              rows={2}
              value={draft.notes}
              aria-invalid={Boolean(errors.notes)}
              aria-describedby="po-notes-error"
              onChange={(event) => update({ notes: event.target.value })}
            />
            <FieldError id="po-notes-error">{translateMessage(errors.notes)}</FieldError>
          </div>
          <p className="text-right font-semibold" aria-live="polite">
            {t('form.total', {
              amount: formatCurrency(centsToDecimal(orderTotalCents(draft.items))),
            })}
          </p>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => handleOpenChange(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={!canSubmit(draft) || createOrder.isPending}>
              {createOrder.isPending ? t('form.submitting') : t('form.submit')}
            </Button>
          </DialogFooter>
        </form>
        <ProductMissingAlert
          message={missing}
          title={t('form.failed')}
          onClose={() => setMissing(null)}
        />
      </DialogContent>
    </Dialog>
  );
}
