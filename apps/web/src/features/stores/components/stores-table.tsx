import type { Store } from '@duka/shared/stores/stores.schemas';
import { ActiveBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { formatDate } from '@/lib/format-date';

const columns: ResponsiveColumn<Store>[] = [
  { id: 'name', header: 'Name', primary: true, className: 'font-medium', cell: (s) => s.name },
  { id: 'status', header: 'Status', cell: (store) => <ActiveBadge active={store.is_active} /> },
  {
    id: 'created',
    header: 'Created',
    cell: (store) => formatDate(store.created_at, 'MMM d, yyyy'),
  },
];

export function StoresTable({
  stores,
  onEdit,
}: {
  stores: Store[];
  onEdit: (store: Store) => void;
}) {
  return (
    <ResponsiveTable
      label="Stores"
      rows={stores}
      columns={columns}
      rowKey={(store) => store.id}
      empty={<p className="py-6 text-center text-slate-600 dark:text-slate-400">No stores yet.</p>}
      actions={(store) => (
        <Button variant="outline" size="sm" onClick={() => onEdit(store)}>
          Edit
        </Button>
      )}
    />
  );
}
