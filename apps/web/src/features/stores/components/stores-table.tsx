import type { Store } from '@duka/shared/stores/stores.schemas';
import { useTranslation } from 'react-i18next';
import { ActiveBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { formatDate } from '@/lib/format-date';

export function StoresTable({
  stores,
  onEdit,
}: {
  stores: Store[];
  onEdit: (store: Store) => void;
}) {
  const { t } = useTranslation(['stores', 'common']);
  const columns: ResponsiveColumn<Store>[] = [
    {
      id: 'name',
      header: t('common:fields.name'),
      primary: true,
      className: 'font-medium',
      cell: (store) => store.name,
    },
    {
      id: 'status',
      header: t('common:fields.status'),
      cell: (store) => <ActiveBadge active={store.is_active} />,
    },
    {
      id: 'created',
      header: t('common:fields.created'),
      cell: (store) => formatDate(store.created_at, 'medium'),
    },
  ];
  return (
    <ResponsiveTable
      label={t('page.title')}
      actionsHeader={t('common:fields.actions')}
      rows={stores}
      columns={columns}
      rowKey={(store) => store.id}
      empty={
        <p className="py-6 text-center text-slate-600 dark:text-slate-400">{t('list.empty')}</p>
      }
      actions={(store) => (
        <Button variant="outline" size="sm" onClick={() => onEdit(store)}>
          {t('common:actions.edit')}
        </Button>
      )}
    />
  );
}
