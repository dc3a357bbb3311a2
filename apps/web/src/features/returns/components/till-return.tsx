import { canBeReturned } from '@duka/shared/returns/returnable';
import type { SaleReturn } from '@duka/shared/returns/returns.schemas';
import type { Sale } from '@duka/shared/sales/sales.schemas';
import { useState, type FormEvent } from 'react';
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
import { TextField } from '@/components/ui/text-field';
import { ApiRequestError, errorMessage, isNetworkFailure } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { getSaleForReturn } from '../api/get-sale';
import { parseReceiptNumber } from '../lib/receipt-number';
import { ReturnDialog } from './return-dialog';

export interface TillReturnProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  online: boolean;
  /** The server recorded the return (the page then shows its refund receipt). */
  onReturned: (saleReturn: SaleReturn) => void;
  /** Where focus goes when it closes (the till's search box). */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Return at the till (issue 24): the receipt number typed or scanned (the scanner's Enter
 * finds it), then the same Return items dialog as on /sales for that sale. An exchange is this,
 * then a new sale. Loaded lazily by the till's page, with the returns texts.
 */
export function TillReturn({
  open,
  onOpenChange,
  online,
  onReturned,
  onCloseAutoFocus,
}: TillReturnProps) {
  const [sale, setSale] = useState<Sale | null>(null);
  const close = () => {
    setSale(null);
    onOpenChange(false);
  };
  return (
    <>
      <Dialog open={open && sale === null} onOpenChange={(next) => !next && close()}>
        {open && sale === null && (
          <FindSale
            online={online}
            onFound={setSale}
            onCancel={close}
            onCloseAutoFocus={onCloseAutoFocus}
          />
        )}
      </Dialog>
      <ReturnDialog
        sale={open ? sale : null}
        online={online}
        onOpenChange={(next) => !next && close()}
        onReturned={(saleReturn) => {
          close();
          onReturned(saleReturn);
        }}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </>
  );
}

export default TillReturn;

function FindSale({
  online,
  onFound,
  onCancel,
  onCloseAutoFocus,
}: {
  online: boolean;
  onFound: (sale: Sale) => void;
  onCancel: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation(['returns', 'common']);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [finding, setFinding] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (finding) return;
    if (!online) {
      setError(t('dialog.offline'));
      return;
    }
    const number = parseReceiptNumber(typed);
    if (number.kind === 'invalid') {
      setError(t('till.invalid'));
      return;
    }
    if (number.kind === 'device') {
      setError(t('till.offlineReceipt', { number: number.number }));
      return;
    }
    setError(null);
    setFinding(true);
    try {
      const sale = await getSaleForReturn(number.saleId);
      if (!canBeReturned(sale)) {
        setError(t('till.nothingLeft', { id: sale.id }));
        return;
      }
      onFound(sale);
    } catch (failure) {
      setError(
        failure instanceof ApiRequestError && failure.status === 404
          ? t('till.notFound', { id: number.saleId })
          : isNetworkFailure(failure)
            ? t('dialog.offline')
            : translateMessage(errorMessage(failure, t('till.failed'))),
      );
    } finally {
      setFinding(false);
    }
  };

  return (
    <DialogContent className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>{t('till.title')}</DialogTitle>
        <DialogDescription>{t('till.description')}</DialogDescription>
      </DialogHeader>
      <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          id="till-return-number"
          label={t('till.number')}
          autoFocus
          autoComplete="off"
          spellCheck={false}
          placeholder="#1024"
          className="font-mono"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(null);
          }}
          error={error ?? undefined}
        />
        <DialogFooter className="gap-2">
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={finding}>
            {finding ? t('till.finding') : t('till.find')}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
