import { PackagePlusIcon, ReceiptTextIcon, UserPlusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '@/lib/use-can';

const linkClass =
  'font-medium text-emerald-700 underline-offset-4 hover:underline dark:text-emerald-400';

/** A new shop with no products sees how to start instead of an empty grid (issue 7). */
export function GettingStarted() {
  const { t } = useTranslation('pos');
  const can = useCan();
  return (
    <section
      aria-labelledby="pos-start-title"
      className="rounded-lg border border-dashed border-slate-300 p-6 dark:border-slate-700"
    >
      <h2 id="pos-start-title" className="text-lg font-semibold">
        {t('start.title')}
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{t('start.description')}</p>
      <ol className="mt-4 grid gap-3">
        <li className="flex items-center gap-2">
          <PackagePlusIcon className="size-5 shrink-0" aria-hidden />
          <Link to="/inventory" className={linkClass}>
            {t('start.products')}
          </Link>
        </li>
        <li className="flex items-center gap-2">
          <ReceiptTextIcon className="size-5 shrink-0" aria-hidden />
          <span>{t('start.receipt')}</span>
        </li>
        {can('users:manage') && (
          <li className="flex items-center gap-2">
            <UserPlusIcon className="size-5 shrink-0" aria-hidden />
            <Link to="/users" className={linkClass}>
              {t('start.cashier')}
            </Link>
          </li>
        )}
      </ol>
    </section>
  );
}
