import type { Store } from '@duka/shared/stores/stores.schemas';
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
  if (stores.length === 0) {
    return <p className="py-6 text-center text-slate-500 dark:text-slate-400">No stores yet.</p>;
  }
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Created</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {stores.map((store) => (
          <TableRow key={store.id}>
            <TableCell className="font-medium">{store.name}</TableCell>
            <TableCell>
              <ActiveBadge active={store.is_active} />
            </TableCell>
            <TableCell>{formatDate(store.created_at, 'MMM d, yyyy')}</TableCell>
            <TableCell className="text-right">
              <Button variant="outline" size="sm" onClick={() => onEdit(store)}>
                Edit
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
