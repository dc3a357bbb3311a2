import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useAssignBarcode } from '../api/assign-barcode';
import type { InventoryProduct } from '../lib/product-types';

interface GenerateBarcodeProps {
  product: InventoryProduct;
  /** Nothing typed in the barcode field: a typed barcode needs no generated one. */
  fieldEmpty: boolean;
  /** The number given, for the form's barcode field. */
  onGenerated: (barcode: string) => void;
}

/**
 * Issue 25: 'Generate barcode' for a product that has none — the store's next internal EAN-13
 * (prefix 20, never one another product of the store carries), saved at once, then shown.
 */
export function GenerateBarcode({ product, fieldEmpty, onGenerated }: GenerateBarcodeProps) {
  const { t } = useTranslation('products');
  const assign = useAssignBarcode();
  const [given, setGiven] = useState<string | null>(null);

  const handleGenerate = () => {
    assign.mutate(product.id, {
      onSuccess: (saved) => {
        const barcode = saved.barcode ?? '';
        setGiven(barcode);
        onGenerated(barcode);
      },
    });
  };

  if (given) {
    return (
      <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
        {t('barcode.given', { barcode: given })}
      </p>
    );
  }
  if (!fieldEmpty) return null;
  return (
    <div className="grid justify-items-start gap-1">
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={handleGenerate}
        disabled={assign.isPending}
        aria-describedby="product-barcode-generate-hint"
      >
        {assign.isPending ? t('barcode.generating') : t('barcode.generate')}
      </Button>
      <p id="product-barcode-generate-hint" className="text-sm text-slate-600 dark:text-slate-400">
        {t('barcode.hint')}
      </p>
      {assign.isError && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {translateMessage(errorMessage(assign.error, t('barcode.failed')))}
        </p>
      )}
    </div>
  );
}
