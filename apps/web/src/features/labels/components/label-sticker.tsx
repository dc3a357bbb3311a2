import { formatCurrency } from '@duka/shared/money/money';
import type { Label } from '@duka/shared/products/labels.schemas';
import { useTranslation } from 'react-i18next';
import type { LabelLayout } from '../lib/label-layouts';

interface LabelStickerProps {
  label: Label;
  layout: LabelLayout;
  /** The barcode as an image address (svgImageSource), made once per product. */
  barcodeSource: string | null;
}

/**
 * One shelf label: the name, the piece price large (the first price set), the others small,
 * the barcode as the server drew it (digits included), the SKU.
 */
export function LabelSticker({ label, layout, barcodeSource }: LabelStickerProps) {
  const { t } = useTranslation('labels');
  const [main, ...others] = label.prices;
  return (
    <div className="label-sticker" data-layout={layout}>
      <span className="label-sticker__name">{label.name}</span>
      {main && (
        <span className="label-sticker__price">
          {main.unit_type === 'piece'
            ? formatCurrency(main.price)
            : t('price', { unit: t(`units.${main.unit_type}`), price: formatCurrency(main.price) })}
        </span>
      )}
      {others.length > 0 && (
        <span className="label-sticker__others">
          {others
            .map(({ unit_type, price }) =>
              t('price', { unit: t(`units.${unit_type}`), price: formatCurrency(price) }),
            )
            .join(' · ')}
        </span>
      )}
      {barcodeSource ? (
        <img
          className="label-sticker__barcode"
          src={barcodeSource}
          alt={t('barcodeAlt', { name: label.name, barcode: label.barcode })}
        />
      ) : (
        <span className="label-sticker__none" />
      )}
      <span className="label-sticker__sku">{t('sku', { sku: label.sku })}</span>
    </div>
  );
}
