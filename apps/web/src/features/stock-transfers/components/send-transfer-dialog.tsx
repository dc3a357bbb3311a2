import { useState } from 'react';
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
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useCreateStockTransfer } from '../api/create-stock-transfer';
import { useDestinationStores } from '../api/get-destination-stores';
import { usePiecesText } from '../hooks/use-pieces-text';
import {
  addProduct,
  canSend,
  emptySendDraft,
  isListed,
  serverErrors,
  totalPieces,
  toPayload,
  validateSend,
  type DraftLine,
  type SendDraft,
  type SendErrors,
  type TransferProduct,
} from '../lib/send-form';
import { SendLineRow } from './send-line-row';
import { TransferProductSearch } from './transfer-product-search';

interface SendTransferDialogProps {
  open: boolean;
  /** The sending store (left out of the destinations). */
  fromStoreId: number | null;
  onOpenChange: (open: boolean) => void;
  onSent: () => void;
}

const INSUFFICIENT_STOCK = /^Insufficient stock for (.+)$/;

/** Issue 25 'Send stock': the destination, the products by search or scan, a note, Send. */
export function SendTransferDialog({
  open,
  fromStoreId,
  onOpenChange,
  onSent,
}: SendTransferDialogProps) {
  const { t } = useTranslation(['transfers', 'common']);
  const piecesText = usePiecesText();
  const [draft, setDraft] = useState<SendDraft>(emptySendDraft);
  const [errors, setErrors] = useState<SendErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const stores = useDestinationStores(fromStoreId, open);
  const createTransfer = useCreateStockTransfer();

  const update = (changes: Partial<SendDraft>) =>
    setDraft((current) => ({ ...current, ...changes }));
  const setLines = (lines: DraftLine[]) => {
    update({ lines });
    // The lines moved: messages by index would land on the wrong line.
    setErrors(({ to_store_id, note }) => ({
      ...(to_store_id ? { to_store_id } : {}),
      ...(note ? { note } : {}),
    }));
  };

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setDraft(emptySendDraft());
      setErrors({});
      setProblem(null);
    }
    onOpenChange(next);
  };

  const handleAdd = (product: TransferProduct) => {
    const lines = addProduct(draft.lines, product);
    if (lines) setLines(lines);
    else toast({ title: t('form.alreadyAdded', { name: product.name }) });
  };

  const handleSubmit = async () => {
    const found = validateSend(draft);
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0 || !canSend(draft)) {
      setProblem(found.items ? translateMessage(found.items) : t('form.fixErrors'));
      return;
    }
    try {
      const transfer = await createTransfer.mutateAsync(toPayload(draft));
      toast({
        title: t('common:toast.success'),
        description: t('form.sent', {
          number: t('number', { id: transfer.id }),
          store: transfer.to_store.name,
        }),
      });
      onSent();
      handleOpenChange(false);
    } catch (error) {
      setErrors(serverErrors(error));
      const short =
        error instanceof ApiRequestError
          ? INSUFFICIENT_STOCK.exec(error.serverMessage ?? '')?.[1]
          : undefined;
      setProblem(
        short
          ? t('form.insufficientStock', { name: short })
          : translateMessage(errorMessage(error, t('form.failed'))),
      );
    }
  };

  const storeList = stores.data ?? [];

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="max-w-3xl p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>{t('form.title')}</DialogTitle>
          <DialogDescription>{t('form.description')}</DialogDescription>
        </DialogHeader>
        <form
          className="grid min-w-0 gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void handleSubmit();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor="transfer-destination">{t('form.destination')}</Label>
            <NativeSelect
              id="transfer-destination"
              value={draft.to_store_id}
              aria-invalid={Boolean(errors.to_store_id)}
              aria-describedby="transfer-destination-error"
              onChange={(event) => update({ to_store_id: event.target.value })}
            >
              <option value="">{t('form.chooseStore')}</option>
              {storeList.map((store) => (
                <option key={store.id} value={store.id}>
                  {store.name}
                </option>
              ))}
            </NativeSelect>
            <FieldError id="transfer-destination-error">
              {errors.to_store_id
                ? translateMessage(errors.to_store_id)
                : stores.isError
                  ? t('form.storesFailed')
                  : stores.isSuccess && storeList.length === 0
                    ? t('form.noStores')
                    : undefined}
            </FieldError>
          </div>
          <TransferProductSearch
            isListed={(productId) => isListed(draft.lines, productId)}
            onAdd={handleAdd}
          />
          <section aria-labelledby="transfer-items-heading" className="grid gap-3">
            <h3 id="transfer-items-heading" className="font-medium">
              {t('form.items')}
            </h3>
            {draft.lines.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">{t('form.noItems')}</p>
            ) : (
              <ul className="grid gap-3" aria-labelledby="transfer-items-heading">
                {draft.lines.map((line, index) => (
                  <SendLineRow
                    key={line.product.id}
                    line={line}
                    index={index}
                    errors={errors}
                    onChange={(next) =>
                      setLines(draft.lines.map((row) => (row === line ? next : row)))
                    }
                    onRemove={() => setLines(draft.lines.filter((row) => row !== line))}
                  />
                ))}
              </ul>
            )}
            <p className="text-right font-semibold" aria-live="polite">
              {t('form.totalPieces', { pieces: piecesText(totalPieces(draft.lines)) })}
            </p>
          </section>
          <div className="grid gap-2">
            <Label htmlFor="transfer-note">{t('form.note')}</Label>
            <Textarea
              id="transfer-note"
              rows={2}
              value={draft.note}
              aria-invalid={Boolean(errors.note)}
              aria-describedby="transfer-note-error"
              onChange={(event) => update({ note: event.target.value })}
            />
            <FieldError id="transfer-note-error">{translateMessage(errors.note)}</FieldError>
          </div>
          {problem && (
            <p
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
            >
              {problem}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => handleOpenChange(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={createTransfer.isPending}>
              {createTransfer.isPending ? t('form.submitting') : t('form.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
