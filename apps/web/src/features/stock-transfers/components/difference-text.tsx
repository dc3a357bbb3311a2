import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { differenceWords } from '../lib/difference';

/** 'Short 12 pieces', 'Over 2 pieces' or 'No difference'; a shortfall in red, a surplus in amber. */
export function DifferenceText({ pieces, className }: { pieces: number; className?: string }) {
  const { t } = useTranslation('transfers');
  const words = differenceWords(pieces);
  const text =
    words.key === 'short' || words.key === 'over'
      ? t(`difference.${words.key}`, { count: words.count })
      : t(`difference.${words.key}`);
  return (
    <span
      className={cn(
        pieces < 0 && 'font-medium text-red-700 dark:text-red-400',
        pieces > 0 && 'font-medium text-amber-800 dark:text-amber-300',
        className,
      )}
    >
      {text}
    </span>
  );
}
