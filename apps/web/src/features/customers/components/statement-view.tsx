import type {
  AccountEntry,
  Customer,
  CustomerAccount,
} from '@duka/shared/customers/customers.schemas';
import { formatCurrency } from '@duka/shared/money/money';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format-date';
import type { Paper } from '@/lib/thermal-paper';

/** The shop's name and lines (address, phone …) heading a printed statement, as on a receipt. */
export interface StatementShop {
  name: string;
  lines: string[];
}

interface StatementViewProps {
  customer: Pick<Customer, 'name' | 'phone'>;
  account: CustomerAccount;
  paper: Paper;
  shop?: StatementShop;
  /** When it was drawn up (now); a prop so a test can fix it. */
  asOf: string;
  ref?: Ref<HTMLDivElement>;
}

function Row({
  label,
  value,
  strong = false,
}: {
  label: ReactNode;
  value: ReactNode;
  strong?: boolean;
}) {
  return (
    <div className={cn('flex flex-wrap justify-between gap-x-2', strong && 'font-bold')}>
      <dt>{label}</dt>
      <dd className="ml-auto text-right whitespace-nowrap">{value}</dd>
    </div>
  );
}

const rule = 'my-2 border-t border-dashed border-slate-400 dark:border-slate-600';

/**
 * A customer's account statement (issue 21): every credit sale and repayment, oldest first, with
 * the balance after each, then what is owed and the credit limit. Shown in the dialog and printed
 * alone on thermal paper (lib/thermal-print.css) — a slip like the receipt, nothing here is a
 * control. Each entry takes two lines, so it fits 58 mm paper.
 */
export function StatementView({ customer, account, paper, shop, asOf, ref }: StatementViewProps) {
  const { t } = useTranslation('customers');

  const describe = (entry: AccountEntry) =>
    entry.type === 'credit_sale'
      ? entry.sale_id !== null
        ? t('statement.creditSale', { id: entry.sale_id })
        : t('statement.creditSaleNoId')
      : t('statement.repayment', {
          method: t(`repayment.methods.${entry.method === 'mpesa' ? 'mpesa' : 'cash'}`),
        });

  return (
    <div
      ref={ref}
      data-paper={paper}
      data-testid="statement"
      className="rounded-md border border-slate-200 p-4 font-mono text-sm dark:border-slate-700"
    >
      <header className="text-center">
        {shop && (
          <>
            <p className="text-[1.15em] font-bold break-words">{shop.name}</p>
            {shop.lines.map((line) => (
              <p key={line} className="break-words whitespace-pre-line">
                {line}
              </p>
            ))}
          </>
        )}
        <p className="mt-1 font-bold uppercase">{t('statement.heading')}</p>
      </header>
      <hr className={rule} />
      <dl>
        <Row label={t('statement.customer')} value={customer.name} />
        {customer.phone && <Row label={t('statement.phone')} value={customer.phone} />}
        <Row label={t('statement.asOf')} value={formatDate(asOf, 'receipt')} />
      </dl>
      <hr className={rule} />
      {account.entries.length === 0 ? (
        <p>{t('statement.empty')}</p>
      ) : (
        <ol aria-label={t('statement.entries')}>
          {account.entries.map((entry, index) => (
            <li key={index} className="mb-1.5" data-testid="statement-entry">
              <div className="flex flex-wrap justify-between gap-x-2">
                <span className="break-words">{describe(entry)}</span>
                <span className="ml-auto whitespace-nowrap">
                  {entry.type === 'credit_sale' ? '+' : '−'}
                  {formatCurrency(entry.amount)}
                </span>
              </div>
              <div className="flex flex-wrap justify-between gap-x-2 text-[0.9em] text-slate-600 dark:text-slate-400">
                <span className="whitespace-nowrap">
                  {formatDate(entry.created_at, 'receipt')}
                  {entry.mpesa_code ? ` · ${entry.mpesa_code}` : ''}
                </span>
                <span className="ml-auto whitespace-nowrap">
                  {t('statement.balanceAfter', { amount: formatCurrency(entry.balance_after) })}
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
      <hr className={rule} />
      <dl>
        <Row
          label={t('statement.balance')}
          value={<span data-testid="statement-balance">{formatCurrency(account.balance)}</span>}
          strong
        />
        <Row
          label={t('statement.creditLimit')}
          value={
            account.credit_limit === null
              ? t('statement.storeDefault')
              : formatCurrency(account.credit_limit)
          }
        />
      </dl>
    </div>
  );
}
