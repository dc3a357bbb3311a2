import type { Supplier } from '@duka/shared/suppliers/suppliers.schemas';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';

interface SuppliersTableProps {
  suppliers: Supplier[];
  /** Deleting a supplier is for managers (PRODUCT.md §1); others see no Delete button. */
  canDelete: boolean;
  onEdit: (supplier: Supplier) => void;
  onDelete: (supplier: Supplier) => void;
  onProducts: (supplier: Supplier) => void;
}

export function SuppliersTable({
  suppliers,
  canDelete,
  onEdit,
  onDelete,
  onProducts,
}: SuppliersTableProps) {
  const { t } = useTranslation(['suppliers', 'common']);
  const columns: ResponsiveColumn<Supplier>[] = [
    {
      id: 'name',
      header: t('fields.name'),
      primary: true,
      className: 'font-medium',
      cell: (supplier) => supplier.name,
    },
    {
      id: 'contact',
      header: t('fields.contactPerson'),
      cell: (supplier) => supplier.contact_person || t('none'),
    },
    { id: 'email', header: t('fields.email'), cell: (supplier) => supplier.email },
    {
      id: 'phone',
      header: t('fields.phone'),
      className: 'whitespace-nowrap',
      cell: (supplier) => supplier.phone,
    },
    {
      id: 'address',
      header: t('fields.address'),
      className: 'whitespace-pre-line',
      cell: (supplier) => supplier.address,
    },
  ];

  return (
    <ResponsiveTable
      label={t('tableLabel')}
      actionsHeader={t('fields.actions')}
      rows={suppliers}
      columns={columns}
      rowKey={(supplier) => supplier.id}
      empty={
        <div className="py-6 text-center">
          <p className="font-medium">{t('empty')}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('emptyHint')}</p>
        </div>
      }
      actions={(supplier) => (
        <>
          <Button
            variant="outline"
            size="sm"
            aria-label={`${t('common:actions.edit')}: ${supplier.name}`}
            onClick={() => onEdit(supplier)}
          >
            {t('common:actions.edit')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={`${t('actions.products')}: ${supplier.name}`}
            onClick={() => onProducts(supplier)}
          >
            {t('actions.products')}
          </Button>
          {canDelete && (
            <Button
              variant="destructive"
              size="sm"
              aria-label={`${t('common:actions.delete')}: ${supplier.name}`}
              onClick={() => onDelete(supplier)}
            >
              {t('common:actions.delete')}
            </Button>
          )}
        </>
      )}
    />
  );
}
