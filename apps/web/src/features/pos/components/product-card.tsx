import { formatCurrency } from '@duka/shared/money/money';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { PosProduct } from '../lib/pos-products';
import { ProductImages } from './product-images';

/** One product on the till's grid (spec §2): picture, name, SKU, category, prices, stock, Add. */
export function ProductCard({
  product,
  onAdd,
}: {
  product: PosProduct;
  onAdd: (product: PosProduct) => void;
}) {
  const { t } = useTranslation('pos');
  const prices = [
    ['piece', product.piece_selling_price],
    ['pack', product.pack_selling_price],
    ['dozen', product.dozen_selling_price],
  ] as const;
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-2 text-sm dark:border-slate-800 dark:bg-slate-900">
      <ProductImages product={product} />
      <h3 className="leading-tight font-semibold">{product.name}</h3>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {t('grid.sku', { sku: product.sku })}
        <br />
        {product.Category?.name ?? t('grid.noCategory')}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
        {prices.map(([unit, price]) => (
          <div key={unit} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{t(`prices.${unit}`)}</dt>
            <dd className="text-right font-medium">{formatCurrency(price)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs">{t('grid.stock', { quantity: product.quantity })}</p>
      <Button
        size="sm"
        className="mt-auto"
        aria-label={t('grid.addNamed', { name: product.name })}
        onClick={() => onAdd(product)}
      >
        {t('grid.add')}
      </Button>
    </li>
  );
}
