import { zodResolver } from '@hookform/resolvers/zod';
import {
  EXPENSE_CATEGORIES,
  EXPENSE_PAYMENT_METHODS,
} from '@duka/shared/expenses/expenses.schemas';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/failure-toast';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';
import { useCreateExpense } from '../api/create-expense';
import {
  EXPENSE_FORM_FIELDS,
  emptyExpenseForm,
  expenseFormSchema,
  expenseRequestBody,
  isSignedOut,
  type ExpenseFormOutput,
  type ExpenseFormValues,
} from '../lib/expense-form';

/**
 * Spec §2 / §5 Expense: description, amount, category (default Other), date (default today in
 * Nairobi) and payment method (default Cash), checked by the server's own schema; the spec's
 * toasts (§8).
 */
export function ExpenseForm() {
  const { t } = useTranslation(['expenses', 'common']);
  const createExpense = useCreateExpense();
  const { register, reset, handleSubmit, setError, formState } = useForm<
    ExpenseFormValues,
    unknown,
    ExpenseFormOutput
  >({ resolver: zodResolver(expenseFormSchema), defaultValues: emptyExpenseForm() });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createExpense.mutateAsync(expenseRequestBody(values));
      toast({ title: t('common:toast.success'), description: t('toast.added') });
      reset(emptyExpenseForm());
    } catch (error) {
      if (isSignedOut(error)) {
        toast({
          variant: 'destructive',
          title: t('common:toast.error'),
          description: t('toast.signedOut'),
        });
        return;
      }
      applyServerFieldErrors(error, setError, EXPENSE_FORM_FIELDS);
      toastFailure(error, t('toast.addFailed'));
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('form.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-label={t('form.title')}
        >
          <div className="sm:col-span-2 lg:col-span-3">
            <TextField
              id="expense-description"
              label={t('form.description')}
              placeholder={t('form.descriptionPlaceholder')}
              autoComplete="off"
              error={translateMessage(errors.description?.message)}
              {...register('description')}
            />
          </div>
          <TextField
            id="expense-amount"
            label={t('form.amount')}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            error={translateMessage(errors.amount?.message)}
            {...register('amount')}
          />
          <div className="grid gap-2">
            <Label htmlFor="expense-category">{t('form.category')}</Label>
            <NativeSelect
              id="expense-category"
              aria-invalid={Boolean(errors.category)}
              aria-describedby="expense-category-error"
              {...register('category')}
            >
              {EXPENSE_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`categories.${category}`)}
                </option>
              ))}
            </NativeSelect>
            <FieldError id="expense-category-error">
              {translateMessage(errors.category?.message)}
            </FieldError>
          </div>
          <TextField
            id="expense-date"
            label={t('form.date')}
            type="date"
            min="1900-01-01"
            error={translateMessage(errors.date?.message)}
            {...register('date')}
          />
          <div className="grid gap-2">
            <Label htmlFor="expense-payment-method">{t('form.paymentMethod')}</Label>
            <NativeSelect
              id="expense-payment-method"
              aria-invalid={Boolean(errors.payment_method)}
              aria-describedby="expense-payment-method-error"
              {...register('payment_method')}
            >
              {EXPENSE_PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {t(`paymentMethods.${method}`)}
                </option>
              ))}
            </NativeSelect>
            <FieldError id="expense-payment-method-error">
              {translateMessage(errors.payment_method?.message)}
            </FieldError>
          </div>
          <div className="flex items-end sm:col-span-2 lg:col-span-1">
            <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? t('form.saving') : t('form.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
