import { ClipboardListIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { stockStatus } from '@duka/shared/products/stock-status';

const LOOK = {
  outOfStock: { variant: 'destructive', className: undefined },
  lowStock: {
    variant: 'secondary',
    className: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50',
  },
  inStock: { variant: 'default', className: undefined },
} as const;

/**
 * Spec §4 Stock label: Out of Stock, Low Stock or In Stock, from the quantity. Pieces left
 * over are stock too (issue 20): 6 bottles of a product kept by the dozen are low, not out.
 */
export function StockLabel({ product }: { product: { quantity: number; stock_pieces: number } }) {
  const { t } = useTranslation('products');
  const status =
    product.stock_pieces > 0 ? stockStatus(Math.max(product.quantity, 1)) : stockStatus(0);
  const { variant, className } = LOOK[status];
  return (
    <Badge variant={variant} className={className}>
      {t(`stock.${status}`)}
    </Badge>
  );
}

/**
 * Issue 22: stock below zero — offline sales sold more than the server counted — so a manager
 * must count the shelf and correct it. In words with an icon, never by colour alone.
 */
export function CountNeededBadge() {
  const { t } = useTranslation('products');
  return (
    <Badge variant="warning" className="gap-1" data-testid="count-needed-badge">
      <ClipboardListIcon aria-hidden className="size-3" />
      {t('stock.countNeeded')}
    </Badge>
  );
}
