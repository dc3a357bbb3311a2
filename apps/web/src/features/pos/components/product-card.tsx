import { formatCurrency } from '@duka/shared/money/money';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { sellableUnits } from '@/features/cart/lib/cart-math';
import { isOutOfStock, shelfOf } from '@/features/cart/lib/cart-stock';
import { formatStock } from '@/lib/format-stock';
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
  const { t } = useTranslation(['pos', 'common']);
  const price = {
    piece: product.piece_selling_price,
    pack: product.pack_selling_price,
    dozen: product.dozen_selling_price,
  };
  // A pack or dozen priced 0.00 is not sold that way: not printed (issue 20).
  const units = sellableUnits(product);
  const shelf = shelfOf(product);
  const out = isOutOfStock(product);
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
        {units.map((unit) => (
          <div key={unit} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{t(`prices.${unit}`)}</dt>
            <dd className="text-right font-medium">{formatCurrency(price[unit])}</dd>
          </div>
        ))}
      </dl>
      <p
        className={out ? 'text-xs font-semibold text-red-700 dark:text-red-400' : 'text-xs'}
        data-testid="product-stock"
      >
        {out
          ? t('common:shelf.outOfStock')
          : t('grid.stock', { stock: shelf ? formatStock(shelf) : product.quantity })}
      </p>
      <Button
        size="sm"
        className="mt-auto"
        aria-label={t('grid.addNamed', { name: product.name })}
        disabled={out}
        onClick={() => onAdd(product)}
      >
        {t('grid.add')}
      </Button>
    </li>
  );
}
