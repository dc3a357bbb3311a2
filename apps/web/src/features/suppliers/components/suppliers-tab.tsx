import type { Supplier } from '@duka/shared/suppliers/suppliers.schemas';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCan } from '@/lib/use-can';
import { useSuppliers } from '../api/get-suppliers';
import { DeleteSupplierDialog } from './delete-supplier-dialog';
import { SupplierFormDialog } from './supplier-form-dialog';
import { SupplierProductsDialog } from './supplier-products-dialog';
import { SuppliersTable } from './suppliers-table';

/** Spec §2 Inventory page, Suppliers tab: the list, its states and its dialogs. */
export function SuppliersTab() {
  const { t } = useTranslation('suppliers');
  const can = useCan();
  const { data: suppliers = [], isLoading, isError, refetch, isFetching } = useSuppliers();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Supplier | null>(null);
  const [deleting, setDeleting] = useState<Supplier | null>(null);
  const [linking, setLinking] = useState<Supplier | null>(null);

  const openForm = (supplier: Supplier | null) => {
    setEditing(supplier);
    setFormOpen(true);
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-4 space-y-0">
        <CardTitle className="text-lg">{t('title')}</CardTitle>
        <Button onClick={() => openForm(null)}>
          <PlusIcon />
          {t('add')}
        </Button>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <p role="status" className="py-6 text-center text-slate-600 dark:text-slate-400">
            {t('loading')}
          </p>
        ) : isError ? (
          <div role="alert" className="grid justify-items-center gap-3 py-6 text-center">
            <p className="text-red-600 dark:text-red-400">{t('loadFailed')}</p>
            <Button variant="outline" disabled={isFetching} onClick={() => void refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : (
          <SuppliersTable
            suppliers={suppliers}
            canDelete={can('suppliers:delete')}
            onEdit={openForm}
            onDelete={setDeleting}
            onProducts={setLinking}
          />
        )}
      </CardContent>
      <SupplierFormDialog open={formOpen} onOpenChange={setFormOpen} supplier={editing} />
      <DeleteSupplierDialog
        supplier={deleting}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
      />
      <SupplierProductsDialog
        supplier={linking}
        onOpenChange={(open) => {
          if (!open) setLinking(null);
        }}
      />
    </Card>
  );
}
