import { formatCurrency } from '@duka/shared/money/money';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  ResponsiveTable,
  TABLE_MEDIA_QUERY,
  type ResponsiveColumn,
} from '@/components/ui/responsive-table';
import { formatStock } from '@/lib/format-stock';
import { useMediaQuery } from '@/lib/use-media-query';
import type { InventoryProduct } from '../lib/product-types';
import { ProductThumbnail } from './product-thumbnail';
import { CountNeededBadge, StockLabel } from './stock-label';

interface ProductsTableProps {
  products: readonly InventoryProduct[];
  /** Each action shows only when given: the role may do it. */
  onEdit?: (product: InventoryProduct) => void;
  onDelete?: (product: InventoryProduct) => void;
  onHistory?: (product: InventoryProduct) => void;
  /** What an empty list says; 'No products available.' by default. */
  empty?: string;
  /** Issue 25: a checkbox on each row, choosing products for labels. */
  selection?: ProductSelection;
}

export interface ProductSelection {
  isSelected: (product: InventoryProduct) => boolean;
  onToggle: (product: InventoryProduct, selected: boolean) => void;
  /** No more may be chosen: the unchosen boxes are off. */
  full: boolean;
}

type ProductColumn = ResponsiveColumn<InventoryProduct> & {
  /** Spec §2: SKU and pack/dozen prices are hidden on small screens. */
  secondary?: boolean;
};

// On a tablet the table keeps the columns a till needs; the rest return on a laptop.
const SECONDARY_CELL = 'hidden lg:table-cell';

export function ProductsTable({
  products,
  onEdit,
  onDelete,
  onHistory,
  empty,
  selection,
}: ProductsTableProps) {
  const { t } = useTranslation(['products', 'common']);
  const wide = useMediaQuery(TABLE_MEDIA_QUERY);

  const all: ProductColumn[] = [
    {
      id: 'name',
      header: t('table.name'),
      primary: true,
      cell: (product) => (
        <span className="flex items-center gap-3">
          {selection && (
            <input
              type="checkbox"
              className="size-4 shrink-0 accent-emerald-600"
              aria-label={t('selection.select', { name: product.name })}
              checked={selection.isSelected(product)}
              disabled={selection.full && !selection.isSelected(product)}
              onChange={(event) => selection.onToggle(product, event.target.checked)}
            />
          )}
          <ProductThumbnail product={product} />
          <span className="flex min-w-0 flex-wrap items-center gap-2 font-medium">
            {product.name}
            {!product.is_active && <Badge variant="secondary">{t('common:status.inactive')}</Badge>}
          </span>
        </span>
      ),
    },
    { id: 'sku', header: t('table.sku'), secondary: true, cell: (product) => product.sku },
    {
      id: 'piecePrice',
      header: t('table.piecePrice'),
      cell: (product) => formatCurrency(product.piece_selling_price),
    },
    {
      id: 'packPrice',
      header: t('table.packPrice'),
      secondary: true,
      cell: (product) => formatCurrency(product.pack_selling_price),
    },
    {
      id: 'dozenPrice',
      header: t('table.dozenPrice'),
      secondary: true,
      cell: (product) => formatCurrency(product.dozen_selling_price),
    },
    {
      id: 'quantity',
      header: t('table.quantity'),
      cell: (product) => (
        <span className="flex flex-wrap items-center gap-2">
          {/* As on the shelf (issue 20): "3 dozen 11 pcs", "47 pcs". */}
          <span className="whitespace-nowrap">{formatStock(product)}</span>
          <StockLabel product={product} />
          {/* Issue 22: offline sales took it below zero — the shelf must be counted. */}
          {product.stock_pieces < 0 && <CountNeededBadge />}
        </span>
      ),
    },
  ];
  const columns = wide
    ? all.map((column) => (column.secondary ? { ...column, className: SECONDARY_CELL } : column))
    : all.filter((column) => !column.secondary);
  const hasActions = Boolean(onEdit ?? onDelete ?? onHistory);

  return (
    <ResponsiveTable
      label={t('table.label')}
      actionsHeader={t('table.actions')}
      rows={products}
      columns={columns}
      rowKey={(product) => product.id}
      empty={
        <p className="py-6 text-center text-slate-600 dark:text-slate-400">
          {empty ?? t('table.empty')}
        </p>
      }
      actions={
        hasActions
          ? (product) => (
              <>
                {onEdit && (
                  <Button variant="outline" size="sm" onClick={() => onEdit(product)}>
                    {t('common:actions.edit')}
                  </Button>
                )}
                {onHistory && (
                  <Button variant="outline" size="sm" onClick={() => onHistory(product)}>
                    {t('table.stockHistory')}
                  </Button>
                )}
                {onDelete && (
                  <Button variant="destructive" size="sm" onClick={() => onDelete(product)}>
                    {t('common:actions.delete')}
                  </Button>
                )}
              </>
            )
          : undefined
      }
    />
  );
}
