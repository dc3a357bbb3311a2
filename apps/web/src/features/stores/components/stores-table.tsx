import type { Store } from '@duka/shared/stores/stores.schemas';
import { useTranslation } from 'react-i18next';
import { ActiveBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatDate } from '@/lib/format-date';

export function StoresTable({
  stores,
  onEdit,
}: {
  stores: Store[];
  onEdit: (store: Store) => void;
}) {
  const { t } = useTranslation(['stores', 'common']);
  if (stores.length === 0) {
    return <p className="py-6 text-center text-slate-500 dark:text-slate-400">{t('list.empty')}</p>;
  }
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{t('common:fields.name')}</TableHead>
          <TableHead>{t('common:fields.status')}</TableHead>
          <TableHead>{t('common:fields.created')}</TableHead>
          <TableHead className="text-right">{t('common:fields.actions')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {stores.map((store) => (
          <TableRow key={store.id}>
            <TableCell className="font-medium">{store.name}</TableCell>
            <TableCell>
              <ActiveBadge active={store.is_active} />
            </TableCell>
            <TableCell>{formatDate(store.created_at, 'medium')}</TableCell>
            <TableCell className="text-right">
              <Button variant="outline" size="sm" onClick={() => onEdit(store)}>
                {t('common:actions.edit')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
