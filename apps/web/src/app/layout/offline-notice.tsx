import { WifiOffIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/**
 * Issue 22: what a page that needs the server shows offline, instead of spinners or errors —
 * in place of the page when it opens offline, above it when the connection drops while it is
 * open (its data and anything typed stay). The page comes back by itself (ProtectedPage).
 */
export function OfflineNotice({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation('connection');
  return (
    <div
      role="status"
      className={cn(
        'flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
        inline ? 'mb-4' : 'mx-auto mt-8 max-w-xl',
      )}
    >
      <WifiOffIcon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div>
        <p className="font-medium">{t('pageNeedsConnection')}</p>
        <p className="text-sm">{t('pageOpensAgain')}</p>
      </div>
    </div>
  );
}
