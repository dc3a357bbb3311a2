import type { StockTransferItem } from '@duka/shared/stock-transfers/stock-transfers.schemas';
import { useTranslation } from 'react-i18next';
import { piecesPerLineUnit } from '../lib/receive-form';

/** A line's unit in words: 'Piece', 'Dozen', or 'Pack of 12' at the size it was sent with. */
export function useLineUnit() {
  const { t } = useTranslation('transfers');
  return (item: Pick<StockTransferItem, 'unit_type' | 'quantity' | 'pieces'>) =>
    item.unit_type === 'pack'
      ? t('packOf', { size: piecesPerLineUnit(item) })
      : t(`units.${item.unit_type}`);
}
