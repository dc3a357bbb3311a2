import { useTranslation } from 'react-i18next';

/** A count of pieces in words: '24 pieces', '1 piece' (plural forms are not used yet). */
export function usePiecesText() {
  const { t } = useTranslation('transfers');
  return (count: number) => (count === 1 ? t('onePiece') : t('pieces', { count }));
}
