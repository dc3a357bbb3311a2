import type { Customer } from '@duka/shared/customers/customers.schemas';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/use-toast';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useCreateCustomer } from '../api/create-customer';
import { localCustomerId } from '../lib/device-products';
import { focusTillSearch } from '../lib/till-focus';

interface AddCustomerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: (customer: Customer) => void;
}

/** PRODUCT.md §4b: the cashier adds a customer (name, phone) from the till's selector. */
export function AddCustomerDialog({ open, onOpenChange, onAdded }: AddCustomerDialogProps) {
  const { t } = useTranslation('pos');
  const { toast } = useToast();
  const createCustomer = useCreateCustomer();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      const customer = await createCustomer.mutateAsync({ name, phone });
      // Issue 22: with no connection the customer is kept on the device until it is back.
      toast({ title: t(localCustomerId(customer) ? 'customer.addedOffline' : 'customer.added') });
      setName('');
      setPhone('');
      onAdded(customer);
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiRequestError && error.errors.length > 0) {
        setErrors(
          Object.fromEntries(
            error.errors.map((field) => [field.path, translateMessage(field.message)]),
          ),
        );
        return;
      }
      toast({
        variant: 'destructive',
        title: t('customer.addFailed'),
        description: translateMessage(errorMessage(error, t('customer.addFailed'))),
      });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={focusTillSearch}>
        <form onSubmit={(event) => void handleSubmit(event)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('customer.addTitle')}</DialogTitle>
            <DialogDescription>{t('customer.addDescription')}</DialogDescription>
          </DialogHeader>
          <TextField
            id="pos-customer-name"
            label={t('customer.name')}
            value={name}
            autoComplete="off"
            required
            error={errors.name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            id="pos-customer-phone"
            label={t('customer.phone')}
            type="tel"
            inputMode="tel"
            value={phone}
            required
            error={errors.phone}
            onChange={(event) => setPhone(event.target.value)}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('customer.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={createCustomer.isPending}>
              {t('customer.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
