import type { StockTransfer } from '@duka/shared/stock-transfers/stock-transfers.schemas';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format-date';
import { useLineUnit } from '../hooks/use-line-unit';
import { differenceWords } from '../lib/difference';

const cell = 'border-b px-2 py-1 text-left align-top';
const numberCell = `${cell} text-right tabular-nums`;

/**
 * The delivery note of a transfer, on A4: who sends to whom, when, its number, each line (SKU,
 * name, quantity and unit, pieces; once received what arrived and the difference) and the two
 * signature lines. Rendered into <body> but shown only while it prints (lib/delivery-note.css).
 */
export function DeliveryNote({ transfer }: { transfer: StockTransfer }) {
  return createPortal(
    <div className="delivery-note-root" data-testid="delivery-note">
      <DeliveryNoteBody transfer={transfer} />
    </div>,
    document.body,
  );
}

export function DeliveryNoteBody({ transfer }: { transfer: StockTransfer }) {
  const { t } = useTranslation('transfers');
  const unitOf = useLineUnit();
  const received = transfer.status === 'received';
  const difference = (pieces: number) => {
    const words = differenceWords(pieces);
    return words.key === 'short' || words.key === 'over'
      ? t(`difference.${words.key}`, { count: words.count })
      : t(`difference.${words.key}`);
  };

  return (
    <article className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold">{t('note.title')}</h1>
        <p className="text-lg">{t('number', { id: transfer.id })}</p>
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        <dt className="font-semibold">{t('note.number')}</dt>
        <dd>{t('number', { id: transfer.id })}</dd>
        <dt className="font-semibold">{t('note.date')}</dt>
        <dd>{formatDate(transfer.sent_at, 'mediumWithTime')}</dd>
        <dt className="font-semibold">{t('note.from')}</dt>
        <dd>{transfer.from_store.name}</dd>
        <dt className="font-semibold">{t('note.to')}</dt>
        <dd>{transfer.to_store.name}</dd>
        <dt className="font-semibold">{t('note.status')}</dt>
        <dd>{t(`status.${transfer.status}`)}</dd>
        {transfer.note !== '' && (
          <>
            <dt className="font-semibold">{t('fields.note')}</dt>
            <dd className="whitespace-pre-line">{transfer.note}</dd>
          </>
        )}
      </dl>
      <table className="w-full border-collapse">
        <thead>
          <tr>
            <th className={cell}>{t('details.sku')}</th>
            <th className={cell}>{t('details.product')}</th>
            <th className={cell}>{t('details.quantity')}</th>
            <th className={numberCell}>{t('details.pieces')}</th>
            {received && <th className={numberCell}>{t('details.received')}</th>}
            {received && <th className={cell}>{t('details.difference')}</th>}
          </tr>
        </thead>
        <tbody>
          {transfer.items.map((item) => (
            <tr key={item.id}>
              <td className={cell}>{item.sku}</td>
              <td className={cell}>{item.name}</td>
              <td className={cell}>
                {t('quantityOf', { quantity: item.quantity, unit: unitOf(item) })}
              </td>
              <td className={numberCell}>{item.pieces}</td>
              {received && <td className={numberCell}>{item.received_pieces ?? '-'}</td>}
              {received && <td className={cell}>{difference(item.difference_pieces ?? 0)}</td>}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th className={cell} colSpan={3}>
              {t('details.total')}
            </th>
            <td className={numberCell}>{transfer.total_pieces}</td>
            {received && (
              <td className={numberCell}>
                {transfer.total_pieces + transfer.total_difference_pieces}
              </td>
            )}
            {received && <td className={cell}>{difference(transfer.total_difference_pieces)}</td>}
          </tr>
        </tfoot>
      </table>
      <div className="grid grid-cols-2 gap-10 pt-8">
        <Signature title={t('note.sentBy')} name={transfer.sent_by?.name} />
        <Signature title={t('note.receivedBy')} name={transfer.received_by?.name} />
      </div>
    </article>
  );
}

function Signature({ title, name }: { title: string; name: string | undefined }) {
  const { t } = useTranslation('transfers');
  const line = (label: string, value?: string) => (
    <p className="flex items-end gap-2">
      <span className="shrink-0">{label}:</span>
      <span className="min-h-6 flex-1 border-b">{value}</span>
    </p>
  );
  return (
    <section className="grid gap-4">
      <h2 className="font-semibold">{title}</h2>
      {line(t('note.name'), name)}
      {line(t('note.signature'))}
      {line(t('note.dateLine'))}
    </section>
  );
}
