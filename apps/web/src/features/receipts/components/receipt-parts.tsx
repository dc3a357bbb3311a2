import type { ReceiptSettings } from '@duka/shared/receipt-settings/receipt-settings.schemas';
import { StoreIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/**
 * What every slip of the store shares (PRODUCT.md §4b): the header from its receipt settings, a
 * label-and-value row, the dashed rule. The sale's receipt and the refund receipt (issue 24)
 * are both made of them, so they print alike.
 */
export function Row({
  label,
  value,
  strong = false,
  amount = false,
}: {
  label: ReactNode;
  value: ReactNode;
  strong?: boolean;
  /** Amounts never wrap between 'KSh' and the number, even on 58 mm paper. */
  amount?: boolean;
}) {
  return (
    <div className={cn('flex justify-between gap-2', strong && 'font-bold')}>
      <dt>{label}</dt>
      <dd className={cn('text-right', amount ? 'whitespace-nowrap' : 'min-w-0 break-words')}>
        {value}
      </dd>
    </div>
  );
}

export const rule = 'my-2 border-t border-dashed border-slate-400 dark:border-slate-600';

/**
 * The store's name, address and numbers, as its receipt settings give them. Issue 26: the KRA PIN
 * the store is registered with for eTIMS (the invoice's), when it has one, stands for the one
 * typed in the receipt settings.
 */
export function ReceiptHeader({
  settings,
  kraPin,
}: {
  settings: ReceiptSettings;
  kraPin?: string | null;
}) {
  const { t } = useTranslation('receipts');
  const pin = kraPin || settings.kra_pin;
  const header = [
    settings.address,
    settings.phone && t('receipt.tel', { phone: settings.phone }),
    settings.email,
    settings.website,
    pin && t('receipt.kraPin', { pin }),
    settings.mpesa_till && t('receipt.mpesaTill', { till: settings.mpesa_till }),
  ].filter(Boolean);
  return (
    <header className="text-center">
      {settings.show_logo && (
        <StoreIcon aria-hidden className="mx-auto mb-1 size-8" data-testid="receipt-logo" />
      )}
      <p className="text-[1.15em] font-bold">{settings.business_name}</p>
      {header.map((line) => (
        <p key={line} className="break-words whitespace-pre-line">
          {line}
        </p>
      ))}
    </header>
  );
}
