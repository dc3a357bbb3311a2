import type { DiscountApproval } from '@duka/shared/sales/sales.schemas';
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

interface ManagerApprovalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The store's cap the sale goes beyond. */
  capPercent: number | null;
  /** The server's refusal, already in the reader's language. */
  error: string | null;
  pending: boolean;
  onApprove: (approval: DiscountApproval) => void;
}

/**
 * Issue 20: a manager approves a cashier's discount over the cap at the till with their own
 * email and password; the sale is sent again with them. The password is never kept.
 */
export function ManagerApprovalDialog(props: ManagerApprovalDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>{props.open && <ApprovalForm {...props} />}</DialogContent>
    </Dialog>
  );
}

function ApprovalForm({ capPercent, error, pending, onApprove }: ManagerApprovalDialogProps) {
  const { t } = useTranslation('pos');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The checkout dialog's form must not submit too: this dialog is rendered inside it.
    event.stopPropagation();
    if (email.trim() === '' || password === '' || pending) return;
    onApprove({ email: email.trim(), password });
  };
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{t('approval.title')}</DialogTitle>
        <DialogDescription>
          {capPercent === null
            ? t('approval.descriptionAny')
            : t('approval.description', { percent: capPercent })}
        </DialogDescription>
      </DialogHeader>
      <TextField
        id="approval-email"
        label={t('approval.email')}
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        id="approval-password"
        label={t('approval.password')}
        password
        autoComplete="off"
        value={password}
        error={error ?? undefined}
        onChange={(event) => setPassword(event.target.value)}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('checkout.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending || email.trim() === '' || password === ''}>
          {t('approval.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
