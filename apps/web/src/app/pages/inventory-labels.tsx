import type { ComponentProps } from 'react';
import { lazy, Suspense, useState } from 'react';
import type { LabelsSource } from '@/features/labels/api/get-labels';
import { ProductsTab } from '@/features/products/components/products-tab';
import { PurchaseOrdersTab } from '@/features/purchase-orders/components/purchase-orders-tab';
import { loadPageNamespaces } from '@/lib/i18n';

// Issue 25: the labels print view, with its words, when someone first opens it.
const LabelsPrintDialog = lazy(() =>
  Promise.all([
    import('@/features/labels/components/labels-print-dialog'),
    loadPageNamespaces(['labels']),
  ]).then(([module]) => ({ default: module.LabelsPrintDialog })),
);

/** The labels to print and the lazily loaded print view (mounted from the first opening on). */
function useLabelsPrint() {
  const [source, setSource] = useState<LabelsSource | null>(null);
  const [loaded, setLoaded] = useState(false);
  const open = (next: LabelsSource) => {
    setLoaded(true);
    setSource(next);
  };
  const dialog = loaded && (
    <Suspense fallback={null}>
      <LabelsPrintDialog
        source={source}
        onOpenChange={(isOpen) => {
          if (!isOpen) setSource(null);
        }}
      />
    </Suspense>
  );
  return { open, dialog };
}

/**
 * Issue 25: the Products tab with Print labels for the products chosen. Features never import
 * each other, so the products and the labels meet here.
 */
export function ProductsTabWithLabels(
  props: Omit<ComponentProps<typeof ProductsTab>, 'onPrintLabels'>,
) {
  const labels = useLabelsPrint();
  return (
    <>
      <ProductsTab {...props} onPrintLabels={(ids) => labels.open({ ids })} />
      {labels.dialog}
    </>
  );
}

/** Issue 25: the Purchase Orders tab with Print labels for a received order's lines. */
export function PurchaseOrdersTabWithLabels() {
  const labels = useLabelsPrint();
  return (
    <>
      <PurchaseOrdersTab onPrintLabels={(purchaseOrderId) => labels.open({ purchaseOrderId })} />
      {labels.dialog}
    </>
  );
}
