import type { Customer } from '@duka/shared/customers/customers.schemas';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { TextField } from '@/components/ui/text-field';
import { ApiRequestError } from '@/lib/api-client';
import { toastFailure } from '@/lib/failure-toast';
import { translateMessage } from '@/lib/i18n';
import { handedOff, openInNewTab, openSmsApp } from '@/lib/open-link';
import { isPaper, PAPERS, usePaper, type Paper } from '@/lib/thermal-paper';
import { usePaperPrint } from '@/lib/thermal-print';
import { useCustomerAccount, useSendStatement, type StatementChannel } from '../api/account';
import { StatementView, type StatementShop } from './statement-view';

interface StatementDialogProps {
  /** The customer whose statement shows; the dialog is open while it is not null. */
  customer: Customer | null;
  onOpenChange: (open: boolean) => void;
  /** The shop's header for the printed statement (the receipt's, composed in by the page). */
  shop?: StatementShop;
  /** Opens Record repayment for this customer (while they owe). */
  onRepay?: (customer: Customer) => void;
  /** Send reminder by WhatsApp / SMS (customers:send-statement). */
  canSend?: boolean;
}

/**
 * Account statement (issue 21): the customer's credit sales and repayments with the running
 * balance (GET /customers/{id}/account); Print on 58/80 mm thermal paper, as the receipt; Send
 * reminder by WhatsApp or SMS opens the link the server writes (POST
 * /customers/{id}/statement/{channel}), asking for a number when the customer has none.
 */
export function StatementDialog({
  customer,
  onOpenChange,
  shop,
  onRepay,
  canSend = true,
}: StatementDialogProps) {
  return (
    <Dialog open={customer !== null} onOpenChange={onOpenChange}>
      {customer && (
        <StatementDialogBody
          key={customer.id}
          customer={customer}
          shop={shop}
          onClose={() => onOpenChange(false)}
          onRepay={onRepay}
          canSend={canSend}
        />
      )}
    </Dialog>
  );
}

/** The server's 400 on `phone`: no number to send to, or the typed one is not valid. */
function phoneError(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return null;
  const field = error.errors.find((item) => item.path.split(/[./]/).pop() === 'phone');
  return field ? field.message : null;
}

function StatementDialogBody({
  customer,
  shop,
  onClose,
  onRepay,
  canSend,
}: {
  customer: Customer;
  shop?: StatementShop;
  onClose: () => void;
  onRepay?: (customer: Customer) => void;
  canSend: boolean;
}) {
  const { t } = useTranslation(['customers', 'common']);
  const account = useCustomerAccount(customer.id);
  const send = useSendStatement();
  const [paper, setPaper] = usePaper();
  const [asOf] = useState(() => new Date().toISOString());
  const slipRef = useRef<HTMLDivElement>(null);
  const print = usePaperPrint(slipRef, `Statement_${customer.id}`, paper);
  const [askingFor, setAskingFor] = useState<StatementChannel | null>(null);
  const [phone, setPhone] = useState('');
  const [phoneMessage, setPhoneMessage] = useState<string | null>(null);
  const [smsUnavailable, setSmsUnavailable] = useState(false);
  const ready = account.data !== undefined;

  const sendBy = async (channel: StatementChannel, typed?: string) => {
    setSmsUnavailable(false);
    try {
      const result = await send.mutateAsync({ customerId: customer.id, channel, phone: typed });
      setAskingFor(null);
      setPhoneMessage(null);
      if (channel === 'whatsapp') openInNewTab(result.link);
      else {
        const watching = handedOff();
        openSmsApp(result.link);
        if (!(await watching)) setSmsUnavailable(true);
      }
    } catch (error) {
      const message = phoneError(error);
      if (message !== null) {
        setAskingFor(channel);
        // No number yet: the prompt explains; a typed number the server refused: its message.
        setPhoneMessage(typed ? translateMessage(message) : null);
        return;
      }
      toastFailure(error, t('statement.sendFailed'));
    }
  };

  const start = (channel: StatementChannel) => {
    setSmsUnavailable(false);
    if (customer.phone) void sendBy(channel);
    else {
      setPhoneMessage(null);
      setAskingFor(channel);
    }
  };

  const balance = account.data?.balance ?? customer.balance;

  return (
    <DialogContent data-receipt-dialog className="max-h-[90vh] overflow-y-auto sm:max-w-md">
      <DialogHeader>
        <DialogTitle>{t('statement.title', { name: customer.name })}</DialogTitle>
        <DialogDescription>{t('statement.description')}</DialogDescription>
      </DialogHeader>
      {ready ? (
        <StatementView
          ref={slipRef}
          customer={customer}
          account={account.data}
          paper={paper}
          shop={shop}
          asOf={asOf}
        />
      ) : account.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p>{t('statement.loadFailed')}</p>
          <Button variant="outline" onClick={() => void account.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {t('statement.loading')}
        </p>
      )}
      {ready && (
        <div className="grid gap-1">
          <Label htmlFor="statement-paper">{t('statement.paper')}</Label>
          <NativeSelect
            id="statement-paper"
            className="w-32"
            value={paper}
            onChange={(event) => {
              if (isPaper(event.target.value)) setPaper(event.target.value);
            }}
          >
            {(Object.keys(PAPERS) as Paper[]).map((option) => (
              <option key={option} value={option}>
                {t('statement.paperWidth', { mm: PAPERS[option].paperMm })}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      {askingFor && (
        <form
          className="grid gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
          onSubmit={(event) => {
            event.preventDefault();
            if (phone.trim()) void sendBy(askingFor, phone.trim());
          }}
        >
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('statement.phoneHint')}</p>
          <TextField
            id="statement-phone"
            label={t('statement.phoneLabel')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            autoFocus
            placeholder="0712 345 678"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            error={phoneMessage ?? undefined}
            required
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setAskingFor(null);
                setPhoneMessage(null);
              }}
            >
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={send.isPending || !phone.trim()}>
              {`${t('statement.send')} · ${t(`statement.channels.${askingFor}`)}`}
            </Button>
          </div>
        </form>
      )}
      {smsUnavailable && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('statement.smsUnavailable')}
        </p>
      )}
      <DialogFooter className="flex-wrap">
        {onRepay && balance > 0 && (
          <Button variant="outline" onClick={() => onRepay(customer)}>
            {t('actions.repay')}
          </Button>
        )}
        <Button onClick={print} disabled={!ready}>
          {t('statement.print')}
        </Button>
        {canSend && (
          <>
            <Button
              variant="outline"
              onClick={() => start('whatsapp')}
              disabled={!ready || send.isPending}
            >
              {t('statement.whatsapp')}
            </Button>
            <Button
              variant="outline"
              onClick={() => start('sms')}
              disabled={!ready || send.isPending}
            >
              {t('statement.sms')}
            </Button>
          </>
        )}
        <Button variant="outline" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
