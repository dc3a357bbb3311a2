import type { Store } from '@duka/shared/stores/stores.schemas';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useStores } from '../api/get-stores';
import { StoreFormDialog } from './store-form-dialog';
import { StoresTable } from './stores-table';

export function StoresManager() {
  const { t } = useTranslation('stores');
  const { data: stores = [], isLoading, error } = useStores();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Store | null>(null);

  const openForm = (store: Store | null) => {
    setEditing(store);
    setFormOpen(true);
  };

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-4 space-y-0">
        <CardTitle className="text-lg">{t('list.title')}</CardTitle>
        <Button onClick={() => openForm(null)}>
          <PlusIcon />
          {t('list.add')}
        </Button>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <p className="py-6 text-center text-slate-600 dark:text-slate-400">{t('list.loading')}</p>
        ) : error ? (
          <p role="alert" className="py-6 text-center text-red-600 dark:text-red-400">
            {translateMessage(errorMessage(error, t('list.loadFailed')))}
          </p>
        ) : (
          <StoresTable stores={stores} onEdit={openForm} />
        )}
      </CardContent>
      <StoreFormDialog open={formOpen} onOpenChange={setFormOpen} store={editing} />
    </Card>
  );
}
