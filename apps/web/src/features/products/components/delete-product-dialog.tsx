import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useDeleteProduct } from '../api/delete-product';
import type { InventoryProduct } from '../lib/product-types';

interface DeleteProductDialogProps {
  product: InventoryProduct | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}

/**
 * Spec §8 Products: confirmation, then 'Product deleted successfully' — saying so when the
 * server kept a product with stock history as inactive — or 'Failed to delete product' with
 * the server's message in a dialog.
 */
export function DeleteProductDialog({
  product,
  onOpenChange,
  onDeleted,
}: DeleteProductDialogProps) {
  const { t } = useTranslation(['products', 'common']);
  const deleteProduct = useDeleteProduct();
  const [failure, setFailure] = useState<string | null>(null);

  const handleDelete = async () => {
    if (!product) return;
    try {
      const deactivated = await deleteProduct.mutateAsync(product.id);
      onDeleted?.();
      toast({
        title: t('common:toast.success'),
        description: deactivated
          ? `${t('delete.deleted')}\n${t('delete.deactivated')}`
          : t('delete.deleted'),
      });
    } catch (error) {
      setFailure(translateMessage(errorMessage(error, t('delete.failed'))));
    }
  };

  return (
    <>
      <ConfirmDeleteDialog
        name={product?.name ?? null}
        onOpenChange={onOpenChange}
        title={t('delete.title')}
        question={t('delete.confirm')}
        onConfirm={() => void handleDelete()}
      />
      <AlertDialog
        open={failure !== null}
        onOpenChange={(open) => {
          if (!open) setFailure(null);
        }}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('delete.failed')}</AlertDialogTitle>
            <AlertDialogDescription>{failure}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogAction>{t('common:actions.close')}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
