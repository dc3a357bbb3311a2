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

/** Spec §4 Stock label: Out of Stock, Low Stock or In Stock, from the quantity. */
export function StockLabel({ quantity }: { quantity: number }) {
  const { t } = useTranslation('products');
  const status = stockStatus(quantity);
  const { variant, className } = LOOK[status];
  return (
    <Badge variant={variant} className={className}>
      {t(`stock.${status}`)}
    </Badge>
  );
}
