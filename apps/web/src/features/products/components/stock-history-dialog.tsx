import { piecesPerUnit } from '@duka/shared/money/units';
import type { StockMovement } from '@duka/shared/products/products.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { translateMessage } from '@/lib/i18n';
import { useProductMovements } from '../api/get-product-movements';
import { signedChange } from '../lib/stock-history';
import type { InventoryProduct } from '../lib/product-types';

export const HISTORY_PAGE_SIZE = 10;

interface StockHistoryDialogProps {
  product: InventoryProduct | null;
  onOpenChange: (open: boolean) => void;
}

/** A product's stock movements, newest first: when, how much, why, what, who (PRODUCT.md §3). */
export function StockHistoryDialog({ product, onOpenChange }: StockHistoryDialogProps) {
  const { t } = useTranslation('products');
  return (
    <Dialog open={product !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('history.title')}</DialogTitle>
          <DialogDescription>
            {product && t('history.description', { name: product.name })}
          </DialogDescription>
        </DialogHeader>
        {/* Keyed by product: another product's history starts on its first page. */}
        {product && <MovementList key={product.id} product={product} />}
      </DialogContent>
    </Dialog>
  );
}

function MovementList({ product }: { product: InventoryProduct }) {
  const { t } = useTranslation('products');
  const [page, setPage] = useState(1);
  const movements = useProductMovements(product.id, page, HISTORY_PAGE_SIZE);
  const unitSize = piecesPerUnit(product.stock_unit, product.pack_size);
  const unitName =
    product.stock_unit === 'pack'
      ? t('units.packOf', { size: product.pack_size })
      : t(`units.${product.stock_unit}`);

  const columns: ResponsiveColumn<StockMovement>[] = [
    {
      id: 'date',
      header: t('history.date'),
      primary: true,
      className: 'whitespace-nowrap',
      cell: (movement) => formatDate(movement.created_at, 'mediumWithTime'),
    },
    {
      id: 'pieces',
      header: t('history.changePieces'),
      className: 'tabular-nums',
      cell: (movement) => signedChange(movement.change_pieces, 1),
    },
    ...(unitSize === 1
      ? []
      : [
          {
            id: 'units',
            header: t('history.changeUnits', { unit: unitName }),
            className: 'tabular-nums',
            cell: (movement: StockMovement) => signedChange(movement.change_pieces, unitSize),
          },
        ]),
    {
      id: 'reason',
      header: t('history.reason'),
      // A manager's adjustment says why (issue 20): "Adjustment: Damage"; a transfer names the
      // other store (issue 25): "Sent to another store: Duka Demo — Mombasa".
      cell: (movement) =>
        movement.adjustment_reason
          ? t('history.adjustmentWhy', { why: t(`stockReasons.${movement.adjustment_reason}`) })
          : movement.other_store
            ? t('history.reasonWithStore', {
                reason: t(`history.reasons.${movement.reason}`),
                store: movement.other_store.name,
              })
            : t(`history.reasons.${movement.reason}`),
    },
    {
      id: 'reference',
      header: t('history.reference'),
      cell: (movement) => movement.reference ?? '-',
    },
    {
      id: 'person',
      header: t('history.person'),
      cell: (movement) => movement.User?.name ?? '-',
    },
  ];

  if (movements.isPending) {
    return (
      <p role="status" className="py-4 text-center text-slate-600 dark:text-slate-400">
        {t('history.loading')}
      </p>
    );
  }
  if (movements.isError) {
    return (
      <p role="alert" className="py-4 text-center text-red-600 dark:text-red-400">
        {translateMessage(errorMessage(movements.error, t('history.loadFailed')))}
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <ResponsiveTable
        label={t('history.label')}
        rows={movements.data.data}
        columns={columns}
        rowKey={(movement) => movement.id}
        empty={
          <p className="py-4 text-center text-slate-600 dark:text-slate-400">
            {t('history.empty')}
          </p>
        }
      />
      <Pagination
        page={page}
        pageCount={Math.ceil(movements.data.total / HISTORY_PAGE_SIZE)}
        onPageChange={setPage}
        label={t('history.pages')}
      />
    </div>
  );
}
