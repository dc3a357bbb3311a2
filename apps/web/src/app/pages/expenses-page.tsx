import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { ExpenseForm } from '@/features/expenses/components/expense-form';
import { ExpensesList } from '@/features/expenses/components/expenses-list';
import { AppPageLoader } from '../layout/app-page-loader';
import { useActingStoreId } from '../use-acting-store-id';

/**
 * Spec §2 Expense Tracker: 'Expense Tracker', 'Manage and track your business expenses', the
 * add-expense form and the list with delete. Signed out, the route guard sends to /auth with
 * 'Authentication Required' (routes.tsx: announceSignIn).
 */
export function ExpensesPage() {
  const { t } = useTranslation('expenses');
  // A super_admin's page waits for a chosen store: every call here is store-scoped.
  if (useActingStoreId() === null) return <AppPageLoader />;
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="grid gap-6">
        <ExpenseForm />
        <ExpensesList />
      </div>
    </>
  );
}
