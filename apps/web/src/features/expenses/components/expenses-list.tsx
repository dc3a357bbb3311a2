import type { Expense } from '@duka/shared/expenses/expenses.schemas';
import { formatCurrency, centsToDecimal, toCents } from '@duka/shared/money/money';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { PageLoader } from '@/components/ui/page-loader';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/failure-toast';
import { formatDate } from '@/lib/format-date';
import { useDeleteExpense } from '../api/delete-expense';
import { useExpenses } from '../api/get-expenses';
import { isSignedOut } from '../lib/expense-form';

/** The exact sum of the listed amounts, in cents (never a sum of floats). */
export function totalCents(expenses: readonly Expense[]): number {
  return expenses.reduce((sum, expense) => sum + (toCents(expense.amount) ?? 0), 0);
}

/** Spec §2: the expense list with delete (confirmed first), newest day first, and its total. */
export function ExpensesList() {
  const { t } = useTranslation(['expenses', 'common']);
  const expenses = useExpenses();
  const deleteExpense = useDeleteExpense();
  const [deleting, setDeleting] = useState<Expense | null>(null);

  const handleDelete = async (expense: Expense) => {
    try {
      await deleteExpense.mutateAsync(expense.id);
      toast({ title: t('common:toast.success'), description: t('toast.deleted') });
    } catch (error) {
      if (isSignedOut(error)) {
        toast({
          variant: 'destructive',
          title: t('common:toast.error'),
          description: t('toast.signedOut'),
        });
        return;
      }
      toastFailure(error, t('toast.deleteFailed'));
    }
  };

  const columns: ResponsiveColumn<Expense>[] = [
    {
      id: 'description',
      header: t('list.description'),
      cell: (expense) => <span className="font-medium">{expense.description}</span>,
      primary: true,
    },
    {
      id: 'date',
      header: t('list.date'),
      cell: (expense) => formatDate(expense.date, 'medium'),
      className: 'whitespace-nowrap',
    },
    {
      id: 'category',
      header: t('list.category'),
      cell: (expense) => t(`categories.${expense.category}`),
    },
    {
      id: 'payment_method',
      header: t('list.paymentMethod'),
      cell: (expense) => t(`paymentMethods.${expense.payment_method}`),
    },
    {
      id: 'amount',
      header: t('list.amount'),
      cell: (expense) => formatCurrency(expense.amount),
      className: 'text-right whitespace-nowrap tabular-nums',
    },
  ];

  const rows = expenses.data ?? [];
  const total = centsToDecimal(totalCents(rows));

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-baseline justify-between gap-2">
        <CardTitle>{t('list.title')}</CardTitle>
        {expenses.data && (
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="expenses-total">
            {t('list.count', { count: rows.length })} · {t('list.total')}:{' '}
            <span className="font-semibold tabular-nums text-slate-900 dark:text-slate-50">
              {formatCurrency(total)}
            </span>
          </p>
        )}
      </CardHeader>
      <CardContent>
        {expenses.isPending ? (
          <PageLoader label={t('list.loading')} />
        ) : expenses.isError ? (
          <div className="grid justify-items-center gap-3 py-8 text-center" role="alert">
            <p>{t('list.loadFailed')}</p>
            <Button variant="outline" onClick={() => void expenses.refetch()}>
              {t('list.retry')}
            </Button>
          </div>
        ) : (
          <ResponsiveTable
            rows={rows}
            columns={columns}
            rowKey={(expense) => expense.id}
            label={t('list.label')}
            actionsHeader={t('list.actions')}
            empty={
              <p className="py-8 text-center text-slate-600 dark:text-slate-300">
                {t('list.empty')}
              </p>
            }
            actions={(expense) => (
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('list.deleteLabel', { description: expense.description })}
                onClick={() => setDeleting(expense)}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                <span>{t('list.delete')}</span>
              </Button>
            )}
          />
        )}
      </CardContent>
      <ConfirmDeleteDialog
        name={deleting?.description ?? null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('delete.title')}
        question={t('delete.question')}
        onConfirm={() => {
          if (deleting) void handleDelete(deleting);
        }}
      />
    </Card>
  );
}
